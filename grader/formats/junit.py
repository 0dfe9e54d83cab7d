"""JUnit XML, the test report every CI system can show: a testsuite per task, a testcase per check.

Failures carry the feedback (the first line in ``message``, the whole text as content), so
a CI test tab reads like the terminal's "What to fix". Checks that could not run at all
(the module did not import, the suite broke) are ``<error>``, not ``<failure>``. Written
with the standard library so that producing it costs no dependency.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TextIO

from grader.formats._common import FormatBase, markup_text, points
from grader.result import Report

# Characters XML 1.0 cannot hold at all (a student's message may contain any of them).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


class JunitFormat(FormatBase):
    name = "junit"

    def write(self, report: Report, stream: TextIO) -> None:
        root = ET.Element("testsuites", {
            "name": _clean(report.title or report.lesson),
            "tests": str(sum(len(t.checks) for t in report.tasks)),
            "failures": str(sum(1 for t in report.tasks for c in t.checks if not c.passed and not c.error)),
            "errors": str(sum(1 for t in report.tasks for c in t.checks if not c.passed and c.error)),
            "time": f"{report.execution_time:.3f}",
        })
        for task in report.tasks:
            suite = ET.SubElement(root, "testsuite", {
                "name": task.id,
                "tests": str(len(task.checks)),
                "failures": str(sum(1 for c in task.checks if not c.passed and not c.error)),
                "errors": str(sum(1 for c in task.checks if not c.passed and c.error)),
                "skipped": "0",
                "time": "0",
                "package": report.lesson,
            })
            properties = ET.SubElement(suite, "properties")
            for name, value in (("title", task.title), ("score", points(task.score)),
                                ("max_score", points(task.max_score)), ("status", task.status)):
                ET.SubElement(properties, "property", {"name": name, "value": _clean(value)})
            for check in task.checks:
                case = ET.SubElement(suite, "testcase", {"name": _clean(check.name),
                                                         "classname": f"{report.lesson}.{task.id}", "time": "0"})
                if not check.passed:
                    text = f"{task.note}\n\n{check.message}" if task.note else check.message
                    if not task.note and check.diagnosis and check.diagnosis.hint not in check.message:
                        text = f"{check.diagnosis.hint}\n\n{text}"  # the misconception first
                    text = _clean(text)
                    element = ET.SubElement(case, "error" if check.error else "failure", {
                        "message": text.splitlines()[0] if text else "failed",
                        "type": "ImportError" if check.error else "CheckFailed",
                    })
                    element.text = text
        if report.sandbox_fallback and len(root):  # the machine's first choice failed the grader's canary
            ET.SubElement(root[0].find("properties"), "property",
                          {"name": "sandbox_fallback", "value": _clean(report.sandbox_fallback)})
        if report.output and len(root):  # instructors only: Report.for_audience empties it for students
            ET.SubElement(root[-1], "system-out").text = _clean(report.output)
        ET.indent(root)
        stream.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        stream.write(markup_text(ET.tostring(root, encoding="unicode")))
        stream.write("\n")
