"""Grade time of the reference notebook against the floor of a Jupyter kernel's life.

Usage: python bench/notebook_time.py [--runs N]

The floor is what any notebook grader pays at least: start a python3 kernel through
jupyter_client, import numpy in it, shut it down. It is measured in the same run as the
grades, interleaved, so that machine noise hits every command alike; compare the ratios
across machines, not the seconds. (otter-grader takes about 4.3 times this floor for the
Prefill exercise: 5.0 s against 1.15 s.) The reference notebook is built from
``solutions/`` for the run, exactly as the tests build it.
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
TARGET = 1.5  # at most this many floors

FLOOR = """
from jupyter_client.manager import start_new_kernel
km, kc = start_new_kernel(kernel_name="python3")
kc.execute_interactive("import numpy", timeout=60)
kc.stop_channels()
km.shutdown_kernel()
"""


def wall(command: list[str], env: dict | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env={**os.environ, **(env or {})})
    return time.perf_counter() - start


def reference_notebook(folder: Path) -> Path:
    sys.path.insert(0, str(ROOT))
    from grader.authoring.notebook import reference_notebook as build
    from grader.lesson.course import Course

    course = Course(ROOT)
    lesson = course.lesson("prefill")
    path = folder / "prefill.ipynb"
    path.write_text(build(lesson, course.solutions_dir(lesson)), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-notebook-") as tmp:
        notebook = str(reference_notebook(Path(tmp)))
        grade = [sys.executable, "-m", "grader", "grade", notebook]
        commands = {
            "floor: python3 kernel, import numpy, shutdown": ([sys.executable, "-c", FLOOR], None),
            "grader grade <reference>.ipynb": (grade, None),
            "grader grade <reference>.ipynb, sandbox limited": (grade, {"GRADER_SANDBOX": "limited"}),
            "grader grade exercises/prefill/prefill.ipynb": (
                [sys.executable, "-m", "grader", "grade", "exercises/prefill/prefill.ipynb"], None),
            "grader grade solutions/prefill (the .py)": ([sys.executable, "-m", "grader", "grade",
                                                          "solutions/prefill"], None),
        }
        for command, env in commands.values():  # warm the page cache and .pyc files
            wall(command, env)
        samples: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, env) in commands.items():
                samples[name].append(wall(command, env))
    floor = statistics.median(samples[next(iter(commands))])
    print(f"{'command':<50} {'median s':>9} {'× floor':>8}   ({args.runs} runs each, {os.cpu_count()} CPUs)")
    for name, values in samples.items():
        median = statistics.median(values)
        print(f"{name:<50} {median:>9.3f} {median / floor:>8.2f}")
    ratio = statistics.median(samples["grader grade <reference>.ipynb"]) / floor
    print(f"\nnotebook grade / kernel floor = {ratio:.2f} (target ≤ {TARGET}; otter-grader ≈ 4.3)")


if __name__ == "__main__":
    main()
