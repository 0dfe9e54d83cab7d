"""Classes 4-6 of round 9: class exports, an entry that changes between runs, faults a submission
can force. Every case is a new mechanism (not an example of the issue, not a case of rounds 1-8)."""
from __future__ import annotations

import os
import time
import zipfile
from pathlib import Path

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for, notebook_for
from common import CODE_BOUND, HAND, NB_BOUND, p_bounded_no_fault, run_local

T2023 = time.mktime((2023, 3, 1, 12, 0, 0, 0, 0, -1))
T2025 = time.mktime((2025, 3, 1, 12, 0, 0, 0, 0, -1))
T2030 = time.mktime((2030, 3, 1, 12, 0, 0, 0, 0, -1))


def batch_rows(r):
    return {x.get("student"): (J.total(x), x.get("status")) for x in r.extra["rows"]}


def graded_rows(r):
    return [x for x in r.extra["rows"] if x.get("status") == "graded"]


# ---------------------------------------------------------------- class 4: exports

GS_YML = """submission_{n}:
  :submitters:
{subs}  :created_at: 2025-03-01 10:00:00.000000000 -08:00
  :score: 
  :status: processed
"""


def gs_export(d: Path, n: int, emails: list[str], mod: str, ans: str) -> None:
    subs = "".join(f"  - :name: {e.split('@')[0].title()}\n    :sid: \n    :email: {e}\n" for e in emails)
    S.write(d / "submission_metadata.yml", GS_YML.format(n=n, subs=subs))
    S.folder(d / f"submission_{n}", mod, ans)


def make_4a(ctx, d):
    # a group of two: the id is the first of the members' e-mails, sorted (alice before bob)
    gs_export(d, 301, ["bob@example.org", "alice@example.org"], S.module(),
              answers_for(ctx, "alice@example.org"))


def make_4e(ctx, d):
    gs_export(d, 302, ["Alice.Smith@Example.ORG"], S.module(), answers_for(ctx, "alice.smith@example.org"))


def p_one_row_17(make):
    def p(ctx, st):
        make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill")
        ok, why = J.reported(r)
        if not ok:
            return ok, why
        rows = batch_rows(r)
        return (len(rows) == 1 and list(rows.values())[0] == (17.0, "graded")), f"rows {rows}"
    return p


def make_4b(ctx, d):
    S.write(d / "alice.py", S.module())
    os.utime(d / "alice.py", (T2023, T2023))
    S.write(d / "bob.py", S.module())
    z = d / "alice.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
        zi = zipfile.ZipInfo("prefill.py", date_time=(2025, 3, 1, 12, 0, 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        zf.writestr(zi, S.module())
        zi = zipfile.ZipInfo("data/padding.bin", date_time=(2025, 3, 1, 12, 0, 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        zf.writestr(zi, b"\0" * (60 * 1024 * 1024))
    os.utime(z, (T2025, T2025))


def p4b(ctx, st):
    make_4b(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill", "--keep", "newest")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    al = [x for x in graded_rows(r) if "alice" in (x.get("student") or "")]
    got = batch_rows(r)
    return len(al) == 1 and J.total(al[0]) == 13.0, f"rows {got}"


def v4b(st):
    make_4b(FakeCtx(), st["dir"])
    z = st["dir"] / "alice.zip"
    with zipfile.ZipFile(z) as zf:
        declared = sum(i.file_size for i in zf.infolist())
    return declared > 50 * 1024 * 1024 and z.stat().st_size < 1024 * 1024, \
        f"zip of {z.stat().st_size} bytes declaring {declared / 2**20:.0f} MiB"


def make_4c(ctx, d):
    for user, mod, ans in (("Alice", S.STUB, 'flops = ""\nseconds = ""\npairs = ""\nquiz = ""\n'),
                           ("alice", S.module(), answers_for(ctx, "alice"))):
        repo = d / f"prefill-lab-{user}"
        S.repository(repo, mod, ans)
        S.write(repo / ".git" / "config", "[core]\n\trepositoryformatversion = 0\n")


def p4c(ctx, st):
    make_4c(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    g = graded_rows(r)
    return len(g) <= 1, f"rows {batch_rows(r)}"


def make_4d(ctx, d):
    src1 = S.folder(d.parent / "s1", S.STUB)
    src2 = S.folder(d.parent / "s2", S.module())
    S.zip_dir(src1, d / "smithalice_101_5001_prefill.zip")
    S.zip_dir(src2, d / "smithalice_101_5002_prefill-1.zip")
    S.write(d / "smithalice_101_5003_answers.toml", answers_for(ctx, "101"))


def v_dir(make, n):
    def v(st):
        make(FakeCtx(), st["dir"])
        k = sum(1 for _ in st["dir"].iterdir())
        return k == n, f"{k} entries"
    return v


# ---------------------------------------------------------------- class 5: changes between runs

def fresh_total(ctx, path: Path, student: str):
    r = ctx.grade(path, "--lesson", "prefill", "--student", student)
    rep = r.extra.get("report")
    return (rep or {}).get("score"), r


def b5a(tmp):
    store, d = tmp / "store", tmp / "class"
    S.write(store / "v1.py", S.module())
    S.write(store / "v2.py", S.module({"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}))
    d.mkdir(parents=True)
    os.symlink("../store/v1.py", d / "zz.py")
    S.write(d / "yy.py", S.module())
    return {"dir": d}


def p5a(ctx, st):
    d = st["dir"]
    r1 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r1)
    if not ok:
        return ok, "first run: " + why
    os.unlink(d / "zz.py")
    os.symlink("../store/v2.py", d / "zz.py")
    r2 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "rerun: " + why
    zz = [x for x in r2.extra["rows"] if x.get("student") == "zz"]
    if len(zz) != 1:
        return False, f"rerun rows {batch_rows(r2)}"
    if zz[0].get("status") != "graded":
        return True, f"zz refused on the rerun ({zz[0].get('status')}): no stale grade"
    fresh, _ = fresh_total(ctx, d / "zz.py", "zz")
    return J.total(zz[0]) == fresh, f"rerun zz {J.total(zz[0])}, fresh grade of what it holds now {fresh}"


def v5a(st):
    p = st["dir"] / "zz.py"
    return p.is_symlink() and "2 * N * P" in p.read_text(), "zz.py -> ../store/v1.py (correct); v2 has 3 * N * P"


def b5b(tmp):
    d = tmp / "class"
    S.write(d / "zz.py", S.module())
    os.utime(d / "zz.py", (T2023, T2023))
    src = S.folder(tmp / "zsrc", S.module({"prefill_flops": "def prefill_flops(N, P):\n    return N * P\n"}))
    z = d / "zz.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zi = zipfile.ZipInfo("prefill.py", date_time=(2025, 3, 1, 12, 0, 0))
        zf.writestr(zi, (src / "prefill.py").read_text())
    os.utime(z, (T2025, T2025))
    return {"dir": d}


def p5b(ctx, st):
    d = st["dir"]
    r1 = ctx.batch(d, "--lesson", "prefill", "--keep", "newest")
    ok, why = J.reported(r1)
    if not ok:
        return ok, "first run: " + why
    first = batch_rows(r1)
    os.utime(d / "zz.py", (T2030, T2030))       # only a touch: the .py is now the newest entry
    r2 = ctx.batch(d, "--lesson", "prefill", "--keep", "newest")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "rerun: " + why
    zz = [x for x in r2.extra["rows"] if (x.get("student") or "").startswith("zz")]
    graded = [x for x in zz if x.get("status") == "graded"]
    fresh, _ = fresh_total(ctx, d / "zz.py", "zz")
    got = [J.total(x) for x in graded]
    return (len(graded) == 1 and got[0] == fresh,
            f"first {first}; rerun graded {got}, fresh grade of zz.py (now newest) {fresh}")


def v5b(st):
    with zipfile.ZipFile(st["dir"] / "zz.zip") as zf:
        src = zf.read("prefill.py").decode()
    return "return N * P" in src, "zz.zip (2025) holds prefill_flops = N * P; zz.py (2023) correct"


# ---------------------------------------------------------------- class 6: forced faults

PLANT = '''import os, tempfile
_bad = "import os\\nos._exit(3)\\n"
for _name in ("orjson.py", "msgpack.py", "colorama.py", "zmq.py", "tornado.py", "traitlets.py"):
    with open(_name, "w") as _f:
        _f.write(_bad)
'''

KILL_ONCE = '''import os, tempfile
_marks = [os.path.join(tempfile.gettempdir(), "r9_killed_once"), "r9_killed_once"]
if not any(os.path.exists(m) for m in _marks):
    for m in _marks:
        try:
            open(m, "w").close()
        except OSError:
            pass
    os._exit(1)
'''


def b6a(tmp):
    nb = S.notebook(["import numpy as np", PLANT, KILL_ONCE] + list(S.FUNCS.values()),
                    "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb)}


def p6a(ctx, st):
    r = ctx.grade(st["sub"], timeout=NB_BOUND[0] + 30)
    ok, why = J.bounded(r, *NB_BOUND)
    if not ok:
        return ok, why
    ok, why2 = J.graded(r)
    if not ok:
        return ok, why2
    sc = r.extra["report"]["score"]
    return sc == 17.0, f"{why}; score {sc}"


def v6a(st):
    import json
    cells = json.loads(st["sub"].read_text())["cells"]
    return "orjson.py" in "".join(cells[1]["source"]) and "_exit(1)" in "".join(cells[2]["source"]), \
        "cell 2 plants orjson.py etc. in its folder, cell 3 kills the kernel once"


FSIZE = '''import resource as _r
_r.setrlimit(_r.RLIMIT_FSIZE, (0, 0))
'''

NP_PATCH = '''import os as _os
def _die(*a, **k):
    _os._exit(3)
for _n in ("asarray", "ascontiguousarray", "frombuffer", "array_equal", "isfinite", "isnan",
           "array", "issubdtype", "result_type", "can_cast", "copy", "asanyarray", "save", "load"):
    setattr(np, _n, _die)
'''


def p6_no_fault_answers(ctx, st):
    r = ctx.grade(st["sub"], timeout=CODE_BOUND[0] + 30)
    ok, why = J.bounded(r, *CODE_BOUND)
    if not ok:
        return ok, why
    ok, why2 = J.no_fault(r)
    if not ok:
        return ok, why2
    rep = r.extra.get("report")
    hs = [J.score(rep, t) for t in HAND]
    return rep is not None and all(h > 0 for h in hs), f"{why}; {why2}; hand {hs}"


def b_mod(prefix):
    def b(tmp):
        src = S.module(prefix=prefix)
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return b


def v6b(st):
    out = run_local(st["src"], "import os, signal\nsignal.signal(signal.SIGXFSZ, signal.SIG_IGN)\ntry:\n    fd = os.open('/tmp/r9_fsize_probe', os.O_WRONLY | os.O_CREAT, 0o600)\n    os.write(fd, b'x')\n"
                    "    print('wrote')\nexcept OSError as e:\n    print('refused', e.errno)\n"
                    "finally:\n    os.path.exists('/tmp/r9_fsize_probe') and os.unlink('/tmp/r9_fsize_probe')")
    return "refused 27" in out, f"a write after import: {out[-80:]!r}"


def v6c(st):
    out = run_local(st["src"], "print(prefill_flops(7e9, 1000), causal_pairs(4)); np.asarray([1])")
    return out.startswith("14000000000000.0 10") or out.startswith("1.4e+13 10"), f"local: {out[:60]!r}"


CASES = [
    Case("4a", 4, "honest Gradescope export: a group submission (submission_metadata.yml lists bob@example.org "
         "then alice@example.org), answers for alice@example.org's numbers (class.md: the first e-mail, "
         "sorted): held when one row, graded 17",
         lambda tmp: {"dir": tmp / "gs"}, p_one_row_17(make_4a), v_dir(make_4a, 2)),
    Case("4b", 4, "--keep newest: a newer alice.zip (2025, 600 KB) declaring a 60 MiB member (over the 50 MiB "
         "limit as declared: refused) vs an older correct alice.py (2023), beside bob.py: held when alice's one "
         "graded row is 13", lambda tmp: {"dir": tmp / "class"}, p4b, v4b),
    Case("4c", 4, "GitHub Classroom: prefill-lab-submissions/ holding prefill-lab-Alice (the template) and "
         "prefill-lab-alice (finished, own answers): one username by the one normalisation: held when never "
         "two graded rows", lambda tmp: {"dir": tmp / "prefill-lab-submissions"}, p4c, v_dir(make_4c, 2)),
    Case("4d", 4, "honest Canvas: the stub uploaded as prefill.zip (file id 5001), the finished work re-uploaded "
         "as prefill-1.zip (5002), answers.toml (5003): held when one row, graded 17",
         lambda tmp: {"dir": tmp / "canvas"}, p_one_row_17(make_4d), v_dir(make_4d, 3)),
    Case("4e", 4, "honest Gradescope export: the submitter's e-mail in capitals (Alice.Smith@Example.ORG), answers "
         "for alice.smith@example.org's numbers (one normalisation: case folded): held when one row, graded 17",
         lambda tmp: {"dir": tmp / "gs"}, p_one_row_17(make_4e), v_dir(make_4e, 2)),
    Case("5a", 5, "batch entry zz.py is a symbolic link to ../store/v1.py (correct); between runs it is pointed "
         "at v2.py (prefill_flops 3·N·P): held when the rerun's zz row equals a fresh grade of what zz.py "
         "holds now (or zz is refused, never a stale grade)", b5a, p5a, v5a),
    Case("5b", 5, "--keep newest: zz.zip (2025, prefill_flops N·P) beats zz.py (2023, correct); between runs "
         "zz.py is only touched to 2030 (no content changes): held when the rerun has one graded zz row equal "
         "to a fresh grade of zz.py", b5b, p5b, v5b),
    Case("6a", 6, "correct notebook whose cell plants orjson.py, msgpack.py, colorama.py, zmq.py, tornado.py, "
         "traitlets.py (os._exit(3)) in its folder, then kills its kernel once (the restarted kernel starts "
         "beside them): held when 17 within 150 s / 900 MB, no exit 3, no traceback", b6a, p6a, v6a,
         timeout=200),
    Case("6b", 6, "correct module whose import sets RLIMIT_FSIZE to 0 (no file can grow afterwards): held when "
         "no exit 3, no traceback, a report within 60 s / 700 MB and all four answers right",
         b_mod(FSIZE), p6_no_fault_answers, v6b),
    Case("6c", 6, "correct module whose import replaces numpy's asarray, ascontiguousarray, frombuffer, "
         "array_equal, isfinite, array and more with functions that os._exit(3) (its own functions use none "
         "of them): held when no exit 3, no traceback, a report within 60 s / 700 MB and all four answers "
         "right", b_mod(NP_PATCH), p6_no_fault_answers, v6c),
]
