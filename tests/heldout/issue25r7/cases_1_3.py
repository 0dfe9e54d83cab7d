"""Classes 1-3: gamed checks; answers that say another thing than the grader reads; finding the
work. Every attack is a correct submission with one thing changed (subs.py), so what it scores
beyond the correct parts is what the gamed thing earned.
"""
from __future__ import annotations

import os
import tomllib

import judges as J
import subs as S
from cases import Case
from common import HAND, grade_case, j_not_full, j_run17, j_total, mod_case, raises, toml_ok


# ---- class 1: checks that can be gamed ------------------------------------------------------
def j_some_rejection_fails(rep):
    rej = [c for c in J.checks(rep, "prefill_seconds") if c["name"].startswith("rejects")]
    failed = [c["name"] for c in rej if not c["passed"]]
    s, m = J.score(rep, "prefill_seconds"), J.maxs(rep, "prefill_seconds")
    if not rej:
        return s < m, f"no 'rejects' checks; prefill_seconds {s}/{m}"
    return bool(failed), f"rejection checks failed: {failed or 'none'}; prefill_seconds {s}/{m}"


SECONDS_COUNTER = {"prefill_seconds": '''_calls = [0]


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    _calls[0] += 1
    if _calls[0] > 3:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}


def v_counter(ns):
    f = ns["prefill_seconds"]
    first = [f(7e9, 1000, 1e14, 0.5) for _ in range(3)]
    return (first == [0.28] * 3 and raises(f, 7e9, 1000, 1e14, 0.5)
            and raises(f, 7e9, 1000, 1e14, 1.5)), "formula for 3 calls, then ValueError for all"


SECONDS_TYPEERROR = {"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise TypeError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}


def v_typeerror(ns):
    f = ns["prefill_seconds"]
    return (raises(f, 7e9, 1000, 1e14, 1.5, exc=TypeError) and not issubclass(TypeError, ValueError)
            and f(7e9, 1000, 1e14, 0.5) == 0.28), "TypeError (not ValueError) for 1.5; 0.28 s at 0.5"


MASK_FROMFUNCTION = {"causal_mask": '''def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)
'''}


def v_fromfunction(ns):
    import numpy as np
    m = ns["causal_mask"]
    return (m(5).dtype == np.bool_ and np.array_equal(m(5), np.tril(np.ones((5, 5), bool)))
            and m(1000).shape == (1000, 1000)), "bool, equals tril for 5, (1000, 1000) for 1000"


SECONDS_FIXED_RATE = {"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / 5e13
'''}


def v_fixed_rate(ns):
    f = ns["prefill_seconds"]
    return (f(7e9, 1000, 1e14, 0.5) == 0.28 and f(7e9, 1000, 2e14, 1.0) == 0.28
            and raises(f, 7e9, 1000, 1e14, 0.0)), "0.28 s for the lesson's example and for any other rate"


SECONDS_LOG = {"prefill_seconds": '''import math


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    math.log(utilization)  # refuses what cannot be a utilization
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}


def v_log(ns):
    import math
    f = ns["prefill_seconds"]
    return (raises(f, 7e9, 1000, 1e14, 0.0) and raises(f, 7e9, 1000, 1e14, -0.5)
            and not raises(f, 7e9, 1000, 1e14, 1.5)
            and math.isnan(f(7e9, 1000, 1e14, float("nan")))), "refuses 0 and -0.5; accepts 1.5 and NaN"


PMS_LISTS = {"prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    rows, running = [], None
    for y in Y:
        running = y.copy() if running is None else running + y
        rows.append(running)
    seq = np.stack(rows) if rows else np.zeros_like(Y)
    return bool(np.allclose(together, seq))
'''}


def v_lists(ns):
    import numpy as np
    f = ns["prefill_matches_sequential"]
    X = np.random.default_rng(1).normal(size=(6, 3))
    return f(X, np.eye(3)) is True, "True on a (6, 3) X"


C1 = [
    mod_case("1a", 1, "prefill_seconds answers with the formula for its first 3 calls, then raises "
             "ValueError for every call (its refusals come from a call counter, it never tests utilization): "
             "held when prefill_seconds does not score full", SECONDS_COUNTER,
             j_not_full("prefill_seconds"), v_counter),
    mod_case("1b", 1, "prefill_seconds refuses a bad utilization with TypeError (the README asks for "
             "ValueError): held when some rejection check fails", SECONDS_TYPEERROR,
             j_some_rejection_fails, v_typeerror),
    mod_case("1c", 1, "honest: causal_mask by np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int): "
             "held when 17", MASK_FROMFUNCTION, j_total(17.0), v_fromfunction),
    mod_case("1d", 1, "prefill_seconds validates utilization, then divides by the worked example's "
             "effective 5e13 whatever the rate and utilization: held when prefill_seconds does not score "
             "full", SECONDS_FIXED_RATE, j_not_full("prefill_seconds"), v_fixed_rate),
    mod_case("1e", 1, "prefill_seconds 'validates' with math.log(utilization) (refuses 0 and negatives "
             "by a domain error, accepts 1.5 and NaN): held when some rejection check fails", SECONDS_LOG,
             j_some_rejection_fails, v_log),
    mod_case("1f", 1, "honest: prefill_matches_sequential's sequential side as a list of running rows "
             "stacked with np.stack: held when 17", PMS_LISTS, j_total(17.0), v_lists),
]


# ---- class 2: answers that say another thing than the grader reads ---------------------------
def ans_case(cid, what, text, tid, want_right: bool):
    def judge(rep):
        s = J.score(rep, tid)
        return (s == 1.0) == want_right, f"{tid} {s}"
    c = mod_case(cid, 2, what, None, judge, ans=text)
    c.verify = lambda st: toml_ok(text)
    return c


def honest_answers(cid, what, text, parse=True):
    def judge(rep):
        hs = [J.score(rep, t) for t in HAND]
        return hs == [1.0] * 4, f"hand scores {hs}"
    c = mod_case(cid, 2, what, None, judge, ans=text)
    if parse:
        c.verify = lambda st: (toml_ok(text)[0], toml_ok(text)[1] + f" {tomllib.loads(text)}"[:140])
    else:
        c.verify = lambda st: (not toml_ok(text)[0], "TOML refuses it, as the case says: " + toml_ok(text)[1])
    return c


BARE_LINES = 'flops = "1.4e13"\nseconds = .28\npairs = "10"\nquiz = B\n'
PART1 = '[part1]\nflops = "1.4e13"\nseconds = "0.28 s"\npairs = "10"\nquiz = "B"\n'


def utf16_case(cid, what):
    text = S.answers()

    def build(tmp):
        sub = S.folder(tmp / "sub", S.module())
        S.write(sub / "answers.toml", text.encode("utf-16"))
        return {"sub": sub}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        hs = [J.score(r.extra["report"], t) for t in HAND]
        return hs == [1.0] * 4, f"hand scores {hs}"

    def ver(st):
        b = (st["sub"] / "answers.toml").read_bytes()
        return b[:2] in (b"\xff\xfe", b"\xfe\xff") and b.decode("utf-16") == text, "UTF-16 with a BOM"
    return Case(cid, 2, what, build, play, ver)


def nb_plus_toml(cid, what):
    wrong_cell = 'flops = "1.4e12"\nseconds = "2.8 s"\npairs = "16"\nquiz = "A"\n'

    def build(tmp):
        sub = tmp / "sub"
        S.write(sub / "prefill.ipynb", S.notebook(["import numpy as np"] + list(S.FUNCS.values()),
                                                  wrong_cell))
        S.write(sub / "answers.toml", S.answers())
        return {"sub": sub}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        rep = r.extra["report"]
        hs = [J.score(rep, t) for t in HAND]
        return hs == [1.0] * 4 and rep["score"] == 17.0, f"score {rep['score']}, hand {hs}"

    def ver(st):
        import json
        nb = json.loads((st["sub"] / "prefill.ipynb").read_text())
        return (nb["cells"][-1]["source"].startswith("# ANSWERS") and toml_ok(S.answers())[0],
                "notebook (wrong ANSWERS cell) + right answers.toml")
    return Case(cid, 2, what, build, play, ver)


C2 = [
    ans_case("2a", "quiz 'B?' (a choice it doubts; students.md: refused): held when quiz is not scored right",
             S.answers({"quiz": "B?"}), "quiz", False),
    ans_case("2b", "pairs '10 (eleven)' (the quantity written twice, as a number and in words, disagreeing):"
             " held when hand_pairs is not scored right", S.answers({"pairs": "10 (eleven)"}), "hand_pairs", False),
    ans_case("2c", "seconds '0.28 s (280 µs)' (written twice, the second in another prefix that disagrees "
             "a thousandfold): held when hand_seconds is not scored right",
             S.answers({"seconds": "0.28 s (280 µs)"}), "hand_seconds", False),
    ans_case("2d", "pairs '10 (4 + 3 + 2 + 1 = 9)' (a bracket holding a working and its own wrong result): "
             "held when hand_pairs is not scored right", S.answers({"pairs": "10 (4 + 3 + 2 + 1 = 9)"}),
             "hand_pairs", False),
    ans_case("2e", "flops '1.4e13 FLOP/s' (a rate answering a count; students.md: FLOPs alone is a count, "
             "FLOP/s the rate): held when hand_flops is not scored right",
             S.answers({"flops": "1.4e13 FLOP/s"}), "hand_flops", False),
    honest_answers("2f", "honest: documented forms 'Answer: ≈ 1.4 × 10^13', '« 0,28 s »', 'The answer is 10.', "
                   "'Answer: B': held when all four are right",
                   S.answers({"flops": "Answer: ≈ 1.4 × 10^13", "seconds": "« 0,28 s »",
                              "pairs": "The answer is 10.", "quiz": "Answer: B"})),
    honest_answers("2g", "honest: quiz 'B. A position waits for the earlier ones' (students.md's own example "
                   "read as B): held when all four are right",
                   S.answers({"quiz": "B. A position waits for the earlier ones"})),
    honest_answers("2h", "honest: lines TOML refuses, 'seconds = .28' and 'quiz = B' (graded as the text "
                   "after '=', with a note): held when all four are right", BARE_LINES, parse=False),
    honest_answers("2i", "honest: the answers under a [part1] header (read from there, with a note): held "
                   "when all four are right", PART1),
    utf16_case("2j", "honest: answers.toml saved as UTF-16 with a BOM (read, with a note): held when all "
               "four are right"),
    nb_plus_toml("2k", "honest: a folder of a finished prefill.ipynb whose ANSWERS cell is wrong and a right "
                 "answers.toml (answers.toml wins when it answers anything): held when 17"),
]


# ---- class 3: finding the work --------------------------------------------------------------
def mk_checkpoints(sub):
    S.write(sub / "prefill.ipynb", S.correct_notebook())
    S.write(sub / ".ipynb_checkpoints" / "prefill-checkpoint.ipynb", S.stub_notebook())
    return sub


def mk_student_tests(sub):
    S.repository(sub, S.module(), S.answers())
    w = sub / "exercises" / "prefill"
    S.write(w / "__init__.py", "")
    S.write(sub / "exercises" / "__init__.py", "")
    S.write(sub / "tests" / "test_prefill.py", "from exercises.prefill.prefill import *\n\n\n"
            "def test_flops():\n    assert prefill_flops(7e9, 1000) == 1.4e13\n")
    S.write(sub / "setup.py", "from setuptools import setup\nsetup(name='my-course', version='0.1')\n")
    S.write(sub / "requirements.txt", "numpy\npytest\n")
    S.write(sub / "Makefile", "test:\n\tpytest -q\n")
    return sub


def mk_git_objects(sub):
    S.repository(sub, S.module(), S.answers())
    for i in range(1500):
        h = f"{i:040x}"
        S.write(sub / ".git" / "objects" / h[:2] / h[2:], os.urandom(64))
    return sub


def mk_sparse(sub):
    S.repository(sub, S.module(), S.answers())
    p = sub / "data" / "activations.bin"
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p, "wb") as f:
        f.truncate(200 * 1024 * 1024)
    return sub


def j_17_or_clean2(bound):
    def j(r):
        ok, why = J.bounded(r, *bound)
        if not ok:
            return ok, why
        ok, why2 = J.reported(r)
        if not ok:
            return ok, why2
        sc = (r.extra.get("report") or {}).get("score")
        return sc == 17.0 or (r.rc == 2 and sc is None), f"{why}; exit {r.rc}, score {sc}"
    return j


def v_files(n_min, label):
    def v(st):
        n = sum(len(f) for _r, _d, f in os.walk(st["sub"]))
        return n >= n_min, f"{n} files: {label}"
    return v


def v_sparse(st):
    p = st["sub"] / "data" / "activations.bin"
    return (p.stat().st_size == 200 * 1024 * 1024 and p.stat().st_blocks * 512 < 1024 * 1024,
            "200 MiB declared, under 1 MiB on disk")


C3 = [
    grade_case("3a", 3, "honest: a finished prefill.ipynb beside Jupyter's .ipynb_checkpoints/"
               "prefill-checkpoint.ipynb (an untouched stub, in a hidden folder): held when 17",
               mk_checkpoints, j_run17, v_files(2, "notebook + checkpoint")),
    grade_case("3b", 3, "honest: a course repository packaged by the student (__init__.py files, setup.py, "
               "requirements.txt, a Makefile, tests/test_prefill.py importing their module): held when 17",
               mk_student_tests, j_run17, v_files(8, "repository with the student's own tests")),
    grade_case("3c", 3, "honest: a cloned repository whose .git/objects holds 1500 loose objects (a real "
               "clone's history) beside the finished exercises/prefill/: held when 17 or a clean refusal "
               "(exit 2, no traceback) within 30 s", mk_git_objects, j_17_or_clean2((30.0, 700.0)),
               v_files(1500, "1500 objects under .git")),
    grade_case("3d", 3, "a repository holding a 200 MiB sparse data file (under 1 MiB on disk) beside the "
               "finished exercises/prefill/: held when 17 or a clean refusal (exit 2) within 30 s / 700 MB",
               mk_sparse, j_17_or_clean2((30.0, 700.0)), v_sparse),
]

CASES = C1 + C2 + C3
