"""grader.sandbox.inside.notebook_worker: the sandboxed program that runs the cells, reports them, and hands over.

The kernel test drives the worker program directly through NotebookProcess, as the trusted
side does, and reads its frames itself: the cells' report on the report pipe, then ``ready``
and the replies on the call pipe, each answering the request that carried its id.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from grader.sandbox import codec, confine
from grader.sandbox.inside.notebook_worker import _error_line, _first_line, has_shell_escape, location
from grader.sandbox.notebook import NotebookProcess
from grader.submission.notebook import clean_json, read_notebook

from paths import ROOT

TRACEBACK = ("\x1b[0;31m---------\x1b[0m\n\x1b[0;31mValueError\x1b[0m Traceback (most recent call last)\n"
             "Cell \x1b[0;32mIn[5], line 2\x1b[0m\n----> 2 f(3)\n\n"
             "Cell \x1b[0;32mIn[3], line 4\x1b[0m, in \x1b[0;36mf\x1b[0;34m(x)\x1b[0m\n----> 4 raise ValueError\n")


def test_the_error_is_located_in_the_deepest_cell_of_the_run():
    assert location(TRACEBACK, {3: 7, 5: 9}, 9) == {"at_cell": 7, "line": 4}
    assert location(TRACEBACK, {5: 9}, 9) == {"line": 2}  # the inner cell's count is unknown: its caller
    assert location("no cells here", {5: 9}, 9) == {}


def test_messages_are_cut_to_one_line():
    assert _first_line("first\nsecond", 100) == "first"
    assert _first_line("x" * 50, 10) == "x" * 9 + "…"
    assert _first_line(None, 10) == ""


def test_a_shell_failure_is_said_by_its_error_line():
    output = "Collecting torch\n\x1b[31mERROR: No matching distribution found for torch\x1b[0m\nafter pip\n"
    assert _error_line(output) == "ERROR: No matching distribution found for torch"
    assert _error_line("all fine\n") == ""


@pytest.mark.parametrize("status, expected", [(3, 3), (0, 0), (-11, -11)])
def test_the_worker_ends_as_its_kernel_ended(status, expected):
    code = f"from grader.sandbox.inside.notebook_worker import _exit_like; _exit_like({status})"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                          check=False).returncode == expected


@pytest.mark.kernel
def test_cells_past_the_notebooks_total_time_are_skipped_and_reported_before_ready(tmp_path):
    cells = [
        {"cell_type": "code", "id": "a", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "def first():\n    return 1\n\nimport time\ntime.sleep(3)"},
        {"cell_type": "markdown", "id": "b", "metadata": {}, "source": "words"},
        {"cell_type": "code", "id": "c", "metadata": {}, "outputs": [], "execution_count": None,
         "source": "def second():\n    return 2"},
    ]
    source = tmp_path / "source.ipynb"
    source.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}))
    workdir = tmp_path / "work"
    workdir.mkdir()
    path = workdir / "prefill.ipynb"
    path.write_text(clean_json(read_notebook(source), {"cell_seconds": 5, "total_seconds": 1, "kernel_seconds": 30}))
    limits = confine.Limits(cpu_seconds=60, memory_bytes=4 * 1024**3)
    (tmp_path / "t").mkdir(mode=0o700)
    process = NotebookProcess("prefill", path, limits, confine.Sandbox("limited"), tmpdir=tmp_path / "t")
    try:
        deadline = time.monotonic() + 60
        report, _ = codec.read_frame(process.report_fd, deadline)
        assert report == {"op": "notebook", "restarts": 0, "cells": [
            {"cell": 1, "status": "total", "seconds": 1},
            {"cell": 3, "status": "skipped", "message": "the notebook used up its total time limit"}]}
        assert not codec.readable(process.response_fd)  # nothing on the call pipe before the first request
        codec.write_frame(process.request_fd, {"op": "hello", "id": "h"})
        assert codec.read_frame(process.response_fd, deadline)[0] == {"op": "ready", "id": "h"}
        blobs = codec.Blobs()
        codec.write_frame(process.request_fd, {"op": "call", "id": 1, "fn": "first",
                                                "args": codec.encode([], blobs), "kwargs": codec.encode({}, blobs)})
        assert codec.read_frame(process.response_fd, deadline)[0] == {"id": 1, "ok": 1}
        codec.write_frame(process.request_fd, {"op": "call", "id": 2, "fn": "second",
                                                "args": codec.encode([], blobs), "kwargs": codec.encode({}, blobs)})
        assert codec.read_frame(process.response_fd, deadline)[0] == {"id": 2, "missing": "second"}
    finally:
        process.kill()
    assert process.report_fd == -1


@pytest.mark.parametrize("source", ["!pip install torch", "  !ls -l", "%pip install numpy", "%%bash\ncurl x",
                                    "out = !git status", "%conda install x", "%system ls"])
def test_shell_escapes_are_recognised(source):
    assert has_shell_escape(source)


@pytest.mark.parametrize("source", ["x = 1  # !ls", "print('!')", "%time f()", "a != b", "%load x.py"])
def test_other_lines_are_not_shell_escapes(source):
    assert not has_shell_escape(source)


def _code(cell_id: str, source: str) -> dict:
    return {"cell_type": "code", "id": cell_id, "metadata": {}, "outputs": [], "execution_count": None,
            "source": source}


def _served_calls(tmp_path, cells: list, beside: dict, calls: list, seconds: dict) -> None:
    """Run ``cells`` (with the files ``beside`` next to the notebook) in a worker, as the trusted side does: the
    report says no cell failed, the kernel serves, and each call of ``calls`` (function, expected) answers so."""
    source = tmp_path / "source.ipynb"
    source.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}))
    workdir = tmp_path / "work"
    workdir.mkdir()
    for name, text in beside.items():
        (workdir / name).write_text(text)
    path = workdir / "prefill.ipynb"
    path.write_text(clean_json(read_notebook(source), seconds))
    (tmp_path / "t").mkdir(mode=0o700)
    process = NotebookProcess("prefill", path, confine.Limits(cpu_seconds=60, memory_bytes=4 * 1024**3),
                              confine.Sandbox("limited"), tmpdir=tmp_path / "t")
    try:
        deadline = time.monotonic() + 90
        assert codec.read_frame(process.report_fd, deadline)[0] == {"op": "notebook", "restarts": 0, "cells": []}
        codec.write_frame(process.request_fd, {"op": "hello", "id": "h"})
        assert codec.read_frame(process.response_fd, deadline)[0] == {"op": "ready", "id": "h"}
        for number, (function, expected) in enumerate(calls, 1):
            blobs = codec.Blobs()
            codec.write_frame(process.request_fd, {"op": "call", "id": number, "fn": function,
                                                    "args": codec.encode([], blobs), "kwargs": codec.encode({}, blobs)})
            reply, blob = codec.read_frame(process.response_fd, deadline)
            assert reply.get("id") == number and codec.decode(reply["ok"], blob) == expected, reply
    finally:
        process.kill()


@pytest.mark.kernel
def test_the_notebooks_folder_is_the_cells_never_the_kernels_start_up(tmp_path):
    """Issue 25: ``orjson.py`` beside the notebook ran as the kernel started (its folder was on sys.path
    before ipykernel imported jupyter_client), so no cell ran and the grade was the grader's fault. The
    cells still import the student's own helper and read files beside the notebook."""
    cells = [_code("a", "import mylib\nwith open('data.txt') as f:\n    DATA = f.read()\n"
                        "def first():\n    return mylib.VALUE + int(DATA)")]
    beside = {f"{name}.py": f"raise SystemExit('{name}.py ran')\n"
              for name in ("orjson", "msgpack", "colorama", "storemagic", "ipython_kernel_config")}
    beside |= {"mylib.py": "VALUE = 40\n", "data.txt": "2"}
    _served_calls(tmp_path, cells, beside, [("first", 42)],
                  {"cell_seconds": 10, "total_seconds": 20, "kernel_seconds": 30})


@pytest.mark.kernel
def test_what_the_cells_print_is_not_kept_in_the_kernel(tmp_path):
    """Issue 25 (round 6, 7i): IPython 9 keeps every write of a cell in its history (``_tee``), so a cell printing
    300 lines of 1 MB held 300 MB in the kernel, and as many more queued for the worker. The kernel now keeps none of
    it and sends at most ``kernel_launch.PRINTED_LIMIT`` characters; printing still works past that."""
    cells = [_code("a", "for _ in range(6):\n    print('y' * 1_000_000)"),
             _code("b", "import sys\n"
                        "def kept():\n"
                        "    outputs = get_ipython().history_manager.outputs\n"
                        "    return sum(len(text) for each in outputs.values() for output in each\n"
                        "               for text in output.bundle.get('stream', []))\n"
                        "def still_prints():\n"
                        "    return sys.stdout.write('z' * 100)")]
    _served_calls(tmp_path, cells, {}, [("kept", 0), ("still_prints", 100)],
                  {"cell_seconds": 20, "total_seconds": 40, "kernel_seconds": 30})
