"""Issue 25, class 2: answers that say another thing than the grader read, graded through ``grader grade``.

Each case is the reference solution with one answers.toml; ``expect`` says, per answer key,
whether it must pass or be refused and what the refusal must say (the answer is named back,
and so is what makes it ambiguous). Driven by tests/e2e/test_hostile_round3_answers.py; the
read of a 1 MiB adversarial file is timed in tests/submission/test_answers_file_linear.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class AnswersCase:
    id: str
    answers: dict[str, str]  # key -> the value as typed (a TOML string)
    expect: dict[str, tuple[bool, tuple[str, ...]]] = field(default_factory=dict)  # key -> (passes, in the message)


REFUSED_BOTH = ("names 2 choices", "A", "B")
CASES = (
    AnswersCase("negated-first-choice", {"quiz": "B is wrong; the answer is A"}, {"quiz": (False, REFUSED_BOTH)}),
    AnswersCase("first-guess", {"quiz": "B was my first guess but it is A"}, {"quiz": (False, REFUSED_BOTH)}),
    AnswersCase("negated-label", {"quiz": "No is wrong: Yes"}, {"quiz": (False, REFUSED_BOTH)}),
    AnswersCase("hedged", {"quiz": "B (or maybe A)"}, {"quiz": (False, REFUSED_BOTH)}),
    AnswersCase("not-a", {"quiz": "not A"}, {"quiz": (False, ("choice A", "is B the one you mean"))}),
    AnswersCase("question-mark", {"quiz": "A? or B"}, {"quiz": (False, REFUSED_BOTH)}),
    AnswersCase("passing-mention", {"quiz": "A, since B would ignore the mask"}, {"quiz": (False, REFUSED_BOTH)}),
    AnswersCase("control-choice", {"quiz": "B because each position attends only to earlier ones"},
                {"quiz": (True, ())}),
    AnswersCase("workings-that-contradict", {"flops": "7e9 × 1000 = 1.4e13", "pairs": "16 (4 × 4) = 10",
                                             "seconds": "0.28 s (1.4e13 / 5e13) (1.4e13 / 7e13)"},
                {"flops": (False, ("gives 7e+12",)), "pairs": (False, ("gives 16",)),
                 "seconds": (False, ("gives 0.2",))}),
    AnswersCase("workings-in-the-results-unit", {"seconds": "280 ms (1.4e13 / 5e13 × 1000)",
                                                 "flops": "14 trillion (2 × 7 × 1)", "pairs": "10 (4+3+2+1) (5+5)"},
                {"seconds": (True, ()), "flops": (True, ()), "pairs": (True, ())}),
)


def answers_toml(reference: str, case: AnswersCase) -> str:
    """The reference's answers.toml with the case's values in place of its own."""
    lines = []
    for line in reference.splitlines():
        key = line.split("=", 1)[0].strip()
        lines.append(f"{key} = {_toml_string(case.answers[key])}" if key in case.answers and "=" in line else line)
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
