"""The battery: cases as data. Each case builds its files (build), may check locally that the
attack does what it says without the grader (verify), and plays the grader and judges (play).

Why split over modules: no module over 450 lines; this one only gathers them (round 10: the
case modules are new; the record and the machinery are round 9's, itself round 7's).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class Case:
    id: str
    cls: int            # 1-9: the classes; 0: a control
    what: str           # one line: what is handed in, and what "held" means
    build: Callable     # build(tmp: Path) -> dict state
    play: Callable      # play(ctx, st) -> (held: bool, reason: str)
    verify: Callable | None = None   # verify(st) -> (ok, reason), no grader
    timeout: float = 240.0


def all_cases() -> list[Case]:
    import cases_1_3
    import cases_4_6
    import cases_7_9
    import cases_controls
    attacks = cases_1_3.CASES + cases_4_6.CASES + cases_7_9.CASES
    for c in attacks:                 # modest per-case limits: the whole battery in ~3 minutes
        c.timeout = min(c.timeout, 120.0)
    return cases_controls.CASES + attacks
