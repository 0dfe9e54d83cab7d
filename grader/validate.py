"""Proving that a lesson's suite separates right from wrong.

Three claims, each checked by grading real files: the reference solution scores full
marks; the untouched stubs score zero and say "not implemented yet" / "not answered yet";
every mutant (a realistic wrong solution in ``suites/<lesson>/mutants/``) loses points on
exactly the tasks it declares. A mutant is a module file (it replaces the lesson's module)
or a folder (its files replace the reference's), and declares itself in leading comments::

    # mistake: forgot the factor 2 for the multiply-add
    # fails: prefill_flops
    # hint: factor 2          (optional: text the feedback must contain)
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from grader.course import Course
from grader.engine import grade
from grader.exceptions import ConfigError
from grader.manifest import Lesson

_HEADER = re.compile(r"#\s*(mistake|fails|hint)\s*:\s*(.*)")
UNSTARTED = ("not implemented yet", "not answered yet")


@dataclass(frozen=True)
class Mutant:
    name: str
    path: Path
    mistake: str
    fails: frozenset[str]
    hint: str = ""


def load_mutants(lesson: Lesson) -> list[Mutant]:
    folder = lesson.suite_dir / "mutants"
    if not folder.is_dir():
        return []
    mutants = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith((".", "_")):
            continue
        files = sorted(path.glob("*")) if path.is_dir() else [path]
        fields: dict[str, str] = {}
        for file in files:
            for line in file.read_text(encoding="utf-8").splitlines():
                match = _HEADER.match(line.strip())
                if match:
                    fields.setdefault(match.group(1), match.group(2).strip())
        if "fails" not in fields:
            raise ConfigError(str(path), "a mutant must declare the tasks it fails in a '# fails: <task ids>' line")
        fails = frozenset(t.strip() for t in fields["fails"].split(",") if t.strip())
        unknown = fails - {t.id for t in lesson.tasks}
        if unknown:
            raise ConfigError(str(path), f"declares unknown task(s): {', '.join(sorted(unknown))}", "fails")
        mutants.append(Mutant(path.stem, path, fields.get("mistake", ""), fails, fields.get("hint", "")))
    return mutants


def validate(course: Course, lesson: str | None = None, solutions: Path | None = None, stream=None) -> bool:
    """Print one table per lesson; True when every claim holds."""
    ids = [lesson] if lesson else course.lesson_ids()
    ok = True
    for lesson_id in ids:
        the_lesson = course.lesson(lesson_id)
        reference = (Path(solutions) / lesson_id) if solutions else course.solutions_dir(the_lesson)
        ok &= _validate_lesson(course, the_lesson, reference, stream)
    return ok


def _validate_lesson(course: Course, lesson: Lesson, reference: Path, stream) -> bool:
    rows: list[tuple[str, str, str, bool]] = []
    problems: list[str] = []

    report = grade(reference, lesson=lesson.id, course=course, solutions=reference)
    short = [f"{t.id} ({t.feedback.splitlines()[0] if t.feedback else t.status})"
             for t in report.tasks if t.score < t.max_score]
    rows.append(("reference", "full marks", "full marks" if not short else f"loses {', '.join(t.split()[0] for t in short)}", not short))
    if short:
        problems.append(f"the reference in {reference} does not score full marks: {'; '.join(short)}. "
                        "Either the solution is wrong or the suite expects something the lesson does not ask.")

    stubs = grade(course.exercises_dir(lesson), lesson=lesson.id, course=course, solutions=reference)
    scored = [t.id for t in stubs.tasks if t.score > 0]
    silent = [t.id for t in stubs.tasks if not any(w in t.feedback for w in UNSTARTED)]
    rows.append(("stubs", "zero", "zero" if not scored else f"scores on {', '.join(scored)}", not scored and not silent))
    if scored:
        problems.append(f"the stubs in {course.exercises_dir(lesson)} score points on {', '.join(scored)}: "
                        "a check passes without any work, so it cannot tell right from wrong")
    if silent:
        problems.append(f"the stubs' feedback does not say 'not implemented yet' for {', '.join(silent)}")

    for mutant in load_mutants(lesson):
        observed = _grade_mutant(course, lesson, reference, mutant)
        lost = frozenset(t.id for t in observed.tasks if t.score < t.max_score)
        hint_ok = not mutant.hint or any(mutant.hint.lower() in t.feedback.lower()
                                         for t in observed.tasks if t.id in mutant.fails)
        good = lost == mutant.fails and hint_ok
        seen = ", ".join(sorted(lost)) or "nothing"
        rows.append((mutant.name, ", ".join(sorted(mutant.fails)), seen + ("" if hint_ok else " (hint missing)"), good))
        if not good:
            missed = sorted(mutant.fails - lost)
            extra = sorted(lost - mutant.fails)
            why = []
            if missed:
                why.append(f"the suite does not catch it on {', '.join(missed)} (add a check that fails it)")
            if extra:
                why.append(f"it also loses points on {', '.join(extra)} (the mutant or that task's checks "
                           "are wrong, or the declaration is incomplete)")
            if not hint_ok:
                why.append(f"the feedback does not contain the expected hint '{mutant.hint}'")
            problems.append(f"mutant {mutant.name} ({mutant.mistake}): {'; '.join(why)}")

    _print_table(stream, lesson, rows, problems)
    return not problems


def _grade_mutant(course: Course, lesson: Lesson, reference: Path, mutant: Mutant):
    with tempfile.TemporaryDirectory(prefix="grader-mutant-") as tmp:
        folder = Path(tmp) / lesson.id
        shutil.copytree(reference, folder, ignore=shutil.ignore_patterns("__pycache__"))
        if mutant.path.is_dir():
            for file in mutant.path.iterdir():
                shutil.copyfile(file, folder / file.name)
        else:
            shutil.copyfile(mutant.path, folder / lesson.module)
        return grade(folder, lesson=lesson.id, course=course, solutions=reference)


def _print_table(stream, lesson: Lesson, rows, problems) -> None:
    if stream is None:
        return
    widths = [max(len(r[i]) for r in rows + [("case", "expected to lose", "observed", True)]) for i in range(3)]
    header = ("case", "expected to lose", "observed")
    stream.write(f"Validation of lesson '{lesson.id}'\n")
    stream.write("  ".join(f"{h:<{w}}" for h, w in zip(header, widths)) + "  verdict\n")
    for name, expected, observed, good in rows:
        stream.write(f"{name:<{widths[0]}}  {expected:<{widths[1]}}  {observed:<{widths[2]}}  "
                     f"{'ok' if good else 'WRONG'}\n")
    mutants = rows[2:]
    if mutants:
        caught = sum(1 for r in mutants if r[3])
        stream.write(f"mutation score: {caught}/{len(mutants)} mutants caught as declared\n")
    for problem in problems:
        stream.write(f"- {problem}\n")
    stream.write("\n")
