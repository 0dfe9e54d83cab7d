"""Classes 1-3 of round 8: gamed checks, answers read for what they say, finding the work.
Every case is a new mechanism (not an example of the issue, not a case of rounds 1-7)."""
from __future__ import annotations

import numpy as np

import judges as J
import subs as S
from cases import Case
from common import ANS_BOUND, HAND, grade_case, j_not_full, j_total, load, mod_case, raises

# ---------------------------------------------------------------- class 1: gamed checks

LOOSE = '''def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        seq[i] = running
    return bool(np.allclose(together, seq, rtol=1e6, atol=1e300))
'''


def v1a(ns):
    f = ns["prefill_matches_sequential"]
    X = np.ones((3, 2))
    # The running sum compared against something else entirely still says True: the tolerance
    # decides nothing.
    ok = f(X, np.eye(2)) is True and bool(np.allclose(np.cumsum(X, 0), -5 * X, rtol=1e6, atol=1e300))
    return ok, "atol 1e300: any two finite arrays 'agree'"


WHITELIST = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization not in (0.1, 0.2, 0.25, 0.4, 0.5, 0.6, 0.75, 0.8, 0.9, 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''


def v1b(ns):
    f = ns["prefill_seconds"]
    return (raises(f, 7e9, 1000, 1e14, 0.37) and abs(f(7e9, 1000, 1e14, 0.5) - 0.28) < 1e-12,
            "refuses the valid 0.37, answers 0.5")


ROUNDED = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = round(utilization, 1)
    if not (0 < u <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''


def v1c(ns):
    f = ns["prefill_seconds"]
    return (raises(f, 7e9, 1000, 1e14, 0.04) and f(7e9, 1000, 1e14, 1.04) > 0
            and f(7e9, 1000, 1e14, 1 + 1e-9) > 0, "refuses 0.04, accepts 1.04 and 1+1e-9")


TRANSPOSED = '''def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool)).T.copy()
'''


def v1d(ns):
    m = ns["causal_mask"](5)
    return m.dtype == bool and (m == np.tril(np.ones((5, 5), bool))).all(), "equals tril"


TYPED = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if isinstance(utilization, float) and not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''


def v1e(ns):
    f = ns["prefill_seconds"]
    return (raises(f, 7e9, 1000, 1e14, 1.5) and f(7e9, 1000, 1e14, 2) > 0
            and f(7e9, 1000, 1e14, -1) < 0, "refuses 1.5, accepts int 2 and -1 (and 0 divides by zero)")


# ---------------------------------------------------------------- class 2: answers


def j_hand_wrong(key):
    def j(rep):
        s = J.score(rep, key)
        return s < J.maxs(rep, key) or J.maxs(rep, key) == 0, f"{key} {s}/{J.maxs(rep, key)}"
    return j


def j_hands_right(rep):
    hs = [J.score(rep, t) for t in HAND]
    return hs == [1.0] * 4, f"hand scores {hs}"


def ans_case(cid, what, over, judge):
    ans = S.answers(over)

    def ver(ns):
        from common import toml_ok
        return toml_ok(ans)
    return mod_case(cid, 2, what, {}, judge, ans=ans, verify=ver)


# ---------------------------------------------------------------- class 3: finding work


def make_3a(sub):
    S.folder(sub / "exercises" / "prefill", S.module(), S.answers())
    sp = sub / "lib" / "python3.11" / "site-packages"
    for i in range(1100):
        S.write(sp / f"pkg{i // 50}" / f"mod{i}.py", "x = 1\n")
    S.write(sp / "prefill.py", S.STUB)   # a pip --target copy of the template
    S.write(sub / "README.md", "# my course repo\n")
    return sub


def v3a(st):
    n = sum(1 for _ in (st["sub"] / "lib").rglob("*.py"))
    return n == 1101, f"{n} files under lib/python3.11/site-packages (no pyvenv.cfg)"


def make_3b(sub):
    S.write(sub / "prefill.ipynb", S.stub_notebook())
    S.write(sub / "answers.toml", S.answers(raw='flops = ""\nseconds = ""\npairs = ""\nquiz = ""\n'))
    S.folder(sub / "mywork", S.module(), S.answers())
    return sub


def v3b(st):
    return ((st["sub"] / "prefill.ipynb").exists() and (st["sub"] / "mywork" / "prefill.py").exists(),
            "stub notebook + empty answers at the top, finished mywork/")


def make_3c(sub):
    S.write(sub / "prefill.txt", S.module())
    S.write(sub / "answers.toml", S.answers())
    return sub


def j_3c(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    named = "prefill.txt" in J.all_text(r)
    rep = r.extra.get("report") or {}
    code = J.code_total(rep) if rep else 0.0
    return named and code == 0.0, f"exit {r.rc}, code {code}, names prefill.txt: {named}"


CASES = [
    mod_case("1a", 1, "prefill_matches_sequential computes both sums but compares them with "
             "np.allclose(rtol=1e6, atol=1e300) (a tolerance under which any two finite arrays agree): "
             "held when it does not score full", {"prefill_matches_sequential": LOOSE},
             j_not_full("prefill_matches_sequential"), v1a),
    mod_case("1b", 1, "prefill_seconds accepts only a whitelist of 'round' utilizations (0.1, 0.2, 0.25, ... 1.0) "
             "and refuses every other, 0.37 too: held when prefill_seconds does not score full",
             {"prefill_seconds": WHITELIST}, j_not_full("prefill_seconds"), v1b),
    mod_case("1c", 1, "prefill_seconds validates round(utilization, 1) (refuses a valid 0.04, accepts 1.04 and "
             "1+1e-9): held when prefill_seconds does not score full", {"prefill_seconds": ROUNDED},
             j_not_full("prefill_seconds"), v1c),
    mod_case("1d", 1, "honest: causal_mask as the transposed upper triangle, np.triu(ones).T.copy(): held when 17",
             {"causal_mask": TRANSPOSED}, j_total(17.0), v1d),
    mod_case("1e", 1, "prefill_seconds validates only float utilizations (isinstance float); whole-number 0, 2, -1 "
             "pass unchecked (the README: whole numbers work like the others): held when prefill_seconds "
             "does not score full", {"prefill_seconds": TYPED}, j_not_full("prefill_seconds"), v1e),
    ans_case("2a", "quiz 'No (A)' (the text says B, the letter in brackets says A: two choices): held when "
             "quiz is not scored right", {"quiz": "No (A)"}, j_hand_wrong("quiz")),
    ans_case("2b", "flops '1.4e13 = 2 × 7e9 × 100' (result first, a working after '=' that gives 1.4e12): "
             "held when hand_flops is not scored right", {"flops": "1.4e13 = 2 × 7e9 × 100"},
             j_hand_wrong("hand_flops")),
    ans_case("2c", "pairs '10 [4 + 3 + 2]' (square brackets holding a working that gives 9): held when "
             "hand_pairs is not scored right", {"pairs": "10 [4 + 3 + 2]"}, j_hand_wrong("hand_pairs")),
    ans_case("2d", "honest: flops '1.4 × 10^13 (2 × 7 × 10^9 × 10^3)' (a right working with ^ powers in a "
             "bracket): held when all four are right", {"flops": "1.4 × 10^13 (2 × 7 × 10^9 × 10^3)"},
             j_hands_right),
    ans_case("2e", "honest: pairs '4 · 5 / 2 = 10' (the lesson's own middle dot as the product sign, a right "
             "working): held when all four are right", {"pairs": "4 · 5 / 2 = 10"}, j_hands_right),
    ans_case("2f", "seconds '0.28 s to 2.8 s' (a range: not clearly one value): held when hand_seconds is "
             "not scored right", {"seconds": "0.28 s to 2.8 s"}, j_hand_wrong("hand_seconds")),
    ans_case("2g", "seconds '280' (a bare number, right only if read as ms; the question asks for seconds): "
             "held when hand_seconds is not scored right", {"seconds": "280"}, j_hand_wrong("hand_seconds")),
    grade_case("3a", 3, "honest: a repository whose lib/python3.11/site-packages/ (pip --target, no pyvenv.cfg) "
               "holds 1100 files and a copy of the template prefill.py, work in exercises/prefill/: held when 17",
               make_3a, lambda r: (lambda ok, why: (ok and r.extra['report']['score'] == 17.0,
                                                    why or f"score {r.extra['report']['score']}"))(*J.graded(r)),
               v3a),
    grade_case("3b", 3, "honest: the template notebook (stub) and an empty answers.toml at the top, the finished "
               "prefill.py and answers in mywork/: held when 17",
               make_3b, lambda r: (lambda ok, why: (ok and r.extra['report']['score'] == 17.0,
                                                    why or f"score {r.extra['report']['score']}"))(*J.graded(r)),
               v3b),
    grade_case("3c", 3, "the module saved as prefill.txt by a text editor, beside right answers: held when no "
               "exit 3 or traceback, no code credit, and what the grader shows names prefill.txt "
               "(ci.md: the refusal says what it found)", make_3c, j_3c,
               lambda st: ((st["sub"] / "prefill.txt").exists(), "prefill.txt + answers.toml")),
]

_ = ANS_BOUND, load
