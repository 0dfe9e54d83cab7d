"""The "What to fix" section of the terminal report, as styled lines (grader.result.advice decides the order).

Short by default: one item per symptom, led by the diagnosis's hint, with the grid of the
lesson's small demo when there is one, and the names of the checks that saw it. With
``verbose`` each item also gets what every check saw (the call, what came back, what was
expected, as far as the audience may read it) and its diagnosis code. Prose is wrapped to
the width; pictures and code lines are kept exactly as drawn.
"""

from __future__ import annotations

import textwrap

from grader.describe import mask_picture, side_by_side
from grader.result import Report
from grader.result.advice import Item, what_to_fix


def fix_lines(report: Report, width: int, verbose: bool = False) -> list[tuple[str, str]]:
    """(style, line) pairs after the "What to fix" heading; style is "", "dim", "bold red" or a task status."""
    advice = what_to_fix(report)
    lines: list[tuple[str, str]] = []
    if advice.blocker:
        lines += [("", ""), ("bold red", "First, before anything else:")]
        lines += [("", line) for line in bullet(advice.blocker, width).splitlines()]
        lines += [("dim", line) for line in textwrap.wrap(
            f"Until this is fixed, {_and(advice.blocked)} cannot be graded (they score 0).", width - 4,
            initial_indent="    ", subsequent_indent="    ")]
    for entry in advice.tasks:
        task = entry.task
        lines += [("", ""), (task.status, f"{task.id} ({task.title})" if task.title else task.id)]
        for item in entry.items:
            lines += _item(item, width, verbose)
    return lines


def _item(item: Item, width: int, verbose: bool) -> list[tuple[str, str]]:
    text = f"{item.text} [{item.code}]" if verbose and item.code else item.text
    lines = [("", line) for line in bullet(text, width).splitlines()]
    if item.code and item.pictures and len(item.pictures) == 2:
        (left_title, left), (right_title, right) = item.pictures
        picture = side_by_side(mask_picture(left), mask_picture(right), (left_title, right_title))
        lines += [("", "    " + line) for line in picture.splitlines()]
    names = [c.name for c in item.checks]
    if verbose:
        for detail in item.details:
            lines += [("dim", line) for line in bullet(detail, width, "      · ", "        ").splitlines()]
    elif item.details or len(names) > 1:
        seen = f"seen by {_and(names)}" if len(names) <= 4 else f"seen by {len(names)} checks ({names[0]}, …)"
        lines += [("dim", line) for line in textwrap.wrap(f"({seen}; --verbose shows what each saw)", width - 4,
                                                          initial_indent="    ", subsequent_indent="    ")]
    return lines


def bullet(message: str, width: int, first: str = "  - ", rest: str = "    ") -> str:
    """Wrap prose, but keep pictures and code lines exactly as they are."""
    head, *tail = message.splitlines() or [""]
    lines = textwrap.wrap(head, width - 4, initial_indent=first, subsequent_indent=rest,
                          break_on_hyphens=False) or [first.rstrip()]  # "floating-point" stays one word
    lines += [rest + line for line in tail]
    return "\n".join(lines)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
