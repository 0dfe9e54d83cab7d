"""``grader validate`` for a lesson with parameters: its claims hold on every student's numbers, not only its own.

A lesson with parameters (``grader.lesson.parameters``) grades each student against their own
numbers, so what validation proves of the lesson's own numbers must hold on theirs too. Proving
every claim afresh per variant would grade each mutant fifty times; but only two things depend on
the variant, so only they are proved per variant:

- the answers: each submission's answers file is graded against each variant (pure Python, no
  worker). A submission's answers are the lesson's (the reference's answers file, a mutant's
  wrong ones), so they are first carried over to the variant (``transpose``): a number that is
  the lesson's expected answer, or one of its hints' values, becomes that answer's or hint's value
  for the variant's numbers, as the student with those numbers would have written it; anything else
  (text, a choice, a number no hint names) stays as typed;
- the own-number checks (those taking the ``variant`` fixture): run for every variant in the
  submission's one worker, after its other checks (``engine.grade(variants=...)``).

Each variant's report is the submission's report with those checks added and those answers
regraded; on each, the reference scores full marks, the stubs zero, and every mutant loses points
on exactly the tasks it declares (``validate.judge``).

Before the sample, the survey: every combination of the declared choices (up to ``SURVEY_LIMIT``,
else a deterministic sample of them) is computed on the reference. The lesson is refused where its
own numbers do not give its declared answers and hint values, or are not its ``[contract]``'s
``example`` values (the lesson's own numbers are one set), where fewer than ``MIN_BY_HAND``
combinations give answers a person computes by hand (``parameters.FIGURES``), where a choice never
appears in such a combination (dead: no student ever gets it), or where a student's own numbers
would call a function outside the lesson's contract.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from pathlib import Path

from grader.authoring.verdict import SOLUTION, SUITE, Validation
from grader.exceptions import AnswerFormatError, ConfigError
from grader.grading.answers import grade_answer, load_answers, parse_number
from grader.grading.variants import reference_of
from grader.lesson.contract import INSIDE
from grader.lesson.course import Course
from grader.lesson.expressions import show
from grader.lesson.manifest import Lesson
from grader.lesson.parameters import FIGURES, Parameters, by_hand
from grader.lesson.variants import Variant, specialise, variant_for, with_parameters
from grader.result import Report

SAMPLE = 50  # variants proved per lesson
SURVEY_LIMIT = 50_000  # combinations computed in full; a larger space is surveyed on a sample this big
MIN_BY_HAND = 100  # combinations whose answers are by hand, at the least: a class must get varied numbers
VALIDATION_SALT = "grader validate"  # where the course has no salt yet


@dataclass
class Survey:
    """What computing every combination on the reference found."""

    combinations: int
    surveyed: int = 0
    by_hand: int = 0
    problems: list[str] = field(default_factory=list)


def survey(lesson: Lesson, reference) -> Survey:
    """Every combination of the lesson's choices computed on the reference (the module docstring)."""
    spec: Parameters = lesson.parameters
    found = Survey(spec.combinations())
    example = spec.example()
    for answer in spec.answers:
        _compare_example(lesson, answer, example, reference, found)
    _compare_contract(lesson, example, reference, found)
    combinations = spec.every() if found.combinations <= SURVEY_LIMIT else _sampled(spec)
    seen = {p.name: set() for p in spec.parameters}
    outside: list[str] = []
    for values in combinations:
        found.surveyed += 1
        try:
            computed = with_parameters(lesson, values, reference, says=False)
        except ConfigError as exc:  # the reference fails on a student's numbers: the lesson's fault
            found.problems.append(exc.problem)
            break
        if by_hand(computed.answers, spec, computed.hints):
            continue
        found.by_hand += 1
        for name, value in values.items():
            seen[name].add(value)
        for function, args in computed.calls:
            contract = lesson.contracts.get(function)
            if contract is not None and contract.judge(args, {}).kind != INSIDE and len(outside) < 3:
                outside.append(f"{function}{args}")
    if found.by_hand < MIN_BY_HAND:
        found.problems.append(f"only {found.by_hand} of {found.surveyed} combinations of [parameters] give answers "
                              f"a person computes by hand (each with at most {FIGURES} significant figures, none "
                              f"equal to its own hints; at least {MIN_BY_HAND} needed): choose rounder choices")
    for p in spec.parameters:
        dead = [show(c) for c in p.choices if c not in seen[p.name]]
        if dead and found.by_hand:
            found.problems.append(f"parameters.{p.name}: {', '.join(dead)} never appear among the combinations "
                                  "whose answers are by hand, so no student gets them: drop them or round the others")
    found.problems += [f"a student's numbers call {call}, outside the lesson's [contract]" for call in outside]
    return found


def _compare_example(lesson: Lesson, answer, example: dict, reference, found: Survey) -> None:
    """The lesson's own numbers must give its declared answer and hint values."""
    if answer.source is None:
        return
    values = dict(example)
    try:
        got = answer.source.evaluate(values, reference)
    except Exception as exc:  # noqa: BLE001 - said as the lesson's fault
        found.problems.append(f"{answer.task}: '{answer.source.text}' fails on the lesson's own numbers "
                              f"({type(exc).__name__}: {exc})")
        return
    if not math.isclose(got, answer.example, rel_tol=1e-9):
        found.problems.append(f"{answer.task}: '{answer.source.text}' gives {show(got)} for the lesson's own numbers, "
                              f"but its expected answer is {show(answer.example)}")
        return
    values.update({a.key: a.example for a in lesson.parameters.answers if a.number})
    hints = lesson.task(answer.task).answer.hints
    for i, source in enumerate(answer.hints):
        if source is None:
            continue
        try:
            value = source.evaluate(values, reference)
        except Exception as exc:  # noqa: BLE001 - said as the lesson's fault
            found.problems.append(f"{answer.task}: hint '{source.text}' fails ({type(exc).__name__}: {exc})")
            continue
        if not math.isclose(value, hints[i].value, rel_tol=1e-9):
            found.problems.append(f"{answer.task}: hint '{source.text}' gives {show(value)} for the lesson's own "
                                  f"numbers, but its value is {show(hints[i].value)}")


def _compare_contract(lesson: Lesson, example: dict, reference, found: Survey) -> None:
    """The lesson's own numbers are one: where a function's ``[contract]`` gives an argument's ``example`` (the
    lesson's own value, drawn beside others by the checks), the call the lesson's own answers make passes it."""
    try:
        calls = with_parameters(lesson, example, reference, says=False).calls
    except ConfigError:
        return  # said by _compare_example
    for function, args in calls:
        contract = lesson.contracts.get(function)
        for param, value in zip(contract.params if contract else (), args, strict=False):
            if param.example is not None and not math.isclose(float(value), float(param.example), rel_tol=1e-9):
                found.problems.append(f"{function}'s {param.name} is {show(param.example)} in [contract] (the "
                                      f"lesson's own), but {show(value)} at the example of [parameters]")


def _sampled(spec: Parameters):
    """``SURVEY_LIMIT`` combinations drawn with a fixed seed: the same survey on every run."""
    rng = random.Random(0)
    for _ in range(SURVEY_LIMIT):
        yield {p.name: rng.choice(p.choices) for p in spec.parameters}


def _said(values: dict) -> str:
    return ", ".join(f"{name} = {show(value)}" for name, value in values.items())


def sample(course: Course, lesson: Lesson, reference, count: int = SAMPLE) -> list[Variant]:
    """``count`` variants as students get them: drawn for ids ``validate-1`` … with the course's salt."""
    salt = course.salt() or VALIDATION_SALT
    return [variant_for(lesson, f"validate-{i}", salt, reference) for i in range(1, count + 1)]


def named_values(lesson: Lesson, answers: dict) -> dict:
    """Which of the lesson's own values each number answer of ``answers`` is: key -> ("expected", None) or
    ("hint", i); a number no answer or hint names, text, or a choice is left out (it stays as typed)."""
    named = {}
    for answer in lesson.parameters.answers:
        raw = answers.get(answer.key)
        if answer.source is None or raw is None:
            continue
        spec = lesson.task(answer.task).answer
        try:
            value = parse_number(raw, spec)
        except (AnswerFormatError, ValueError, TypeError):
            continue  # unreadable stays unreadable
        own = [("expected", None, answer.example), *(("hint", i, h.value) for i, h in enumerate(spec.hints))]
        found = next(((kind, i) for kind, i, there in own if math.isclose(value, float(there), rel_tol=1e-9)), None)
        if found is not None:
            named[answer.key] = found
    return named


def transpose(lesson: Lesson, answers: dict, variant: Variant, named: dict | None = None) -> dict:
    """``answers`` (typed for the lesson's own numbers) as the student with ``variant``'s numbers would have
    typed them (the module docstring); ``named``: ``named_values`` of them, when the caller has it."""
    moved = dict(answers)
    named = named_values(lesson, answers) if named is None else named
    for answer in lesson.parameters.answers:
        if answer.key in named:
            kind, i = named[answer.key]
            theirs = variant.answers[answer.task] if kind == "expected" else variant.hints[answer.task][i]
            if theirs is not None:
                moved[answer.key] = theirs  # a number, as TOML gives one: read in the question's unit
    return moved


def variant_report(lesson: Lesson, base: Report, own_checks: dict, answers: dict | None, problem: str | None,
                   filename: str, variant: Variant, special: Lesson | None = None, named: dict | None = None) -> Report:
    """``base`` as graded with ``variant``'s numbers: its own-number checks added, its answers regraded
    (``special``: the lesson as that student reads it, ``named``: the answers' ``named_values``, when the caller
    has them already)."""
    special = special or specialise(lesson, variant)
    moved = transpose(lesson, answers, variant, named) if answers is not None else None
    tasks = []
    for task in base.tasks:
        spec = special.task(task.id)
        if spec.answer is not None:
            checks = [grade_answer(spec, moved, problem, filename, expected=variant.answers[task.id])]
        else:
            checks = [*task.checks, *own_checks.get(task.id, [])]
        tasks.append(replace(task, checks=checks))
    return replace(base, tasks=tasks, per_variant=[])


def first_failures(judged: list[tuple[Variant, object]]) -> tuple[int, str]:
    """(how many variants break a claim, the first one's numbers and what broke)."""
    broken = [(v, why) for v, why in judged if why]
    if not broken:
        return 0, ""
    variant, why = broken[0]
    return len(broken), f"first {variant.student} ({_said(variant.parameters)}): {why}"


def distinct(variants: list[Variant]) -> int:
    """How many distinct sets of answers the sample holds (said in validate's row)."""
    return len({tuple(sorted((k, repr(v)) for k, v in v.answers.items())) for v in variants})



class VariantProof:
    """The per-variant claims of one lesson's validation; nothing at all for a lesson without parameters."""

    def __init__(self, course: Course, lesson: Lesson, reference_dir: Path):
        self.lesson, self.variants, self._special = lesson, [], []
        self.unsalted = lesson.parameters is not None and not course.salt()
        self.survey: Survey | None = None
        self.error = ""
        self._answers: dict[str, tuple] = {}  # a submission's folder -> its answers and their problem
        if lesson.parameters is None:
            return
        try:
            reference = reference_of(lesson, reference_dir)
            self.survey = survey(lesson, reference)
            if not self.survey.problems:
                self.variants = sample(course, lesson, reference)
                self._special = [specialise(lesson, v) for v in self.variants]  # once, not once per submission
        except ConfigError as exc:  # the solution does not import, or cannot compute a student's answers
            self.error = str(exc)

    def survey_rows(self, found: Validation) -> None:
        """The survey's row and problems: the lesson's own numbers give its answers (else the solution is at
        fault), and enough combinations are by hand (else the declaration is)."""
        if self.lesson.parameters is None:
            return
        if self.error or self.survey is None:
            found.rows.append(("students' numbers", "answers by hand", "not computed", False))
            found.problems.append((SOLUTION, self.error or "the reference could not be loaded"))
            return
        done = self.survey
        if self.unsalted:
            found.notes.append(f"course.toml has no [term] salt: students' numbers were drawn with '{VALIDATION_SALT}' "
                               "here, and grading with a student id stops until the course has one")
        found.rows.append(("students' numbers", f"answers by hand ({FIGURES} figures)",
                           f"{done.by_hand} of {done.surveyed} combinations", not done.problems))
        for problem in done.problems:
            found.problems.append((SOLUTION if "lesson's own numbers" in problem else SUITE,
                                   f"[parameters]: {problem}"))

    def remember(self, folders) -> None:
        """Read each submission's answers while its folder is there (validation grades them in a scratch folder)."""
        if self.variants:
            for folder in folders:
                self._answers_of(Path(folder))

    def reference_and_stubs(self, found: Validation, reference: Report, stubs: Report) -> None:
        """The reference's full marks and the stubs' zero on every variant: one row."""
        if not self.variants:
            return
        already_short = {t.id for t in reference.tasks if t.score < t.max_score}  # said by the rows before
        already_scored = {t.id for t in stubs.tasks if t.score > 0}
        reports = self._reports(reference)
        short = [(v, ", ".join(t.id for t in r.tasks if t.score < t.max_score and t.id not in already_short))
                 for v, r in reports]
        scored = [(v, ", ".join(t.id for t in r.tasks if t.score > 0 and t.id not in already_scored))
                  for v, r in self._reports(stubs)]
        lost, first_lost = first_failures(short)
        won, first_won = first_failures(scored)
        broken = any(c.broken for _, r in reports for t in r.tasks if t.id not in already_short for c in t.checks)
        observed = f"so on each ({distinct(self.variants)} distinct)" if not lost and not won else \
            f"reference short on {lost}, stubs score on {won}"
        found.rows.append((f"{len(self.variants)} students' numbers", "reference full, stubs zero", observed,
                           not lost and not won))
        if lost:  # a check that breaks there is the suite's; else the solution's answers or functions are wrong there
            found.problems.append((SUITE if broken else SOLUTION,
                                   f"the reference loses points on {lost} students' numbers, {first_lost}"))
        if won:
            found.problems.append((SUITE, f"the stubs score on {won} students' numbers, {first_won}"))

    def judged(self, observed: Report, judge) -> tuple[int, str]:
        """(on how many variants ``judge``'s verdict on ``observed`` does not hold, the first of them)."""
        if not self.variants:
            return 0, ""
        return first_failures([(v, "; ".join(judge(r).problems)) for v, r in self._reports(observed)])

    def _reports(self, base: Report) -> list[tuple[Variant, Report]]:
        answers, problem, named = self._answers_of(Path(base.submission))
        return [(v, variant_report(self.lesson, base, base.per_variant[i] if i < len(base.per_variant) else {},
                                   answers, problem, self.lesson.answers, v, self._special[i], named))
                for i, v in enumerate(self.variants)]

    def _answers_of(self, folder: Path) -> tuple:
        """(the submission's answers, why there are none, which of the lesson's values they are), read once."""
        key = str(folder)
        if key not in self._answers:
            path = folder / self.lesson.answers
            answers, problem = load_answers(path if path.is_file() else None, self.lesson.answers)
            answers = dict(answers) if answers is not None else None
            self._answers[key] = (answers, problem, named_values(self.lesson, answers) if answers else {})
        return self._answers[key]
