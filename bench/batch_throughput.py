"""Throughput of ``grader batch`` against a shell loop of ``grader grade``, on the same submissions.

Usage: python bench/batch_throughput.py [--count 200] [--jobs 2] [--loop-sample 20 | --loop-sample 0 (all)]
                                       [--skip MUTANT.py ...] [--class DIR ...] [--lesson prefill]
                                       [--notebooks]

Builds ``--count`` single-file ``.py`` submissions cycling through the reference solution,
the untouched stubs and every mutant of the module in suites/prefill/mutants/ (laid over the
reference, as ``grader validate`` grades them) except the two that spend a call's time limit
(one hangs, one is right but too slow for the lesson's prompt: each costs its time
limit by design and would measure the limit, not the grader), so the class is a mix of right
and wrong. A mutant changes one function of a right module; students hand in modules that are
mostly wrong, several functions at once, and diagnosing those costs more: with ``--class DIR``
(repeatable) the class cycles instead through the student folders under DIR (a held-out class
such as tests/heldout/issue21r2/prefill/), each copied with only what a student hands in for
``--lesson`` (its module and answers.toml; the notebook instead with ``--notebooks``, which are
left out otherwise: a kernel's start would measure the kernel, as ``bench/notebook_time.py``
does), never its labels. Then, in this one run:

1. ``grader batch DIR --jobs N`` into a fresh gradebook: wall time from the command's start
   to its exit, start-up and summary included;
2. the same command again: nothing changed, so it only hashes and skips (resumability cost);
3. a shell loop ``for f in ...; do python -m grader grade "$f" --format json; done`` over an
   evenly spaced sample of the submissions (all of them with ``--loop-sample 0``); its rate
   is extrapolated to the whole class, and the output says so.

Every sampled submission's score from the loop must equal its gradebook score; the script
exits with status 1 if one differs. Figures are wall-clock on whatever machine runs it:
compare the ratio across machines, not the seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW = {"hang_in_causal_pairs.py", "slow_mask.py"}  # each spends a time limit by design: they would measure the limit


def sources(work: Path, skip: tuple[str, ...] = ()) -> list[Path]:
    """The reference, the stubs and every mutant of the module, each as the whole module it stands for."""
    sys.path.insert(0, str(ROOT))
    from grader.authoring.mutants import load_mutants, materialize
    from grader.lesson.course import Course

    lesson = Course(ROOT).lesson("prefill")
    solution = ROOT / "solutions" / "prefill"
    modules = [solution / "prefill.py", ROOT / "exercises" / "prefill" / "prefill.py"]
    for mutant in load_mutants(lesson):
        name = f"{mutant.name}.py"
        if mutant.changes(lesson, lesson.module) and name not in SLOW and name not in skip:
            modules.append(materialize(mutant, lesson, solution, work / "mutants" / mutant.name) / "prefill.py")
    return modules


def handed_in(classes: list[Path], lesson: str, notebooks: bool = False) -> list[Path]:
    """The student folders under ``classes`` that hand in ``lesson``'s module (or its notebook, with
    ``notebooks``), in order: the pool of a realistic class."""
    pool = []
    for klass in classes:
        for folder in sorted(p for p in klass.iterdir() if p.is_dir()):
            if (folder / f"{lesson}.py").is_file() or (notebooks and (folder / f"{lesson}.ipynb").is_file()):
                pool.append(folder)
    if not pool:
        sys.exit(f"no student folder under {', '.join(map(str, classes))} hands in {lesson}.py")
    return pool


HANDED_IN = ("{lesson}.py", "{lesson}.ipynb", "answers.toml")  # what a student hands in: never labels.toml


def build(folder: Path, count: int, pool: list[Path], lesson: str = "prefill") -> list[Path]:
    """``count`` submissions cycling through ``pool``: a module file as ``sNNNN.py``, a student
    folder as ``sNNNN/`` holding only what the student handed in (``HANDED_IN``)."""
    folder.mkdir()
    made = []
    for i in range(count):
        source = pool[i % len(pool)]
        if source.is_dir():
            target = folder / f"s{i:04d}"
            target.mkdir()
            for name in (n.format(lesson=lesson) for n in HANDED_IN):
                if (source / name).is_file():
                    shutil.copyfile(source / name, target / name)
        else:
            target = folder / f"s{i:04d}.py"
            shutil.copyfile(source, target)
        made.append(target)
    return made


def pool_of(args, work: Path) -> list[Path]:
    """The sources a class cycles through: the held-out folders of ``--class``, or the mutants."""
    if args.klass:
        return [p for p in handed_in(args.klass, args.lesson, args.notebooks) if label(p) not in args.skip]
    if args.lesson != "prefill":
        sys.exit("the mutant mix is prefill's: give --class for another lesson")
    return sources(work, tuple(args.skip))


def add_class_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--skip", action="append", default=[], metavar="MUTANT.py",
                        help="leave this mutant (or with --class, this student: CLASS/FOLDER as the output names "
                             "it) out of the mix too (to see what one slow kind costs)")
    parser.add_argument("--class", dest="klass", action="append", type=Path, default=[], metavar="DIR",
                        help="cycle through the student folders under DIR instead of the mutants (repeatable)")
    parser.add_argument("--lesson", default="prefill")
    parser.add_argument("--notebooks", action="store_true", help="with --class: notebook hand-ins too")


def label(source: Path) -> str:
    """How a source is named in the output: a student by its class and folder, a mutant by its name (it is
    materialized as mutants/<name>/<module>), the reference and the stubs by their file."""
    if source.is_dir():
        return f"{source.parent.parent.name}/{source.name}"
    return f"{source.parent.name}.py" if source.parent.parent.name == "mutants" else source.name


def timed(command: list[str], env: dict) -> tuple[float, str]:
    """Wall seconds of ``command`` and the first line it printed."""
    start = time.perf_counter()
    done = subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed, (done.stdout.splitlines() or [""])[0]


def slowest(files: list[Path], seconds: dict[str, float], pool: list[Path], top: int = 3) -> str:
    """The sources whose submissions took longest in the workers (median), to show where time goes."""
    by_source: dict[str, list[float]] = {}
    for i, path in enumerate(files):
        by_source.setdefault(label(pool[i % len(pool)]), []).append(seconds.get(path.stem, 0.0))
    ranked = sorted(by_source.items(), key=lambda kv: -statistics.median(kv[1]))[:top]
    return ", ".join(f"{name} {statistics.median(values):.3f} s" for name, values in ranked)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--loop-sample", type=int, default=20, help="submissions the shell loop grades (0: all)")
    add_class_options(parser)
    args = parser.parse_args()
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    grader = [sys.executable, "-m", "grader", "--course", str(ROOT)]
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        work = Path(tmp)
        pool = pool_of(args, work)
        files = build(work / "class", args.count, pool, args.lesson)
        book = work / "gradebook.sqlite"
        command = [*grader, "batch", str(work / "class"), "--lesson", args.lesson, "--jobs", str(args.jobs),
                   "--gradebook", str(book)]
        batch, _ = timed(command, env)
        rerun, said = timed(command, env)  # "...; this run graded 0, 200 unchanged ..." unless the suite changed

        step = max(1, len(files) // args.loop_sample) if args.loop_sample else 1
        sample = files[::step][: args.loop_sample or None]
        out = work / "loop"
        out.mkdir()
        script = ('for f in "$@"; do "$PY" -m grader --course "$ROOT" grade "$f" --lesson "$LESSON" --format json '
                  '> "$OUT/$(basename "$f").json"; done')
        loop, _ = timed(["bash", "-c", script, "loop", *map(str, sample)],
                     {**env, "PY": sys.executable, "ROOT": str(ROOT), "OUT": str(out), "LESSON": args.lesson})

        with sqlite3.connect(book) as db:
            scores = dict(db.execute("SELECT student, score FROM submissions"))
            statuses = dict(db.execute("SELECT status, count(*) FROM submissions GROUP BY status"))
            seconds = dict(db.execute("SELECT student, wall_seconds FROM submissions"))
        mismatches = []
        for path in sample:
            single = json.loads((out / f"{path.name}.json").read_text())["score"]
            if scores.get(path.stem) != single:
                mismatches.append(f"{path.name}: batch {scores.get(path.stem)} vs single {single}")

    batch_rate = args.count / batch
    loop_rate = len(sample) / loop
    extrapolated = "" if len(sample) == args.count else f" (extrapolated from {len(sample)})"
    kind = (f"student folders of {', '.join(str(k) for k in args.klass)}" if args.klass else
            f"reference, stubs, mutants{'; without ' + ', '.join(args.skip) if args.skip else ''}")
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; {args.count} {args.lesson} submissions "
          f"cycling through {len(pool)} sources ({kind}); gradebook rows by status: {statuses}")
    print(f"{'grader batch --jobs ' + str(args.jobs):<34} {batch:8.2f} s  {batch_rate:7.1f} submissions/s")
    print(f"{'  rerun, nothing changed':<34} {rerun:8.2f} s  ({said.split('; ')[-1]})")
    print(f"{'shell loop of grader grade':<34} {loop / len(sample) * args.count:8.2f} s  {loop_rate:7.1f} "
          f"submissions/s{extrapolated}")
    print(f"batch / loop throughput: {batch_rate / loop_rate:.1f}x")
    print(f"in-worker seconds per submission: {statistics.median(seconds.values()):.3f} median; "
          f"slowest sources: {slowest(files, seconds, pool)}")
    if mismatches:
        print("scores differ from single grading:\n  " + "\n  ".join(mismatches))
        return 1
    print(f"scores: the {len(sample)} loop-graded submissions score exactly as in the gradebook")
    return 0


if __name__ == "__main__":
    sys.exit(main())
