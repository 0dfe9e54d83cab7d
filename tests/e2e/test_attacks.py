"""The adversarial corpus: every submission in tests/attacks/ is graded in both sandbox modes.

Each attack is one small submission (see tests/attacks/README.md) whose leading comments
declare what it is and what must happen::

    # what: causal_mask ends its process with os._exit(0)
    # category: exit
    # expect-lost: causal_mask            tasks that must lose points; every other task keeps full marks
    # expect-feedback: exited with status text the feedback of every lost task must contain
    #                                     ("task_id: text" for one task only)

and optionally ``expect-status``, ``expect-score`` (the CLI's total), ``expect-absent: TEXT`` (text the
submission wrote that must appear nowhere in the report), ``run: cli`` (grade with
``python -m grader`` in a subprocess, for attacks on the grading process itself),
``manifest: key = value`` (a lesson.toml override), ``requires: handle-escape``,
``modes: bubblewrap`` with ``limited-breaks: <kinds>`` (only bubblewrap can stop it: limited
mode runs the worker as root, so these kinds of violation are *expected* there), and
``hole: <mode|both>: <kinds>: <reason>`` (a hole found in the grader: an expected failure
until it is fixed).

Every grade is then judged on everything the issue promises, whatever the attack aimed at.
A violation has a kind:

- ``crash``: grade() raised, or the CLI did not exit 0 with one JSON report on stdout
- ``time``: the grade took longer than import + submission + call limits and some slack
- ``raised``: a task the attack must lose kept full marks (or the CLI total is too high)
- ``collateral``: a task the attack did not touch lost points
- ``feedback``: a lost task's feedback does not say why, ``status``: the wrong task status
- ``secret``: the hidden suite, the solutions, another submission or an environment secret
  reached what a student reads
- ``forged``: text the submission wrote outside an answer (``expect-absent``) reached the report
- ``leftover``: a process of the submission is still running after the grade
- ``zombies``: the grade left unreaped children in the grading process
- ``files``: a file outside the worker's throwaway copy changed (the submission folder,
  a canary folder, /tmp, the CLI's working folder, the grader's scratch folder)
- ``network``: the worker reached a loopback listener of the test
- ``trusted``: the grading process imported the submission or had its state changed

A case passes when it has no violation. A case with declared kinds (limited-breaks or
hole) must show exactly those kinds (``kind?``: a consequence that may or may not show); it
is then an expected failure, strict: the day the grader stops it, the test fails until its
header is updated. (Strict only where the expectations were recorded: bubblewrap, and
limited mode with a root worker, as on this project's machines and CI.)

Everything an attack does stays in the test's own folders, /tmp and /dev/shm files named by
its marker, and the test's loopback listeners; leftovers are killed and files removed after
each case, even where the grader failed to.
"""

from __future__ import annotations

import ctypes
import fcntl
import json
import os
import re
import secrets
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path

import pytest

import grader
from grader.exceptions import StudentCodeError
from grader.grading.engine import grade
from grader.lesson.course import Course
from grader.sandbox import confine

from paths import ATTACKS

ROOT = Path(grader.__file__).resolve().parent.parent

REFERENCE = ROOT / "solutions" / "prefill"
MODES = ("bubblewrap", "limited")

CODE_TASKS = ("prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential")
ANSWER_TASKS = ("hand_flops", "hand_seconds", "hand_pairs", "quiz")
ALL_TASKS = CODE_TASKS + ANSWER_TASKS

# The lesson's limits for the corpus: short, so that every hang costs seconds, not minutes.
LIMITS = {"call_seconds": 2, "import_seconds": 4, "submission_seconds": 15}
SLACK_SECONDS = 8  # pytest itself, worker start-ups, killing and cleaning up
OUTPUT_KEEP = 64 * 1024

# Every category of the threat model, and how many attacks the corpus must hold.
CATEGORIES = {
    "exit", "crash", "hang", "memory", "processes", "output", "disk", "leftover", "lie", "read", "secret",
    "introspect", "network", "monkeypatch", "fake-report", "tamper", "persist", "drop-files", "signal",
}
MIN_ATTACKS = 30
KINDS = {"crash", "time", "raised", "collateral", "feedback", "status", "secret", "leftover", "zombies", "files",
         "network", "trusted", "forged"}
KEYS = {"what", "category", "expect-lost", "expect-feedback", "expect-status", "expect-score", "expect-absent",
        "base", "run", "manifest", "modes", "limited-breaks", "hole", "requires"}
_HEADER = re.compile(r"#\s*([a-z][a-z-]*)\s*:\s*(.*?)\s*$")
_PLACEHOLDER = re.compile(r"@@[A-Z]+@@")


class ExpectedBreach(Exception):
    """The attack broke exactly what its header says this mode cannot (yet) stop."""


# -- the corpus -------------------------------------------------------------------------------


@dataclass
class Attack:
    name: str
    path: Path  # a .py file (the whole prefill.py) or a folder of files to overlay
    fields: dict[str, list[str]]

    @property
    def category(self) -> str:
        return self.one("category")

    def one(self, key: str, default: str | None = None) -> str:
        values = self.fields.get(key)
        if not values:
            if default is None:
                raise ValueError(f"{self.path}: '# {key}:' is required")
            return default
        return values[0]

    @property
    def expect_lost(self) -> set[str]:
        raw = self.one("expect-lost")
        if raw == "none":
            return set()
        tasks: set[str] = set()
        for item in (t.strip() for t in raw.split(",")):
            tasks |= set(CODE_TASKS) if item == "code" else set(ANSWER_TASKS) if item == "answers" else {item}
        unknown = tasks - set(ALL_TASKS)
        if unknown:
            raise ValueError(f"{self.path}: unknown task(s) {sorted(unknown)} in '# expect-lost:'")
        return tasks

    @property
    def feedback(self) -> list[tuple[str | None, str]]:
        out = []
        for value in self.fields.get("expect-feedback", []):
            task, sep, text = value.partition(":")
            out.append((task.strip(), text.strip()) if sep and task.strip() in ALL_TASKS else (None, value))
        return out

    @property
    def manifest(self) -> dict[str, float]:
        out = {}
        for value in self.fields.get("manifest", []):
            key, _, number = value.partition("=")
            out[key.strip()] = float(number)
        return out

    def limits(self) -> dict[str, float]:
        return {**LIMITS, **self.manifest}

    def bound(self) -> float:
        """The longest a grade may take: the manifest's limits plus slack."""
        limits = self.limits()
        return limits["import_seconds"] + limits["submission_seconds"] + limits["call_seconds"] + SLACK_SECONDS

    @property
    def cli(self) -> bool:
        return self.one("run", "in-process") == "cli"

    def breaks(self, mode: str) -> tuple[set[str], str]:
        """The kinds of violation expected in ``mode`` (``kind?``: it may or may not show), and why."""
        kinds: set[str] = set()
        reasons = []
        modes = {m.strip() for m in self.one("modes", ",".join(MODES)).split(",")}
        if mode not in modes:
            kinds |= {k.strip() for k in self.one("limited-breaks").split(",")}
            reasons.append(f"known weakness: only {', '.join(sorted(modes))} mode stops this attack "
                           "(limited mode has no namespaces and, here, a root worker)")
        for hole in self.fields.get("hole", []):
            where, hole_kinds, reason = (part.strip() for part in hole.split(":", 2))
            if where in ("both", mode):
                kinds |= {k.strip() for k in hole_kinds.split(",")}
                reasons.append(f"HOLE: {reason}")
        unknown = {k.rstrip("?") for k in kinds} - KINDS
        if unknown:
            raise ValueError(f"{self.path}: unknown violation kind(s) {sorted(unknown)}")
        return kinds, "; ".join(reasons)

    def files(self) -> list[tuple[str, Path]]:
        """(name in the submission, file in the corpus) for every file the attack brings."""
        if self.path.is_file():
            return [("prefill.py", self.path)]
        out = []
        for item in sorted(self.path.rglob("*")):
            if item.is_file() and item.name != "ATTACK.txt" and "__pycache__" not in item.parts:
                out.append((str(item.relative_to(self.path)), item))
        return out


def _read_fields(path: Path) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = defaultdict(list)
    last = None  # 'what' and 'hole' go on over the comment lines that follow them
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            if line.strip():
                break
            continue
        match = _HEADER.match(line)
        if match and match.group(1) in KEYS:
            fields[match.group(1)].append(match.group(2))
            last = match.group(1) if match.group(1) in ("what", "hole") else None
        elif match and "-" in match.group(1):  # a misspelt key, not prose that happens to hold a colon
            raise ValueError(f"{path}: unknown header key '{match.group(1)}'")
        elif match:  # a comment for another tool (ruff, mypy): not ours
            last = None
        elif last:
            fields[last][-1] += " " + line.lstrip("#").strip()
    return dict(fields)


def load_attacks() -> list[Attack]:
    attacks = []
    for path in sorted(ATTACKS.iterdir()):
        if path.name.startswith(("_", ".")) or path.name == "README.md":
            continue
        if path.is_dir():
            header = next((p for p in (path / "ATTACK.txt", path / "prefill.py") if p.is_file()), None)
            if header is None:
                raise ValueError(f"{path}: a folder attack needs ATTACK.txt or prefill.py with its header")
        elif path.suffix == ".py":
            header = path
        else:
            continue
        attacks.append(Attack(path.stem if path.is_file() else path.name, path, _read_fields(header)))
    return attacks


ATTACK_LIST = load_attacks()


def _handle_escape_possible() -> str | None:
    """open_by_handle_at with a guessed root inode needs an ext2/3/4 temporary folder."""
    tmp = os.path.realpath(tempfile.gettempdir())
    best, fstype = "", ""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8") as stream:
            for line in stream:
                parts = line.split()
                mount_point, kind = parts[4], parts[parts.index("-") + 1]
                below = tmp == mount_point or tmp.startswith(mount_point.rstrip("/") + "/")
                if below and len(mount_point) > len(best):
                    best, fstype = mount_point, kind
    except (OSError, ValueError, IndexError):
        return "cannot read /proc/self/mountinfo"
    return None if fstype.startswith("ext") else f"the temporary folder is on {fstype or 'an unknown file system'}"


def _limited_worker_is_root() -> bool:
    """Whether limited mode leaves the worker root here: true when the interpreter is not reachable by nobody."""
    if os.geteuid() != 0:
        return False
    base = Path(sys.base_prefix).resolve()
    for folder in [*reversed(base.parents), base]:
        if not os.stat(folder).st_mode & 0o001:
            return True
    return not os.stat(base).st_mode & 0o004


LIMITED_WORKER_IS_ROOT = _limited_worker_is_root()


def _strict(mode: str) -> bool:
    """Expected failures are strict where they were recorded: bubblewrap, and limited mode with a root
    worker (this project's machines and CI); elsewhere (a limited-mode worker that is nobody or the
    developer) an attack that needs root may fail to break in, and that is no regression."""
    return mode != "limited" or LIMITED_WORKER_IS_ROOT


def _cases():
    for attack in ATTACK_LIST:
        for mode in MODES:
            kinds, reason = attack.breaks(mode)
            marks = []
            if kinds:  # only optional kinds ("zombies?"): a race decides, so an XPASS is no news
                strict = _strict(mode) and any(not k.endswith("?") for k in kinds)
                marks.append(pytest.mark.xfail(strict=strict, raises=ExpectedBreach, reason=reason))
            if attack.one("requires", "") == "handle-escape" and _handle_escape_possible():
                marks.append(pytest.mark.skip(reason=f"needs ext4 under /tmp: {_handle_escape_possible()}"))
            yield pytest.param(attack, mode, id=f"{attack.name}-{mode}", marks=marks)


# -- the scene of one grade ---------------------------------------------------------------------


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


def _comm(pid: int) -> str:
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


# -- grading and judging ---------------------------------------------------------------------


@dataclass
class Outcome:
    elapsed: float
    crash: str = ""
    tasks: dict[str, dict] = field(default_factory=dict)  # id -> {score, max_score, feedback, status}
    student_text: str = ""  # everything a student may read of the report (and the CLI's streams)
    report_text: str = ""  # the instructor's report but what the submission printed
    score: float | None = None
    output: str = ""
    sandbox: str = ""


def _student_view(report):
    return report.for_audience("student") if hasattr(report, "for_audience") else report


def grade_in_process(scene: Scene) -> Outcome:
    started = time.monotonic()
    try:
        report = grade(scene.folder, course=Course(scene.course))
    except (Exception, StudentCodeError) as exc:  # noqa: BLE001 - any escape is the violation we look for
        return Outcome(time.monotonic() - started, crash=f"grade() raised {type(exc).__name__}: {exc}")
    elapsed = time.monotonic() - started
    full = report.to_dict()
    tasks = {t["id"]: t for t in full["tasks"]}
    return Outcome(elapsed, tasks=tasks, student_text=json.dumps(_student_view(report).to_dict(), ensure_ascii=False),
                   report_text=json.dumps({k: v for k, v in full.items() if k != "output"}, ensure_ascii=False),
                   score=full["score"], output=report.output, sandbox=report.sandbox)


def grade_with_cli(scene: Scene, fmt: str = "json") -> tuple[Outcome, subprocess.CompletedProcess | None]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GRADER_", "PYTEST_"))}
    env.update(GRADER_SANDBOX=scene.mode, TMPDIR=str(scene.scratch), GRADER_TEST_SECRET=scene.secret)
    argv = [sys.executable, "-m", "grader", "--course", str(scene.course), "grade", str(scene.folder),
            "--format", fmt]
    started = time.monotonic()
    try:
        proc = subprocess.run(argv, check=False, cwd=scene.cli_cwd, env=env, capture_output=True, text=True,
                              timeout=scene.attack.bound(), start_new_session=True)
    except subprocess.TimeoutExpired as exc:
        return Outcome(time.monotonic() - started, crash=f"the CLI did not finish within {exc.timeout:g} s"), None
    outcome = Outcome(time.monotonic() - started, student_text=proc.stdout + proc.stderr)
    if proc.returncode != 0:
        outcome.crash = f"the CLI exited with status {proc.returncode}: {proc.stderr.strip()[-500:]}"
        return outcome, proc
    if fmt != "json":
        return outcome, proc
    try:
        doc = json.loads(proc.stdout)
        assert isinstance(doc, dict) and doc.get("lesson") == "prefill"
        outcome.tasks = {t["id"]: t for t in doc["tasks"]}
        outcome.score = doc["score"]
        outcome.sandbox = doc.get("sandbox", "")
    except (ValueError, AssertionError, KeyError, TypeError) as exc:
        outcome.crash = (f"the CLI's stdout is not the grader's JSON report ({type(exc).__name__}): "
                         f"{proc.stdout[:300]!r}")
    return outcome, proc


def judge(scene: Scene, outcome: Outcome) -> dict[str, list[str]]:
    """Every promise of the issue, checked against one grade: violations by kind."""
    attack = scene.attack
    bad: dict[str, list[str]] = defaultdict(list)
    if outcome.crash:
        bad["crash"].append(outcome.crash)
    if outcome.elapsed > attack.bound():
        bad["time"].append(f"the grade took {outcome.elapsed:.1f} s, more than the bound of {attack.bound():g} s")
    if outcome.tasks:
        assert set(outcome.tasks) == set(ALL_TASKS), f"unexpected task ids {sorted(outcome.tasks)}"
        assert not outcome.sandbox or outcome.sandbox.startswith(scene.mode), \
            f"graded in {outcome.sandbox!r}, not {scene.mode}"
        expected = attack.expect_lost
        for task_id, task in outcome.tasks.items():
            lost = task["score"] < task["max_score"] - 1e-9
            if task_id in expected and not lost:
                bad["raised"].append(f"{task_id} kept full marks")
            if task_id not in expected and lost:
                bad["collateral"].append(f"{task_id} lost points: {task['feedback'][:300]!r}")
            if task_id in expected and lost:
                for only, text in attack.feedback:
                    if only in (None, task_id) and text.lower() not in task["feedback"].lower():
                        bad["feedback"].append(f"{task_id}: {text!r} not in {task['feedback'][:300]!r}")
        status = attack.one("expect-status", "")
        if status:
            wrong = {t: outcome.tasks[t]["status"] for t in expected if outcome.tasks[t]["status"] != status}
            if wrong:
                bad["status"].append(f"expected status {status}: {wrong}")
        if "expect-score" in attack.fields and outcome.score is not None:
            want = float(attack.one("expect-score"))
            if abs(outcome.score - want) > 1e-6:
                bad["raised" if outcome.score > want else "collateral"].append(
                    f"total {outcome.score:g}, expected {want:g}")
        if len(outcome.output) > OUTPUT_KEEP:
            bad["crash"].append(f"the report kept {len(outcome.output)} characters of output")
    for needle in scene.needles:
        if needle in outcome.student_text:
            bad["secret"].append(f"{needle!r} reached what a student reads")
    for text in attack.fields.get("expect-absent", []):
        if text in outcome.student_text or text in outcome.report_text:
            bad["forged"].append(f"{text!r}, which the submission wrote outside any answer, reached the report")
    return bad


def check_world(scene: Scene, before: dict, zombies_before: set[int], bad: dict[str, list[str]]) -> None:
    """After the grade: processes, files, network, the grading process itself."""
    left = wait_for_no_leftovers(scene.marker)
    if left:
        bad["leftover"] += [f"pid {pid}: {cmd}" for pid, cmd in sorted(left.items())[:5]]
        bad["leftover"].append(f"{len(left)} process(es) of the submission still running")
        kill_and_reap(left)
    time.sleep(0.05)
    new_zombies = zombie_children() - zombies_before
    names = {pid: _comm(pid) for pid in new_zombies}
    known = {pid for pid in new_zombies if names[pid] == "bwrap"}  # test_no_zombies_are_left covers these
    kill_and_reap(known)
    new_zombies -= known
    if new_zombies:
        names = sorted({names[pid] for pid in new_zombies})
        bad["zombies"].append(f"{len(new_zombies)} unreaped child process(es) left in the grading process "
                              f"(named {', '.join(names)})")
        kill_and_reap(new_zombies)
    for name, folder in (("the submission folder", scene.folder), ("the canary folder", scene.canary),
                         ("another student's folder", scene.other), ("the CLI's working folder", scene.cli_cwd),
                         ("the course", scene.course)):
        after = snapshot(folder)
        if after != before[name]:
            changed = sorted(set(after.items()) ^ set(before[name].items()))
            bad["files"].append(f"{name} changed: {changed[:4]}")
    stray = [str(p) for p in scene.strays()]
    if stray:
        bad["files"].append(f"files outside the copy in /tmp or /dev/shm: {stray[:4]}")
    if scene.scratch.exists() and any(scene.scratch.iterdir()):
        bad["files"].append(f"the grader's scratch folder is not empty: {sorted(os.listdir(scene.scratch))[:4]}")
    if scene.listener and scene.listener.hits:
        bad["network"].append(f"{len(scene.listener.hits)} connection(s) to the test's loopback listeners: "
                              f"{sorted(set(scene.listener.hits))}")
    imported = [name for name, module in list(sys.modules.items())
                if scene.marker in str(getattr(module, "__file__", None) or "")
                or str(scene.tmp) in str(getattr(module, "__file__", None) or "")]
    if imported:
        bad["trusted"].append(f"the grading process imported the submission's modules: {imported}")


def _verdict(scene: Scene, bad: dict[str, list[str]]) -> None:
    kinds, reason = scene.attack.breaks(scene.mode)
    details = "\n".join(f"  {kind}: {message}" for kind, messages in sorted(bad.items()) for message in messages)
    if not kinds:
        assert not bad, f"{scene.attack.name} in {scene.mode} mode broke the grader:\n{details}"
        return
    required = {k for k in kinds if not k.endswith("?")}
    optional = {k.rstrip("?") for k in kinds if k.endswith("?")}
    assert required <= set(bad) <= required | optional, (
        f"{scene.attack.name} in {scene.mode} mode: expected {sorted(kinds)} ({reason}), "
        f"got:\n{details or '  nothing'}")
    raise ExpectedBreach(f"{reason}\n{details}")


@pytest.fixture
def sandbox_mode(request, monkeypatch):
    """Force one sandbox mode for the grades of this test; skip bubblewrap where it cannot run."""
    mode = request.param
    monkeypatch.setenv("GRADER_SANDBOX", mode)
    confine.current.cache_clear()
    try:
        confine.current()
    except Exception as exc:  # noqa: BLE001 - UsageError: bwrap missing or unusable here
        confine.current.cache_clear()
        pytest.skip(f"{mode} mode is not available on this machine: {exc}")
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


def run_attack(scene: Scene, monkeypatch) -> tuple[Outcome, dict[str, list[str]]]:
    """Grade the scene's submission as its header says, and judge everything."""
    monkeypatch.setenv("GRADER_TEST_SECRET", scene.secret)  # a secret of the grading process
    monkeypatch.setattr(tempfile, "tempdir", str(scene.scratch))
    cwd = os.getcwd()
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD)}
    before = {name: snapshot(folder) for name, folder in (
        ("the submission folder", scene.folder), ("the canary folder", scene.canary),
        ("another student's folder", scene.other), ("the CLI's working folder", scene.cli_cwd),
        ("the course", scene.course))}
    zombies_before = zombie_children()
    if scene.attack.cli:
        outcome, _ = grade_with_cli(scene)
    else:
        outcome = grade_in_process(scene)
    bad = judge(scene, outcome)
    check_world(scene, before, zombies_before, bad)
    if os.getcwd() != cwd:
        bad["trusted"].append(f"the grading process's working folder changed to {os.getcwd()}")
        os.chdir(cwd)
    changed = [s for s, h in handlers.items() if signal.getsignal(s) != h]
    if changed:
        bad["trusted"].append(f"signal handlers of the grading process changed: {changed}")
    return outcome, bad


# -- the tests -------------------------------------------------------------------------------


def test_corpus_covers_the_threat_model():
    categories = {a.category for a in ATTACK_LIST}
    assert CATEGORIES - categories == set(), f"no attack for: {sorted(CATEGORIES - categories)}"
    assert categories - CATEGORIES - {"benign"} == set(), f"unknown categories: {sorted(categories - CATEGORIES)}"
    hostile = [a for a in ATTACK_LIST if a.category != "benign"]
    assert len(hostile) >= MIN_ATTACKS, f"only {len(hostile)} attacks"
    for name in ("lots_of_output", "numpy_scalars", "module_cache", "main_block", "data_file", "slow_import"):
        assert any(a.category == "benign" and name in a.name for a in ATTACK_LIST), f"no benign {name} submission"
    for attack in ATTACK_LIST:  # every header is complete and consistent
        attack.expect_lost, attack.feedback, attack.limits()
        for mode in MODES:
            attack.breaks(mode)
        if attack.expect_lost:
            assert attack.feedback or attack.category == "benign" or "expect-score" in attack.fields, \
                f"{attack.name}: say which feedback the lost tasks must give (# expect-feedback:)"


@pytest.mark.parametrize("attack, sandbox_mode", list(_cases()), indirect=["sandbox_mode"])
def test_attack(attack: Attack, sandbox_mode: str, scene_factory, monkeypatch):
    scene = scene_factory(attack, sandbox_mode)
    _, bad = run_attack(scene, monkeypatch)
    _verdict(scene, bad)


def _persistence_cases():
    for mode in MODES:
        marks = [pytest.mark.xfail(strict=_strict(mode), raises=ExpectedBreach,
                                   reason="known weakness: the limited-mode worker shares /tmp with the next one")
                 ] if mode == "limited" else []
        yield pytest.param(mode, id=mode, marks=marks)


@pytest.mark.parametrize("sandbox_mode", list(_persistence_cases()), indirect=True)
def test_one_submission_cannot_affect_another(sandbox_mode: str, scene_factory, monkeypatch):
    """An attack leaves state behind (files in /tmp, its folder, its home; monkeypatches);
    a probe graded next looks for it, and the reference graded last keeps full marks."""
    attacker = next(a for a in ATTACK_LIST if a.name == "persist_state")
    scene = scene_factory(attacker, sandbox_mode, "attacker")
    _, bad = run_attack(scene, monkeypatch)
    bad.pop("files", None)  # the attack's own verdict is test_attack's business; here: what comes after

    probe = Attack("persist_probe", ATTACKS / "_persist_probe.py", _read_fields(ATTACKS / "_persist_probe.py"))
    later = scene_factory(probe, sandbox_mode, "probe", marker=scene.marker)  # it looks for the attacker's marker
    outcome = grade_in_process(later)
    probe_bad = judge(later, outcome)

    reference = Attack("reference", REFERENCE, {"category": ["benign"], "expect-lost": ["none"], "base": ["none"]})
    last = scene_factory(reference, sandbox_mode, "reference")
    before = snapshot(last.folder)
    final = grade_in_process(last)
    final_bad = judge(last, final)
    if snapshot(last.folder) != before:
        final_bad["files"].append("the reference's submission folder changed")
    assert not final_bad, f"the reference graded after the attack: {dict(final_bad)}"
    assert final.score == 17.0
    for kind, messages in probe_bad.items():
        bad[kind] += [f"the next submission saw the attacker's state: {m}" for m in messages]
    scene.cleanup()  # the attacker's /tmp files go only now
    details = "\n".join(f"  {k}: {m}" for k, ms in sorted(bad.items()) for m in ms)
    if sandbox_mode == "limited":
        assert set(bad) <= {"collateral", "files"} and bad, f"expected the known limited-mode breach, got:\n{details}"
        raise ExpectedBreach(details)
    assert not bad, details


@pytest.mark.parametrize("sandbox_mode", MODES, indirect=True)
def test_fake_report_cannot_pose_as_the_text_report(sandbox_mode: str, scene_factory, monkeypatch):
    """What the submission prints never reaches the CLI's own stdout, in the text format too."""
    attack = next(a for a in ATTACK_LIST if a.name == "fake_report")
    scene = scene_factory(attack, sandbox_mode)
    monkeypatch.setattr(tempfile, "tempdir", str(scene.scratch))
    outcome, proc = grade_with_cli(scene, fmt="text")
    assert not outcome.crash, outcome.crash
    totals = [line for line in proc.stdout.splitlines() if line.strip().startswith("Total")]
    assert len(totals) == 1 and "15/17" in totals[0], proc.stdout
    for fake in ("17 passed", '"score": 17', "<testsuite", "100%"):
        assert fake not in proc.stdout, f"the submission's fake report reached stdout: {fake!r}"
    left = wait_for_no_leftovers(scene.marker)
    kill_and_reap(left)
    assert not left


def _zombie_cases():
    for mode in MODES:
        yield pytest.param(mode, id=mode)


@pytest.mark.parametrize("sandbox_mode", list(_zombie_cases()), indirect=True)
def test_no_zombies_are_left(sandbox_mode: str, scene_factory, monkeypatch):
    """Grading the reference three times leaves no unreaped child in the grading process."""
    reference = Attack("reference", REFERENCE, {"category": ["benign"], "expect-lost": ["none"], "base": ["none"]})
    scene = scene_factory(reference, sandbox_mode)
    monkeypatch.setattr(tempfile, "tempdir", str(scene.scratch))
    before = zombie_children()
    for _ in range(3):
        outcome = grade_in_process(scene)
        assert not judge(scene, outcome), judge(scene, outcome)
    time.sleep(0.2)
    left = zombie_children() - before
    names = sorted(_comm(pid) for pid in left)
    kill_and_reap(left)
    if left:
        raise ExpectedBreach(f"{len(left)} zombie(s) after 3 grades: {names}")


SESSION_SEQUENCE = ("monkeypatch_everything", "exhaust_fork_bomb", "leftover_threads_children", "hang_busy_loop",
                    "exit_os_exit_at_import", "crash_segfault", "monkeypatch_worker_protocol",
                    "monkeypatch_sabotage_later_calls", "signal_template_kill", "tamper_working_folder",
                    "fake_report_forged_replies", "leftover_fork_chain", "persist_state")


@pytest.mark.parametrize("sandbox_mode", MODES, indirect=True)
def test_session_keeps_submissions_apart(sandbox_mode: str, scene_factory, monkeypatch):
    """A GradingSession (one trusted process, every worker forked from one warm template) grades
    hostile submissions one after another: each gets its own verdict, and a probe for what they
    left behind and the reference graded after them are unaffected."""
    from grader.grading.session import GradingSession

    attacks = {a.name: a for a in ATTACK_LIST}
    names = [n for n in SESSION_SEQUENCE if sandbox_mode == "bubblewrap" or n != "persist_state"]  # limited: known
    scenes = [scene_factory(attacks[name], sandbox_mode, name) for name in names]
    probe = Attack("persist_probe", ATTACKS / "_persist_probe.py", _read_fields(ATTACKS / "_persist_probe.py"))
    marker = scenes[-1].marker if names[-1] == "persist_state" else ""
    scenes.append(scene_factory(probe, sandbox_mode, "probe", marker=marker))
    scenes.append(scene_factory(Attack("reference", REFERENCE, {"category": ["benign"], "expect-lost": ["none"],
                                                                "base": ["none"]}), sandbox_mode, "reference"))
    monkeypatch.setattr(tempfile, "tempdir", str(scenes[0].scratch))
    problems = []
    try:
        with GradingSession("prefill", Course(scenes[0].course)) as session:
            for scene in scenes:
                started = time.monotonic()
                try:
                    report = session.grade(scene.folder)
                except (Exception, StudentCodeError) as exc:  # noqa: BLE001
                    problems.append(f"{scene.attack.name}: grade raised {type(exc).__name__}: {exc}")
                    continue
                outcome = Outcome(time.monotonic() - started, tasks={t["id"]: t for t in report.to_dict()["tasks"]},
                                  student_text=json.dumps(_student_view(report).to_dict(), ensure_ascii=False),
                                  score=report.score, output=report.output, sandbox=report.sandbox)
                bad = judge(scene, outcome)
                holes, _ = scene.attack.breaks(sandbox_mode)
                problems += [f"{scene.attack.name}: {kind}: {m}" for kind, ms in sorted(bad.items())
                             if kind not in {h.rstrip("?") for h in holes} for m in ms]
    finally:
        left = {}
        for scene in scenes:
            left.update(wait_for_no_leftovers(scene.marker, seconds=10))
        kill_and_reap(set(left) | (zombie_children()))
    problems += [f"left running after the session: pid {pid}: {cmd}" for pid, cmd in sorted(left.items())[:5]]
    assert not problems, "\n".join(problems)
