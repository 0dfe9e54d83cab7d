"""The scene of one grade of an attack: its folders, canaries and listeners, its processes, its cleanup.

Shared by tests/e2e/test_attacks.py and tests/e2e/test_attacks_scenarios.py (with the
fixtures both use: ``sandbox_mode``, ``scene_factory``); kept apart from them so that
neither test module grows past the house's 450 lines.

Everything an attack does stays in the test's own folders, /tmp and /dev/shm files named by
its marker, and the test's loopback listeners; leftovers are killed and files removed after
each case, even where the grader failed to.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import re
import secrets
import select
import shutil
import signal
import socket
import threading
import time
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path

import pytest

from grader.sandbox import confine

from attack_corpus import REFERENCE, ROOT, Attack
from modes import require

_PLACEHOLDER = re.compile(r"@@[A-Z]+@@")


class Listener:
    """A loopback TCP port and an abstract Unix socket that count who connects."""

    def __init__(self, name: str):
        self.hits: list[str] = []
        self.tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(16)
        self.unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.unix.bind("\0" + name)
        self.unix.listen(16)
        self.port = self.tcp.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self):
        while not self._stop.is_set():
            ready, _, _ = select.select([self.tcp, self.unix], [], [], 0.1)
            for server in ready:
                try:
                    conn, _ = server.accept()
                except OSError:
                    continue
                self.hits.append("tcp" if server is self.tcp else "unix")
                try:
                    conn.sendall(b"42\n")
                finally:
                    conn.close()

    def close(self):
        self._stop.set()
        self._thread.join(timeout=2)
        self.tcp.close()
        self.unix.close()


@dataclass
class Scene:
    """Everything one grade of one attack needs, all under the test's own temporary folders."""

    attack: Attack
    mode: str
    tmp: Path
    marker: str = ""  # names everything of this grade: the worker's copy, its processes, its /tmp files
    secret: str = field(default_factory=lambda: "SECRET-" + secrets.token_hex(8))
    listener: Listener | None = None

    def __post_init__(self):
        self.marker = self.marker or "atk" + secrets.token_hex(4)
        self.course = self.tmp / "course"
        self.folder = self.tmp / "prefill"
        self.canary = self.tmp / "outside"
        self.other = self.tmp / "other-student"
        self.cli_cwd = self.tmp / "cli-cwd"
        # the grader's temporary folder, named so that the worker's command line carries the marker
        self.scratch = Path(f"/tmp/{self.marker}.{self.tmp.name}.scratch")
        self.needles = [f"SUITE-CANARY-{self.marker}", f"SOLUTION-CANARY-{self.marker}",
                        f"OTHER-CANARY-{self.marker}", self.secret, "pytest.mark.task("]

    # placeholders an attack may use: it cannot guess the test's temporary paths by itself
    def substitute(self, text: str) -> str:
        values = {"@@MARKER@@": self.marker, "@@COURSE@@": str(self.course), "@@CANARY@@": str(self.canary),
                  "@@OTHER@@": str(self.other), "@@SOCKET@@": f"{self.marker}-socket",
                  "@@PORT@@": str(self.listener.port if self.listener else 9)}
        text = _PLACEHOLDER.sub(lambda m: values.get(m.group(0), m.group(0)), text)
        unknown = _PLACEHOLDER.findall(text)
        assert not unknown, f"{self.attack.path}: unknown placeholder(s) {unknown}"
        return text

    def build(self) -> None:
        if any("@@PORT@@" in p.read_text(encoding="utf-8", errors="replace") or
               "@@SOCKET@@" in p.read_text(encoding="utf-8", errors="replace") for _, p in self.attack.files()):
            self.listener = Listener(f"{self.marker}-socket")
        # the course: the lesson with short limits, canaries in everything a student must not read
        self.course.mkdir()
        shutil.copytree(ROOT / "suites", self.course / "suites",
                        ignore=shutil.ignore_patterns("mutants", "__pycache__"))
        shutil.copytree(ROOT / "solutions", self.course / "solutions", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(ROOT / "exercises", self.course / "exercises", ignore=shutil.ignore_patterns("__pycache__"))
        manifest = self.course / "suites" / "prefill" / "lesson.toml"
        text = manifest.read_text(encoding="utf-8")
        for key, value in self.attack.limits().items():
            text, count = re.subn(rf"(?m)^{key}\s*=\s*[0-9.]+", f"{key} = {value:g}", text)
            assert count == 1, f"cannot set {key} in {manifest}"
        manifest.write_text(text + f"\n# SUITE-CANARY-{self.marker}\n", encoding="utf-8")
        for check in (self.course / "suites" / "prefill").glob("test_*.py"):
            check.write_text(check.read_text(encoding="utf-8") + f"\n# SUITE-CANARY-{self.marker}\n", encoding="utf-8")
        for name in ("prefill.py", "answers.toml"):
            path = self.course / "solutions" / "prefill" / name
            path.write_text(path.read_text(encoding="utf-8") + f"\n# SOLUTION-CANARY-{self.marker}\n", encoding="utf-8")
        # another student's submission, and a folder that nothing may change
        shutil.copytree(REFERENCE, self.other, ignore=shutil.ignore_patterns("__pycache__"))
        (self.other / "prefill.py").write_text((REFERENCE / "prefill.py").read_text(encoding="utf-8")
                                               + f"\n# OTHER-CANARY-{self.marker}\n", encoding="utf-8")
        self.canary.mkdir()
        (self.canary / "canary.txt").write_text("nothing may change this file\n", encoding="utf-8")
        self.cli_cwd.mkdir()
        self.scratch.mkdir(mode=0o755)
        os.chmod(self.scratch, 0o755)
        # the submission: the reference with the attack's files laid over it
        shutil.copytree(REFERENCE, self.folder, ignore=shutil.ignore_patterns("__pycache__"))
        reference = (REFERENCE / "prefill.py").read_text(encoding="utf-8")
        for name, source in self.attack.files():
            if name.endswith(".fifo"):
                os.mkfifo(self.folder / name.removesuffix(".fifo"))
                continue
            if name.endswith(".symlink"):
                target = self.folder / name.removesuffix(".symlink")
                target.unlink(missing_ok=True)
                target.symlink_to(self.substitute(source.read_text(encoding="utf-8").strip()))
                continue
            target = self.folder / name.removesuffix(".attack")  # .attack keeps conftest.py & co. away from pytest
            target.parent.mkdir(parents=True, exist_ok=True)
            text = self.substitute(source.read_text(encoding="utf-8"))
            if target.name == "prefill.py" and self.attack.one("base", "reference") == "reference":
                text = f"{reference}\n\n# ---- the attack, laid over the reference ----\n{text}"
            target.write_text(text, encoding="utf-8")

    def strays(self, include_scratch: bool = False) -> list[Path]:
        """What carries the marker in the machine's shared temporary folders."""
        found = [p for folder in ("/tmp", "/dev/shm") for p in Path(folder).glob(f"{self.marker}*")]
        return sorted(p for p in found if include_scratch or not p.name.endswith(".scratch"))

    def cleanup(self) -> None:
        if self.listener:
            self.listener.close()
        for path in self.strays(include_scratch=True):
            _remove(path)
        for path in (self.tmp,):
            _remove(path)


def _remove(path: Path) -> None:
    """Remove a file or folder even where an attack made something immutable."""
    if path.is_symlink() or path.is_file():
        _clear_flags(path)
        path.unlink(missing_ok=True)
        return
    if not path.exists():
        return
    for folder, dirs, files in os.walk(path):
        for name in dirs + files:
            _clear_flags(Path(folder) / name)
    _clear_flags(path)
    shutil.rmtree(path, ignore_errors=True)


FS_IOC_GETFLAGS, FS_IOC_SETFLAGS, FS_FLAGS_KEEP = 0x80086601, 0x40086602, ~(0x10 | 0x20)  # clear immutable, append


def _clear_flags(path: Path) -> None:
    if path.is_symlink():
        return
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError:
        return
    try:
        flags = ctypes.c_long(0)
        fcntl.ioctl(fd, FS_IOC_GETFLAGS, flags)
        if flags.value & ~FS_FLAGS_KEEP:
            flags.value &= FS_FLAGS_KEEP
            fcntl.ioctl(fd, FS_IOC_SETFLAGS, flags)
    except OSError:
        pass
    finally:
        os.close(fd)


def snapshot(folder: Path) -> dict[str, tuple]:
    """What a folder holds, deep: names, kinds, contents, link targets, modes."""
    if not folder.exists():
        return {}
    out: dict[str, tuple] = {}
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(base) / name
            rel = str(path.relative_to(folder))
            if path.is_symlink():
                out[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                out[rel] = ("dir", path.stat().st_mode)
            elif path.is_file():
                out[rel] = ("file", path.stat().st_mode, sha256(path.read_bytes()).hexdigest())
            else:  # a named pipe: never open it
                out[rel] = ("special", path.lstat().st_mode)
    return out


# -- processes --------------------------------------------------------------------------------


def _proc_state(pid: int) -> tuple[str, int] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stream:
            stat = stream.read()
    except OSError:
        return None
    rest = stat[stat.rfind(b")") + 2:].split()
    return rest[0].decode(), int(rest[1])


def marked_processes(marker: str) -> dict[int, str]:
    """Live processes whose command line or name carries the marker (the worker's copy path holds it)."""
    found = {}
    needle = marker.encode()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        pid = int(entry.name)
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as stream:
                cmdline = stream.read()
            with open(f"/proc/{pid}/comm", "rb") as stream:
                comm = stream.read().strip()
        except OSError:
            continue
        state = _proc_state(pid)
        if state is None or state[0] in ("Z", "X"):
            continue
        if needle in cmdline or needle in comm:
            found[pid] = (cmdline.replace(b"\0", b" ").decode(errors="replace") or comm.decode())[:160]
    return found


def comm(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as stream:
            return stream.read().strip()
    except OSError:
        return "?"


def zombie_children() -> set[int]:
    """Our own children that exited and were never reaped (we are the grader's subreaper)."""
    me = os.getpid()
    out = set()
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            state = _proc_state(int(entry.name))
            if state and state[0] == "Z" and state[1] == me:
                out.add(int(entry.name))
    return out


def wait_for_no_leftovers(marker: str, seconds: float = 3.0) -> dict[int, str]:
    deadline = time.monotonic() + seconds
    while True:
        left = marked_processes(marker)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def kill_and_reap(pids) -> None:
    """Kill these processes and reap those that are (or became, as orphans) our children."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    deadline = time.monotonic() + 30
    for pid in pids:
        while time.monotonic() < deadline:
            try:
                if os.waitpid(pid, os.WNOHANG)[0]:
                    break
            except ChildProcessError:  # not ours (or already reaped)
                break
            time.sleep(0.01)


# -- the fixtures: both test modules import them ------------------------------------------------


@pytest.fixture
def sandbox_mode(request, monkeypatch):
    """Force one sandbox mode for the grades of this test; skip bubblewrap where it cannot run."""
    mode = request.param
    require(mode)
    monkeypatch.setenv("GRADER_SANDBOX", mode)
    confine.current.cache_clear()
    yield mode
    confine.current.cache_clear()


@pytest.fixture
def scene_factory(tmp_path, monkeypatch):
    scenes = []

    def make(attack: Attack, mode: str, name: str = "scene", marker: str = "") -> Scene:
        folder = tmp_path / name
        folder.mkdir()
        scene = Scene(attack, mode, folder, marker)
        scenes.append(scene)
        scene.build()
        return scene

    yield make
    for scene in scenes:
        scene.cleanup()
