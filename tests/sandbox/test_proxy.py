"""Tests for grader.sandbox.channel: student code runs in a worker process and whatever it does
(raise, hang, crash, print, spawn, return odd objects) comes back as data or as a grader error."""

from __future__ import annotations

import os
import secrets
import signal
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import grader
from grader.exceptions import (
    CallTimeout,
    ImportFailed,
    MissingFunction,
    NotGradable,
    StudentBaseException,
    StudentCodeError,
    UnsupportedResult,
    WorkerDied,
)
from grader.sandbox import confine
from grader.sandbox.channel import WorkerSpec
from grader.sandbox.proxy import StudentModule

REPO_ROOT = Path(grader.__file__).resolve().parent.parent
TIMEOUT = 2.0  # of one call: what a hang costs; every other call returns far sooner, even on a busy machine

STUDENT = '''
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np

NOT_A_FUNCTION = 3
WORKER_TOKEN = os.urandom(8).hex()  # new for every import, i.e. for every worker process


def add(a, b):
    return a + b


def scale(x, *, factor=1, offset=0):
    return x * factor + offset


def causal_mask(n):
    return np.tril(np.ones((n, n), dtype=bool))


def plain_data():
    return {"ints": [1, -2, 10**30], "float": 0.5, "nan": float("nan"), "tuple": (1, "a"),
            "array": np.arange(6, dtype=np.float32).reshape(2, 3), "scalar": np.float64(2.5),
            "flag": np.bool_(True), 3: None}


def fill(xs, arr, table):
    xs.append(4)
    arr[0, 0] = 99
    table["new"] = True
    return len(xs)


def worker_id():  # a task's calls run in a fork of the imported worker: the pid tells the forks apart
    return f"{WORKER_TOKEN}-{os.getpid()}"


def raise_value_error(x):
    raise ValueError(f"bad x: {x}")  # LINE raise_value_error


def divide(a, b):
    return a / b  # LINE divide


def halve(a):
    return divide(a, 0)  # LINE halve


def slow_for_large(n):
    while n > 100:
        pass
    return n


class BadShape(ValueError):
    pass


def raise_subclass():
    raise BadShape("wrong shape")  # LINE raise_subclass


def raise_key_error():
    return {}["missing"]


def raise_unicode_error():
    b"\\xff".decode("utf-8")


class StudentAbort(BaseException):
    pass


def raise_system_exit():
    sys.exit(3)  # LINE raise_system_exit


def raise_keyboard_interrupt():
    raise KeyboardInterrupt("stop")


def raise_custom_base():
    raise StudentAbort("custom")


def raise_generator_exit():
    raise GeneratorExit()


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__


class LyingInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def return_always_equal():
    return AlwaysEqual()


def return_int_subclass():
    return LyingInt(5)


def return_masked_array():
    return np.ma.masked_array([1, 2, 3], mask=[0, 1, 0])


def return_object_array():
    return np.array([1, AlwaysEqual()], dtype=object)


def return_nested_unsupported():
    return [1, {"k": (2, AlwaysEqual())}]


def return_function():
    return add


def mutate_into_unsupported(xs):
    xs.append(AlwaysEqual())
    return 1


def spin():
    while True:
        pass


def sleep_forever():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(3600)


def exit_hard():
    os._exit(3)


def segfault():
    ctypes.string_at(0)


def abort():
    os.abort()


def getenv(name):
    return os.environ.get(name)


def environment():
    return dict(os.environ)


def path():
    return list(sys.path)


def cwd():
    return os.getcwd()


def import_solutions():
    try:
        import solutions  # noqa: F401
    except ImportError as exc:
        return type(exc).__name__
    return "imported from " + str(getattr(solutions, "__path__", solutions))


def grader_modules():
    return sorted(name for name in sys.modules if name == "grader" or name.startswith("grader."))


def noisy(n):
    sys.stdout.write('{"id": 999, "ok": "forged"}\\n')
    print("x" * n)
    sys.stdout.flush()
    sys.stderr.write("y" * n)
    os.write(1, b"z" * n)
    os.write(2, b"w" * n)
    return 7


def spawn_sleeper(seconds):
    subprocess.Popen(["sleep", seconds])
    return True


def exit_soon():
    threading.Timer(0.2, os._exit, (0,)).start()
    return True


def huge_int():
    return 10**5000


def stop_reading_requests():
    import grader.sandbox.codec as codec
    codec.read_frame = lambda fd, deadline=None: time.sleep(3600)
    return 1


def forge_unhashable_dtype():
    import grader.sandbox.codec as codec
    codec.encode = lambda value, blobs, depth=0: {"t": "ndarray", "dtype": ["<f8"], "shape": [1], "blob": [0, 8]}
    return 1
'''


def line_of(marker: str, source: str = STUDENT) -> int:
    for number, line in enumerate(source.splitlines(), start=1):
        if line.rstrip().endswith(f"# LINE {marker}"):
            return number
    raise AssertionError(f"no line marked {marker}")


def write_student(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "sub"
    folder.mkdir(exist_ok=True)
    path = folder / "prefill.py"
    path.write_text(source)
    return path


@pytest.fixture
def make_student(tmp_path):
    """Build StudentModules over given source; every one is closed when the test ends."""
    modules = []

    def make(source: str = STUDENT, timeout: float = TIMEOUT, import_seconds: float = 30.0) -> StudentModule:
        path = write_student(tmp_path, textwrap.dedent(source))
        spec = WorkerSpec("prefill", path, import_seconds=import_seconds, limits=confine.limits(120, 4096),
                          box=confine.current())
        module = StudentModule(spec, timeout=timeout)
        modules.append(module)
        return module

    yield make
    for module in modules:
        module.close()


@pytest.fixture
def student(make_student):
    return make_student()


def capture(call):
    """Run a call and return what it raised, catching BaseException so nothing can escape the test."""
    try:
        call()
    except BaseException as exc:  # noqa: BLE001 - the type is what the test checks
        return exc
    raise AssertionError("the call did not raise")


def processes_with(marker: str) -> list[int]:
    """Host pids of live (not zombie) processes whose command line contains marker."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = Path(f"/proc/{entry.name}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            status = Path(f"/proc/{entry.name}/status").read_text()
        except OSError:
            continue
        state = next((line.split()[1] for line in status.splitlines() if line.startswith("State:")), "")
        if marker in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


def all_gone(marker: str, within: float = 30.0) -> bool:
    """True once no live process carries marker (a zombie awaiting its reaper counts as gone)."""
    deadline = time.monotonic() + within
    while processes_with(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def appears(marker: str, within: float = 30.0) -> bool:
    """True once a live process carries marker (a just-started child may not have exec'd yet)."""
    deadline = time.monotonic() + within
    while not processes_with(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def unique_sleep() -> str:
    """A sleep duration (in seconds, as text) that names exactly one test's grandchild."""
    return f"60.{secrets.randbelow(10**12):012d}"


def kill_sleepers(seconds: str) -> None:
    """Clean up after a failed test: only the sleep processes that this test started."""
    for pid in processes_with(f"sleep {seconds}"):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


# --------------------------------------------------------------------------- normal calls

def test_call_returns_plain_data(student):
    assert student.call("add", 2, 3) == 5
    result = student.call("add", [1], [2.5])
    assert result == [1, 2.5] and type(result) is list


def test_attribute_access_calls_the_function(student):
    assert student.add(1, 2) == 3


def test_kwargs_are_passed(student):
    assert student.call("scale", 2, factor=3, offset=1) == 7
    assert student.call("scale", 2) == 2
    array = student.call("scale", np.arange(3, dtype=np.int16), factor=2)
    assert type(array) is np.ndarray and array.dtype == np.int16 and array.tolist() == [0, 2, 4]


def test_plain_data_types_survive_the_round_trip(student):
    value = student.call("plain_data")
    assert value["ints"] == [1, -2, 10**30]
    assert type(value["float"]) is float and value["float"] == 0.5
    assert np.isnan(value["nan"])
    assert value["tuple"] == (1, "a") and type(value["tuple"]) is tuple
    assert type(value["array"]) is np.ndarray and value["array"].dtype == np.float32
    assert value["array"].shape == (2, 3) and value["array"].flags.writeable
    assert type(value["scalar"]) is np.float64 and value["scalar"] == 2.5
    assert type(value["flag"]) is np.bool_ and value["flag"]
    assert value[3] is None


def test_large_mask_crosses_in_both_directions(student):
    mask = student.call("causal_mask", 1000)
    assert mask.dtype == np.bool_ and mask.shape == (1000, 1000)
    np.testing.assert_array_equal(mask, np.tril(np.ones((1000, 1000), dtype=bool)))
    back = student.call("scale", mask)
    np.testing.assert_array_equal(back, mask)


def test_call_echo_returns_arguments_as_the_function_left_them(student):
    xs, arr, table = [1, 2, 3], np.zeros((2, 2), dtype=np.int64), {"old": 1}
    value, args_after = student.call_echo("fill", xs, arr, table)
    assert value == 4
    assert args_after[0] == [1, 2, 3, 4]
    assert args_after[1].tolist() == [[99, 0], [0, 0]]
    assert args_after[2] == {"old": 1, "new": True}
    # the caller's own objects are untouched: the function only ever saw copies
    assert xs == [1, 2, 3] and arr.sum() == 0 and table == {"old": 1}


def test_call_echo_without_mutation_returns_equal_arguments(student):
    value, args_after = student.call_echo("add", (1, 2), (3,))
    assert value == (1, 2, 3)
    assert args_after == [(1, 2), (3,)]


def test_plain_call_does_not_echo(student):
    value, args_after = student._call("add", (1, 2), {}, echo=False)
    assert value == 3 and args_after is None


def test_one_worker_serves_many_calls(student):
    first = student.call("worker_id")
    for i in range(20):
        assert student.call("add", i, 1) == i + 1
    assert student.call("worker_id") == first


def test_one_fork_serves_task_after_task_and_says_when_another_task_ran_there(student):
    student.task = "a"
    first = student.call("worker_id")
    assert student.tainted is False
    student.task, student.tainted = "b", False
    assert student.call("worker_id") == first  # no fork per task: a correct class pays for one
    assert student.tainted is True
    student.clean_slate()
    assert student.tainted is False
    second = student.call("worker_id")
    assert second != first and second.split("-")[0] == first.split("-")[0]  # a new fork of the same import
    student.task, student.tainted = "a", False
    assert student.call("worker_id") == second and student.tainted is True


def test_a_fresh_fork_starts_from_the_import_not_from_what_the_last_fork_left(make_student):
    student = make_student("""
        import numpy as np
        state = {"patched": False}

        def patch():
            state["patched"] = True
            np.sum = lambda *a, **k: -1
            return True

        def look():
            return [state["patched"], int(np.sum([1, 2]))]
    """)
    student.task = "a"
    assert student.call("patch") is True
    student.task = "b"
    assert student.call("look") == [True, -1]  # same fork: the patch is still there
    student.clean_slate()
    assert student.call("look") == [False, 3]


def test_clean_slate_gives_only_this_tasks_timed_out_functions_another_chance(student):
    student.task = "a"
    assert type(capture(lambda: student.call("spin"))) is CallTimeout
    student.task = "b"
    assert type(capture(lambda: student.call("spin"))) is CallTimeout  # not run again: it timed out in a
    student.clean_slate()
    assert "was not run" in str(capture(lambda: student.call("spin")))  # b's slate, a's timeout
    student.task = "a"
    student.clean_slate()
    assert "did not return within" in str(capture(lambda: student.call("spin")))  # run again, in a fresh fork


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


# --------------------------------------------------------------------------- hangs and crashes

def test_a_sized_call_that_times_out_after_smaller_ones_returned_is_too_slow_for_its_size(student):
    assert student.call("slow_for_large", 5) == 5
    exc = capture(lambda: student.call_sized("n = 1000", "slow_for_large", 1000))
    assert type(exc) is CallTimeout and exc.too_slow and exc.size == "n = 1000"
    assert "slow_for_large(1000) did not return within 2 s: too slow for n = 1000 (its calls on smaller inputs " \
           "returned in time)" in str(exc)
    assert student.timed_out_in_check
    assert student.call("slow_for_large", 7) == 7  # only too slow for that size: smaller calls still run
    again = capture(lambda: student.call_sized("n = 1000", "slow_for_large", 1000))  # that size is not run again
    assert type(again) is CallTimeout and again.too_slow and "was not run" in str(again)


def test_a_sized_call_that_never_returned_before_is_not_called_too_slow(student):
    exc = capture(lambda: student.call_sized("a long prompt", "spin"))
    assert type(exc) is CallTimeout and not exc.too_slow and exc.size == "a long prompt"
    assert "for a long prompt (an endless loop, or far too much work?)" in str(exc)
    again = capture(lambda: student.call_sized("a long prompt", "spin"))
    assert "was not run" in str(again) and again.size == "a long prompt"


def test_hang_times_out_then_same_function_fails_at_once(student, tmp_path):
    first = student.call("worker_id")
    start = time.monotonic()
    exc = capture(lambda: student.call("spin"))
    elapsed = time.monotonic() - start
    assert type(exc) is CallTimeout
    assert "did not return within" in str(exc) and "spin()" in str(exc)
    assert TIMEOUT <= elapsed < TIMEOUT + 20  # stopped at its limit, not left to run (a busy machine adds a little)

    start = time.monotonic()
    again = capture(lambda: student.call("spin"))
    assert time.monotonic() - start < TIMEOUT  # not run again: no second time limit spent
    assert type(again) is CallTimeout and "was not run: an earlier call already timed out" in str(again)

    # another function still works, in a fresh worker
    assert student.call("add", 2, 2) == 4
    assert student.call("worker_id") != first
    student.close()
    assert all_gone(str(tmp_path / "sub" / "prefill.py"))  # no worker left spinning


def test_hang_ignoring_sigterm_is_still_stopped(student):
    exc = capture(lambda: student.call("sleep_forever"))
    assert type(exc) is CallTimeout
    assert student.call("add", 1, 1) == 2


def test_os_exit_in_a_call_is_worker_died(student):
    first = student.call("worker_id")
    exc = capture(lambda: student.call("exit_hard"))
    assert type(exc) is WorkerDied
    assert "exited with status 3" in str(exc) and "exit_hard()" in str(exc)
    assert student.call("add", 1, 2) == 3
    assert student.call("worker_id") != first


def test_segfault_in_a_call_is_worker_died(student):
    exc = capture(lambda: student.call("segfault"))
    assert type(exc) is WorkerDied
    assert "segmentation fault" in str(exc)
    assert student.call("add", 1, 2) == 3


def test_abort_in_a_call_is_worker_died(student):
    exc = capture(lambda: student.call("abort"))
    assert type(exc) is WorkerDied and "abort" in str(exc).lower()
    assert student.call("add", 1, 2) == 3


def test_crashing_function_may_be_called_again(student):
    # unlike a timeout, a crash does not blacklist the function
    for _ in range(2):
        assert type(capture(lambda: student.call("exit_hard"))) is WorkerDied


def test_worker_that_exits_between_calls_is_replaced(student):
    first = student.call("worker_id")
    assert student.call("exit_soon") is True
    time.sleep(0.6)  # the worker ends by itself 0.2 s after answering
    assert student.call("add", 3, 4) == 7
    assert student.call("worker_id") != first


# --------------------------------------------------------------------------- import failures

IMPORT_FAILURES = {
    "syntax-error": ("x = 1\n\ndef broken(:\n    pass\n", ["SyntaxError", "line 3", "def broken(:"]),
    "exception": ("x = 1\nimport os\nraise RuntimeError('boom at import')\n",
                  ["RuntimeError", "line 3", "boom at import"]),
    "sys-exit": ("x = 1\nimport sys\nsys.exit(4)\n", ["SystemExit", "line 3", "4"]),
    "os-exit": ("x = 1\nimport os\nos._exit(5)\n", ["exited with status 5"]),
    "hang": ("x = 1\nwhile True:\n    pass\n", ["did not finish within 5 s"]),
    "segfault": ("x = 1\nimport ctypes\nctypes.string_at(0)\n", ["segmentation fault"]),
}


@pytest.mark.parametrize("case", list(IMPORT_FAILURES))
def test_import_failure_is_reported_once_and_raised_again(make_student, case):
    source, words = IMPORT_FAILURES[case]
    student = make_student(source, import_seconds=5.0 if case == "hang" else 60.0)  # a start-up is never the hang

    first = capture(lambda: student.call("anything", 1))
    assert type(first) is ImportFailed
    assert "prefill.py" in str(first)
    for word in words:
        assert word in str(first), str(first)

    second = capture(lambda: student.call("something_else"))
    third = capture(lambda: student.call_echo("anything", [1]))
    assert second is first and third is first  # the stored verdict: no new worker, no second import
    assert student.unavailable is first


def test_import_prints_and_slow_but_in_time_import_works(make_student):
    student = make_student("import time\nprint('hello ' * 100000)\ntime.sleep(0.3)\n"
                           "def f():\n    return 'ok'\n")
    assert student.call("f") == "ok"


# --------------------------------------------------------------------------- what the worker can see

def test_worker_does_not_see_the_parents_environment(make_student, monkeypatch):
    monkeypatch.setenv("GRADER_TEST_SECRET_TOKEN", "hunter2-do-not-leak")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_should_not_leak")
    student = make_student()
    assert student.call("getenv", "GRADER_TEST_SECRET_TOKEN") is None
    assert student.call("getenv", "GITHUB_TOKEN") is None
    env = student.call("environment")
    assert not any("leak" in value for value in env.values())
    assert os.environ["GRADER_TEST_SECRET_TOKEN"] == "hunter2-do-not-leak"  # the test did set it


def test_worker_sys_path_excludes_the_repository(student, tmp_path):
    paths = student.call("path")
    assert paths  # a real list came back
    resolved = {str(Path(p).resolve()) for p in paths if p}
    assert "/work/main" not in paths and "/work/main/solutions" not in paths
    assert str(REPO_ROOT) not in resolved
    assert str(REPO_ROOT / "solutions") not in resolved
    assert "" not in paths  # no implicit current directory
    assert str((tmp_path / "sub").resolve()) in resolved  # the submission's own folder is there


def test_solutions_cannot_be_imported_in_the_worker(student):
    assert (REPO_ROOT / "solutions").is_dir()  # there is something to hide
    assert student.call("import_solutions") in ("ModuleNotFoundError", "ImportError")


def test_worker_runs_in_the_submission_folder(student, tmp_path):
    assert Path(student.call("cwd")).resolve() == (tmp_path / "sub").resolve()


def test_worker_does_not_load_the_scoring_side_of_the_grader(student):
    modules = student.call("grader_modules")
    assert "grader.sandbox.inside.worker" in modules and "grader.sandbox.codec" in modules
    for trusted in ("grader.grading.engine", "grader.grading.suite", "grader.checks", "grader.grading.answers",
                    "grader.lesson.course", "grader.lesson.manifest", "grader.sandbox.channel", "grader.result"):
        assert trusted not in modules


def test_printing_does_not_disturb_the_protocol(student):
    assert student.call("noisy", 1_000_000) == 7
    assert student.call("add", 1, 1) == 2


# --------------------------------------------------------------------------- cleanup

def test_grandchild_process_is_killed_on_close(student):
    seconds = unique_sleep()
    try:
        assert student.call("spawn_sleeper", seconds) is True
        assert appears(f"sleep {seconds}")  # it really is running before close()
        student.close()
        assert all_gone(f"sleep {seconds}")
    finally:
        kill_sleepers(seconds)


def test_grandchild_process_is_killed_after_a_timeout(student):
    seconds = unique_sleep()
    try:
        assert student.call("spawn_sleeper", seconds) is True
        assert appears(f"sleep {seconds}")
        assert type(capture(lambda: student.call("spin"))) is CallTimeout
        assert all_gone(f"sleep {seconds}")
    finally:
        kill_sleepers(seconds)


def test_grandchild_of_a_worker_that_exited_between_calls_is_killed(student):
    seconds = unique_sleep()
    try:
        assert student.call("spawn_sleeper", seconds) is True
        assert student.call("exit_soon") is True
        time.sleep(0.6)  # the worker ends by itself 0.2 s after answering
        assert student.call("add", 1, 1) == 2  # served by a fresh worker
        student.close()
        assert all_gone(f"sleep {seconds}")
    finally:
        kill_sleepers(seconds)


def test_close_kills_the_worker_and_the_module_restarts_after_close(student, tmp_path):
    first = student.call("worker_id")
    marker = str(tmp_path / "sub" / "prefill.py")
    assert processes_with(marker)  # the worker is identifiable by its module path
    student.close()
    student.close()
    assert all_gone(marker)
    assert student.call("add", 1, 1) == 2
    assert student.call("worker_id") != first


def test_huge_int_result_is_returned_or_refused(student):
    try:
        value = student.call("huge_int")
    except UnsupportedResult:
        return
    except BaseException as exc:  # noqa: BLE001 - anything else is the bug
        pytest.fail(f"{type(exc).__name__}: {exc}")
    assert value == 10**5000


def test_worker_that_stops_reading_cannot_hang_the_grader(student):
    assert student.call("stop_reading_requests") == 1
    outcome = {}

    def call():
        outcome["exc"] = capture(lambda: student.call("scale", np.zeros((1000, 1000), dtype=bool)))

    thread = threading.Thread(target=call, daemon=True)
    start = time.monotonic()
    thread.start()
    thread.join(TIMEOUT + 3)
    hung = thread.is_alive()
    if hung:
        student.close()  # kills the worker, which breaks the blocked write
        thread.join(5)
    assert not hung, f"the call was still blocked after {time.monotonic() - start:.1f} s"
    assert isinstance(outcome["exc"], StudentCodeError)


def test_forged_reply_with_unhashable_dtype_is_a_grader_error(student):
    exc = capture(lambda: student.call("forge_unhashable_dtype"))
    assert isinstance(exc, StudentCodeError), f"got {type(exc).__name__}: {exc}"

