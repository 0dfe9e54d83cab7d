"""Where `make test`'s CPU goes, test by test: a pytest plugin, and its report by module.

`make test` is CPU-bound on the project's 2-core machine (a quiet run is about 17 minutes of pytest and about
2000 core-seconds), so what shortens it is CPU taken out, and the CPU of a test is more than its process's:
grades fork sandboxed workers and a template that forks them, reaped by other processes or not at all during
the test. So each xdist worker moves itself into a cgroup of its own (cgroup v1 ``cpuacct``, as root) on its
first test, and every process it starts after that is counted there; a test's CPU is the cgroup's usage
across it (setup, call and teardown), whoever spent it.

Run (as root, from a checkout whose venv has the dev dependencies):

    PYTHONPATH=bench .venv/bin/python -m pytest -q -n 4 --dist loadscope -p schedule -p rewritten -p test_cpu
    python bench/test_cpu.py report [N]      # the N modules that cost the most CPU (default 30)

Each worker appends one JSON line per test to ``build/test-cpu/<worker>.jsonl`` (remove the folder before a
run). Quote the load average: CPU moves less than wall time on a shared machine, but it moves.
"""

from __future__ import annotations

import collections
import json
import os
import sys
import time
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "build" / "test-cpu"
CGROUPS = Path("/sys/fs/cgroup/cpuacct")
_state: dict = {}


def _usage() -> float:
    return int((_state["cgroup"] / "cpuacct.usage").read_text()) / 1e9


def _start() -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    cgroup = CGROUPS / f"grader-test-cpu-{worker}"
    cgroup.mkdir(exist_ok=True)
    (cgroup / "cgroup.procs").write_text(str(os.getpid()))
    OUT.mkdir(parents=True, exist_ok=True)
    _state.update(cgroup=cgroup, out=(OUT / f"{worker}.jsonl").open("a", encoding="utf-8"))


try:
    import pytest
except ImportError:  # the report needs no pytest
    pytest = None

if pytest is not None:
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        if not _state:
            _start()
        wall, cpu = time.monotonic(), _usage()
        yield
        record = {"id": item.nodeid, "wall": time.monotonic() - wall, "cpu": _usage() - cpu}
        _state["out"].write(json.dumps(record) + "\n")
        _state["out"].flush()


def report(top: int) -> None:
    rows = [json.loads(line) for path in sorted(OUT.glob("*.jsonl")) for line in path.open(encoding="utf-8")]
    total = sum(r["cpu"] for r in rows) or 1.0
    modules: dict = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for r in rows:
        entry = modules[r["id"].split("::")[0]]
        entry[0] += 1
        entry[1] += r["wall"]
        entry[2] += r["cpu"]
    print(f"{len(rows)} tests, {total:.0f} CPU seconds, {sum(r['wall'] for r in rows):.0f} worker-seconds of wall")
    print("| module | tests | CPU s | share | cumulative | wall s (summed over workers) |")
    print("| --- | --- | --- | --- | --- | --- |")
    done = 0.0
    for name, (count, wall, cpu) in sorted(modules.items(), key=lambda kv: -kv[1][2])[:top]:
        done += cpu
        print(f"| {name} | {count} | {cpu:.0f} | {cpu / total:.0%} | {done / total:.0%} | {wall:.0f} |")


if __name__ == "__main__":
    if sys.argv[1:2] != ["report"]:
        sys.exit(__doc__)
    report(int(sys.argv[2]) if len(sys.argv) > 2 else 30)
