"""grader.grading.evidence: what an agreement with a model proves (the same error for the same reason; more than
"wrong")."""

from __future__ import annotations

import numpy as np
import pytest

from grader.checks import Outcome, same_type, same_value
from grader.grading.evidence import agrees, only_wrong, stated


def _raise_value_error():
    raise ValueError("utilization must be in (0, 1]")


def _divide_none():
    return None / 2.0


def _numpy_refuses():
    return np.ones((2, 3)) @ np.ones((2, 3))


def _caught(function) -> BaseException:
    try:
        function()
    except Exception as exc:  # noqa: BLE001 - the exception is what is looked at
        return exc
    raise AssertionError("it was meant to raise")


def test_a_model_s_code_is_read_once_for_all_its_raises(monkeypatch):
    """Its raises are told apart by their offsets, read once per function (thousands of raises per class)."""
    from grader.grading import evidence

    read = []
    real = evidence.dis.get_instructions
    monkeypatch.setattr(evidence.dis, "get_instructions", lambda code: read.append(code) or real(code))
    evidence._raises.cache_clear()
    here = test_a_model_s_code_is_read_once_for_all_its_raises.__code__
    assert all(stated(_caught(_raise_value_error), here) for _ in range(3))
    assert read == [_raise_value_error.__code__]


def test_a_raise_statement_of_the_models_file_is_stated_and_pythons_own_error_is_not():
    here = test_a_raise_statement_of_the_models_file_is_stated_and_pythons_own_error_is_not.__code__
    assert stated(_caught(_raise_value_error), here)
    assert not stated(_caught(_divide_none), here)  # Python's TypeError, raised at the division
    assert not stated(_caught(_numpy_refuses), here)  # numpy's, not the model's
    assert not stated(_caught(_raise_value_error), compile("pass", "elsewhere.py", "exec"))  # another file's


def _raised(error: str, message: str, said: bool = False) -> Outcome:
    return Outcome("raised", error=error, message=message, stated=said)


@pytest.mark.parametrize("student, model, expected", [
    (_raised("TypeError", "unsupported operand type(s) for /: 'decimal.Decimal' and 'float'"),
     _raised("TypeError", "prefill_seconds() takes 3 positional arguments but 4 were given"), False),
    (_raised("TypeError", "prefill_seconds() takes 3 positional arguments but 4 were given"),
     _raised("TypeError", "prefill_seconds() takes 3 positional arguments but 4 were given"), True),
    (_raised("ValueError", "utilization out of range"), _raised("ValueError", "must be in (0, 1]", said=True), True),
    (_raised("TypeError", "x"), _raised("ValueError", "x", said=True), False),
], ids=["python's-error-for-another-reason", "python's-error-for-the-same-reason", "a-stated-error-in-other-words",
        "another-type"])
def test_an_error_agrees_by_its_type_and_where_python_raised_it_by_its_message(student, model, expected):
    assert agrees(same_value, student, model) is expected


def test_a_returned_value_is_left_to_the_models_own_comparison():
    assert agrees(same_type, Outcome("returned", "1.4e13 FLOPs"), Outcome("returned", "text"))
    assert not agrees(same_value, Outcome("returned", 1.0), Outcome("returned", 2.0))


def _says(*answers) -> list[Outcome]:
    return [answer if isinstance(answer, Outcome) else Outcome("returned", answer) for answer in answers]


def test_a_model_that_only_says_the_other_truth_value_says_nothing_but_wrong():
    misfit = _raised("ValueError", "matmul: Input operand 1 has a mismatch")
    references = _says(True, True, misfit, np.bool_(True))
    assert only_wrong(_says(False, False, misfit, False), references)
    assert not only_wrong(_says(False, True, misfit, False), references)  # right where its mistake does not show
    assert not only_wrong(_says(False, False, True, False), references)  # True where the reference raises
    assert not only_wrong(_says(None, False, misfit, False), references)  # another kind of answer


def test_numbers_are_never_only_wrong():
    assert not only_wrong(_says(7e12, 1.0), _says(1.4e13, 2.0))
