"""grader.grading.calls: the ``student`` a check calls, and what a failed call means in safe words.

The words are tested alone (``property_of``), then through a graded suite: a secret check
that fails by an exception or a timeout says its property and the size its call was given,
a check can tell "too slow for this size" and where an exception came from, and the
engine's diagnoses reach the checks whose calls fail for reasons the source shows.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.exceptions import (
    CallTimeout,
    ImportFailed,
    NotGradable,
    StudentBaseException,
    UnsupportedResult,
    WorkerDied,
)
from grader.grading.calls import Watched, property_of, uses_module
from grader.grading.engine import grade
from grader.lesson.course import Course
from grader.submission.source import analyse_text

from paths import ROOT

LESSON_FUNCTIONS = ("prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask")


class Recorder:
    """A module that answers every call with what it is given, and records size labels."""

    def __init__(self):
        self.sizes = []

    def call(self, function, *args, **kwargs):
        return (function, args)

    def call_sized(self, size, function, *args, **kwargs):
        self.sizes.append(size)
        return (function, args)


def watched(last: str = "causal_mask", size: str = "") -> Watched:
    student = Watched(Recorder())
    getattr(student.sized(size) if size else student, last)(1000)
    return student


def rebuilt(exc: BaseException, *frames: str) -> BaseException:
    exc.grader_frames = tuple((name, 1) for name in frames)
    exc.grader_text = "the instructor's text"
    return exc


# ---------------------------------------------------------------------------- the fixture

def test_sized_calls_reach_the_module_with_their_size():
    module = Recorder()
    student = Watched(module)
    assert student.sized("P = 1000").causal_mask(1000) == ("causal_mask", (1000,))
    assert (module.sizes, student.size, student.call_text) == (["P = 1000"], "P = 1000", "causal_mask(1000)")
    student.causal_pairs(3)
    assert student.size == "" and module.sizes == ["P = 1000"]


# ---------------------------------------------------------------------------- the words

def test_a_timeout_after_smaller_calls_returned_is_too_slow_for_its_size():
    exc = CallTimeout("causal_mask(1000) did not return", size="P = 1000", too_slow=True)
    assert property_of(exc, watched(size="P = 1000"), "The lesson's 1000-token prompt.") == (
        "causal_mask is too slow for P = 1000: it returned in time on smaller inputs, but not within the time limit "
        "for this size; this check tests: the lesson's 1000-token prompt.")
    stuck = CallTimeout("causal_mask(1000) did not return", size="a long prompt")
    assert property_of(stuck, watched(size="a long prompt")) == (
        "causal_mask did not return within its time limit for a long prompt (an endless loop, or far too much "
        "work?)")


def test_an_exception_says_its_built_in_type_the_lesson_function_it_came_from_and_the_property():
    student = watched("prefill_seconds")
    said = property_of(rebuilt(ValueError("P=1000"), "prefill_seconds", "prefill_flops"), student,
                       "Agrees for other sizes.", LESSON_FUNCTIONS)
    assert said == "prefill_seconds raised ValueError inside prefill_flops; this check tests: agrees for other sizes."
    chosen = property_of(rebuilt(ValueError("x"), "prefill_seconds", "leak_1000"), student, "", LESSON_FUNCTIONS)
    assert chosen == "prefill_seconds raised ValueError"  # a name of the submission's choosing is never said


def test_a_name_error_names_the_name_only_when_the_file_binds_it_nowhere():
    facts = analyse_text("import numpy\n\ndef causal_mask(P):\n    return np.tril(P)\n")
    said = property_of(rebuilt(NameError("name 'np' is not defined"), "causal_mask"), watched(), "", (), facts)
    assert said == "causal_mask raised NameError: np is not defined anywhere in the file"
    forged = property_of(rebuilt(NameError("name 'P1000' is not defined"), "causal_mask"), watched(), "", (), facts)
    assert forged == "causal_mask raised NameError"


def test_a_secret_check_names_an_undefined_name_only_where_the_file_has_no_other():
    branches = "".join(f"    if P % 10 == {d}:\n        return pairs_d{d}\n" for d in range(10))
    facts = analyse_text(f"def causal_mask(P):\n{branches}    return P\n")
    exc = rebuilt(NameError("name 'pairs_d7' is not defined"), "causal_mask")
    secret = property_of(exc, watched(), "Every token may attend to itself.", (), facts)
    assert secret == ("causal_mask raised NameError: a name is not defined anywhere in the file; this check tests: "
                      "every token may attend to itself.")
    assert "pairs_d7" in property_of(exc, watched(), "", (), facts)  # a visible check shows its inputs anyway
    typo = analyse_text("def causal_mask(P):\n    return tw0\n")
    said = property_of(rebuilt(NameError("name 'tw0' is not defined"), "causal_mask"), watched(), "Secret.", (), typo)
    assert said.startswith("causal_mask raised NameError: tw0 is not defined anywhere in the file")


def test_a_secret_check_names_a_missing_module_only_where_the_file_imports_no_other_one_the_grader_lacks():
    branches = "".join(f"    if P % 10 == {d}:\n        import leak_d{d}\n" for d in range(10))
    facts = analyse_text(f"import numpy as np\n\ndef causal_pairs(P):\n{branches}    return P\n")
    exc = rebuilt(ModuleNotFoundError("No module named 'leak_d9'"), "causal_pairs")
    secret = property_of(exc, watched("causal_pairs"), "The lesson's prompt.", (), facts)
    assert "leak_d" not in secret and "it uses a module, which the grader's Python does not have" in secret
    assert "leak_d9" in uses_module(exc, watched("causal_pairs"), (), analyse_text("import leak_d9\n"))
    assert "leak_d" not in uses_module(exc, watched("causal_pairs"), (), facts)  # a diagnosis's hint alike
    assert "leak_d9" in property_of(exc, watched("causal_pairs"), "Secret.", (), facts, frozenset({"leak_d9"}))
    plotting = analyse_text("import numpy as np\nimport no_such_plotting_lib\n\ndef causal_pairs(P):\n"
                            "    no_such_plotting_lib.plot(P)\n")
    missing = rebuilt(ModuleNotFoundError("No module named 'no_such_plotting_lib'"), "causal_pairs")
    assert "it uses no_such_plotting_lib" in property_of(missing, watched("causal_pairs"), "Secret.", (), plotting)


@pytest.mark.parametrize("exc, said", [
    (ImportFailed("prefill.py does not compile"), "prefill.py does not compile"),
    (NotGradable("prefill.py defines causal_mask 2 times"), "prefill.py defines causal_mask 2 times"),
    (WorkerDied("causal_mask(1000) never returned: killed"), "causal_mask never returned: the process running it "
                                                             "ended"),
    (StudentBaseException("causal_mask(1000) raised SystemExit: 1000"), "causal_mask raised SystemExit"),
    (UnsupportedResult("causal_mask(1000) returned a value of 48 MiB"), "causal_mask returned a value of an "
                                                                        "unsupported type (return numbers, lists, "
                                                                        "dicts or numpy arrays)"),
    # never read back, so of no known type: its size is what the student is told
    (UnsupportedResult("causal_mask(1000) returned a value of 48 MiB", oversized=True),
     "causal_mask returned a value far larger than any answer of this lesson"),
], ids=["import", "not-gradable", "died", "base-exception", "unsupported", "oversized"])
def test_other_failures_say_what_they_always_said(exc, said):
    assert property_of(exc, watched()) == said


# ---------------------------------------------------------------------------- through a graded suite

@pytest.fixture
def course(tmp_path) -> Course:
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    return Course(tmp_path)


def submission(course: Course, tmp_path: Path, replace: tuple[str, str] = ("", ""), append: str = "") -> Path:
    folder = tmp_path / "submission"
    shutil.copytree(course.root / "solutions" / "prefill", folder)
    source = (folder / "prefill.py").read_text()
    (folder / "prefill.py").write_text(source.replace(*replace) + append if replace[0] else source + append)
    return folder


CHECKS = '''
import pytest
from grader.checks import fail, raised_in, too_slow
from grader.exceptions import CallTimeout

pytestmark = pytest.mark.task("causal_mask")


def test_long_prompt(student):
    """The mask of a long prompt."""
    student.causal_mask(5)
    student.sized("P = 1000").causal_mask(1000)


def test_partial_credit_for_slow(student):
    """The mask of a long prompt, slow or not."""
    try:
        student.sized("P = 1000").causal_mask(1000)
    except CallTimeout as exc:
        if too_slow(exc):
            fail(f"causal_mask is right but too slow for {too_slow(exc)}")
        raise


@pytest.mark.task("prefill_seconds")
def test_blame(student):
    """Where a failure of prefill_seconds comes from."""
    try:
        student.prefill_seconds(7e9, 1000, 1e14, 0.5)
    except ZeroDivisionError as exc:
        fail(f"the error comes from your {raised_in(exc)[-1]}, called by your {raised_in(exc)[0]}")
'''

CUBIC = '''
def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(P):
            mask[row, col] = col in [k for k in range(P) if k <= row]
    return mask
'''


def test_a_secret_check_that_times_out_says_its_property_and_size_and_a_check_can_tell_too_slow(course, tmp_path):
    (course.root / "suites" / "prefill" / "test_a_extra.py").write_text(CHECKS)  # before the lesson's own checks
    manifest = course.root / "suites" / "prefill" / "lesson.toml"
    manifest.write_text(manifest.read_text().replace(
        "[visibility.overrides]\n", '[visibility.overrides]\n"causal_mask::long_prompt" = "hidden"\n'))
    folder = submission(course, tmp_path, ("def causal_mask(P):", "def causal_mask_old(P):"), CUBIC)
    report = grade(folder, course=course).for_audience("student")
    checks = {c.name: c for c in report.task("causal_mask").checks}
    assert checks["long_prompt"].message == (
        "causal_mask is too slow for P = 1000: it returned in time on smaller inputs, but not within the time limit "
        "for this size; this check tests: the mask of a long prompt.")
    # not run again (it timed out already), and still too slow for the same size: the check can give partial credit
    assert checks["partial_credit_for_slow"].message == "causal_mask is right but too slow for P = 1000"
    assert checks["lower_triangle"].passed


def test_a_check_can_say_where_an_exception_came_from(course, tmp_path):
    (course.root / "suites" / "prefill" / "test_a_extra.py").write_text(CHECKS)
    folder = submission(course, tmp_path, ("    return 2 * N * P", "    return 2 * N * P / 0"))
    blame = next(c for c in grade(folder, course=course).task("prefill_seconds").checks if c.name == "blame")
    assert blame.message.startswith("the error comes from your prefill_flops, called by your prefill_seconds")


def test_numpy_without_np_is_diagnosed_on_the_checks_it_fails(course, tmp_path):
    folder = submission(course, tmp_path, ("import numpy as np", "import numpy"))
    report = grade(folder, course=course)
    for task in report.tasks:
        codes = [d.code for d in task.diagnoses]
        assert codes == (["import.numpy-without-np"] if task.id in ("causal_mask", "prefill_matches_sequential")
                         else []), task.id
    secret = [c for c in report.task("prefill_matches_sequential").checks if c.secret and not c.passed]
    assert secret and all("np is not defined anywhere in the file" in c.safe_message for c in secret)
