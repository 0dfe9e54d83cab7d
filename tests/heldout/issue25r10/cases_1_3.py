"""Round 10, classes 1-3: gamed checks, answers that say another thing, finding the work.

Every case is a new mechanism (not an example of issue 25, not a case of rounds 1-9): see README.md.
"""
from __future__ import annotations

import os

import judges as J
import subs as S
from cases import Case
from common import HAND, grade_case, j_not_full, j_run17, load, mod_case, raises

# ---------------------------------------------------------------------------------------------
# Class 1: checks that can be gamed (exercises/prefill/README.md, Part 2; docs/students.md)

NP_SCALARS = {
    "prefill_flops": '''def prefill_flops(N, P):
    return np.float64(2.0) * N * P
''',
    "prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if not (u > 0 and u <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return np.float64(prefill_flops(N, P)) / (np.float64(flops_per_sec) * u)
''',
    "causal_pairs": '''def causal_pairs(P):
    return np.float64(P) * (P + 1) / 2
''',
    "causal_mask": '''def causal_mask(P):
    return np.tri(P, dtype=bool)
''',
    "prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    rows = []
    acc = np.zeros(Y.shape[1])
    for y in Y:
        acc = acc + y
        rows.append(acc)
    seq = np.array(rows).reshape(Y.shape)
    return np.all(np.isclose(np.cumsum(Y, axis=0), seq))
''',
}


def v_1a(ns):
    import numpy as np
    m = ns["causal_mask"](5)
    ok = (m.dtype == bool and (m == np.tril(np.ones((5, 5), bool))).all()
          and float(ns["causal_pairs"](4)) == 10 and float(ns["prefill_flops"](7e9, 1000)) == 1.4e13
          and abs(float(ns["prefill_seconds"](7e9, 1000, 1e14, 0.5)) - 0.28) < 1e-12
          and raises(ns["prefill_seconds"], 1, 1, 1, float("nan")) and raises(ns["prefill_seconds"], 1, 1, 1, 0)
          and isinstance(ns["prefill_matches_sequential"](np.ones((4, 3)), np.eye(3)), np.bool_))
    return ok, "numpy scalars everywhere, np.tri mask, all values right"


SEC_OR = {"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = utilization or 1.0          # "no utilization given": also swallows 0
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}


def v_1b(ns):
    f = ns["prefill_seconds"]
    return (f(7e9, 1000, 1e14, 0) == 0.14 and raises(f, 7e9, 1000, 1e14, 1.5)
            and raises(f, 7e9, 1000, 1e14, float("nan")) and raises(f, 7e9, 1000, 1e14, -0.5)), \
        "u=0 returns 0.14 (read as 1.0); 1.5, NaN, -0.5 refused"


FLOPS_STR = {"prefill_flops": '''def prefill_flops(N, P):
    return repr(2 * N * P)
''', "prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return float(prefill_flops(N, P)) / (flops_per_sec * utilization)
'''}


def v_1c(ns):
    return ns["prefill_flops"](7e9, 1000) == "14000000000000.0" and ns["prefill_seconds"](7e9, 1000, 5e13) == 0.28, \
        "prefill_flops gives the text '14000000000000.0'; prefill_seconds right"


SEC_DEFAULT = {"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}


def v_1d(ns):
    f = ns["prefill_seconds"]
    return f(7e9, 1000, 1e14) == 0.28 and f(7e9, 1000, 1e14, 1.0) == 0.14, "default gives 0.28 (u=0.5), u=1.0 gives 0.14"


FLOPS_WHOLE = {"prefill_flops": '''def prefill_flops(N, P):
    if N != int(N) or P != int(P):
        return None                       # "only whole sizes make sense"
    return 2 * N * P
'''}


def v_1e(ns):
    f = ns["prefill_flops"]
    return f(7e9, 1000) == 1.4e13 and f(1.5, 4) is None and f(3, 2.5) is None, "None for 1.5, right for whole sizes"


# ---------------------------------------------------------------------------------------------
# Class 2: answers read for what they say (docs/students.md, "Writing your answers")

def j_hand_zero(key):
    def j(rep):
        s = J.score(rep, key)
        return s == 0.0, f"{key} {s}/{J.maxs(rep, key)}"
    return j


def j_all_hand(rep):
    hs = [J.score(rep, t) for t in HAND]
    return hs == [1.0] * 4 and rep["score"] == 17.0, f"hand {hs}, score {rep['score']}"


def v_answers(over):
    def v(st):
        import tomllib
        d = tomllib.loads(S.answers(over))
        return all(d[k] == v for k, v in over.items()), f"TOML holds {over}"
    return v


def ans_case(cid, what, over, judge):
    c = mod_case(cid, 2, what, None, judge, ans=S.answers(over))
    c.verify = v_answers(over)
    return c


# ---------------------------------------------------------------------------------------------
# Class 3: the work is where the student put it (docs/ci.md, first section; docs/students.md)

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}


def make_3a(d):
    S.folder(d, S.module(WRONG_FLOPS), S.answers())
    S.folder(d / "exercises" / "prefill", S.module(), S.answers())
    S.write(d / "README.md", "# my course\n")
    return d


def j_3a(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra["report"]
    s, m = J.score(rep, "prefill_flops"), J.maxs(rep, "prefill_flops")
    named = "exercises" in (r.stdout + r.stderr + r.extra.get("report_text", ""))
    return s < m and named, f"prefill_flops {s}/{m} (the top graded: {s < m}); exercises/ named: {named}"


def v_3a(st):
    d = st["sub"]
    top, ex = load((d / "prefill.py").read_text()), load((d / "exercises/prefill/prefill.py").read_text())
    return top["prefill_flops"](1, 1) == 3 and ex["prefill_flops"](1, 1) == 2, "top: 3NP, exercises/prefill: right"


def make_3b(d):
    S.write(d / "README.md", "# lesson 2\n")
    S.folder(d / "src", S.module(), S.answers())
    tools = d / "tools"
    S.write(tools / "pyvenv.cfg", "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.7\n")
    S.write(tools / "bin" / "activate", "# venv\n")
    for i in range(30):
        S.write(tools / "lib" / "python3.11" / "site-packages" / f"pkg{i}" / "__init__.py", "x = 1\n")
    S.folder(tools, S.module(), S.answers())     # a copy of the work, made to try it with this env
    return d


def v_3b(st):
    d = st["sub"]
    same = (d / "src/prefill.py").read_text() == (d / "tools/prefill.py").read_text()
    return same and (d / "tools/pyvenv.cfg").exists(), "src/ and tools/ (pyvenv.cfg) hold equal finished work"


def make_3c(d):
    S.write(d / "drafts" / "old.py", S.module(WRONG_FLOPS))
    os.symlink("drafts/old.py", d / "prefill.py")
    S.write(d / "answers.toml", S.answers())
    S.folder(d / "exercises" / "prefill", S.module(), S.answers())
    return d


def j_3c(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rep = r.extra.get("report")
    if r.rc == 2 and not rep:
        return True, "refused cleanly (exit 2)"
    if r.rc != 0 or not rep:
        return False, f"exit {r.rc}, no report"
    s, m = J.score(rep, "prefill_flops"), J.maxs(rep, "prefill_flops")
    return s == m and m > 0, f"prefill_flops {s}/{m} (full: the linked draft not graded), score {rep['score']}"


def v_3c(st):
    p = st["sub"] / "prefill.py"
    return p.is_symlink() and load(p.read_text())["prefill_flops"](1, 1) == 3, "top prefill.py is a link to a 3NP draft"


def make_3d(d, root):
    S.folder(d / "week2", S.module(), S.answers())
    lat = root / "exercises" / "latency"
    for f in ("latency.py", "latency.ipynb", "answers.toml", "README.md"):
        S.write(d / "week3" / f, (lat / f).read_bytes())
    return d


def j_3d(r):
    ok, why = j_run17(r)
    lesson = (r.extra.get("report") or {}).get("lesson")
    return ok and lesson == "prefill", f"{why}, lesson {lesson}"


def v_3d(st):
    d = st["sub"]
    return (d / "week3/latency.py").exists() and (d / "week2/prefill.py").exists(), \
        "week2/ finished prefill, week3/ the untouched latency template"


ROOT = None


def _root():
    from pathlib import Path
    return Path(__file__).resolve().parents[3]


CASES = [
    mod_case("1a", 1, "honest: numpy scalars everywhere (np.float64 flops, seconds and pairs, an np.bool_ "
             "from np.all(np.isclose(...))), causal_mask as np.tri(P, dtype=bool), a running sum built with "
             "np.matmul and a list of rows: held when 17", NP_SCALARS,
             lambda rep: (rep["score"] == 17.0, f"score {rep['score']}"), v_1a),
    mod_case("1b", 1, "prefill_seconds starts with 'utilization = utilization or 1.0' (a falsy 0 becomes the "
             "peak, so utilization=0 returns a time; 1.5, NaN and negatives are refused): held when "
             "prefill_seconds does not score full", SEC_OR, j_not_full("prefill_seconds"), v_1b),
    mod_case("1c", 1, "prefill_flops returns repr(2 * N * P), the number as text ('14000000000000.0'); "
             "prefill_seconds converts it with float() and is right: held when prefill_flops does not "
             "score full (the README: return it as a number)", FLOPS_STR, j_not_full("prefill_flops"), v_1c),
    mod_case("1d", 1, "prefill_seconds validates and divides right but its default is utilization=0.5 (the "
             "worked example's) instead of the peak 1.0: held when prefill_seconds does not score full",
             SEC_DEFAULT, j_not_full("prefill_seconds"), v_1d),
    mod_case("1e", 1, "prefill_flops returns None unless N and P are whole numbers (the README: 1.5 is "
             "allowed); right for every whole size: held when prefill_flops does not score full",
             FLOPS_WHOLE, j_not_full("prefill_flops"), v_1e),

    ans_case("2a", "quiz 'B — although A looks right at first' (the other choice by its capital letter in the "
             "explanation; students.md: refused, naming both): held when quiz scores 0",
             {"quiz": "B — although A looks right at first"}, j_hand_zero("quiz")),
    ans_case("2b", "flops '2 * 7e9 * 10**2 = 1.4e13' (a working in Python's own operators, ** for a power; it "
             "gives 1.4e12): held when hand_flops scores 0", {"flops": "2 * 7e9 * 10**2 = 1.4e13"},
             j_hand_zero("hand_flops")),
    ans_case("2c", "seconds '1.4e13 / 5e12 = 28/100 s' (the result written as a fraction, a documented form; "
             "the working gives 2.8): held when hand_seconds scores 0",
             {"seconds": "1.4e13 / 5e12 = 28/100 s"}, j_hand_zero("hand_seconds")),
    ans_case("2d", "seconds '0.28 s, i.e. 1.4e13 / 5e12 s' (the second form after 'i.e.' is a working that "
             "gives 2.8 s): held when hand_seconds scores 0", {"seconds": "0.28 s, i.e. 1.4e13 / 5e12 s"},
             j_hand_zero("hand_seconds")),
    ans_case("2e", "honest: every answer introduced by 'Answer:' and carrying a right working ('Answer: 2 × 7e9 "
             "× 1000 = 1.4e13', 'Answer: 0.28 s (1.4e13 / 5e13)', 'Answer: 10 (1 + 2 + 3 + 4)', 'Answer: B, "
             "because each position waits for the earlier ones'): held when all four right, 17",
             {"flops": "Answer: 2 × 7e9 × 1000 = 1.4e13", "seconds": "Answer: 0.28 s (1.4e13 / 5e13)",
              "pairs": "Answer: 10 (1 + 2 + 3 + 4)",
              "quiz": "Answer: B, because each position waits for the earlier ones"}, j_all_hand),
    ans_case("2f", "honest: seconds '280 ms (1.4e13 / 5e13 s)' (the result in ms, the working's unit, s, "
             "written at its end; students.md: a unit at the working's end): held when all four right, 17",
             {"seconds": "280 ms (1.4e13 / 5e13 s)"}, j_all_hand),
    ans_case("2g", "pairs '10 (4 + 3 + 2 + 1) = 9' (a right bracket, then '= 9' contradicting both): held when "
             "hand_pairs scores 0", {"pairs": "10 (4 + 3 + 2 + 1) = 9"}, j_hand_zero("hand_pairs")),

    grade_case("3a", 3, "finished work at the top (prefill_flops 3·N·P) and in exercises/prefill/ (right), "
               "both with all answers (as much work each; ci.md: the top first, the report names the "
               "others): held when prefill_flops is not full and the output names exercises/",
               make_3a, j_3a, v_3a),
    grade_case("3b", 3, "honest: the work in src/, and an equal copy in tools/, a virtual environment "
               "(pyvenv.cfg; ci.md: a folder holding pyvenv.cfg is not searched, so not a second place): "
               "held when 17", make_3b, j_run17, v_3b),
    grade_case("3c", 3, "top prefill.py is a symbolic link to drafts/old.py (a finished draft, prefill_flops "
               "3·N·P) beside right answers; the right work in exercises/prefill/ (ci.md: links are never "
               "followed): held when prefill_flops is full (or a clean exit 2), never the draft's grade",
               make_3c, j_3c, v_3c),
    Case("3d", 3, "honest: week2/ the finished prefill work, week3/ the untouched latency template (copied "
         "from exercises/latency/), no --lesson (ci.md: stubs as the template left them are no evidence): "
         "held when graded as prefill, 17",
         lambda tmp: {"sub": make_3d(tmp / "sub", _root())},
         lambda ctx, st: j_3d(ctx.grade(st["sub"])), v_3d),
]
