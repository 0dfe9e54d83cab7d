"""What the checks call: ``student.causal_mask(5)`` runs in a worker and returns plain data.

A ``StudentModule`` stands for the submission's module in the trusted process. Each call
goes through a ``channel.WorkerChannel`` to a sandboxed worker; when that worker hangs or
dies, the call fails with the reason and the next call gets a fresh worker. It also keeps
the submission's time budget, shared equally among the tasks, and the bookkeeping behind
the clean-slate rerun (a check that failed where another task's calls ran before).

Starting a worker again costs the submission's time too (an import, a notebook's whole run):
after a call that killed or hung its worker, the next worker's start is charged to the task
that made that call, and so is a start that fails (a fork that never comes). So every
phase is bounded by the lesson's limits: the first import by ``import_seconds``, the calls
and every restart they cause by each task's share of ``submission_seconds``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import ClassVar

from grader.describe import CallText
from grader.exceptions import CallTimeout, CanaryFailed, ImportFailed, WorkerDied
from grader.sandbox.channel import OutOfTurn, WorkerChannel, WorkerSpec
from grader.sandbox.observation import Observation
from grader.sandbox.output import OUTPUT_KEEP
from grader.sandbox.replies import MAX_BATCH, BatchResult, batch_text
from grader.sandbox.summary import Summary, read
from grader.submission.source import SourceFacts


@dataclass
class StudentModule:
    """What checks call: ``student.causal_mask(5)`` runs in the worker and returns plain data.

    Replaces a dead or hung worker on the next call, and after a function has timed out
    fails its later calls at once, so a hanging function costs one time limit, not one per check;
    a function that was only too slow for the size a check named (``call_sized``, after calls
    of it returned in time) is refused at that size only, and still runs on other inputs.

    One fork of the imported module serves task after task while their checks pass. A check
    that fails where another task has run before (``tainted``) is run again by the suite in a
    fresh fork (``clean_slate``), so what one function leaves behind (patched neighbours, a
    thread, spent memory) cannot cost another task its marks, and a class of correct
    submissions pays for one fork each, not one per task.
    """

    channel_class: ClassVar[type[WorkerChannel]] = WorkerChannel  # how to speak to this kind of worker

    spec: WorkerSpec
    timeout: float  # of one call: the lesson's call_seconds, or the task's own (set by the suite)
    budget_seconds: float | None = None  # all calls together: the manifest's submission_seconds
    budget_shares: int = 1  # tasks sharing the budget equally, so a slow task cannot starve the others
    task: str = ""  # the task whose checks are calling now (set by the suite)
    unavailable: ImportFailed | None = None  # set once the module proved it cannot be imported
    tainted: bool = False  # a call of the current check ran in a fork that served another task (reset per check)
    stubs: frozenset = frozenset()  # functions still only `pass`: they fail wherever they run, so never rerun
    blocked: dict = field(default_factory=dict)  # function -> the StudentCodeError its calls raise, never run
    source: SourceFacts | None = None  # what the module's source says (grader.submission.source), for the suite
    timed_out_in_check: bool = False  # a call of the current check timed out (reset per check, like tainted)
    _returned: dict = field(default_factory=dict)  # function -> calls of it that returned a value in time
    # functions a call showed to be more than their source's `pass` stub (a value other than None, or a raise): a
    # stub's name bound again at run time (inside `if True:`, by `from helper import *`) is not "not implemented"
    answered: set = field(default_factory=set)
    _channel: WorkerChannel | None = None
    _fresh: bool = False  # the next call starts a fresh fork
    _timed_out: dict = field(default_factory=dict)
    _spent: dict = field(default_factory=dict)  # seconds of calls (and of the restarts they caused), per task
    _owed: str | None = None  # the task whose call ended the last worker: the next one's start is charged to it
    _last_task: str = ""  # the task whose call ran last (a worker that ended between calls: it left it)
    _finished_output: str = ""
    fault: CanaryFailed | None = None  # a later worker did not run the canary: the grade is the grader's fault
    stand_ins: tuple[str, ...] = ()  # modules a worker stood in for (``inside/standins``), as its ready said
    _import_cost: float = 0.0  # the longest a worker took to import the submission: what a restart is charged

    def start(self) -> None:
        if self.unavailable is None and (self._channel is None or not self._channel.alive):
            self._retire()
            self._channel = self.channel_class(self.spec)

    def prove(self) -> bool:
        """Wait until the first worker has run the grader's canary (CanaryFailed if it did not); False
        when no worker runs at all (nothing was handed in to run), so nothing was proved."""
        if self.unavailable is not None:
            return False
        self.start()
        self._channel.prove()
        return True

    @property
    def output(self) -> str:
        """What the submission printed so far, across workers, capped."""
        current = self._channel.process.output if self._channel else ""
        return (self._finished_output + current)[:OUTPUT_KEEP]

    def call(self, function: str, *args, **kwargs):
        return self._call(function, args, kwargs, echo=False)[0]

    def call_sized(self, size: str, function: str, *args, **kwargs):
        """A call whose inputs are of the size ``size`` names ("n = 10⁶"): if it times out after
        calls of the same function returned in time, its CallTimeout says it is too slow for that
        size (``too_slow``) rather than stuck."""
        return self._call(function, args, kwargs, echo=False, size=size)[0]

    def call_summary(self, size: str, function: str, *args, **kwargs) -> Summary:
        """A call of the size ``size`` names (as ``call_sized``) whose value is too large to send back (a mask of
        4097 tokens): its facts (``grader.sandbox.summary``), read and bounded here."""
        def run(channel: WorkerChannel, timeout: float):
            return channel.call(function, args, kwargs, timeout, summary=True), 1

        value = self._call(function, args, kwargs, echo=False, size=size, run=run)[0]
        return read(value, CallText(function, args, kwargs))

    def call_echo(self, function: str, *args, **kwargs):
        """Call and also return the arguments as the function left them (to catch mutation)."""
        return self._call(function, args, kwargs, echo=True)

    def call_observed(self, function: str, args: tuple, kwargs: dict, *,
                      perturb: dict | None = None) -> tuple[object, Observation]:
        """One call run under the worker's profiler: (value, ``Observation``), what it computed on the
        way (``grader.sandbox.observation``). It raises what ``call`` would, with the observation up
        to the raise as ``grader_observed``. ``perturb`` ({"function": "cumsum", "rows": "all",
        "first" or "last", "scale": 1e6}) has ``numpy.cumsum`` return a perturbed result during the
        call (``Observation.perturbed`` says whether it was called at all that way)."""
        spec, args, kwargs = checked_perturbation(perturb), tuple(args), dict(kwargs)

        def run(channel: WorkerChannel, timeout: float):
            return channel.call_observed(function, args, kwargs, timeout, spec), 1

        return self._call(function, args, kwargs, echo=False, run=run)

    def call_many(self, function: str, calls: list[tuple[tuple, dict]], within: float | None = None,
                  change: bool = False) -> list[BatchResult]:
        """Many calls of one function in one round trip: one ``BatchResult`` per call, in order
        (``("returned", value)``, ``("raised", exc)`` as ``call`` would raise it, or
        ``("unsupported", message)``), run one after the other in one process, so state carries
        from one to the next as between separate calls of a task. The batch has one call's time
        limit in all; when it runs past it, it is a call that timed out (``CallTimeout``). ``within``: a batch asked
        ahead of the same calls one by one (``Domain.right_ahead``), in at most these seconds: running past them
        or ending its process marks nothing against the function (its worker is replaced, charged to the task),
        and the caller asks the calls one by one, each with its own time limit, as without the batch. Such a batch
        stops at the first call that raises or whose value cannot cross or would pass what a reply may carry: the
        calls after it are ``("skipped", None)``. ``change``: each returned array is changed in place in the worker
        once it is sent, as a caller may change its own (``Domain.check_own_arrays``)."""
        calls = [(tuple(args), dict(kwargs)) for args, kwargs in calls]
        if len(calls) > MAX_BATCH:
            raise ValueError(f"a batch holds at most {MAX_BATCH} calls, not {len(calls)}")
        if not calls:
            return []

        def run(channel: WorkerChannel, timeout: float):
            if within is None:
                results = channel.call_many(function, calls, timeout, change=change)
            else:
                results = channel.call_many(function, calls, min(timeout, within), ahead=True)
            return results, sum(result.kind == "returned" for result in results)

        return self._call(function, *calls[0], echo=False, run=run, text=batch_text(function, calls),
                          ahead=within is not None)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self.call(name, *args, **kwargs)

    def close(self) -> None:
        self._retire()

    def _retire(self) -> None:
        if self._channel is not None:
            self._channel.kill()
            self._finished_output += self._channel.process.output
            self._channel = None

    def clean_slate(self) -> None:
        """Run this task's next calls in a fresh fork, and give its timed-out functions another chance."""
        self._fresh, self.tainted = True, False
        self._timed_out = {name: why for name, why in self._timed_out.items() if why[0] != self.task}

    def _enter_task(self) -> None:
        """A fork ready for this task; a fresh worker if the old one can no longer fork.

        A frame out of turn fails the call (the submission wrote it), unless it was waiting before this
        task ran anything in a process that served another task: then a fresh worker; a start forced by the
        submission is charged (see the module docstring); a fresh worker, in which only the
        import ran, that cannot start the task either makes the module unavailable (ImportFailed)."""
        started, owed = time.monotonic(), self._owed
        try:
            if self._channel is not None and not self._channel.alive:
                owed = owed or self._last_task or self.task  # it ended between calls: the last call left it so
            if self._channel is None or not self._channel.alive:
                owed = self._restart_payer(owed)
            self.start()
            try:
                tainted = self._channel.enter(self.task, fresh=self._fresh)
            except OutOfTurn:
                self._retire()
                if not self._last_task or self._last_task == self.task:
                    raise  # this task's own code wrote it
                # written before this task ran anything, by a process that last served another task: that
                # task's calls saw it or the frame came after them; this one starts in a fresh worker
                self.start()
                tainted = self._channel.enter(self.task, fresh=True)
            except WorkerDied:
                owed = owed or self.task  # it cannot start this task: the next worker is the submission's doing
                self._retire()
                self.start()
                try:
                    tainted = self._channel.enter(self.task, fresh=True)
                except OutOfTurn:
                    raise
                except WorkerDied as exc:  # a process nothing but the import ran in: it is the module's doing
                    raise ImportFailed(f"{self.spec.module_path.name} cannot serve any call: {exc} (in a freshly "
                                       "started process too)") from None
        finally:
            if owed:
                self._spent[owed] = self._spent.get(owed, 0.0) + time.monotonic() - started
            self._owed = None
        self._fresh = False
        self._import_cost = max(self._import_cost, self._channel.import_took)
        self.tainted |= tainted
        self.stand_ins += tuple(m for m in self._channel.stand_ins if m not in self.stand_ins)

    def _restart_payer(self, owed: str | None) -> str | None:
        """Who pays for starting a worker again (``owed``, or this task where ``owed``'s share cannot cover it),
        charged before it runs: a restart costs an import (as long as the last one took), so when neither share
        has that much left, no worker is started (CallTimeout) and the grade ends within its budget."""
        if not self._import_cost or self.budget_seconds is None:
            return owed  # the first start (the import's own limit), or no budget to keep
        share = self.budget_seconds / max(1, self.budget_shares)
        # nor past the submission's whole budget, however it is shared: a notebook's tasks share it whole (a kernel
        # restart costs more than a fork), and slow cells with functions that end the kernel restarted it for
        # every task (issue 25's fourth battery: 155 s against 60 + 10 s)
        if self.budget_seconds - sum(self._spent.values()) < self._import_cost:
            self._owed = None
            raise CallTimeout(f"the call was not run: the submission's time limit ({self.budget_seconds:g} s) is "
                              f"nearly used up, and starting the submission's process again (its import takes about "
                              f"{self._import_cost:.1f} s) would run past it")
        for payer in dict.fromkeys((owed or self.task, self.task)):
            if share - self._spent.get(payer, 0.0) >= self._import_cost:
                return payer
        self._owed = None
        raise CallTimeout(f"the call was not run: this task used up its share ({share:g} s) of the submission's "
                          "time limit, for starting the submission's process again (its import takes about "
                          f"{self._import_cost:.1f} s) would run past it")

    def _call(self, function, args, kwargs, echo, size: str = "", run=None, text: str = "", ahead: bool = False):
        """A call (or what ``run(channel, timeout)`` does: a batch, an observed call, returning its result
        and how many calls returned), with the time limits, the bookkeeping and the restarts."""
        text = text or CallText(function, args, kwargs)
        if function in self.blocked:  # the source shows it cannot be graded as it is: said without a call
            raise self.blocked[function]
        if self.unavailable is not None:
            raise self.unavailable
        # a function that timed out is not called again (one time limit, not one per check), unless it was only
        # too slow for a size: then calls of other sizes still run, and one of that size is too slow again
        refused = self._timed_out.get(function)
        if refused is not None and (not refused[2] or size == refused[2]):
            raise CallTimeout(f"{text} was not run: {refused[1]}", size, too_slow=bool(refused[2]))
        self._remaining(text)
        try:
            self._enter_task()
        except ImportFailed as exc:
            self.unavailable = exc
            raise
        except CanaryFailed as exc:  # no call of this grade counts now: the engine raises the fault
            self.fault = exc
            self.unavailable = ImportFailed(f"the grader's sandbox failed ({exc.cause}); this is not your code's "
                                            "fault")
            raise self.unavailable from None
        timeout, share = self._remaining(text)  # a restart charged to this task may have spent it
        capped = getattr(size, "seconds", None)  # a Size past the lesson's: no whole time limit to wait out
        limited = capped is not None and capped < timeout
        timeout = capped if limited else timeout
        started, self._last_task = time.monotonic(), self.task
        try:
            if run is None:
                result, returned = self._channel.call(function, args, kwargs, timeout, echo=echo), 1
            else:
                result, returned = run(self._channel, timeout)
        except ImportFailed as exc:
            self.unavailable = exc
            raise
        except CallTimeout as exc:
            if ahead:  # a batch asked ahead: its worker is gone (its restart is this task's), nothing is marked
                self._owed = self.task
                raise
            self._owed, self.timed_out_in_check = self.task, True
            if timeout < self.timeout and not limited:
                raise CallTimeout(f"{text} was stopped: this task used up its share ({share:g} s) of the "
                                  "submission's time limit", size) from None
            said = self._sized_timeout(function, text, size, timeout, limited) if size else exc
            self._timed_out[function] = (self.task, f"an earlier call already timed out ({said})",
                                         size if said.too_slow else "")
            raise said from None
        except WorkerDied:
            self._owed = self.task  # its worker is gone or must go: the next one's start is this task's
            raise
        except Exception:  # the function's own raise, as its built-in type: a `pass` stub never raises
            if run is None:
                self.answered.add(function)
            raise
        finally:
            self._spent[self.task] = self._spent.get(self.task, 0.0) + time.monotonic() - started
        if returned:
            self._returned[function] = self._returned.get(function, 0) + returned
        if run is None and result[0] is not None:  # (the value, the arguments as it left them)
            self.answered.add(function)
        return result

    def _sized_timeout(self, function, call_text: str, size: str, seconds: float, capped: bool) -> CallTimeout:
        """The timeout of a call of a named size: too slow for it when the function returned in time before, or
        when the size capped its time (``Size``: a timeout there says nothing of the function's other calls)."""
        if self._returned.get(function):
            return CallTimeout(f"{call_text} did not return within {seconds:g} s: too slow for {size} (its calls "
                               "on smaller inputs returned in time); it was stopped", size, too_slow=True)
        if capped:
            return CallTimeout(f"{call_text} did not return within {seconds:g} s: too slow for {size}; it was "
                               "stopped", size, too_slow=True)
        return CallTimeout(f"{call_text} did not return within {seconds:g} s for {size} (an endless loop, or "
                           "far too much work?); it was stopped", size)

    def _remaining(self, call_text: str) -> tuple[float, float | None]:
        """(this call's time limit, the task's share): CallTimeout at once when the share is spent."""
        if self.budget_seconds is None:
            return self.timeout, None
        share = self.budget_seconds / max(1, self.budget_shares)
        remaining = share - self._spent.get(self.task, 0.0)
        if remaining <= 0:
            raise CallTimeout(f"{call_text} was not run: this task used up its share ({share:g} s) of the "
                              "submission's time limit")
        return min(self.timeout, remaining), share


class Size(str):
    """A size's words for ``call_sized`` that also cap its calls' time at ``seconds``, for sizes past the lesson's
    where a right closed form answers at once and a right count that runs out of time is held to nothing
    (``Domain.check_large``): a P x P count of 50,000 tokens waited out a whole time limit there, 5 s of a
    batch per such student, to learn nothing. A timeout at such a size is the function's at that size only."""

    seconds: float

    def __new__(cls, words: str, seconds: float):
        made = super().__new__(cls, words)
        made.seconds = seconds
        return made


def checked_perturbation(perturb) -> dict | None:
    """A perturbation request as the worker reads it; ValueError for one it cannot serve (the check's bug)."""
    if perturb is None:
        return None
    if not isinstance(perturb, dict) or set(perturb) != {"function", "rows", "scale"} \
            or perturb["function"] != "cumsum" or perturb["rows"] not in ("all", "first", "last") \
            or type(perturb["scale"]) not in (int, float) or not math.isfinite(perturb["scale"]):
        raise ValueError("perturb is {'function': 'cumsum', 'rows': 'all' | 'first' | 'last', 'scale': a finite "
                         f"number}}, not {perturb!r}")
    return {"function": "cumsum", "rows": perturb["rows"], "scale": float(perturb["scale"])}
