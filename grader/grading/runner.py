"""Running a lesson's checks for one submission: their fixtures, and whose failure each one's end is.

A lesson's suite is ordinary pytest code, run by ``grader.grading.suite``; a check that takes only
the fixtures served here (``student``, ``reference``, ``rng``, ``diagnose``, ``domain``) and its
parametrize values is called directly (``run_items``), without pytest's per-test protocol, so this
module needs no pytest: a single grade whose whole suite is such checks is collected without it too
(``grader.grading.collect``), sparing the grade pytest's import and start-up. ``Checks`` is that
common core; ``suite.SuitePlugin`` adds pytest's fixtures and hooks around it.

What a failing check raised decides whose failure it is (``_check``). A verdict (CheckFailed,
an assertion) or a call that raised, hung or died is the submission's; anything else is
the suite's bug only if the check raises with the reference solution in the student's place
too: if it passes there, it is the submission's value the check could not handle. A secret
check's safe message says its property and at most the built-in type a call raised, never
what the submission chose (its class names, messages, lines): those could carry hidden inputs.
"""

from __future__ import annotations

import sys
import traceback
import warnings
import zlib
from dataclasses import replace

import numpy as np

from grader.checks import CheckFailed
from grader.describe import describe, describe_type
from grader.exceptions import CallTimeout, ConfigError, ImportFailed, StudentCodeError
from grader.grading.afterwards import joined, no_cause_beside_state, relations_said
from grader.grading.calls import NOTHING, Watched, first_line, named_in, property_of, uses_module
from grader.grading.domain import Domain
from grader.grading.guard import OutsideContract
from grader.grading.models import Diagnose, Models
from grader.grading.reference import ReferenceUnavailable, in_students_place
from grader.grading.shapes import RaisePatterns
from grader.lesson.catalogue import CATALOGUE_NAME
from grader.lesson.manifest import Lesson
from grader.result import CheckResult
from grader.sandbox.channel import student_raise
from grader.sandbox.proxy import StudentModule
from grader.submission.failures import MODULE_UNAVAILABLE, PARAMETERS_REORDERED, engine_code, reordered

# What a check may use and still be run directly (Checks.run_items).
DIRECT_FIXTURES = frozenset({"student", "reference", "rng", "diagnose", "domain", "variant"})
DIRECT_MARKS = frozenset({"task", "weight", "parametrize"})


def pytest_outcome(name: str) -> tuple[type, ...]:
    """The exception of pytest's ``skip`` or ``fail``, as a tuple, once pytest is loaded; () before: a check
    raises one only through pytest, so while pytest is not loaded no check has raised one."""
    pytest = sys.modules.get("pytest")
    return (getattr(pytest, name).Exception,) if pytest is not None else ()


class ExcInfo:
    """What a check raised, as ``_check`` reads it (pytest's ``ExceptionInfo`` answers the same two)."""

    def __init__(self, value: BaseException):
        self.value = value

    def errisinstance(self, classes) -> bool:
        return isinstance(self.value, classes)


class Checks:
    """The fixtures' values, and one CheckResult per check, by task (``results``)."""

    def __init__(self, lesson: Lesson, student: StudentModule | None, reference):
        self.lesson = lesson
        self._student = student
        self._reference = reference
        self.numbers = lesson.variant  # the student's own numbers (grader.lesson.variants), or None
        self.results: dict[str, list[CheckResult]] = {t.id: [] for t in lesson.code_tasks}
        self.problems: list[str] = []
        self.names: dict[str, set[str]] = {t.id: set() for t in lesson.code_tasks}  # collected check names
        self._plans: dict = {}  # check item -> how to run it directly, or None (see run_items)
        self._visible: set[str] = set()  # names of the file visible checks' failures named (calls.named_in)
        self._models, self._diagnose = Models(lesson, reference), None  # the lesson's misconceptions
        self._raises = RaisePatterns(lesson, None)  # where a function of arrays raises: one per submission

    # -- fixtures -------------------------------------------------------------------------

    def _domain_for(self, item) -> Domain:
        """Checks over the contract's whole domain (``grader.grading.domain``), with this check's own rng."""
        return Domain(self.lesson, self._student_for(item), self._reference_or_fail(), self._diagnose_for(),
                      seeded_rng(item), self._student)

    def _diagnose_for(self) -> Diagnose:
        """The submission's ``diagnose``: one per submission, as it remembers the submission's answers."""
        if self._diagnose is None or self._diagnose.student is not self._student:
            self._diagnose = self._models.for_submission(self._student)
        return self._diagnose

    def _student_for(self, item) -> Watched:
        task = self.lesson.task(task_of(item))
        self._student.timeout = task.call_seconds or self.lesson.call_seconds
        self._student.task = task.id
        self._student.tainted = self._student.timed_out_in_check = False
        return Watched(self._diagnose_for().observed)

    def _reference_or_fail(self):
        if self._reference is None:  # never a skip, which counted as passed: an error result (grading.reference)
            raise ReferenceUnavailable
        return self._reference

    # -- running ---------------------------------------------------------------------------

    def run_items(self, items: list) -> None:
        """Run each check, directly where it needs only this plugin's fixtures.

        pytest's per-test protocol (fixture requests, three phases of hooks and reports)
        costs about as much as the calls into the worker; a check that uses only
        ``student``, ``reference``, ``rng`` and its parametrize values needs none of it. Any
        other check (its own fixtures, skip or xfail marks) gets the full protocol, through
        pytest's public hook (not the private ``_pytest.runner``); None: its fixtures end with it.

        Warnings are silenced while the checks run: a numpy overflow in a model or a check run on a
        student's value is part of the verdict, and printed it would quote the grader's own source
        line and path on stderr (issue 25).
        """
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for item in items:
                if takes_variant(item) and (self.numbers is None or self.numbers.example):
                    continue  # an own-number check: none without a student's own numbers (the lesson's own are asked)
                if not self._run_directly(item):
                    item.ihook.pytest_runtest_protocol(item=item, nextitem=None)
        no_cause_beside_state(self.lesson, self._diagnose, self.results)
        relations_said(self.lesson, self._diagnose, self._reference, self.results)

    def run_per_variant(self, items: list, variants) -> list[dict[str, list[CheckResult]]]:
        """The checks that take ``variant`` (the own-number checks), run again for each of ``variants``: their
        results by task, one dict per variant. ``grader validate`` proves a lesson on many variants so, paying
        once for what does not depend on the variant (the submission's worker, every other check)."""
        kept, found = [item for item in items if takes_variant(item)], []
        variant, results = self.numbers, self.results
        try:
            for each in variants:
                self.numbers, self.results = each, {t.id: [] for t in self.lesson.code_tasks}
                self.run_items(kept)
                found.append(self.results)
        finally:
            self.numbers, self.results = variant, results
        return found

    def lesson_checks(self, items: list) -> list:
        """The checks of the lesson's code tasks among ``items``, their names noted; a check without a task,
        or with one the manifest does not have, is the suite's mistake (``problems``)."""
        for item in items:
            task_id = task_of(item)
            if task_id is None:
                self.problems.append(f"{item.nodeid}: a check needs @pytest.mark.task(<task id>)")
            elif task_id not in self.results:
                self.problems.append(f"{item.nodeid}: task '{task_id}' is not a code task of "
                                     f"{self.lesson.manifest_path}")
        kept = [i for i in items if task_of(i) in self.results]
        for item in kept:
            self.names[task_of(item)].add(item.name.removeprefix("test_"))
        return kept

    def _plan(self, item):
        """How to run ``item`` directly (its parameters, its parametrize values), or None: pytest's protocol.
        ``suite.SuitePlugin`` reads a pytest item's; a check collected without pytest comes with its own."""
        return getattr(item, "direct_plan", None)

    def _run_directly(self, item) -> bool:
        if item not in self._plans:  # decided once per check, then reused for every submission
            self._plans[item] = self._plan(item)
        plan = self._plans[item]
        if plan is None:
            return False
        excinfo = None
        try:
            self._call_check(item, *plan)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - what a check raises is its verdict
            excinfo = ExcInfo(exc)
        try:
            self.results[task_of(item)].append(self._check(item, excinfo))
        finally:  # what the check held of the submission's values, let go now (``_let_go``)
            item.funcargs = {}
            if excinfo is not None:
                _let_go(excinfo.value)
        return True

    def _call_check(self, item, arguments: tuple, params: dict) -> None:
        """Call the check function; one more run in a fresh fork as pytest_runtest_call does."""
        values = {"student": lambda: self._student_for(item), "reference": self._reference_or_fail,
                  "rng": lambda: seeded_rng(item), "diagnose": self._diagnose_for,
                  "domain": lambda: self._domain_for(item), "variant": lambda: self.numbers}
        item.funcargs = {name: params[name] if name in params else values[name]() for name in arguments}
        proved = set(getattr(self._diagnose, "proved", ()))  # a retry's verdict says again what the first run found
        try:
            item.obj(**item.funcargs)
        except (KeyboardInterrupt, CallTimeout):
            raise
        except BaseException as exc:
            if isinstance(exc, pytest_outcome("skip")) or not self._retry_in_fresh_fork(item):
                raise
            if self._diagnose is not None:
                self._diagnose.proved.intersection_update(proved)
            item.obj(**item.funcargs)

    def _retry_in_fresh_fork(self, item) -> bool:
        student = self._student
        if student is None or not student.tainted or student.unavailable is not None or student.timed_out_in_check:
            return False  # a timeout is never run again: it has replaced the worker already, and its time is spent
        if isinstance(getattr(sys.exc_info()[1], "__context__", None), CallTimeout):  # a verdict on a timeout: spent
            return False
        watched = _watched(item.funcargs)
        if isinstance(watched, Watched) and watched.last in student.stubs:
            return False  # an untouched stub fails on any slate
        student.clean_slate()
        if "rng" in item.funcargs:  # the same inputs as a first run
            item.funcargs["rng"] = seeded_rng(item)
        if "domain" in item.funcargs:
            item.funcargs["domain"] = self._domain_for(item)
        return True

    # -- verdicts --------------------------------------------------------------------------

    def _check(self, item, excinfo) -> CheckResult:
        marker = item.get_closest_marker("weight")
        weight = float(marker.args[0]) if marker else 1.0
        name = item.name.removeprefix("test_")
        doc = (getattr(item.obj, "__doc__", None) or "").strip().splitlines()
        check = CheckResult(name=name, passed=excinfo is None, weight=weight, description=doc[0] if doc else "",
                            visibility=self.lesson.task(task_of(item)).visibility_of(name))
        if excinfo is None:
            return check
        exc = excinfo.value
        watched = _watched(getattr(item, "funcargs", None) or {})
        watched = watched if isinstance(watched, Watched) else Watched(None)
        if excinfo.errisinstance(pytest_outcome("skip")):
            check.weight, check.passed, check.message = 0.0, True, ""
        elif isinstance(exc, OutsideContract):  # the suite's bug (grading.guard): an error, never the student's 0
            check.message = f"internal error in check '{name}': {exc}; tell your instructor"
            check.safe_message = (f"internal error in check '{name}': it asked your code something the lesson does "
                                  "not allow, a bug in the grader's suite: tell your instructor")
            check.error = check.broken = True
        elif isinstance(exc, ReferenceUnavailable):  # no truth to compare with: an error result, never a pass
            check.message, check.safe_message, check.error, check.broken = str(exc), str(exc), True, True
        elif isinstance(exc, StudentCodeError) or (raised := student_raise(exc)) is not None:
            # a call raised, hung or died, or the engine knows without a call (a stub left below the work)
            check.message = str(exc) if isinstance(exc, StudentCodeError) else raised
            self._visible |= set() if check.secret else named_in(exc, self._source())
            check.safe_message = property_of(exc, watched, check.description if check.secret else "",
                                             [t.function for t in self.lesson.code_tasks], *self._facts())
            check.error, check.timed_out = isinstance(exc, ImportFailed), isinstance(exc, CallTimeout)
            check.diagnosis = self._engine_first(item, exc, watched, getattr(exc, "diagnosis", None))[0]
            self._where_it_raises(check, watched, exc)
        elif isinstance(exc, CheckFailed):
            check.message, check.safe_message, check.pictures = str(exc), exc.property, exc.pictures
            # what the source shows (numpy imported as numpy, a module the grader lacks) names the cause before a
            # lesson's model of it
            handled = exc.__context__  # the submission's exception the check failed on, if any
            self._visible |= set() if check.secret else named_in(handled, self._source())
            check.diagnosis, engine = self._engine_first(item, handled, watched, exc.diagnosis)
            if engine and handled is not None:  # in the engine's words, which name np or the module (the file's facts)
                check.safe_message = property_of(handled, watched, check.description if check.secret else "",
                                                 [t.function for t in self.lesson.code_tasks], *self._facts())
            self._where_it_raises(check, watched, handled)
        elif isinstance(exc, (AssertionError, *pytest_outcome("fail"))):  # pytest.raises' "DID NOT RAISE" too
            check.message = str(exc) or f"check '{name}' failed"
            check.safe_message = check.description or f"check '{name}' failed"  # its text may hold inputs
            check.diagnosis = self._engine_first(item, None, watched, None)[0]
        else:
            self._unexpected(item, check, exc, watched)
        return check

    def _unexpected(self, item, check: CheckResult, exc: BaseException, watched: Watched) -> None:
        """A check raised what no check means to raise: its own bug, or a value it did not foresee.

        It runs once more with the reference solution in the student's place: if it passes
        there, the check is sound and what it could not handle is the submission's value; if
        it raises there too, the suite is broken. Without the solution (a student bundle's
        Replay) nobody can tell, and the message says both.
        """
        name, error, verdict = check.name, f"{type(exc).__name__}: {first_line(exc)}", self._on_reference(item)
        if verdict == "passes":
            who, got = watched.last or "your code", watched.returned
            kind, value = (describe_type(got), describe(got)) if got is not NOTHING else ("a value", "a value")
            check.safe_message = (f"{who} returned {kind} that check '{name}' cannot handle; the check works for "
                                  "the lesson's solution, so look at what your function returns")
            check.message = (f"{watched.call_text or who} returned {value}, which check '{name}' cannot handle "
                             f"({error}); the check works for the reference solution, so it is this value that is "
                             "unusual, not the grader")
            return
        why = ("this is a bug in the grader's suite, not in your code (it breaks with the reference solution too)"
               if verdict == "raises" else
               "this may be a bug in the grader's suite, or a value from your code that it did not foresee (without "
               "the reference solution the grader cannot tell which)")
        check.safe_message = f"internal error in check '{name}'; {why}: tell your instructor"
        check.message = f"internal error in check '{name}' ({error}); {why}: tell your instructor"
        check.error = check.broken = True

    def _where_it_raises(self, check: CheckResult, watched: Watched, exc: BaseException | None) -> None:
        if self._raises.student is not self._student:  # a session's next submission (``_diagnose_for`` too)
            self._raises = RaisePatterns(self.lesson, self._student)
        if said := self._raises.said(watched.last, exc):  # no input in it: a relation of sizes, or of calls
            check.message, check.safe_message = joined(check.message, said), joined(check.safe_message, said)

    def _on_reference(self, item) -> str:
        """How the check ends with the reference solution as ``student`` (reference.in_students_place)."""
        funcargs = dict(getattr(item, "funcargs", None) or {})
        arguments = getattr(getattr(item, "_fixtureinfo", None), "argnames", None)
        if arguments is None or not set(arguments) <= set(funcargs):
            return "unknown"  # a fixture failed: there is nothing to run again
        if "rng" in funcargs:  # the inputs the submission had
            funcargs["rng"] = seeded_rng(item)
        if "domain" in funcargs:
            funcargs["domain"] = self._domain_for(item)
        return in_students_place(self._reference, item.obj, {name: funcargs[name] for name in arguments},
                                 unknown=pytest_outcome("skip"))

    def _source(self):
        """What the module's source says (grader.submission.source), when a module is graded."""
        return getattr(self._student, "source", None)

    def _facts(self) -> tuple:
        """(the source's facts, the names visible checks' failures named): what even a secret check may name
        (``calls.property_of``); a name chosen on a hidden input alone is said by its class."""
        return self._source(), frozenset(self._visible)

    def _engine_first(self, item, exc: BaseException | None, watched: Watched, fallback):
        """(the check's diagnosis, the engine's code or None): the engine's diagnosis of what the source
        shows (``engine_code``) before the lesson's ``fallback``; a module the grader lacks is named first."""
        code = engine_code(exc, self._source()) if exc is not None else None
        swapped = "" if code else self._reordered(item)  # the lesson's diagnoses read the lesson's order
        code = code or (PARAMETERS_REORDERED if swapped else None)
        diagnosis = self._diagnosis(item, code or (fallback if isinstance(fallback, str) else None))
        if diagnosis is not None and swapped:
            diagnosis = replace(diagnosis, hint=f"{swapped} {diagnosis.hint}")
        if diagnosis is not None and code == MODULE_UNAVAILABLE:
            functions = [t.function for t in self.lesson.code_tasks]
            diagnosis = replace(diagnosis, hint=f"{uses_module(exc, watched, functions, *self._facts())} "
                                                f"{diagnosis.hint}")
        return diagnosis, code

    def _reordered(self, item) -> str:
        """``failures.reordered`` for the function of the check's task, against the lesson's contract."""
        task = next((t for t in self.lesson.code_tasks if t.id == task_of(item)), None)
        contract = self.lesson.contracts.get(task.function) if task is not None else None
        if contract is None:
            return ""
        return reordered(task.function, tuple(p.name for p in contract.params), self._source())

    def _diagnosis(self, item, code: str | None):
        """The catalogue's diagnosis for a check's code; an unknown code is the suite's mistake."""
        if code is None:
            return None
        entry, task_id = self.lesson.diagnosis(code), task_of(item)
        if entry is None:
            self.problems.append(f"{item.nodeid}: fails with diagnosis '{code}', which "
                                 f"{self.lesson.suite_dir / CATALOGUE_NAME} does not declare")
            return None
        if task_id not in entry.tasks:
            self.problems.append(f"{item.nodeid}: diagnosis '{code}' is declared for {', '.join(entry.tasks)}, "
                                 f"not for '{task_id}'")
            return None
        return entry.diagnosis()

    def unknown_visibility_keys(self) -> list[str]:
        """[visibility.overrides] keys naming a check the suite does not have (a typo would un-hide it)."""
        unknown = []
        for task in self.lesson.code_tasks:
            names = self.names[task.id] | {n.split("[", 1)[0] for n in self.names[task.id]}
            unknown += [f"{task.id}::{check}" for check, _ in task.check_visibility if check not in names]
        return unknown


def takes_variant(item) -> bool:
    """Whether a check asks about the student's own numbers (takes the ``variant`` fixture)."""
    return "variant" in getattr(item, "fixturenames", ())


def seeded_rng(node) -> np.random.Generator:
    """Random inputs that depend only on the check's name: the same for every submission and run."""
    return np.random.default_rng(zlib.crc32(node.name.encode()))


def _let_go(exc: BaseException) -> None:
    """Free what a failed check's frames hold, once its verdict is written: a check's exception holds its traceback,
    whose frames hold the check's locals (the submission's values) and the runner's frame that holds the exception: a
    cycle, which only the garbage collector breaks, and a one-shot grade runs without it (``cli.run``). The item's
    fixtures held the last value each check was given too. A ``prefill_flops`` returning 30 MiB arrays made the
    trusted side of one grade 540 MB, one array kept per check (issue 25's second battery, 7h)."""
    for _ in range(8):  # the exception, and what it was raised from or while handling
        if exc is None:
            return
        if exc.__traceback__ is not None:
            traceback.clear_frames(exc.__traceback__)
            exc.__traceback__ = None
        exc = exc.__cause__ or exc.__context__


def _watched(funcargs: dict):
    """The check's ``student``, or its ``domain``'s (a check over the domain asks through it)."""
    return funcargs.get("student") or getattr(funcargs.get("domain"), "student", None)


def task_of(item) -> str | None:
    marker = item.get_closest_marker("task")
    return str(marker.args[0]) if marker and marker.args else None


def wiring_problems(lesson: Lesson, checks: Checks) -> ConfigError | None:
    """The suite's own mistakes once its checks ran (``suite.check_wiring`` adds pytest's exit code)."""
    if checks.problems:
        return ConfigError(str(lesson.suite_dir), "\n".join(checks.problems))
    for task in lesson.code_tasks:
        if not checks.results[task.id]:
            return ConfigError(str(lesson.suite_dir), f"no check is marked for task '{task.id}'")
    for key in checks.unknown_visibility_keys():
        return ConfigError(str(lesson.manifest_path), "names no check of the suite", f'visibility.overrides."{key}"')
    return None
