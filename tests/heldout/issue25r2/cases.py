"""The battery's cases as data: id, class (1-9 of issue 25, or "control"), what it is, how it is built
(a function of the case's empty folder), how it is played through the grader's public command line
(`grade`, `batch`, `gradescope`, `variant` or a custom sequence) and the judgement (a function of what
the grader showed the outside, returning (held, reason)). Every judgement follows docs/ or the issue's
"What to build"; where they are silent the case's `why` says what a student or instructor would expect.
The cases live in three modules by class (kept under 450 lines each); importing them registers them."""

from __future__ import annotations

import cases_1_4  # noqa: F401  (registers classes 1-4)
import cases_5_9  # noqa: F401  (registers classes 5-9)
import cases_controls  # noqa: F401  (registers the controls)
from judges import CASES, TIMEOUT, Case

__all__ = ["CASES", "TIMEOUT", "Case"]
