"""``grader batch`` of one class under two revisions of the grader, interleaved: the cost of a change.

Usage: python bench/batch_ab.py BEFORE [AFTER] [--count 200] [--jobs 2] [--runs 5]
                                [--class DIR ... [--lesson prefill] [--notebooks]]

BEFORE and AFTER are git revisions (AFTER defaults to the working tree). Each is checked out
in a temporary ``git worktree`` and run from this checkout's virtual environment with
``PYTHONPATH`` pointing at it, so both grade with the same interpreter and libraries. The class
is built once, from this checkout's reference, stubs and mutants (``batch_throughput.sources``)
or the student folders of ``--class`` (a realistic class: ``batch_throughput.handed_in``), and graded
by each revision into a fresh gradebook, the two alternating run after run (ABAB…)
so that a machine that slows down or speeds up mid-run moves both alike. Between pairs the
floor (``python -c "import numpy"``) is measured too, to show the machine's state.

Reported: per revision, the median wall time of the batch and the median time a submission
spent in its worker (the gradebook's ``wall_seconds``), and the ratio AFTER / BEFORE of each.
Scores must agree between the revisions for every submission, and so must every student's whole
JSON report (``--reports``: each check, message, diagnosis and feedback line; only the report's
``execution_time`` and ``output`` may differ): exit status 1 otherwise, since a change measured
for its cost must not change a grade or a word of feedback.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_throughput import ROOT, add_class_options, build, pool_of  # a sibling script, not a package

VARYING = ("execution_time", "output")  # a report's fields that may differ between two grades of one submission


def floor(runs: int) -> float:
    """Median seconds of ``python -c "import numpy"``: the machine's state right now."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import numpy"], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def checkout(revision: str | None, into: Path) -> Path:
    """The grader at ``revision`` (None: this working tree)."""
    if revision is None:
        return ROOT
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(into), revision], check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-x", "/mutants/", "grader", "suites", "solutions"],
                   cwd=into, check=True, stdout=subprocess.DEVNULL)  # as make compiles a fresh clone (grade_ab.py)
    return into


def batch(tree: Path, klass: Path, book: Path, jobs: int, lesson: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree), "OPENBLAS_NUM_THREADS": "1"}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "grader", "--course", str(tree), "batch", str(klass), "--lesson", lesson,
                    "--jobs", str(jobs), "--gradebook", str(book), "--reports", str(book.parent / "reports")],
                   env=env, cwd=book.parent, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def reports(folder: Path) -> dict[str, dict]:
    """Each student's JSON report, without what may vary between two grades of one submission."""
    found = {}
    for path in sorted(folder.glob("*.json")):
        report = json.loads(path.read_text(encoding="utf-8"))
        found[path.stem] = {k: v for k, v in report.items() if k not in VARYING}
    return found


def differences(before: dict[str, dict], after: dict[str, dict]) -> list[str]:
    """The students whose reports differ, each with the first task (or field) that does."""
    said = []
    for student in sorted(set(before) | set(after)):
        one, two = before.get(student), after.get(student)
        if one == two:
            continue
        if one is None or two is None:
            said.append(f"{student}: a report from one revision only")
            continue
        tasks = {t["id"]: t for t in one.get("tasks", [])}
        moved = [t["id"] for t in two.get("tasks", []) if tasks.get(t["id"]) != t]
        fields = [k for k in set(one) | set(two) if k != "tasks" and one.get(k) != two.get(k)]
        said.append(f"{student}: {', '.join(moved + fields)}")
    return said


def grades(book: Path) -> tuple[dict[str, float | None], list[float]]:
    with sqlite3.connect(book) as db:
        rows = db.execute("SELECT student, score, wall_seconds FROM submissions").fetchall()
    return {r[0]: r[1] for r in rows}, [r[2] for r in rows if r[2] is not None]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    add_class_options(parser)
    args = parser.parse_args()
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        trees = {"before": checkout(args.before, work / "before"), "after": checkout(args.after, work / "after")}
        try:
            klass = work / "class"
            build(klass, args.count, pool_of(args, work), args.lesson)
            walls: dict[str, list[float]] = {name: [] for name in trees}
            inside: dict[str, list[float]] = {name: [] for name in trees}
            scores: dict[str, dict] = {}
            said: dict[str, dict] = {}
            floors = []
            for run in range(args.runs):
                floors.append(floor(3))
                for name, tree in trees.items():
                    book = work / f"{name}-{run}" / "gb.sqlite"
                    book.parent.mkdir()
                    walls[name].append(batch(tree, klass, book, args.jobs, args.lesson))
                    scores[name], seconds = grades(book)
                    said[name] = reports(book.parent / "reports")
                    inside[name].append(statistics.median(seconds))
                print(f"run {run + 1}: floor {floors[-1]:.3f} s, "
                      + ", ".join(f"{n} {walls[n][-1]:.2f} s" for n in trees), flush=True)
        finally:
            for tree in trees.values():
                if tree != ROOT:
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    wall = {n: statistics.median(v) for n, v in walls.items()}
    worker = {n: statistics.median(v) for n, v in inside.items()}
    print(f"{args.count} {args.lesson} submissions ({', '.join(map(str, args.klass)) or 'mutants'}), --jobs "
          f"{args.jobs}, {args.runs} runs each, floor median {statistics.median(floors):.3f} s; load average "
          f"{load[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end")
    for name in trees:
        print(f"{name:>6}: batch {wall[name]:.2f} s ({args.count / wall[name]:.1f}/s), "
              f"median in-worker {worker[name] * 1000:.1f} ms")
    print(f"after / before: batch {wall['after'] / wall['before']:.3f}, "
          f"in-worker {worker['after'] / worker['before']:.3f}")
    differ = [s for s in scores["before"] if scores["before"][s] != scores["after"].get(s)]
    if differ:
        print(f"scores differ for {len(differ)} submissions, e.g. {differ[:5]}")
        return 1
    changed = differences(said["before"], said["after"])
    if changed:
        print(f"reports differ for {len(changed)} submissions:\n  " + "\n  ".join(changed[:20]))
        return 1
    print(f"reports: all {len(said['after'])} identical between the revisions (but {', '.join(VARYING)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
