"""Who needs help, for the Monday after a deadline: the students an instructor should write to first.

Four lists, each a reason of its own (a student may be on several): the lowest totals (the
``LOWEST`` lowest, ties at the cut included, and only those below the class's median: in a small
class the tenth lowest may be an ordinary grade), untouched submissions (every task still the stub
or unanswered: they handed in the exercise as they got it), students holding several
misconceptions (``SEVERAL`` or more distinct diagnoses across the tasks: a pattern, not a slip),
and students whose code ran out of time on some task (an endless loop or far too much work:
their grade says little about what they understood). Read from the ``ClassView`` that the
summary gathered, so the batch's report and the gradebook's agree.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from grader.batch.class_view import ClassView

LOWEST = 10
SEVERAL = 2


@dataclass(frozen=True)
class Help:
    lowest: list[tuple[str, float]]  # (student, total), lowest first
    untouched: list[str]
    several: list[tuple[str, tuple[tuple[str, str], ...]]]  # (student, its (task, code) diagnoses), most first
    timeouts: list[tuple[str, tuple[str, ...]]]  # (student, the tasks that ran out of time)

    @property
    def anyone(self) -> bool:
        return bool(self.lowest or self.untouched or self.several or self.timeouts)


def needs_help(view: ClassView, lowest: int = LOWEST, several: int = SEVERAL) -> Help:
    graded = sorted(((s.student, s.score or 0.0) for s in view.standings if s.status == "graded"),
                    key=lambda item: (item[1], item[0]))
    median = statistics.median(total for _, total in graded) if graded else 0.0
    cut = [item for item in graded[:lowest] if item[1] < median - 1e-9]  # in a small class, not the middle
    if len(cut) == lowest:
        cut += [item for item in graded[lowest:] if item[1] <= cut[-1][1] + 1e-9]
    facts = [view.facts[name] for name in sorted(view.facts)]
    return Help(cut, [f.student for f in facts if f.untouched],
                sorted(((f.student, f.diagnoses) for f in facts if len({c for _, c in f.diagnoses}) >= several),
                       key=lambda item: (-len(item[1]), item[0])),
                sorted([(f.student, f.timeouts) for f in facts if f.timeouts]
                       + [(s.student, ("the whole grading",)) for s in view.standings if s.timed_out]))


def bucket(score: float, top: float) -> int:
    """Which of ``BUCKETS`` a task score falls in: nothing, a quarter band of partial credit, or full marks."""
    if top <= 0:
        return len(BUCKETS) - 1
    share = score / top
    if share <= 1e-9:
        return 0
    if share >= 1 - 1e-9:
        return len(BUCKETS) - 1
    return 1 + min(int(share * 4), 3)


BUCKETS = ("0", "under ¼", "¼ to ½", "½ to ¾", "¾ to full", "full")


def distribution(scores: list[float], top: float) -> list[int]:
    """How many ``scores`` (of a task worth ``top``) fall in each of ``BUCKETS``."""
    counts = [0] * len(BUCKETS)
    for score in scores:
        counts[bucket(score, top)] += 1
    return counts
