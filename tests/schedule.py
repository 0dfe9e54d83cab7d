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
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

_SHARED = re.compile(r"""scope\s*=\s*["'](?:module|class|package)["']""")


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


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    root = Path(str(config.rootpath))

    class SharedFixtureScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid, root)

    return SharedFixtureScheduling(config, log)
