"""What a class's variants show: answers right for another student's numbers, and how hard each choice was.

Each student answers the by-hand questions with their own numbers (their variant, chosen by their
id: docs/class.md). Two things follow that only the whole class shows, both read from the
instructor reports the gradebook keeps (each holds the variant it was graded with and the
answers as written, ``Report.variant`` and ``Report.answers_given``):

- **Answers of another's numbers** (``Match``). An answer that is wrong for the student's own
  numbers but right for a classmate's is what a copied answers file looks like. It is flagged
  for the instructor, with the pair (who, whose numbers, on which answers), and never changes a
  score: a student may have worked a friend's example to learn from it. One coincidence proves
  little (a question of few choices repeats across a class, and a mistake such as a doubled
  prompt can land on another student's numbers for every question that follows from it), so a
  student is flagged only as a copied file looks: every answer they gave right for one
  classmate's numbers, and at least two of them (the one, in a lesson of one) wrong for their
  own without being a mistake the grade recognised (a diagnosis). Every classmate whose numbers
  give those answers is named. An answer that is right for the lesson's own worked example is
  the example's, told to the student by the grade itself, never a pair.
- **Difficulty per choice** (``ChoiceDifficulty``). For each by-hand question whose answer
  differs across the class, the share of full marks among the students given each value of
  each parameter (a parameter of many values: in quarters of its range). A choice whose share
  is well below the question's (``HARDER`` points, among ``MIN_GROUP`` students or more) is
  marked: a number that makes the arithmetic harder than the rest, which the instructor can
  round or drop from the lesson's choices (docs/authoring.md). Parameters the question does
  not depend on come out even, and are not marked.

Whether an answer is right for given numbers is decided by the grader's own comparison
(``LessonJudge``: the lesson's answer task with that expected value), so "right for another's
numbers" means what a grade would have counted as right.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from grader.result.text import shown

HARDER = 0.25  # a choice this much below the question's share of full marks is marked harder
MIN_GROUP = 3  # students given a choice before its share means anything
MAX_VALUES = 8  # a parameter of more values than this is shown in quarters of its range
MAX_NAMED = 5  # classmates named as the source of one student's answers; the rest are counted
NAME_LIMIT = 120  # characters of a student's name (as grader.batch.summary shows them)


class AnswerJudge(Protocol):
    """Whether an answer is right for some numbers, as the lesson grades it."""

    def right(self, task: str, given, expected) -> bool:
        """True when ``given`` (as written) is a right answer to ``task`` whose expected value is ``expected``."""
        ...

    def example(self, task: str):
        """The expected answer to ``task`` with the lesson's own numbers (its worked example), or None."""
        ...


@dataclass(frozen=True)
class Match:
    """A student whose wrong answers are right for classmates' numbers: on ``tasks``, for each of ``others``."""

    student: str
    others: tuple[str, ...]  # whose numbers (sorted; several when their numbers agree on these answers)
    tasks: tuple[str, ...]  # the by-hand questions, in the lesson's order
    wrong: int  # how many of the student's answers to questions of varying answers are wrong for their own numbers


@dataclass(frozen=True)
class ChoiceDifficulty:
    """One by-hand question among the students given one value (or range) of one parameter."""

    task: str
    parameter: str
    value: str  # as shown: "1.3e+10", or "1e+09–7e+09" for a quarter of a parameter's range
    students: int
    full: int  # of them, with full marks on the question
    overall: float  # the question's share of full marks over the class's students with variants
    harder: bool  # well below ``overall``

    @property
    def share(self) -> float:
        return self.full / self.students if self.students else 0.0


@dataclass(frozen=True)
class _Graded:
    student: str
    parameters: dict
    expected: dict  # answer task id -> expected value with this student's numbers
    given: dict  # answer task id -> the answer as written
    full: dict  # task id -> full marks on it
    explained: frozenset = frozenset()  # task ids whose answer is a known mistake (a diagnosis) of their own numbers


def graded_variants(reports) -> list[_Graded]:
    """The students whose reports say which numbers graded them (a report of the lesson's own numbers,
    or of before variants, says none). ``reports``: (student, instructor report dict) pairs."""
    found = []
    for student, report in reports:
        variant = report.get("variant") if isinstance(report, dict) else None
        if not isinstance(variant, dict) or not isinstance(variant.get("answers"), dict):
            continue
        tasks = report.get("tasks") if isinstance(report.get("tasks"), list) else []
        full = {t["id"]: _number(t.get("score")) >= _number(t.get("max_score")) - 1e-9 for t in tasks
                if isinstance(t, dict) and isinstance(t.get("id"), str)}
        given = report.get("answers_given") if isinstance(report.get("answers_given"), dict) else {}
        parameters = variant.get("parameters") if isinstance(variant.get("parameters"), dict) else {}
        explained = frozenset(t["id"] for t in tasks if isinstance(t, dict) and isinstance(t.get("id"), str)
                              and _diagnosed(t))
        found.append(_Graded(student, parameters, variant["answers"], given, full, explained))
    return found


def _diagnosed(task: dict) -> bool:
    """Whether a task's result names a known mistake (its ``diagnoses``, or a failed check's ``diagnosis``)."""
    if isinstance(task.get("diagnoses"), list) and task["diagnoses"]:
        return True
    checks = task.get("checks") if isinstance(task.get("checks"), list) else []
    return any(isinstance(c, dict) and not c.get("passed") and c.get("diagnosis") for c in checks)


def claims(reports) -> list[tuple[str, str]]:
    """(student, the id their submission names itself) where it is not theirs (``Report.claimed_student``):
    a copied file often still names its first owner. Never used to grade: a lead, as a pair is."""
    return sorted((student, str(report["claimed_student"])) for student, report in reports
                  if isinstance(report, dict) and report.get("claimed_student"))


def varying(graded: list[_Graded], task_order: Iterable[str] = ()) -> list[str]:
    """The questions whose expected answer differs across the class, in the lesson's order."""
    values: dict[str, set[str]] = {}
    for each in graded:
        for task, value in each.expected.items():
            values.setdefault(task, set()).add(_key(value))
    order = {task: i for i, task in enumerate(task_order)}
    return sorted((t for t, v in values.items() if len(v) > 1), key=lambda t: (order.get(t, len(order)), t))


def matches(graded: list[_Graded], judge: AnswerJudge, task_order: Iterable[str] = ()) -> list[Match]:
    """Every student whose answers are all right for one classmate's numbers, at least two of them (the one,
    in a lesson of one) wrong for their own and unexplained by a known mistake; most questions first."""
    tasks = varying(graded, task_order)
    if not tasks:
        return []
    by_name = {each.student: each for each in graded}
    holders: dict[str, dict[str, tuple[object, list[str]]]] = {t: {} for t in tasks}  # task -> value key -> holders
    for each in graded:
        for task in tasks:
            if task in each.expected:
                holders[task].setdefault(_key(each.expected[task]), (each.expected[task], []))[1].append(each.student)
    verdicts: dict[tuple, bool] = {}

    def right(task: str, given, value) -> bool:
        said = (task, _key(given), _key(value))
        if said not in verdicts:
            verdicts[said] = _safely(judge, task, given, value)
        return verdicts[said]

    needed = min(2, len(tasks))
    examples = {task: judge.example(task) for task in tasks}
    found = []
    for each in graded:
        answered = [t for t in tasks if t in each.expected and not _blank(each.given.get(t))]
        evidence = [t for t in answered if not each.full.get(t, False) and t not in each.explained]
        if len(evidence) < needed:
            continue
        first = evidence[0]  # the classmates whose numbers make the first such answer right: the only candidates
        candidates = [other for key, (value, students) in holders[first].items()
                      if key != _key(each.expected[first]) and right(first, each.given[first], value)
                      for other in students if other != each.student]
        sources = [other for other in candidates
                   if all(task in by_name[other].expected and right(task, each.given[task], by_name[other].expected[
                       task]) for task in answered)  # every answer right for their numbers, as a copied file's is
                   and not all(_key(by_name[other].expected[t]) == _key(examples[t]) for t in evidence)]
        if sources:
            found.append(Match(each.student, tuple(sorted(sources)), tuple(evidence),
                               sum(1 for t in answered if not each.full.get(t, False))))
    return sorted(found, key=lambda m: (-len(m.tasks), m.student))


def _blank(given) -> bool:
    return given is None or (isinstance(given, str) and not given.strip())


def difficulty(graded: list[_Graded], task_order: Iterable[str] = ()) -> list[ChoiceDifficulty]:
    """Each varying question's share of full marks per value of each parameter (in quarters of its range
    when it has many), in the lesson's order of questions and the variants' order of parameters."""
    tasks = varying(graded, task_order)
    parameters: list[str] = []
    for each in graded:
        parameters += [p for p in each.parameters if p not in parameters]
    found = []
    for task in tasks:
        among = [g for g in graded if task in g.expected]
        overall = sum(1 for g in among if g.full.get(task, False)) / len(among)
        for parameter in parameters:
            for label, group in _groups(among, parameter):
                full = sum(1 for g in group if g.full.get(task, False))
                harder = len(group) >= MIN_GROUP and full / len(group) <= overall - HARDER
                found.append(ChoiceDifficulty(task, parameter, label, len(group), full, overall, harder))
    return found


def _groups(graded: list[_Graded], parameter: str) -> list[tuple[str, list[_Graded]]]:
    """(value as shown, the students given it), by value; in quarters of the range for many values."""
    given = [g for g in graded if parameter in g.parameters]
    values = sorted({_key(g.parameters[parameter]) for g in given}, key=lambda k: _sortable(json.loads(k)))
    if len(values) <= MAX_VALUES or not all(isinstance(json.loads(v), (int, float)) for v in values):
        return [(_shown(json.loads(v)), [g for g in given if _key(g.parameters[parameter]) == v]) for v in values]
    numbers = sorted(float(g.parameters[parameter]) for g in given)
    edges = [numbers[len(numbers) * i // 4] for i in range(4)] + [numbers[-1]]
    groups = []
    for i in range(4):
        low, high = edges[i], edges[i + 1]
        group = [g for g in given if low <= float(g.parameters[parameter]) and
                 (float(g.parameters[parameter]) < high or (i == 3 and float(g.parameters[parameter]) <= high))]
        if group:
            groups.append((f"{_shown(low)}–{_shown(high)}", group))
    return groups


def _key(value) -> str:
    """One value as a key: the same number from the same formula is the same key (JSON, sorted)."""
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return json.dumps(str(value))


def _sortable(value):
    return (0, float(value), "") if isinstance(value, (int, float)) and not isinstance(value, bool) else (1, 0.0,
                                                                                                         str(value))


def _shown(value) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _number(value) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _safely(judge: AnswerJudge, task: str, given, expected) -> bool:
    """The judge's verdict; an answer it cannot read is right for no one."""
    try:
        return bool(judge.right(task, given, expected))
    except Exception:  # noqa: BLE001 - a student's text that the comparison refuses: no match, never a stop
        return False


def lines(found: list[Match], by_choice: list[ChoiceDifficulty], limit: int = 10,
          claimed: list[tuple[str, str]] = ()) -> list[str]:
    """The printed summary's words (``limit`` of each; the class report has all): who handed in answers
    right for whose numbers, the files naming another student, then the choices that made a question harder."""
    out: list[str] = []
    if found:
        out += ["", "answers right for another student's numbers, wrong for their own (never penalised: "
                    "ask the students)"]
        for match in found[:limit]:
            out.append(f"  {_name(match.student)}: {', '.join(match.tasks)} right for the numbers of "
                       f"{_names(match.others, ' or ')} ({len(match.tasks)} of {match.wrong} wrong answers)")
        if len(found) > limit:
            out.append(f"  ... and {len(found) - limit} more (see the class report: --class-report FILE)")
        for source, students in sources(found):
            out.append(f"  {whose(source)} are in the answers of {len(students)} students: {_names(students, ', ')}")
    if claimed:
        out += ["", "submissions naming another student than the one they came from (never used to grade)"]
        out += [f"  {_name(student)}: names {_name(other)!r}" for student, other in claimed[:limit]]
        if len(claimed) > limit:
            out.append(f"  ... and {len(claimed) - limit} more (see the class report)")
    harder = [d for d in by_choice if d.harder]
    if harder:
        out += ["", "by-hand questions harder with some numbers (share of full marks)"]
        for item in harder[:limit]:
            out.append(f"  {item.task} with {_name(item.parameter)} = {item.value}: {item.share:.0%} ({item.full} of "
                       f"{item.students}), against {item.overall:.0%} over the class")
        if len(harder) > limit:
            out.append(f"  ... and {len(harder) - limit} more (see the class report)")
    return out


def sources(found: list[Match]) -> list[tuple[tuple[str, ...], list[str]]]:
    """(whose numbers: one classmate, or several whose numbers give the same answers; the students whose
    answers are all right for those numbers), where two students or more hold the same: most first."""
    by_source: dict[tuple[str, ...], list[str]] = {}
    for match in found:
        by_source.setdefault(match.others, []).append(match.student)
    return sorted(((s, sorted(st)) for s, st in by_source.items() if len(st) > 1), key=lambda p: (-len(p[1]), p[0]))


def whose(others) -> str:
    """"dave's numbers", "the numbers of dave or eve" (whose answers agree): one inert line."""
    return f"{_name(others[0])}'s numbers" if len(others) == 1 else f"the numbers of {_names(others, ' or ')}"


def _name(text: str) -> str:
    return shown(text, lines=False, limit=NAME_LIMIT)


def _names(names, joiner: str) -> str:
    listed = [_name(n) for n in list(names)[:MAX_NAMED]]
    more = len(names) - MAX_NAMED
    return joiner.join(listed) if more <= 0 else f"{', '.join(listed)}{joiner}{more} more"


class LessonJudge:
    """``AnswerJudge`` for a lesson: its answer task graded as a grade does, with another expected value."""

    def __init__(self, lesson):
        self.tasks = {task.id: task for task in lesson.tasks if task.answer is not None}

    def right(self, task: str, given, expected) -> bool:
        from grader.grading.answers import grade_answer

        spec = self.tasks[task].answer
        return grade_answer(self.tasks[task], {spec.key: given}, None, "answers", expected=expected).passed

    def example(self, task: str):
        found = self.tasks.get(task)
        return found.answer.expected if found is not None else None
