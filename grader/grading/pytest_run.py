"""Starting pytest over a lesson's check files, isolated from any configuration around them.

pytest is started with plugin autoloading off, its configuration files ignored and its
root and conftest search pinned to the suite folder, so nothing from the submission's
folder (a ``conftest.py``, a ``pytest.ini``) is ever collected or loaded
(``grader.grading.suite`` provides the plugin that runs the checks). Nor from the
environment: ``PYTEST_ADDOPTS`` and ``PYTEST_PLUGINS`` are meant for the pytest a person runs
(a CI job's ``PYTEST_ADDOPTS=--junitxml=...`` is common) and would reach this one too, where an
option it does not know stopped every grade as a fault of the suite.
"""

from __future__ import annotations

import os
import sys

import pytest

from grader.exceptions import ConfigError
from grader.lesson.manifest import Lesson

# Built-in plugins a check suite never needs; leaving them out halves pytest's start-up.
_UNUSED_PLUGINS = (
    "terminal", "capture", "cacheprovider", "pastebin", "junitxml", "doctest", "setuponly",
    "setupplan", "stepwise", "unittest", "legacypath", "tmpdir", "recwarn", "warnings", "logging",
    "faulthandler", "debugging", "subtests", "unraisableexception", "threadexception", "monkeypatch",
)

# What pytest reads from the environment, as it is while the checks' pytest runs (None: unset).
_ENVIRONMENT = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTEST_ADDOPTS": None, "PYTEST_PLUGINS": None}


def invoke_pytest(lesson: Lesson, plugin) -> int:
    """pytest.main over the lesson's check files, isolated from any configuration around them."""
    files = sorted(str(p) for p in lesson.suite_dir.glob("test_*.py"))
    if not files:
        raise ConfigError(str(lesson.suite_dir), "holds no test_*.py check files")
    args = ["-c", os.devnull, "--rootdir", str(lesson.suite_dir), "--confcutdir", str(lesson.suite_dir),
            "--assert=plain", "--import-mode=importlib"]
    for name in _UNUSED_PLUGINS:
        args += ["-p", f"no:{name}"]
    saved = _set_environment(_ENVIRONMENT)
    modules_before = set(sys.modules)
    try:
        code = pytest.main(args + files, plugins=[plugin])
    finally:
        _set_environment(saved)
        # pytest would reuse a cached "test_x" module in the next run of this process,
        # even when it is another lesson's file or the file has changed since.
        for name in set(sys.modules) - modules_before:
            if str(getattr(sys.modules[name], "__file__", "")).startswith(str(lesson.suite_dir)):
                del sys.modules[name]
    return code


def _set_environment(values: dict[str, str | None]) -> dict[str, str | None]:
    """Set (or unset, for None) each variable; return what they were, to set back."""
    before = {name: os.environ.get(name) for name in values}
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    return before
