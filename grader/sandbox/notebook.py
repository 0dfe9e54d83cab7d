"""The trusted side of a notebook run: what checks call, and what each cell did.

``NotebookModule`` is a ``proxy.StudentModule`` whose worker runs the notebook first: the checks
call ``student.causal_mask(5)`` exactly as for a module, and the suite never knows which
form it grades. Before the first call it waits for the run of the cells, which has its own
limits (per cell, and in total), so the calls' time budget is spent on calls only.

The worker's cell report is data from the sandbox like any reply: each entry is checked
and bounded here, and the sentences about it are made here, from the cell texts this
process parsed itself. It travels on a pipe of its own (``NotebookProcess``): the kernel,
which runs the cells, holds the call pipes and could write a report of its own there.

Each phase has its bound: the cells' run (per cell and in total, kept by the worker, and
the run as a whole by ``WorkerSpec.import_seconds``), then, once the report is in, the
kernel's start of serving (``WorkerSpec.ready_seconds``), then each call.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

from grader.exceptions import CanaryFailed, ImportFailed, MissingFunction
from grader.sandbox import codec
from grader.sandbox.canary import CAUSE_LIMIT
from grader.sandbox.channel import WorkerChannel
from grader.sandbox.proxy import StudentModule
from grader.sandbox.spawn import SpawnedProcess
from grader.submission.cells import definitions
from grader.submission.notebook import Notebook

NOTEBOOK_WORKER = "grader.sandbox.inside.notebook_worker"

_STATUSES = ("error", "timeout", "total", "stuck", "died", "skipped", "shell")


@dataclass(frozen=True)
class CellEvent:
    """Something that went wrong in one cell."""

    cell: int
    status: str  # one of _STATUSES
    name: str = ""  # the exception's type
    message: str = ""  # the exception's message, or why (skipped, died), or the shell's last line
    line: int | None = None
    at_cell: int | None = None  # the error happened in another cell the running one called into
    seconds: float | None = None
    code: str = ""  # a shell command's exit status


def events_from(message: dict) -> list[CellEvent]:
    """The worker's cell report, keeping only well-formed, bounded entries."""
    events = []
    for entry in message.get("cells", []) if isinstance(message.get("cells"), list) else []:
        if not isinstance(entry, dict) or type(entry.get("cell")) is not int or entry.get("status") not in _STATUSES:
            continue
        events.append(CellEvent(
            cell=entry["cell"], status=entry["status"], name=_string(entry.get("name"), 100),
            message=_string(entry.get("message"), 300), line=_int(entry.get("line")),
            at_cell=_int(entry.get("at_cell")),
            seconds=float(entry["seconds"]) if type(entry.get("seconds")) in (int, float) else None,
            code=_string(entry.get("code"), 20)))
    return events[:200]


def describe(event: CellEvent, notebook: Notebook) -> str:
    """One line about the event, naming the cell by number and first line."""
    cell = notebook.cell(event.cell)
    label = cell.label if cell else f"cell {event.cell}"
    if event.status == "error":
        where = ""
        if event.at_cell is not None and event.line is not None:
            where = f" (in cell {event.at_cell}, line {event.line})"
        elif event.line is not None:
            where = f" (line {event.line})"
        return f"{label} raised {event.name}{where}: {event.message}".rstrip(": ")
    seconds = f"{event.seconds:g} s" if event.seconds is not None else "its time limit"
    if event.status == "timeout":
        return f"{label} ran past its time limit of {seconds} and was interrupted"
    if event.status == "total":
        return f"{label} was interrupted: all cells together may run for at most {seconds}"
    if event.status == "stuck":
        return (f"{label} ran past its time limit of {seconds} and did not stop when interrupted; the kernel was "
                "restarted and the cells before it were run again")
    if event.status == "died":
        return (f"{label} ended the kernel ({event.message or 'it stopped'}); the kernel was restarted and the cells "
                "before it were run again")
    if event.status == "skipped":
        return f"{label} was not run: {event.message or 'the notebook was stopped'}"
    said = f": {event.message}" if event.message else ""
    return (f"{label} ran a shell command that failed (exit status {event.code}{said}); notebooks are graded "
            "without network access, so installs and downloads fail there")


class NotebookProcess(SpawnedProcess):
    """The notebook worker: a ``SpawnedProcess`` with a third pipe, for its cells' report alone."""

    def __init__(self, module_name: str, module_path, limits, box, tmpdir=None):
        report_r, report_w = os.pipe()
        try:
            super().__init__(module_name, module_path, limits, box, entry=NOTEBOOK_WORKER, extra_fds=(report_w,),
                             tmpdir=tmpdir)
        except BaseException:
            os.close(report_r)
            raise
        finally:
            os.close(report_w)
        self.report_fd = report_r

    def kill(self) -> None:
        super().kill()
        if self.report_fd != -1:
            os.close(self.report_fd)
            self.report_fd = -1


class NotebookChannel(WorkerChannel):
    """A worker whose "import" is running the notebook: first the cell report, then ready."""

    forks_per_task = False  # a kernel does not survive fork(); a notebook's tasks share it (SECURITY.md)
    hello_at_start = False  # the kernel answers it, once the cells have run: sent when their report is in
    canary_first = False  # its sandbox is proved apart, by a module worker (grader.sandbox.canary.run)

    def __init__(self, spec):
        super().__init__(spec)
        self.events: list[CellEvent] | None = None
        self.serving_failure = ""  # why the kernel never served, for the report's notes
        self._reported = False

    def _start_up_message(self) -> dict:
        message, _ = codec.read_frame(self.process.report_fd, self._ready_deadline, late=self._resume)
        if message.get("op") == "notebook_failed" and message.get("before_cells") is True:
            # no cell had run: the worker or its first kernel could not start, which is the sandbox's failure
            # (a TMPDIR too long for the kernel's sockets, no room in /tmp), never the submission's zero. The
            # kernel starts apart from the notebook's folder (kernel_launch); one whose last words name a file
            # of that folder anyway is reported without before_cells, and refused below as the submission's
            reason = _string(message.get("message"), CAUSE_LIMIT) or "the notebook's worker could not start"
            raise CanaryFailed(f"{self.spec.module_path.name}: {reason}"[:CAUSE_LIMIT],
                               slow=message.get("slow") is True)
        if message.get("op") != "notebook":
            return message  # notebook_failed, or a frame nobody understands: refused
        self.events = events_from(message)
        if isinstance(message.get("fatal"), str):
            return {"op": "notebook_failed", "message": message["fatal"]}
        self._reported = True
        if self.spec.ready_seconds is not None:  # a bound of its own, from the report's arrival
            self._ready_deadline = time.monotonic() + self.spec.ready_seconds
        self._say_hello()
        return self._answer(self._hello, self._ready_deadline)[0]

    def _too_slow(self) -> str:
        name = self.spec.module_path.name
        if self._reported and self.spec.ready_seconds is not None:
            self.serving_failure = (
                f"after the last cell of {name}, its kernel did not start serving the checks' calls within "
                f"{self.spec.ready_seconds:g} s (the time limit of a cell): does a cell install something that runs "
                "before every execution (an input transformer, a pre_run_cell callback) and keeps it waiting?")
            return self.serving_failure
        return f"running {name} did not finish within {self.spec.import_seconds:g} s"

    def _died(self, reason: str) -> str:
        return f"running {self.spec.module_path.name} failed: {reason}"

    def _refused(self, message: dict) -> ImportFailed:
        reason = message.get("message") if message.get("op") == "notebook_failed" else None
        reason = _string(reason, 500) or "its process sent something the grader does not understand"
        return ImportFailed(f"{self.spec.module_path.name} could not be run: {reason}")


@dataclass
class NotebookModule(StudentModule):
    """What checks call when the submission is a notebook (see the module docstring)."""

    channel_class = NotebookChannel
    _channel: NotebookChannel | None = None

    notebook: Notebook | None = None
    events: list[CellEvent] | None = None  # the first run's report; a restarted run's is the same notebook again
    serving_failure: str = ""  # the kernel never started serving the calls: said in the notes too
    _definitions: dict | None = field(default=None, repr=False)

    def _call(self, function, *rest, **options):
        """Running the cells is not a call: it has limits of its own, and happens on the way into the
        first call's task (``StudentModule._enter_task``, which charges a re-run after a call that
        killed the kernel to the task that made that call)."""
        try:
            return super()._call(function, *rest, **options)
        except MissingFunction:
            raise MissingFunction(self.why_missing(function)) from None
        finally:
            self._keep_run_report()

    def _keep_run_report(self) -> None:
        channel = self._channel
        if channel is not None and self.events is None and channel.events is not None:
            self.events = channel.events
        if channel is not None and channel.serving_failure:
            self.serving_failure = channel.serving_failure

    def why_missing(self, function: str) -> str:
        """Why a graded function does not exist after the run: the cell that should have defined it."""
        name = self.spec.module_path.name
        self._keep_run_report()  # the grade's first call asks before its own call has kept the run's report
        if self._definitions is None:
            self._definitions = definitions(self.notebook.code_cells) if self.notebook else {}
        failed = {event.cell: event for event in self.events or [] if event.status != "shell"}
        if function in self._definitions:
            cell = self._definitions[function][0]
            if cell.number in failed:
                return f"{function} is not defined: {describe(failed[cell.number], self.notebook)}"
        return f"{name} does not define a function named {function}"

    def notes(self) -> list[str]:
        """One line per cell that failed, for the report; then why the calls were never served, if so."""
        if self.notebook is None:
            return []
        lines = [describe(event, self.notebook) for event in self.events or []]
        return lines + ([self.serving_failure] if self.serving_failure else [])


def _string(value, limit: int) -> str:
    if not isinstance(value, str):
        return ""
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _int(value) -> int | None:
    return value if type(value) is int and 0 <= value < 10**9 else None
