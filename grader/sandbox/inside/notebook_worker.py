"""The notebook worker: runs a submitted notebook the way Jupyter runs it, inside the sandbox.

It is started exactly like the module worker (``grader.sandbox.spawn`` with entry
``grader.sandbox.inside.notebook_worker``): the same bubblewrap namespaces, environment allow-list,
resource limits and switch to ``nobody``, all before anything of the notebook runs. Then:

1. it starts a real ipykernel, its own child, so in the same sandbox and under the same
   limits; they talk over Unix sockets in the worker's private temporary folder, so no
   network is needed. The kernel starts first and numpy-sized imports happen meanwhile;
2. it runs the code cells in order with nbclient, as "Run All" does, except that a cell
   that fails (an exception, its time limit, a kernel that dies) is recorded and the next
   cell still runs. A kernel that died or ignores the interrupt is replaced and the cells
   that had run are run again, so that the functions they defined exist for the checks;
3. it sends the trusted side one frame saying what failed in which cell, on a pipe of its
   own that no kernel inherits, from a process that makes itself non-dumpable first (so a
   kernel of the same uid cannot reach its file descriptors through ``/proc``): the
   kernels hold the call pipes, so a cell can write frames there, never on this one;
4. it hands the call pipes over to the kernel: one last, silent execution makes the
   kernel serve the checks' calls from the namespace the cells built (``kernel_server``);
   the trusted side gives that step a bound of its own (a cell's), whatever a cell
   installed to run before every execution.

While the kernel serves, this process copies what the notebook prints to its own output
(the report's "printed" part); when the kernel ends, it ends the same way (status 3, or a
segmentation fault), so the trusted side explains a dead kernel as it explains a dead
module worker.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
import time

from grader.sandbox import codec
from grader.sandbox.inside.confinement import apply_limits, make_undumpable
from grader.sandbox.inside.kernel_launch import Kernel, KernelFailed, setup_code

TIMEOUT_NAME = "GraderCellTimeout"
MAX_RESTARTS = 2  # replacement kernels per run: a notebook that kills more is not run further
INTERRUPT_SECONDS = 2.0  # how long an interrupted cell may take to stop before its kernel is replaced
PRINTED_KEEP = 1 << 20  # bytes of printed output copied to this process's output
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_CELL_LINE = re.compile(r"Cell In\s*\[(\d+)\],? line (\d+)")
_SHELL_LINE = re.compile(r"\s*(!|%(sx|system|pip|conda|mamba|micromamba|sc)\b|%%(bash|sh|script|system)\b)"
                         r"|\s*\w[\w, ]*=\s*(!|%(sx|system)\b)")
_CELL_FILE = re.compile(r"\s*\(\d+\.py, line \d+\)$")


def main(argv: list[str]) -> None:
    """argv: module name, notebook path, request fd, response fd, limits (JSON), report fd."""
    notebook_path, request_fd, response_fd, report_fd = argv[1], int(argv[2]), int(argv[3]), int(argv[5])
    os.set_inheritable(report_fd, False)  # never a kernel's: see the module docstring
    apply_limits(json.loads(argv[4]))
    make_undumpable()  # after the uid switch, which may reset it
    try:
        with open(notebook_path, encoding="utf-8") as stream:
            notebook = json.load(stream)
        options = notebook["metadata"]["grader"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        codec.write_frame(report_fd, {"op": "notebook_failed", "message": f"the notebook could not be read ({exc})",
                                      "before_cells": True})
        return
    try:
        runner = Runner(notebook, os.path.dirname(notebook_path), request_fd, response_fd, report_fd, options)
    except OSError as exc:  # no room in /tmp for the kernel's files, and the like
        codec.write_frame(report_fd, {"op": "notebook_failed", "before_cells": True,
                                       "message": f"the Python kernel could not be started ({exc})"})
        return
    _exit_like(asyncio.run(runner.run()))


class Runner:
    """One run of one notebook: its kernel (replaced when it must be) and the cell report."""

    def __init__(self, notebook: dict, workdir: str, request_fd: int, response_fd: int, report_fd: int,
                 options: dict):
        self.notebook, self.workdir = notebook, workdir
        self.request_fd, self.response_fd, self.report_fd = request_fd, response_fd, report_fd
        self.cell_seconds = float(options.get("cell_seconds", 10))
        self.total_seconds = float(options.get("total_seconds", 60))  # all cells, from the kernel's first answer
        self.kernel_seconds = float(options.get("kernel_seconds", 30))
        self.kernel = Kernel(workdir, (request_fd, response_fd), 0)  # first, so that it starts meanwhile
        self.report: list[dict] = []
        self.done: list[int] = []  # indexes of the cells that ran without error, to run again after a restart
        self.counts: dict[int, int] = {}  # the current kernel's execution counts -> cell numbers
        self.restarts = 0  # replacements because a cell killed or hung its kernel
        self.kernels = 0  # numbers the kernels' files
        self.stopped = ""  # why the remaining cells are not run (a kernel still serves the calls)
        self.fatal = ""  # why no kernel can be had at all (then the calls cannot be served)
        self.printed = 0
        self.tail = ""  # the end of what the current cell printed

    async def run(self) -> int:
        import nbclient  # noqa: F401 - about as long as the kernel's start-up, which runs meanwhile
        import nbformat

        try:
            await self.kernel.connect(self.kernel_seconds)
        except Exception as exc:  # noqa: BLE001 - no cell has run: whatever failed is the sandbox's, said as such
            self.kernel.kill()
            said = str(exc) if isinstance(exc, KernelFailed) else \
                f"the Python kernel could not be reached ({type(exc).__name__}: {exc})"
            blamed = self.kernel.blames()
            if blamed:  # a file of the submission stopped it: the submission's failure, naming the file
                codec.write_frame(self.report_fd, {"op": "notebook_failed", "message": (
                    f"{blamed} in the notebook's folder stopped the Python kernel from starting ({said})")[:500]})
                return 0
            codec.write_frame(self.report_fd, {"op": "notebook_failed", "message": said[:500], "before_cells": True,
                                               "slow": getattr(exc, "slow", False) is True})
            return 0
        await self.kernel.execute_quietly(self._setup_code())
        self.deadline = time.monotonic() + self.total_seconds
        self.nb = nbformat.from_dict(self.notebook)
        self.client = _client_class()(self.nb, km=self.kernel.manager, timeout_func=lambda cell: self.limit,
                                      interrupt_on_timeout=True, iopub_timeout=int(INTERRUPT_SECONDS),
                                      error_on_timeout={"ename": TIMEOUT_NAME, "evalue": "", "traceback": []},
                                      allow_errors=False, record_timing=False, kernel_name="python3")
        self.client.runner = self
        self.client.kc = self.kernel.client
        for index, cell in enumerate(self.nb.cells):
            if cell.cell_type == "code" and cell.source.strip():
                await self._run_cell(index, cell)
        if not self.fatal and not self.kernel.alive():  # the last restart was refused: one more, to serve
            self.kernel.kill()
            await self._fresh_kernel()
        report = {"op": "notebook", "cells": self.report, "restarts": self.restarts}
        codec.write_frame(self.report_fd, {**report, "fatal": self.fatal} if self.fatal else report)
        if self.fatal:  # no kernel can serve the calls: the report says why
            return 0
        return await self._serve()

    async def _run_cell(self, index: int, cell) -> None:
        number = index + 1
        remaining = self.deadline - time.monotonic()
        if self.fatal or self.stopped or remaining <= 0:
            reason = self.fatal or self.stopped or "the notebook used up its total time limit"
            self.report.append({"cell": number, "status": "skipped", "message": reason})
            return
        self.limit = min(self.cell_seconds, remaining)
        shell = has_shell_escape(cell.source)
        if shell:
            await self.kernel.execute_quietly("_exit_code = 0")
        outcome = await self._execute(index, cell)
        if outcome is None:
            self.done.append(index)
            if shell:
                status = await self.kernel.execute_quietly("", {"status": "_exit_code"})
                if status not in (None, "0"):
                    self.report.append({"cell": number, "status": "shell", "code": status[:20],
                                        "message": _error_line(self.tail)})
            return
        self.report.append(outcome)
        if outcome["status"] in ("died", "stuck"):
            await self._restart()

    async def _execute(self, index: int, cell) -> dict | None:
        """Run one cell; None when it ran without error, else what went wrong."""
        from nbclient.exceptions import CellExecutionError, DeadKernelError

        number, self.tail = index + 1, ""
        try:
            await self.client.async_execute_cell(cell, index)
        except CellExecutionError as exc:
            self._count(cell, number)
            if exc.ename == TIMEOUT_NAME:
                stopped = await self.kernel.responsive(INTERRUPT_SECONDS)
                if stopped and self.limit < self.cell_seconds:  # cut short by the limit of all cells together
                    return {"cell": number, "status": "total", "seconds": self.total_seconds}
                return {"cell": number, "status": "timeout" if stopped else "stuck", "seconds": self.limit}
            message = _CELL_FILE.sub("", _first_line(exc.evalue, 300))  # SyntaxError's "(2202006133.py, line 2)"
            return {"cell": number, "status": "error", "name": _first_line(exc.ename, 100), "message": message,
                    **location(exc.traceback, self.counts, number)}
        except DeadKernelError:
            return {"cell": number, "status": "died", "message": self.kernel.death()}
        except Exception as exc:  # noqa: BLE001 - nbclient's own troubles must not end the grading
            if not self.kernel.alive():
                return {"cell": number, "status": "died", "message": self.kernel.death()}
            return {"cell": number, "status": "stuck", "message": f"{type(exc).__name__}: {exc}"[:300],
                    "seconds": self.limit}
        self._count(cell, number)
        return None

    def _count(self, cell, number: int) -> None:
        if isinstance(cell.get("execution_count"), int):
            self.counts[cell["execution_count"]] = number

    async def _restart(self) -> None:
        """Replace a dead or stuck kernel, unless it happened too often: then stop running cells."""
        self.kernel.kill()
        if self.restarts >= MAX_RESTARTS:
            self.stopped = f"the kernel had to be replaced {self.restarts + 1} times, so no further cell was run"
            return
        self.restarts += 1
        await self._fresh_kernel()

    async def _fresh_kernel(self) -> None:
        """A new kernel in which the cells that had run are run again, so that what they
        defined exists; on failure ``fatal`` says why.

        Starting the kernel is the grader's own time (``kernel_seconds``, not the cells');
        running the cells again is the cells' time: it counts against their total, so that
        the whole run stays within what the trusted side waits for."""
        self.counts.clear()
        started = time.monotonic()
        self.kernels += 1
        self.kernel = Kernel(self.workdir, (self.request_fd, self.response_fd), self.kernels)
        try:
            await self.kernel.connect(self.kernel_seconds)
        except KernelFailed as exc:
            self.fatal = str(exc)
            return
        await self.kernel.execute_quietly(self._setup_code())
        self.deadline += time.monotonic() - started
        self.client.km, self.client.kc = self.kernel.manager, self.kernel.client
        for index in list(self.done):
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                self.stopped = "the notebook used up its total time limit while the cells were run again"
                return
            self.limit = min(self.cell_seconds, remaining)  # they ran within it before
            outcome = await self._execute(index, self.nb.cells[index])
            if outcome is not None and outcome["status"] in ("died", "stuck"):
                self.fatal = f"cell {index + 1} ran the first time but not when run again in a new kernel"
                return

    def _setup_code(self) -> str:
        """A new kernel's first execution: the stand-ins, loaded while nothing of the notebook's folder can be
        imported, then that folder as the cells' working folder and last entry of ``sys.path``."""
        return _stand_ins_code() + "\n" + setup_code(self.workdir)

    async def _serve(self) -> int:
        """Hand the pipes to the kernel, then relay its printing until it ends."""
        os.close(self.request_fd)  # the kernel holds its own copies; ours would hide its death
        os.close(self.response_fd)
        self.tail = ""
        code = _serve_code(self.request_fd, self.response_fd, self.counts, self.workdir)
        return await self.kernel.serve(code, self.print)

    def print(self, text: str) -> None:
        """Copy what the notebook prints to this process's output (captured, capped, for instructors)."""
        self.tail = (self.tail + text)[-8000:]
        if self.printed < PRINTED_KEEP:
            chunk = text[: PRINTED_KEEP - self.printed]
            self.printed += len(chunk)
            try:
                sys.stdout.write(chunk)
                sys.stdout.flush()
            except (OSError, ValueError):
                self.printed = PRINTED_KEEP


_CLIENT_CLASS = None


def _client_class():
    """nbclient's NotebookClient, keeping no outputs: they are printed, not stored (memory
    stays bounded whatever a cell prints). Built on first use: nbclient loads while the
    kernel starts."""
    global _CLIENT_CLASS
    if _CLIENT_CLASS is None:
        from nbclient import NotebookClient

        class QuietClient(NotebookClient):
            runner: Runner | None = None

            def output(self, outs, msg, display_id, cell_index):
                if msg.get("msg_type") == "stream" and self.runner is not None:
                    self.runner.print(str(msg.get("content", {}).get("text", "")))
                elif msg.get("msg_type") == "error" and self.runner is not None:
                    self.runner.print(_ANSI.sub("", "\n".join(map(str, msg["content"].get("traceback", [])))) + "\n")

        _CLIENT_CLASS = QuietClient
    return _CLIENT_CLASS


_SERVE = """
import importlib.util, os, sys
for _name in [n for n in sys.modules if n == "grader" or n.startswith("grader.")]:
    del sys.modules[_name]
_path = list(sys.path)  # while the grader loads, nothing of the notebook's folder (however the cells named it)
sys.path[:] = [p for p in _path if os.path.realpath(p or ".") != os.path.realpath({folder!r})]
try:
    _spec = importlib.util.spec_from_file_location("grader", {init!r}, submodule_search_locations=[{package!r}])
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["grader"] = _module
    _spec.loader.exec_module(_module)
    from grader.sandbox.inside.kernel_server import serve
finally:
    sys.path[:] = _path  # the calls may import the student's own modules, as the cells did
serve({request}, {response}, {cells!r})
"""


_STAND_INS = """
import importlib.util
from IPython import get_ipython
_spec = importlib.util.spec_from_file_location("grader_stand_ins", {path!r})
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
_module.install(get_ipython())
"""


def _stand_ins_code() -> str:
    """One statement for a new kernel, before any cell: the stand-ins for the modules this Python lacks
    (``standins.install``), loaded from the grader's own file."""
    code = _STAND_INS.format(path=os.path.join(os.path.dirname(os.path.abspath(__file__)), "standins.py"))
    return f"exec(compile({code!r}, '<grader>', 'exec'), {{}})"


def _serve_code(request_fd: int, response_fd: int, counts: dict[int, int], folder: str) -> str:
    """One statement for the kernel: load the grader from its own folder, never the notebook's, and serve."""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # grader/
    code = _SERVE.format(init=os.path.join(package, "__init__.py"), package=package, request=request_fd,
                         response=response_fd, cells=dict(counts), folder=folder)
    return f"exec(compile({code!r}, '<grader>', 'exec'), {{}})"


def has_shell_escape(source: str) -> bool:
    """Whether the cell runs a shell command (``!cmd``, ``%pip``, ``%%bash``, ``x = !cmd``):
    inside the sandbox those fail (no network, read-only files), and the report says so."""
    return any(_SHELL_LINE.match(line) for line in source.splitlines())


def location(traceback_text: str, counts: dict[int, int], number: int) -> dict:
    """Where cell ``number``'s error happened: the deepest frame in a cell, read from the
    traceback IPython printed ("Cell In[4], line 2"); ``counts`` maps execution counts to cells."""
    found = {}
    for count, line in _CELL_LINE.findall(_ANSI.sub("", traceback_text or "")):
        where = counts.get(int(count))
        if where is not None:
            found = {"line": int(line)} if where == number else {"at_cell": where, "line": int(line)}
    return found


def _first_line(text, limit: int) -> str:
    lines = str(text or "").strip().splitlines()
    line = lines[0] if lines else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _error_line(text: str) -> str:
    """The last line of a shell command's output that says "error" (pip's reason), if any."""
    lines = [line.strip() for line in _ANSI.sub("", text).splitlines() if "error" in line.lower()]
    return _first_line(lines[-1], 200) if lines else ""


def _exit_like(status: int) -> None:
    """End as the kernel ended, so the trusted side can say why (a signal, or a status)."""
    sys.stdout.flush()
    if status < 0:
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    os._exit(status & 0xFF)
