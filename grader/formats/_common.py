"""Small pieces every format shares: its base, points, bars, the lesson's mask grids."""

from __future__ import annotations

import json
import re

from grader.describe import mask_picture, side_by_side
from grader.formats import DEFAULT_OPTIONS, FormatOptions, claim_note  # noqa: F401 - the formats take it here

BAR_CELLS = 10
# what a student's copy says of a grade in limited mode (Report.limited): the instructor's copy names the
# sandbox with the machine's details instead (Report.sandbox)
LIMITED = "graded in limited mode"


class FormatBase:
    """What every format shares: its name and the options it was created with (``formats.Format``)."""

    name = ""

    def __init__(self, options: FormatOptions = DEFAULT_OPTIONS):
        self.options = options


def json_text(data) -> str:
    """JSON as the formats write it (UTF-8, indented). A CI log may print it, and the GitHub runner's
    legacy parser obeys ``##[`` anywhere in a line: written ``\\u0023#[``, the same data, never obeyed."""
    return json.dumps(data, indent=2, ensure_ascii=False).replace("##[", "\\u0023#[") + "\n"


def markup_text(text: str) -> str:
    """XML or HTML that a CI log may print: a line's leading ``::`` as ``&#58;:`` and ``##[`` as ``&#35;#[``,
    the same text once parsed, never obeyed (the runner trims whitespace, then obeys ``::``)."""
    return re.sub(r"^(\s*)::", r"\1&#58;:", text, flags=re.M).replace("##[", "&#35;#[")


def numbers(report) -> str:
    """One line naming the student's own numbers a report was graded with (``Report.variant``); "" for the
    lesson's own."""
    if report.variant is None:
        return ""
    said = ", ".join(text for _, _, text in report.variant.parameters)
    return f"your numbers (student {report.variant.student}): {said}"


def points(value: float) -> str:
    """2 stays "2", a third of a point is "0.33": scores read like a teacher writes them."""
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


def fraction(score: float, max_score: float) -> float:
    return max(0.0, min(1.0, score / max_score)) if max_score else 0.0


def bar(score: float, max_score: float, cells: int = BAR_CELLS) -> str:
    """A bar of full and empty blocks; any credit at all shows at least one full block."""
    share = fraction(score, max_score)
    full = int(share * cells + 0.5)  # half a cell rounds up, always (round() would go to even)
    if share > 0 and full == 0:
        full = 1
    if share < 1 and full == cells:
        full = cells - 1
    return "█" * full + "░" * (cells - full)


def prose(check) -> str:
    """A check's message without the text picture that its ``pictures`` draw better."""
    if len(check.pictures) == 2:
        (left_title, left), (right_title, right) = check.pictures
        picture = side_by_side(mask_picture(left), mask_picture(right), (left_title, right_title))
        if check.message.endswith(picture):
            return check.message[: -len(picture)].rstrip().removesuffix(":").rstrip()
    return check.message


def failing_checks(task) -> list:
    """Failing checks whose message is new (an import error says the same for every check)."""
    seen, shown = set(), []
    for check in task.checks:
        if not check.passed and check.message and check.message not in seen:
            seen.add(check.message)
            shown.append(check)
    return shown
