"""How `make test` shares its tests among pytest-xdist's workers (`-p schedule`, with `--dist loadscope`).

xdist's loadscope sends a whole module to one worker, so that a module fixture (a graded corpus, a
built release: a minute each) is built once. But most of the suite's time is in modules without one
(the hostile corpus, the attacks: a grade in a subprocess per test, 150 to 350 s a module), and a
module sent whole is the run's critical path however many workers there are. Here a module is one
unit only where its own source declares a fixture of module, class or package scope (read from the
file, as the controller never collects); every other test is a unit of its own, so such modules
spread over all workers. The units that are whole modules go first (xdist's `--loadscope-reorder`
orders units by their number of tests), the single tests after them in collection order.

A module fixture that comes from a conftest.py instead is not seen: its module would run spread and
build it on every worker (slower, never wrong). tests/test_setup.py holds both halves: a module
fixture built once, and a module without one spread over the workers.

Longest first: a unit of three minutes that starts last ends the run three minutes after every other
worker has gone idle, and a count of tests says little of a unit's time (twenty tests of a built
release against a hundred of parsing). So the units are sent in the order of their seconds in the
last run, longest first (``ordered``), and the units of no known time after them in xdist's order.
The seconds come from build/test-durations.json, which every such run writes (``record``: each
unit's setup, call and teardown, in the run's own conditions), over tests/durations.json, the
figures of a whole run committed as the start of a fresh clone (copy the first over the second to
refresh it). Only the order follows from them: a stale or missing figure costs time, never a test.
"""

from __future__ import annotations

import collections
import json
import os
import re
from functools import cache
from pathlib import Path

import pytest

# a decorator of its own line (not the text of one inside a string, as tests/test_setup.py writes)
_SHARED = re.compile(r"""^\s*@pytest\.fixture\([^)]*\bscope\s*=\s*["'](?:module|class|package)["']""", re.M)


@cache
def shares_fixtures(path: Path) -> bool:
    """Whether the test module at ``path`` declares a fixture that outlives one test."""
    try:
        return bool(_SHARED.search(path.read_text(encoding="utf-8")))
    except OSError:
        return True  # cannot tell: keep it whole, as loadscope would


def unit_of(nodeid: str, root: Path) -> str:
    """The unit of work ``nodeid`` is sent in: its module where the module shares fixtures, else itself."""
    module = nodeid.split("::", 1)[0]
    return module if shares_fixtures(root / module) else nodeid


SEED = Path(__file__).with_name("durations.json")  # committed: the order of a fresh clone's first run
MEASURED = Path("build") / "test-durations.json"  # under the root: written by every run, read first
SHOWN = 0.5  # seconds: shorter units are left out of the file (their order matters little)


def known_seconds(root: Path) -> dict[str, float]:
    """Each unit's seconds in the last run that measured it: the measured file over the committed one.
    A file that cannot be read or is not a mapping of numbers counts as empty (an order, never an error)."""
    seconds: dict[str, float] = {}
    for path in (SEED, root / MEASURED):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            seconds.update((k, float(v)) for k, v in data.items() if isinstance(v, int | float))
    return seconds


def ordered(units: list[str], seconds: dict[str, float]) -> list[str]:
    """``units`` longest first by ``seconds``; those of no known time after them, in their given order."""
    timed = sorted((u for u in units if u in seconds), key=lambda u: -seconds[u])  # stable: ties keep order
    return timed + [u for u in units if u not in seconds]


def record(root: Path, spent: dict[str, float]) -> None:
    """Add this run's seconds per unit (``spent``, of units of at least ``SHOWN``) to the measured file,
    written whole or not at all; a build folder that cannot be written leaves the order as it was."""
    path = root / MEASURED
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    data.update({unit: round(s, 1) for unit, s in spent.items() if s >= SHOWN})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.{os.getpid()}")
        partial.write_text(json.dumps(dict(sorted(data.items())), indent=0) + "\n", encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        pass


class _Clock:
    """In the controller: each unit's seconds, summed from the reports its workers send back."""

    def __init__(self, root: Path):
        self.root = root
        self.spent: dict[str, float] = collections.defaultdict(float)

    def pytest_runtest_logreport(self, report) -> None:
        self.spent[unit_of(report.nodeid, self.root)] += report.duration

    def pytest_sessionfinish(self, session) -> None:
        if self.spent:
            record(self.root, self.spent)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    root = Path(str(config.rootpath))
    config.pluginmanager.register(_Clock(root), "schedule-clock")

    class SharedFixtureScheduling(LoadScopeScheduling):
        _ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid, root)

        def _assign_work_unit(self, node) -> None:
            if not self._ordered:  # the first assignment: the queue is whole, in xdist's order
                self._ordered = True
                for unit in ordered(list(self.workqueue), known_seconds(root)):
                    self.workqueue.move_to_end(unit)
            super()._assign_work_unit(node)

    return SharedFixtureScheduling(config, log)
