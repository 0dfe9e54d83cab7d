"""How close a by-hand answer must be to an accepted value: one comparison per question.

The three are PrairieLearn's (``pl-number-input``: ``rtol``, ``atol``, ``sigfigs``), so that an
instructor who has written questions there declares them the same way here, and each is
exactly one number (a question that named two would leave it unsaid which one decides):

- ``rtol``: relative, as numpy's ``allclose`` that PrairieLearn uses: ``|given - accepted| <=
  rtol * |accepted|``, measured from the accepted value (not from the larger of the two, as
  ``math.isclose`` does), so that "within 1 %" means 1 % of the right answer;
- ``atol``: absolute, in the question's unit: ``|given - accepted| <= atol``;
- ``sigfigs``: significant figures, as PrairieLearn's ``is_correct_scalar_sf`` defines them:
  right when the answer lies strictly within 0.51 units of the accepted value's last
  significant figure (``sigfigs = 2`` for 0.28 accepts 0.2749 < x < 0.2851). For an accepted
  value that is itself written to that many figures, this is "agrees when rounded to that
  many figures", a hair wider so that either rounding of a half (0.275, 0.285) counts; it
  compares values, not how many digits were typed (0.28 and 0.2800 are the same answer).
  An accepted value of 0 counts its figures from the ones place, as PrairieLearn does.

``rtol`` and ``atol`` forgive float rounding at their edge (a few units in the last place of
the numbers compared: 0.2828 is within 1 % of 0.28 even though 0.2828 - 0.28 is a hair more
than 0.0028 in binary); ``sigfigs`` keeps PrairieLearn's strict bounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

KINDS = ("rtol", "atol", "sigfigs")
MOST_FIGURES = 15  # what a float holds: a question asking more cannot be told apart


@dataclass(frozen=True)
class Tolerance:
    kind: str = "rtol"  # one of KINDS
    value: float = 0.01  # rtol a fraction, atol in the question's unit, sigfigs a whole number

    def accepts(self, given: float, accepted: float) -> bool:
        """Whether ``given`` is ``accepted`` within this tolerance (both in the question's unit)."""
        if not (math.isfinite(given) and math.isfinite(accepted)):
            return given == accepted
        if self.kind == "sigfigs":
            figures = int(self.value)
            place = math.floor(math.log10(abs(accepted))) - figures + 1 if accepted else 1 - figures
            eps = 0.51 * 10.0 ** place
            return accepted - eps < given < accepted + eps
        bound = self.value * abs(accepted) if self.kind == "rtol" else self.value
        return abs(given - accepted) <= bound + 4 * math.ulp(max(abs(given), abs(accepted)))


RTOL_1 = Tolerance()  # within 1 %: what a question built in code compares with unless it says otherwise


def problem(kind: str, value) -> str | None:
    """What is wrong with a declared tolerance, or None: each must be a positive number, and
    ``sigfigs`` a whole one a float can hold."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return f"must be a positive number, not {value!r}"
    if value <= 0:
        return (f"must be a positive number, not {value}" + (" (0 accepts only the exact float: for a whole "
                                                             "number, declare a small rtol such as 1e-9)"
                                                             if value == 0 else ""))
    if kind == "sigfigs" and (value != int(value) or value > MOST_FIGURES):
        return f"must be a whole number of significant figures from 1 to {MOST_FIGURES}, not {value}"
    return None
