"""Running a lesson's suite: its wiring errors are the instructor's, named precisely."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from grader.authoring.mutants import load_mutants, materialize
from grader.exceptions import ConfigError
from grader.grading.engine import grade
from grader.lesson.course import Course

from mutated import mutant_module
from paths import ROOT


@pytest.fixture
def course(tmp_path) -> Course:
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    return Course(tmp_path)


def suite(course: Course) -> Path:
    return course.root / "suites" / "prefill"


def test_a_check_without_task_marker_is_named(course):
    (suite(course) / "test_extra.py").write_text("def test_orphan(student):\n    pass\n")
    with pytest.raises(ConfigError, match=r"test_extra.py::test_orphan.*pytest.mark.task"):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_check_for_an_unknown_task_is_named(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\n@pytest.mark.task('decode_speed')\ndef test_x(student):\n    pass\n")
    with pytest.raises(ConfigError, match="decode_speed"):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_suite_file_that_does_not_import_is_named(course):
    (suite(course) / "test_extra.py").write_text("import numpy as np\nthis is not python\n")
    with pytest.raises(ConfigError, match=re.escape("test_extra.py")):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_code_task_without_checks_is_named(course):
    (suite(course) / "test_causal_pairs.py").unlink()
    with pytest.raises(ConfigError, match="no check is marked for task 'causal_pairs'"):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_bug_in_a_check_is_reported_as_an_error_not_the_students_fault(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\n@pytest.mark.task('causal_pairs')\ndef test_buggy(student):\n    1 / 0\n")
    report = grade(course.root / "solutions" / "prefill", course=course)
    task = report.task("causal_pairs")
    assert task.status == "partial"
    assert "internal error in check 'buggy'" in task.feedback and "not in your code" in task.feedback


def test_weights_shape_partial_credit(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\npytestmark = pytest.mark.task('causal_pairs')\n"
        "@pytest.mark.weight(5)\ndef test_heavy(student):\n    assert False, 'heavy check failed'\n")
    report = grade(course.root / "solutions" / "prefill", course=course)
    task = report.task("causal_pairs")  # eight passing checks weighing 12 in all, one failing of weight 5
    assert task.score == pytest.approx(task.max_score * 12 / 17)
    assert "heavy check failed" in task.feedback


def test_a_broken_reference_solution_is_named(course):
    (course.root / "solutions" / "prefill" / "prefill.py").write_text("import numpy as np\nraise ValueError('oops')\n")
    with pytest.raises(ConfigError, match="reference solution cannot be imported"):
        grade(course.root / "exercises" / "prefill", course=course)


# ---------------------------------------------------------------------------- visibility and safe messages

def _hide(course: Course, key: str) -> None:
    manifest = suite(course) / "lesson.toml"
    text = manifest.read_text()
    manifest.write_text(text.replace("[visibility.overrides]\n", f'[visibility.overrides]\n"{key}" = "hidden"\n'))


def test_a_visibility_key_naming_no_check_is_named_with_file_and_key(course):
    _hide(course, "causal_pairs::four_tokenz")
    with pytest.raises(ConfigError) as info:
        grade(course.root / "solutions" / "prefill", course=course)
    assert str(info.value).startswith(f"{suite(course) / 'lesson.toml'}, key "
                                      "'visibility.overrides.\"causal_pairs::four_tokenz\"'")


def test_checks_carry_their_visibility(course):
    report = grade(course.root / "solutions" / "prefill", course=course)
    checks = {c.name: c.visibility for c in report.task("causal_mask").checks}
    assert checks["diagonal_included"] == "hidden" and checks["lower_triangle"] == "visible"
    assert checks["shape_and_dtype[5]"] == "visible"


def test_a_student_exception_in_a_secret_check_says_only_function_and_type(course, tmp_path):
    _hide(course, "causal_pairs::four_tokens")
    folder = tmp_path / "prefill"
    shutil.copytree(course.root / "solutions" / "prefill", folder)
    source = (folder / "prefill.py").read_text()
    (folder / "prefill.py").write_text(source.replace(
        "def causal_pairs(P):\n", "def causal_pairs(P):\n    if P == 4:\n        raise KeyError(f'no {P}')\n"))
    check = next(c for c in grade(folder, course=course).task("causal_pairs").checks if c.name == "four_tokens")
    assert "causal_pairs(4) raised KeyError (prefill.py, line " in check.message and "no 4" in check.message
    # the line is the submission's to choose, too; what the check tests is its docstring, public in every report
    assert check.safe_message.startswith("causal_pairs raised KeyError; this check tests: ")
    assert check.description[1:] in check.safe_message and "prefill.py" not in check.safe_message


def test_a_plain_assert_in_a_secret_check_shows_its_docstring(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\npytestmark = pytest.mark.task('causal_pairs')\n"
        "def test_secret(student):\n    '''Counts pairs for long prompts.'''\n    assert False, 'P=7919 gave 3'\n")
    _hide(course, "causal_pairs::secret")
    check = next(c for c in grade(course.root / "solutions" / "prefill", course=course).task("causal_pairs").checks
                 if c.name == "secret")
    assert check.message.startswith("P=7919 gave 3")
    assert check.safe_message == "Counts pairs for long prompts."
    assert check.for_audience("student").message == "Counts pairs for long prompts."


def test_a_failed_check_records_property_and_pictures(course, tmp_path):
    folder = tmp_path / "prefill"
    shutil.copytree(course.root / "solutions" / "prefill", folder)
    shutil.copyfile(mutant_module(Course(ROOT).lesson("prefill"), "transposed_mask", ROOT / "solutions" / "prefill"),
                    folder / "prefill.py")
    check = next(c for c in grade(folder, course=course).task("causal_mask").checks if c.name == "lower_triangle")
    assert check.safe_message == ("causal_mask(5) is not the lesson's lower triangle (the upper triangle: row i "
                                  "must use columns ≤ i, not ≥ i)")
    assert check.message.startswith(check.safe_message + ":\nyours")
    assert [title for title, _ in check.pictures] == ["yours", "expected"]
    assert check.pictures[0][1][0] == (True,) * 5  # the transposed mask's first row is all True


def _with_appended(course: Course, tmp_path: Path, code: str) -> Path:
    folder = tmp_path / "submission"
    shutil.copytree(course.root / "solutions" / "prefill", folder)
    with (folder / "prefill.py").open("a") as stream:
        stream.write(code)
    return folder


_LEFTOVERS = """
_broken = []
_causal_mask = causal_mask
_causal_pairs = causal_pairs


def causal_mask(P):  # graded first (test_causal_mask.py): leaves its mark in the module
    _broken.append(True)
    return _causal_mask(P)


def causal_pairs(P):  # right, unless causal_mask has run in this process
    return -1 if _broken else _causal_pairs(P)
"""


def test_a_check_that_fails_after_another_tasks_leftovers_is_run_again_in_a_fresh_fork(course, tmp_path):
    report = grade(_with_appended(course, tmp_path, _LEFTOVERS), course=course)
    assert report.score == report.max_score, report.task("causal_pairs").feedback


def test_in_a_session_the_fresh_start_is_a_new_worker_from_the_template(course, tmp_path):
    from grader.grading.session import GradingSession

    folder = _with_appended(course, tmp_path, _LEFTOVERS)
    with GradingSession("prefill", course) as session:
        reports = [session.grade(folder) for _ in range(2)]
    assert [r.score for r in reports] == [reports[0].max_score] * 2, reports[0].task("causal_pairs").feedback


def test_a_wrong_function_is_not_rescued_by_its_second_run(course, tmp_path):
    folder = _with_appended(course, tmp_path, "\n\ndef causal_pairs(P):\n    return P * P\n")
    pairs = grade(folder, course=course).task("causal_pairs")  # graded after causal_mask: in a used fork
    assert pairs.score < pairs.max_score and "returned 16, expected 10" in pairs.feedback



def test_a_second_run_in_a_fresh_fork_says_again_what_its_first_run_found(course, tmp_path):
    """The relation over a function's answers is said once (``diagnose.proved``); a check run again in a fresh
    fork, whose verdict is the one kept, must say it too, not find it said already by its own first run."""
    capped = "\n\ndef causal_pairs(P):\n    P = min(P, 4096)\n    return P * (P + 1) // 2\n"
    pairs = grade(_with_appended(course, tmp_path, capped), course=course).task("causal_pairs")
    assert "caps P at 4096" in pairs.feedback, pairs.feedback


# ---------------------------------------------------------------------------- diagnoses

def _diagnosing_check(course: Course, task: str, code: str) -> None:
    (suite(course) / "test_extra.py").write_text(
        "import pytest\nfrom grader.checks import fail\n"
        f"@pytest.mark.task('{task}')\ndef test_diagnosing(student):\n"
        f"    fail('must hold', 'the detail', diagnosis='{code}')\n")


def test_a_check_names_a_diagnosis_and_the_report_carries_the_catalogues_hint(course):
    _diagnosing_check(course, "causal_pairs", "pairs.all-pairs")
    check = next(c for c in grade(course.root / "solutions" / "prefill", course=course).task("causal_pairs").checks
                 if c.name == "diagnosing")
    assert check.diagnosis.code == "pairs.all-pairs"
    assert check.diagnosis.hint == course.lesson("prefill").diagnosis("pairs.all-pairs").hint
    assert (check.message, check.safe_message) == ("the detail", "must hold")


def test_a_diagnosis_the_catalogue_does_not_hold_is_named(course):
    _diagnosing_check(course, "causal_pairs", "pairs.all-the-pairs")
    said = "test_extra.py::test_diagnosing: fails with diagnosis 'pairs.all-the-pairs'"
    with pytest.raises(ConfigError, match=re.escape(said)):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_diagnosis_of_another_task_is_named(course):
    _diagnosing_check(course, "causal_pairs", "mask.transposed")
    with pytest.raises(ConfigError, match=r"diagnosis 'mask.transposed' is declared for causal_mask, not for "
                                          r"'causal_pairs'"):
        grade(course.root / "solutions" / "prefill", course=course)


# ---------------------------------------------------------------------------- running checks directly

def _through_pytest(monkeypatch, protocol: bool) -> None:
    """Grades collect the suite with pytest (not grading.collect); with ``protocol``, every check runs through
    pytest's runtestprotocol too."""
    monkeypatch.setattr("grader.grading.collect.direct_checks", lambda lesson, imported=None: None)
    if protocol:
        monkeypatch.setattr("grader.grading.suite._direct_plan", lambda item: None)


@pytest.mark.parametrize("mutant", ["transposed_mask.py", "list_mask.py", "mutates_input.py", "forgot_factor_2.py",
                                    "raises_plain_exception.py", "os_exit_in_causal_mask.py"])
def test_checks_run_directly_give_what_pytests_protocol_gives(course, tmp_path, monkeypatch, mutant):
    """Collected without pytest (a single grade's way), by pytest and run directly (a session's), or each check
    through pytest's protocol: the same results."""
    lesson = Course(ROOT).lesson("prefill")
    wrong = next(m for m in load_mutants(lesson) if m.path.name == mutant)
    folder = materialize(wrong, lesson, course.root / "solutions" / "prefill", tmp_path / "submission")

    def results(report):
        return [(t.id, t.score, [(c.name, c.passed, c.message, c.safe_message, c.diagnosis) for c in t.checks])
                for t in report.tasks]

    collected = results(grade(folder, course=course))
    _through_pytest(monkeypatch, protocol=False)
    direct = results(grade(folder, course=course))
    _through_pytest(monkeypatch, protocol=True)
    assert collected == direct == results(grade(folder, course=course))


def test_a_check_with_its_own_fixture_or_marks_gets_pytests_protocol(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\npytestmark = pytest.mark.task('causal_pairs')\n"
        "@pytest.fixture\ndef prompt():\n    return 6\n"
        "def test_own_fixture(student, prompt):\n    assert student.causal_pairs(prompt) == 21\n"
        "@pytest.mark.skip(reason='not this term')\ndef test_marked_skip(student):\n    assert False\n"
        "def test_skips_itself(student):\n    pytest.skip('later')\n"
        "def test_fails_directly(student, rng):\n"
        "    assert student.causal_pairs(int(rng.integers(2, 9))) < 0, 'direct'\n")
    report = grade(course.root / "solutions" / "prefill", course=course)
    checks = {c.name: c for c in report.task("causal_pairs").checks}
    assert checks["own_fixture"].passed and checks["own_fixture"].weight == 1
    assert checks["marked_skip"].passed and checks["marked_skip"].weight == 0
    assert checks["skips_itself"].passed and checks["skips_itself"].weight == 0
    assert not checks["fails_directly"].passed and "direct" in checks["fails_directly"].message


def test_untouched_stubs_are_not_rerun_but_a_wrong_function_is_once(course, tmp_path, monkeypatch):
    from grader.sandbox.proxy import StudentModule

    slates = []
    original = StudentModule.clean_slate
    monkeypatch.setattr(StudentModule, "clean_slate", lambda self: (slates.append(self.task), original(self))[1])
    grade(course.root / "exercises" / "prefill", course=course)  # every function still `pass`
    assert slates == []
    folder = _with_appended(course, tmp_path, "\n\ndef prefill_flops(N, P):\n    return N * P\n")
    grade(folder, course=course)  # graded after causal_mask and causal_pairs, in a used fork
    # prefill_seconds: right for it, not the lesson's time; and the domain's checks ask a wrong answer again in a
    # fresh process (grader.grading.domain: state or not), once per failing check
    assert slates[0] == "prefill_flops" and set(slates) == {"prefill_flops", "prefill_seconds"} and len(slates) <= 4


# ---------------------------------------------------------------------------- values a check did not foresee

_HUGE_PAIRS = "\n\ndef causal_pairs(P):\n    return 10**400\n"
_FRAGILE = ('import pytest\npytestmark = pytest.mark.task("causal_pairs")\n'
            'def test_fragile(student):\n    """Counts pairs as a float."""\n'
            "    assert float(student.causal_pairs(4)) == 10.0\n")  # float(10**400) raises OverflowError


def test_an_int_beyond_float_range_is_the_students_mistake_named_by_its_size(course, tmp_path):
    task = grade(_with_appended(course, tmp_path, _HUGE_PAIRS), course=course).task("causal_pairs")
    assert task.score == 0 and "causal_pairs(4) returned 10**400, an int with 401 digits" in task.feedback
    assert not any(c.broken or c.error for c in task.checks)
    assert "suite" not in task.feedback and "internal error" not in task.feedback


def test_a_check_that_cannot_handle_a_value_blames_the_value_when_the_reference_passes_it(course, tmp_path):
    (suite(course) / "test_extra.py").write_text(_FRAGILE)
    _hide(course, "causal_pairs::fragile")
    report = grade(_with_appended(course, tmp_path, _HUGE_PAIRS), course=course)
    check = next(c for c in report.task("causal_pairs").checks if c.name == "fragile")
    assert not check.passed and not check.broken and not check.error
    assert check.message.startswith("causal_pairs(4) returned 10**400, an int with 401 digits, which check 'fragile' "
                                    "cannot handle (OverflowError: ")
    assert check.safe_message == ("causal_pairs returned an int that check 'fragile' cannot handle; the check works "
                                  "for the lesson's solution, so look at what your function returns")
    for text in (check.message, check.safe_message):
        assert "suite" not in text and "bug" not in text and "0" * 20 not in text


def test_without_the_reference_a_check_that_breaks_says_it_may_be_the_value(course, tmp_path):
    (suite(course) / "test_extra.py").write_text(_FRAGILE)
    (suite(course) / "reference_calls.json").write_text("{}")  # a student bundle: a Replay, not the solution
    submission = _with_appended(course, tmp_path, _HUGE_PAIRS)
    shutil.rmtree(course.root / "solutions" / "prefill")
    report = grade(submission, course=course)
    check = next(c for c in report.task("causal_pairs").checks if c.name == "fragile")
    assert check.broken and check.message.startswith("internal error in check 'fragile' (OverflowError: ")
    assert "may be a bug in the grader's suite, or a value from your code that it did not foresee" in check.message
    assert "not in your code" not in check.message


def test_a_check_that_breaks_on_the_reference_too_is_the_suites_bug(course, tmp_path):
    (suite(course) / "test_extra.py").write_text(
        'import pytest\npytestmark = pytest.mark.task("causal_pairs")\n'
        'def test_buggy(student):\n    student.causal_pairs(4)["pairs"]\n')  # an int is no table, whoever returns it
    check = next(c for c in grade(_with_appended(course, tmp_path, _HUGE_PAIRS), course=course)
                 .task("causal_pairs").checks if c.name == "buggy")
    assert check.broken and check.error
    assert check.message.startswith("internal error in check 'buggy' (TypeError: ")
    assert check.message.endswith("this is a bug in the grader's suite, not in your code (it breaks with the "
                                  "reference solution too): tell your instructor")


def test_an_unmet_pytest_raises_is_a_failed_check_not_a_broken_suite(course):
    (suite(course) / "test_extra.py").write_text(
        'import pytest\npytestmark = pytest.mark.task("causal_pairs")\n'
        'def test_refuses_negative(student):\n    """Refuses a negative prompt length."""\n'
        "    with pytest.raises(ValueError):\n        student.causal_pairs(3)\n")  # inside the contract: no raise
    _hide(course, "causal_pairs::refuses_negative")
    check = next(c for c in grade(course.root / "solutions" / "prefill", course=course).task("causal_pairs").checks
                 if c.name == "refuses_negative")
    assert not check.passed and not check.broken and not check.error and "DID NOT RAISE" in check.message
    assert check.safe_message == "Refuses a negative prompt length."


# ---------------------------------------------------------------------------- what a secret check may say

_CHOSEN = """

def causal_pairs(P):  # a class name, a message and a made-up place, all carrying the inputs
    raise type(f"Leak P={P} (prefill.py, line {P})", (ValueError,), {})(f"hidden input P={P}")


def causal_mask(P):  # not an Exception, under its own name
    raise type(f"Escape P={P}", (BaseException,), {})(f"hidden input P={P}")
"""


def test_a_secret_check_says_nothing_the_submission_chose(course, tmp_path):
    _hide(course, "causal_pairs")
    _hide(course, "causal_mask")
    report = grade(_with_appended(course, tmp_path, _CHOSEN), course=course)
    instructor = json.dumps(report.for_audience("instructor").to_dict(), ensure_ascii=False)
    student = json.dumps(report.for_audience("student").to_dict(), ensure_ascii=False)
    for chosen in ("Leak", "Escape", "hidden input", "P=1000", "(prefill.py, line 1000)"):
        assert chosen in instructor and chosen not in student, chosen
    said = {t.id: {c.message for c in t.checks} for t in report.for_audience("student").tasks}
    assert {m.split(";")[0] for m in said["causal_pairs"]} == {  # a call labelled with its size says it
        "causal_pairs raised ValueError", "causal_pairs raised ValueError for a prompt of 1000 tokens or more",
        "causal_pairs must accept every input the lesson allows"}
    assert {m.split(";")[0] for m in said["causal_mask"]} == {
        "causal_mask raised BaseException", "causal_mask raised BaseException for a prompt of 1000 tokens or more"}


# ---------------------------------------------------------------------------- no check without its truth

@pytest.mark.parametrize("protocol", [False, True], ids=["direct", "pytest-protocol"])
def test_a_check_that_reaches_a_missing_reference_is_an_error_never_a_pass(course, tmp_path, monkeypatch, protocol):
    """The defence behind the up-front refusal: were a check to get past it, it fails as the grader's error.

    A skip counted as passed: the multiplied_by_utilization mutant scored prefill_seconds 3/3 (truly 2/3)."""
    lesson = Course(ROOT).lesson("prefill")
    wrong = next(m for m in load_mutants(lesson) if m.name == "multiplied_by_utilization")
    folder = materialize(wrong, lesson, course.root / "solutions" / "prefill", tmp_path / "submission")
    (course.root / "solutions" / "prefill" / "prefill.py").unlink()
    monkeypatch.setattr("grader.lesson.solutions.require_reference", lambda lesson, folder: None,
                        raising=False)  # let it through (raising=False: today's code has no such refusal)
    if protocol:
        _through_pytest(monkeypatch, protocol=True)
    task = grade(folder, course=course).task("prefill_seconds")
    needing = [c for c in task.checks if c.name in ("lesson_example", "default_utilization", "other_sizes")]
    assert len(needing) == 3 and task.score < 2
    for check in needing:
        assert not check.passed and check.weight > 0 and check.error and check.broken
        assert check.message == check.safe_message
        assert "compares with the reference solution, which the grader does not have here" in check.message


def test_the_grader_uses_no_private_pytest_module():
    """pytest's public hooks only (pytest_runtest_protocol, not _pytest.runner): pytest is not pinned to a major
    version, so a private module could move under any release."""
    import ast

    private = []
    for path in (ROOT / "grader").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            private += [f"{path.relative_to(ROOT)}: {name}" for name in names if name.split(".")[0] == "_pytest"]
    assert private == []
