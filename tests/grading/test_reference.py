"""grader.grading.reference: the solution's recorded answers stand in for it in the student bundle."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from grader.checks import CheckFailed
from grader.grading import reference as replay
from grader.grading.reference import load_reference
from grader.lesson.manifest import load_lesson

from paths import ROOT

PREFILL = ROOT / "suites" / "prefill"


@pytest.fixture(autouse=True)
def empty_recording():
    replay.RECORDED.clear()
    yield
    replay.RECORDED.clear()


@pytest.mark.parametrize("value", [
    None, True, False, 0, -7, 10**30, "tëxt", 0.1 + 0.2, 1e-300, -0.0, math.inf,
    [1, 2.5, "a"], (1, (2, 3)), {"k": [1.5, None]},
    np.arange(6, dtype=np.int32).reshape(2, 3), np.tril(np.ones((4, 4), dtype=bool)), np.linspace(0, 1, 7),
    np.float64(0.28), np.int64(-3), np.bool_(True), np.zeros((0, 3)),
], ids=repr)
def test_values_round_trip_exactly_with_their_types(value):
    back = replay.decode(json.loads(json.dumps(replay.encode(value))))
    assert type(back) is type(value)
    if isinstance(value, np.ndarray):
        assert back.dtype == value.dtype and back.shape == value.shape and np.array_equal(back, value)
    else:
        assert back == value or (isinstance(value, float) and math.copysign(1, back) == math.copysign(1, value))


def test_nan_round_trips():
    assert math.isnan(replay.decode(json.loads(json.dumps(replay.encode(math.nan)))))


@pytest.mark.parametrize("value", [object(), 1 + 2j, np.array(["a"]), np.array([object()]), {1: 2},
                                   np.zeros(replay.MAX_VALUE_BYTES // 8 + 1)],
                         ids=["object", "complex", "str-array", "object-array", "int-keys", "too-big"])
def test_what_cannot_be_stored_exactly_is_refused(value):
    with pytest.raises(replay.Unrecordable):
        replay.encode(value)


def test_call_keys_tell_apart_what_python_compares_equal():
    keys = {replay.call_key("f", args, {}) for args in [(1,), (1.0,), (True,), ([1],), ((1,),)]}
    assert len(keys) == 5
    assert replay.call_key("f", (), {"a": 1, "b": 2}) == replay.call_key("f", (), {"b": 2, "a": 1})


class _Count(int):
    """An int subclass: JSON writes it as its number, so its call key is the number's."""


_KEYED = [(1,), (1.0,), (True,), (False,), (0,), (-0.0,), (0.0,), (math.nan,), (float("nan"),), (math.inf,),
          ([1],), ((1,),), ("1",), (None,), (_Count(1),), ({"a": 1, "b": [2.5]},), ({"b": [2.5], "a": 1},),
          ({"a": (1,)},), (np.float64(1.0),), (np.float32(1.0),), (np.int64(1),), (np.bool_(True),),
          (np.arange(4),), (np.arange(4).reshape(2, 2),), (np.arange(4, dtype=np.int32),), (np.arange(4.0),),
          (np.asfortranarray(np.arange(4.0).reshape(2, 2)),), (np.arange(4.0).reshape(2, 2),),
          (1, 2), (2, 1), ((1, 2),), ([1, 2],), ([[1], 2],), ([1, [2]],), ("a", "b"), ("ab",)]


@pytest.mark.parametrize("kwargs", [{}, {"u": 0.5}, {"u": 0.5, "v": 1}], ids=repr)
def test_memo_keys_are_equal_exactly_where_call_keys_are(kwargs):
    """The models' in-memory caches key calls by memo_key: a call key in every way but its cost."""
    for one in _KEYED:
        for other in _KEYED:
            same_call = replay.call_key("f", one, kwargs) == replay.call_key("f", other, kwargs)
            same_memo = replay.memo_key("f", one, kwargs) == replay.memo_key("f", other, kwargs)
            assert same_memo == same_call, (one, other)
            hash(replay.memo_key("f", one, kwargs))
    assert replay.memo_key("f", (), {"a": 1, "b": 2}) == replay.memo_key("f", (), {"b": 2, "a": 1})
    assert replay.memo_key("f", (1,), {}) != replay.memo_key("g", (1,), {})


@pytest.mark.parametrize("value", [object(), 1 + 2j, np.array(["a"]), {1: 2},
                                   np.zeros(replay.MAX_VALUE_BYTES // 8 + 1)],
                         ids=["object", "complex", "str-array", "int-keys", "too-big"])
def test_memo_keys_refuse_what_call_keys_refuse(value):
    with pytest.raises(replay.Unrecordable):
        replay.memo_key("f", (value,), {})


def test_the_stand_in_records_the_solution_module_s_own_functions(tmp_path):
    solution = ROOT / "solutions" / "prefill" / "prefill.py"
    stand_in = tmp_path / "prefill.py"
    stand_in.write_text(replay.stand_in_source(solution), encoding="utf-8")
    module = load_reference(stand_in, load_lesson(PREFILL))
    assert not hasattr(module, "np")  # only functions defined in the solution
    assert module.causal_pairs(4) == 10 and module.prefill_seconds(7e9, 1000, 1e14, utilization=0.5) == 0.28
    assert set(replay.RECORDED) == {replay.call_key("causal_pairs", (4,), {}),
                                    replay.call_key("prefill_seconds", (7e9, 1000, 1e14), {"utilization": 0.5})}
    # what the solution calls inside itself is not a check's call: not recorded


def test_a_replay_answers_recorded_calls_with_fresh_values_and_fails_others(tmp_path):
    lesson = load_lesson(PREFILL)
    replay.RECORDED[replay.call_key("causal_mask", (3,), {})] = replay.encode(np.tril(np.ones((3, 3), dtype=bool)))
    replay.save(tmp_path / replay.FILENAME)
    reference = replay.Replay(json.loads((tmp_path / replay.FILENAME).read_text()), lesson)
    first = reference.causal_mask(3)
    first[0, 2] = True
    assert np.array_equal(reference.causal_mask(3), np.tril(np.ones((3, 3), dtype=bool)))
    with pytest.raises(CheckFailed, match=r"cannot finish on your machine.*causal_mask\(\.\.\.\).*hand in"):
        reference.causal_mask(4)
    with pytest.raises(CheckFailed):
        reference.causal_mask(object())
    assert not hasattr(reference, "__wrapped__")  # private names are never replayed


def test_load_reference_falls_back_to_the_recorded_answers_only_when_they_exist(tmp_path):
    lesson = load_lesson(PREFILL)
    assert load_reference(tmp_path / "prefill.py", lesson) is None
    suite = tmp_path / "suite"
    suite.mkdir()
    for name in ("lesson.toml", "diagnoses.toml"):  # the manifest's answer hints name the catalogue's codes
        (suite / name).write_text((PREFILL / name).read_text(encoding="utf-8"), encoding="utf-8")
    replay.RECORDED[replay.call_key("causal_pairs", (5,), {})] = 15
    replay.save(suite / replay.FILENAME)
    reference = load_reference(tmp_path / "prefill.py", load_lesson(suite))
    assert isinstance(reference, replay.Replay) and reference.causal_pairs(5) == 15


@pytest.mark.parametrize("ending", ["import sys\nsys.exit(0)\n", "raise SystemExit('done')\n", "raise GeneratorExit\n"],
                         ids=["sys.exit(0)", "SystemExit", "GeneratorExit"])
def test_a_reference_that_ends_like_a_script_is_a_configuration_error_naming_it(tmp_path, ending):
    """sys.exit() at the end of a solution file escaped as SystemExit: `grader grade --solutions` exited 0
    with no report, and `grader validate` exited 0 (proven) without a word."""
    from grader.exceptions import ConfigError

    lesson = load_lesson(ROOT / "suites" / "prefill")
    path = tmp_path / "prefill.py"
    path.write_text((ROOT / "solutions" / "prefill" / "prefill.py").read_text() + "\n" + ending)
    with pytest.raises(ConfigError) as wrong:
        load_reference(path, lesson)
    assert str(wrong.value).startswith(f"{path}: the reference solution cannot be imported (")


def test_a_reference_that_never_finishes_importing_is_a_configuration_error_in_its_time(tmp_path, monkeypatch):
    """It hung the grader for good (the instructor's demo loop, an input() on a terminal): now a one-line
    configuration error once IMPORT_ROOM times the lesson's import_seconds are spent, which no
    `except Exception` in the loop can swallow."""
    from grader.exceptions import ConfigError

    lesson = load_lesson(ROOT / "suites" / "prefill")
    monkeypatch.setattr(replay, "IMPORT_ROOM", 0.2 / lesson.import_seconds)
    path = tmp_path / "prefill.py"
    path.write_text("import time\nwhile True:\n    try:\n        time.sleep(0.01)\n    except Exception:\n"
                    "        pass\n")
    import signal

    before = signal.getsignal(signal.SIGALRM)
    with pytest.raises(ConfigError, match=r"did not finish importing within 0\.2 s"):
        load_reference(path, lesson)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # the timer is off again, its handler restored
    assert signal.getsignal(signal.SIGALRM) is before
    assert load_reference(ROOT / "solutions" / "prefill" / "prefill.py", lesson).causal_pairs(4) == 10


def test_the_solution_in_a_students_place_passes_a_check_that_observes_its_calls():
    """A check that asks ``student.call_observed`` (prefill_matches_sequential's) runs with the solution answering:
    unobserved (None), as in a student bundle. The name was taken for a function's, so every such check "broke with
    the reference too", and a student's odd value was blamed on the suite (issue 21's fifth round, m21)."""
    lesson = load_lesson(PREFILL)
    solution = load_reference(ROOT / "solutions" / "prefill" / "prefill.py", lesson)
    X, W = np.ones((3, 2)), np.eye(2)

    def check(student):
        observed = student.call_observed("prefill_matches_sequential", (X, W), {})
        assert (observed is None) and student.call("prefill_matches_sequential", X, W)

    assert replay.in_students_place(solution, check, {"student": None}) == "passes"


def test_the_solution_in_a_students_place_answers_a_summary_call_with_its_values_facts():
    """causal_mask's check past 4096 tokens asks ``student.call_summary``: the solution answers it from the value."""
    solution = load_reference(ROOT / "solutions" / "prefill" / "prefill.py", load_lesson(PREFILL))

    def check(student):
        facts = student.call_summary("a long prompt", "causal_mask", 9)
        assert (facts.shape, facts.dtype, facts.nonzero, facts.above) == ((9, 9), "bool", 45, 0)

    assert replay.in_students_place(solution, check, {"student": None}) == "passes"
