"""The class report for the Monday after a deadline: who needs help, each task's distribution, every example
reachable, links to each student's report, the item analysis of every check, sections, missing and late.

Checked on hand-made classes whose every figure is computed here by hand (a point-biserial
correlation included), with rows that do and do not carry a roster's and a late policy's fields,
on a gradebook written by hand with hostile names (the links and the students' pages), with
Hypothesis on the correlation, and in headless Chromium on a realistic class graded for real.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import statistics
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import pytest
import untested
from batch.test_class_report import HOSTILE, RAW, TEXT, Page, table_rows
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.batch.class_report import from_gradebook, render
from grader.batch.gradebook import Gradebook, Row
from grader.batch.item_analysis import analyse, correlation
from grader.batch.jobs import Outcome
from grader.batch.late import Mark, Policy
from grader.batch.needs_help import BUCKETS, needs_help
from grader.batch.roster import parse
from grader.batch.summary import summarize
from grader.result.text import shown

from browser import chromium, dump_dom

needs_chromium = untested.skip_unless(chromium() is not None, untested.CHROMIUM,
                                      "the class report is not opened in a browser")
TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 2.0)]


def check(name: str, passed: bool, message: str = "", weight: float = 1.0, code: str | None = None,
          timed_out: bool = False) -> dict:
    found = {"name": name, "passed": passed, "message": message, "weight": weight, "description": "",
             "visibility": "visible", "diagnosis": {"code": code, "hint": f"{code}. More."} if code else None}
    return {**found, "timed_out": True} if timed_out else found  # a flag, as Report.to_dict writes it


def task(task_id: str, checks: list[dict], feedback: str = "") -> dict:
    score = sum(2.0 * c["weight"] for c in checks if c["passed"]) / sum(c["weight"] for c in checks)
    codes = list(dict.fromkeys(c["diagnosis"]["code"] for c in checks if c["diagnosis"] and not c["passed"]))
    return {"id": task_id, "title": task_id, "score": score, "max_score": 2.0,
            "status": "passed" if score == 2 else "partial" if score else "failed", "feedback": feedback,
            "diagnoses": [{"code": c, "hint": f"{c}. More."} for c in codes], "checks": checks}


def student(flops: tuple[bool, bool], mask: tuple[bool, bool], codes=(), timeout: bool = False) -> dict:
    """A report: two checks per task; ``codes`` label the failing checks in order; a timeout fails mask's last."""
    labels = iter(codes)
    flops_checks = [check(f"f{i}", ok, "", code=None if ok else next(labels, None)) for i, ok in enumerate(flops)]
    message = "causal_mask(4096) did not return within 2 s (an endless loop, or far too much work?)"
    mask_checks = [check(f"m{i}", ok, message if timeout and i == 1 else "", code=None if ok else next(labels, None),
                         timed_out=timeout and i == 1) for i, ok in enumerate(mask)]
    tasks = [task("flops", flops_checks), task("mask", mask_checks)]
    return {"score": sum(t["score"] for t in tasks), "max_score": 4.0, "tasks": tasks}


STUB = {"score": 0.0, "max_score": 4.0, "tasks": [  # not_started: the flag Report.to_dict writes for a stub
    {**task(t, [check(f"{t[0]}0", False, "returned None"), check(f"{t[0]}1", False, "returned None")],
            f"not implemented yet: {t} still has only `pass` in its body"), "not_started": True}
    for t in ("flops", "mask")]}
HAND = {  # five students: s4 untouched, s1 holds three misconceptions, s2 hangs on the mask; m1 is "broken"
    "s0": student((True, True), (True, False)),
    "s1": student((False, False), (True, True), codes=("flops.half", "flops.sign")),
    "s2": student((True, False), (False, True), codes=("flops.half", "mask.diagonal"), timeout=False),
    "s3": student((True, True), (False, True), codes=("mask.diagonal",), timeout=False),
    "s4": STUB,
}
HAND["s2"] = student((True, False), (True, False), codes=("flops.half",), timeout=True)


def summary_of(reports: dict, rows=None):
    rows = rows or [Row(name, "graded", r["score"], 4.0, "", {t["id"]: t["score"] for t in r["tasks"]})
                    for name, r in reports.items()]
    return summarize("prefill", TASKS, rows, reports=list(reports.items()), title="Prefill")


def test_who_needs_help_names_the_lowest_the_untouched_the_several_misconceptions_and_the_timeouts():
    summary = summary_of(HAND)
    found = needs_help(summary.view)
    # totals: s0 3, s1 2, s2 2, s3 3, s4 0; median 2: only those below it are "lowest"
    assert found.lowest == [("s4", 0.0)]
    assert found.untouched == ["s4"]
    assert found.several == [("s1", (("flops", "flops.half"), ("flops", "flops.sign")))]
    assert found.timeouts == [("s2", ("mask",))]
    hung = Row("s9", "error", None, None, "grading did not finish within 65 s; the grading process was stopped", {})
    assert needs_help(summary_of(HAND, [*summary.view.standings, hung]).view).timeouts[-1] == \
        ("s9", ("the whole grading",))  # a failed row whose grading ran out of time: no report, still named
    page = Page(render(summary))
    assert page.text_of["help-lowest"] == "The 1 lowest totals (below the median) s4 0"
    assert page.text_of["help-untouched"] == "Untouched: every task still the stub (1) s4"
    assert page.text_of["help-several"] == "Several misconceptions (1) s1 2: flops.half, flops.sign"
    assert page.text_of["help-timeouts"] == "Timeouts and hangs (1) s2 mask"


def test_each_task_shows_its_whole_distribution_partial_credit_included():
    markup = render(summary_of(HAND))
    rows = table_rows(markup, "distributions")
    # flops: s0 2, s1 0, s2 1, s3 2, s4 0 -> 2 at nothing, 1 at "½ to ¾" (a half), 2 full
    assert rows[0] == ["flops", "", "2", "0", "0", "1", "0", "2"]
    assert rows[1] == ["mask", "", "1", "0", "0", "3", "0", "1"]
    assert Page(markup).having("div", "stack")[0]["aria-label"] == "2 at 0, 1 at ½ to ¾, 2 at full"
    assert len(BUCKETS) == 6


def test_the_item_analysis_matches_a_hand_computed_point_biserial_and_flags_a_broken_check():
    items = {(i.task, i.check): i for i in analyse(summary_of(HAND).view)}
    m1 = items[("mask", "m1")]  # passed by s1, s3 (rest 1 and 2), failed by s0, s2, s4 (rest 3, 2, 0)
    passes, rests = [0, 1, 0, 1, 0], [3.0, 1.0, 2.0, 2.0, 0.0]
    assert (m1.students, m1.passed, m1.difficulty) == (5, 2, 0.4)
    assert m1.discrimination == pytest.approx(statistics.correlation(passes, rests))
    f0 = items[("flops", "f0")]  # everyone but s1 and the stub passes it: rests 2, 2, 1, 2, 0
    assert f0.discrimination == pytest.approx(statistics.correlation([1, 0, 1, 1, 0], [2, 2, 1, 2, 0]))
    assert f0.discrimination > 0 and not f0.flagged
    broken = dict(HAND)  # a check only the weakest pass: strong students fail it
    broken["s4"] = student((False, False), (False, False))
    broken["s4"]["tasks"][1]["checks"].append(check("inverted", True))
    for name in ("s0", "s1", "s2", "s3"):
        broken[name]["tasks"][1]["checks"].append(check("inverted", False))
    summary = summary_of(broken)
    markup = render(summary)
    flagged = [row[:2] for row in table_rows(markup, "items") if row[1].endswith(" check it")]
    assert flagged == [[i.task, f"{i.check} check it"] for i in analyse(summary.view) if i.discrimination < 0]
    assert [row[:2] for row in table_rows(markup, "flagged")] == flagged  # in view, not only in the folded table
    inverted = next(row for row in table_rows(markup, "items") if row[1].startswith("inverted"))
    assert inverted[1:4] == ["inverted check it", "5", "20%"] and float(inverted[4]) < -0.5  # only the stub passes
    said = re.sub(r"<[^>]+>", "", markup)  # each figure explained in a sentence on the page
    assert "Difficulty is the share" in said and "Discrimination is the correlation (point-biserial)" in said
    assert "flagged when its discrimination is below zero" in said


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.floats(-100, 100, allow_nan=False)), min_size=0, max_size=30))
def test_correlation_is_pearsons_r_or_none_when_undefined(pairs):
    xs, ys = [float(x) for x, _ in pairs], [y for _, y in pairs]
    r = correlation(xs, ys)
    if r is None:
        assert len(pairs) < 2 or len(set(xs)) < 2 or max(ys) - min(ys) < 1e-5
    else:
        assert -1.0 <= r <= 1.0 and math.isfinite(r)
        assert r == pytest.approx(statistics.correlation(xs, ys), abs=1e-6)


def test_every_example_student_is_reachable_without_a_script():
    reports = {f"s{i:02d}": student((False, True), (True, True), codes=("flops.half",)) for i in range(12)}
    markup = render(summary_of(reports))
    row = re.search(r'<tr class="misconception">(.*?)</tr>', markup, re.S)[1]
    assert re.findall(r"<li>(.*?)</li>", row) == sorted(reports)  # all twelve: five shown, seven in <details>
    assert "<details" in row and "<summary>and 7 more</summary>" in row
    assert not Page(markup).having("script")


@dataclass(frozen=True)
class RosterRow(Row):
    """A row as a roster and a late policy will carry it (grader.batch.class_view.RowLike)."""

    section: str | None = None
    missing: bool | None = None
    late: float | bool | None = None
    penalty: float | None = None


def test_sections_missing_and_late_are_shown_when_rows_carry_them_and_explained_when_not():
    plain = Page(render(summary_of(HAND)))
    assert plain.text_of["sections"].startswith("Needs a roster")
    assert plain.text_of["missing"].startswith("Needs a roster") and plain.text_of["late"].startswith("Needs a late")
    rows = [RosterRow(name, "graded", r["score"], 4.0, "", {t["id"]: t["score"] for t in r["tasks"]},
                      section="A" if name in ("s0", "s1") else "B<script>", late=5.5 if name == "s3" else False,
                      penalty=0.5 if name == "s3" else None) for name, r in HAND.items()]
    rows.append(RosterRow("absent", "missing", None, None, "", {}, section="A", missing=True))
    markup = render(summary_of(HAND, rows))
    page = Page(markup)
    assert table_rows(markup, "sections") == [["A", "3", "2", "1", "2.50", "2.50", "1", "1.50"],
                                              ["B<script>", "3", "3", "0", "1.67", "2", "1", "0.67"]]
    assert "<script>" not in markup
    assert page.text_of["missing"] == "1 on the roster handed in nothing:"
    assert page.text_of["late"] == "1 handed in late:" and "5.5 h late, −0.5" in " ".join(page.texts)
    assert "absent" not in page.text_of.get("problems", "")  # missing is not "failed"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(TEXT, TEXT, st.sampled_from(["graded", "missing", "rejected"]),
                          st.one_of(st.none(), st.booleans(), st.floats(0, 1e6))), min_size=1, max_size=6,
                unique_by=lambda row: row[0]))
def test_any_names_and_sections_stay_inert_text_in_every_new_part(drawn):
    def page_of(plain: bool):
        rows, reports = [], {}
        for i, (name, section, status, late) in enumerate(drawn):
            if plain:  # the same class with plain texts (an empty section stays empty: no roster); sections are
                # grouped as shown, so two that show alike (lone surrogates, each shown as U+FFFD) are one here too
                seen = sorted({shown(d[1], lines=False, limit=80) for d in drawn})
                name, section = f"student{i}", section and f"section{seen.index(shown(section, lines=False, limit=80))}"
            report = HAND[f"s{i % 5}"]
            rows.append(RosterRow(name, status, report["score"] if status == "graded" else None, 4.0, "r",
                                  {t["id"]: t["score"] for t in report["tasks"]} if status == "graded" else {},
                                  section=section, missing=status == "missing", late=late, penalty=0.5))
            if status == "graded":
                reports[name] = report
        return render(summarize("prefill", TASKS, rows, reports=list(reports.items()), title="t"))

    markup = page_of(False)
    markup.encode("utf-8")
    assert not RAW.search(markup) and "<script>" not in markup.split("</style>", 1)[1]
    tags = [(t, a) for t, a in Page(markup).tags if t != "a"]
    assert [t for t, _ in tags] == [t for t, a in Page(page_of(True)).tags if t != "a"]  # no text became a tag


def write_book(path: Path, names) -> None:
    with Gradebook(path) as book:
        book.set_lesson("prefill", "Prefill", "v1", TASKS)
        for i, name in enumerate(names):
            report = student((True, bool(i % 2)), (True, True)) if i else STUB
            mine = dict(report, lesson="prefill", title="Prefill", submission=name, format_version=1)
            book.record("prefill", "v1", name, f"h{i}", Outcome(name, "graded", report, json.dumps(mine)))
        book.record("prefill", "v1", "gone.zip", "hz", Outcome("gone", "rejected", reason="not a zip"))


def test_the_reports_folder_gets_every_graded_students_page_and_every_name_links_to_it(tmp_path):
    book, page = tmp_path / "gb.sqlite", tmp_path / "out" / "class.html"
    names = ["alice", *HOSTILE]
    write_book(book, names)
    assert from_gradebook(book, page, reports=tmp_path / "out" / "students") == len(names) + 1
    markup = page.read_text(encoding="utf-8")
    links = Page(markup).having("a")
    assert links and "<script>" not in markup
    targets = {a["href"] for a in links}
    assert len(targets) == len(names)  # every graded student has a page; the refused one none
    for href in targets:
        assert re.fullmatch(r"students/[A-Za-z0-9._~%-]+\.html", href), href
        student_page = (page.parent / unquote(href)).read_text(encoding="utf-8")
        assert "<script" not in student_page and "default-src 'none'" in student_page
    stub = (page.parent / "students" / "alice.html").read_text(encoding="utf-8")
    assert "not implemented yet: flops still has only" in stub  # the note, recovered from the feedback
    without = tmp_path / "plain.html"
    from_gradebook(book, without)
    assert not Page(without.read_text(encoding="utf-8")).having("a")  # no folder, no links


def test_a_reports_folder_that_cannot_be_written_is_a_one_line_error(tmp_path):
    book = tmp_path / "gb.sqlite"
    write_book(book, ["alice", "bob"])
    (tmp_path / "taken").write_text("a file\n", encoding="utf-8")
    with pytest.raises(Exception, match="cannot write the students' reports there") as raised:
        from_gradebook(book, tmp_path / "class.html", reports=tmp_path / "taken")
    assert type(raised.value).__name__ == "UsageError"


@needs_chromium
def test_chromium_shows_the_monday_parts_of_a_realistic_class(tmp_path_factory):
    from sample_class import CLASS, graded_class

    work = tmp_path_factory.mktemp("monday")
    book, _, _ = graded_class(work)
    linked = work / "linked.html"
    from_gradebook(book, linked, reports=work / "students")
    dom = Page(dump_dom(linked))
    assert "ivan.petrov" in dom.text_of["help-untouched"]  # the student who handed in the stubs
    assert len(dom.having("tr", "distribution")) == len(dom.having("tr", "task")) == 9  # one per task
    assert len({a["href"] for a in dom.having("a")}) == len(CLASS)  # every graded student, in the roll at least
    assert len(dom.having("tr", "item")) > 40 and not dom.having("tr", "flagged")  # the suite's checks are sound


def test_from_the_gradebook_the_kept_roster_names_the_missing_and_sections_and_the_late_are_shown(tmp_path):
    due = dt.datetime(2026, 3, 2, 23, 59, tzinfo=dt.UTC)
    report_of = {"score": 4.0, "max_score": 4.0, "tasks": [{"id": "t", "score": 4.0, "max_score": 4.0,
                                                            "status": "passed"}]}
    with Gradebook(tmp_path / "gb.sqlite") as book:
        book.set_lesson("prefill", "Prefill", "v1", [("t", "t", 4.0)])
        book.store_roster(parse("id,name,section\nada,Ada,A\nbob,Bob Bell,B\n", "class.csv"))
        book.record("prefill", "v1", "class/ada.py", "h", Outcome("ada", "graded", report=report_of, worker="w"),
                    "ada", Mark(Policy("prefill", due, per="day", fraction=0.25), due, due + dt.timedelta(hours=3),
                                "file-time"))
    from_gradebook(tmp_path / "gb.sqlite", tmp_path / "class.html")
    page = (tmp_path / "class.html").read_text(encoding="utf-8")
    assert "1 on the roster handed in nothing" in page and "Bob Bell (bob)" in page
    assert "1 handed in late" in page and "3 h late, −1" in page
    assert table_rows(page, "sections")[0][:4] == ["A", "1", "1", "0"]


def test_a_batch_given_reports_and_a_class_report_links_every_name_to_the_students_page(tmp_path):
    import io
    import shutil

    from grader.batch.coordinator import run_batch
    from grader.lesson.course import Course

    from paths import ROOT

    folder = tmp_path / "class"
    for name in ("ada", "bob"):
        shutil.copytree(ROOT / "solutions" / "prefill", folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    page, reports = tmp_path / "class.html", tmp_path / "reports"
    run_batch(folder, Course(ROOT), lesson="prefill", gradebook=tmp_path / "gb.sqlite", jobs=1, reports=reports,
              class_report=page, out=io.StringIO())
    hrefs = {a["href"] for a in Page(page.read_text(encoding="utf-8")).having("a")}
    assert hrefs == {"reports/ada.html", "reports/bob.html"}
    assert all("<script" not in (tmp_path / h).read_text(encoding="utf-8") for h in hrefs)
    assert (reports / "ada.json").is_file()  # the JSON reports stay beside them
