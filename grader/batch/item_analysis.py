"""Item analysis of every check: how many pass it and whether it separates strong students from weak ones.

Why: a check that most strong students fail and weak ones pass is more often a broken check (a
tolerance too tight, a reference off, a test of the wrong thing) than a hard one, and an
instructor should read it before the grades go out. Two classical figures per check:

- **difficulty**: the share of the graded students who pass it (1.0: everyone does);
- **discrimination**: the point-biserial correlation of passing it with the *rest* of the total,
  the student's total without this check's own points (counting them would correlate the check
  with itself and make every check look good). Near +1: students who pass it score higher on the
  rest; near 0: unrelated; below zero: strong students fail it more often than weak ones, flagged.

Undefined (None) when everyone passes, nobody does, or the rest is the same for everyone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from grader.batch.class_view import ClassView

NEGATIVE = -1e-9  # below this a discrimination is flagged (exactly 0 is not)


@dataclass(frozen=True)
class Item:
    task: str
    check: str
    students: int  # graded students whose report has this check
    passed: int
    discrimination: float | None

    @property
    def difficulty(self) -> float:
        return self.passed / self.students if self.students else 0.0

    @property
    def flagged(self) -> bool:
        return self.discrimination is not None and self.discrimination < NEGATIVE


def analyse(view: ClassView) -> list[Item]:
    """An Item per check of the view, in the view's check order."""
    items = []
    totals = {name: sum(p for ok, p in found.checks.values() if ok) for name, found in view.facts.items()}
    for key in view.checks:
        passes, rests = [], []
        for name, found in view.facts.items():
            if key not in found.checks:
                continue
            passed, points = found.checks[key]
            passes.append(1.0 if passed else 0.0)
            rests.append(totals[name] - (points if passed else 0.0))
        items.append(Item(key[0], key[1], len(passes), int(sum(passes)), correlation(passes, rests)))
    return items


def correlation(xs: list[float], ys: list[float]) -> float | None:
    """Pearson's r of two equal-length lists (the point-biserial one when ``xs`` is 0/1); None when either is
    constant or there are fewer than two pairs."""
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 1e-12 or syy <= 1e-12:
        return None
    r = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / math.sqrt(sxx * syy)
    return max(-1.0, min(1.0, r))
