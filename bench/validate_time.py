"""The instructor's loop under two revisions of the grader, interleaved: ``grader validate`` of swapped-in
solutions (each lesson) and ``grader release`` with nothing changed since the last one.

Usage: python bench/validate_time.py BEFORE [AFTER] [--runs 3] [--lessons prefill,latency]

BEFORE and AFTER are git revisions (AFTER defaults to HEAD: commit first), each written out by
``git archive`` into a temporary folder (a whole course: its suites, solutions and exercises as that
revision has them) and run from this checkout's virtual environment with ``PYTHONPATH`` pointing at
it, as ``grade_ab.py`` does. "Swapped-in" solutions are a copy of the revision's own ``solutions/``
outside its course, passed with ``--solutions``: validated in full every time, as an instructor's own
solutions are (only the course's own solutions are remembered by ``grader.authoring.proved``).

Before the runs, each revision validates each lesson once and releases once (bytecode written, the
release's cache filled); then each run measures every command with BEFORE and AFTER in turn (ABAB…).
Each command's CPU is the user + system time of the process and everything it waited for, read from
``os.wait4`` (on a shared machine CPU moves far less than wall time; a sandboxed worker killed at a
call limit is reaped by its own process tree and may count less). Reported: the median wall and CPU
seconds of each, and ``/proc/loadavg`` at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from grade_ab import timed  # noqa: E402 - one way of timing a command for every bench


def checkout(revision: str, folder: Path) -> Path:
    """``revision``'s files in ``folder`` (``git archive``: no worktree, nothing of this checkout's state)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", revision],
                             check=True, capture_output=True).stdout
    folder.mkdir(parents=True)
    tar = folder.with_suffix(".tar")
    tar.write_bytes(archive)
    with tarfile.open(tar) as opened:
        opened.extractall(folder, filter="data")
    tar.unlink()
    return folder


def loadavg() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default="HEAD")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lessons", default="prefill,latency")
    args = parser.parse_args()
    python = str(ROOT / ".venv" / "bin" / "python")
    with tempfile.TemporaryDirectory(prefix="bench-validate-") as tmp:
        sides = {}
        for name, revision in (("before", args.before), ("after", args.after)):
            course = checkout(revision, Path(tmp) / name)
            swapped = Path(tmp) / f"{name}-solutions"
            shutil.copytree(course / "solutions", swapped)
            env = {**os.environ, "PYTHONPATH": str(course)}
            commands = {f"validate {lesson} (swapped-in)": [python, "-m", "grader", "validate", "--lesson", lesson,
                                                            "--solutions", str(swapped)]
                        for lesson in args.lessons.split(",")}
            commands["release (nothing changed)"] = [python, "-m", "grader", "release", "--output",
                                                     str(Path(tmp) / f"{name}-dist")]
            for command in commands.values():  # bytecode, and the release's cache filled
                timed(command, env, course)
            sides[name] = (course, env, commands)
        print(f"load at start: {loadavg()}", flush=True)
        results: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for run in range(args.runs):
            for what in sides["before"][2]:
                for name in ("before", "after") if run % 2 == 0 else ("after", "before"):
                    course, env, commands = sides[name]
                    wall, cpu = timed(commands[what], env, course)
                    results.setdefault((what, name), []).append((wall, cpu))
                    print(f"run {run + 1} {name:6s} {what:32s} {wall:6.1f} s wall {cpu:6.1f} s CPU  "
                          f"load {loadavg()}", flush=True)
        print(f"load at end: {loadavg()}")
        for what in sides["before"][2]:
            line = [f"{what:32s}"]
            for name in ("before", "after"):
                walls, cpus = zip(*results[(what, name)], strict=True)
                line.append(f"{name} {statistics.median(walls):6.1f} s wall {statistics.median(cpus):6.1f} s CPU")
            print("  ".join(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
