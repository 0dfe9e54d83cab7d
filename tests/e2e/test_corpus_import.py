"""The corpus of failures before any call (tests/corpus/import/), graded in both sandbox modes.

Each case is a whole student module of the prefill lesson, labelled in the mutants' header
format (``grader.authoring.mutants``)::

    # mistake: what the student did          (or, for a correct but unusual file,
    # fails: <task ids that must lose points>    # right: what is unusual about it)
    # diagnosis: <the engine's codes (import.*) its failing tasks carry>, optional
    # hint: [<task id>: ]text the (student's) feedback must contain, repeatable
    # stood-in: <the modules the grader lacks that the report says were stood in for>, optional
    # note: text the report's notes must contain, repeatable
    # base: none

A case without ``# stood-in:`` must have no stand-in: ``Report.stand_ins`` is asserted for
every case (``grader.sandbox.inside.standins`` gives each top-level import of a module the
grader lacks a stand-in, so that only what uses the module fails).

Only the engine's diagnoses (``import.*``) are asserted: a lesson's own diagnoses belong to
its suite, which may name more (``grader validate`` proves those). Every engine diagnosis is
proved both ways: a case triggers it, and the reference and the stubs carry none. Every
report is written in every format, since the new messages carry code lines and carets.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.formats import create, names
from grader.grading.session import GradingSession
from grader.lesson.catalogue import ENGINE_PREFIX, engine_catalogue
from grader.lesson.course import Course
from grader.sandbox import confine

from modes import require
from paths import ROOT, TESTS

CORPUS = TESTS / "corpus" / "import"
COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
CODE_TASKS = frozenset(t.id for t in LESSON.code_tasks)
_HEADER = re.compile(r"#\s*(mistake|right|fails|diagnosis|hint|base|stood-in|note)\s*:\s*(.*)")


@dataclass(frozen=True)
class Case:
    name: str
    path: Path
    mistake: str
    fails: frozenset[str]
    diagnoses: frozenset[str]
    hints: tuple[tuple[str, str], ...]  # (task id or "", text)
    stood_in: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def load_case(path: Path) -> Case:
    fields: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _HEADER.match(line.strip())
        if not match:
            break
        fields.setdefault(match.group(1), []).append(match.group(2).strip())
    assert fields.get("base") == ["none"], f"{path.name}: a corpus case is a whole module ('# base: none')"
    assert ("mistake" in fields and "fails" in fields) != ("right" in fields), \
        f"{path.name}: needs '# mistake:' and '# fails:', or '# right:' alone"
    fails = frozenset(t.strip() for t in fields.get("fails", [""])[0].split(",") if t.strip())
    assert fails <= CODE_TASKS, f"{path.name}: unknown tasks {sorted(fails - CODE_TASKS)}"
    codes = frozenset(c.strip() for c in ",".join(fields.get("diagnosis", [])).split(",") if c.strip())
    hints = []
    for hint in fields.get("hint", []):
        task, sep, text = hint.partition(": ")
        hints.append((task, text) if sep and task in CODE_TASKS else ("", hint))
    stood_in = tuple(m.strip() for m in ",".join(fields.get("stood-in", [])).split(",") if m.strip())
    return Case(path.stem, path, (fields.get("mistake") or fields["right"])[0], fails, codes, tuple(hints),
                stood_in, tuple(fields.get("note", [])))


CASES = [load_case(p) for p in sorted(CORPUS.glob("*.py"))]


_GRADED: dict[str, dict] = {}


def grades(mode: str) -> dict:
    """Every case, the reference and the stubs graded in ``mode``, once per test session."""
    if mode not in _GRADED:
        require(mode)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("GRADER_SANDBOX", mode)
            confine.current.cache_clear()
            try:
                with GradingSession("prefill", COURSE) as session:
                    graded = {case.name: session.grade(case.path) for case in CASES}
                    graded["(reference)"] = session.grade(COURSE.solutions_dir(LESSON))
                    graded["(stubs)"] = session.grade(COURSE.exercises_dir(LESSON))
            finally:
                confine.current.cache_clear()
        _GRADED[mode] = graded
    return _GRADED[mode]


@pytest.fixture(scope="module", params=["bubblewrap", "limited"])
def graded(request) -> dict:
    return grades(request.param)


def engine_codes(task) -> set[str]:
    return {d.code for d in task.diagnoses if d.code.startswith(ENGINE_PREFIX)}


def test_the_corpus_is_large_and_covers_every_engine_diagnosis():
    assert len(CASES) >= 15
    assert sum(1 for c in CASES if not c.fails) >= 5, "correct but unusual files that must get full marks"
    declared = {code for case in CASES for code in case.diagnoses}
    assert declared == {entry.code for entry in engine_catalogue()}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_case_loses_exactly_its_tasks_with_its_diagnoses(graded, case):
    report = graded[case.name]
    lost = {t.id for t in report.tasks if t.id in CODE_TASKS and t.score < t.max_score}
    assert lost == case.fails, f"{case.name} ({case.mistake})"
    for task in report.tasks:
        if task.id in case.fails:
            assert engine_codes(task) == case.diagnoses, f"{case.name}: {task.id}"
            assert task.feedback, f"{case.name}: {task.id} lost points without saying why"
        else:
            assert not engine_codes(task), f"{case.name}: {task.id} passes but carries {engine_codes(task)}"


@pytest.mark.parametrize("case", [c for c in CASES if c.hints], ids=lambda c: c.name)
def test_each_case_says_what_its_hints_promise_to_the_student(graded, case):
    student = graded[case.name].for_audience("student")
    for task_id, text in case.hints:
        tasks = [student.task(task_id)] if task_id else [student.task(t) for t in sorted(case.fails)]
        assert any(text in task.feedback for task in tasks), (
            f"{case.name}: {text!r} not in the feedback of {[t.id for t in tasks]}:\n"
            + "\n".join(t.feedback for t in tasks))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_case_names_the_modules_it_got_stand_ins_for_and_says_so_in_a_note(graded, case):
    report = graded[case.name].for_audience("student")
    assert report.stand_ins == case.stood_in, case.name
    assert report.to_dict()["stand_ins"] == list(case.stood_in)
    for text in case.notes:
        assert any(text in note for note in report.notes), f"{case.name}: {text!r} not in {report.notes}"
    if not case.stood_in:
        assert not any("stand-in" in note for note in report.notes), report.notes


@pytest.mark.parametrize("who", ["(reference)", "(stubs)"])
def test_the_reference_and_the_stubs_get_no_engine_diagnosis(graded, who):
    assert not any(engine_codes(task) for task in graded[who].tasks)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_every_format_writes_each_case(graded, case):
    for audience in ("student", "instructor"):
        report = graded[case.name].for_audience(audience)
        for name in names():
            stream = io.StringIO()
            create(name).write(report, stream)
            assert stream.getvalue(), f"{name} wrote nothing for {case.name}"


TIMED = "mask.too-slow"  # a task whose checks run into the time limit: which ones do depends on the machine's load


def test_both_modes_agree():
    """Case by case, the two sandbox modes give the same scores, diagnoses and feedback; a task too slow for its
    checks, the same diagnoses (beside a CPU hog, the cubic-loop mask lost one check more in one mode than in the
    other: how many calls of a loop near the time limit return in time is the machine's load, not the mode's)."""
    bubblewrap, limited = grades("bubblewrap"), grades("limited")
    for case in CASES:
        ours, theirs = bubblewrap[case.name], limited[case.name]
        timed = {t.id for report in (ours, theirs) for t in report.tasks if TIMED in [d.code for d in t.diagnoses]}
        assert [(t.id, [d.code for d in t.diagnoses]) for t in ours.tasks] == \
            [(t.id, [d.code for d in t.diagnoses]) for t in theirs.tasks], case.name
        assert [(t.id, t.score, t.feedback) for t in ours.tasks if t.id not in timed] == \
            [(t.id, t.score, t.feedback) for t in theirs.tasks if t.id not in timed], case.name
