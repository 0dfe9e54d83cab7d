"""What ``grader validate`` found for one lesson, and how it is said: a few lines, 100 columns.

``grader.authoring.validate`` collects a ``Validation``: one row per claim (the headline
numbers, the signatures, the reference, the stubs, each mutant) and one line per
disagreement, each marked with who must act on it: the solution under validation or the
suite. ``render`` prints it for a person at a terminal:

- **a rejected solution** (it changes what the lesson fixes, or fails a check on it) is a
  short list: each fact or check that disagrees, once, and the verdict. Nothing else is
  claimed: every other row compares against the solution, so it would only repeat the
  solution's fault in other words (the old table blamed the suite for 11 to 39 of them);
- **a sound solution** gets the table, the mutation score, the notes, each disagreement of
  the suite once and, once per kind, what such a disagreement can mean (``explain``).

Every line fits ``WIDTH`` columns: cells and sentences are wrapped at spaces, never cut.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from pathlib import Path

WIDTH = 100
SOLUTION, SUITE = "solution", "suite"  # who must act on a disagreement
_HEADER = ("case", "expected to lose", "observed", "verdict")
_NAME_WIDTH = 32  # at most, for the first column; longer case names wrap


@dataclass
class Validation:
    """One lesson's claims and disagreements against one solution folder."""

    lesson: str
    solution: Path  # as the instructor named it (a working copy may be what was graded)
    rows: list[tuple[str, str, str, bool]] = field(default_factory=list)  # (case, expected, observed, holds)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (SOLUTION or SUITE, what disagrees)
    why: list[str] = field(default_factory=list)  # what a kind of disagreement can mean, each said once
    notes: list[str] = field(default_factory=list)  # closing notes: where the answers came from, diagnoses
    mutants: int = 0  # how many of the rows (the last ones) are mutants

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def rejected(self) -> bool:
        """The solution is at fault: no other claim can be judged against it."""
        return any(who == SOLUTION for who, _ in self.problems)

    def explain(self, text: str) -> None:
        if text not in self.why:
            self.why.append(text)

    def verdict(self) -> str:
        if self.rejected:
            return (f"the solution in {self.solution} is rejected: fix it first, since every other claim compares "
                    "against it")
        if self.problems:
            return f"the solution in {self.solution} is sound; the suite is at fault"
        return "the suite and the solution agree on every claim"

    def summary(self) -> str:
        """One line: the verdict and the first disagreement (for ``grader release``)."""
        if not self.problems:
            return self.verdict()
        first = next(text for who, text in sorted(self.problems, key=lambda p: p[0] != SOLUTION))
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        return f"{self.verdict()}: {first}{more}"


def render(validation: Validation, stream) -> None:
    """Print ``validation`` to ``stream`` (nothing when it is None)."""
    if stream is None:
        return
    v = validation
    out = [*_wrap(f"Validation of lesson '{v.lesson}' against the solution in {v.solution}", indent="  ")]
    if v.rejected:
        out.append("rejected: the solution disagrees with what the lesson fixes:")
        out += _items(text for who, text in v.problems if who == SOLUTION)
        suite = [text for who, text in v.problems if who == SUITE]
        if suite:
            out.append("the suite is at fault too:")
            out += _items(suite)
    else:
        out += table(v.rows)
        if v.mutants:
            caught = sum(1 for row in v.rows[len(v.rows) - v.mutants:] if row[3])
            out.append(f"mutation score: {caught}/{v.mutants} mutants caught as declared")
        for note in v.notes:
            out += _wrap(note, indent="  ")
        if v.problems:
            out.append("the suite is at fault:")
            out += _items(text for _, text in v.problems)
        for why in v.why:
            out += _wrap(why, indent="  ")
    out += _wrap(f"verdict: {v.verdict()}", indent="  ")
    stream.write("\n".join(out) + "\n\n")


def table(rows: list[tuple[str, str, str, bool]]) -> list[str]:
    """The claims as a table of at most WIDTH columns; a cell too wide for its column wraps."""
    cells = [_HEADER, *((name, expected, seen, "ok" if good else "WRONG") for name, expected, seen, good in rows)]
    natural = [max(len(row[i]) for row in cells) for i in range(4)]
    widths = [min(natural[0], _NAME_WIDTH), natural[1], natural[2], natural[3]]
    room = WIDTH - 2 * 3 - widths[0] - widths[3]
    while widths[1] + widths[2] > room:  # take from the wider of the two middle columns
        widths[1 if widths[1] >= widths[2] else 2] -= 1
    lines = []
    for row in cells:
        wrapped = [textwrap.wrap(cell, width, break_on_hyphens=False) or [""] for cell, width in zip(row, widths,
                                                                                                    strict=True)]
        for depth in range(max(len(w) for w in wrapped)):
            parts = [(w[depth] if depth < len(w) else "").ljust(width) for w, width in zip(wrapped, widths,
                                                                                           strict=True)]
            lines.append("  ".join(parts).rstrip())
    return lines


def _items(texts) -> list[str]:
    lines = []
    for text in texts:
        lines += _wrap(text, first="- ", indent="  ")
    return lines


def _wrap(text: str, first: str = "", indent: str = "") -> list[str]:
    """``text`` in lines of at most WIDTH columns, broken at spaces (a word longer than a line, such
    as a long path, gets a line of its own rather than being cut)."""
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [first.rstrip()]
