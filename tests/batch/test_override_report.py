"""grader.batch.override_report: the class report lists every override; the student's page says so first."""

from __future__ import annotations

import json

from grader.batch import overrides
from grader.batch.class_report import from_gradebook
from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Outcome

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def graded(student: str, flops: float) -> Outcome:
    tasks = [{"id": "flops", "title": "FLOPs", "score": flops, "max_score": 2.0, "status": "failed",
              "checks": [{"name": "counts", "passed": flops == 2.0, "weight": 1.0}]},
             {"id": "mask", "title": "the mask", "score": 3.0, "max_score": 3.0, "status": "passed",
              "checks": [{"name": "shape", "passed": True, "weight": 1.0}]}]
    report = {"lesson": "prefill", "title": "Prefill", "submission": f"{student}.py", "score": flops + 3.0,
              "max_score": 5.0, "tasks": tasks}
    return Outcome(student, "graded", report=report, student_report=json.dumps(report), seconds=0.1)


def test_the_class_report_lists_overrides_and_the_students_page_opens_with_them(tmp_path):
    path = tmp_path / "gb.sqlite"
    with Gradebook(path) as book:
        book.set_lesson("prefill", "Prefill", "v1", TASKS)
        book.record("prefill", "v1", "alice.py", "h1", graded("alice", 0.0))
        book.record("prefill", "v1", "bob.py", "h2", graded("bob", 2.0))
        overrides.set_override(book, "prefill", "alice", "flops", 1.5, "<b>appeal</b>: the factor is there", by="ta")
    from_gradebook(path, tmp_path / "class.html", reports=tmp_path / "pages")
    page = (tmp_path / "class.html").read_text()
    part = page.split('id="overrides"')[1].split("</table>")[0]
    assert part.count('<tr class="override">') == 1
    assert 'href="pages/alice.html">alice</a>' in part and "<code>flops</code>" in part
    assert "&lt;b&gt;appeal&lt;/b&gt;: the factor is there" in part and "<b>appeal" not in part
    assert '<td class="number">1.50</td><td class="number">0</td><td>ta</td>' in part  # set, computed, by
    alice = (tmp_path / "pages" / "alice.html").read_text()
    banner = alice.split('<section class="overrides" id="overrides">')[1].split("</section>")[0]
    assert "Your final total is <b>4.50 / 5</b>" in banner and "1.50 (the checks gave 0), set by ta" in banner
    assert 'id="overrides"' not in (tmp_path / "pages" / "bob.html").read_text()


def test_no_override_no_part(tmp_path):
    path = tmp_path / "gb.sqlite"
    with Gradebook(path) as book:
        book.set_lesson("prefill", "Prefill", "v1", TASKS)
        book.record("prefill", "v1", "bob.py", "h2", graded("bob", 2.0))
    from_gradebook(path, tmp_path / "class.html")
    assert 'id="overrides"' not in (tmp_path / "class.html").read_text()
