"""Classes 1-2: gamed checks; answers that say another thing than the grader reads.

Every attack is a correct submission with one thing changed (subs.py), so what it scores
beyond the correct parts is what the gamed thing earned.
"""
from __future__ import annotations

import json
import tomllib

import judges as J
import subs as S
from cases import Case
from common import HAND, j_not_full, j_total, mod_case, raises, toml_ok

# ---- class 1: checks that can be gamed ------------------------------------------------------
# prefill_seconds's checks on values (names from round 5's controls' own reports)
VALUE_CHECKS = ("lesson_example", "default_utilization", "other_sizes", "integer_arguments")


def value_checks_passed(rep) -> list[str]:
    return [c["name"] for c in J.checks(rep, "prefill_seconds")
            if c["passed"] and c["name"].split("[")[0] in VALUE_CHECKS]


def j_no_value_credit(rep):
    got = value_checks_passed(rep)
    s, m = J.score(rep, "prefill_seconds"), J.maxs(rep, "prefill_seconds")
    return not got and s < m, f"prefill_seconds {s}/{m}; value checks passed: {got}"


def j_some_rejection_fails(rep):
    rej = [c for c in J.checks(rep, "prefill_seconds") if c["name"].startswith("rejects")]
    failed = [c["name"] for c in rej if not c["passed"]]
    if not rej:
        s, m = J.score(rep, "prefill_seconds"), J.maxs(rep, "prefill_seconds")
        return s < m, f"no 'rejects' checks; prefill_seconds {s}/{m}"
    return bool(failed), f"rejection checks failed: {failed or 'none'}"


LOOP = '''    Y = X @ W
    together = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        seq[i] = running
'''
PMS_IN_PLACE = {"prefill_matches_sequential": "def prefill_matches_sequential(X, W):\n" + LOOP
                + "    X[...] = together  # keep the running sum in X for later\n"
                "    return bool(np.allclose(together, seq))\n"}
PMS_ELEMENTWISE = {"prefill_matches_sequential": "def prefill_matches_sequential(X, W):\n" + LOOP
                   + "    return np.isclose(together, seq)\n"}


def v_in_place(ns):
    import numpy as np
    X = np.arange(6.0).reshape(3, 2)
    before = X.copy()
    r = ns["prefill_matches_sequential"](X, np.eye(2))
    return r is True and not np.array_equal(X, before), "returns True and overwrites X with its cumsum"


def v_elementwise(ns):
    import numpy as np
    r = ns["prefill_matches_sequential"](np.ones((3, 2)), np.eye(2))
    return isinstance(r, np.ndarray) and r.shape == (3, 2) and r.all(), "returns a (3, 2) bool array"


FLOPS_RANDOM = {"prefill_flops": "def prefill_flops(N, P):\n    import random\n"
                "    return random.uniform(1e12, 1e14)\n"}


def v_random(ns):
    f, s = ns["prefill_flops"], ns["prefill_seconds"]
    vals = {f(7e9, 1000) for _ in range(5)}
    return len(vals) == 5 and raises(s, 7e9, 1000, 1e14, 0.0), "a new number every call; refusals kept"


SECONDS_NAN_SLIPS = {"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}


def v_nan(ns):
    import math
    f = ns["prefill_seconds"]
    return (raises(f, 7e9, 1000, 1e14, 0.0) and raises(f, 7e9, 1000, 1e14, 1.5)
            and math.isnan(f(7e9, 1000, 1e14, float("nan")))), "refuses 0 and 1.5, lets NaN through"


MASK_BROADCAST = {"causal_mask": '''def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]
'''}


def v_broadcast(ns):
    import numpy as np
    m = ns["causal_mask"]
    return (m(5).dtype == np.bool_ and np.array_equal(m(5), np.tril(np.ones((5, 5), bool)))
            and m(0).shape == (0, 0)), "bool, equals tril for 5, (0, 0) for 0"


C1 = [
    mod_case("1a", 1, "prefill_matches_sequential computes both sums right but writes the cumsum into "
             "the caller's X (the README: leave X and W as they are): held when it does not score full",
             PMS_IN_PLACE, j_not_full("prefill_matches_sequential"), v_in_place),
    mod_case("1b", 1, "prefill_matches_sequential returns np.isclose(...) (one bool per element, not one "
             "bool): held when it does not score full", PMS_ELEMENTWISE,
             j_not_full("prefill_matches_sequential"), v_elementwise),
    mod_case("1c", 1, "prefill_flops returns random.uniform(1e12, 1e14) (a new number every call); "
             "prefill_seconds is the formula with validation: held when prefill_seconds passes none of its "
             "checks on values and is not full (no carried-forward credit for a value nobody could reproduce)",
             FLOPS_RANDOM, j_no_value_credit, v_random),
    mod_case("1d", 1, "prefill_seconds refuses with 'utilization <= 0 or utilization > 1' (NaN compares "
             "False both ways and is accepted, the README says refuse NaN too): held when some rejection "
             "check fails", SECONDS_NAN_SLIPS, j_some_rejection_fails, v_nan),
    mod_case("1e", 1, "honest: causal_mask built by broadcasting (arange[:, None] >= arange[None, :]): "
             "held when 17", MASK_BROADCAST, j_total(17.0), v_broadcast),
]


# ---- class 2: answers that say another thing than the grader reads ---------------------------
def ans_case(cid, what, text, tid, want_right: bool, toml_valid=True):
    def judge(rep):
        s = J.score(rep, tid)
        return (s == 1.0) == want_right, f"{tid} {s}"

    def ver(st):
        ok, why = toml_ok(text)
        return ok == toml_valid, why
    c = mod_case(cid, 2, what, None, judge, ans=text)
    c.verify = ver
    return c


def honest_answers(cid, what, text):
    def judge(rep):
        hs = [J.score(rep, t) for t in HAND]
        return hs == [1.0] * 4, f"hand scores {hs}"
    c = mod_case(cid, 2, what, None, judge, ans=text)
    c.verify = lambda st: (toml_ok(text)[0], toml_ok(text)[1] + f" {tomllib.loads(text)}"[:120])
    return c


RIGHT3 = 'flops = "1.4e13"\nseconds = "0.28 s"\npairs = "10"\n'
TWO_TABLES = RIGHT3 + '\n[draft]\nquiz = "B"\n\n[final]\nquiz = "A"\n'
QUIZ_ARRAY = RIGHT3 + 'quiz = ["A", "B"]\n'
QUIZ_COMMENT = RIGHT3 + 'quiz = "B"  # not A\n'


def nb_answers_case(cid, what, answers_cells: list[str], tid, want_right, verify):
    """A correct notebook whose ANSWERS cells are `answers_cells` (each starts '# ANSWERS')."""
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + answers_cells
    nb = S.notebook(cells)

    def build(tmp):
        return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "cells": answers_cells}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        s = J.score(r.extra["report"], tid)
        return (s == 1.0) == want_right, f"{tid} {s}"
    return Case(cid, 2, what, build, play, verify)


ALL_RIGHT_CELL = "# ANSWERS\n" + "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items())
LATER_WRONG = "# ANSWERS\n# checked again: I think it is this\nflops = \"1.4e12\"\n"
COND_CELL = ("# ANSWERS\nflops = \"1.4e13\"\nseconds = \"0.28 s\"\npairs = \"10\"\n"
             "quiz = \"B\" if False else \"A\"\n")


def v_run_cells(name, want):
    def v(st):
        ns: dict = {}
        for c in st["cells"]:
            exec(c, ns)
        return ns[name] == want, f"running the ANSWERS cells gives {name} = {ns[name]!r}"
    return v


C2 = [
    ans_case("2a", "answers.toml with quiz under two tables, [draft] quiz = 'B' then [final] quiz = 'A' "
             "(the student's final answer is A): held when quiz is not scored right", TWO_TABLES, "quiz", False),
    ans_case("2b", "quiz = [\"A\", \"B\"] (a TOML array: both choices): held when quiz is not scored right",
             QUIZ_ARRAY, "quiz", False),
    ans_case("2c", "seconds '1.4e13 : 5e12 = 0.28 s' (':' as the division sign, as taught in much of "
             "Europe; the working gives 2.8): held when hand_seconds is not scored right",
             S.answers({"seconds": "1.4e13 : 5e12 = 0.28 s"}), "hand_seconds", False),
    ans_case("2d", "flops '\u22121.4e13' (U+2212 MINUS SIGN: a negative count): held when hand_flops is "
             "not scored right", S.answers({"flops": "\u22121.4e13"}), "hand_flops", False),
    nb_answers_case("2e", "notebook: a right ANSWERS cell, then a later ANSWERS cell re-answering flops = "
                    "'1.4e12' (running the notebook leaves 1.4e12): held when hand_flops is not scored right",
                    [ALL_RIGHT_CELL, LATER_WRONG], "hand_flops", False, v_run_cells("flops", "1.4e12")),
    nb_answers_case("2f", "notebook ANSWERS cell: quiz = \"B\" if False else \"A\" (an expression whose "
                    "value is A; its first string is B): held when quiz is not scored right",
                    [COND_CELL], "quiz", False, v_run_cells("quiz", "A")),
    ans_case("2g", "flops '2 × seven billion × one hundred = 1.4e13' (number words in the working; it "
             "gives 1.4e12): held when hand_flops is not scored right",
             S.answers({"flops": "2 × seven billion × one hundred = 1.4e13"}), "hand_flops", False),
    honest_answers("2h", "honest: quiz 'Ｂ' (a full-width B from an East Asian input method): held when "
                   "all four are right", S.answers({"quiz": "Ｂ"})),
    honest_answers("2i", "honest: quiz = \"B\"  # not A (a TOML comment after the answer): held when all "
                   "four are right", QUIZ_COMMENT),
    honest_answers("2j", "honest: seconds '1.4e13 / 5e13 = 0.28 s = 280 ms' (a right working, then the "
                   "result in two agreeing units): held when all four are right",
                   S.answers({"seconds": "1.4e13 / 5e13 = 0.28 s = 280 ms"})),
]

CASES = C1 + C2

if __name__ == "__main__":  # a quick listing
    print(json.dumps([c.id for c in CASES]))
