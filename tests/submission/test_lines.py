"""grader.submission.lines: the line defining each student function, found by parsing, never by importing."""

from __future__ import annotations

from grader.lesson.course import Course
from grader.result import Report, TaskResult
from grader.submission.files import Submission
from grader.submission.lines import attach_sources, function_lines, key_lines

from paths import ROOT


def test_function_lines_of_the_stub():
    assert function_lines(ROOT / "exercises" / "prefill" / "prefill.py") == {
        "prefill_flops": 3, "prefill_seconds": 6, "causal_pairs": 9, "causal_mask": 12,
        "prefill_matches_sequential": 15}


def test_the_last_definition_counts_and_decorators_do_not_move_the_line(tmp_path):
    source = tmp_path / "prefill.py"
    source.write_text("def f():\n    pass\n\n@staticmethod\ndef f():\n    return 1\n")
    assert function_lines(source) == {"f": 5}


def test_the_module_is_never_run(tmp_path):
    source = tmp_path / "prefill.py"
    marker = tmp_path / "ran"
    source.write_text(f"open({str(marker)!r}, 'w').close()\ndef f():\n    pass\n")
    assert function_lines(source) == {"f": 2}
    assert not marker.exists()


def test_unreadable_sources_give_nothing(tmp_path):
    broken = tmp_path / "prefill.py"
    broken.write_text("def f(:\n")
    assert function_lines(broken) == {} and function_lines(None) == {} and function_lines(tmp_path / "no.py") == {}


def test_key_lines_of_an_answers_file(tmp_path):
    answers = tmp_path / "answers.toml"
    answers.write_text('# my answers\nflops = "1.4e13"\n\n"pairs"= 10\nquiz = "B" # no\nseconds="0.28"\n')
    assert key_lines(answers, ["flops", "pairs", "quiz", "seconds", "missing"]) == {
        "flops": 2, "pairs": 4, "quiz": 5, "seconds": 6}


def test_attach_sources_points_code_and_answer_tasks():
    lesson = Course(ROOT).lesson("prefill")
    folder = ROOT / "exercises" / "prefill"
    report = Report("prefill", "", str(folder), [TaskResult(t.id, t.title, t.points) for t in lesson.tasks])
    attach_sources(report, lesson, Submission.locate(folder, lesson))
    assert report.task("causal_mask").source == (str(folder / "prefill.py"), 12)
    file, line = report.task("quiz").source
    assert file == str(folder / "answers.toml")
    assert (folder / "answers.toml").read_text().splitlines()[line - 1].startswith("quiz")


def test_the_lines_of_a_module_past_a_mib_of_comments_are_those_of_its_last_definitions(tmp_path):
    """Before: the first MiB was parsed, and the lines pointed at the template's stubs above the comments."""
    path = tmp_path / "prefill.py"
    path.write_text("def f():\n    pass\n" + ("# " + "x" * 98 + "\n") * 11_000 + "def f():\n    return 1\n",
                    encoding="utf-8")
    assert function_lines(path) == {"f": 11_003}
