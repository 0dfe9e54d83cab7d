"""One ``grader grade`` under two revisions of the grader, interleaved: the cost of a change to a grade.

Usage: python bench/grade_ab.py BEFORE [AFTER] [--runs 9] [--submission solutions/prefill] [--lesson prefill]
                                [--uncompiled]
(a --submission outside the checkout, an absolute path, is graded as it is by both)

BEFORE and AFTER are git revisions (AFTER defaults to HEAD: commit first), each checked out in a
temporary ``git worktree`` (this checkout against a fresh worktree measured 13 % apart for the same
code: its bytecode and caches are warm), its bytecode compiled as ``make`` compiles a fresh clone's
(``--uncompiled``: not), and run from this checkout's virtual environment with ``PYTHONPATH``
pointing at it, as ``batch_ab.py`` does. Each run grades the submission once with each revision
(ABAB…) and measures the floor (``python -c "import numpy"``) between them. A grade's CPU is the
user + system time of the grading process and its children (the sandboxed worker included), read
from ``os.wait4``: on a busy machine CPU moves far less than wall time. Reported: the medians, each
as a multiple of the floor, and AFTER / BEFORE; the load average at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str], env: dict, cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and everything it waited for); exits on a failure, with the end
    of what the process wrote to stderr. bench/validate_time.py times with it too."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as said:  # a file, not a pipe: a process that writes much never blocks on it
        process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=said)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != 0:
            said.seek(0)
            raise SystemExit(f"{' '.join(command)} failed in {cwd}: {said.read().decode(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def checkout(revision: str, into: Path, compiled: bool = True) -> Path:
    """``revision`` in a fresh worktree, its bytecode compiled as ``make``'s setup compiles a fresh clone's
    (``compiled``): where PYTHONDONTWRITEBYTECODE is set, an uncompiled tree compiles every module it
    imports on every run, which measures the compiler, not the grade."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(into), revision], check=True)
    if compiled:
        subprocess.run([sys.executable, "-m", "compileall", "-q", "-x", "/mutants/", "grader", "suites", "solutions"],
                       cwd=into, check=True, stdout=subprocess.DEVNULL)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default="HEAD")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--submission", default="solutions/prefill")
    parser.add_argument("--lesson", default="prefill")
    parser.add_argument("--uncompiled", action="store_true",
                        help="leave the worktrees' bytecode uncompiled (compiled on every run where "
                             "PYTHONDONTWRITEBYTECODE is set, as this script measured before issue 24)")
    args = parser.parse_args()
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {name: checkout(revision, Path(tmp) / name, not args.uncompiled)
                 for name, revision in (("before", args.before), ("after", args.after))}
        floors: list[tuple[float, float]] = []
        grades: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        try:
            for run in range(args.runs):
                floors.append(timed([sys.executable, "-c", "import numpy"], dict(os.environ), ROOT))
                for name, tree in trees.items():
                    env = {**os.environ, "PYTHONPATH": str(tree)}
                    command = [sys.executable, "-m", "grader", "--course", str(tree), "grade",
                               str(tree / args.submission), "--lesson", args.lesson]
                    grades[name].append(timed(command, env, tree))
                print(f"run {run + 1}: floor {floors[-1][0]:.3f} s, " + ", ".join(
                    f"{n} {grades[n][-1][0]:.3f} s wall {grades[n][-1][1]:.3f} s CPU" for n in trees), flush=True)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    floor_wall = statistics.median(w for w, _ in floors)
    floor_cpu = statistics.median(c for _, c in floors)
    print(f"{args.submission}, {args.runs} runs each, bytecode {'not ' if args.uncompiled else ''}compiled; load "
          f"average {load[0]:.2f} at the start, "
          f"{os.getloadavg()[0]:.2f} at the end; floor {floor_wall:.3f} s wall, {floor_cpu:.3f} s CPU")
    medians = {n: (statistics.median(w for w, _ in g), statistics.median(c for _, c in g)) for n, g in grades.items()}
    for name, (wall, cpu) in medians.items():
        print(f"{name:>6}: {wall:.3f} s wall ({wall / floor_wall:.2f} floors), {cpu:.3f} s CPU "
              f"({cpu / floor_cpu:.2f} floors)")
    print(f"after / before: wall {medians['after'][0] / medians['before'][0]:.3f}, "
          f"CPU {medians['after'][1] / medians['before'][1]:.3f}")


if __name__ == "__main__":
    main()
