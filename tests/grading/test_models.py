"""grader.grading.models: a diagnosis is the model a function agrees with on every probe, never one value."""

from __future__ import annotations

import copy
import importlib.util
import types
import warnings

import numpy as np
import pytest

from grader.checks import ModelMark, Outcome, model, probe, same_changes, same_type
from grader.exceptions import CallTimeout, UnsupportedResult, WorkerDied
from grader.grading.models import YOURS, Models, ending
from grader.grading.reference import Replay, load_reference
from grader.lesson.course import Course
from grader.lesson.misconceptions import Model, load_models

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


def test_a_model_the_function_disagrees_with_on_a_probe_is_asked_no_further():
    """Its other answers cannot make it the diagnosis: the first disagreement ends it (a wrong submission's
    checks looked every model up on every probe, thousands of lookups per grade)."""
    asked = []

    @_mark("pairs.all-pairs")
    def square(P):
        asked.append(P)
        return P * P

    @_mark("pairs.half-grid")
    def half(P):
        return P * P // 2

    diagnose = _models(square, half).for_submission(Student(causal_pairs=lambda P: P * P // 2))
    assert diagnose("causal_pairs", [(3,), (4,), (5,)]) == "pairs.half-grid"
    assert asked == [3]


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


def test_every_call_that_returned_is_kept_once_in_order_for_the_relations():
    """``answered``: what the checks asked and the models' probes, once each, raises left out (grading.relations
    states what all of them have in common with the right answers)."""
    student = Student(prefill_flops=lambda N, P: N * P if N < 1e10 else 1 / 0)
    diagnose = Models(LESSON, REFERENCE).for_submission(student)
    diagnose.observed.call("prefill_flops", 7e9, 1000)
    diagnose.observed.call("prefill_flops", 7e9, 1000)
    with pytest.raises(ZeroDivisionError):
        diagnose.observed.call("prefill_flops", 5e10, 3)
    diagnose.outcome("prefill_flops", probe(2e9, 77))
    assert diagnose.answered["prefill_flops"] == [((7e9, 1000), {}, 7e12), ((2e9, 77), {}, 1.54e11)]


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


def test_a_model_may_call_itself():
    @_mark("pairs.recursion-too-deep")
    def recursive(P):
        return 0 if P == 0 else P + causal_pairs(P - 1)  # noqa: F821 - its own lesson name: itself

    made = _models(recursive)
    assert isinstance(made.models[0].fn, types.FunctionType)
    assert made.model_outcome(made.models[0], probe(10)).value == 55  # shallow: see grader.checks.model
    too_deep = next(m for m in load_models(LESSON) if m.name == "pairs_recursive")
    assert Models(LESSON, REFERENCE).model_outcome(too_deep, probe(1000)).error == "RecursionError"


# ------------------------------------------------------------------------ what an agreement proves (evidence)

SECONDS = [probe(7e9, 1000, 1e14, 0.5), probe(2e9, 77, 3e13, 0.25), probe(5e10, 3, 1e15, 0.002)]


def test_pythons_own_error_for_another_reason_is_not_the_models(models):
    """A prefill_seconds that raises TypeError on every call (it adds text to a number) is not one that takes the
    utilization only by name, though that one raises TypeError on these calls too: Python words the two apart."""
    def adds_a_unit(N, P, flops_per_sec, utilization=1.0):
        return 2 * N * P / (flops_per_sec * utilization) + " s"

    def named_only(N, P, flops_per_sec, *, utilization=1.0):
        return 2 * N * P / (flops_per_sec * utilization)

    assert models.for_submission(Student(prefill_seconds=adds_a_unit))("prefill_seconds", SECONDS) is None
    named_only.__qualname__ = "prefill_seconds"  # as the worker's function is named
    assert models.for_submission(Student(prefill_seconds=named_only))("prefill_seconds", SECONDS) == \
        "seconds.keyword-only-utilization"


def _running_sums(X, W, skip_current: bool) -> bool:
    Y = X @ W
    sequential, running = np.zeros_like(Y), np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        if skip_current:
            sequential[i] = running
        running = running + Y[i]
        if not skip_current:
            sequential[i] = running
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))


def _suite_probes() -> list[tuple]:
    """The suite's telling probes of prefill_matches_sequential (the ones its checks ask the models about)."""
    path = LESSON.suite_dir / "test_prefill_matches_sequential.py"
    spec = importlib.util.spec_from_file_location("_telling_probes", path)
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():  # its marks (task, weight) are the grading session's, not registered here
        warnings.simplefilter("ignore", pytest.PytestUnknownMarkWarning)
        spec.loader.exec_module(module)
    return module.TELLING


def test_a_yes_no_model_that_only_says_no_where_the_reference_says_yes_explains_nothing(models):
    """Every wrong computation says False on random prompts: a model that says nothing else cannot name one. With
    weights of zero, where leaving out the current position does not show, the mistake is told apart."""
    telling = _suite_probes()
    zero_weights = next(p for p in telling if not p[1].any())
    random = [p for p in telling if p is not zero_weights]

    def never_agrees(X, W):
        return X @ W is None

    skips_current = Student(prefill_matches_sequential=lambda X, W: _running_sums(X, W, skip_current=True))
    assert models.for_submission(Student(prefill_matches_sequential=never_agrees))(
        "prefill_matches_sequential", [*random, zero_weights]) is None
    assert models.for_submission(skips_current)("prefill_matches_sequential", random) is None
    assert models.for_submission(skips_current)("prefill_matches_sequential", [*random, zero_weights]) == \
        "sequential.excludes-current"


# ---------------------------------------------------------------------------- bounded work (issue 25)

def test_a_value_far_bigger_than_any_right_answer_is_never_modelled_nor_copied(models, monkeypatch):
    """A prefill_flops returning 300 000 floats: no diagnosis, without a model (or a deep copy) run on it,
    and what is remembered of it is its size, not the value (the trusted process's memory)."""
    copied = []
    deepcopy = copy.deepcopy
    monkeypatch.setattr(copy, "deepcopy", lambda value, *a: copied.append(value) or deepcopy(value, *a))
    diagnose = models.for_submission(Student(prefill_flops=lambda N, P: [1.0] * 300_000))
    assert diagnose("prefill_flops", FLOPS) is None
    assert diagnose("prefill_seconds", [probe(7e9, 1000, 1e14, 0.5), probe(2e9, 77, 3e13)]) is None
    assert not [v for v in copied if isinstance(v, list) and len(v) > 1000]
    kept = [o.value for o in diagnose._seen.values() if o.kind == "returned"]
    assert kept and not [v for v in kept if isinstance(v, list) and len(v) > 1000]


def test_a_mask_far_bigger_than_p_by_p_is_not_modelled(models):
    from grader.grading.sizes import is_oversized

    diagnose = models.for_submission(Student(causal_mask=lambda P: np.ones((50 * P, 50 * P), dtype=bool)))
    assert diagnose("causal_mask", [(3,), (5,), (8,)]) is None
    assert all(is_oversized(o) for o in diagnose._seen.values())


def test_a_model_run_on_a_students_value_prints_no_warning():
    """Whatever a model warns about on a student's number (numpy's overflow, Python's own) stays out of
    stderr, which would quote the model's source line and the grading machine's path."""
    @_mark("flops.missing-factor-2")
    def overflowing(N, P):
        warnings.warn("overflow encountered in scalar multiply", RuntimeWarning, stacklevel=1)
        return np.float64(N) * np.float64(1e308) * P

    diagnose = _models(overflowing).for_submission(Student(prefill_flops=lambda N, P: float("inf")))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        diagnose("prefill_flops", FLOPS)
    assert not caught, [str(w.message) for w in caught]


def test_a_list_of_pairs_far_bigger_than_their_count_is_still_told_by_its_sort(models):
    """The list of pairs itself (500 500 tuples at P = 1000) is never kept or modelled, yet the model that
    compares only the sort of answer recognises it: "a list of pairs, not their count"."""
    student = Student(causal_pairs=lambda P: [(i, j) for i in range(P) for j in range(i + 1)])
    assert models.for_submission(student)("causal_pairs", [(1,), (4,), (7,), (1000,)]) == "pairs.returned-list"


def test_a_models_frames_are_what_it_held_at_each_return_on_copies_even_when_it_raises():
    from grader.grading.models import Diagnose

    def running(X, W):
        Y = X @ W
        Y += 1  # in place, on the copy: the caller's arrays stay as they were
        raise ValueError("after holding Y")

    X, W = np.eye(2), np.ones((2, 2))
    [(name, depth, held)] = Diagnose.model_frames(running, X, W)
    assert (name, depth) == ("running", 0) and held["Y"].tolist() == [[2.0, 2.0], [2.0, 2.0]]
    assert X.tolist() == [[1.0, 0.0], [0.0, 1.0]] and W.tolist() == [[1.0, 1.0], [1.0, 1.0]]
