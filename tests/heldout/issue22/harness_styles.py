"""Issue 22's held-out harness, part 2: the students' styles graded as a class, and the integrity flags.

Each student's variant is the engine's (``variants_for``); their answers are the held-out's templates
rendered with it; each lesson's class is graded in one ``grader batch`` whose gradebook holds every
instructor report, and the flags are the engine's own (``grader.batch.integrity``) on those reports.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from harness_common import LESSON_NUMBERS, RIGHT, heldout_numbers, load, reading, render, run_batch, toml_string, within


def expectations(student: dict, own: dict, source: dict | None, rendered: dict) -> dict:
    """key -> "right", "wrong", "example" (wrong, with the worked-example note) or "void" (README's rules)."""
    copied, examples, wrong = student.get("copied_keys", []), student.get("example_keys", []), student.get("wrong", [])
    found = {}
    for key, text in rendered.items():
        if key == "quiz":
            found[key] = "wrong" if key in wrong else "right"
            continue
        close = within(key, reading(text, key), RIGHT[key](own))
        if key in examples:
            found[key] = "right" if close else "example"
        elif key in copied:
            same = source is not None and within(key, RIGHT[key](source), RIGHT[key](own))
            found[key] = "void" if same or close else "copied"
        elif key in wrong:
            found[key] = "void" if close else "wrong"
        else:
            found[key] = "right"
    return found


def styles(engine: Path, work: Path) -> dict:
    try:
        from grader.batch import integrity
        from grader.batch.gradebook import Gradebook
        from grader.grading.variants import variants_for
        from grader.lesson.solutions import resolve_solutions
    except ImportError as exc:
        return {"available": False, "why": f"the engine has no per-student variants or integrity flags ({exc})"}
    from grader.lesson.course import Course
    from grader.lesson.variants import normalise_id

    data = load("styles.toml")
    helpers: dict = {}
    exec(data["helpers"]["python"], helpers)  # noqa: S102 - the README's helpers
    course = Course(engine)
    out = {"available": True, "keys": [], "flags": {}, "batch": {}, "students": {}}
    for lesson_id in ("prefill", "latency"):
        lesson = course.lesson(lesson_id)
        students = [s for s in data["student"] if s["lesson"] == lesson_id]
        variants = variants_for(course, lesson, [s["id"] for s in students])
        numbers = {s["id"]: heldout_numbers(variants[normalise_id(s["id"])], lesson_id) for s in students}
        task_of = {t.answer.key: t.id for t in lesson.tasks if t.answer}
        reference = resolve_solutions(course, lesson, None) / lesson.module
        folder = work / f"class-{lesson_id}"
        folder.mkdir(parents=True)
        expected = {}
        for s in students:
            own, source = numbers[s["id"]], numbers.get(s.get("copied_from"))
            rendered = {k: render(t, source if k in s.get("copied_keys", []) else own, helpers)
                        for k, t in s["answers"].items()}
            expected[s["id"]] = (expectations(s, own, source, rendered), rendered)
            entry = folder / s["id"]
            entry.mkdir()
            shutil.copy(reference, entry / lesson.module)
            (entry / lesson.answers).write_text("".join(f"{k} = {toml_string(v)}\n" for k, v in rendered.items()),
                                                encoding="utf-8")
        gradebook, class_report = work / f"{lesson_id}.sqlite", work / f"{lesson_id}-class-report.html"
        out["batch"][lesson_id] = run_batch(engine, folder, lesson_id, gradebook, class_report)
        with Gradebook(gradebook, create=False) as book:
            reports = dict(book.reports(lesson_id))
            rows = {r.student: (r.status, r.reason) for r in book.rows(lesson_id)}
        for s in students:
            report = reports.get(s["id"])
            tasks = {t["id"]: t for t in (report or {}).get("tasks", [])}
            given_variant = (report or {}).get("variant") or {}
            out["students"][s["id"]] = {"lesson": lesson_id, "label": s["label"], "row": rows.get(s["id"]),
                                        "variant_student": given_variant.get("student"),
                                        "id_agrees": given_variant.get("student") == normalise_id(s["id"]),
                                        "parameters": numbers[s["id"]]}
            for key, expect in expected[s["id"]][0].items():
                task = tasks.get(task_of[key])
                checks = (task or {}).get("checks", [])
                out["keys"].append({
                    "student": s["id"], "lesson": lesson_id, "label": s["label"], "key": key, "expect": expect,
                    "answer": expected[s["id"]][1][key], "right": RIGHT[key](numbers[s["id"]]) if key in RIGHT
                    else None, "graded": task is not None,
                    "engine": None if task is None else ("right" if task["score"] >= task["max_score"] - 1e-9
                                                         else "wrong"),
                    "example_note": any(c.get("lesson_example") for c in checks),
                    "lesson_value": key in RIGHT and within(key, reading(expected[s["id"]][1][key], key),
                                                            RIGHT[key](LESSON_NUMBERS[lesson_id])),
                    "message": " | ".join(c.get("message", "") for c in checks if not c.get("passed"))[:300]})
        judge = integrity.LessonJudge(lesson)
        order = [t.id for t in lesson.tasks]
        found = integrity.matches(integrity.graded_variants(list(reports.items())), judge, order)
        page = class_report.read_text(encoding="utf-8") if class_report.exists() else ""
        out["flags"][lesson_id] = [{"student": m.student, "others": list(m.others), "tasks": list(m.tasks),
                                    "in_summary": m.student in out["batch"][lesson_id]["stdout"],
                                    "in_class_report": _escaped(m.student) in page} for m in found]
    return out | {"figures": style_figures(out, data["student"])}


def _escaped(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def style_figures(out: dict, students: list[dict]) -> dict:
    keys = [k for k in out["keys"] if k["expect"] != "void"]
    mis = [k for k in keys if k["engine"] != ("right" if k["expect"] == "right" else "wrong")]
    figures = {"keys": len(out["keys"]), "void": len(out["keys"]) - len(keys),
               "ungraded": [f"{k['student']}.{k['key']}" for k in keys if not k["graded"]]}
    for kind in ("right", "wrong", "copied", "example"):
        of = [k for k in keys if k["expect"] == kind]
        figures[kind] = {"total": len(of), "misgraded": sum(1 for k in of if k in mis)}
    examples = [k for k in keys if k["expect"] == "example"]
    figures["example note"] = {"total": len(examples), "noted": sum(k["example_note"] for k in examples),
                               "noted elsewhere": [f"{k['student']}.{k['key']}" for k in out["keys"]
                                                   if k["example_note"] and k["expect"] != "example"
                                                   and not k["lesson_value"]]}
    figures["ids"] = [s for s, v in out["students"].items() if not v["id_agrees"]]
    flagged = {f["student"]: f for lesson in out["flags"].values() for f in lesson}
    by_id = {s["id"]: s for s in students}
    copiers = [s for s in students if s["label"] == "copied"]
    named = [s["id"] for s in copiers if s["copied_from"] in flagged.get(s["id"], {}).get("others", [])]
    void_copiers = [s["id"] for s in copiers
                    if all(k["expect"] == "void" for k in out["keys"] if k["student"] == s["id"]
                           and k["key"] in s["copied_keys"])]
    mixed = [s for s in students if s["label"] == "mixed" and s.get("copied_keys")]
    figures["flags"] = {
        "copiers": len(copiers), "named with their source": len(named),
        "not named": [{"student": s["id"], "source": s["copied_from"], "flag": flagged.get(s["id"])}
                      for s in copiers if s["id"] not in named],
        "copiers whose copies are void (same numbers)": void_copiers,
        "mixed copiers": len(mixed),
        "mixed named with their source": [s["id"] for s in mixed
                                          if s["copied_from"] in flagged.get(s["id"], {}).get("others", [])],
        "false flags": [f | {"label": by_id[f["student"]]["label"]} for f in flagged.values()
                        if f["student"] in by_id and by_id[f["student"]]["label"] in ("own-right", "lesson-example")],
        "own-wrong flagged (allowed when the named variants give the answers)":
            [f for f in flagged.values() if f["student"] in by_id and by_id[f["student"]]["label"] == "own-wrong"],
        "missing from summary or class report": [f["student"] for f in flagged.values()
                                                 if not (f["in_summary"] and f["in_class_report"])],
    }
    figures["disagreements"] = [{k2: k[k2] for k2 in ("student", "label", "key", "answer", "expect", "engine",
                                                      "right", "example_note", "message")}
                                for k in mis] + [
        {"student": k["student"], "label": k["label"], "key": k["key"], "answer": k["answer"], "expect": "example",
         "engine": k["engine"], "right": k["right"], "example_note": False, "message": "no worked-example note"}
        for k in examples if k["engine"] == "wrong" and not k["example_note"]]
    return figures
