"""grader.grading.models: a diagnosis is the model a function agrees with on every probe, never one value."""

from __future__ import annotations

import copy
import shutil
import types

import numpy as np
import pytest

from grader.checks import ModelMark, Outcome, model, probe, same_changes, same_type
from grader.exceptions import CallTimeout, ConfigError, UnsupportedResult, WorkerDied
from grader.grading.models import MODELS_NAME, YOURS, Model, Models, ending, load_models
from grader.grading.reference import Replay, load_reference
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson

from paths import ROOT

LESSON = Course(ROOT).lesson("prefill")
REFERENCE = load_reference(ROOT / "solutions" / "prefill" / "prefill.py", LESSON)


@pytest.fixture(scope="module")
def models() -> Models:
    """The lesson's models, shared like a grading session shares them (their answers are cached)."""
    return Models(LESSON, REFERENCE)


class Student:
    """A submission as the ``student`` fixture reaches it: each call on copies of the arguments, its own
    exceptions rebuilt with the worker's sentence; the functions not given are the reference's."""

    def __init__(self, **functions):
        self.functions = functions
        self.calls: list[tuple] = []

    def call(self, function, *args, **kwargs):
        return self.call_echo(function, *args, **kwargs)[0]

    def call_echo(self, function, *args, **kwargs):
        self.calls.append((function, args))
        args, kwargs = copy.deepcopy((list(args), kwargs))
        target = self.functions.get(function, getattr(REFERENCE, function))
        try:
            value = target(*args, **kwargs)
        except Exception as exc:
            exc.grader_text = f"{function}(...) raised {type(exc).__name__}: {exc}"
            raise
        return value, args


# ---------------------------------------------------------------------------- a match on every probe

FLOPS = [probe(7e9, 1000), probe(2e9, 77), probe(1.3e8, 4096)]


def test_a_function_that_agrees_with_a_model_on_every_probe_gets_its_code(models):
    student = Student(prefill_flops=lambda N, P: N * P)
    assert models.for_submission(student)("prefill_flops", FLOPS) == "flops.missing-factor-2"


def test_a_function_right_on_every_probe_gets_nothing(models):
    student = Student(prefill_flops=lambda N, P: 2.0 * P * N)
    assert models.for_submission(student)("prefill_flops", FLOPS) is None


def test_a_wrong_function_no_model_explains_gets_nothing(models):
    student = Student(prefill_flops=lambda N, P: 3 * N * P + 1)
    assert models.for_submission(student)("prefill_flops", FLOPS) is None


def test_one_coincidental_value_names_no_misconception(models):
    """P(P+1) gives 2 for one token, which a loop one pair too far per token gives too: on that probe
    alone nothing is said; the probes that tell them apart name the forgotten halving."""
    diagnose = models.for_submission(Student(causal_pairs=lambda P: P * (P + 1)))
    assert diagnose("causal_pairs", [(1,)]) is None
    assert diagnose("causal_pairs", [(1,), (4,), (5,), (7,)]) == "pairs.not-halved"


def test_a_type_mistake_is_recognised_whatever_the_text(models):
    diagnose = models.for_submission(Student(prefill_flops=lambda N, P: f"{2 * N * P} FLOPs"))
    assert diagnose("prefill_flops", FLOPS) == "flops.returned-string"


def test_a_mask_of_numbers_is_told_apart_from_a_transposed_one(models):
    lower, upper = (lambda P: np.tril(np.ones((P, P), dtype=int))), (lambda P: np.triu(np.ones((P, P), dtype=int)))
    probes = [(1,), (4,), (5,)]
    assert models.for_submission(Student(causal_mask=lower))("causal_mask", probes) == "mask.not-bool"
    assert models.for_submission(Student(causal_mask=upper))("causal_mask", probes) == "mask.transposed"


# ----------------------------------------------------------------------- two models, and the one that explains most

def _mark(code, same=None, **kwargs):
    def wrap(function):
        return model(code, **({"same": same} if same else {}), **kwargs)(function)
    return wrap


def _models(*functions) -> Models:
    """Models made here (codes of the real catalogue, any behaviour), for the ranking rules alone."""
    made = []
    for function in functions:
        mark: ModelMark = function.grader_model
        task = next(t for t in LESSON.diagnosis(mark.code).tasks)
        name = LESSON.task(task).function
        made.append(Model(function.__name__, mark.code, task, name, function, mark, frozenset(), ROOT))
    return Models(LESSON, REFERENCE, tuple(made))


def test_two_misconceptions_that_explain_the_same_probes_name_neither():
    @_mark("pairs.all-pairs")
    def square(P):
        return P * P

    @_mark("pairs.half-grid")
    def square_again(P):
        return P * P

    diagnose = _models(square, square_again).for_submission(Student(causal_pairs=lambda P: P * P))
    assert diagnose("causal_pairs", [(2,), (3,)]) is None


def test_of_two_agreeing_models_the_one_that_explains_more_probes_is_named():
    @_mark("pairs.returned-string", same=same_type)
    def any_number_at_all(P):  # by its comparison, any number agrees: it explains nothing
        return 0

    @_mark("pairs.all-pairs")
    def square(P):
        return P * P

    diagnose = _models(any_number_at_all, square).for_submission(Student(causal_pairs=lambda P: P * P))
    assert diagnose("causal_pairs", [(2,), (3,)]) == "pairs.all-pairs"


def test_a_model_that_mutates_is_compared_by_what_it_changes():
    @_mark("sequential.mutates-input", same=same_changes)
    def in_place(X, W):
        X += 1
        return True

    def student(X, W):
        X *= 2
        return bool(np.allclose(np.cumsum(X @ W, axis=0), np.cumsum(X @ W, axis=0)))

    diagnose = _models(in_place).for_submission(Student(prefill_matches_sequential=student))
    X, W = np.ones((3, 2)), np.eye(2)
    assert diagnose("prefill_matches_sequential", [(X, W)]) == "sequential.mutates-input"
    assert np.array_equal(X, np.ones((3, 2)))  # models and students run on copies


# ---------------------------------------------------------------------------- carried forward

SECONDS = [probe(7e9, 1000, 1e14, 0.5), probe(2e9, 77, 3e13, 0.25), probe(2e9, 77, 2e13, 1.0)]


def _right_seconds(flops):
    def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
        if not 0 < utilization <= 1:
            raise ValueError("utilization must be in (0, 1]")
        return flops(N, P) / (flops_per_sec * utilization)
    return prefill_seconds


@pytest.mark.parametrize("flops", [lambda N, P: N * P, lambda N, P: None, lambda N, P: "1.4e13",
                                   lambda N, P: 2 ** N * P], ids=["half", "none", "text", "raises"])
def test_a_right_downstream_function_on_a_wrong_upstream_one_is_carried_forward(models, flops):
    student = Student(prefill_flops=flops, prefill_seconds=_right_seconds(flops))
    found = models.for_submission(student).explain("prefill_seconds", SECONDS)
    assert (found.code, found.world, found.upstream) == ("seconds.flops-carried-forward", YOURS, ("prefill_flops",))


def test_a_downstream_mistake_is_recognised_on_top_of_a_wrong_upstream_one(models):
    def flops(N, P):
        return N * P

    def ignores_utilization(N, P, flops_per_sec, utilization=1.0):
        return flops(N, P) / flops_per_sec

    found = models.for_submission(Student(prefill_flops=flops, prefill_seconds=ignores_utilization)).explain(
        "prefill_seconds", SECONDS)
    assert (found.code, found.world) == ("seconds.ignored-utilization", YOURS)


def test_a_right_upstream_function_leaves_only_the_mistake_itself(models):
    def ignores_utilization(N, P, flops_per_sec, utilization=1.0):
        return 2 * N * P / flops_per_sec

    found = models.for_submission(Student(prefill_seconds=ignores_utilization)).explain("prefill_seconds", SECONDS)
    assert (found.code, found.world, found.upstream) == ("seconds.ignored-utilization", "reference", ())


# ---------------------------------------------------------------------------- what it costs and what it asks

def test_an_answer_a_check_saw_is_never_asked_again(models):
    student = Student(prefill_flops=lambda N, P: N * P)
    diagnose = models.for_submission(student)
    for each in FLOPS:
        diagnose.observed.call("prefill_flops", *each.args)
    asked = len(student.calls)
    assert diagnose("prefill_flops", FLOPS) == "flops.missing-factor-2"
    assert len(student.calls) == asked


def test_a_function_that_ran_out_of_time_is_judged_on_what_it_answered_before():
    def slow(P):
        if P > 100:
            raise CallTimeout(f"causal_pairs({P}) did not return within 5 s")
        return P * (P + 1) // 2

    student = Student(causal_pairs=slow)
    diagnose = Models(LESSON, REFERENCE).for_submission(student)
    for P in (1, 4, 5):
        diagnose.observed.call("causal_pairs", P)
    with pytest.raises(CallTimeout):
        diagnose.observed.call("causal_pairs", 1000)
    asked = len(student.calls)
    assert diagnose("causal_pairs", [(1000,), (1,), (4,), (5,), (2,), (7,)]) == "pairs.too-slow"
    assert len(student.calls) == asked  # 2 and 7 are not asked: they would fail at once


def test_a_probe_whose_process_died_is_no_evidence_either_way():
    """A function that kills its worker may or may not get its reply out first: the probes it answered
    decide (two at least), the ones that died are left out rather than voiding the diagnosis."""
    def dies_now_and_then(P):
        if P in (2, 7):
            raise WorkerDied(f"causal_pairs({P}) never returned: the process was killed")
        return P * P

    diagnose = Models(LESSON, REFERENCE).for_submission(Student(causal_pairs=dies_now_and_then))
    assert diagnose("causal_pairs", [(4,), (5,), (2,), (7,)]) == "pairs.all-pairs"
    assert diagnose("causal_pairs", [(4,), (2,), (7,)]) is None  # one answer alone names nothing


def test_without_models_or_without_the_solution_nothing_is_diagnosed(tmp_path):
    student = Student(prefill_flops=lambda N, P: N * P)
    assert Models(LESSON, REFERENCE, ()).for_submission(student)("prefill_flops", FLOPS) is None
    replay = Replay({}, LESSON)  # a student bundle: the solution's answers to the public checks only
    assert Models(LESSON, replay).for_submission(student)("prefill_flops", FLOPS) is None


@pytest.mark.parametrize("exc, kind", [(CallTimeout("t"), "timeout"), (UnsupportedResult("u"), "unsupported"),
                                       (SystemExit(3), "failed")])
def test_a_call_that_did_not_return_is_an_outcome_of_its_own(exc, kind):
    assert ending(exc).kind == kind


def test_a_students_exception_is_its_built_in_type_and_message():
    exc = ValueError("utilization must be in (0, 1]")
    exc.grader_text = "prefill_seconds(...) raised ValueError: utilization must be in (0, 1]"
    assert ending(exc) == Outcome("raised", error="ValueError", message="utilization must be in (0, 1]")


# ---------------------------------------------------------------------------- models.py, read

def _lesson_with(tmp_path, text: str):
    folder = tmp_path / "prefill"
    shutil.copytree(ROOT / "suites" / "prefill", folder, ignore=shutil.ignore_patterns("mutants", "__pycache__"))
    (folder / MODELS_NAME).write_text(text, encoding="utf-8")
    return load_lesson(folder)


def test_the_real_models_each_stand_for_a_code_task_diagnosis():
    found = load_models(LESSON)
    assert len(found) >= 100
    code_tasks = {t.id for t in LESSON.code_tasks}
    assert all(m.task in code_tasks and LESSON.diagnosis(m.code) for m in found)
    assert {m.code for m in found if m.mark.carried} == {"seconds.flops-carried-forward"}
    assert next(m for m in found if m.name == "seconds_at_peak").calls == {"prefill_flops"}


def test_no_models_file_is_no_models(tmp_path):
    folder = tmp_path / "prefill"
    shutil.copytree(ROOT / "suites" / "prefill", folder, ignore=shutil.ignore_patterns("mutants", MODELS_NAME))
    assert load_models(load_lesson(folder)) == ()


@pytest.mark.parametrize("text, key, words", [
    ("from grader.checks import model\n@model('flops.no-such')\ndef f(N, P):\n    return 0\n", "f", "does not hold"),
    ("from grader.checks import model\n@model('hand-flops.power-of-ten')\ndef g(N, P):\n    return 0\n", "g",
     "exactly one code task"),
    ("from grader.checks import model\n@model('flops.squared', needs='pairs.all-pairs')\ndef h(N, P):\n"
     "    return 0\n", "h", "no model of"),
    ("from grader.checks import model\n@model('flops.squared', same=3)\ndef k(N, P):\n    return 0\n", "k",
     "must be functions"),
    ("import no_such_module\n", None, "cannot be imported"),
    ("import sys\nsys.exit(0)\n", None, "cannot be imported (SystemExit: 0)"),  # escaped as SystemExit before
])
def test_a_broken_models_file_is_named_with_the_model(tmp_path, text, key, words):
    lesson = _lesson_with(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_models(lesson)
    assert caught.value.key == key and words in caught.value.problem
    assert caught.value.source.endswith(MODELS_NAME)


def test_a_model_may_call_itself():
    @_mark("pairs.recursion-too-deep")
    def recursive(P):
        return 0 if P == 0 else P + causal_pairs(P - 1)  # noqa: F821 - its own lesson name: itself

    made = _models(recursive)
    assert isinstance(made.models[0].fn, types.FunctionType)
    assert made.model_outcome(made.models[0], probe(10)).value == 55  # shallow: see grader.checks.model
    too_deep = next(m for m in load_models(LESSON) if m.name == "pairs_recursive")
    assert Models(LESSON, REFERENCE).model_outcome(too_deep, probe(1000)).error == "RecursionError"
