"""Each student's HTML report, written beside the class report so that every name on it opens their page.

Why from the gradebook's *student* copy (the JSON report students may read): the page is the one a
student would be sent, so an instructor can forward it as it is; hidden checks show their
property only. The JSON is rebuilt into a ``Report`` and drawn by ``grader.formats.html`` (the
student report's own renderer: same look, same no-fetch policy). A task's note ("not implemented
yet") is not a field of the JSON; it is recovered as the task's feedback when that differs from
what its checks alone would say. A report that cannot be rebuilt is skipped and counted, never a
crash: the class report is still written, without that link.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from grader import atomic
from grader.batch.entries import safe_stem
from grader.batch.override_report import student_banner
from grader.formats.html import render
from grader.result.model import CheckResult, Diagnosis, Report, TaskResult, VariantNumbers


def write_pages(pages, folder: Path, page: Path, overridden: dict | None = None) -> tuple[dict[str, str], int]:
    """Write ``folder``/<student>.html for each (student, student JSON text) of ``pages``; return (student ->
    its path relative to the class report ``page``, how many could not be rebuilt). ``overridden``: student ->
    their gradebook row, for those with scores a person set (``grader.batch.overrides``): their page says so
    first, with the final total, since the checks drawn below no longer add up to it."""
    folder.mkdir(parents=True, exist_ok=True)
    links, skipped = {}, 0
    base = Path(page).resolve().parent
    for student, text in pages:
        try:
            report = rebuild(json.loads(text))
        except (ValueError, TypeError, KeyError, AttributeError):
            skipped += 1
            continue
        target = folder / f"{safe_stem(student)}.html"
        html = render(report)
        if overridden and student in overridden:
            html = html.replace("</header>", "</header>" + student_banner(overridden[student]), 1)
        atomic.write(target, html)
        links[student] = Path(os.path.relpath(target.resolve(), base)).as_posix()
    return links, skipped


def rebuild(data: dict) -> Report:
    """A Report from its ``to_dict()`` (a student's copy): what ``grader.formats.html.render`` draws."""
    tasks = []
    for task in data["tasks"]:
        checks = [CheckResult(c["name"], bool(c["passed"]), c.get("message") or "", float(c.get("weight", 1.0)),
                              c.get("description") or "", visibility=c.get("visibility") or "visible",
                              diagnosis=Diagnosis(c["diagnosis"]["code"], c["diagnosis"].get("hint") or "")
                              if isinstance(c.get("diagnosis"), dict) else None, expected=c.get("expected") or "")
                  for c in task.get("checks") or []]
        rebuilt = TaskResult(task["id"], task.get("title") or "", float(task["max_score"]), checks)
        feedback = task.get("feedback") or ""
        if feedback and feedback != rebuilt.feedback:  # the engine's note said it: a stub, an empty answer
            rebuilt = TaskResult(task["id"], task.get("title") or "", float(task["max_score"]), checks, note=feedback)
        tasks.append(rebuilt)
    variant = data.get("variant")
    numbers = None
    if isinstance(variant, dict) and isinstance(variant.get("parameters"), dict):
        says = variant.get("says") if isinstance(variant.get("says"), list) else []
        numbers = VariantNumbers(variant.get("student") or "", tuple(
            (name, value, says[i] if i < len(says) else f"{name} = {value}")
            for i, (name, value) in enumerate(variant["parameters"].items())))
    return Report(data.get("lesson") or "", data.get("title") or "", data.get("submission") or "", tasks,
                  execution_time=float(data.get("execution_time") or 0.0), limited=bool(data.get("limited")),
                  notes=list(data.get("notes") or []), audience="student", variant=numbers)
