"""The one result model that every output format reads.

A Report holds TaskResults in the manifest's order; each TaskResult holds the CheckResults
that produced its score. Scores are derived here and nowhere else, so a format can never
disagree with another about a total.

A check's ``message`` is the full story (the call, its inputs, what came back and what was
expected); its ``safe_message`` (the property that failed) is what any student may read.
Checks whose ``visibility`` is not "visible" keep their inputs and expected values secret:
``Report.for_audience`` gives students a copy where such a check says only its property,
so that no format has to remember to filter and none can leak by forgetting.

A failing check may carry a ``Diagnosis``: the misconception its result points to, as a
code (``flops.missing-factor-2``) and a hint from the lesson's catalogue
(``grader.lesson.catalogue``).
The code is data, so that formats and a class summary can count misconceptions; the hint
is written to be safe for students, so it survives ``for_audience`` unless it gives an
answer away (``reveals``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from grader.result.text import shown

STATUSES = ("passed", "partial", "failed", "error")
PATH_LIMIT = 1000  # characters of the submission's path as a report names it
OUTPUT_LIMIT = 64 * 1024  # characters of what the submission printed (the worker keeps as many bytes)
_CHECK_TEXT = frozenset({"message", "safe_message", "description", "expected"})


class _Notes(list):
    """The notes about a submission: each one passes the boundary as it is added, however it is added."""

    def __init__(self, notes=()):
        super().__init__(shown(note) for note in notes)

    def append(self, note) -> None:
        super().append(shown(note))

    def extend(self, notes) -> None:
        super().extend(shown(note) for note in notes)

    def insert(self, index, note) -> None:
        super().insert(index, shown(note))

    def __setitem__(self, index, note) -> None:
        super().__setitem__(index, [shown(n) for n in note] if isinstance(index, slice) else shown(note))

    def __iadd__(self, notes):
        self.extend(notes)
        return self
VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")  # Gradescope's, per check
AUDIENCES = ("student", "instructor")


@dataclass(frozen=True)
class Diagnosis:
    """What a failure suggests the student misunderstood, in the lesson's own terms."""

    code: str  # stable across runs and students, e.g. "flops.missing-factor-2"
    hint: str  # what the symptom suggests, never the fixed code
    reveals: bool = False  # the hint gives the answer away: withheld from students on a secret check

    def to_dict(self) -> dict:
        return {"code": self.code, "hint": self.hint}


@dataclass(frozen=True)
class VariantNumbers:
    """The student's own numbers a report was graded with (grader.lesson.variants): which id they come
    from, each parameter's value and how the questions say it, and the answers they lead to (the
    instructor's: a student's copy drops them)."""

    student: str  # the normalised id
    parameters: tuple = ()  # (name, value, as said: "a 13·10⁹-parameter model"), in the lesson's order
    answers: tuple = ()  # (answer task id, expected value)

    def __post_init__(self):
        object.__setattr__(self, "student", shown(self.student, lines=False, limit=200))  # an id is outside data

    def to_dict(self) -> dict:
        return {"student": self.student, "parameters": {name: value for name, value, _ in self.parameters},
                "says": [said for _, _, said in self.parameters], "answers": dict(self.answers)}


@dataclass
class CheckResult:
    name: str
    passed: bool
    message: str = ""
    weight: float = 1.0
    description: str = ""
    error: bool = False  # the check could not run: the submission did not import, or the suite broke
    safe_message: str = ""  # the property that failed, which any student may read: no hidden inputs or values
    visibility: str = "visible"  # one of VISIBILITIES, from the lesson manifest
    pictures: tuple = ()  # ((title, rows of bools), ...): grids a format may draw, e.g. yours vs expected
    diagnosis: Diagnosis | None = None  # the misconception this failure points to, when one is recognised
    broken: bool = False  # the check itself failed to run (a bug in the lesson's suite, not the submission)
    unanswered: bool = False  # an answer task's answer was left empty: not started, not wrong
    expected: str = ""  # an answer graded on a student's own numbers: what a right answer is ("2.6e13 FLOPs")
    lesson_example: bool = False  # the answer is the lesson's worked example's, not the student's own numbers'
    timed_out: bool = False  # a call of the check ran out of its time (a flag for readers, not its message's words)

    def __setattr__(self, name: str, value) -> None:
        # every text a writer may show passes the boundary (grader.result.text), when set and when set again
        object.__setattr__(self, name, shown(value) if name in _CHECK_TEXT else value)

    @property
    def secret(self) -> bool:
        """True when students may not see this check's inputs and expected values."""
        return self.visibility != "visible"

    def for_audience(self, audience: str) -> CheckResult:
        """This check as ``audience`` may read it; a secret failure tells students its property only."""
        if audience == "instructor" or not self.secret or self.passed:
            return replace(self)
        diagnosis = None if self.diagnosis and self.diagnosis.reveals else self.diagnosis
        return replace(self, message=self.safe_message or f"check '{self.name}' failed", pictures=(),
                       diagnosis=diagnosis, expected="")

    def to_dict(self) -> dict:
        found = {"name": self.name, "passed": self.passed, "message": self.message,
                 "weight": self.weight, "description": self.description, "visibility": self.visibility,
                 "diagnosis": self.diagnosis.to_dict() if self.diagnosis else None}
        if self.expected:  # graded on a student's own numbers only: a report without them is as it always was
            found["expected"] = self.expected
        if self.lesson_example:
            found["lesson_example"] = True
        if self.timed_out:
            found["timed_out"] = True
        return found


@dataclass
class TaskResult:
    id: str
    title: str
    max_score: float
    checks: list[CheckResult] = field(default_factory=list)
    note: str = ""  # a task-level remark shown before the failing checks ("not implemented yet")
    source: tuple[str, int] | None = None  # (file, line) where the graded student function is defined
    unstarted: bool = False  # the graded function is still the stub (only `pass`): the note says so

    @property
    def not_started(self) -> bool:
        """Whether the student has not begun this task yet: a stub, or every answer left empty."""
        return self.unstarted or (bool(self.checks) and all(c.unanswered for c in self.checks))

    def __setattr__(self, name: str, value) -> None:
        if name == "note":
            value = shown(value)
        elif name == "title":
            value = shown(value, lines=False)
        object.__setattr__(self, name, value)

    def __post_init__(self):
        if self.note:  # an unstarted task: a stub's None or pass is not a misconception to diagnose
            self.checks = [replace(c, diagnosis=None) if c.diagnosis else c for c in self.checks]

    @property
    def exact_score(self) -> float:
        """The weighted share of checks passed, times the task's points."""
        total = sum(c.weight for c in self.checks)
        if not total:
            return 0.0
        return self.max_score * sum(c.weight for c in self.checks if c.passed) / total

    @property
    def score(self) -> float:
        return round(self.exact_score, 6)

    def check_points(self, check: CheckResult) -> tuple[float, float]:
        """(score, max_score) of one check: its weighted share of the task's points, to the millionth.

        The shares are rounded so that they add up to the task's points exactly (the largest
        remainders get the spare millionths): seven checks of 3 points each rounded on its own
        summed to 2.999998, and Gradescope, which adds up its tests, showed 16.999995 of 17."""
        index = next(i for i, c in enumerate(self.checks) if c is check)
        share = self._shares()[index]
        return (share if check.passed else 0.0), share

    def _shares(self) -> list[float]:
        total = sum(c.weight for c in self.checks)
        if not total:
            return [0.0] * len(self.checks)
        exact = [self.max_score * 1_000_000 * c.weight / total for c in self.checks]
        micro = [int(e) for e in exact]
        spare = round(self.max_score * 1_000_000) - sum(micro)
        for i in sorted(range(len(exact)), key=lambda i: micro[i] - exact[i])[:max(spare, 0)]:
            micro[i] += 1
        return [m / 1_000_000 for m in micro]

    @property
    def status(self) -> str:
        if self.checks and all(c.passed for c in self.checks):
            return "passed"
        if any(c.error for c in self.checks) and not any(c.passed for c in self.checks):
            return "error"
        return "partial" if any(c.passed for c in self.checks) else "failed"

    @property
    def failures(self) -> list[str]:
        """Messages of failing checks in order, each said once (an import error repeats)."""
        seen: list[str] = []
        for check in self.checks:
            if not check.passed and check.message and check.message not in seen:
                seen.append(check.message)
        return seen

    @property
    def diagnoses(self) -> list[Diagnosis]:
        """The distinct diagnoses of the failing checks, in check order. None for an unstarted
        task: its note says all there is to say, and a stub's None is not a misconception."""
        if self.note:
            return []
        found: dict[str, Diagnosis] = {}
        for check in self.checks:
            if not check.passed and check.diagnosis and check.diagnosis.code not in found:
                found[check.diagnosis.code] = check.diagnosis
        return list(found.values())

    @property
    def feedback(self) -> str:
        """The note alone when there is one: every failure of an unstarted task says the same.
        Otherwise each failing check in order, its diagnosis's hint (once, unless its message
        already says it) before its message."""
        if self.note:
            return self.note
        lines: list[str] = []
        for check in self.checks:
            if check.passed:
                continue
            hint = check.diagnosis.hint if check.diagnosis and check.diagnosis.hint not in check.message else ""
            for line in (hint, check.message):
                if line and line not in lines:
                    lines.append(line)
        return "\n".join(lines)

    @property
    def verdict(self) -> str:
        """One line for a table row."""
        if self.status == "passed":
            return f"all {len(self.checks)} checks pass" if len(self.checks) > 1 else "correct"
        if self.note:
            return self.note.splitlines()[0]
        check = next((c for c in self.checks if not c.passed and c.message), None)
        named = check is not None and check.diagnosis is not None and check.diagnosis.hint not in check.message
        text = check.diagnosis.hint if named else (self.failures or ["failed"])[0]  # the misconception, if known
        first = text.splitlines()[0].rstrip(":")  # its picture is not in the row
        if self.status == "partial":
            passed = sum(c.passed for c in self.checks)
            return f"{passed} of {len(self.checks)} checks pass; {first}"
        return first

    def to_dict(self) -> dict:
        found = {"id": self.id, "title": self.title, "score": self.score, "max_score": self.max_score,
                 "status": self.status, "feedback": self.feedback,
                 "diagnoses": [d.to_dict() for d in self.diagnoses],
                 "checks": [c.to_dict() for c in self.checks]}
        if self.not_started:
            found["not_started"] = True
        return found


@dataclass
class Report:
    lesson: str
    title: str
    submission: str
    tasks: list[TaskResult]
    execution_time: float = 0.0
    sandbox: str = ""  # how the submission was confined, e.g. "bubblewrap" or "limited (...)": the instructor's
    sandbox_fallback: str = ""  # why it is not the machine's first choice: that one failed the grader's canary
    limited: bool = False  # it ran in limited mode (no bubblewrap): all a student's copy says of the sandbox
    output: str = ""  # what the submission printed (the first OUTPUT_KEEP bytes), never a report
    notes: list[str] = field(default_factory=list)  # about the submission as a whole, e.g. notebook cells that failed
    audience: str = ""  # who this copy is for, once for_audience made it: formats show instructors every detail
    stand_ins: tuple[str, ...] = ()  # modules the grader lacks that the submission imports: stood in for, noted
    # the student id the submission names itself (answers file, notebook metadata) when it is not the id it was
    # graded as (grader.submission.claims): the instructor's to read, never used, never in a student's copy
    claimed_student: str = ""
    # what the submission says of its own numbers (a variant, salt or parameter key, a submission_metadata.json
    # inside it: grader.submission.claims.variant_claims): the instructor's, never used, never in a student's copy
    claimed_variant: str = ""
    # (answer task id, the answer as written): what a class view compares with other students' numbers
    # (grader.batch.integrity); the instructor's copy only, as the variant's expected answers are
    answers_given: tuple[tuple[str, object], ...] = ()
    variant: VariantNumbers | None = None  # the student's own numbers it was graded with; None: the lesson's
    # grader validate's: the own-number checks' results for each variant it asked for (engine.grade's variants),
    # by task; never written out
    per_variant: list = field(default_factory=list, repr=False, compare=False)

    def __setattr__(self, name: str, value) -> None:
        # the submission's name, output and notes are its own text: through the boundary, whenever set
        if name == "submission":
            value = shown(value, lines=False, limit=PATH_LIMIT)
        elif name == "output":
            value = shown(value, limit=OUTPUT_LIMIT)
        elif name == "notes":
            value = _Notes(value)
        elif name in ("title", "sandbox_fallback", "claimed_student", "claimed_variant"):  # a fallback quotes bwrap
            value = shown(value, lines=False)
        elif name == "answers_given":  # the student's text: inert and bounded; numbers as they are
            value = tuple((shown(task, lines=False, limit=200), _given(answer)) for task, answer in value
                          if _given(answer) is not None)
        elif name == "stand_ins":  # module names, as the worker named them
            value = tuple(shown(module, lines=False, limit=100) for module in value)
        object.__setattr__(self, name, value)

    @property
    def score(self) -> float:
        return round(sum(t.exact_score for t in self.tasks), 6)  # round once, or thirds lose a millionth

    @property
    def max_score(self) -> float:
        return round(sum(t.max_score for t in self.tasks), 6)

    @property
    def percent(self) -> float:
        return 100.0 * self.score / self.max_score if self.max_score else 0.0

    @property
    def broken_checks(self) -> list[tuple[str, str]]:
        """(task id, check name) of each check that could not run to a verdict (``CheckResult.broken``:
        the suite's bug, or a reference it could not reach). Such a grade is not the submission's
        verdict alone: ``grader grade`` exits 3 and a batch records the grader's fault, not a score."""
        return [(t.id, c.name) for t in self.tasks for c in t.checks if c.broken]

    def suite_fault(self) -> str:
        """One line naming the broken checks, for the instructor who must fix them; "" when none is."""
        broken = self.broken_checks
        if not broken:
            return ""
        named = ", ".join(f"{task} ({check})" for task, check in broken[:3])
        more = f" and {len(broken) - 3} more" if len(broken) > 3 else ""
        return (f"{len(broken)} check{'' if len(broken) == 1 else 's'} could not reach a verdict: {named}{more}; "
                "a fault of the lesson's suite or of its reference solution, not of the submission")

    def for_audience(self, audience: str) -> Report:
        """A copy that ``audience`` may read: students get secret checks' properties only, never
        the submission's printed output (it may echo hidden inputs) nor the grading machine's details."""
        if audience not in AUDIENCES:
            raise ValueError(f"audience must be one of {', '.join(AUDIENCES)}, not {audience!r}")
        tasks = [replace(t, checks=[c.for_audience(audience) for c in t.checks]) for t in self.tasks]
        if audience == "instructor":
            return replace(self, tasks=tasks, audience=audience)
        variant = replace(self.variant, answers=()) if self.variant else None  # the answers, not the numbers

        # the sandbox's description and a fallback's reason are the grading machine's (its paths, bwrap's
        # errors): a student's copy keeps only the flag, which formats say as "graded in limited mode"
        return replace(self, tasks=tasks, output="", sandbox="", sandbox_fallback="", claimed_student="",
                       claimed_variant="", answers_given=(), audience=audience, variant=variant)

    def task(self, task_id: str) -> TaskResult:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise KeyError(task_id)

    def to_dict(self) -> dict:
        return {"lesson": self.lesson, "title": self.title, "submission": self.submission,
                "score": self.score, "max_score": self.max_score,
                "execution_time": round(self.execution_time, 3), "sandbox": self.sandbox,
                "sandbox_fallback": self.sandbox_fallback, "limited": self.limited,
                "output": self.output, "notes": list(self.notes), "stand_ins": list(self.stand_ins),
                **({"variant": self.variant.to_dict()} if self.variant else {}),
                **({"claimed_student": self.claimed_student} if self.claimed_student else {}),
                **({"claimed_variant": self.claimed_variant} if self.claimed_variant else {}),
                **({"answers_given": dict(self.answers_given)} if self.answers_given else {}),
                "tasks": [t.to_dict() for t in self.tasks]}


def _given(answer):
    """An answer as a report keeps it: a number as it is, text inert and bounded, anything else left out."""
    if isinstance(answer, bool) or not isinstance(answer, (str, int, float)):
        return None
    if isinstance(answer, float) and not math.isfinite(answer):  # nan, inf: JSON has no such number
        return str(answer)
    return shown(answer, lines=False, limit=200) if isinstance(answer, str) else answer
