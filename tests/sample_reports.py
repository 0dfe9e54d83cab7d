"""Reports for the format tests: one made by hand with every feature, and real gradings.

The hand-made report has a secret check whose full message holds the sentinel literals
below; no student-facing format may ever print them. Real gradings are cached, since each
costs a worker and a pytest run.
"""

from __future__ import annotations

import functools

import numpy as np

from grader.describe import mask_picture, side_by_side
from grader.grading.engine import grade
from grader.lesson.course import Course
from grader.result import CheckResult, Report, TaskResult

from mutated import mutant_folder
from paths import ROOT

COURSE = Course(ROOT)
SECRET_INPUT, SECRET_EXPECTED = "7919", "31364160"  # appear only in the secret check's full message
PRINTED = "printed by the submission: 104729"  # what the submission printed (instructors only)

MASK_5 = np.tril(np.ones((5, 5), dtype=bool))
WRONG_5 = np.tril(np.ones((5, 5), dtype=bool), k=-1)  # the diagonal left out
PICTURE = side_by_side(mask_picture(WRONG_5), mask_picture(MASK_5))


def make_report() -> Report:
    """Every status, a note, pictures, a secret failure and printed output."""
    def to_tuple(grid):
        return tuple(tuple(bool(c) for c in row) for row in grid)
    return Report(lesson="prefill", title="E1.2 · Lesson 2 of 6: Prefill", submission="exercises/prefill",
                  execution_time=1.25, sandbox="bubblewrap", output=PRINTED + "\n", tasks=[
        TaskResult("prefill_flops", "prefill_flops(N, P): 2·N·P", 2.0,
                   [CheckResult("lesson_example", True, weight=2, description="7e9 × 1000 → 1.4e13"),
                    CheckResult("other_sizes", True, visibility="hidden")], source=("prefill.py", 3)),
        TaskResult("causal_mask", "causal_mask(P): the lower triangle", 3.0, [
            CheckResult("shape", True),
            CheckResult("lower_triangle", False, "causal_mask(5) is not the lesson's lower triangle:\n" + PICTURE,
                        weight=2, safe_message="causal_mask(5) is not the lesson's lower triangle",
                        pictures=(("yours", to_tuple(WRONG_5)), ("expected", to_tuple(MASK_5)))),
            CheckResult("diagonal_included", False,
                        f"causal_pairs({SECRET_INPUT}) returned 0, expected {SECRET_EXPECTED}",
                        safe_message="the mask must include the diagonal", visibility="hidden",
                        pictures=(("yours", to_tuple(WRONG_5)), ("expected", to_tuple(MASK_5)))),
        ], source=("prefill.py", 12)),
        TaskResult("prefill_seconds", "prefill_seconds(N, P, flops_per_sec, utilization=1.0)", 3.0,
                   [CheckResult("a", False, "prefill_seconds(7e9, 1000, 1e14) returned None; expected a number")],
                   note="not implemented yet: prefill_seconds still has only `pass` in its body"),
        TaskResult("quiz", "Check your understanding", 1.0,
                   [CheckResult("answers.toml:quiz", False, "prefill.py could not be imported (SyntaxError)",
                                error=True)]),
    ])


def student_view() -> Report:
    return make_report().for_audience("student")


@functools.cache
def graded(name: str, student: str | None = None) -> Report:
    """A real grading: "reference", "stubs", or a mutant of suites/prefill/mutants (module or folder); with
    ``student``'s own numbers when given (their own-number checks run too)."""
    if name == "reference":
        return grade(ROOT / "solutions" / "prefill", course=COURSE, student=student)
    if name == "stubs":
        return grade(ROOT / "exercises" / "prefill", course=COURSE, student=student)
    return grade(mutant_folder(COURSE.lesson("prefill"), name.removesuffix(".py"), ROOT / "solutions" / "prefill"),
                 course=COURSE, student=student)


# Wrong solutions that together fail every secret check of the prefill manifest.
SECRET_FAILING_MUTANTS = ("forgot_factor_2", "ignored_utilization", "lets_nan_through", "all_pairs",
                          "diagonal_excluded", "return_true", "cumsum_without_axis", "rejects_int_utilization")


HALF_HINT = "Your result is exactly half of what 2 · N · P gives: did you drop the factor 2?"
IMPORT_ERROR = "prefill.py could not be imported (SyntaxError, line 3): expected ':'"


def diagnosed_report() -> Report:
    """Failures with diagnoses: two checks sharing one, and code tasks held up by an import error."""
    from grader.result import Diagnosis

    half = Diagnosis("flops.missing-factor-2", HALF_HINT)
    return Report(lesson="prefill", title="Prefill", submission="s", tasks=[
        TaskResult("prefill_flops", "2·N·P", 2.0, [
            CheckResult("lesson_example", False, "prefill_flops(7e9, 1000) returned 7e+12", diagnosis=half),
            CheckResult("other_sizes", False, "prefill_flops(2e9, 77) returned 1.54e11", diagnosis=half,
                        safe_message="prefill_flops(N, P) must be 2 · N · P", visibility="hidden")]),
        TaskResult("causal_pairs", "P(P+1)/2", 2.0, [CheckResult("four_tokens", False, IMPORT_ERROR, error=True)]),
        TaskResult("causal_mask", "mask", 3.0, [CheckResult("shape", False, IMPORT_ERROR, error=True)]),
    ])


def assert_names_a_students_numbers(render, make=make_report) -> None:
    """A format (``render``: Report -> what it writes) names the student's own numbers at the top of a
    report graded with them (``make``'s), and says nothing of them for the lesson's own numbers (as it
    always did)."""
    from grader.result import VariantNumbers

    report = make()
    assert "your numbers" not in str(render(report))
    report.variant = VariantNumbers("ann", (("N", 13e9, "a 1.3·10¹⁰-parameter model"),
                                            ("P", 2000, "a 2000-token prompt")))
    assert "your numbers (student ann): a 1.3·10¹⁰-parameter model, a 2000-token prompt" in str(render(report))
