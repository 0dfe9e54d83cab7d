"""Grade a held-out class against its labels: the figures issue 21 asks for, and the feedback to judge.

Usage: python tests/heldout/harness.py SET_DIR [--export FILE]

SET_DIR holds one folder per lesson (``prefill/``, ``latency/``), each holding one folder per student
with what they handed in (the module or the notebook, maybe ``answers.toml``) and ``labels.toml``
(``tests/heldout/issue21/BRIEF.md`` says its schema). Every student is graded once, as a hand-in
would be, and each labelled function and answer is compared with the grade of its task:

- a right function below full marks is a false fail, a wrong one at full marks a false pass;
- a caught wrong function's feedback is exported (``--export``) with the label's mistake, for a
  reader who has not seen the suites to judge: the mistake named, a precise symptom, generic, or
  misleading (it names a mistake the student did not make);
- an answer labelled right below full marks, or wrong (or blank) at full marks, is misgraded.

The set is graded once, at the end of the work it measures, and never tuned on.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from grader.grading.engine import grade  # noqa: E402
from grader.grading.session import GradingSession  # noqa: E402
from grader.lesson.course import Course  # noqa: E402


def students(lesson_dir: Path) -> list[Path]:
    return sorted(p for p in lesson_dir.iterdir() if p.is_dir() and (p / "labels.toml").is_file())


def grade_set(set_dir: Path, session: bool = False) -> dict:
    """Every student of the set graded, as `make grade` grades a folder; ``session``: through one
    ``GradingSession`` per lesson, as a class batch grades (the same reports, in three quarters of the time: the
    regression tests), rather than one ``engine.grade`` each (the one grading of a round)."""
    course = Course(ROOT)
    out = {"functions": [], "answers": [], "errors": []}
    for lesson_dir in sorted(p for p in set_dir.iterdir() if p.is_dir()):
        lesson = course.lesson(lesson_dir.name)
        with contextlib.ExitStack() as stack:
            graded = stack.enter_context(GradingSession(lesson.id, course)).grade if session else \
                functools.partial(grade, lesson=lesson.id, course=course)
            _grade_lesson(lesson, lesson_dir, graded, out)
    return out


def _grade_lesson(lesson, lesson_dir: Path, graded, out: dict) -> None:
    by_function = {t.function: t.id for t in lesson.code_tasks}
    by_key = {t.answer.key: t.id for t in lesson.tasks if t.answer}
    for folder in students(lesson_dir):
        labels = tomllib.loads((folder / "labels.toml").read_text(encoding="utf-8"))
        try:  # the folder, as `make grade` grades it: the module and answers.toml, or the notebook
            report = graded(folder)
        except Exception as exc:  # noqa: BLE001 - counted, never hidden
            out["errors"].append({"student": folder.name, "error": f"{type(exc).__name__}: {exc}"})
            continue
        instructor = report.for_audience("instructor")
        student_view = report.for_audience("student")
        for function, label in labels.get("functions", {}).items():
            task = instructor.task(by_function[function])
            out["functions"].append({
                "lesson": lesson.id, "student": folder.name, "function": function,
                "verdict": label.get("verdict"), "mistake": label.get("mistake", ""),
                "witness": label.get("witness", ""), "full": task.score >= task.max_score,
                "score": task.score, "max": task.max_score, "codes": sorted(d.code for d in task.diagnoses),
                "feedback": task.feedback, "student_feedback": student_view.task(task.id).feedback})
        for key, label in labels.get("answers", {}).items():
            if key not in by_key:
                continue
            task = instructor.task(by_key[key])
            out["answers"].append({"lesson": lesson.id, "student": folder.name, "key": key,
                                   "verdict": label.get("verdict"), "means": label.get("means", ""),
                                   "full": task.score >= task.max_score, "feedback": task.feedback})


def figures(graded: dict) -> dict:
    result = {}
    for lesson in sorted({f["lesson"] for f in graded["functions"]}):
        functions = [f for f in graded["functions"] if f["lesson"] == lesson]
        right = [f for f in functions if f["verdict"] == "right"]
        wrong = [f for f in functions if f["verdict"] == "wrong"]
        answers = [a for a in graded["answers"] if a["lesson"] == lesson]
        result[lesson] = {
            "students": len({f["student"] for f in functions}),
            "right functions": len(right), "false fails": [f"{f['student']}.{f['function']}" for f in right
                                                            if not f["full"]],
            "wrong functions": len(wrong), "false passes": [f"{f['student']}.{f['function']}" for f in wrong
                                                            if f["full"]],
            "caught wrong functions": sum(not f["full"] for f in wrong),
            "with a diagnosis code": sum(bool(f["codes"]) for f in wrong if not f["full"]),
            "answers": len(answers),
            "misgraded answers": [f"{a['student']}.{a['key']}" for a in answers
                                  if (a["verdict"] == "right") != a["full"]],
        }
    result["errors"] = graded["errors"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set_dir", type=Path)
    parser.add_argument("--export", type=Path, help="write every graded function and answer here (JSON)")
    args = parser.parse_args()
    graded = grade_set(args.set_dir)
    if args.export:
        args.export.write_text(json.dumps(graded, indent=1, ensure_ascii=False), encoding="utf-8")
    print(json.dumps(figures(graded), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
