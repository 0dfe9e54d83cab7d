"""grader.sandbox.notebook: the worker's cell report is untrusted data, turned into sentences here.

NotebookChannel's start-up is driven here by a stand-in worker whose three pipes the test holds:
the cells' report comes on the report pipe only (a report on the call pipe, where the kernel
and so the cells can write, is a frame out of turn), and once it is in, the kernel's ready
must come within a bound of its own, however long the run itself may take.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from grader.exceptions import ImportFailed, MissingFunction
from grader.sandbox import codec, confine
from grader.sandbox.channel import WorkerSpec
from grader.sandbox.notebook import CellEvent, NotebookChannel, NotebookModule, describe, events_from
from grader.submission.cells import CellSource
from grader.submission.notebook import Notebook

NOTEBOOK = Notebook(Path("prefill.ipynb"), cells=[
    CellSource(1, "# Title"), CellSource(2, "import numpy as np"), CellSource(3, "def causal_mask(P):\n    return ("),
    CellSource(4, "x = undefined"), CellSource(5, "!pip install torch")], code_numbers=frozenset({2, 3, 4, 5}))


def test_well_formed_events_are_kept_and_bounded():
    events = events_from({"cells": [
        {"cell": 4, "status": "error", "name": "NameError", "message": "m" * 1000, "line": 1},
        {"cell": 3, "status": "timeout", "seconds": 10},
        {"cell": 5, "status": "shell", "code": "1", "message": "ERROR: no torch"},
    ]})
    assert [e.status for e in events] == ["error", "timeout", "shell"]
    assert len(events[0].message) == 300 and events[0].line == 1 and events[1].seconds == 10.0


@pytest.mark.parametrize("entry", [
    "not a dict", {"cell": "4", "status": "error"}, {"cell": 4, "status": "exploded"},
    {"cell": True, "status": "error"},
])
def test_malformed_events_are_dropped(entry):
    assert events_from({"cells": [entry]}) == []


def test_odd_fields_are_ignored_not_trusted():
    (event,) = events_from({"cells": [{"cell": 4, "status": "error", "name": ["x"], "line": -3, "seconds": "9"}]})
    assert event == CellEvent(cell=4, status="error")
    assert events_from({"cells": "nope"}) == [] and events_from({}) == []


@pytest.mark.parametrize("event, text", [
    (CellEvent(4, "error", "NameError", "name 'undefined' is not defined", line=1),
     "cell 4 (`x = undefined`) raised NameError (line 1): name 'undefined' is not defined"),
    (CellEvent(4, "error", "ValueError", "bad", line=3, at_cell=3),
     "cell 4 (`x = undefined`) raised ValueError (in cell 3, line 3): bad"),
    (CellEvent(3, "timeout", seconds=10), ("cell 3 (`def causal_mask(P):`) ran past its time limit of 10 s and was "
                                           "interrupted")),
    (CellEvent(3, "stuck", seconds=2), "did not stop when interrupted; the kernel was restarted"),
    (CellEvent(3, "total", seconds=60), ("cell 3 (`def causal_mask(P):`) was interrupted: all cells together may run "
                                         "for at most 60 s")),
    (CellEvent(4, "died", message="the kernel exited with status 3"),
     "ended the kernel (the kernel exited with status 3)"),
    (CellEvent(4, "skipped", message="the notebook used up its total time limit"),
     "cell 4 (`x = undefined`) was not run: the notebook used up its total time limit"),
    (CellEvent(5, "shell", code="1", message="ERROR: No matching distribution found for torch"),
     "cell 5 (`!pip install torch`) ran a shell command that failed (exit status 1: ERROR: No matching distribution"),
    (CellEvent(99, "timeout", seconds=1), "cell 99 ran past"),
])
def test_each_event_is_one_line_naming_the_cell(event, text):
    line = describe(event, NOTEBOOK)
    assert text in line and "\n" not in line


def module(events) -> NotebookModule:
    spec = WorkerSpec(module_name="prefill", module_path=Path("/nowhere/prefill.ipynb"), import_seconds=10,
                      limits=confine.Limits(cpu_seconds=10, memory_bytes=1 << 30), box=confine.Sandbox("limited"))
    return NotebookModule(spec, timeout=5.0, notebook=NOTEBOOK, events=events)


def test_a_missing_function_names_the_cell_that_should_have_defined_it():
    student = module([CellEvent(3, "error", "SyntaxError", "'(' was never closed", line=2)])
    assert student.why_missing("causal_mask") == ("causal_mask is not defined: cell 3 (`def causal_mask(P):`) raised "
                                                  "SyntaxError (line 2): '(' was never closed")


def test_a_function_no_cell_defines_is_simply_missing():
    student = module([CellEvent(4, "error", "NameError", "x")])
    assert student.why_missing("causal_pairs") == "prefill.ipynb does not define a function named causal_pairs"


def test_notes_list_every_failed_cell():
    student = module([CellEvent(4, "error", "NameError", "x"), CellEvent(5, "shell", code="2")])
    assert [note.split(" (`")[0] for note in student.notes()] == ["cell 4", "cell 5"]


def test_an_unavailable_notebook_is_reported_for_every_call_without_a_worker():
    from grader.exceptions import ImportFailed

    student = module(None)
    student.unavailable = ImportFailed("prefill.ipynb is not valid JSON")
    with pytest.raises(ImportFailed, match="not valid JSON"):
        student.causal_mask(3)
    assert student._channel is None
    with pytest.raises(MissingFunction):  # MissingFunction is what a call raises when the name is not there
        raise MissingFunction(student.why_missing("causal_mask"))


# --------------------------------------------------------------------------- the channel's start-up

class StandIn:
    """A notebook worker's trusted-side ends (a ``process.WorkerProcess``); the test writes its frames."""

    output = ""

    def __init__(self):
        self.requests, self.request_fd = os.pipe()
        self.response_fd, self.kernel = os.pipe()  # the kernel's end: the cells can write here
        self.report_fd, self.worker = os.pipe()  # the worker's own: no kernel holds it

    def running(self) -> bool:
        return self.response_fd != -1

    def kill(self) -> None:
        for name in ("requests", "request_fd", "response_fd", "kernel", "report_fd", "worker"):
            if getattr(self, name) != -1:
                os.close(getattr(self, name))
                setattr(self, name, -1)

    def death_reason(self) -> str:
        self.kill()
        return "stopped by the test"


@pytest.fixture
def stand_in():
    started = []

    def channel(import_seconds: float = 60, ready_seconds: float | None = 0.5):
        worker = StandIn()
        started.append(worker)
        spec = WorkerSpec(module_name="prefill", module_path=Path("/nowhere/prefill.ipynb"),
                          import_seconds=import_seconds, ready_seconds=ready_seconds, box=confine.Sandbox("limited"),
                          limits=confine.Limits(cpu_seconds=10, memory_bytes=1 << 30), launcher=lambda *_: worker)
        return NotebookChannel(spec), worker

    yield channel
    for worker in started:
        worker.kill()


REPORT = {"op": "notebook", "restarts": 0, "cells": [{"cell": 4, "status": "error", "name": "NameError",
                                                       "message": "name 'x' is not defined", "line": 1}]}


def test_the_kernel_must_start_serving_within_a_bound_of_its_own_once_the_cells_report_is_in(stand_in):
    channel, worker = stand_in(import_seconds=60, ready_seconds=0.5)
    codec.write_frame(worker.worker, REPORT)  # the cells are done; the kernel never answers
    started = time.monotonic()
    with pytest.raises(ImportFailed) as caught:
        channel.wait_ready()
    assert time.monotonic() - started < 30  # its own bound, not the run's 60 s
    assert "did not start serving the checks' calls within 0.5 s" in str(caught.value)
    assert channel.serving_failure == str(caught.value) and "\n" not in channel.serving_failure
    assert channel.events == events_from(REPORT)  # the cells' report still counts
    student = NotebookModule(channel.spec, timeout=5.0, notebook=NOTEBOOK, events=channel.events)
    student.serving_failure = channel.serving_failure
    assert student.notes()[-1] == channel.serving_failure  # said about the submission too


def test_the_report_comes_from_the_workers_pipe_and_a_report_on_the_call_pipe_is_out_of_turn(stand_in):
    channel, worker = stand_in()
    forged = {"op": "notebook", "restarts": 0, "cells": [{"cell": 2, "status": "error", "name": "FORGED"}]}
    codec.write_frame(worker.kernel, forged)  # what a cell can write: the kernel holds this pipe
    codec.write_frame(worker.kernel, {"op": "ready"})
    codec.write_frame(worker.worker, REPORT)
    with pytest.raises(ImportFailed) as caught:
        channel.wait_ready()
    assert "out of turn" in str(caught.value) and "FORGED" not in str(caught.value)
    assert channel.events == events_from(REPORT)


def test_ready_is_the_kernels_answer_to_the_hello_sent_after_the_report(stand_in):
    channel, worker = stand_in()
    assert not codec.readable(worker.requests)  # nothing is asked of a kernel before the cells have run
    codec.write_frame(worker.worker, REPORT)
    hello = {}

    def kernel():  # answers the hello that the channel sends once the report is in
        hello.update(codec.read_frame(worker.requests, time.monotonic() + 30)[0])
        codec.write_frame(worker.kernel, {"op": "ready", "id": hello.get("id")})

    import threading

    thread = threading.Thread(target=kernel, daemon=True)
    thread.start()
    channel.wait_ready()
    thread.join(30)
    assert hello["op"] == "hello" and channel.events == events_from(REPORT) and channel.serving_failure == ""


def test_a_report_saying_no_kernel_can_serve_fails_the_code_tasks_with_its_reason(stand_in):
    channel, worker = stand_in()
    codec.write_frame(worker.worker, {**REPORT, "fatal": "the Python kernel did not start within 30 s"})
    with pytest.raises(ImportFailed) as caught:
        channel.wait_ready()
    assert str(caught.value) == "prefill.ipynb could not be run: the Python kernel did not start within 30 s"
    assert channel.events == events_from(REPORT)
