"""What a sandboxed process does to itself before any student code runs.

The trusted side decides the limits (``grader.sandbox.confine``); the process that will run
student code applies them to itself, because only a process can lower its own rlimits and
give up root for good. Once applied they cannot be undone by anything the submission does.
A process that starts others (the grader, the fork-server template) also becomes a child
subreaper here, so that what its children orphan is still its to find and reap; one that
holds what its own children must not reach makes itself non-dumpable.
"""

from __future__ import annotations

import os
import resource
import signal
import sys


def apply_limits(limits: dict) -> None:
    """Limit this process before any student code runs; it cannot undo any of it later.

    ``limits`` is ``grader.sandbox.confine.Limits`` as a dict (it crosses as JSON on argv).
    """
    for name, value in (("RLIMIT_CPU", limits["cpu_seconds"]), ("RLIMIT_AS", limits["memory_bytes"]),
                        ("RLIMIT_FSIZE", limits["file_bytes"]), ("RLIMIT_NOFILE", limits["open_files"]),
                        ("RLIMIT_CORE", 0), ("RLIMIT_MSGQUEUE", 0)):  # a POSIX message queue outlives it
        if hasattr(resource, name):  # RLIMIT_MSGQUEUE is Linux's
            resource.setrlimit(getattr(resource, name), (value, value))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an oversized write raises OSError instead of killing
    os.umask(0o077)
    uid = limits.get("drop_to")
    if uid is not None:
        switch_user(uid)
        # counted per user: only meaningful for a user of its own, not for the caller's account
        resource.setrlimit(resource.RLIMIT_NPROC, (limits["processes"], limits["processes"]))


class SwitchFailed(OSError):
    """This process could not become ``uid`` (inside a user namespace that maps no other user, say)."""


def switch_user(uid: int) -> None:
    """Give up root for ``uid`` for good (groups, gid, uid); SwitchFailed names the step that failed."""
    for step, switch in (("setgroups", lambda: os.setgroups([])), ("setgid", lambda: os.setgid(uid)),
                         ("setuid", lambda: os.setuid(uid))):
        try:
            switch()
        except OSError as exc:
            raise SwitchFailed(exc.errno, f"{step}({uid if step != 'setgroups' else ''}) failed: "
                                          f"{exc.strerror}") from None


def make_undumpable() -> None:
    """No other process of this uid may reach this one's memory or file descriptors (through
    ``/proc/<pid>/fd``, ``ptrace``, ``pidfd_getfd``): the notebook worker keeps a pipe its kernel must not write."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE, 0
    except (OSError, AttributeError):
        pass


_subreaper_of: int | None = None  # the process that set the flag: a fork of it does not inherit the flag


def become_subreaper() -> None:
    """Orphaned descendants of this process become its children, not init's.

    So a double-forked daemon can still be found and killed (limited mode) and a sandbox's
    init reaped by this process, instead of piling up as zombies of whoever started it.
    """
    global _subreaper_of
    if _subreaper_of == os.getpid() or not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass
    _subreaper_of = os.getpid()
