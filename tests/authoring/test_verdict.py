"""grader.authoring.verdict: what validate found, said in a few lines of at most 100 columns."""

from __future__ import annotations

import io
from pathlib import Path

from grader.authoring.verdict import SOLUTION, SUITE, WIDTH, Validation, render, table

FIVE = "causal_mask, causal_pairs, prefill_flops, prefill_matches_sequential, prefill_seconds"


def printed(validation: Validation) -> list[str]:
    out = io.StringIO()
    render(validation, out)
    lines = out.getvalue().rstrip("\n").splitlines()
    assert all(len(line) <= WIDTH for line in lines), out.getvalue()
    return lines


def test_a_table_of_long_cells_wraps_them_within_100_columns_and_keeps_every_word():
    rows = [("import_error", FIVE, FIVE + " (hint missing)", False), ("a_mutant_with_a_very_long_name_indeed", "quiz",
                                                                      "as declared", True)]
    lines = table(rows)
    assert all(len(line) <= WIDTH for line in lines) and len(lines) > len(rows) + 1
    words = " ".join(lines).split()
    for word in (FIVE + " (hint missing)").replace(",", "").split():
        assert any(word in w for w in words)
    assert lines[0].split() == ["case", "expected", "to", "lose", "observed", "verdict"]
    assert lines[1].endswith("WRONG")
    assert any(line.startswith("a_mutant_with_a_very_long_name") and line.endswith("ok") for line in lines)


def test_a_short_table_keeps_its_natural_widths():
    assert table([("stubs", "zero", "zero", True)]) == ["case   expected to lose  observed  verdict",
                                                          "stubs  zero              zero      ok"]


def test_a_rejection_lists_each_disagreement_once_and_the_verdict_without_the_table():
    found = Validation("prefill", Path("/courses/mine/prefill"), rows=[("reference", "full marks", "loses x", False)])
    found.problems += [(SOLUTION, "prefill.py: prefill_flops(7e9, 1000) gives 7e12, but the lesson says 1.4e13 "
                                  "(the worked example: FLOPs ≈ 2 · N · P = 2 · 7e9 · 1,000 = 1.40e+13)"),
                       (SUITE, "check 'x' of causal_pairs breaks on the solution: ZeroDivisionError")]
    lines = printed(found)
    assert lines[0] == "Validation of lesson 'prefill' against the solution in /courses/mine/prefill"
    assert lines[1] == "rejected: the solution disagrees with what the lesson fixes:"
    assert lines[2].startswith("- prefill.py: prefill_flops(7e9, 1000) gives 7e12") and lines[3].startswith("  ")
    assert "the suite is at fault too:" in lines and not any(line.startswith("case") for line in lines)
    assert lines[-2].startswith("verdict: the solution in /courses/mine/prefill is rejected: fix it first")
    assert found.rejected and not found.ok
    assert found.summary().startswith("the solution in /courses/mine/prefill is rejected") and \
        "prefill_flops(7e9, 1000) gives 7e12" in found.summary() and found.summary().endswith("(and 1 more)")


def test_a_sound_solution_gets_the_table_and_each_explanation_once():
    found = Validation("prefill", Path("s"), rows=[("m1", "a", "as declared", True), ("m2", "a", "b", False),
                                                   ("m3", "a", "b", False)], mutants=3)
    found.problems += [(SUITE, "mutant m2 (x): it also loses points on b"), (SUITE, "mutant m3 (y): it also loses "
                                                                                    "points on b")]
    for _ in range(2):
        found.explain("also loses points: either that task's checks reject something right, or ...")
    lines = printed(found)
    assert "mutation score: 1/3 mutants caught as declared" in lines
    assert lines.count("the suite is at fault:") == 1
    assert sum(line.startswith("also loses points") for line in lines) == 1
    assert lines[-1] == "verdict: the solution in s is sound; the suite is at fault"
    assert not found.rejected and not found.ok


def test_a_long_path_gets_a_line_of_its_own_rather_than_being_cut():
    path = Path("/tmp/" + "x" * 120)
    out = io.StringIO()
    render(Validation("prefill", path), out)
    assert f"  {path}" in out.getvalue().splitlines()


def test_nothing_is_printed_without_a_stream():
    render(Validation("prefill", Path("s")), None)
