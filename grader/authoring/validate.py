"""Proving that a lesson's suite separates right from wrong.

Three claims, each checked by grading real files: the reference solution scores full
marks; the untouched stubs score zero, every task flagged as not started yet ("not
implemented yet" / "not answered yet"); every mutant (a realistic wrong solution in
``suites/<lesson>/mutants/``, laid over the reference: ``grader.authoring.mutants``) loses
points on exactly the tasks it declares.

Before them, what the lesson fixes: its headline numbers (``[[facts]]``) and the signatures of
the students' skeleton (``grader.authoring.facts``). A solution that changes either, or
fails a check on it, is rejected, and nothing else is claimed: every other claim compares
against it. A solutions folder without an answers file takes the answers ``lesson.toml``
declares (``grader.lesson.solutions.manifest_answers``). ``grader.authoring.verdict`` says
it all in a few lines of 100 columns.

Diagnoses (``grader.lesson.catalogue``) are proved both ways: a mutant's failing tasks must
carry exactly the codes it declares (none when it declares none), and the reference and
the stubs must carry none. The closing note counts the diagnoses per task, names any code
no mutant declares (unproved; the engine's own diagnoses too, which every lesson proves with
mutants of its own), and says how many mutants get a specific diagnosis.

The mutants and the models are graded by several grading sessions at once, started while the
reference and the stubs are graded (``grader.authoring.parallel``): each report is the one a
single session gives, so every claim is the same as when they were graded one after another.
"""
from __future__ import annotations

import contextlib
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from grader.authoring import proved
from grader.authoring.facts import check_facts, check_signatures
from grader.authoring.models import model_cases, model_claims, proofs
from grader.authoring.mutants import Mutant, fit, load_mutants, materialize
from grader.authoring.parallel import SessionPool, processes_for
from grader.authoring.variant_proof import VariantProof
from grader.authoring.verdict import SOLUTION, SUITE, Validation, render
from grader.exceptions import ConfigError
from grader.grading.engine import grade
from grader.lesson.catalogue import CATALOGUE_NAME, engine_catalogue, per_task
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.lesson.misconceptions import load_models, model_files
from grader.lesson.solutions import manifest_answers, resolve_solutions
from grader.result import Report


def validate(course: Course, lesson: str | None = None, solutions: Path | None = None, stream=None) -> bool:
    """Print one table per lesson; True when every claim holds."""
    return all(v.ok for v in validations(course, lesson, solutions, stream))


def validations(course: Course, lesson: str | None = None, solutions: Path | None = None,
                stream=None) -> list[Validation]:
    """What validation found for each lesson (or only ``lesson``), each printed as it is done.

    ``solutions`` swaps in an instructor's solutions in either layout ``grade`` and ``batch``
    take (``grader.lesson.solutions``): a tree holding ``<lesson>/`` folders, or the folder of
    one lesson. A pass against the course's own solutions is remembered (``grader.authoring.proved``),
    so that a release with nothing changed need not prove it again.
    """
    ids = [lesson] if lesson else course.lesson_ids()
    found = []
    for lesson_id in ids:
        the_lesson = course.lesson(lesson_id)
        folder = resolve_solutions(course, the_lesson, solutions)
        own = folder == course.solutions_dir(the_lesson)  # only the course's own verdict is remembered
        key = proved.fingerprint(course, the_lesson) if own else None  # before: a file changed meanwhile is new
        with _with_answers(the_lesson, folder) as (reference, note):
            validation = _validate_lesson(course, the_lesson, reference, folder)
        validation.notes[:0] = [note] if note else []
        if key is not None and validation.ok:  # never a failure: that is validated again, every time
            proved.remember(course, the_lesson, key)
        render(validation, stream)
        found.append(validation)
    return found


@contextlib.contextmanager
def _with_answers(lesson: Lesson, folder: Path):
    """The solution folder to grade, and a note: a working copy holding the answers ``lesson.toml``
    declares when ``folder`` holds no answers file (the answers are the manifest's, not the solution's)."""
    if not any(t.answer for t in lesson.tasks) or (folder / lesson.answers).is_file() or not folder.is_dir():
        yield folder, ""
        return
    with tempfile.TemporaryDirectory(prefix="grader-solution-") as tmp:
        copy = Path(tmp) / lesson.id
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
        (copy / lesson.answers).write_text(manifest_answers(lesson), encoding="utf-8")
        try:
            yield copy, f"answers: {folder.name}/ holds no {lesson.answers}, so the answers come from lesson.toml"
        except ConfigError as exc:  # named by the instructor's own path, not by the working copy's
            if not exc.source.startswith(str(copy)):
                raise
            raise ConfigError(str(folder) + exc.source[len(str(copy)):], exc.problem, exc.key) from None


def _validate_lesson(course: Course, lesson: Lesson, reference: Path, shown: Path) -> Validation:
    mutants = load_mutants(lesson)
    modelled = len(load_models(lesson)) if model_files(lesson) else 0
    with (tempfile.TemporaryDirectory(prefix="grader-validate-") as tmp,
          SessionPool(course, lesson, reference, processes_for(len(mutants) + modelled)) as pool):
        proof = VariantProof(course, lesson, reference)  # a lesson with parameters: its students' numbers too
        found = _reference_and_stubs(course, lesson, reference, shown, proof)  # the pool's sessions start meanwhile
        if found.rejected:  # every other claim compares against this solution: it would only repeat its faults
            return found
        submissions = [materialize(m, lesson, reference, Path(tmp) / "mutants" / m.name / lesson.id) for m in mutants]
        proof.remember(submissions)
        cases = model_cases(lesson, reference, Path(tmp) / "models") if modelled else []
        reports = pool.grade_all(submissions + [case.path for case in cases],  # in the order given
                                 [proof.variants] * len(submissions) + [()] * len(cases))
    rows, problems = found.rows, found.problems
    model_rows, model_problems, model_notes = model_claims(None, lesson, reference,  # grader.authoring.models
                                                           proofs(lesson, cases, reports[len(mutants):]))
    observations = list(zip(mutants, reports[:len(mutants)], strict=True))
    rows += model_rows
    problems += [(SUITE, problem) for problem in model_problems]
    written_for = resolve_solutions(course, lesson, None) / lesson.module  # the solution the mutants were written for
    fitted: dict[tuple[str, str], list[str]] = {}  # (a task, how this solution changes the claim) -> mutants
    for mutant, observed in observations:
        fitting = fit(mutant, lesson, reference / lesson.module, written_for)
        mutant = fitting.mutant
        for task_id, how in [*((t, "not claimed") for t in fitting.dropped),
                             *((t, "may lose points too") for t in fitting.carried
                               if t in {task.id for task in observed.tasks if task.score < task.max_score})]:
            fitted.setdefault((task_id, how), []).append(mutant.name)
        verdict = judge(mutant, observed, carried=fitting.carried)
        broken, first = proof.judged(observed, lambda each, m=mutant, f=fitting: judge(m, each, carried=f.carried))
        rows.append((mutant.name, ", ".join(sorted(mutant.fails)),
                     verdict.seen + (f" (not on {broken} variants)" if broken else ""), verdict.good and not broken))
        if not verdict.good:
            for meaning in verdict.meanings:
                found.explain(meaning)
            problems.append((SUITE, f"mutant {mutant.name} ({mutant.mistake}): {'; '.join(verdict.problems)}"))
        elif broken:
            problems.append((SUITE, f"mutant {mutant.name} ({mutant.mistake}) on {broken} of {len(proof.variants)} "
                                    f"students' numbers: {first}"))
    found.mutants = len(mutants)
    found.notes += [_fitted_note(lesson, task_id, how, names) for (task_id, how), names in sorted(fitted.items())]
    found.notes += _diagnosis_notes(lesson, observations) + model_notes
    return found


def _reference_and_stubs(course: Course, lesson: Lesson, reference: Path, shown: Path,
                         proof: VariantProof | None = None) -> Validation:
    """What the lesson fixes (its facts, its signatures, its parameters), the reference's full marks and the
    stubs' zero, on the lesson's own numbers and each variant's: rejected when the solution is at fault, and
    then nothing else is claimed."""
    found = Validation(lesson.id, shown)
    rows, problems = found.rows, found.problems
    proof = proof or VariantProof(course, lesson, reference)

    if lesson.facts:
        wrong = check_facts(lesson, reference)
        rows.append(("headline numbers", f"all {len(lesson.facts)} as the lesson states",
                     "all agree" if not wrong else f"{len(wrong)} disagree", not wrong))
        problems += [(SOLUTION, fact) for fact in wrong]
    skeleton = course.exercises_dir(lesson) / lesson.module
    changed = check_signatures(lesson, skeleton, reference)
    rows.append(("signatures", "as the students' skeleton", "all agree" if not changed else f"{len(changed)} differ",
                 not changed))
    problems += [(SOLUTION, signature) for signature in changed]

    if not found.rejected:  # a fact it breaks is said once, as a fact, not again for the students' numbers
        proof.survey_rows(found)
    report = grade(reference, lesson=lesson.id, course=course, solutions=reference, variants=proof.variants)
    short = [t for t in report.tasks if t.score < t.max_score]
    rows.append(("reference", "full marks", "full marks" if not short else f"loses {', '.join(t.id for t in short)}",
                 not short))
    for task in short:
        problems.append(_blame_reference(lesson, task))
    if found.rejected:
        return found
    problems += _false_diagnoses("the reference gets", report)

    stubs = grade(course.exercises_dir(lesson), lesson=lesson.id, course=course, solutions=reference,
                  variants=proof.variants)
    scored = [t.id for t in stubs.tasks if t.score > 0]
    silent = [t.id for t in stubs.tasks if not t.not_started]
    observed = "zero" if not scored else f"scores on {', '.join(scored)}"
    rows.append(("stubs", "zero", observed, not scored and not silent))
    where = _shown(course, course.exercises_dir(lesson))
    if scored:
        problems.append((SUITE, (f"the stubs in {where} score points on {', '.join(scored)}: a check passes "
                                 "without any work, so it cannot tell right from wrong")))
    if silent:
        problems.append((SUITE, (f"the stubs' feedback does not say 'not implemented yet' for {', '.join(silent)} "
                                 "(has exercises/ drifted from the solution? 'grader stubs --check' tells)")))
    problems += _false_diagnoses("the stubs get", stubs)
    proof.reference_and_stubs(found, report, stubs)
    return found


def _fitted_note(lesson: Lesson, task_id: str, how: str, names: list[str]) -> str:
    """One line on mutants whose claim on a task follows this solution's own calls (``mutants.fit``)."""
    shown = f"{', '.join(names[:3])}{', ...' if len(names) > 3 else ''}"
    function = lesson.task(task_id).function
    if how == "not claimed":
        return (f"{task_id}: not claimed of {len(names)} mutant(s) ({shown}): they change only what this "
                f"solution's {function} never calls")
    return (f"{task_id}: {how} with {len(names)} mutant(s) ({shown}): they change what this solution's {function} "
            "calls")


@dataclass(frozen=True)
class Verdict:
    """How the grade of the submission a mutant stands for bears out its labels."""

    declared: frozenset[str]  # the tasks the mutant says it fails
    lost: frozenset[str]  # the tasks that lost points
    diagnosed: frozenset[str]  # the diagnosis codes on the tasks it declares it fails
    hint_ok: bool
    diagnosis_ok: bool
    problems: tuple[str, ...]  # what contradicts the labels; empty when all hold
    meanings: tuple[str, ...] = ()  # what such a contradiction can mean, whose move it is (said once per kind)

    @property
    def good(self) -> bool:
        return not self.problems

    @property
    def seen(self) -> str:
        """One cell of validate's table: the tasks lost, and what else differs."""
        seen = "as declared" if self.lost == self.declared else ", ".join(sorted(self.lost)) or "nothing"
        seen += "" if self.hint_ok else " (hint missing)"
        return seen + ("" if self.diagnosis_ok else " (diagnosis differs)")


def judge(mutant: Mutant, observed: Report, unlabelled_diagnoses: bool = False,
          carried: frozenset[str] = frozenset()) -> Verdict:
    """Whether ``observed`` loses points on exactly the tasks ``mutant`` declares, with its hint and
    exactly its diagnosis codes. ``unlabelled_diagnoses``: a mutant declaring no code may get any
    (a corpus labelled with codes only as the diagnoses are built); else it must get none.
    ``carried``: tasks it may lose as well, through the solution's own calls (``mutants.fit``)."""
    lost = frozenset(t.id for t in observed.tasks if t.score < t.max_score) - carried
    hint_ok = not mutant.hint or any(mutant.hint.lower() in t.feedback.lower()
                                     for t in observed.tasks if t.id in mutant.fails)
    diagnosed = frozenset(d.code for t in observed.tasks if t.id in mutant.fails for d in t.diagnoses)
    diagnosis_ok = diagnosed == mutant.diagnoses or (unlabelled_diagnoses and not mutant.diagnoses)
    why, meanings = [], []
    missed, extra = sorted(mutant.fails - lost), sorted(lost - mutant.fails)
    if missed:
        why.append(f"no check catches it on {', '.join(missed)}")
        meanings.append("not caught: add a check that fails it (if the solution under validation makes the same "
                        "mistake, the differential checks agree with it, and the solution is at fault)")
    if extra:
        why.append(f"it also loses points on {', '.join(extra)}")
        meanings.append("also loses points: either that task's checks reject something right, or the mutant's "
                        "'# fails:' line is incomplete, or it was written for a solution that differs from this "
                        "one on that task")
    if not hint_ok:
        why.append(f"the feedback does not contain the expected hint '{mutant.hint}'")
    if not diagnosis_ok:
        why.append(_diagnosis_mismatch(mutant.diagnoses, diagnosed))
    return Verdict(mutant.fails, lost, diagnosed, hint_ok, diagnosis_ok, tuple(why), tuple(meanings))


def _false_diagnoses(who: str, report) -> list[tuple[str, str]]:
    """A diagnosis on the reference or the stubs is false by definition: the suite's mistake."""
    return [(SUITE, (f"{who} diagnosis '{d.code}' on {t.id}: a false diagnosis, the check that names it "
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
    engine = [e.code for e in engine_catalogue()]
    unproved_engine = [code for code in engine if not any(code in m.diagnoses for m, _ in observations)]
    notes = [f"diagnoses: {len(lesson.diagnoses)} in {CATALOGUE_NAME}; per task: "
             + ", ".join(f"{task} {n}" for task, n in counts.items())
             + (f"; proved by no mutant or model (add one declaring it): {', '.join(unproved)}" if unproved else
                "; each proved by a mutant or a model"),
             f"the engine's diagnoses, for every code task: {len(engine)}"
             + (f"; proved by no mutant of this lesson: {', '.join(unproved_engine)}" if unproved_engine else
                "; each proved by a mutant of this lesson"),
             f"specific diagnosis: {specific}/{len(observations)} mutants"]
    if generic:
        notes[-1] += f"; a generic failure: {', '.join(generic)}"
    return notes


def _blame_reference(lesson: Lesson, task) -> tuple[str, str]:
    """Why the solution under validation loses points on ``task``, and whose fault that is.

    Differential checks compare with this very solution, so what a check can still fail
    it on is something the lesson fixes (a headline number, a type, an error to raise):
    the solution is at fault, unless the check itself broke, which is the suite's.
    """
    failing = [c for c in task.checks if not c.passed]
    broken = [c for c in failing if c.broken]
    if broken:
        return SUITE, f"check '{broken[0].name}' of {task.id} breaks on the solution: {_sentence(broken[0].message)}"
    first = _sentence(task.feedback or task.status)
    if not lesson.task(task.id).is_code:
        return SOLUTION, f"{lesson.answers}: loses points on {task.id}, whose answer lesson.toml fixes: {first}"
    names = ", ".join(f"'{c.name}'" for c in failing)
    return SOLUTION, f"{lesson.module}: fails {names} of {task.id}: {first}"


def _sentence(text: str, limit: int = 200) -> str:
    """The first sentence of a message, without its closing full stop (the caller's sentence goes on)."""
    line = (text.strip().splitlines() or [""])[0]
    for end in (". ", "? ", "! "):
        if end in line:
            line = line[:line.index(end) + 1]
    line = line if len(line) <= limit else line[:limit - 1].rstrip() + "…"
    return line.rstrip(".")


def _shown(course: Course, path: Path) -> str:
    """A path of the course as its folders name it (exercises/prefill), else as it is."""
    try:
        return str(path.relative_to(course.root))
    except ValueError:
        return str(path)
