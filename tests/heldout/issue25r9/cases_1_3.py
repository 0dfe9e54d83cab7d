"""Classes 1-3 of round 9: gamed checks, answers read for what they say, finding the work.
Every case is a new mechanism (not an example of the issue, not a case of rounds 1-8)."""
from __future__ import annotations

import numpy as np

import judges as J
import subs as S
from cases import Case
from common import HAND, grade_case, j_not_full, j_run17, load, mod_case, raises

# ---------------------------------------------------------------- class 1: gamed checks

INT_BOOL = S.FUNCS["prefill_matches_sequential"].replace(
    "return bool(np.allclose(together, seq))", "return int(np.allclose(together, seq))")


def v1a(ns):
    r = ns["prefill_matches_sequential"](np.ones((3, 2)), np.eye(2))
    return type(r) is int and r == 1, f"returns {type(r).__name__} {r!r} (README: a Python or numpy bool)"


KW_ONLY = '''def prefill_seconds(N, P, flops_per_sec, *args, **kwargs):
    utilization = args[0] if args else kwargs.get("utilization", 1.0)
    if args and not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''


def v1b(ns):
    f = ns["prefill_seconds"]
    return (raises(f, 7e9, 1000, 1e14, 1.5) and not raises(lambda: f(7e9, 1000, 1e14, utilization=1.5))
            and abs(f(7e9, 1000, 1e14, utilization=0.5) - 0.28) < 1e-12,
            "refuses 1.5 positionally, returns a time for utilization=1.5 by keyword")


SUBNORMAL = '''def prefill_flops(N, P):
    return 5e-324
'''


def v1c(ns):
    return ns["prefill_seconds"](7e9, 1000, 1e14, 0.5) == 0.0, "prefill_seconds gives 0.0 from it"


def j1c(rep):
    s = J.score(rep, "prefill_seconds")
    return s == 0.0, f"prefill_seconds {s}/{J.maxs(rep, 'prefill_seconds')}"


HONEST_1D = {
    "causal_mask": '''def causal_mask(P):
    return ~np.triu(np.ones((P, P), dtype=bool), k=1)
''',
    "prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / flops_per_sec / utilization
'''}


def v1d(ns):
    m = ns["causal_mask"](6)
    f = ns["prefill_seconds"]
    return (m.dtype == bool and (m == np.tril(np.ones((6, 6), bool))).all()
            and raises(f, 1, 1, 1, float("nan")) and abs(f(7e9, 1000, 1e14, 0.5) - 0.28) < 1e-12,
            "mask equals tril, NaN refused, 0.28")


SMALL_ONLY = '''def causal_mask(P):
    if P <= 64:
        return np.tril(np.ones((P, P), dtype=bool))
    return np.ones((P, P), dtype=bool)
'''


def v1e(ns):
    f = ns["causal_mask"]
    return (f(5) == np.tril(np.ones((5, 5), bool))).all() and f(100).all(), "right to 64, all True at 100"


EVEN_PAIRS = '''def causal_pairs(P):
    return P * P // 2 + P // 2
'''


def v1f(ns):
    f = ns["causal_pairs"]
    return f(4) == 10 and f(6) == 21 and f(5) == 14, "10 for 4, 21 for 6, 14 (not 15) for 5"


# ---------------------------------------------------------------- class 2: answers

def j_hand_not_right(tid):
    def j(rep):
        s = J.score(rep, tid)
        return s < J.maxs(rep, tid), f"{tid} {s}/{J.maxs(rep, tid)}"
    return j


def j_hand_all(rep):
    hs = [J.score(rep, t) for t in HAND]
    ms = [J.maxs(rep, t) for t in HAND]
    return hs == ms and all(ms), f"hand scores {hs}"


def ans_case(cid, what, over, judge):
    return mod_case(cid, 2, what, None, judge, ans=S.answers(over),
                    verify=None)


# ---------------------------------------------------------------- class 3: finding the work

def make_3a(sub):
    S.repository(sub, S.module(), S.answers())
    env = sub / ".direnv" / "python-3.11"
    S.write(env / "pyvenv.cfg", "home = /usr/bin\n")
    S.write(env / "lib" / "python3.11" / "site-packages" / "coursekit" / "prefill.py", S.STUB)
    for i in range(1200):
        S.write(env / "lib" / "python3.11" / "site-packages" / "pkg" / f"m{i:04d}.py", f"X = {i}\n")
    return sub


def v3a(st):
    n = sum(1 for _ in (st["sub"] / ".direnv").rglob("*.py"))
    return n == 1201, f"{n} .py files in .direnv/"


def make_3b(sub):
    for d in ("attempt_a", "attempt_b"):
        S.folder(sub / d, S.module(), S.answers())
    S.write(sub / "README.md", "two copies of my work\n")
    return sub


def j3b(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rep = r.extra.get("report")
    credit = J.code_total(rep) if rep else 0.0
    text = J.all_text(r)
    named = "attempt_a" in text and "attempt_b" in text
    return (r.rc == 2 and credit == 0 and named,
            f"exit {r.rc}, code credit {credit}, both folders named: {named}")


def make_3c(sub):
    S.write(sub / "README.md", "my course repo\n")
    S.folder(sub / "node_modules" / "prefill-work", S.module(), S.answers())
    S.write(sub / "package.json", '{"name": "notes"}\n')
    return sub


def j3c(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rep = r.extra.get("report")
    credit = J.code_total(rep) if rep else 0.0
    return r.rc in (0, 2) and credit == 0, f"exit {r.rc}, code credit {credit} (node_modules/ is not searched)"


def make_3d(sub):
    S.write(sub / "README.md", "# course\n")
    tpl = sub / "exercises" / "prefill"
    S.folder(tpl, S.STUB, 'flops = ""\nseconds = ""\npairs = ""\nquiz = ""\n')
    S.write(tpl / "prefill.ipynb", S.stub_notebook())
    S.write(sub / "notebooks" / "prefill.ipynb", S.correct_notebook())
    return sub


def v3d(st):
    import json
    nb = json.loads((st["sub"] / "notebooks" / "prefill.ipynb").read_text())
    return len(nb["cells"]) == 7, "finished notebook of 7 cells in notebooks/, template in exercises/prefill/"


CASES = [
    mod_case("1a", 1, "prefill_matches_sequential computes both sums right but returns int(np.allclose(...)) "
             "(1 or 0, not the Python or numpy bool the README asks for): held when it does not score full",
             {"prefill_matches_sequential": INT_BOOL}, j_not_full("prefill_matches_sequential"), v1a),
    mod_case("1b", 1, "prefill_seconds(N, P, flops_per_sec, *args, **kwargs) validates utilization only when "
             "it is passed by position; utilization=1.5 by keyword returns a time: held when "
             "prefill_seconds does not score full",
             {"prefill_seconds": KW_ONLY}, j_not_full("prefill_seconds"), v1b),
    mod_case("1c", 1, "prefill_flops returns 5e-324 (the smallest subnormal) for every input; prefill_seconds is "
             "the formula with validation, so its times underflow to 0.0: held when prefill_seconds scores 0 "
             "(no carried-forward credit, no refusal credit without a positive time)",
             {"prefill_flops": SUBNORMAL}, j1c, v1c),
    mod_case("1d", 1, "honest: causal_mask as ~np.triu(ones, k=1) and prefill_seconds as 2 * N * P / rate / "
             "utilization after a chained comparison (NaN refused by it): held when 17",
             HONEST_1D, lambda rep: (rep["score"] == 17.0, f"score {rep['score']}"), v1d),
    mod_case("1e", 1, "causal_mask right up to P = 64, all True beyond (the lesson's 1000-token prompt "
             "included): held when causal_mask does not score full",
             {"causal_mask": SMALL_ONLY}, j_not_full("causal_mask"), v1e),
    mod_case("1f", 1, "causal_pairs as P * P // 2 + P // 2 (right for even P, one short for odd: 14 for the "
             "lesson's 5-token demo): held when causal_pairs does not score full",
             {"causal_pairs": EVEN_PAIRS}, j_not_full("causal_pairs"), v1f),
    ans_case("2a", "quiz 'B. Yes, the positions are computed together, but each waits for the earlier ones.' "
             "(the other choice's text, capitalised, in the explanation; students.md: refused): held when "
             "quiz is not scored right",
             {"quiz": "B. Yes, the positions are computed together, but each waits for the earlier ones."},
             j_hand_not_right("quiz")),
    ans_case("2b", "seconds '0.28 s (1.4e13 / 5e13 × 100 ms)' (a unit inside the bracket: the working gives "
             "28 ms): held when hand_seconds is not scored right",
             {"seconds": "0.28 s (1.4e13 / 5e13 × 100 ms)"}, j_hand_not_right("hand_seconds")),
    ans_case("2c", "honest: seconds '0.28 s (1.4e13 / 5e13 × 1000 ms)' (a right working carrying its own unit, "
             "ms, other than the result's): held when all four are right",
             {"seconds": "0.28 s (1.4e13 / 5e13 × 1000 ms)"}, j_hand_all),
    ans_case("2d", "flops as a TOML multi-line string '2 × 7e9 × 100\\n= 1.4e13' (the working on the line "
             "above gives 1.4e12): held when hand_flops is not scored right",
             {"flops": "2 × 7e9 × 100\n= 1.4e13"}, j_hand_not_right("hand_flops")),
    ans_case("2e", "pairs '10 ((4 × 5) / 4)' (a bracket nested in the working's bracket; the working gives 5): "
             "held when hand_pairs is not scored right",
             {"pairs": "10 ((4 × 5) / 4)"}, j_hand_not_right("hand_pairs")),
    ans_case("2f", "honest: pairs '10 (4 × (4 + 1) / 2)' (a right working with a bracket nested inside): "
             "held when all four are right",
             {"pairs": "10 (4 × (4 + 1) / 2)"}, j_hand_all),
    grade_case("3a", 3, "honest: a repository whose hidden .direnv/python-3.11/ (pyvenv.cfg, 1200 files, the "
               "template prefill.py) sits beside the finished exercises/prefill/: held when 17",
               make_3a, j_run17, v3a),
    grade_case("3b", 3, "two folders elsewhere, attempt_a/ and attempt_b/, each the same finished work and "
               "answers, nothing at the top (ci.md: refused, naming both): held when exit 2, no code credit, "
               "and both folder names shown", make_3b, j3b,
               lambda st: ((st["sub"] / "attempt_a" / "prefill.py").read_text()
                           == (st["sub"] / "attempt_b" / "prefill.py").read_text(), "two equal copies")),
    grade_case("3c", 3, "the finished work and answers only inside node_modules/prefill-work/ (ci.md: "
               "node_modules/ is not searched): held when no code credit, exit 0 or 2, no exit 3 or traceback",
               make_3c, j3c, lambda st: ((st["sub"] / "node_modules" / "prefill-work" / "prefill.py").exists(),
                                         "work only under node_modules/")),
    grade_case("3d", 3, "honest: the untouched template (stub prefill.py, stub prefill.ipynb, empty answers) in "
               "exercises/prefill/, the finished notebook with its ANSWERS cell in notebooks/: held when 17",
               make_3d, j_run17, v3d),
]


def _verify_answers(c):
    """Class 2's answers files must be valid TOML holding the text we mean."""
    import tomllib

    def v(st):
        d = tomllib.loads((st["sub"] / "answers.toml").read_text())
        return set(d) == {"flops", "seconds", "pairs", "quiz"}, f"TOML: {d}"[:150]
    c.verify = v


for _c in CASES:
    if _c.cls == 2:
        _verify_answers(_c)
