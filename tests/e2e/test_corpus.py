"""The corpus of students' code (tests/corpus/): every entry graded, every label asserted.

A right entry scores full marks on every task; a wrong one loses points on exactly the tasks
its ``# fails:`` line names (so never full marks there), and when it declares ``# diagnosis:``
codes, its failing tasks carry exactly those: the claims ``grader validate`` makes of a
lesson's mutants (``grader.authoring.validate.judge``). A slow entry (right, too slow for the
lesson's sizes) gets partial credit on its folder's task and full marks elsewhere. An entry
the grader judges wrongly today says why in ``# xfail:``; its test is a strict xfail, so the
fix that makes the grader right turns it into a failure that asks for the label to go.

All entries are graded once, by a few grading sessions at once (tests/graded_corpus.py), before the first
assertion.
"""

from __future__ import annotations

import ast

import pytest

from grader.authoring.validate import judge

import graded_corpus as corpus

LESSON = corpus.lesson()
ENTRIES = corpus.entries(LESSON)
TASKS = {t.id for t in LESSON.tasks}
TOO_SLOW = "no 'too slow for the lesson's sizes' diagnosis yet (issue 15, item 5)"


def _param(entry: corpus.Entry, xfail: str = ""):
    marks = [pytest.mark.xfail(reason=xfail, strict=True)] if xfail else []
    return pytest.param(entry, id=entry.id, marks=marks)


@pytest.fixture(scope="module")
def reports():
    return corpus.grade_all(ENTRIES, LESSON)


def test_the_corpus_is_broad():
    """At least 150 wrong functions, 25 on each task, and 25 right entries (issue 15, item 3)."""
    wrong = [(task, e) for e in ENTRIES if not e.right for task in e.mutant.fails]
    per_task = {task: sum(1 for t, _ in wrong if t == task) for task in (t.id for t in LESSON.code_tasks)}
    assert len(wrong) >= 150, len(wrong)
    assert all(n >= 25 for n in per_task.values()), per_task
    assert sum(1 for e in ENTRIES if e.right and not e.slow) >= 25


@pytest.mark.parametrize("entry", [_param(e) for e in ENTRIES])
def test_an_entry_is_labelled(entry):
    """A wrong entry says what the student did and what the feedback should name (or why it cannot);
    a right one says what is unusual; its code is whole functions that parse, unless it is a whole module."""
    mutant = entry.mutant
    if entry.right:
        assert mutant.right or mutant.slow, f"{mutant.path}: say what is unusual in '# right: ...'"
        assert not mutant.expect and not mutant.no_diagnosis and (entry.slow or not mutant.diagnoses), \
            f"{mutant.path}: a right entry expects no diagnosis (a slow one: its 'too slow' one)"
    else:
        assert mutant.mistake, f"{mutant.path}: say what the student did in '# mistake: ...'"
        assert mutant.expect or mutant.no_diagnosis, \
            f"{mutant.path}: name the misconception in '# expect: ...' or say why none can be named " \
            "in '# no-diagnosis: ...'"
        # issue 15: every wrong function gets a specific diagnosis, or a documented reason why none is possible
        # (both, when one of its tasks has a diagnosis and another none can name)
        assert mutant.diagnoses or mutant.no_diagnosis, \
            f"{mutant.path}: declare the diagnosis it must get ('# diagnosis: ...') or why none can be named " \
            "('# no-diagnosis: ...')"
    assert entry.folder not in TASKS or entry.folder in mutant.fails or entry.right, \
        f"{mutant.path}: an entry in {entry.folder}/ is wrong on {entry.folder} or right"
    if not mutant.whole:
        for path, _ in mutant.files(LESSON):
            if path.suffix == ".py":
                ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@pytest.mark.parametrize("entry", [_param(e, e.mutant.xfail) for e in ENTRIES if not e.slow])
def test_an_entry_is_graded_as_labelled(entry, reports):
    report = corpus.report_of(reports, entry)
    verdict = judge(entry.mutant, report)  # exactly its codes; none for a right entry or a no-diagnosis one
    assert verdict.good, f"{entry.mutant.path}: " + "; ".join(verdict.problems) + "\n" + _feedback(report)
    if entry.right:
        assert not any(t.diagnoses for t in report.tasks)
        assert report.score == report.max_score


@pytest.mark.parametrize("entry", [_param(e, e.mutant.xfail) for e in ENTRIES if e.slow])
def test_a_slow_entry_gets_partial_credit_on_its_task_only(entry, reports):
    report = corpus.report_of(reports, entry)
    for task in report.tasks:
        if task.id == entry.folder:
            assert 0 < task.score < task.max_score, f"{entry.mutant.path}: {task.id} {task.score}/{task.max_score}"
        else:
            assert task.score == task.max_score, f"{entry.mutant.path}: {task.id} lost points\n{_feedback(report)}"


@pytest.mark.parametrize("entry", [_param(e, "" if e.mutant.diagnoses else TOO_SLOW) for e in ENTRIES if e.slow])
def test_a_slow_entry_is_told_it_is_too_slow(entry, reports):
    """Its task carries exactly its declared codes; until it declares one, any diagnosis (a strict xfail)."""
    task = next(t for t in corpus.report_of(reports, entry).tasks if t.id == entry.folder)
    codes = {d.code for d in task.diagnoses}
    if entry.mutant.diagnoses:
        assert codes == entry.mutant.diagnoses
    else:
        assert codes, f"{entry.mutant.path}: {task.id} gets no diagnosis:\n{task.feedback}"


def _feedback(report) -> str:
    return "\n".join(f"  {t.id} {t.score:g}/{t.max_score:g}: {t.feedback}" for t in report.tasks
                     if t.score < t.max_score)
