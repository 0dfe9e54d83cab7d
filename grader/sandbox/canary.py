"""Proving the sandbox before blaming anyone: which sandbox this process grades in, and why.

A sandbox that cannot run even a known-good module fails every submission, and each failure
would read as the student's ("importing prefill.py failed"): inside a user namespace that maps
no other user (a rootless container) the worker cannot switch to nobody; bubblewrap may be
unable to mount ``/proc`` there. So every module worker first runs the grader's canary
(``inside/canary``) through the real path, as the user the submission will run as, before it
imports anything of the submission (``channel.WorkerChannel.prove``); a notebook's sandbox is
proved by a module worker beside it (``run``).

The verdict is this process's, decided on its first worker and kept (``sandbox``, ``passed``,
``failed``): when the canary fails before any worker of the process has passed it, the grader
falls back to the next sandbox of ``confine.fallbacks`` and says so on every report
(``Sandbox.fallback``); when no sandbox is left, the mode was forced (``GRADER_SANDBOX``), or a
proved sandbox fails later (a batch's worker that cannot start or switch users mid-way), it
stops with ``SandboxFailed``: exit status 3 for ``grader grade``, an ``error`` row that the
next run retries for a batch. Never a student's zero.
"""

from __future__ import annotations

import dataclasses
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from grader.exceptions import CanaryFailed, SandboxFailed
from grader.sandbox import confine
from grader.sandbox.confine import NOBODY, Limits, Sandbox
from grader.sandbox.inside import canary as known_good
from grader.sandbox.inside.canary import ANSWER

if TYPE_CHECKING:
    from grader.sandbox.channel import Launcher

MODULE = "grader_canary"
CAUSE_LIMIT = 300  # characters of a cause quoted in a report or a message


@dataclass
class _Verdict:
    first: Sandbox  # the confine.current() it was made for: a new one (tests change GRADER_SANDBOX) starts over
    rungs: list[Sandbox]
    index: int = 0
    proven: bool = False
    failures: list[str] = field(default_factory=list)  # "<sandbox>: <cause>", one per rung given up


_lock = threading.Lock()
_state: _Verdict | None = None


def _verdict() -> _Verdict:
    global _state
    first = confine.current()
    with _lock:
        if _state is None or _state.first is not first:
            _state = _Verdict(first, confine.fallbacks(first))
        return _state


def sandbox() -> Sandbox:
    """The sandbox to start workers in now: the proved one, or the next to try."""
    verdict = _verdict()
    with _lock:
        return verdict.rungs[verdict.index]


def settled() -> bool:
    """Whether a worker of this process has run the canary already."""
    return _verdict().proven


def passed(box: Sandbox) -> None:
    """A worker of ``box`` ran the canary: this process grades in it from now on."""
    verdict = _verdict()
    with _lock:
        if verdict.rungs[verdict.index] == box:
            verdict.proven = True


def failed(box: Sandbox, failure: CanaryFailed) -> Sandbox:
    """The sandbox to try instead of ``box``, whose worker did not run the canary; SandboxFailed
    when there is none: the mode was forced, it had been proved already, or every one failed.

    A failure that is not the switch of users skips the other rungs of the same mode (they would
    fail alike: bubblewrap that cannot mount /proc cannot, whoever the worker is)."""
    verdict = _verdict()
    cause = failure.cause[:CAUSE_LIMIT]
    with _lock:
        if verdict.rungs[verdict.index] != box:  # another thread gave it up already
            return verdict.rungs[verdict.index]
        if verdict.proven or box.forced or failure.slow:  # slow: no sign that a weaker sandbox would do better
            raise SandboxFailed(_stop_message(box, failure, verdict.proven or failure.slow))
        verdict.failures.append(f"{_name(box)}: {cause}")
        index = verdict.index + 1
        while index < len(verdict.rungs) and not failure.switching and verdict.rungs[index].mode == box.mode:
            index += 1
        if index >= len(verdict.rungs):
            raise SandboxFailed("no sandbox can run the grader's canary (a known-good module) here, so no "
                                f"submission can be graded fairly: {'; '.join(verdict.failures)}")
        weaker = verdict.rungs[index]
        verdict.index = index
        verdict.rungs[index] = dataclasses.replace(
            weaker, fallback=f"graded in {_name(weaker)}: the grader's canary failed in "
                             f"{'; then in '.join(verdict.failures)}")
        return verdict.rungs[index]


def fault(failure: CanaryFailed) -> SandboxFailed:
    """The error for a worker that did not run the canary where no fallback is possible (a session's
    fork server, started in the sandbox its own canary proved)."""
    box = sandbox()
    return SandboxFailed(_stop_message(box, failure, proven=settled() or not box.forced))


def _name(box: Sandbox) -> str:
    return f"{box.mode} mode" + (" with the worker staying root" if box.stays else "")


def _user(uid: int | None) -> str:
    return "nobody" if uid == NOBODY else "a user of its own" if confine.is_private_uid(uid) else "its user"


def _stop_message(box: Sandbox, failure: CanaryFailed, proven: bool) -> str:
    """One line: what failed, where, and what to do about it."""
    cause = failure.cause[:CAUSE_LIMIT]
    if proven:
        return (f"a sandboxed worker could not run the grader's canary (a known-good module) in {_name(box)} "
                f"({cause}): this is the grader's fault, not the submission's; grade it again")
    forced = f"GRADER_SANDBOX={box.mode}"
    if failure.switching:
        return (f"{forced}: the worker cannot switch to {_user(failure.uid)} inside this container ({cause}): run "
                "the grader as root outside a user namespace, or unset GRADER_SANDBOX so that it can fall back to "
                "a sandbox that works here (the report then says which)")
    return (f"{forced}: the grader's canary (a known-good module) fails in this sandbox ({cause}): unset "
            "GRADER_SANDBOX so that the grader can fall back to a sandbox that works here (the report then says "
            "which)")


def run(launch: Launcher | None, folder: Path, box: Sandbox, limits: Limits, seconds: float) -> None:
    """Grade the canary as a submission in ``box``: staged in ``folder`` (readable by the worker's
    user), started by ``launch`` (a fresh worker when None), imported, called once; CanaryFailed
    if any of it fails. For a notebook's sandbox and a fork server's, whose workers start otherwise."""
    from grader.sandbox.channel import WorkerChannel, WorkerSpec  # numpy: only where a canary is run apart

    folder.mkdir(parents=True, exist_ok=True)
    module = folder / f"{MODULE}.py"
    shutil.copyfile(known_good.__file__, module)
    module.chmod(0o644)
    spec = WorkerSpec(module_name=MODULE, module_path=module, import_seconds=seconds, limits=limits, box=box,
                      launcher=launch)
    channel = WorkerChannel(spec)
    try:
        channel.wait_ready()
        channel.enter("canary")
        value, _ = channel.call("answer", (), {}, timeout=seconds)
    except CanaryFailed:
        raise
    except BaseException as exc:  # noqa: BLE001 - ImportFailed, WorkerDied, ...: none of it is a student's
        raise CanaryFailed(f"the canary could not be graded: {exc}"[:CAUSE_LIMIT]) from None
    finally:
        channel.kill()
    if type(value) is not int or value != ANSWER:
        raise CanaryFailed(f"the canary's call returned {str(value)[:50]} instead of {ANSWER}")
