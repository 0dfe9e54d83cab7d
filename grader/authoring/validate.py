"""Proving that a lesson's suite separates right from wrong.

Three claims, each checked by grading real files: the reference solution scores full
marks; the untouched stubs score zero, every task flagged as not started yet ("not
implemented yet" / "not answered yet"); every mutant (a realistic wrong solution in
``suites/<lesson>/mutants/``, laid over the reference: ``grader.authoring.mutants``) loses
points on exactly the tasks it declares.

Diagnoses (``grader.lesson.catalogue``) are proved both ways: a mutant's failing tasks must
carry exactly the codes it declares (none when it declares none), and the reference and
the stubs must carry none. The closing note counts the diagnoses per task, names any code
no mutant declares (unproved), and says how many mutants get a specific diagnosis.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from grader.authoring.facts import check_facts
from grader.authoring.models import model_claims
from grader.authoring.mutants import Mutant, load_mutants, materialize
from grader.exceptions import UsageError
from grader.grading.engine import grade
from grader.grading.models import load_models
from grader.grading.session import GradingSession
from grader.lesson.catalogue import CATALOGUE_NAME, per_task
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.result import Report


def validate(course: Course, lesson: str | None = None, solutions: Path | None = None, stream=None) -> bool:
    """Print one table per lesson; True when every claim holds.

    ``solutions`` swaps in an instructor's solutions: a tree holding ``<lesson>/`` folders,
    or, for one lesson, the folder holding its module.
    """
    ids = [lesson] if lesson else course.lesson_ids()
    ok = True
    for lesson_id in ids:
        the_lesson = course.lesson(lesson_id)
        reference = _solutions_folder(Path(solutions), the_lesson) if solutions else course.solutions_dir(the_lesson)
        ok &= _validate_lesson(course, the_lesson, reference, stream)
    return ok


def _solutions_folder(solutions: Path, lesson: Lesson) -> Path:
    for folder in (solutions / lesson.id, solutions):
        if (folder / lesson.module).is_file() or (folder / lesson.answers).is_file():
            return folder
    raise UsageError(f"--solutions {solutions}: holds neither {lesson.id}/{lesson.module} nor {lesson.module}")


# Who must act on a problem: the solution being validated, or the lesson's suite.
SOLUTION, SUITE = "solution", "suite"


def _validate_lesson(course: Course, lesson: Lesson, reference: Path, stream) -> bool:
    rows: list[tuple[str, str, str, bool]] = []
    problems: list[tuple[str, str]] = []

    if lesson.facts:
        wrong = check_facts(lesson, reference)
        rows.append(("headline numbers", f"all {len(lesson.facts)} as the lesson states",
                     "all agree" if not wrong else f"{len(wrong)} disagree", not wrong))
        problems += [(SOLUTION, f"rejected: {fact}. The lesson text fixes this number, so no solution may change it")
                     for fact in wrong]

    report = grade(reference, lesson=lesson.id, course=course, solutions=reference)
    short = [t for t in report.tasks if t.score < t.max_score]
    rows.append(("reference", "full marks", "full marks" if not short else f"loses {', '.join(t.id for t in short)}",
                 not short))
    for task in short:
        problems.append(_blame_reference(lesson, reference, task))
    problems += _false_diagnoses("the reference", report)

    stubs = grade(course.exercises_dir(lesson), lesson=lesson.id, course=course, solutions=reference)
    scored = [t.id for t in stubs.tasks if t.score > 0]
    silent = [t.id for t in stubs.tasks if not t.not_started]
    observed = "zero" if not scored else f"scores on {', '.join(scored)}"
    rows.append(("stubs", "zero", observed, not scored and not silent))
    if scored:
        problems.append((SUITE, (f"the stubs in {course.exercises_dir(lesson)} score points on {', '.join(scored)}: "
                                 "a check passes without any work, so it cannot tell right from wrong")))
    if silent:
        problems.append((SUITE, (f"the stubs' feedback does not say 'not implemented yet' for {', '.join(silent)} "
                                 "(has exercises/ drifted from the solution? 'grader stubs --check' tells)")))
    problems += _false_diagnoses("the stubs", stubs)

    mutants = load_mutants(lesson)
    session = GradingSession(lesson.id, course, solutions=reference)  # pytest set up once
    try:
        observations = [(mutant, _grade_mutant(session, lesson, reference, mutant)) for mutant in mutants]
        model_rows, model_problems, model_notes = model_claims(session, lesson, reference)  # grader.authoring.models
    finally:
        session.close()
    rows += model_rows
    problems += [(SUITE, problem) for problem in model_problems]
    for mutant, observed in observations:
        verdict = judge(mutant, observed)
        rows.append((mutant.name, ", ".join(sorted(mutant.fails)), verdict.seen, verdict.good))
        if not verdict.good:
            problems.append((SUITE, f"mutant {mutant.name} ({mutant.mistake}): {'; '.join(verdict.problems)}"))

    _print_table(stream, lesson, rows, problems, len(mutants), reference,
                 _diagnosis_notes(lesson, observations) + model_notes)
    return not problems


@dataclass(frozen=True)
class Verdict:
    """How the grade of the submission a mutant stands for bears out its labels."""

    lost: frozenset[str]  # the tasks that lost points
    diagnosed: frozenset[str]  # the diagnosis codes on the tasks it declares it fails
    hint_ok: bool
    diagnosis_ok: bool
    problems: tuple[str, ...]  # what contradicts the labels, and whose move it is; empty when all hold

    @property
    def good(self) -> bool:
        return not self.problems

    @property
    def seen(self) -> str:
        """One cell of validate's table: the tasks lost, and what else differs."""
        seen = ", ".join(sorted(self.lost)) or "nothing"
        seen += "" if self.hint_ok else " (hint missing)"
        return seen + ("" if self.diagnosis_ok else " (diagnosis differs)")


def judge(mutant: Mutant, observed: Report, unlabelled_diagnoses: bool = False) -> Verdict:
    """Whether ``observed`` loses points on exactly the tasks ``mutant`` declares, with its hint and
    exactly its diagnosis codes. ``unlabelled_diagnoses``: a mutant declaring no code may get any
    (a corpus labelled with codes only as the diagnoses are built); else it must get none."""
    lost = frozenset(t.id for t in observed.tasks if t.score < t.max_score)
    hint_ok = not mutant.hint or any(mutant.hint.lower() in t.feedback.lower()
                                     for t in observed.tasks if t.id in mutant.fails)
    diagnosed = frozenset(d.code for t in observed.tasks if t.id in mutant.fails for d in t.diagnoses)
    diagnosis_ok = diagnosed == mutant.diagnoses or (unlabelled_diagnoses and not mutant.diagnoses)
    why = []
    missed, extra = sorted(mutant.fails - lost), sorted(lost - mutant.fails)
    if missed:
        why.append(f"no check catches it on {', '.join(missed)}: add a check that fails it (if the "
                   "solution under validation makes the same mistake, the differential checks agree with "
                   "it: then the solution is at fault)")
    if extra:
        why.append(f"it also loses points on {', '.join(extra)}: either that task's checks reject something "
                   "right, or the mutant's '# fails:' line is incomplete, or the mutant was written for a "
                   "solution that differs from this one on that task")
    if not hint_ok:
        why.append(f"the feedback does not contain the expected hint '{mutant.hint}'")
    if not diagnosis_ok:
        why.append(_diagnosis_mismatch(mutant.diagnoses, diagnosed))
    return Verdict(lost, diagnosed, hint_ok, diagnosis_ok, tuple(why))


def _false_diagnoses(who: str, report) -> list[tuple[str, str]]:
    """A diagnosis on the reference or the stubs is false by definition: the suite's mistake."""
    return [(SUITE, (f"{who} gets diagnosis '{d.code}' on {t.id}: a false diagnosis, the check that names it "
                     "recognises more than the mistake")) for t in report.tasks for d in t.diagnoses]


def _diagnosis_mismatch(declared: frozenset[str], diagnosed: frozenset[str]) -> str:
    said = ", ".join(sorted(diagnosed)) or "none"
    if not declared:
        return (f"its failing tasks get the diagnosis {said} although it declares none: declare it with "
                "'# diagnosis: <code>' if it is right, else the check that names it recognises too much")
    return (f"its failing tasks get the diagnosis {said}, not the declared {', '.join(sorted(declared))}: a check "
            "misses the symptom or names another misconception")


def unproved_diagnoses(lesson: Lesson, mutants: list[Mutant]) -> list[str]:
    """The catalogue's codes that no mutant declares and no model stands for, so that nothing shows they are
    recognised."""
    modelled = {m.code for m in load_models(lesson)}
    declared = {code for m in mutants for code in m.diagnoses}
    return [e.code for e in lesson.diagnoses if e.code not in modelled | declared]


def _diagnosis_notes(lesson: Lesson, observations) -> list[str]:
    """The closing note: the catalogue per task, and how many mutants get a specific diagnosis."""
    if not lesson.diagnoses:
        return []
    counts = per_task(lesson.diagnoses, [t.id for t in lesson.tasks])
    generic = [m.name for m, observed in observations if not any(t.diagnoses for t in observed.tasks)]
    specific = len(observations) - len(generic)
    unproved = unproved_diagnoses(lesson, [m for m, _ in observations])
    notes = [f"diagnoses: {len(lesson.diagnoses)} in {CATALOGUE_NAME}; per task: "
             + ", ".join(f"{task} {n}" for task, n in counts.items())
             + (f"; proved by no mutant or model (add one declaring it): {', '.join(unproved)}" if unproved else
                "; each proved by a mutant or a model"),
             f"specific diagnosis: {specific}/{len(observations)} mutants"]
    if generic:
        notes[-1] += f"; a generic failure: {', '.join(generic)}"
    return notes


def _blame_reference(lesson: Lesson, reference: Path, task) -> tuple[str, str]:
    """Why the solution under validation loses points on ``task``, and whose fault that is.

    Differential checks compare with this very solution, so what a check can still fail
    it on is something the lesson fixes (a headline number, a type, an error to raise):
    the solution is at fault, unless the check itself broke, which is the suite's.
    """
    failing = [c for c in task.checks if not c.passed]
    broken = [c for c in failing if c.broken]
    first = (task.feedback or task.status).splitlines()[0]
    if broken:
        return SUITE, (f"check '{broken[0].name}' of {task.id} breaks on the solution in {reference}: "
                       f"{broken[0].message.splitlines()[0]}")
    if not lesson.task(task.id).is_code:
        return SOLUTION, (f"{reference / lesson.answers} loses points on {task.id}: {first}. The lesson's answers "
                          f"are fixed in {lesson.manifest_path}")
    names = ", ".join(f"'{c.name}'" for c in failing)
    return SOLUTION, (f"{reference} does not score full marks on {task.id} ({names}): {first}. Fix the solution; "
                      "only if it follows the lesson and that check demands something the lesson does not ask "
                      "is the suite at fault")


def _grade_mutant(session: GradingSession, lesson: Lesson, reference: Path, mutant: Mutant):
    with tempfile.TemporaryDirectory(prefix="grader-mutant-") as tmp:
        return session.grade(materialize(mutant, lesson, reference, Path(tmp) / lesson.id))


def _print_table(stream, lesson: Lesson, rows, problems, mutants: int, reference: Path, notes=()) -> None:
    if stream is None:
        return
    widths = [max(len(r[i]) for r in [*rows, ("case", "expected to lose", "observed", True)]) for i in range(3)]
    header = ("case", "expected to lose", "observed")
    stream.write(f"Validation of lesson '{lesson.id}' against the solution in {reference}\n")
    stream.write("  ".join(f"{h:<{w}}" for h, w in zip(header, widths, strict=False)) + "  verdict\n")
    for name, expected, observed, good in rows:
        stream.write(f"{name:<{widths[0]}}  {expected:<{widths[1]}}  {observed:<{widths[2]}}  "
                     f"{'ok' if good else 'WRONG'}\n")
    if mutants:
        caught = sum(1 for r in rows[len(rows) - mutants:] if r[3])
        stream.write(f"mutation score: {caught}/{mutants} mutants caught as declared\n")
    for note in notes:
        stream.write(f"{note}\n")
    rejected = any(who == SOLUTION for who, _ in problems)
    for who, problem in problems:
        blame = "suite at fault, unless it follows from the solution's faults" if rejected and who == SUITE \
            else f"{who} at fault"
        stream.write(f"- {blame}: {problem}\n")
    if rejected:
        stream.write(f"verdict: the solution in {reference} is rejected; fix it first, since every other verdict "
                     "compares against it\n")
    elif problems:
        stream.write(f"verdict: the solution in {reference} is sound; the suite is at fault\n")
    else:
        stream.write("verdict: the suite and the solution agree on every claim\n")
    stream.write("\n")
