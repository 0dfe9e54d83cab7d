"""Output formats, one module each, registered by name: the contract and the registry.

A format turns one ``Report`` (already made ``for_audience``) into text on a stream; it
reads nothing but the report and its ``FormatOptions``, so every format tells the same
story and none can leak what the audience may not read. ``--format NAME`` picks one.

Formats are imported only when asked for, so grading never pays for one it does not
print: the registry maps each name to "module:Class", and ``create`` imports it then.
A new format is one module keeping the ``Format`` contract, plus one line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TextIO

from grader.exceptions import UsageError

if TYPE_CHECKING:
    from grader.result import Report


@dataclass(frozen=True)
class FormatOptions:
    """What the command line may ask of any format; a format ignores what it has no use for."""

    verbose: bool = False  # under each thing to fix, what every check saw (text; html always shows it)


DEFAULT_OPTIONS = FormatOptions()


class Format(Protocol):
    """One output format."""

    name: str  # what --format calls it

    def __init__(self, options: FormatOptions = ...) -> None: ...

    def write(self, report: Report, stream: TextIO) -> None:
        """Write the whole report to ``stream``; the caller opens, replaces and closes files."""
        ...


# name -> "module:Class"
_REGISTRY = {
    "text": "grader.formats.text:TextFormat",
    "json": "grader.formats.json:JsonFormat",
    "gradescope": "grader.formats.gradescope:GradescopeFormat",
    "junit": "grader.formats.junit:JunitFormat",
    "markdown": "grader.formats.markdown:MarkdownFormat",
    "github": "grader.formats.github:GithubFormat",
    "html": "grader.formats.html:HtmlFormat",
}


def names() -> list[str]:
    return sorted(_REGISTRY)


def create(name: str, options: FormatOptions = DEFAULT_OPTIONS) -> Format:
    """The format called ``name``, set up with ``options``; a UsageError for an unknown name."""
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise UsageError(f"unknown format '{name}' (choose from {', '.join(names())})") from None
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)(options)


def log_lines(report, audience: str, written: list[str]) -> list[str]:
    """What the grader says on its own log (stderr) beside reports written for ``audience`` in the formats
    ``written``: a student's reports say "graded in limited mode" at most, so whoever runs the grader
    (Gradescope's instructor-only log, a CI log, a terminal) reads there how the machine confined the
    submission; and an id the submission names that is not its student's, only where the log is the
    instructor's alone (Gradescope's; a CI log is the student's)."""
    if audience == "instructor":
        return []
    lines = [f"ran in: {report.sandbox}" + (f"; note: {report.sandbox_fallback}" if report.sandbox_fallback else "")
             ] if report.limited or report.sandbox_fallback else []
    if claim_note(report) and "gradescope" in written:
        lines.append(f"note: {claim_note(report)}")
    return lines


def claim_note(report) -> str:
    """The instructor's line about an id the submission names that is not the one it was graded as
    (``Report.claimed_student``), and about the numbers it says it was given (``Report.claimed_variant``);
    a student's copy never has either; "" when there is none."""
    notes = []
    if report.claimed_student:
        notes.append(f"the submission names student {report.claimed_student!r} itself, not the student it came "
                     "from; graded with the numbers of the student it came from (a copied file may still name its "
                     "first owner)")
    if getattr(report, "claimed_variant", ""):
        notes.append(f"the submission says which numbers it was given itself ({report.claimed_variant}); never "
                     "used: graded with the numbers of the student it came from")
    return "; ".join(notes)

