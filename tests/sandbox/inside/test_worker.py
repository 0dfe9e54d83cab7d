"""grader.sandbox.inside.worker: the only program in which student code runs, tested without a sandbox.

``answer_call`` and its helpers run in-process on a module loaded from a file (so tracebacks
point at the "student's" lines), which shows exactly what each kind of call turns into on
the wire. test_worker_program.py writes replies on a real pipe and runs the worker program as
a plain subprocess (no limits, no sandbox) to show its start-up frames and the task fork.
tests/sandbox/test_proxy.py covers the same protocol through the trusted side and a real sandbox.
"""

from __future__ import annotations

import importlib.util
import types

import numpy as np
import pytest

from grader.sandbox import codec
from grader.sandbox.inside import worker

STUDENT = '''
import sys

import numpy as np

N = 3
CALLS = []


def add(a, b=0):
    CALLS.append("add")
    return a + b


def double(array):
    return array * 2


def zero():
    return 0


def fill(xs, table):
    xs.append(4)
    table["new"] = True
    return len(xs)


def spoil(xs):
    xs.append({1, 2})
    return None


def returns_a_set():
    return {1, 2}


def array_then_set():
    return [np.arange(3), {1}]


def raise_value_error(x):
    raise ValueError(f"bad x: {x}")  # LINE raise_value_error


def outer():
    return inner()  # LINE outer


def inner():
    return {}["missing"]  # LINE inner


class BadShape(ValueError):
    pass


def raise_subclass():
    raise BadShape("wrong shape")


def raise_own_value_error():
    class ValueError(Exception):  # the student's own class, which only borrows a built-in's name
        pass

    raise ValueError("not the built-in one")


class StudentAbort(BaseException):
    pass


def raise_custom_base():
    raise StudentAbort("custom")


def raise_system_exit():
    sys.exit(3)  # LINE raise_system_exit


def raise_keyboard_interrupt():
    raise KeyboardInterrupt("stop")


class Unreadable(Exception):
    def __str__(self):
        raise RuntimeError("no message for you")


def raise_unreadable():
    raise Unreadable()
'''


def line_of(source: str, tag: str) -> int:
    return next(n for n, text in enumerate(source.splitlines(), 1) if text.endswith(f"# LINE {tag}"))


@pytest.fixture
def student(tmp_path):
    """The student module loaded from a file of its own (never registered in sys.modules), and its path."""
    path = tmp_path / "prefill.py"
    path.write_text(STUDENT)
    spec = importlib.util.spec_from_file_location("prefill_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, str(path)


def call(student, fn, *args, echo=False, **kwargs) -> tuple[dict, bytes]:
    """A call request built as grader.sandbox.channel builds one, answered in-process: (reply, its blob)."""
    module, path = student
    sent = codec.Blobs()
    request = {"op": "call", "id": 7, "fn": fn, "echo": echo,
               "args": codec.encode(list(args), sent), "kwargs": codec.encode(dict(kwargs), sent)}
    blobs = codec.Blobs()
    reply = worker.answer_call(module, path, request, b"".join(sent.parts), blobs)
    return reply, b"".join(blobs.parts)


# --------------------------------------------------------------------------- answer_call

def test_a_returned_value_crosses_with_the_requests_id(student):
    assert call(student, "add", 2, b=3) == ({"id": 7, "ok": 5}, b"")
    reply, blob = call(student, "double", np.arange(4, dtype=np.int32))
    assert np.array_equal(codec.decode(reply["ok"], blob), [0, 2, 4, 6])


def test_a_request_without_arguments_calls_with_no_arguments():
    reply = worker.answer_call(types.SimpleNamespace(zero=lambda: 0), "prefill.py", {"id": 1, "fn": "zero"}, b"",
                               codec.Blobs())
    assert reply == {"id": 1, "ok": 0}


@pytest.mark.parametrize("fn", ["absent", "N", 5, None])
def test_a_missing_or_non_callable_name_is_missing(fn):
    stand_in = types.SimpleNamespace(N=3, add=lambda a, b: a + b)
    reply = worker.answer_call(stand_in, "prefill.py", {"id": 2, "fn": fn}, b"", codec.Blobs())
    assert reply == {"id": 2, "missing": fn}


def test_a_value_the_codec_refuses_is_unsupported_and_no_bytes_go_with_it(student):
    reply, blob = call(student, "returns_a_set")
    assert reply == {"id": 7, "unsupported": "set"}
    reply, blob = call(student, "array_then_set")  # the array's bytes were collected before the set was met
    assert "ok" not in reply and reply["unsupported"] == "set" and blob == b""


def test_a_conversion_that_raises_anything_else_is_unsupported_too(student, monkeypatch):
    def lying_encode(value, blobs, depth=0):
        raise ZeroDivisionError("an __array__ that lies")

    monkeypatch.setattr(codec, "encode", lying_encode)  # the worker's codec is this very module
    reply = worker.answer_call(student[0], student[1], {"id": 3, "fn": "zero"}, b"", codec.Blobs())
    assert reply == {"id": 3, "unsupported": "a value whose conversion raised ZeroDivisionError"}


def test_an_exception_becomes_its_type_message_and_the_students_line(student):
    reply, _ = call(student, "raise_value_error", 4)
    line = 'raise ValueError(f"bad x: {x}")  # LINE raise_value_error'
    assert reply == {"id": 7, "raised": {"type": "ValueError", "name": "ValueError", "message": "bad x: 4",
                                         "lineno": line_of(STUDENT, "raise_value_error"), "line": line,
                                         "frames": [{"function": "raise_value_error", "lineno": line_of(
                                             STUDENT, "raise_value_error"), "line": line}]}}


def test_the_deepest_line_of_the_students_file_is_named(student):
    raised = call(student, "outer")[0]["raised"]
    assert raised["type"] == "KeyError" and raised["message"] == "'missing'"
    assert raised["lineno"] == line_of(STUDENT, "inner")
    # the path through the student's functions, outermost first: "the error comes from inner"
    assert [(f["function"], f["lineno"]) for f in raised["frames"]] == \
        [("outer", line_of(STUDENT, "outer")), ("inner", line_of(STUDENT, "inner"))]


def test_a_deep_recursion_keeps_where_it_started_and_where_it_ended(tmp_path):
    path = tmp_path / "prefill.py"
    path.write_text("def down(n):\n    return down(n - 1) if n else {}['bottom']\n")
    spec = importlib.util.spec_from_file_location("deep_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    raised = call((module, str(path)), "down", 200)[0]["raised"]
    assert len(raised["frames"]) == worker.MAX_FRAMES and {f["function"] for f in raised["frames"]} == {"down"}


def test_a_syntax_error_carries_the_caret_s_columns(tmp_path):
    path = str(tmp_path / "prefill.py")
    with pytest.raises(SyntaxError) as info:
        compile("x = (1 +\n", path, "exec")
    described = worker.describe_exception(info.value, path)
    assert (described["offset"], described["frames"]) == (5, [])


@pytest.mark.parametrize("fn, builtin, name", [
    ("raise_subclass", "ValueError", "BadShape"),
    ("raise_own_value_error", "Exception", "ValueError"),  # a name alone does not make the built-in
    ("raise_custom_base", "BaseException", "StudentAbort"),
    ("raise_keyboard_interrupt", "KeyboardInterrupt", "KeyboardInterrupt"),
])
def test_an_exception_is_sent_as_its_nearest_builtin_type(student, fn, builtin, name):
    raised = call(student, fn)[0]["raised"]
    assert (raised["type"], raised["name"]) == (builtin, name)


def test_system_exit_is_a_result_not_an_exit(student):
    raised = call(student, "raise_system_exit")[0]["raised"]
    assert raised["type"] == "SystemExit" and raised["message"] == "3"
    assert raised["lineno"] == line_of(STUDENT, "raise_system_exit")


def test_echo_sends_the_arguments_as_the_function_left_them(student):
    reply, blob = call(student, "fill", [1, 2, 3], {"old": 1}, echo=True)
    assert reply["ok"] == 4
    assert codec.decode(reply["args"], blob) == [[1, 2, 3, 4], {"old": 1, "new": True}]
    assert "args" not in call(student, "fill", [1], {})[0]  # without echo nothing comes back


def test_arguments_mutated_into_something_the_codec_refuses_are_unsupported(student):
    reply, _ = call(student, "spoil", [1], echo=True)
    assert reply == {"id": 7, "unsupported": "set"}


@pytest.mark.parametrize("request_part", [{"args": {"t": "bogus"}}, {"kwargs": {"t": "ndarray", "dtype": "|O"}},
                                          {"args": [{"t": "ndarray", "dtype": "<i8", "shape": [4], "blob": [0, 32]}]}])
def test_arguments_that_cannot_be_decoded_are_a_protocol_error_and_nothing_runs(student, request_part):
    module, path = student
    reply = worker.answer_call(module, path, {"id": 9, "fn": "add", **request_part}, b"", codec.Blobs())
    assert set(reply) == {"id", "protocol"} and reply["protocol"]
    assert module.CALLS == []


# --------------------------------------------------------------------------- describe_exception and bounded_text

def test_a_syntax_error_in_the_students_file_names_its_own_line(tmp_path):
    path = str(tmp_path / "prefill.py")
    with pytest.raises(SyntaxError) as info:
        compile("x = 1\ndef broken(:\n    pass\n", path, "exec")
    described = worker.describe_exception(info.value, path)
    assert described["type"] == "SyntaxError" and described["lineno"] == 2 and described["line"] == "def broken(:"
    assert "line 2" not in described["message"]  # the bare message: the line travels apart


def test_a_syntax_error_elsewhere_is_not_placed_in_the_students_file(tmp_path):
    with pytest.raises(SyntaxError) as info:
        compile("def broken(:\n", str(tmp_path / "helper.py"), "exec")
    described = worker.describe_exception(info.value, str(tmp_path / "prefill.py"))
    assert described["lineno"] is None and described["line"] == ""
    assert "helper.py" in described["message"]


def test_an_exception_whose_str_raises_still_crosses(student):
    raised = call(student, "raise_unreadable")[0]["raised"]
    assert raised["message"] == "<the exception's message could not be read>"
    assert raised["name"] == "Unreadable" and raised["type"] == "Exception"


def test_an_exception_raised_outside_the_students_file_has_no_line():
    try:
        raise OSError("from the grader's own code")
    except OSError as exc:
        described = worker.describe_exception(exc, "/nowhere/prefill.py")
    assert described == {"type": "OSError", "name": "OSError", "message": "from the grader's own code",
                         "lineno": None, "line": "", "frames": []}


def test_a_huge_message_and_name_are_capped():
    exc = type("E" * 5000, (ValueError,), {})("m" * 5000)
    described = worker.describe_exception(exc, "prefill.py")
    assert described["type"] == "ValueError"
    for key in ("name", "message"):
        assert described[key].endswith(" …") and len(described[key]) == worker.MAX_TEXT + 2


def test_bounded_text_keeps_short_strings_and_caps_long_ones_visibly():
    assert worker.bounded_text("x" * worker.MAX_TEXT) == "x" * worker.MAX_TEXT
    capped = worker.bounded_text("x" * (worker.MAX_TEXT + 1))
    assert capped == "x" * worker.MAX_TEXT + " …"


@pytest.mark.parametrize("value, text", [(5, "5"), (None, "None"), (b"ab", "b'ab'"), (["a"], "['a']")])
def test_bounded_text_writes_anything_but_a_str_as_its_repr(value, text):
    assert worker.bounded_text(value) == text


def test_bounded_text_treats_a_str_subclass_as_not_a_str():
    class Sly(str):
        pass

    assert worker.bounded_text(Sly("abc")) == "'abc'"
    assert len(worker.bounded_text(list(range(2000)))) == worker.MAX_TEXT + 2
