"""grader.formats.markdown: the $GITHUB_STEP_SUMMARY page, safe against whatever a message holds."""

from __future__ import annotations

import io

from grader.formats.markdown import MarkdownFormat
from grader.result import CheckResult, Report, TaskResult

from sample_reports import PICTURE, assert_names_a_students_numbers, make_report


def render(report: Report) -> str:
    stream = io.StringIO()
    MarkdownFormat().write(report, stream)
    return stream.getvalue()


def table_rows(text: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| task") and not line.startswith("| ---")]


def test_heading_has_the_total():
    assert render(make_report()).splitlines()[0] == "## E1.2 · Lesson 2 of 6: Prefill: 2.75/9 (31%)"


def test_one_row_per_task_with_score_and_bar():
    rows = table_rows(render(make_report()))
    assert [r[0] for r in rows] == ["✅ `prefill_flops`", "🟡 `causal_mask`", "❌ `prefill_seconds`", "⛔ `quiz`"]
    assert rows[1][1:3] == ["0.75/3", "`███░░░░░░░`"]
    assert all(len(r) == 4 for r in rows)


def test_what_to_fix_keeps_pictures_in_a_code_block():
    text = render(make_report())
    fix = text.split("### What to fix", 1)[1]
    assert "**causal_mask** (causal_mask(P): the lower triangle)" in fix
    block = fix.split("```text\n", 1)[1].split("\n```", 1)[0]
    for line in PICTURE.splitlines():
        assert line in block.splitlines()
    assert "prefill_flops" not in fix


def test_a_message_cannot_break_the_table_or_inject_html():
    message = "a | b <script>alert(1)</script> ``` fence"
    report = Report("prefill", "T", "s", [TaskResult("t", "", 1.0, [CheckResult("c", False, message)])])
    text = render(report)
    (row,) = table_rows(text)
    assert len(row) == 4 and "\\|" in row[3]
    assert row[3] == "````a \\| b <script>alert(1)</script> ``` fence````"  # a code span: nothing in it renders
    assert "````text\n" + message + "\n````" in text  # a fence longer than the message's own


def test_sandbox_and_output():
    assert "<sub>ran in: bubblewrap</sub>" in render(make_report())
    assert "104729" not in render(make_report().for_audience("student"))
    assert "104729" in render(make_report().for_audience("instructor"))


def test_a_diagnosis_comes_before_what_the_checks_saw():
    from sample_reports import HALF_HINT, diagnosed_report

    text = render(diagnosed_report())
    row, fix = text.split("### What to fix", 1)
    assert HALF_HINT in row  # the verdict names the misconception
    assert fix.count(HALF_HINT) == 1
    assert fix.index(HALF_HINT) < fix.index("prefill_flops(7e9, 1000) returned 7e+12")


def test_a_students_numbers_are_named_at_the_top():
    assert_names_a_students_numbers(render)
