"""Running a lesson's check suite with pytest, inside the trusted process.

The suite is ordinary pytest code: each test is one check, marked with the task it grades
(``pytestmark = pytest.mark.task("causal_mask")``) and optionally a weight (``@pytest.mark.weight(2)``).
Checks reach student code only through the ``student`` fixture (calls forwarded to the worker);
``reference`` is the solution module (trusted, loaded here) for differential checks, an error
result where there is none (never a pass); ``rng`` is seeded from the check's name: same inputs;
``diagnose`` names the misconception a failing function shows (``grader.grading.models``).

pytest is started with plugin autoloading off, its configuration files ignored and its
root and conftest search pinned to the suite folder, so nothing from the submission's
folder (a ``conftest.py``, a ``pytest.ini``) is ever collected or loaded.

``SuitePlugin`` serves the fixtures and hooks pytest asks for around ``runner.Checks``, which
runs the checks and decides whose failure each one's end is. A suite of checks that need no
more than those fixtures is run without pytest by a single grade (``grader.grading.collect``);
a GradingSession keeps pytest, paid once for its whole class.
"""

from __future__ import annotations

import numpy as np
import pytest

from grader.exceptions import CallTimeout, ConfigError
from grader.grading.domain import Domain
from grader.grading.models import Diagnose
from grader.grading.pytest_run import invoke_pytest
from grader.grading.runner import DIRECT_FIXTURES, DIRECT_MARKS, Checks, seeded_rng, task_of, wiring_problems
from grader.lesson.manifest import Lesson
from grader.result import CheckResult
from grader.sandbox.proxy import StudentModule


class SuitePlugin(Checks):
    """Provides the fixtures and records one CheckResult per check, by task."""

    # -- fixtures -------------------------------------------------------------------------

    @pytest.fixture
    def student(self, request) -> StudentModule:
        return self._student_for(request.node)

    @pytest.fixture
    def reference(self):
        return self._reference_or_fail()

    @pytest.fixture
    def rng(self, request) -> np.random.Generator:
        return seeded_rng(request.node)

    @pytest.fixture
    def diagnose(self) -> Diagnose:
        return self._diagnose_for()

    @pytest.fixture
    def domain(self, request) -> Domain:
        return self._domain_for(request.node)

    @pytest.fixture
    def variant(self):
        """The student's own numbers (grader.lesson.variants): ``variant.calls_of(function)``."""
        return self.numbers

    # -- running ---------------------------------------------------------------------------

    per_variant: list | tuple = ()  # of run_suite's ``variants``: the own-number checks' results, per variant
    variants: tuple = ()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        self.run_items(session.items)
        self.per_variant = self.run_per_variant(session.items, self.variants) if self.variants else []
        return True

    def _plan(self, item):
        return _direct_plan(item)

    # -- hooks ----------------------------------------------------------------------------

    def pytest_configure(self, config):
        config.addinivalue_line("markers", "task(id): the task of the lesson manifest this check grades")
        config.addinivalue_line("markers", "weight(w): this check's share of its task (default 1)")

    def pytest_collectreport(self, report):
        if report.failed:
            self.problems.append(f"{report.nodeid or 'the suite'} cannot be collected:\n{report.longreprtext}")

    def pytest_collection_modifyitems(self, items):
        items[:] = self.lesson_checks(items)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        """A check that failed where another task's calls had run gets one run in a fresh fork.

        Its verdict then owes nothing to what the other task's functions left behind; a check
        that fails again fails for its own task's code. Each task retries at most once: after
        ``clean_slate`` its fork has served no other task. A timeout is not retried: it has
        already replaced the whole worker, and its time is spent (SECURITY.md, known limits).
        """
        try:
            return (yield)
        except (pytest.skip.Exception, KeyboardInterrupt, CallTimeout):
            raise
        except BaseException:
            if not self._retry_in_fresh_fork(item):
                raise
        item.runtest()
        return None

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_makereport(self, item, call):
        """Record the check, and answer with a bare report.

        pytest's own report renders the failure's traceback with source excerpts, which
        nobody reads here and which costs four fifths of a failing run.
        """
        check = None
        if call.when == "call" or (call.when == "setup" and call.excinfo is not None):
            check = self._check(item, call.excinfo)
            self.results[task_of(item)].append(check)
        if call.excinfo is None:
            outcome, longrepr = "passed", None
        elif call.excinfo.errisinstance(pytest.skip.Exception):
            outcome, longrepr = "skipped", (str(item.path), 0, str(call.excinfo.value))
        else:
            outcome, longrepr = "failed", check.message if check else str(call.excinfo.value)
        return pytest.TestReport(item.nodeid, item.location, {}, outcome, longrepr, call.when,
                                 duration=call.duration, start=call.start, stop=call.stop)


def _direct_plan(item) -> tuple[tuple, dict] | None:
    """(the check's parameters, its parametrize values) when it can run without pytest's protocol."""
    if type(item) is not pytest.Function or item.cls is not None \
            or any(m.name not in DIRECT_MARKS for m in item.iter_markers()):
        return None  # a method needs a fresh instance of its class per check: pytest's protocol makes one
    params = item.callspec.params if hasattr(item, "callspec") else {}
    arguments = getattr(getattr(item, "_fixtureinfo", None), "argnames", None)  # the check's own parameters
    if arguments is None or "request" in arguments or \
            not set(item.fixturenames) <= DIRECT_FIXTURES | {"request"} | set(params):
        return None
    return tuple(arguments), params


def run_suite(lesson: Lesson, student: StudentModule | None, reference, variants=(),
              per_variant: list | None = None) -> dict[str, list[CheckResult]]:
    """Run every check file of the lesson and return the check results per code task; the own-number checks'
    results for each of ``variants`` are added to ``per_variant`` (``Checks.run_per_variant``)."""
    plugin = SuitePlugin(lesson, student, reference)
    plugin.variants = tuple(variants)
    code = invoke_pytest(lesson, plugin)
    check_wiring(lesson, plugin, code)
    if per_variant is not None:
        per_variant.extend(plugin.per_variant)
    return plugin.results


def check_wiring(lesson: Lesson, plugin, code: int) -> None:
    """The suite's own mistakes, named for the instructor: raise ConfigError if any."""
    if plugin.problems:
        raise ConfigError(str(lesson.suite_dir), "\n".join(plugin.problems))
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        raise ConfigError(str(lesson.suite_dir), f"pytest stopped with exit code {int(code)}")
    problem = wiring_problems(lesson, plugin)
    if problem is not None:
        raise problem
