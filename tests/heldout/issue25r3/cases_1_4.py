"""Classes 1-4: gamed checks, answers that say another thing, finding the work, class exports.

Every attack is a correct submission with one thing changed (subs.py), so what it scores
beyond the correct parts is what the gamed thing earned.
"""
from __future__ import annotations

import math
import os
import time
import tomllib
import zipfile

import judges as J
import subs as S
from cases import Case
from cases_controls import answers_for


def load(src: str) -> dict:
    """Exec a module's source locally (our own attack code only) to verify it does what it says."""
    ns: dict = {}
    exec(compile(src, "<attack>", "exec"), ns)
    return ns


def mod_case(cid, cls, what, replace, judge, verify=None, ans=None, timeout=240.0):
    src = S.module(replace)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, ans or S.answers()), "src": src}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        return (ok, why) if not ok else judge(r.extra["report"])

    def ver(st):
        return verify(load(st["src"])) if verify else (True, "parses")
    return Case(cid, cls, what, build, play, ver, timeout)


# ---- class 1: checks that can be gamed ------------------------------------------------------
SECONDS_CONST = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 1.0
'''


def j_no_rejection_credit(rep):
    rej = [c for c in J.checks(rep, "prefill_seconds") if c["name"].startswith("rejects")]
    earned = [c["name"] for c in rej if c["passed"]]
    s = J.score(rep, "prefill_seconds")
    return (not earned or s == 0), f"prefill_seconds {s}, rejection checks passed: {len(earned)}"


def v_seconds_const(ns):
    f = ns["prefill_seconds"]
    try:
        f(7e9, 1000, 1e14, 0.0)
        return False, "accepted 0"
    except ValueError:
        pass
    return f(7e9, 1000, 1e14, 0.5) == 1.0 == f(1, 1, 1, 1.0), "constant 1.0, refuses 0"


ECF_NAMES = ("lesson_example", "default_utilization", "other_sizes", "integer_arguments")


def j_no_ecf(rep):
    got = [c["name"] for c in J.checks(rep, "prefill_seconds")
           if c["name"] in ECF_NAMES and c["passed"]]
    return not got, f"prefill_seconds {J.score(rep, 'prefill_seconds')}, value checks passed: {got}"


def flops_returning(expr):
    return {"prefill_flops": f"def prefill_flops(N, P):\n    import sys\n    return {expr}\n"}


def v_flops(expected):
    def v(ns):
        got = ns["prefill_flops"](7e9, 1000)
        s = ns["prefill_seconds"](7e9, 1000, 1e14, 0.5)
        return (got == expected and type(got) is type(expected)), f"flops {got!r}, seconds {s!r}"
    return v


SEQ_NAN_BLIND = '''def prefill_matches_sequential(X, W):
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    return bool(np.allclose(a, np.cumsum(Y, axis=0), equal_nan=True))
'''


def v_seq_nan(ns):
    X = __import__("numpy").array([[1.0, float("nan")], [2.0, 3.0]])
    W = __import__("numpy").eye(2)
    right = load(S.module())["prefill_matches_sequential"](X, W)
    return ns["prefill_matches_sequential"](X, W) is True and right is False, \
        "True on a NaN prompt where the lesson's check gives False"


def j_seq_not_full(rep):
    s, m = J.score(rep, "prefill_matches_sequential"), J.maxs(rep, "prefill_matches_sequential")
    return s < m, f"prefill_matches_sequential {s}/{m}"


SECONDS_BLACKLIST = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    guessed = (0, 0.0, -0.0, -1, -0.5, -0.1, -1e-9, 2, 1.5, 1.1, 1.01, 1.001, 1.0001, 1.00001,
               1.000001, 1.0000001, 1 + 1e-9, 1 + 1e-12, 1.0000000000000002)
    if utilization != utilization or utilization in guessed:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''


def j_some_rejection_fails(rep):
    rej = [c for c in J.checks(rep, "prefill_seconds") if c["name"].startswith("rejects")]
    failed = [c["name"] for c in rej if not c["passed"]]
    return bool(failed) or not rej, f"rejection checks failed: {failed or 'none'}"


def v_blacklist(ns):
    f = ns["prefill_seconds"]
    ok = f(7e9, 1000, 1e14, 0.5) == 0.28 and f(1, 1, 1, 3.0) == 2 / 3.0 and f(1, 1, 1, -7.0) < 0
    return ok, "refuses only guessed probes: accepts 3.0 and -7.0"


C1 = [
    mod_case("1f", 1, "prefill_seconds refuses only a blacklist of likely probe values (0, -0.5, 1.5,"
             " 1+1e-9, NaN...) and accepts 3.0 or -7: some rejection check fails",
             {"prefill_seconds": SECONDS_BLACKLIST}, j_some_rejection_fails, v_blacklist),
    mod_case("1a", 1, "prefill_seconds validates utilization then returns 1.0: no rejection credit",
             {"prefill_seconds": SECONDS_CONST}, j_no_rejection_credit, v_seconds_const),
    mod_case("1b", 1, "prefill_flops returns -1: no error-carried-forward credit for prefill_seconds",
             flops_returning("-1"), j_no_ecf, v_flops(-1)),
    mod_case("1c", 1, "prefill_flops returns True (a bool 1): no carried-forward credit",
             flops_returning("True"), j_no_ecf, v_flops(True)),
    mod_case("1d", 1, "prefill_flops returns sys.float_info.max: no carried-forward credit",
             flops_returning("sys.float_info.max"), j_no_ecf, v_flops(1.7976931348623157e308)),
    mod_case("1e", 1, "prefill_matches_sequential compares one cumsum with itself (NaN-equal): not full",
             {"prefill_matches_sequential": SEQ_NAN_BLIND}, j_seq_not_full, v_seq_nan),
]


C1 = C1[1:] + C1[:1]   # 1f was written last: keep the ids in order


# ---- class 2: answers that say another thing than the grader reads ---------------------------
def ans_case(cid, what, over, tid, want, working=None):
    """An answers.toml with `over`; held when task `tid` scores `want` (0: refused or wrong)."""
    text = S.answers(over)

    def j(rep):
        s = J.score(rep, tid)
        return s == want, f"{tid} {s} for {list(over.values())[0]!r}"

    def v(ns):
        got = tomllib.loads(text)
        ok = all(got[k] == x for k, x in over.items())
        if working is not None:
            w, res = working
            ok = ok and not math.isclose(w, res, rel_tol=1e-3) if want == 0 else ok
        return ok, f"toml reads {over}; working gives {working[0] if working else '-'}"
    c = mod_case(cid, 2, what, None, j, None, ans=text)
    c.verify = lambda st: v(None)
    return c


C2 = [
    ans_case("2a", "quiz 'B\u0336 A' (B struck out with U+0336, answering A): not scored right",
             {"quiz": "B\u0336 A"}, "quiz", 0.0),
    ans_case("2b", "quiz '~~B~~ A' (markdown strike-through of B, answering A): not scored right",
             {"quiz": "~~B~~ A"}, "quiz", 0.0),
    ans_case("2c", "quiz 'A. Not B.' (chooses A, negates B): not scored right",
             {"quiz": "A. Not B."}, "quiz", 0.0),
    ans_case("2d", "flops '2 · 7e9 · 100 ≈ 1.4e13' (working gives 1.4e12, with · and ≈): refused",
             {"flops": "2 · 7e9 · 100 ≈ 1.4e13"}, "hand_flops", 0.0, (2 * 7e9 * 100, 1.4e13)),
    ans_case("2e", "flops '2 × 7e9 × 1000 = 1.4e12 = 1.4e13' (chained, middle contradicts): refused",
             {"flops": "2 × 7e9 × 1000 = 1.4e12 = 1.4e13"}, "hand_flops", 0.0, (1.4e12, 1.4e13)),
    ans_case("2f", "seconds '1.4e13 / 5e12 → 0.28 s' (arrow; working gives 2.8): refused",
             {"seconds": "1.4e13 / 5e12 → 0.28 s"}, "hand_seconds", 0.0, (1.4e13 / 5e12, 0.28)),
    ans_case("2g", "pairs '10 (4 × 5 / 3)' (bracket gives 6.67): refused",
             {"pairs": "10 (4 × 5 / 3)"}, "hand_pairs", 0.0, (4 * 5 / 3, 10)),
    ans_case("2h", "flops '1.4e13 because 2 × 7e9 × 100' (trailing working gives 1.4e12): refused",
             {"flops": "1.4e13 because 2 × 7e9 × 100"}, "hand_flops", 0.0, (1.4e12, 1.4e13)),
    ans_case("2i", "honest: seconds '0.28 s (= 1.4e13 / 5e13)' (bracket opening with =): scored right",
             {"seconds": "0.28 s (= 1.4e13 / 5e13)"}, "hand_seconds", 1.0, (0.28, 0.28)),
]


# ---- class 3: the work is where the student put it -------------------------------------------
def j_full(rep):
    return rep["score"] == 17.0, f"score {rep['score']}"


def tree_case(cid, what, make, judge=None, timeout=240.0):
    def build(tmp):
        root = tmp / "hand_in"
        make(root)
        n = sum(len(f) for _, _, f in os.walk(root))
        return {"sub": root, "files": n}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        if judge:
            return judge(r)
        ok, why = J.graded(r)
        return (ok, why) if not ok else j_full(r.extra["report"])

    def ver(st):
        return (st["sub"] / "exercises" / "prefill").exists() or any(st["sub"].iterdir()), \
            f"{st['files']} files"
    return Case(cid, 3, what, build, play, ver, timeout)


def m_conda(root):
    S.write(root / "prefill.py", S.STUB)
    S.write(root / "answers.toml", S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    S.folder(root / "exercises" / "prefill", S.module(), S.answers())
    S.write(root / "env" / "conda-meta" / "history", "==> 2026-09-01 <==\n+defaults::python-3.11\n")
    for i in range(2500):
        S.write(root / "env" / "pkgs" / f"pkg{i:04d}-{'x' * 120}-py311h{i:06d}_0.tar.bz2.json", "{}")


def m_ext_case(root):
    S.write(root / "prefill.Py", S.module())
    S.write(root / "answers.toml", S.answers())


def m_old_attempt(root):
    S.write(root / "README.md", "# repo\n")
    wrong = S.module({k: v.replace("return ", "return 0 * ") if k != "prefill_seconds" else v
                      for k, v in S.FUNCS.items()})
    S.folder(root / "old" / "attempt1", wrong, S.answers({"flops": "7e12", "seconds": "0.14",
                                                          "pairs": "16", "quiz": "A"}))
    S.folder(root / "exercises" / "prefill", S.module(), S.answers())


def m_empty_dirs(root):
    S.folder(root / "exercises" / "prefill", S.module(), S.answers())
    for i in range(12000):
        (root / "dataset" / "shards" / f"{i // 100:03d}" / f"{i:05d}").mkdir(parents=True)


def m_dup_name(root):
    S.write(root / "prefill (1).py", S.module())
    S.write(root / "answers.toml", S.answers())


def j_dup_name(r):
    rep = r.extra.get("report")
    if rep and rep.get("score") == 17.0:
        return True, "graded 17"
    told = "prefill (1).py" in J.all_text(r)
    ok, why = J.reported(r)
    return ok and told, f"score {rep and rep.get('score')}, names the file: {told} {why}"


def m_two_cases(root):
    S.write(root / "prefill.py", S.STUB)
    S.write(root / "Prefill.py", S.module())
    S.write(root / "answers.toml", S.answers())


def j_two_cases(r):
    rep = r.extra.get("report")
    if rep and rep.get("score") == 17.0:
        return True, "graded the finished Prefill.py"
    refused = r.rc == 2 and "Prefill.py" in r.stderr
    return refused, f"exit {r.rc}, score {rep and rep.get('score')}: {J.last_line(r.stderr)}"


C3 = [
    tree_case("3a", "template at top, conda env/ (2500 long-named files, conda-meta) and finished "
              "exercises/prefill: 17", m_conda, timeout=120),
    tree_case("3b", "module saved as prefill.Py (extension in other case) + answers: 17", m_ext_case),
    tree_case("3c", "finished exercises/prefill beside a filled-in but wrong old/attempt1/: 17",
              m_old_attempt),
    tree_case("3d", "finished exercises/prefill beside 12000 empty folders of a dataset: 17",
              m_empty_dirs, timeout=120),
    tree_case("3e", "browser-renamed 'prefill (1).py' + answers: graded, or the refusal names it",
              m_dup_name, j_dup_name),
    tree_case("3f", "untouched prefill.py stub and finished Prefill.py in one folder: 17 or a "
              "refusal naming Prefill.py", m_two_cases, j_two_cases),
]


# ---- class 4: class exports read as LMSs write them ------------------------------------------
def old(path, days=3):
    t = time.time() - days * 86400
    os.utime(path, (t, t))


def export_case(cid, what, make, judge, verify=None):
    def build(tmp):
        return {"dir": tmp / "export"}

    def play(ctx, st):
        args = make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill", *args)
        ok, why = J.reported(r)
        return (ok, why) if not ok else judge(r.extra["rows"])

    def ver(st):
        class Fake:   # the numbers are not needed to check the layout is built
            def variant(self, s):
                return {"answers": {"hand_flops": 1.0, "hand_seconds": 1.0, "hand_pairs": 1, "quiz": "B"}}
        make(Fake(), st["dir"])
        return (verify(st["dir"]) if verify else (True, "")) if True else None
    return Case(cid, 4, what, build, play, ver)


def mk_traversal(ctx, d):
    S.write(d / "dave.py", S.module())
    old(d / "dave.py")
    S.zip_files(d / "dave.zip", {"prefill.py": S.STUB, "../outside.py": "x = 1\n"})
    return ["--keep", "newest"]


def mk_toomany(ctx, d):
    S.folder(d / "erin", S.module())
    old(d / "erin" / "prefill.py")
    old(d / "erin")
    with zipfile.ZipFile(d / "erin.zip", "w") as z:
        z.writestr(zipfile.ZipInfo("prefill.py", (2030, 1, 1, 0, 0, 0)), S.STUB)
        for i in range(1000):
            z.writestr(zipfile.ZipInfo(f"notes/n{i}.txt", (2026, 1, 1, 0, 0, 0)), "n")
    return ["--keep", "newest"]


def j_one_graded(part, want):
    def j(rows):
        rs = J.row(rows, part)
        got = [(x.get("student"), x.get("status"), J.total(x)) for x in rs]
        return (len(rs) == 1 and rs[0].get("status") == "graded" and J.total(rs[0]) == want), f"{got}"
    return j


def v_zip(name, n_members):
    def v(d):
        with zipfile.ZipFile(d / name) as z:
            return len(z.namelist()) == n_members, f"{len(z.namelist())} members"
    return v


def mk_late(ctx, d):
    S.write(d / "lee_201_7001_prefill.py", S.STUB)
    S.write(d / "lee_LATE_201_7002_prefill.py", S.module())
    S.write(d / "lee_LATE_201_7003_answers.toml", answers_for(ctx, "201"))
    return []


def mk_renamed(ctx, d):
    S.write(d / "smithjohn_202_8001_prefill.py", S.module())
    S.write(d / "johnsmith_202_8002_answers.toml", answers_for(ctx, "202"))
    return []


def j_not_split(part):
    def j(rows):
        rs = [x for x in J.row(rows, part) if x.get("status") == "graded"]
        got = [(x.get("student"), x.get("status"), J.total(x)) for x in J.row(rows, part)]
        ok = len(rs) <= 1 and (not rs or J.total(rs[0]) == 17.0) and got != []
        return ok, f"{got}"
    return j


def mk_fullwidth(ctx, d):
    S.write(d / "ｂｏｂ.py", S.module())
    S.folder(d / "bob", S.module(), answers_for(ctx, "bob"))
    return []


def j_fullwidth(rows):
    rs = [x for x in rows if x.get("status") == "graded"]
    got = [(x.get("student"), x.get("status"), J.total(x)) for x in rows]
    return len(rs) <= 1 and len(rows) >= 1, f"{got}"


def mk_nb_stub(ctx, d):
    v = ctx.variant("203")["answers"]
    nb = S.notebook(["import numpy as np"] + list(S.FUNCS.values()),
                    f'flops = "{v["hand_flops"]!r}"\nseconds = "{v["hand_seconds"]!r}"\n'
                    f'pairs = "{v["hand_pairs"]}"\nquiz = "{v["quiz"]}"\n')
    S.write(d / "kim_203_9000_prefill.ipynb", nb)
    S.write(d / "kim_203_9001_prefill.py", S.STUB)
    return []


C4 = [
    export_case("4a", "--keep newest: newer zip with a ../ member (refused) vs older correct .py: "
                "the .py graded (13)", mk_traversal, j_one_graded("dave", 13.0), v_zip("dave.zip", 2)),
    export_case("4b", "--keep newest: zip of 1001 members dated 2030 (over the limit) vs older "
                "folder: the folder graded (13)", mk_toomany, j_one_graded("erin", 13.0),
                v_zip("erin.zip", 1001)),
    export_case("4c", "Canvas: stub upload then a LATE re-upload with a higher file id and "
                "answers: one row for 201, 17", mk_late, j_one_graded("201", 17.0)),
    export_case("4d", "Canvas: one user id (202) under two display names (py under one, toml "
                "under the other): never two graded rows", mk_renamed, j_not_split("202")),
    export_case("4e", "plain folder: full-width 'ｂｏｂ.py' and 'bob/': one student (a conflict or "
                "one grade), never two graded rows", mk_fullwidth, j_fullwidth),
    export_case("4f", "Canvas: finished notebook and a later-uploaded untouched stub prefill.py: "
                "the notebook graded, 17", mk_nb_stub, j_one_graded("203", 17.0)),
]

CASES = C1 + C2 + C3 + C4
