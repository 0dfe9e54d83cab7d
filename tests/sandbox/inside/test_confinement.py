"""grader.sandbox.inside.confinement: what a worker does to itself before any student code runs.

The limits and the uid switch are irreversible, so each is applied in a forked child that
reports what it sees over a pipe and ends with os._exit: the test process keeps its own
limits, its uid and its subreaper setting whatever the child does.
"""

from __future__ import annotations

import ctypes
import errno
import os
import resource
import signal

import pytest
import untested

from grader.sandbox.inside import confinement

from forked import in_child

PR_GET_CHILD_SUBREAPER = 37


def below_hard(name: str, wanted: int) -> int:
    """``wanted``, or the hard limit where it is lower (only root may raise a hard limit)."""
    hard = resource.getrlimit(getattr(resource, name))[1]
    return wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)


def limits(**changes) -> dict:
    """grader.sandbox.confine.Limits as the worker receives it (a dict from JSON on argv)."""
    return {"cpu_seconds": below_hard("RLIMIT_CPU", 1234), "memory_bytes": below_hard("RLIMIT_AS", 1 << 40),
            "processes": 77, "file_bytes": below_hard("RLIMIT_FSIZE", 1 << 20),
            "open_files": below_hard("RLIMIT_NOFILE", 200), "drop_to": None, **changes}


def test_apply_limits_sets_every_rlimit_soft_and_hard(tmp_path):
    wanted = limits()
    processes_before = resource.getrlimit(resource.RLIMIT_NPROC)

    def body():
        confinement.apply_limits(wanted)
        return {name: list(resource.getrlimit(getattr(resource, name)))
                for name in ("RLIMIT_CPU", "RLIMIT_AS", "RLIMIT_FSIZE", "RLIMIT_NOFILE", "RLIMIT_CORE",
                             "RLIMIT_NPROC")}

    seen = in_child(body)
    assert seen["RLIMIT_CPU"] == [wanted["cpu_seconds"]] * 2
    assert seen["RLIMIT_AS"] == [wanted["memory_bytes"]] * 2
    assert seen["RLIMIT_FSIZE"] == [wanted["file_bytes"]] * 2
    assert seen["RLIMIT_NOFILE"] == [wanted["open_files"]] * 2
    assert seen["RLIMIT_CORE"] == [0, 0]
    assert seen["RLIMIT_NPROC"] == list(processes_before)  # counted per user: left alone without a uid switch


def test_apply_limits_sets_a_private_umask_and_turns_an_oversized_write_into_an_error(tmp_path):
    wanted = limits()
    target = tmp_path / "big.bin"

    def body():
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)  # as a process not started by Python has it (Python ignores it)
        confinement.apply_limits(wanted)
        umask = os.umask(0)
        os.umask(umask)
        ignored = signal.getsignal(signal.SIGXFSZ) is signal.SIG_IGN
        with open(target, "wb", buffering=0) as stream:
            stream.write(b"x" * wanted["file_bytes"])
            try:
                stream.write(b"y" * 4096)
                refused = None
            except OSError as exc:
                refused = exc.errno
        return {"umask": umask, "ignored": ignored, "refused": refused, "mode": os.stat(target).st_mode & 0o777}

    seen = in_child(body)  # had SIGXFSZ kept its default, the child would have died instead of answering
    assert seen["umask"] == 0o077 and seen["mode"] == 0o600
    assert seen["ignored"] is True
    assert seen["refused"] == errno.EFBIG
    assert target.stat().st_size == wanted["file_bytes"]


@untested.skip_unless(os.geteuid() != 0, untested.NOT_ROOT,
                      "root may raise a hard limit again: the uid switch makes it final")
def test_apply_limits_cannot_be_undone_by_the_process_itself():
    wanted = limits()

    def body():
        confinement.apply_limits(wanted)
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (wanted["cpu_seconds"], wanted["cpu_seconds"] + 1))
        except (ValueError, OSError) as exc:
            return type(exc).__name__
        return "raised again"

    assert in_child(body) in ("ValueError", "PermissionError")


@untested.skip_unless(os.geteuid() == 0, untested.ROOT, "switching to another uid needs root")
def test_as_root_apply_limits_switches_to_the_uid_for_good_and_limits_its_processes():
    wanted = limits(drop_to=65534)

    def body():
        os.setgroups([0, 4242])  # groups root may hold: none of them is kept
        confinement.apply_limits(wanted)
        try:
            os.setuid(0)
            regained = True
        except PermissionError:
            regained = False
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (wanted["cpu_seconds"], wanted["cpu_seconds"] + 1))
            raised = True
        except (ValueError, OSError):
            raised = False
        return {"ids": [os.getuid(), os.geteuid(), os.getgid(), os.getegid()], "groups": os.getgroups(),
                "nproc": list(resource.getrlimit(resource.RLIMIT_NPROC)), "regained": regained, "raised": raised}

    seen = in_child(body)
    assert seen["ids"] == [65534] * 4 and seen["groups"] == []
    assert seen["nproc"] == [77, 77]
    assert seen["regained"] is False and seen["raised"] is False  # no capability left to undo anything


def test_a_switch_the_kernel_refuses_is_switch_failed_naming_its_step():
    """Inside a user namespace that maps no other user (a rootless container), or for a caller that is
    not root, the switch fails: SwitchFailed (an OSError) says which call and why, for the canary."""
    def body():
        if os.geteuid() == 0:
            os.setuid(54321)  # no longer allowed to switch, as in such a namespace
        try:
            confinement.switch_user(65534)
        except confinement.SwitchFailed as exc:
            return {"errno": exc.errno, "text": str(exc), "oserror": isinstance(exc, OSError), "uid": os.geteuid()}
        return None

    seen = in_child(body)
    assert seen is not None and seen["oserror"] and seen["errno"] == errno.EPERM
    assert "setgroups() failed: Operation not permitted" in seen["text"] and seen["uid"] != 65534


def _is_subreaper() -> bool:
    flag = ctypes.c_int(0)
    ctypes.CDLL(None, use_errno=True).prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(flag), 0, 0, 0)
    return bool(flag.value)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="child subreapers are a Linux feature")
def test_become_subreaper_is_idempotent_and_adopts_an_orphaned_grandchild():
    # In a forked helper: the test process is made no subreaper by this test. The kernel's setting
    # is not inherited by fork, so a fork of a subreaper (the test process may be one) must set it
    # again: what makes the call idempotent names the process that set it.
    def body():
        before = _is_subreaper()
        confinement.become_subreaper()
        confinement.become_subreaper()
        after = _is_subreaper() and confinement._subreaper_of == os.getpid()
        go_r, go_w = os.pipe()
        pid_r, pid_w = os.pipe()
        child = os.fork()
        if child == 0:  # forks the grandchild, tells its pid, and exits: the grandchild is an orphan
            os.close(go_w)
            grandchild = os.fork()
            if grandchild == 0:
                os.read(go_r, 1)  # until the helper lets go: then its parent is whoever adopted it
                os.write(pid_w, f"{os.getppid()}\n".encode())
                os._exit(0)
            os.write(pid_w, f"{grandchild}\n".encode())
            os._exit(0)
        os.close(go_r)
        with os.fdopen(pid_r, "rb") as stream:
            grandchild = int(stream.readline())
            os.waitpid(child, 0)  # the child is gone: its orphan was reparented as it died
            os.close(pid_w)
            os.close(go_w)
            adopter = int(stream.readline())
        _, status = os.waitpid(grandchild, 0)  # a ChildProcessError here: it was not ours
        return {"before": before, "after": after, "adopter": adopter, "me": os.getpid(),
                "code": os.waitstatus_to_exitcode(status)}

    seen = in_child(body)
    assert seen["before"] is False and seen["after"] is True
    assert seen["adopter"] == seen["me"] and seen["code"] == 0


PR_SET_DUMPABLE, PR_GET_DUMPABLE = 4, 3


def _probe(pid: int, fd: int) -> str:
    """Whether another process of this uid can open ``pid``'s descriptor ``fd`` through /proc."""
    prober = os.fork()
    if prober == 0:
        code = 3
        try:
            os.close(os.open(f"/proc/{pid}/fd/{fd}", os.O_WRONLY | os.O_NONBLOCK))
            code = 1
        except PermissionError:
            code = 2
        finally:
            os._exit(code)
    _, status = os.waitpid(prober, 0)
    return {1: "reached", 2: "refused"}.get(os.waitstatus_to_exitcode(status), "probe failed")


def _undumpable_and_out_of_reach() -> dict:
    libc = ctypes.CDLL(None, use_errno=True)
    if os.geteuid() == 0:  # root may read anything (CAP_SYS_PTRACE): both sides become one ordinary uid
        os.setgroups([])
        os.setgid(1_999_999)
        os.setuid(1_999_999)
    libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)  # as an ordinary process is (a uid switch may have reset it)
    read_end, write_end = os.pipe()
    seen = {"dumpable": _probe(os.getpid(), write_end)}
    confinement.make_undumpable()
    seen["undumpable"] = _probe(os.getpid(), write_end)
    seen["flag"] = libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0)
    os.close(read_end)
    os.close(write_end)
    return seen


def test_make_undumpable_keeps_other_processes_of_the_uid_away_from_its_file_descriptors():
    assert in_child(_undumpable_and_out_of_reach) == {"dumpable": "reached", "undumpable": "refused", "flag": 0}
