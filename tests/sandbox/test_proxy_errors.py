"""grader.sandbox.proxy: what a student's call raises reaches the checks as a builtin or a grader error.

The student's own exception classes never cross into the trusted process: an exception becomes its
nearest builtin, carrying the student's call and line; a BaseException becomes StudentBaseException
while the worker keeps serving; a value of a type the codec does not carry is UnsupportedResult; a
name that is no function is MissingFunction; a function the source rules out (``blocked``) is never
called. Apart from test_proxy.py so that each file stays under 450 lines.
"""

from __future__ import annotations

import pytest

from grader.exceptions import (
    MissingFunction,
    NotGradable,
    StudentBaseException,
    StudentCodeError,
    UnsupportedResult,
)

from proxy_student import (
    STUDENT,
    capture,
    make_student_fixture,  # noqa: F401 - the fixture make_student, found here by pytest
    student_fixture,  # noqa: F401 - the fixture student, found here by pytest
)


def line_of(marker: str, source: str = STUDENT) -> int:
    for number, line in enumerate(source.splitlines(), start=1):
        if line.rstrip().endswith(f"# LINE {marker}"):
            return number
    raise AssertionError(f"no line marked {marker}")


# --------------------------------------------------------------------------- student exceptions

def test_student_exception_becomes_builtin_with_grader_text(student):
    with pytest.raises(ValueError) as info:
        student.call("raise_value_error", 5)
    exc = info.value
    assert type(exc) is ValueError
    assert str(exc) == "bad x: 5"
    assert "raise_value_error(5)" in exc.grader_text
    assert "ValueError" in exc.grader_text
    assert f"prefill.py, line {line_of('raise_value_error')}" in exc.grader_text
    assert exc.grader_call == "raise_value_error(5)"


def test_zero_division_names_the_students_line(student):
    with pytest.raises(ZeroDivisionError) as info:
        student.call("divide", 1, 0)
    assert "divide(1, 0)" in info.value.grader_text
    assert f"line {line_of('divide')}" in info.value.grader_text


def test_student_subclass_of_value_error_is_caught_as_value_error(student):
    with pytest.raises(ValueError) as info:
        student.call("raise_subclass")
    assert type(info.value) is ValueError  # the student's class itself never reaches the grader
    assert "BadShape" in info.value.grader_text
    assert f"line {line_of('raise_subclass')}" in info.value.grader_text
    assert str(info.value) == "wrong shape"


def test_an_exception_names_the_functions_it_passed_through(student):
    exc = capture(lambda: student.call("halve", 3))
    assert type(exc) is ZeroDivisionError
    assert exc.grader_frames == (("halve", line_of("halve")), ("divide", line_of("divide")))
    assert f"halve(3) raised ZeroDivisionError (prefill.py, line {line_of('divide')}, in divide)" in exc.grader_text


def test_a_function_the_source_rules_out_is_never_called(student):
    student.blocked = {"add": NotGradable("add is the stub", diagnosis="import.defined-twice")}
    exc = capture(lambda: student.call("add", 1, 2))
    assert type(exc) is NotGradable and exc.diagnosis == "import.defined-twice"
    assert student._channel is None  # not even a worker was started for it
    assert student.call("divide", 4, 2) == 2


@pytest.mark.parametrize("function, expected", [
    ("raise_key_error", KeyError),
    ("raise_unicode_error", ValueError),  # UnicodeDecodeError needs five arguments: nearest that builds
])
def test_other_builtin_exceptions_are_rebuilt(student, function, expected):
    exc = capture(lambda: student.call(function))
    assert isinstance(exc, expected) and not isinstance(exc, StudentCodeError)
    assert function in exc.grader_text


@pytest.mark.parametrize("function, name", [
    ("raise_system_exit", "SystemExit"),
    ("raise_keyboard_interrupt", "KeyboardInterrupt"),
    ("raise_custom_base", "StudentAbort"),
    ("raise_generator_exit", "GeneratorExit"),
])
def test_base_exceptions_become_student_base_exception(student, function, name):
    worker = student.call("worker_id")
    exc = capture(lambda: student.call(function))
    assert type(exc) is StudentBaseException, f"re-raised as {type(exc).__name__}"
    assert name in str(exc) and f"{function}()" in str(exc)
    # the worker keeps serving: same process, still answering
    assert student.call("add", 1, 1) == 2
    assert student.call("worker_id") == worker


def test_system_exit_message_names_line_and_code(student):
    exc = capture(lambda: student.call("raise_system_exit"))
    assert type(exc) is StudentBaseException
    assert f"line {line_of('raise_system_exit')}" in str(exc)
    assert str(exc).endswith(": 3")


# --------------------------------------------------------------------------- unsupported results

@pytest.mark.parametrize("function, type_name", [
    ("return_always_equal", "AlwaysEqual"),
    ("return_int_subclass", "LyingInt"),
    ("return_masked_array", "MaskedArray"),
    ("return_object_array", "object"),
    ("return_nested_unsupported", "AlwaysEqual"),
    ("return_function", "function"),
])
def test_unsupported_return_values(student, function, type_name):
    exc = capture(lambda: student.call(function))
    assert type(exc) is UnsupportedResult
    assert "returned an unsupported type" in str(exc)
    assert type_name in str(exc)
    assert f"{function}()" in str(exc)
    assert student.call("add", 1, 2) == 3  # the worker is still usable


def test_argument_mutated_into_unsupported_type_is_refused(student):
    exc = capture(lambda: student.call_echo("mutate_into_unsupported", [1]))
    assert type(exc) is UnsupportedResult and "AlwaysEqual" in str(exc)


def test_missing_function(student):
    exc = capture(lambda: student.call("no_such_function", 1))
    assert type(exc) is MissingFunction
    assert "no_such_function" in str(exc) and "prefill.py" in str(exc)


def test_non_callable_attribute_is_a_missing_function(student):
    exc = capture(lambda: student.call("NOT_A_FUNCTION"))
    assert type(exc) is MissingFunction


def test_private_attributes_are_not_forwarded(student):
    with pytest.raises(AttributeError):
        getattr(student, "_no_such_private")  # noqa: B009 - the attribute access is the test
