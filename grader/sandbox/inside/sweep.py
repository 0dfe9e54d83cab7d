"""Ending everything a worker started, until nothing of it is left.

One pass over ``/proc`` is not enough: a process that forks and exits again and again has
a new pid by the time the pass reaches the old one, and survives it. So both ways here
repeat until a round finds nothing, within a bound:

- by uid, when the worker has one of its own: a helper that takes that uid calls
  ``kill(-1, SIGKILL)``, which the kernel applies to every process of the uid at once (a
  fork cannot slip between a listing and the kill), and repeats while ``/proc`` still
  shows a live process of the uid;
- by descent, when it has none: the worker, its descendants and the orphans adopted by
  the caller (a child subreaper, so whatever the worker orphans becomes the caller's),
  found through ``/proc/<pid>/task/<tid>/children`` (a few small reads, so a round is
  quicker than a fork) and killed, round after round.

Processes are not all a worker can leave behind: System V shared memory segments, semaphore
sets and message queues outlive every process (a segment holds its memory until removed), and
all the children of one template share their IPC namespace, so the next submission would find
them (``remove_ipc_of``; POSIX message queues are ruled out by ``RLIMIT_MSGQUEUE``).

Both the fork-server template (inside the sandbox) and the trusted side (``reap``, limited
mode) use these, so they import nothing but the standard library.
"""

from __future__ import annotations

import os
import signal
import time

SWEEP_SECONDS = 5.0  # the longest one sweep goes on; a fork bomb inside RLIMIT_NPROC ends in milliseconds


def live_processes_of(uid: int) -> list[int]:
    """Pids of the processes whose real uid is ``uid`` and that have not exited (zombies are dead)."""
    found = []
    for name in _pids():
        try:
            with open(f"/proc/{name}/status", "rb") as stream:
                status = stream.read()
        except OSError:
            continue
        fields = dict(line.split(b":", 1) for line in status.splitlines() if b":" in line)
        try:
            real_uid = int(fields[b"Uid"].split()[0])
            state = fields[b"State"].split()[0]
        except (KeyError, IndexError, ValueError):
            continue
        if real_uid == uid and state not in (b"Z", b"X"):
            found.append(int(name))
    return found


def kill_uid(uid: int, seconds: float = SWEEP_SECONDS) -> bool:
    """Kill every process of ``uid`` until none is left; False if some still lived after ``seconds``.

    The caller must be able to take the uid (root, or CAP_SETUID); the helper it forks does, so
    that ``kill(-1)`` reaches exactly that uid's processes."""
    deadline = time.monotonic() + seconds
    while live_processes_of(uid):
        if time.monotonic() > deadline:
            return False
        helper = os.fork()
        if helper == 0:
            try:
                os.setgroups([])
                os.setgid(uid)
                os.setuid(uid)
                os.kill(-1, signal.SIGKILL)
            finally:
                os._exit(0)
        os.waitpid(helper, 0)
    return True


_IPC_KINDS = ("shm", "sem", "msg")  # /proc/sysvipc/<kind>, and the ctl call that removes one: shmctl, semctl, msgctl
_IPC_RMID = 0


def ipc_objects_of(uid: int) -> list[tuple[str, int]]:
    """(kind, id) of every System V IPC object of this IPC namespace that ``uid`` created or owns."""
    found = []
    for kind in _IPC_KINDS:
        try:
            with open(f"/proc/sysvipc/{kind}", "rb") as stream:
                header, *rows = stream.read().splitlines()
        except (OSError, ValueError):
            continue
        names = header.split()
        try:
            at_id, at_uid, at_cuid = 1, names.index(b"uid"), names.index(b"cuid")
        except ValueError:
            continue
        for row in rows:
            fields = row.split()
            try:
                if uid in (int(fields[at_uid]), int(fields[at_cuid])):
                    found.append((kind, int(fields[at_id])))
            except (IndexError, ValueError):
                continue
    return found


def remove_ipc_of(uid: int) -> None:
    """Remove every System V IPC object ``uid`` created or owns, as that uid (their creator may
    remove them, and the template holds no CAP_SYS_ADMIN): a forked helper takes the uid, as
    ``kill_uid``'s does. Nothing is forked when there is none, the usual case (three small reads)."""
    objects = ipc_objects_of(uid)
    if not objects:
        return
    helper = os.fork()
    if helper == 0:
        try:
            import ctypes

            libc = ctypes.CDLL(None)
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            for kind, ipc_id in objects:
                if kind == "sem":
                    libc.semctl(ipc_id, 0, _IPC_RMID)
                else:
                    getattr(libc, f"{kind}ctl")(ipc_id, _IPC_RMID, None)
        finally:
            os._exit(0)
    os.waitpid(helper, 0)


def children_of(pid: int) -> list[int]:
    """The children of ``pid`` (of each of its threads: an orphan's new parent may be any of them)."""
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as stream:
                out += [int(child) for child in stream.read().split()]
        except (OSError, ValueError):
            continue
    return out


def kill_descendants(roots: list[int], spare, seconds: float = SWEEP_SECONDS) -> set[int]:
    """Kill ``roots``, their descendants and the caller's adopted children, round after round
    until a round finds none alive and none dead; ``spare(pid)`` names processes (and their
    trees) to leave alone. The caller's dead children among them (a chain leaves one per
    generation) are reaped as they are found, so that the next round is quick; ``roots`` are
    not (their status may be wanted). Returns every pid killed, for the caller to reap."""
    me, killed = os.getpid(), set()
    deadline = time.monotonic() + seconds
    while True:
        ours = children_of(me)
        found, stack = set(), [*roots, *ours]
        while stack:
            pid = stack.pop()
            if pid <= 0 or pid in found or pid == me or spare(pid):  # -1 or 0 to kill() is everyone
                continue
            found.add(pid)
            _kill(pid)  # on sight: a chain link lives ~ms; killed at the round's end it has forked again
            stack += children_of(pid)
        alive = {pid for pid in found if _alive(pid)}
        dead = (found - alive - set(roots)).intersection(ours)
        for pid in dead:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
        if (not alive and not dead) or time.monotonic() > deadline:  # a quiet round: nothing alive, nothing new
            return killed
        killed |= alive


def _kill(pid: int) -> None:
    if pid <= 0:
        return
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stream:
            state = stream.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in (b"Z", b"X")


def _pids() -> list[str]:
    try:
        return [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []
