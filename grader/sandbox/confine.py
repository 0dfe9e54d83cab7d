"""How far the worker is confined, and the command line that confines it.

Two modes, chosen once per process:

- ``bubblewrap``: the worker runs under bwrap in new PID, network, IPC and UTS namespaces,
  dies with the grader, and sees only the Python installation, the grader package and a
  read-only copy of the submission, plus a small private ``/tmp``. The course repository
  (hidden suites, solutions, other submissions) does not exist in its filesystem.
- ``limited``: where bwrap is missing or unusable (a laptop, macOS), only the limits that
  the worker applies to itself (see ``Limits``) and a clean environment protect the grader.

Either way the worker sets its resource limits and, when started as root, switches to
``nobody`` (a notebook worker or a fork server's child: to a uid of its own, ``private_uid``)
before it imports any student code. ``GRADER_SANDBOX=bubblewrap|limited`` forces a mode
(tests use it to exercise both); the report names the mode in use.

``current()`` is this machine's first choice; whether it works is proved by the grader's canary
(``grader.sandbox.canary``), which falls back along ``fallbacks()`` when it does not.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import select
import shutil
import stat
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from grader.exceptions import ConfigError, SandboxFailed
from grader.result.text import shown
from grader.sandbox.inside.confinement import become_subreaper

NOBODY = 65534
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # grader/: the worker needs all of it
TMP_BYTES = 64 * 1024 * 1024
WORKER_CAPS = ("CAP_SETUID", "CAP_SETGID")  # started as root: what a worker needs to switch to its uid, then drops
# Private uids: a block per process id (no two live processes share one), a fresh uid of the
# block per call. The largest pid_max (2**22) times the block stays below 2**31.
UID_FLOOR, UIDS_PER_PROCESS, PID_SPAN = 1_000_000, 500, 1 << 22
_uid_numbers = itertools.count()
_uid_lock = threading.Lock()


@dataclass(frozen=True)
class Limits:
    """Resource limits the worker sets on itself before importing the submission."""

    cpu_seconds: int  # a backstop behind the wall-clock limits of the trusted side
    memory_bytes: int  # the lesson's ``memory_mb``
    processes: int = 64  # processes and threads, applied only once the worker is nobody
    file_bytes: int = 64 * 1024**2
    open_files: int = 256
    drop_to: int | None = None  # uid/gid to switch to (when started as root)

    def to_argv(self) -> str:
        return json.dumps(asdict(self))


@dataclass(frozen=True)
class Sandbox:
    mode: str  # "bubblewrap" or "limited"
    note: str = ""  # why the mode is what it is, said in the report
    forced: bool = False  # GRADER_SANDBOX chose it: the canary may not fall back from it
    stays: bool = False  # the worker keeps the grader's uid even as root (switching failed the canary here)
    fallback: str = ""  # why a stronger sandbox was not used (the canary failed there), for the report

    @property
    def description(self) -> str:
        return f"{self.mode} ({self.note})" if self.note else self.mode

    @property
    def limited(self) -> bool:
        """Only the limits and a separate process confine the worker: what a student's report says."""
        return self.mode == "limited"

    def wrap(self, argv: list[str], workdir: Path, readable: list[Path], info_fd: int | None = None,
             caps: tuple[str, ...] = ()) -> list[str]:
        """The command that runs ``argv`` confined to ``readable`` and a read-only ``workdir``.

        ``info_fd`` receives bwrap's JSON about the sandbox (the pid of its init, which the
        grader must reap once it kills bwrap). Started as root, the process keeps only
        ``WORKER_CAPS`` and ``caps`` (bwrap would otherwise leave it every capability).
        """
        if self.mode != "bubblewrap":
            return argv
        command = [shutil.which("bwrap") or "bwrap", "--unshare-pid", "--unshare-net", "--unshare-ipc",
                   "--unshare-uts", "--unshare-cgroup-try", "--die-with-parent", "--new-session",
                   "--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
        if os.geteuid() == 0:  # so that the worker can switch itself to nobody, then hold no capability
            command += ["--cap-drop", "ALL"]
            for cap in dict.fromkeys([*WORKER_CAPS, *caps]) if not self.stays else ():  # staying: none at all
                command += ["--cap-add", cap]
        made: set[str] = {"/", "/tmp", "/proc", "/dev"}
        for name in ("usr", "lib", "lib64", "lib32", "bin", "sbin"):
            top = Path("/") / name
            if top.is_symlink():
                command += ["--symlink", os.readlink(top), str(top)]
                made.add(str(top))
            elif top.is_dir():
                command += ["--ro-bind", str(top), str(top)]
                made.add(str(top))
        command += ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache"]
        for path in [*readable, workdir]:
            for parent in reversed(path.parents):
                if str(parent) not in made:
                    command += ["--perms", "0755", "--dir", str(parent)]
                    made.add(str(parent))
            if str(path) not in made:
                command += ["--ro-bind", str(path), str(path)]
                made.add(str(path))
        if info_fd is not None:
            command += ["--info-fd", str(info_fd)]
        return [*command, "--chdir", str(workdir), "--", *argv]


def limits(cpu_seconds: float, memory_mb: float, box: Sandbox | None = None) -> Limits:
    """The worker's limits for this machine: drop to nobody where that is possible.

    Under bubblewrap the interpreter's folders are always reachable (the sandbox creates
    their parents world-readable); without it, only if they already are.
    """
    box = box or current()
    readable = box.mode == "bubblewrap" or _readable_by_others(Path(sys.base_prefix))
    drop = NOBODY if os.geteuid() == 0 and readable and not box.stays else None
    return Limits(cpu_seconds=int(cpu_seconds) + 1, memory_bytes=int(memory_mb * 1024**2), drop_to=drop)


def private_uid() -> int:
    """A uid for one worker that no other live worker on this machine holds (see UID_FLOOR).

    A uid of its own gives a worker its own RLIMIT_NPROC count, and makes "every process of
    this uid" name exactly what the worker started, so that they can all be killed at once."""
    with _uid_lock:
        number = next(_uid_numbers) % UIDS_PER_PROCESS
    return UID_FLOOR + (os.getpid() % PID_SPAN) * UIDS_PER_PROCESS + number


def is_private_uid(uid: int | None) -> bool:
    return uid is not None and uid >= UID_FLOOR


def readable_paths() -> list[Path]:
    """What the worker must see: the interpreter, the environment, the grader package."""
    paths = {Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), PACKAGE_DIR}
    executable = Path(sys.executable).resolve()
    if not any(executable.is_relative_to(p) for p in paths):
        paths.add(executable)
    # no path inside another: binding a folder already makes what it holds visible
    return sorted(p for p in paths if not any(p != q and p.is_relative_to(q) for q in paths))


@functools.cache
def current() -> Sandbox:
    """The sandbox of this process, decided once (probing bwrap costs a few milliseconds)."""
    wanted = os.environ.get("GRADER_SANDBOX", "auto")
    if wanted not in ("auto", "bubblewrap", "limited"):
        # the deployment's setting, not the command line nor the submission: the grader's fault (exit 3)
        raise ConfigError("the environment variable GRADER_SANDBOX",
                          f"'{shown(wanted, lines=False, limit=60)}' is not a sandbox mode: use auto, bubblewrap or "
                          "limited, or leave it unset")
    if wanted == "limited":
        return Sandbox("limited", "GRADER_SANDBOX=limited" + _limited_note(), forced=True)
    problem = _bwrap_problem()
    if problem is None:
        return Sandbox("bubblewrap", forced=wanted == "bubblewrap")
    if wanted == "bubblewrap":
        raise SandboxFailed(f"GRADER_SANDBOX=bubblewrap, but {problem}: install bubblewrap where it can create "
                            "namespaces, or unset GRADER_SANDBOX so that the grader can fall back to limited mode")
    return Sandbox("limited", problem + _limited_note())


def fallbacks(first: Sandbox) -> list[Sandbox]:
    """The sandboxes to try in turn, strongest first, starting with ``first`` (``current()``).

    As root, each mode is tried with the worker switching to nobody, then staying root: bubblewrap
    without the switch (a worker with no capability, in namespaces) still hides the course and
    the network, which limited mode as nobody does not. A forced mode has no fallback.
    """
    if first.forced:
        return [first]
    rungs = [first] if first.mode == "bubblewrap" else []
    if first.mode == "bubblewrap" and os.geteuid() == 0:
        rungs.append(Sandbox("bubblewrap", "worker stays root, with no capability", stays=True))
    limited = first if first.mode == "limited" else Sandbox("limited", _limited_note().removeprefix("; "))
    rungs.append(limited)
    if os.geteuid() == 0 and _readable_by_others(Path(sys.base_prefix)):  # it would switch: then without
        rungs.append(Sandbox("limited", "worker stays root", stays=True))
    return rungs


def _limited_note() -> str:
    if os.geteuid() != 0:
        return ""
    if _readable_by_others(Path(sys.base_prefix)):
        return "; worker runs as nobody"
    return f"; worker stays root: {sys.base_prefix} is not readable by nobody"


def _bwrap_problem() -> str | None:
    path = shutil.which("bwrap")
    if path is None:
        return "bubblewrap is not installed"
    become_subreaper()  # so that the probe's sandbox init is reaped here, not left to our parent
    info_r, info_w = os.pipe()
    try:
        probe = subprocess.run([path, "--ro-bind", "/", "/", "--unshare-pid", "--unshare-net", "--die-with-parent",
                                "--info-fd", str(info_w), "true"], capture_output=True, timeout=10, pass_fds=(info_w,))
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap cannot run ({exc})"
    finally:
        os.close(info_w)
        reap_init(info_r)
    if probe.returncode != 0:
        reason = probe.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no reason given"]
        return f"bubblewrap cannot create namespaces here ({reason[0]})"
    return None


def reap_init(info_r: int) -> None:
    """Reap the sandbox's init, which becomes our child (we are a subreaper) when bwrap ends.

    ``info_r`` is the read end of bwrap's ``--info-fd`` pipe, whose JSON names the init's pid;
    it is closed here. Without this, every sandbox would leave a zombie in a long-lived grader.
    """
    try:
        os.set_blocking(info_r, False)
        info = json.loads(os.read(info_r, 65536) or b"{}")
    except (OSError, ValueError):
        info = {}
    finally:
        os.close(info_r)
    pid = info.get("child-pid") if isinstance(info, dict) else None
    if type(pid) is not int:
        return
    try:  # woken when it ends, not by polling: a grade waited 5 ms at the probe and again at its end
        ended = os.pidfd_open(pid)
    except (AttributeError, OSError):  # gone already, or no pidfd here: polled below
        ended = None
    if ended is not None:
        try:
            select.select([ended], [], [], 1.0)  # it dies with bwrap (--die-with-parent): at most about a second
        finally:
            os.close(ended)
    for _ in range(200):  # it dies with bwrap (--die-with-parent); wait at most about a second
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:
                return
        except ChildProcessError:  # not ours: bwrap reaped it, or we are no subreaper
            return
        time.sleep(0.005)


def _readable_by_others(path: Path) -> bool:
    """Whether an unprivileged user can reach and read ``path`` (every ancestor o+x)."""
    for folder in [*reversed(path.resolve().parents), path.resolve()]:
        try:
            mode = folder.stat().st_mode
        except OSError:
            return False
        if not mode & stat.S_IXOTH:
            return False
    return bool(path.resolve().stat().st_mode & stat.S_IROTH)
