"""Classes 5-6: files that change while a batch runs (lost data); faults a submission can force.

Class 5 compares a rerun's row with a fresh `grader grade --student ID` of the entry as it is
now, within the CSV's documented rounding (2 decimals, docs/class.md).
"""
from __future__ import annotations

import json
import os

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for
from common import CODE_BOUND, NB_BOUND, p_bounded_no_fault, run_local, toml_ok

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}
SLOW = "import time\ntime.sleep(2)\n"


def rows_of(rows, part):
    return [x for x in rows if part.lower() == (x.get("student") or "").lower()]


def close(a, b) -> bool:
    return a is not None and b is not None and abs(a - b) <= 0.005 + 1e-9


def fresh_in_place(ctx, path, sid):
    """A fresh grade of the entry where it is (the grader copies it; nothing is written there)."""
    r = ctx.grade(path, "--student", sid, "--lesson", "prefill")
    return (r.extra.get("report") or {}).get("score")


def slow_three(d):
    for i in range(3):
        S.write(d / f"aa{i}.py", S.module(prefix=SLOW))


def mid_case(cid, what, setup, mutate, between, judge, mutate_at=2.5):
    """Three slow entries first (2 s imports), then the targets; batch 1 with `mutate` once while
    it runs (if any), `between` after it, batch 2 (a resumed rerun); judge(ctx, st, r1, r2)."""
    def build(tmp):
        return {"dir": tmp / "class"}

    def play(ctx, st):
        d, tmp = st["dir"], st["tmp"]
        setup(ctx, tmp, d)
        fired = {}

        def during(el):
            if mutate and el >= mutate_at and not fired:
                mutate(ctx, tmp, d)
                fired["at"] = el
        r1 = ctx.batch(d, "--lesson", "prefill", during=during)
        ok, why = J.reported(r1)
        if not ok:
            return ok, "first batch: " + why
        if mutate and "at" not in fired:
            return False, "harness: the first batch ended before the mutation (could not judge)"
        between(ctx, tmp, d)
        r2 = ctx.batch(d, "--lesson", "prefill")
        ok, why = J.reported(r2)
        if not ok:
            return ok, "rerun: " + why
        ok, why = judge(ctx, st, r1, r2)
        return ok, why + (f" (mutated at {fired['at']:.1f}s)" if fired else "")

    def ver(st):
        setup(FakeCtx(), st["tmp"], st["dir"])
        if mutate:
            mutate(FakeCtx(), st["tmp"], st["dir"])
        between(FakeCtx(), st["tmp"], st["dir"])
        return True, "built: " + ", ".join(sorted(p.name for p in st["dir"].iterdir()))[:150]
    return Case(cid, 5, what, build, play, ver, timeout=300)


def nop(ctx, tmp, d):
    pass


def j_fresh(entry, sid):
    def j(ctx, st, r1, r2):
        want = fresh_in_place(ctx, st["dir"] / entry, sid)
        got = [J.total(x) for x in rows_of(r2.extra["rows"], sid)]
        return len(got) == 1 and close(got[0], want), f"rerun rows of {sid} {got}, fresh grade {want}"
    return j


# 5a: between runs the entry is renamed to a case variant of its name, with new content
def s_case(ctx, tmp, d):
    slow_three(d)
    S.write(d / "zz.py", S.module())


def b_case(ctx, tmp, d):
    (d / "zz.py").unlink()
    S.write(d / "ZZ.py", S.module(WRONG_FLOPS))


# 5c: a nested place with the finished work appears inside a template entry mid-batch
def s_nested(ctx, tmp, d):
    slow_three(d)
    S.folder(d / "zz", S.STUB, S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))


def m_nested(ctx, tmp, d):
    S.folder(d / "zz" / "exercises" / "prefill", S.module(), answers_for(ctx, "zz"))


# 5d: answers.toml replaced mid-batch by a link to another student's answers
def s_link(ctx, tmp, d):
    slow_three(d)
    S.folder(d / "yy", S.module(), answers_for(ctx, "yy"))
    S.folder(d / "zz", S.module(), answers_for(ctx, "zz"))


def m_link(ctx, tmp, d):
    (d / "zz" / "answers.toml").unlink()
    os.symlink(os.path.join("..", "yy", "answers.toml"), d / "zz" / "answers.toml")


# 5b: the first batch is killed (SIGKILL to its whole group) mid-way, then resumed
def b_killed(tmp):
    return {"dir": tmp / "class"}


def make_killed(ctx, d):
    slow_three(d)
    S.write(d / "zz.py", S.module())
    S.folder(d / "yy", S.module(WRONG_FLOPS), answers_for(ctx, "yy"))


def p_killed(ctx, st):
    d = st["dir"]
    make_killed(ctx, d)
    r1 = ctx.batch(d, "--lesson", "prefill", timeout=4.5)
    if not r1.timed_out:
        return False, "harness: the first batch ended before it was killed (could not judge)"
    r2 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "resumed run: " + why
    want = {"aa0": fresh_in_place(ctx, d / "aa0.py", "aa0"), "zz": fresh_in_place(ctx, d / "zz.py", "zz"),
            "yy": fresh_in_place(ctx, d / "yy", "yy")}
    want["aa1"] = want["aa2"] = want["aa0"]
    rows = r2.extra["rows"]
    bad = [(s, [J.total(x) for x in rows_of(rows, s)], w) for s, w in want.items()
           if not (len(rows_of(rows, s)) == 1 and close(J.total(rows_of(rows, s)[0]), w))]
    return not bad and len(rows) == 5, f"{len(rows)} rows; wrong (id, rows, fresh): {bad}"


def v_killed(st):
    make_killed(FakeCtx(), st["dir"])
    return len(list(st["dir"].iterdir())) == 5, "5 entries, the first three import for 2 s each"


C5 = [
    mid_case("5a", "between runs zz.py (correct) is replaced by ZZ.py (wrong prefill_flops): the same "
             "student by the one normalisation: held when the rerun has one zz row, equal to a fresh "
             "grade of ZZ.py (within the CSV's 2-decimal rounding)", s_case, None, b_case,
             j_fresh("ZZ.py", "zz")),
    Case("5b", 5, "the first batch (3 slow entries, zz.py, yy/) is killed with SIGKILL after 4.5 s, "
         "then rerun: held when the rerun has one row per entry (5), each equal to a fresh grade "
         "(nothing graded is lost, nothing half-written is kept)", b_killed, p_killed, v_killed,
         timeout=300),
    mid_case("5c", "entry zz/ holds the untouched template; while the batch runs, zz/exercises/prefill/ "
             "with the finished work and own answers appears inside it: held when the rerun's zz row "
             "equals a fresh grade of zz/ as it is now", s_nested, m_nested, nop, j_fresh("zz", "zz")),
    mid_case("5d", "while the batch runs, zz/answers.toml is replaced by a symbolic link to "
             "../yy/answers.toml (another student's): held when the rerun's zz row equals a fresh grade "
             "of zz/ as it is now", s_link, m_link, nop, j_fresh("zz", "zz")),
]


# ---- class 6: faults a submission can force ---------------------------------------------------
def b_mod(prefix="", suffix="", replace=None, ans=None):
    def b(tmp):
        src = S.module(replace, prefix=prefix, suffix=suffix)
        return {"sub": S.folder(tmp / "sub", src, ans or S.answers()), "src": src}
    return b


IGNORE_SIGNALS = '''import signal as _sg
for _n in ("SIGTERM", "SIGINT", "SIGHUP", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGUSR1", "SIGUSR2",
           "SIGXCPU", "SIGQUIT", "SIGPIPE"):
    try:
        _sg.signal(getattr(_sg, _n), _sg.SIG_IGN)
    except (OSError, ValueError, AttributeError):
        pass
'''
HANG_MASK = {"causal_mask": "def causal_mask(P):\n    while True:\n        pass\n"}
LEAVE_GROUP = {"causal_mask": "def causal_mask(P):\n    import os\n    try:\n        os.setpgid(0, 0)\n"
               "    except OSError:\n        pass\n    while True:\n        pass\n"}
CHDIR_UMASK = "import os as _o\n_o.chdir('/')\n_o.umask(0o777)\n"
META_PATH = '''import sys as _s


class _NoMoreImports:
    def find_spec(self, name, path=None, target=None):
        raise ImportError("no more imports after prefill: " + name)


_s.meta_path.insert(0, _NoMoreImports())
'''
KILL_PARENT = '''import atexit as _ax, os as _os, signal as _sg


def _bye(*_a):
    pp = _os.getppid()
    try:
        with open(f"/proc/{pp}/cmdline", "rb") as f:
            ours = b"issue25r6" in f.read()  # never the battery's own harness
    except OSError:
        ours = True
    if pp > 1 and not ours:
        _os.kill(pp, _sg.SIGKILL)


_ax.register(_bye)
_sg.signal(_sg.SIGTERM, _bye)
'''
CLASS_SWAP = '''

import sys as _s2, types as _t2


class _Hostile(_t2.ModuleType):
    def __getattribute__(self, name):
        raise SystemExit(3)


_s2.modules[__name__].__class__ = _Hostile
'''


def v_ignore(st):
    out = run_local(st["src"], "import signal\nprint(signal.getsignal(signal.SIGTERM) == signal.SIG_IGN,"
                    " signal.getsignal(signal.SIGALRM) == signal.SIG_IGN)")
    return out.endswith("True True") and "while True" in st["src"], f"after import: {out[-30:]!r}; mask spins"


def v_chdir(st):
    out = run_local(st["src"], "import os\nm = os.umask(0)\nprint(os.getcwd(), oct(m))")
    return out.endswith("/ 0o777"), f"after import: {out[-20:]!r}"


def v_meta(st):
    out = run_local(st["src"], "try:\n    import fractions\n    print('imported')\nexcept ImportError:\n"
                    "    print('refused')\nprint(prefill_flops(7e9, 1000))")
    return out.endswith("refused\n14000000000000.0") or out.endswith("refused\n1.4e+13"), out[-40:]


def v_kill_parent(st):
    out = run_local(st["src"], "import atexit\nprint('registered')")
    return "registered" in out, "imports; at exit and on SIGTERM it kills its parent (never the harness)"


def v_class_swap(st):
    d = st["tmp"] / "imp"
    S.write(d / "prefill_swapped.py", st["src"])
    out = run_local(f"import sys\nsys.path.insert(0, {str(d)!r})\nimport prefill_swapped as m",
                    "try:\n    m.prefill_flops\nexcept SystemExit as e:\n    print('SystemExit', e.code)")
    return out.endswith("SystemExit 3"), f"getattr on the module: {out[-20:]!r}"


KEY_CELL = '''import hashlib
_k = get_ipython().kernel
_k.session.key = hashlib.sha256(b"not the key you were given").hexdigest().encode()
'''


def b_key(tmp):
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + [KEY_CELL]
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "nb": nb}


def v_cells(st):
    cells = json.loads(st["nb"])["cells"]
    for c in cells:
        compile(c["source"], "cell", "exec")
    return True, f"{len(cells)} cells compile"


def b_forged_results(tmp):
    up = S.folder(tmp / "upload", S.STUB, S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    forged = {"score": 17.0, "output": "all good", "tests": [{"name": "everything", "score": 17.0,
                                                              "max_score": 17.0}]}
    S.write(up / "results.json", json.dumps(forged))
    S.write(up / "results" / "results.json", json.dumps(forged))
    return {"up": up}


def p_forged_results(ctx, st):
    r = ctx.gradescope(st["cache"], st["up"])
    res = r.extra.get("results")
    if not res:
        return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
    return res.get("score") == 0.0, f"results.json score {res.get('score')}"


BIGINT = 'flops = "1.4e13"\nseconds = "0.28 s"\npairs = 1' + "0" * 5000 + '\nquiz = "B"\n'


def p_bigint(ctx, st):
    r = ctx.grade(st["sub"], timeout=60)
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra["report"]
    hs = {t: J.score(rep, t) for t in ("hand_flops", "hand_seconds", "hand_pairs", "quiz")}
    good = hs["hand_flops"] == hs["hand_seconds"] == hs["quiz"] == 1.0 and hs["hand_pairs"] < 1.0
    return good, f"hand scores {hs}"


def v_bigint(st):
    ok, why = toml_ok(BIGINT)
    return not ok, why


C6 = [
    Case("6a", 6, "correct module that on import ignores SIGTERM, SIGINT, SIGHUP, SIGALRM, SIGXCPU and "
         "more, and a causal_mask that spins forever: held when no exit 3, no traceback, a report, within "
         "60 s / 700 MB", b_mod(IGNORE_SIGNALS, replace=HANG_MASK), p_bounded_no_fault(CODE_BOUND), v_ignore,
         timeout=150),
    Case("6b", 6, "causal_mask moves its own process into a new process group (os.setpgid(0, 0)) and "
         "spins: held when no exit 3, a report, within 60 s / 700 MB, and no process left running after "
         "the grader exits", b_mod(replace=LEAVE_GROUP), None,
         lambda st: ("setpgid(0, 0)" in st["src"], "the call leaves its group, then spins"), timeout=150),
    Case("6c", 6, "correct module that on import changes the working folder to / and sets umask 0777 "
         "(every file the worker makes afterwards is unreadable): held when no exit 3, no traceback, a "
         "report, within 60 s / 700 MB", b_mod(CHDIR_UMASK), p_bounded_no_fault(CODE_BOUND), v_chdir,
         timeout=150),
    Case("6d", 6, "correct module that on import puts a finder first on sys.meta_path refusing every later "
         "import: held when no exit 3, no traceback, a report, within 60 s / 700 MB",
         b_mod(META_PATH), p_bounded_no_fault(CODE_BOUND), v_meta, timeout=150),
    Case("6e", 6, "correct module that on import registers an atexit handler and a SIGTERM handler "
         "that SIGKILL its parent process: held when no exit 3 (nor killed), no traceback, a report, within "
         "60 s / 700 MB", b_mod(KILL_PARENT), p_bounded_no_fault(CODE_BOUND), v_kill_parent, timeout=150),
    Case("6f", 6, "correct notebook whose last cell changes the kernel session's signing key (the "
         "kernel's replies no longer verify): held when no exit 3, no traceback, a report, within "
         "150 s / 900 MB", b_key, p_bounded_no_fault(NB_BOUND), v_cells, timeout=240),
    Case("6g", 6, "Gradescope: the untouched stub and empty answers, uploaded with a forged results.json "
         "(17/17) at the top and in results/: held when the results.json written scores 0",
         b_forged_results, p_forged_results,
         lambda st: ((st["up"] / "results.json").exists(), "forged results.json in the upload"), timeout=420),
    Case("6h", 6, "correct module whose last lines swap its module's class for one whose every attribute "
         "access raises SystemExit(3): held when no exit 3, no traceback, a report, within 60 s / 700 MB",
         b_mod(suffix=CLASS_SWAP), p_bounded_no_fault(CODE_BOUND), v_class_swap, timeout=150),
    Case("6i", 6, "answers.toml with pairs = 1 followed by 5000 zeros (a TOML integer; Python refuses "
         "to read more than 4300 digits): held when no exit 3, no traceback, a report with the other "
         "three answers right and pairs not", b_mod(ans=BIGINT), p_bigint, v_bigint),
]


def p_left_group(ctx, st):
    r = ctx.grade(st["sub"], timeout=CODE_BOUND[0] + 30)
    ok, why = J.bounded(r, *CODE_BOUND)
    if not ok:
        return ok, why
    ok2, why2 = J.no_fault(r)
    return ok2 and r.leftovers == 0, f"{why}; {why2}; {r.leftovers} processes left running"


C6[1].play = p_left_group
CASES = C5 + C6
