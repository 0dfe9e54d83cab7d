"""The student module the tests of grader.sandbox.proxy call, and the fixtures that start it.

tests/sandbox/test_proxy.py and its test_proxy_<aspect>.py siblings (one file became several to keep
each under 450 lines) all call this one submission, a function for each thing a check may meet (a
value, a raise, a hang, a crash, a grandchild), through a real StudentModule in the real sandbox.
It lives here, on the test path, so that each of them imports it rather than repeating it; the
fixtures are named ``*_fixture`` (pytest knows them as ``make_student`` and ``student``) so that
importing one does not clash with the test arguments that ask for it.
"""

from __future__ import annotations

import os
import textwrap
import time
from pathlib import Path

import pytest

from grader.sandbox import confine
from grader.sandbox.channel import WorkerSpec
from grader.sandbox.proxy import StudentModule

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


def write_student(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "sub"
    folder.mkdir(exist_ok=True)
    path = folder / "prefill.py"
    path.write_text(source)
    return path


@pytest.fixture(name="make_student")
def make_student_fixture(tmp_path):
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


@pytest.fixture(name="student")
def student_fixture(make_student):
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
