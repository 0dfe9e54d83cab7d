"""Round 10, classes 4-6: class exports, changes between runs, faults a submission can force.

Every case is a new mechanism (not an example of issue 25, not a case of rounds 1-9): see README.md.
"""
from __future__ import annotations

import os
import zipfile

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for
from common import CODE_BOUND, HAND, load, run_local

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}


def rows_where(rows, pred):
    return [r for r in rows if pred((r.get("student") or ""))]


# ---------------------------------------------------------------------------------------------
# Class 4: exports as LMSs write them (docs/class.md, "Submissions and LMS layouts", "Whose numbers")

def make_4a(ctx, d):
    S.write(d / "smithalice_101_5001_prefill.py", S.STUB)
    S.write(d / "smithalice_LATE_101_5007_prefill-1.py", S.module())
    S.write(d / "smithalice_LATE_101_5008_answers.toml", answers_for(ctx, "101"))
    S.write(d / "jonesbob_102_5003_prefill.py", S.module())
    S.write(d / "jonesbob_102_5004_answers.toml", answers_for(ctx, "102"))


def p_4a(ctx, st):
    make_4a(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    got = {x.get("student"): (J.total(x), x.get("status")) for x in r.extra["rows"]}
    good = len(got) == 2 and all(t == 17.0 and s == "graded" for t, s in got.values())
    return good, f"rows {got}"


def make_4b(ctx, d):
    a = d / "Alice Smith_4242_assignsubmission_file_"
    S.folder(a, S.module(), answers_for(ctx, "4242"))
    b = d / "Bob Jones_4243_assignsubmission_onlinetext_"
    S.write(b / "onlinetext.html", "<p>def prefill_flops(N, P):<br>&nbsp;&nbsp;&nbsp;&nbsp;return 2 * N * P</p>\n"
            "<p>flops = 1.4e13</p>\n")


def p_4b(ctx, st):
    make_4b(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rows = r.extra["rows"]
    a = rows_where(rows, lambda s: "4242" in s or "alice" in s.lower())
    b = rows_where(rows, lambda s: "4243" in s or "bob" in s.lower())
    good = (len(a) == 1 and J.total(a[0]) == 17.0 and a[0].get("status") == "graded"
            and len(b) == 1 and b[0].get("status") == "refused")
    return good, f"alice {[(x.get('student'), J.total(x), x.get('status')) for x in a]}, " \
                 f"bob {[(x.get('student'), J.total(x), x.get('status')) for x in b]}"


def make_4c(ctx, d):
    S.write(d / "alice.py", S.module())
    S.write(d / "bob.py", S.module())
    S.write(d / " bob.py", S.STUB)      # the same id once blanks are trimmed


def p_4c(ctx, st):
    make_4c(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rows = r.extra["rows"]
    bob = rows_where(rows, lambda s: s.strip().casefold() == "bob")
    al = rows_where(rows, lambda s: s.strip().casefold() == "alice")
    graded_bob = [x for x in bob if x.get("status") == "graded"]
    good = (len(graded_bob) == 0 and len(bob) >= 1 and len(al) == 1 and J.total(al[0]) == 13.0)
    return good, f"bob rows {[(x.get('student'), J.total(x), x.get('status')) for x in bob]}, " \
                 f"alice {[J.total(x) for x in al]}"


def make_4d(ctx, d):
    S.zip_files(d / "leecarol_103_6001_prefill-lab.zip", {
        "Prefill Lab/prefill.py": S.module(), "Prefill Lab/notes.txt": "try the mask on 5 tokens\n"})
    S.write(d / "leecarol_103_6002_answers.toml", answers_for(ctx, "103"))


def p_4d(ctx, st):
    make_4d(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    got = [(x.get("student"), J.total(x), x.get("status")) for x in r.extra["rows"]]
    return len(got) == 1 and got[0][1] == 17.0 and got[0][2] == "graded", f"rows {got}"


def v_layout(make, n):
    def v(st):
        make(FakeCtx(), st["dir"])
        names = sorted(p.name for p in st["dir"].iterdir())
        return len(names) == n, f"{n} entries: {names}"
    return v


# ---------------------------------------------------------------------------------------------
# Class 5: the copy is what is graded, the next run grades the change (docs/class.md)

def fresh_equal(ctx, sub, sid, row) -> tuple[bool, str]:
    f = ctx.grade(sub, "--student", sid, "--lesson", "prefill")
    rep = f.extra.get("report")
    if not rep:
        return False, f"fresh grade gave no report (exit {f.rc})"
    want = round(rep["score"] + 1e-9, 2)
    got = J.total(row)
    pf = row.get("prefill_flops")
    pf_ok = pf in (None, "") or abs(float(pf) - J.score(rep, "prefill_flops")) < 0.01
    return got == want and pf_ok, f"rerun row {got} (prefill_flops {pf}), fresh {want} " \
                                  f"(prefill_flops {J.score(rep, 'prefill_flops')})"


def make_5a(ctx, d):
    zz = d / "zz"
    good = S.module()
    bad = S.module(WRONG_FLOPS)
    bad += "#" * (len(good) - len(bad) - 1) + "\n" if len(bad) < len(good) else ""
    S.folder(zz, good, answers_for(ctx, "zz"))
    S.write(zz / "draft.py", bad)
    S.write(d / "yy.py", S.module())
    return zz


def swap_names(zz):
    st = {n: os.stat(zz / n) for n in ("prefill.py", "draft.py")}
    dst = os.stat(zz)
    os.rename(zz / "prefill.py", zz / "tmp.swap")
    os.rename(zz / "draft.py", zz / "prefill.py")
    os.rename(zz / "tmp.swap", zz / "draft.py")
    for n, s in st.items():
        os.utime(zz / n, ns=(s.st_atime_ns, s.st_mtime_ns))
    os.utime(zz, ns=(dst.st_atime_ns, dst.st_mtime_ns))


def p_5a(ctx, st):
    d = st["dir"]
    zz = make_5a(ctx, d)
    r1 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r1)
    if not ok:
        return ok, "first run: " + why
    swap_names(zz)
    r2 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "rerun: " + why
    rows = rows_where(r2.extra["rows"], lambda s: s == "zz")
    if len(rows) != 1:
        return False, f"rerun zz rows: {rows}"
    return fresh_equal(ctx, zz, "zz", rows[0])


def v_5a(st):
    zz = make_5a(FakeCtx(), st["dir"])
    n1 = (zz / "prefill.py").stat().st_size, (zz / "draft.py").stat().st_size
    swap_names(zz)
    return n1[0] == n1[1] and load((zz / "prefill.py").read_text())["prefill_flops"](1, 1) == 3, \
        f"equal sizes {n1}; after the swap prefill.py is the 3NP draft"


def make_5b(ctx, d):
    S.write(d / "zz.py", S.module())
    S.write(d / "yy.py", S.module())


def add_5b(d):
    S.zip_files(d / "ZZ.zip", {"prefill.py": S.module(WRONG_FLOPS)})


def p_5b(ctx, st):
    d = st["dir"]
    make_5b(ctx, d)
    r1 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r1)
    if not ok:
        return ok, "first run: " + why
    first = [(x.get("student"), J.total(x), x.get("status")) for x in rows_where(r1.extra["rows"], lambda s: s.casefold() == "zz")]
    add_5b(d)
    r2 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "rerun: " + why
    zz = rows_where(r2.extra["rows"], lambda s: s.strip().casefold() == "zz")
    got = [(x.get("student"), J.total(x), x.get("status")) for x in zz]
    good = len(zz) == 1 and zz[0].get("status") == "refused"
    return good, f"first {first}; rerun zz rows {got}"


def v_5b(st):
    make_5b(FakeCtx(), st["dir"])
    add_5b(st["dir"])
    with zipfile.ZipFile(st["dir"] / "ZZ.zip") as z:
        return z.namelist() == ["prefill.py"], "zz.py, then ZZ.zip (one id) added before the rerun"


# ---------------------------------------------------------------------------------------------
# Class 6: a submission cannot make the grader's own environment fail (docs/security.md, ci.md)

BUILTIN_TRAP = '''
import builtins as _b, os as _os, sys as _sys

def _trap(_name):
    _real = getattr(_b, _name)
    def _f(*a, **k):
        _g = _sys._getframe(1).f_globals.get("__name__") or ""
        if _g != __name__ and not _g.startswith("numpy"):
            _os._exit(3)
        return _real(*a, **k)
    return _f

for _n in ("isinstance", "len", "getattr", "hasattr", "repr", "sorted", "min", "max", "print", "id", "iter"):
    setattr(_b, _n, _trap(_n))
'''


def v_6a(st):
    src = st["src"]
    out = run_local(src, "print(prefill_flops(7e9, 1000), causal_pairs(4), bool(causal_mask(3)[2, 0]), flush=True)\n"
                         "import json\nprint(json.dumps({'a': [1]}))")
    return out.startswith("14000000000000.0 10 True") and "{" not in out, f"its own calls work, a json.dumps from outside ends the process: {out[:60]!r}"


DELETE_SELF = '''
import os as _os, shutil as _sh
_here = _os.path.dirname(_os.path.abspath(__file__))
for _name in list(_os.listdir(_here)):
    _p = _os.path.join(_here, _name)
    try:
        (_sh.rmtree if _os.path.isdir(_p) and not _os.path.islink(_p) else _os.remove)(_p)
    except OSError:
        pass
'''


def b_6b(tmp):
    src = S.module() + DELETE_SELF
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def v_6b(st):
    import shutil
    import subprocess
    import sys
    probe = st["tmp"] / "probe"
    shutil.copytree(st["sub"], probe)
    r = subprocess.run([sys.executable, "-c", "import prefill; print(prefill.causal_pairs(4))"], cwd=probe,
                       capture_output=True, text=True, timeout=60)
    left = sorted(os.listdir(probe))
    return r.stdout.strip() == "10" and left in ([], ["__pycache__"]), f"imports, answers 10, leaves {left}"


EXIT3 = "\nimport sys\nsys.exit(3)\n"


def p_answers_kept(ctx, st):
    r = ctx.grade(st["sub"], timeout=CODE_BOUND[0] + 30)
    ok, why = J.bounded(r, *CODE_BOUND)
    if not ok:
        return ok, why
    ok, why2 = J.reported(r)
    if not ok:
        return ok, why2
    rep = r.extra.get("report")
    if r.rc != 0 or not rep:
        return False, f"exit {r.rc}, no report: " + J.last_line(r.stderr)
    hs = [J.score(rep, t) for t in HAND]
    return hs == [1.0] * 4, f"{why}; exit 0, hand {hs}, score {rep['score']}"


def b_src(src):
    def b(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return b


def v_6c(st):
    out = run_local(st["src"], "")
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", st["src"]], capture_output=True)
    return r.returncode == 3, f"importing it exits 3 ({out[:40]!r})"


CASES = [
    Case("4a", 4, "honest Canvas: alice's stub prefill.py (file id 5001), then a LATE re-upload prefill-1.py "
         "(finished, 5007) and answers (5008) named <name>_LATE_<user id>_<file id>_<file>; bob on time; own "
         "numbers (class.md: [LATE_]): held when two rows, graded 17 each",
         lambda tmp: {"dir": tmp / "canvas"}, p_4a, v_layout(make_4a, 5)),
    Case("4b", 4, "Moodle: participant 4242 hands in files (own numbers), participant 4243 only online text "
         "(assignsubmission_onlinetext_ with the code pasted as HTML; class.md: online text alone is "
         "refused): held when 4242 graded 17 and 4243 one refused row", lambda tmp: {"dir": tmp / "moodle"},
         p_4b, v_layout(make_4b, 2)),
    Case("4c", 4, "plain folder: bob.py (finished) and ' bob.py' (a leading blank, the stub; class.md: blanks "
         "trimmed, so one student: refused together), beside alice.py: held when no bob row is graded, one "
         "at least says why, and alice is 13", lambda tmp: {"dir": tmp / "class"}, p_4c,
         v_layout(make_4c, 3)),
    Case("4d", 4, "honest Canvas: carol uploads prefill-lab.zip (a folder 'Prefill Lab/' holding the "
         "finished prefill.py and notes) and answers.toml as two files (class.md: a zip among the uploads is "
         "opened and merged; ci.md: answers from the place that has them): held when one row, graded 17",
         lambda tmp: {"dir": tmp / "canvas"}, p_4d, v_layout(make_4d, 2)),

    Case("5a", 5, "folder entry zz/ holds prefill.py (right) and draft.py (prefill_flops 3·N·P, padded to the "
         "same size); between runs the two files exchange names (mtimes put back): the same bytes under "
         "other names: held when the rerun's zz row equals a fresh grade of zz/ now",
         lambda tmp: {"dir": tmp / "class"}, p_5a, v_5a, timeout=200),
    Case("5b", 5, "zz.py graded in a first run; before the rerun ZZ.zip (one id with zz.py; prefill_flops "
         "3·N·P) is added, no --keep (class.md: two entries of one student are one conflict row, refused "
         "together): held when the rerun has one zz row, refused (no stale graded row)",
         lambda tmp: {"dir": tmp / "class"}, p_5b, v_5b, timeout=200),

    Case("6a", 6, "correct module whose import replaces builtins isinstance, len, getattr, hasattr, repr, "
         "sorted, min, max, print, id and iter with functions that os._exit(3) when called from any module "
         "but its own and numpy's: held when no exit 3, no traceback, exit 0 with a report within 60 s / "
         "700 MB and all four answers right", b_src(S.module() + BUILTIN_TRAP), p_answers_kept, v_6a),
    Case("6b", 6, "correct module whose import deletes every file of the folder it was imported from (the "
         "grader's private copy of the submission): held when no exit 3, no traceback, exit 0 with a report "
         "within 60 s / 700 MB and all four answers right", b_6b, p_answers_kept, v_6b),
    Case("6c", 6, "correct module ending in sys.exit(3) at the top level (its import ends with status 3, the "
         "grader's own 'fault' status): held when no exit 3, no traceback, exit 0 with a report within "
         "60 s / 700 MB and all four answers right", b_src(S.module() + EXIT3), p_answers_kept, v_6c),
]
