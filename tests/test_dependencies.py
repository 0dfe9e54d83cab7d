"""What the grader needs, declared once and installed at exact versions everywhere.

pyproject.toml declares every package grader/ imports; requirements/grade.txt (what grading
needs) and requirements/dev.txt (that, with the dev and dask extras) pin exact versions of
them and of everything they bring, and `make grade`, `make test` (CI's .ci/run), the student
bundle and Gradescope's setup.sh install from them.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from paths import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRA_ONLY = {"grader/batch/executors/dask.py": "dask"}  # modules that import what only an extra brings
LOCKS = {"grade": ROOT / "requirements" / "grade.txt", "dev": ROOT / "requirements" / "dev.txt"}


def declared(extra: str | None = None) -> dict[str, Requirement]:
    listed = PYPROJECT["optional-dependencies"][extra] if extra else PYPROJECT["dependencies"]
    return {canonicalize_name(r.name): r for r in map(Requirement, listed)}


def imported_packages(path: Path) -> set[str]:
    """The top-level names of what ``path`` imports from outside the standard library and the grader."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return {name for name in found if name not in sys.stdlib_module_names and name != "grader"}


def pins(lock: Path) -> dict[tuple[str, str], str]:
    """(package, environment marker) -> exact version, for every requirement line of a lock file."""
    found = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            requirement = Requirement(line)
            specifiers = list(requirement.specifier)
            assert len(specifiers) == 1 and specifiers[0].operator == "==", f"{lock.name}: not pinned: {line}"
            found[canonicalize_name(requirement.name), str(requirement.marker or "")] = specifiers[0].version
    return found


def test_every_package_grader_imports_is_declared():
    distributions = importlib.metadata.packages_distributions()
    missing = []
    for path in sorted((ROOT / "grader").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        allowed = set(declared()) | (set(declared(EXTRA_ONLY[where])) if where in EXTRA_ONLY else set())
        for name in imported_packages(path):
            owners = {canonicalize_name(d) for d in distributions.get(name, [name])}
            if not owners & allowed:
                missing.append(f"{where} imports {name} ({', '.join(sorted(owners))})")
    assert missing == []


def test_the_locks_pin_every_declared_package_within_its_range():
    grade, dev = pins(LOCKS["grade"]), pins(LOCKS["dev"])
    for lock, needed in ((grade, declared()), (dev, declared() | declared("dev") | declared("dask"))):
        for name, requirement in needed.items():
            versions = [version for (pinned, _), version in lock.items() if pinned == name]
            assert versions, f"{name} is declared but not locked"
            assert all(requirement.specifier.contains(v, prereleases=True) for v in versions), (name, versions)


def versions(lock: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for (name, _), version in pins(lock).items():
        found.setdefault(name, set()).add(version)
    return found


def test_make_test_installs_the_very_versions_make_grade_does_and_more():
    grade, dev = versions(LOCKS["grade"]), versions(LOCKS["dev"])
    assert {name: dev.get(name) for name in grade} == grade
    assert {"ruff", "dask", "distributed", "mypy", "pytest-xdist"} <= set(dev)
    assert not {"ruff", "dask", "distributed", "mypy", "pytest-xdist"} & set(grade)  # what grading never uses


def test_the_locks_are_made_by_make_lock():
    for lock in LOCKS.values():
        assert "#    make lock" in lock.read_text(encoding="utf-8").splitlines()[1]


def test_pytest_is_bounded_while_the_suite_reads_its_private_attributes():
    """grader.grading.suite runs checks through the public pytest_runtest_protocol hook (no _pytest import:
    tests/grading/test_suite.py), but reads ``item._fixtureinfo`` and builds ``TestReport`` itself: the range
    bounds pytest, the lock pins it, and the tests run under a version inside both."""
    assert "_fixtureinfo" in (ROOT / "grader/grading/suite.py").read_text()
    specifier = declared()["pytest"].specifier
    upper = [s for s in specifier if s.operator == "<"]
    assert upper, "pytest's private attributes need an upper bound"
    installed = Version(importlib.metadata.version("pytest"))
    assert specifier.contains(installed) and {Version(v) for (n, _), v in pins(LOCKS["grade"]).items()
                                              if n == "pytest"} == {installed}


@pytest.mark.parametrize("where, lock", [
    ("grader/authoring/gradescope/setup.sh", "requirements/grade.txt"),  # Gradescope's image
    ("grader/authoring/release.py", "{LOCK.as_posix()}"),  # the student bundle's Makefile
])
def test_the_bundles_install_from_the_lock(where, lock):
    """make grade and make test: tests/test_setup.py runs the Makefile itself."""
    assert re.search(rf"pip install .*-r \S*{re.escape(lock)}", (ROOT / where).read_text(encoding="utf-8"))


def test_ci_runs_make_test():
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1] == "make test"
