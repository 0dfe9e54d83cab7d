"""Classes 4-6 of round 8: class exports, lost data between runs, faults a submission forces.
Every case is a new mechanism (not an example of the issue, not a case of rounds 1-7)."""
from __future__ import annotations

import os
import stat
import time
import zipfile
from pathlib import Path

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for, notebook_for
from common import CODE_BOUND, HAND, NB_BOUND, load, run_local

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}
T2020, T2023, T2025 = 1577880000, 1672574400, 1736000000


def setm(p: Path, t: float) -> Path:
    os.utime(p, (t, t))
    return p


def graded_rows(rows):
    return [r for r in rows if (r.get("status") or "") == "graded"]


def rows_desc(rows):
    return [(r.get("student"), r.get("status"), r.get("total")) for r in rows]


# ---------------------------------------------------------------- class 4: exports


def make_4a(ctx, d):
    S.write(d / "smithalice_101_999_prefill.py", S.STUB)
    S.write(d / "smithalice_101_1000_prefill-1.py", S.module())
    S.write(d / "smithalice_101_998_answers.toml", answers_for(ctx, "101"))


def p_one_row_17(make):
    def p(ctx, st):
        make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill")
        ok, why = J.reported(r)
        if not ok:
            return ok, why
        rows = r.extra["rows"]
        good = len(rows) == 1 and rows[0].get("status") == "graded" and J.total(rows[0]) == 17.0
        return good, f"rows {rows_desc(rows)}"
    return p


def v_files(make, n):
    def v(st):
        make(FakeCtx(), st["dir"])
        got = sum(1 for p in st["dir"].rglob("*") if p.is_file())
        return got == n, f"{got} files"
    return v


def make_4b(ctx, d):
    setm(S.write(d / "alice.py", S.module()), T2023)
    S.write(d / "bob.py", S.module())
    d.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(d / "alice.zip", "w") as z:
        zi = zipfile.ZipInfo("prefill.py", date_time=(2025, 1, 4, 12, 0, 0))
        zi.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(zi, "/etc/passwd")
        zi2 = zipfile.ZipInfo("answers.toml", date_time=(2025, 1, 4, 12, 0, 0))
        z.writestr(zi2, S.answers())


def p_4b(ctx, st):
    make_4b(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill", "--keep", "newest")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    a = [x for x in r.extra["rows"] if x.get("student") == "alice"]
    good = len(a) == 1 and a[0].get("status") == "graded" and J.total(a[0]) == 13.0
    return good, f"rows {rows_desc(r.extra['rows'])}"


def v_4b(st):
    make_4b(FakeCtx(), st["dir"])
    with zipfile.ZipFile(st["dir"] / "alice.zip") as z:
        m = z.getinfo("prefill.py")
        return stat.S_ISLNK(m.external_attr >> 16), "alice.zip's prefill.py is a symlink member (2025)"


def make_4c(ctx, d):
    S.write(d / "Alice Smith_4242_assignsubmission_file_" / "prefill.py", S.module())
    S.write(d / "Alice Smith_\uff14\uff12\uff14\uff12_assignsubmission_file_" / "answers.toml",
            answers_for(ctx, "4242"))


def p_never_two(make, *extra):
    def p(ctx, st):
        make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill", *extra)
        ok, why = J.reported(r)
        if not ok:
            return ok, why
        g = graded_rows(r.extra["rows"])
        return len(g) <= 1, f"rows {rows_desc(r.extra['rows'])}"
    return p


BB = "Prefill"


def make_4d(ctx, d):
    for user, date, files in [("asmith", "2025-03-01-10-00-00", {"prefill.py": S.STUB}),
                              ("a\u00adsmith", "2025-03-02-10-00-00",
                               {"prefill.py": S.module(), "answers.toml": S.answers()})]:
        base = f"{BB}_{user}_attempt_{date}"
        S.write(d / f"{base}.txt", f"Name: Alice Smith ({user})\nAssignment: {BB}\n"
                f"Date Submitted: {date}\nCurrent Grade: Needs Grading\n\nSubmission Field:\n"
                f"There is no student submission text data for this assignment.\n\nFiles:\n" +
                "".join(f"\tOriginal filename: {f}\n\tFilename: {base}_{f}\n" for f in files))
        for f, text in files.items():
            S.write(d / f"{base}_{f}", text)


def make_4e(ctx, d):
    folder = d / "Alice Smith_4243_assignsubmission_file_"
    src = S.folder(d.parent / "zsrc", S.module())
    S.zip_dir(src, folder / "work.zip")
    S.write(folder / "answers.toml", answers_for(ctx, "4243"))


# ---------------------------------------------------------------- class 5: between runs


def fresh_equal(ctx, rows, sid, path):
    zr = [x for x in rows if x.get("student") == sid]
    if len(zr) != 1:
        return False, f"{sid} rows {rows_desc(rows)}"
    fr = ctx.grade(path, "--student", sid, "--lesson", "prefill")
    ok, why = J.graded(fr)
    if not ok:
        return False, "fresh grade: " + why
    want = fr.extra["report"]["score"]
    got = J.total(zr[0])
    return got is not None and abs(got - want) <= 0.011, f"rerun row {got}, fresh grade {want}"


def make_5a(ctx, d):
    S.write(d / "aa.py", S.module())
    S.write(d / "zz" / "prefill.py", S.STUB)
    S.write(d / "zz" / "prefill.ipynb", notebook_for(ctx, "zz"))


def p_5a(ctx, st):
    d = st["dir"]
    make_5a(ctx, d)
    r1 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r1)
    if not ok:
        return ok, "first run: " + why
    S.write(d / "zz" / "prefill.py", S.module(WRONG_FLOPS))
    S.write(d / "zz" / "answers.toml", answers_for(ctx, "zz"))
    r2 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "rerun: " + why
    return fresh_equal(ctx, r2.extra["rows"], "zz", d / "zz")


def v_5a(st):
    make_5a(FakeCtx(), st["dir"])
    return (st["dir"] / "zz" / "prefill.ipynb").exists(), "zz/: stub .py + finished notebook; aa.py"


def zip_bytes(mod: str, ans: str) -> bytes:
    import io
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("prefill.py", mod)
        z.writestr("answers.toml", ans)
    return b.getvalue()


def p_5b(ctx, st):
    d = st["dir"]
    S.write(d / "aa.py", S.module())
    whole = zip_bytes(S.module(WRONG_FLOPS), answers_for(ctx, "zz"))
    setm(S.write(d / "zz.zip", whole[: len(whole) // 2]), T2025)   # a download cut in half
    r1 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r1)
    if not ok:
        return ok, "first run: " + why
    setm(S.write(d / "zz.zip", whole), T2025)                         # the download resumed
    r2 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "rerun: " + why
    return fresh_equal(ctx, r2.extra["rows"], "zz", d / "zz.zip")


def v_5b(st):
    import io
    whole = zip_bytes(S.module(WRONG_FLOPS), S.answers())
    try:
        zipfile.ZipFile(io.BytesIO(whole[: len(whole) // 2]))
        return False, "the half zip opens"
    except zipfile.BadZipFile:
        pass
    return zipfile.ZipFile(io.BytesIO(whole)).testzip() is None, "half zip broken, whole zip fine"


def p_5c(ctx, st):
    d = st["dir"]
    S.write(d / "aa.py", S.module())
    setm(S.write(d / "zz.py", S.module()), 1893456000)                 # 2030: a clock ahead
    r1 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r1)
    if not ok:
        return ok, "first run: " + why
    setm(S.write(d / "zz.py", S.module(WRONG_FLOPS)), T2020)            # rewritten, clock fixed
    r2 = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r2)
    if not ok:
        return ok, "rerun: " + why
    return fresh_equal(ctx, r2.extra["rows"], "zz", d / "zz.py")


# ---------------------------------------------------------------- class 6: forced faults

LAUNCHER = "import os, sys\nsys.stderr.write('student launcher\\n')\nos._exit(3)\n"


def make_6a(sub):
    S.write(sub / "prefill.ipynb", S.correct_notebook())
    S.write(sub / "ipykernel_launcher.py", LAUNCHER)
    S.write(sub / "ipykernel.py", LAUNCHER)
    return sub


def p_6a(ctx, st):
    r = ctx.grade(st["sub"], timeout=NB_BOUND[0] + 30)
    ok, why = J.bounded(r, *NB_BOUND)
    if not ok:
        return ok, why
    ok, why2 = J.graded(r)
    if not ok:
        return ok, why2
    return r.extra["report"]["score"] == 17.0, f"{why}; score {r.extra['report']['score']}"


CLOSE012 = "import os\nfor _fd in (0, 1, 2):\n    os.close(_fd)\n"
NOFILE = ("import resource\n_s, _h = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
          "resource.setrlimit(resource.RLIMIT_NOFILE, (4, _h))\n")
HOOKS = '''import os, sys, threading


class _Bad:
    def write(self, *a):
        os._exit(3)

    def flush(self):
        os._exit(3)


def _die(*a, **k):
    os._exit(3)


sys.excepthook = _die
sys.unraisablehook = _die
threading.excepthook = _die
sys.stdout = _Bad()
sys.stderr = _Bad()
sys.displayhook = _die
'''


def p_fault_answers(ctx, st):
    r = ctx.grade(st["sub"], timeout=CODE_BOUND[0] + 30)
    ok, why = J.bounded(r, *CODE_BOUND)
    if not ok:
        return ok, why
    ok, why2 = J.no_fault(r)
    if not ok:
        return ok, why2
    rep = r.extra.get("report")
    if not rep:
        return False, f"no report (exit {r.rc})"
    hs = [J.score(rep, t) for t in HAND]
    return hs == [1.0] * 4, f"{why}; {why2}; hand {hs}"


def fault_case(cid, what, prefix, check_tail, via_file=None):
    src = S.module(prefix=prefix)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}

    def ver(st):
        out = run_local(st["src"], check_tail)
        if via_file:
            import tempfile
            f = Path(tempfile.gettempdir()) / via_file
            out = f.read_text() if f.exists() else "no file"
            f.unlink(missing_ok=True)
        return "OK" in out, out[-160:] or "ok"
    return Case(cid, 6, what, build, p_fault_answers, ver)


def dir_case(cid, cls, what, make, play, verify, timeout=240.0):
    return Case(cid, cls, what, lambda tmp: {"dir": tmp / "class"}, play, verify, timeout)


CASES = [
    dir_case("4a", 4, "Canvas: the stub as prefill.py with file id 999, the final prefill-1.py (finished) with file "
             "id 1000 (999 sorts after 1000 as text), own answers: held when one row, graded 17",
             make_4a, p_one_row_17(make_4a), v_files(make_4a, 3)),
    dir_case("4b", 4, "--keep newest: a newer alice.zip (2025) whose prefill.py member is a symbolic link "
             "(class.md: a link refuses the zip) vs an older correct alice.py (2023), beside bob.py: "
             "held when alice's one row is graded 13", make_4b, p_4b, v_4b),
    dir_case("4c", 4, "Moodle: one participant, the file plugin's folder with id '4242', a second folder with the "
             "id in full-width digits '４２４２' (NFKC: one id) holding the answers: held when never two graded rows",
             make_4c, p_never_two(make_4c), v_files(make_4c, 2)),
    dir_case("4d", 4, "Blackboard: attempt 1 (stub) by 'asmith', attempt 2 (finished) by 'a\\u00adsmith' (a soft "
             "hyphen, removed by the one normalisation): held when never two graded rows",
             make_4d, p_never_two(make_4d), v_files(make_4d, 5)),
    dir_case("4e", 4, "honest Moodle: the file plugin's folder holds work.zip (the finished prefill.py) and "
             "answers.toml beside it, own numbers (class.md: a zip at the top of a Moodle folder is opened and "
             "merged): held when one row, graded 17", make_4e, p_one_row_17(make_4e), v_files(make_4e, 2)),
    dir_case("5a", 5, "zz/ holds the stub prefill.py and a finished notebook (the notebook graded); between runs "
             "prefill.py becomes a finished module with a wrong prefill_flops and own answers.toml appear: held "
             "when the rerun's zz row equals a fresh grade of zz/ now", make_5a, p_5a, v_5a, timeout=300),
    dir_case("5b", 5, "zz.zip cut in half (an interrupted download, refused) in the first run, completed before "
             "the rerun with the same mtime: held when the rerun's zz row equals a fresh grade of the whole zip",
             None, p_5b, lambda st: v_5b(st)),
    dir_case("5c", 5, "zz.py dated 2030 (a clock ahead) in the first run, rewritten with a wrong prefill_flops and "
             "dated 2020 before the rerun (mtime going backwards): held when the rerun's zz row equals a fresh "
             "grade", None, p_5c, lambda st: (True, "built at play time (two writes of zz.py)")),
    Case("6a", 6, "correct notebook beside ipykernel_launcher.py and ipykernel.py that os._exit(3) when imported "
         "(the modules a kernel starts with): held when 17 within 150 s / 900 MB, no exit 3, no traceback",
         lambda tmp: {"sub": make_6a(tmp / "sub")}, p_6a,
         lambda st: ("_exit(3)" in (st["sub"] / "ipykernel_launcher.py").read_text(), "launcher shadows"),
         timeout=200),
    fault_case("6b", "correct module whose import closes fds 0, 1 and 2 (its own stdin, stdout, stderr): held when "
               "no exit 3, no traceback, a report within 60 s / 700 MB and all four answers right", CLOSE012,
               "import os, tempfile\ntry:\n    os.fstat(1)\n    r = 'no'\nexcept OSError:\n    r = 'OK'\n"
               "open(os.path.join(tempfile.gettempdir(), 'h25r8_6b'), 'w').write(r)\n",
               via_file="h25r8_6b"),
    fault_case("6c", "correct module whose import lowers its own RLIMIT_NOFILE to 4 (no new file, pipe or socket "
               "can be opened): held when no exit 3, no traceback, a report within 60 s / 700 MB and all four "
               "answers right", NOFILE,
               "import resource\nprint('OK' if resource.getrlimit(resource.RLIMIT_NOFILE)[0] == 4 else 'no')\n"),
    fault_case("6d", "correct module whose import sets sys.excepthook, sys.unraisablehook, threading.excepthook and "
               "sys.displayhook to os._exit(3) and replaces sys.stdout/stderr with writers that os._exit(3): held "
               "when no exit 3, no traceback, a report within 60 s / 700 MB and all four answers right", HOOKS,
               "import sys\nsys.__stdout__.write('OK' if sys.excepthook is _die else 'no')\nsys.__stdout__.flush()\n"),
]

_ = time, load, Path
