"""Issue 22's held-out harness, part 4: submissions that try to choose their own variant.

Each attack is handed to the engine as its platform would (``build``): the command line with the trusted
id, Gradescope's autograder with the id from the real metadata, or a class folder of the platform's
layout in one ``grader batch``; then the report is checked against the held-out's expectations.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from harness_common import LESSON_NUMBERS, RIGHT, heldout_numbers, load, reading, run_batch, toml_string, within

FORMATS = {"flops": lambda v: format(v, ".4g"), "seconds": lambda v: f"{v:.4g} s", "elapsed": lambda v: f"{v:.4g} s",
           "pairs": lambda v: str(int(v)), "decode_rate": lambda v: f"{v:.4g} tokens/s",
           "output_rate": lambda v: f"{v:.4g} tokens/s"}
_LINE = re.compile(r'^\s*"?(?P<key>[A-Za-z_][\w-]*)"?\s*=\s*(?P<value>.*?)\s*(?:\\n)?"?,?$')


def engine_id(platform: str, raw: str) -> str:
    """The id the engine keys a platform's student by (docs/class.md): Canvas and Moodle entries
    ``<name>_<id>`` by their number; every other platform by the name the held-out gives."""
    return raw.rsplit("_", 1)[-1] if platform in ("canvas", "moodle") else raw


def values_of(attack: dict, course, lesson) -> tuple[dict, str]:
    """The held-out numbers the placeholders are filled from, and how they were found."""
    from grader.exceptions import GraderError
    from grader.grading.variants import reference_of, variants_for
    from grader.lesson.solutions import resolve_solutions
    from grader.lesson.variants import normalise_id, own_numbers, variant_for

    spec = attack["values_of"]
    if spec == "lesson":
        return heldout_numbers(own_numbers(lesson), lesson.id), "the lesson's own numbers"
    if isinstance(spec, str):
        student = engine_id(attack["platform"], spec)
        return heldout_numbers(variants_for(course, lesson, [student])[normalise_id(student)], lesson.id), \
            f"{student}'s variant, the term's salt"
    reference = reference_of(lesson, resolve_solutions(course, lesson, None))
    try:
        return heldout_numbers(variant_for(lesson, spec["student"], spec["salt"], reference), lesson.id), \
            f"{spec['student']}'s variant, salt {spec['salt']!r}"
    except GraderError as exc:  # the engine refuses the salt (an empty one): its own draw, without the check
        from grader.lesson.parameters import by_hand
        from grader.lesson.variants import ATTEMPTS, with_parameters

        student = normalise_id(spec["student"])
        for attempt in range(ATTEMPTS):
            found = with_parameters(lesson, lesson.parameters.choose(student, spec["salt"], lesson.id, attempt),
                                    reference, student)
            if not by_hand(found.answers, lesson.parameters, found.hints):
                return heldout_numbers(found, lesson.id), (f"{spec['student']}'s draw under salt {spec['salt']!r} "
                                                           f"(variant_for refuses it: {exc})")
        raise


def fill(text: str, numbers: dict) -> str:
    for key, form in FORMATS.items():
        if f"@{key}@" in text:
            text = text.replace(f"@{key}@", form(RIGHT[key](numbers)))
    return text


def submitted(files: dict, lesson) -> tuple[dict, list[str]]:
    """The answers the submission gives (key -> text) and what else it says that an instructor may want to hear
    of (stray keys, tables, other files): read here from the files as written, independently of the engine."""
    keys = [t.answer.key for t in lesson.tasks if t.answer]
    answers, stray = {}, []
    for path, text in files.items():
        name = Path(path).name
        if name.endswith("answers.toml") or name.endswith(".ipynb"):
            lines = text.splitlines()
            if name.endswith(".ipynb"):
                book = json.loads(text)
                lines = ["".join(c.get("source", [])) for c in book["cells"]]
                lines = [line for cell in lines for line in cell.splitlines()]
                stray += ["metadata"] if '"student' in text else []
            for line in lines:
                header = re.fullmatch(r"\s*\[(\w+)\]\s*", line)
                if header and header[1] != "answers":
                    stray.append(header[1])
                m = _LINE.match(line)
                if m and m["key"] in keys:
                    answers[m["key"]] = m["value"].strip().strip('"')
                elif m:
                    stray.append(m["key"])
        elif not name.endswith(".py"):
            stray.append(path)
    return answers, stray


def build(attack: dict, files: dict, where: Path) -> tuple[Path, str]:
    """The submission as its platform hands it to the engine: (what to grade, its kind: "grade" or "batch")."""
    import zipfile

    platform = attack["platform"]
    if platform in ("cli", "gradescope"):
        target = where / "submission"
        entries = {"": files}
    elif platform == "canvas":
        target = where / "class"
        entries = {"": files}
    elif platform == "moodle":
        target = where / "class"
        entries = {f"{attack['trusted_id']}_assignsubmission_file_": files}
    elif platform == "github-classroom":
        target = where / f"{attack['lesson']}-submissions"
        entries = {f"{attack['lesson']}-{attack['trusted_id']}": files}
    else:  # batch
        target = where / "class"
        entries = {attack.get("batch_entry", attack["trusted_id"]): files}
    for entry, contents in entries.items():
        if entry.endswith(".zip"):
            target.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(target / entry, "w") as archive:
                for path, text in contents.items():
                    archive.writestr(path, text)
            continue
        for path, text in contents.items():
            (target / entry / path).parent.mkdir(parents=True, exist_ok=True)
            (target / entry / path).write_text(text, encoding="utf-8")
    return target, "grade" if platform in ("cli", "gradescope") else "batch"


def attacks(engine: Path, work: Path) -> dict:
    try:
        from grader.grading.variants import variants_for
        from grader.lesson.variants import normalise_id
    except ImportError as exc:
        return {"available": False, "why": f"the engine has no per-student variants ({exc})"}
    from grader.batch.gradebook import Gradebook
    from grader.grading.engine import grade
    from grader.lesson.course import Course

    course = Course(engine)
    rows = []
    for attack in load("attacks.toml")["attack"]:
        lesson = course.lesson(attack["lesson"])
        where = work / f"attack-{attack['id']}"
        row = {"id": attack["id"], "platform": attack["platform"], "expect": dict(attack["expect"]), "problems": [],
               "failed": []}
        rows.append(row)
        try:
            numbers, how = values_of(attack, course, lesson)
            files = {path: fill(text, numbers) for path, text in attack["setup"].items()}
            target, kind = build(attack, files, where)
            trusted = engine_id(attack["platform"], attack["trusted_id"])
            if attack["platform"] == "gradescope":
                from grader.authoring.submitter import metadata_student

                (where / "submission_metadata.json").write_text(attack["platform_files"]["submission_metadata.json"],
                                                                encoding="utf-8")
                trusted = metadata_student(where / "submission_metadata.json")
            if attack["id"] == "latency-copied-from-classmate-with-claim":  # the class includes dan.ortiz
                dan = heldout_numbers(variants_for(course, lesson, ["dan.ortiz"])["dan.ortiz"], lesson.id)
                (target / "dan.ortiz").mkdir(parents=True)
                (target / "dan.ortiz" / lesson.answers).write_text(
                    "".join(f"{k} = {toml_string(FORMATS[k](RIGHT[k](dan)))}\n" for k in FORMATS if k in
                            [t.answer.key for t in lesson.tasks if t.answer]) + 'quiz = "B"\n', encoding="utf-8")
            if kind == "grade":
                report = grade(target, lesson.id, course=course, student=trusted).for_audience("instructor").to_dict()
                row["rows"] = None
            else:
                run = run_batch(engine, target, lesson.id, where / "gradebook.sqlite")
                with Gradebook(where / "gradebook.sqlite", create=False) as book:
                    identities = book.variants(lesson.id)
                    reports = dict(book.reports(lesson.id))
                    row["rows"] = [(r.student, r.status, (r.reason or "")[:200], identities.get(r.student, ("",))[0])
                                   for r in book.rows(lesson.id)]
                mine = [s for s, (identity, _) in identities.items() if identity == normalise_id(trusted)]
                report = reports.get(mine[0]) if mine else None
                row["batch_status"], row["summary"] = run["status"], run["stdout"][-3000:]
                if attack["id"] == "latency-copied-from-classmate-with-claim":
                    from grader.batch import integrity

                    found = integrity.matches(integrity.graded_variants(list(reports.items())),
                                              integrity.LessonJudge(lesson), [t.id for t in lesson.tasks])
                    row["flags"] = [(m.student, list(m.others), list(m.tasks)) for m in found]
            judge_attack(row, attack, report, numbers, how, trusted, files, lesson, course)
        except Exception as exc:  # noqa: BLE001 - counted, never hidden
            row["problems"].append(f"error: {type(exc).__name__}: {exc}")
            row["failed"].append("error")
    return {"available": True, "rows": rows,
            "figures": {"attacks": len(rows), "as expected": sum(not r["problems"] for r in rows)} | {
                kind: sum(kind not in r["failed"] and "error" not in r["failed"] for r in rows)
                for kind in ("graded as", "answers", "example note", "instructor note")},
            "disagreements": [r for r in rows if r["problems"]]}


def judge_attack(row: dict, attack: dict, report: dict | None, numbers: dict, how: str, trusted: str,
                 files: dict, lesson, course) -> None:
    from grader.grading.variants import variants_for
    from grader.lesson.variants import normalise_id

    expect = attack["expect"]

    def problem(kind: str, text: str) -> None:
        row["problems"].append(text)
        row["failed"] += [kind] if kind not in row["failed"] else []

    row.update(values_of=how, trusted=trusted)
    if report is None:
        problem("graded as", "no graded report for the trusted id")
        return
    own = variants_for(course, lesson, [trusted])[normalise_id(trusted)]
    variant = report.get("variant") or {}
    row["graded_as"] = variant.get("student")
    if variant.get("student") != normalise_id(trusted) or variant.get("parameters") != own.parameters:
        problem("graded as", f"graded as {variant.get('student')!r} with {variant.get('parameters')}, not as "
                        f"{normalise_id(trusted)!r} with {own.parameters}")
    mine = heldout_numbers(own, lesson.id)
    answers, stray = submitted(files, lesson)
    tasks = {t["id"]: t for t in report.get("tasks", [])}
    row["keys"] = {}
    for task in (t for t in lesson.tasks if t.answer and t.answer.key in RIGHT):
        key, result = task.answer.key, tasks.get(task.id)
        engine_says = None if result is None else "right" if result["score"] >= result["max_score"] - 1e-9 else "wrong"
        checks = (result or {}).get("checks", [])
        unanswered = any(c.get("unanswered") for c in checks)
        noted = any(c.get("lesson_example") for c in checks)
        text = answers.get(key)
        value = None if text is None else reading(text, key)
        if expect["answers"] == "all-right":
            want = "right"
        elif expect["answers"] == "refused":
            want = "wrong"
        else:
            want = "right" if within(key, value, RIGHT[key](mine)) else "wrong"
        row["keys"][key] = {"answer": text, "want": want, "engine": engine_says, "unanswered": unanswered,
                            "example_note": noted,
                            "message": " | ".join(c.get("message", "") for c in checks if not c.get("passed"))[:300]}
        if engine_says != want and not (expect["answers"].endswith("-or-unanswered") and unanswered):
            problem("answers", f"{key} = {text!r}: {engine_says}, expected {want}")
        is_example = within(key, value, RIGHT[key](LESSON_NUMBERS[lesson.id]))
        if expect["lesson_example_note"] and is_example and want == "wrong" and not noted:
            problem("example note", f"{key} = {text!r}: no worked-example note")
        if not expect["lesson_example_note"] and noted and not is_example:
            problem("example note", f"{key} = {text!r}: a worked-example note on an answer that is not the example")
    claimed = report.get("claimed_student", "")
    notes = report.get("notes", [])
    told = [n for n in notes if any(s.lower() in n.lower() for s in stray)]
    row.update(claimed_student=claimed, notes=notes, stray=stray)
    if expect["instructor_note"] == "required":
        if "claimed_id" in expect and claimed.strip() != expect["claimed_id"].strip():
            problem("instructor note", f"the claim {expect['claimed_id']!r} is not reported "
                                       f"(claimed_student {claimed!r})")
        elif "claimed_id" not in expect and not told:
            problem("instructor note", f"nothing in the report names what the submission set ({', '.join(stray)})")
    elif expect["instructor_note"] == "none" and claimed:
        problem("instructor note", f"reports a disagreeing claim {claimed!r} where there is none")
