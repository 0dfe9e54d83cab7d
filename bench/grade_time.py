"""Grade time of the reference solution against the floor of starting Python with numpy.

Usage: python bench/grade_time.py [--runs N] [--submission DIR]

Every figure is the median of N wall-clock runs taken in this one invocation, interleaved
so that machine noise hits all commands alike; the ratios are what to compare across
machines, not the seconds. The default sandbox is bubblewrap where it works; the
"sandbox limited" row shows what the namespaces cost on top.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall(command: list[str], env: dict | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env={**os.environ, **(env or {})})
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--submission", default="solutions/prefill")
    args = parser.parse_args()
    commands = {
        "floor: python -c 'import numpy'": [sys.executable, "-c", "import numpy"],
        "python -c 'import numpy, pytest'": [sys.executable, "-c", "import numpy, pytest"],
        f"grader grade {args.submission} (text)": [sys.executable, "-m", "grader", "grade", args.submission],
        f"grader grade {args.submission} (json)": [sys.executable, "-m", "grader", "grade", args.submission,
                                                   "--format", "json"],
        "grader grade exercises/prefill (stubs)": [sys.executable, "-m", "grader", "grade", "exercises/prefill"],
        f"grader grade {args.submission}, sandbox limited": [sys.executable, "-m", "grader", "grade",
                                                             args.submission],
    }
    envs = {f"grader grade {args.submission}, sandbox limited": {"GRADER_SANDBOX": "limited"}}
    for name, command in commands.items():  # warm the page cache and .pyc files
        wall(command, envs.get(name))
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            samples[name].append(wall(command, envs.get(name)))
    floor = statistics.median(samples[next(iter(commands))])
    print(f"{'command':<48} {'median s':>9} {'× floor':>8}   ({args.runs} runs each)")
    for name, values in samples.items():
        median = statistics.median(values)
        print(f"{name:<48} {median:>9.3f} {median / floor:>8.2f}")


if __name__ == "__main__":
    main()
