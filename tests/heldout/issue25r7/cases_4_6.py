"""Classes 4-6: class exports as LMSs write them; files that change while a batch runs; faults a
submission can force. Batch rows are read from the CSV (docs/class.md: one row per student,
`total`, `status` graded/refused/failed, scores rounded to 2 decimals).
"""
from __future__ import annotations

import os
import time
import zipfile

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for
from common import CODE_BOUND, p_bounded_no_fault, run_local

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}
SLOW = "import time\ntime.sleep(2)\n"
T2020 = time.mktime((2020, 1, 1, 12, 0, 0, 0, 0, -1))
T2023 = time.mktime((2023, 6, 1, 12, 0, 0, 0, 0, -1))


def batch_case(cid, what, make, judge, *args):
    """A class folder made by make(ctx, d); one batch with `args`; judge(ctx, st, run)."""
    def build(tmp):
        return {"dir": tmp / "class"}

    def play(ctx, st):
        make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill", *args)
        ok, why = J.reported(r)
        return judge(ctx, st, r) if ok else (ok, why)

    def ver(st):
        make(FakeCtx(), st["dir"])
        names = sorted(p.name for p in st["dir"].iterdir())
        return bool(names), "entries: " + ", ".join(names)[:160]
    return Case(cid, 4, what, build, play, ver)


def rowsum(r):
    return {x.get("student"): (J.total(x), x.get("status")) for x in r.extra["rows"]}


# 4a: Moodle's flat layout (files, not folders per plugin)
def mk_moodle_flat(ctx, d):
    base = "Alice Smith_4242_assignsubmission_file_"
    S.write(d / (base + "prefill.py"), S.module())
    S.write(d / (base + "answers.toml"), answers_for(ctx, "4242"))


def j_one17(ctx, st, r):
    got = rowsum(r)
    return len(got) == 1 and list(got.values())[0] == (17.0, "graded"), f"rows {got}"


# 4b: Blackboard: the latest attempt holds only prefill.py; an earlier one held answers.toml
def mk_bb_attempts(ctx, d):
    a, u = "Lesson2", "asmith"
    old, new = "2024-03-01-10-15-30", "2024-03-02-09-00-00"
    for date, files in ((old, {"answers.toml": answers_for(ctx, u)}), (new, {"prefill.py": S.module()})):
        S.write(d / f"{a}_{u}_attempt_{date}.txt",
                f"Name: Alice Smith ({u})\nAssignment: {a}\nDate Submitted: {date}\n\nFiles:\n"
                + "".join(f"\tOriginal filename: {n}\n\tFilename: {a}_{u}_attempt_{date}_{n}\n" for n in files))
        for n, text in files.items():
            S.write(d / f"{a}_{u}_attempt_{date}_{n}", text)


def j_latest_only(ctx, st, r):
    got = rowsum(r)
    return len(got) == 1 and list(got.values())[0] == (13.0, "graded"), f"rows {got} (latest attempt: code only, 13)"


# 4c: --keep newest with two equally new entries
def mk_equal(ctx, d):
    S.write(d / "alice.py", S.module())
    S.folder(d / "alice", S.module(), answers_for(ctx, "alice"))
    S.write(d / "bob.py", S.module())
    for p in (d / "alice.py", d / "alice" / "prefill.py", d / "alice" / "answers.toml", d / "alice"):
        os.utime(p, (T2023, T2023))


def j_equal_refused(ctx, st, r):
    rows = r.extra["rows"]
    al = [x for x in rows if (x.get("student") or "").lower() == "alice"]
    bob = [J.total(x) for x in rows if x.get("student") == "bob"]
    return (bool(al) and all(x.get("status") != "graded" for x in al) and bob == [13.0],
            f"alice rows {[(J.total(x), x.get('status')) for x in al]}, bob {bob}")


# 4d: --keep newest: a zip downloaded today whose member is dated 2020, vs a .py of 2023
def mk_zip_dated(ctx, d):
    S.write(d / "alice.py", S.module())
    os.utime(d / "alice.py", (T2023, T2023))
    zi = zipfile.ZipInfo("prefill.py", date_time=(2020, 1, 1, 12, 0, 0))
    with zipfile.ZipFile(d / "alice.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zi, S.STUB)


def j_alice13(ctx, st, r):
    al = [(J.total(x), x.get("status")) for x in r.extra["rows"] if x.get("student") == "alice"]
    return al == [(13.0, "graded")], f"alice rows {al} (the 2023 .py: 13)"


# 4e: two entries whose names differ only by a run of spaces and case
def mk_spaces(ctx, d):
    S.write(d / "Alice  Smith.py", S.module())
    S.folder(d / "alice smith", S.module(), answers_for(ctx, "alice smith"))


def j_not_two(ctx, st, r):
    rows = [x for x in r.extra["rows"] if "smith" in (x.get("student") or "").lower()]
    graded = [x for x in rows if x.get("status") == "graded"]
    return len(graded) <= 1 and bool(rows), f"rows {[(x.get('student'), x.get('status')) for x in rows]}"


def variant_case(cid, what):
    ids = ["alice smith", "Alice  Smith", " ALICE\u00a0SMITH ", "Alice\u3000Smith"]

    def play(ctx, st):
        vs = [ctx.variant(i).get("answers") for i in ids]
        return all(vs) and all(v == vs[0] for v in vs), f"{sum(v == vs[0] for v in vs)}/{len(ids)} equal to the first"
    return Case(cid, 4, what, lambda tmp: {}, play,
                lambda st: (len({i.casefold() for i in ids}) == 4, "four spellings that differ as text"))


C4 = [
    batch_case("4a", "honest Moodle, flat layout: 'Alice Smith_4242_assignsubmission_file_prefill.py' and "
               "'..._answers.toml' (files, not plugin folders); own numbers: held when one row, graded 17",
               mk_moodle_flat, j_one17),
    batch_case("4b", "Blackboard: attempt 1 holds answers.toml, the later attempt 2 only prefill.py (class.md: "
               "the latest attempt's files): held when one row, graded 13", mk_bb_attempts, j_latest_only),
    batch_case("4c", "--keep newest: alice.py and alice/ exactly as new as each other (class.md: two equally "
               "new entries stay refused), beside bob.py: held when no alice row is graded and bob is 13",
               mk_equal, j_equal_refused, "--keep", "newest"),
    batch_case("4d", "--keep newest: alice.zip downloaded today whose only member (the stub) is dated 2020, "
               "and alice.py (correct) of 2023 (a zip is dated by its newest member): held when alice is "
               "graded 13", mk_zip_dated, j_alice13, "--keep", "newest"),
    batch_case("4e", "plain folder: 'Alice  Smith.py' (two spaces) and 'alice smith/' (one student by the "
               "one normalisation): held when never two graded rows", mk_spaces, j_not_two),
    variant_case("4f", "honest: grader variant of 'alice smith', 'Alice  Smith', ' ALICE<NBSP>SMITH ' and "
                 "'Alice<ideographic space>Smith' (one id by the normalisation): held when all four equal"),
]


# ---- class 5: files that change while the batch runs -----------------------------------------
def rows_of(rows, part):
    return [x for x in rows if part.lower() == (x.get("student") or "").lower()]


def close(a, b) -> bool:
    return a is not None and b is not None and abs(a - b) <= 0.005 + 1e-9


def fresh(ctx, path, sid):
    r = ctx.grade(path, "--student", sid, "--lesson", "prefill")
    return (r.extra.get("report") or {}).get("score")


def slow_three(d):
    for i in range(3):
        S.write(d / f"aa{i}.py", S.module(prefix=SLOW))


def mid_case(cid, what, setup, mutate, judge, args=(), mutate_at=2.5):
    """Three slow entries first, then the targets; batch 1 with `mutate` once while it runs,
    then a resumed rerun; judge(ctx, st, r2)."""
    def build(tmp):
        return {"dir": tmp / "class"}

    def play(ctx, st):
        d, tmp = st["dir"], st["tmp"]
        setup(ctx, tmp, d)
        fired = {}

        def during(el):
            if el >= mutate_at and not fired:
                mutate(ctx, tmp, d)
                fired["at"] = el
        r1 = ctx.batch(d, "--lesson", "prefill", *args, during=during)
        ok, why = J.reported(r1)
        if not ok:
            return ok, "first batch: " + why
        if "at" not in fired:
            return False, "harness: the first batch ended before the mutation (could not judge)"
        r2 = ctx.batch(d, "--lesson", "prefill", *args)
        ok, why = J.reported(r2)
        if not ok:
            return ok, "rerun: " + why
        ok, why = judge(ctx, st, r2)
        return ok, why + f" (mutated at {fired['at']:.1f}s)"

    def ver(st):
        setup(FakeCtx(), st["tmp"], st["dir"])
        mutate(FakeCtx(), st["tmp"], st["dir"])
        return True, "built: " + ", ".join(sorted(p.name for p in st["dir"].iterdir()))[:150]
    return Case(cid, 5, what, build, play, ver, timeout=300)


def j_fresh(entries):
    def j(ctx, st, r2):
        out, good = [], True
        for entry, sid in entries:
            want = fresh(ctx, st["dir"] / entry, sid)
            got = [J.total(x) for x in rows_of(r2.extra["rows"], sid)]
            good &= len(got) == 1 and close(got[0], want)
            out.append(f"{sid} rows {got} fresh {want}")
        return good, "; ".join(out)
    return j


def s_hardlink(ctx, tmp, d):
    slow_three(d)
    S.folder(d / "yy", S.module(), answers_for(ctx, "yy"))
    (d / "zz").mkdir()
    os.link(d / "yy" / "prefill.py", d / "zz" / "prefill.py")
    S.write(d / "zz" / "answers.toml", answers_for(ctx, "zz"))


def m_hardlink(ctx, tmp, d):
    with open(d / "yy" / "prefill.py", "w") as f:  # same inode: zz/prefill.py changes too
        f.write(S.module(WRONG_FLOPS))


def s_nb_appears(ctx, tmp, d):
    slow_three(d)
    S.folder(d / "zz", S.STUB, answers_for(ctx, "zz"))


def m_nb_appears(ctx, tmp, d):
    S.write(d / "zz" / "prefill.ipynb", S.correct_notebook(with_answers=False))


def s_dup(ctx, tmp, d):
    slow_three(d)
    S.write(d / "zz.py", S.module())
    os.utime(d / "zz.py", (T2023, T2023))


def m_dup(ctx, tmp, d):
    src = S.folder(tmp / "zzsrc", S.module(WRONG_FLOPS), answers_for(ctx, "zz"))
    S.zip_dir(src, d / "zz.zip")


def j_dup(ctx, st, r2):
    want = fresh(ctx, st["tmp"] / "zzsrc", "zz")
    got = [J.total(x) for x in rows_of(r2.extra["rows"], "zz")]
    return len(got) == 1 and close(got[0], want), f"zz rows {got}, fresh grade of the newer zip {want}"


C5 = [
    mid_case("5a", "yy/prefill.py and zz/prefill.py are hard links of one file; while the batch runs it is "
             "rewritten in place (wrong prefill_flops), so both entries change: held when the rerun's yy and "
             "zz rows equal fresh grades of what they hold now", s_hardlink, m_hardlink,
             j_fresh([("yy", "yy"), ("zz", "zz")])),
    mid_case("5b", "zz/ holds the untouched stub prefill.py and answers; while the batch runs a finished "
             "prefill.ipynb appears beside it (then the notebook is graded): held when the rerun's zz row "
             "equals a fresh grade of zz/", s_nb_appears, m_nb_appears, j_fresh([("zz", "zz")])),
    mid_case("5c", "--keep newest: zz.py (2023) is graded; while the batch runs a newer zz.zip (wrong "
             "prefill_flops, own answers) appears: held when the rerun has one zz row, equal to a fresh grade "
             "of the zip's content", s_dup, m_dup, j_dup, args=("--keep", "newest")),
]


# ---- class 6: faults a submission can force on the grader ------------------------------------
def fault_case(cid, what, prefix, verify_tail, verify_want, bound=CODE_BOUND, env=None):
    src = S.module(prefix=prefix)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}

    inner = p_bounded_no_fault(bound)

    def play(ctx, st):
        held, why = inner(ctx, st)
        if not held:
            return held, why
        rep = ctx.runs[-1].extra.get("report") or {}
        hs = [J.score(rep, t) for t in ("hand_flops", "hand_seconds", "hand_pairs", "quiz")]
        return hs == [1.0] * 4, f"{why}; hand scores {hs}"

    def ver(st):
        out = run_local(st["src"], verify_tail, timeout=60)
        return verify_want in out, out[-160:]
    return Case(cid, 6, what, build, play, ver, timeout=bound[0] + 90)


THREADS = '''import threading
import time as _t
_started = 0
try:
    for _ in range(200):
        threading.Thread(target=_t.sleep, args=(3600,), daemon=True).start()
        _started += 1
except RuntimeError:
    pass
'''
FILL_TMP = '''import tempfile as _tf
import os as _os
try:
    with open(_os.path.join(_tf.gettempdir(), "fill.bin"), "wb") as _f:
        for _ in range(70):
            _f.write(b"\\0" * (1 << 20))
except OSError:
    pass
'''
LOW_AS = '''import resource as _r
def _vm():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
_r.setrlimit(_r.RLIMIT_AS, (_vm() + (8 << 20), _r.getrlimit(_r.RLIMIT_AS)[1]))
'''
LOW_CPU = '''import resource as _r
import time as _t
_r.setrlimit(_r.RLIMIT_CPU, (2, _r.getrlimit(_r.RLIMIT_CPU)[1]))
_e = _t.process_time() + 0.5
while _t.process_time() < _e:
    pass
'''
AT_FORK = '''import os as _os
_os.register_at_fork(after_in_child=lambda: _os._exit(0))
'''


def gs_stub_fault(cid, what):
    empty = S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""})

    def build(tmp):
        return {"up": S.folder(tmp / "upload", S.STUB.replace("import numpy as np\n", "import numpy as np\n"
                                                                 + AT_FORK), empty)}

    def play(ctx, st):
        r = ctx.gradescope(st["cache"], st["up"])
        res = r.extra.get("results")
        if not res:
            return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
        return res.get("score") == 0.0, f"results.json score {res.get('score')}"

    def ver(st):
        src = (st["up"] / "prefill.py").read_text()
        out = run_local(src, "import os\npid = os.fork()\nif pid == 0:\n    os._exit(7)\n"
                        "print('child status', os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))")
        return "child status 0" in out, out[-120:]
    return Case(cid, 6, what, build, play, ver, timeout=420)


C6 = [
    fault_case("6a", "correct module whose import starts as many sleeping threads as it can (up to 200: "
               "RLIMIT_NPROC 64 is used up, so no fork can follow): held when no exit 3, no traceback, a "
               "report within 60 s / 700 MB and all four answers right", THREADS,
               "print('threads', threading.active_count())", "threads"),
    fault_case("6b", "correct module whose import fills the worker's temporary folder (70 MiB written to "
               "tempfile.gettempdir(), past the private 64 MiB /tmp): held when no exit 3, no traceback, a "
               "report within 60 s / 700 MB and all four answers right", FILL_TMP,
               "import os, tempfile\np = os.path.join(tempfile.gettempdir(), 'fill.bin')\n"
               "print('filled', os.path.getsize(p) >> 20, 'MiB')\nos.unlink(p)", "filled"),
    fault_case("6c", "correct module whose import lowers its own RLIMIT_AS to 8 MiB above what it uses "
               "(the worker's own replies then cannot allocate): held when no exit 3, no traceback, a report "
               "within 60 s / 700 MB and all four answers right", LOW_AS,
               "import numpy\ntry:\n    numpy.ones(10**8)\nexcept MemoryError:\n    print('MemoryError')",
               "MemoryError"),
    fault_case("6d", "correct module whose import lowers its own RLIMIT_CPU to 2 s and spins 0.5 s (SIGXCPU "
               "soon after): held when no exit 3, no traceback, a report within 60 s / 700 MB and all four "
               "answers right", LOW_CPU,
               "import resource\nprint('cpu soft', resource.getrlimit(resource.RLIMIT_CPU)[0])", "cpu soft 2"),
    fault_case("6e", "correct module whose import registers os.register_at_fork(after_in_child=os._exit(0)) "
               "(every forked call ends at once, silently): held when no exit 3, no traceback, a report within "
               "60 s / 700 MB and all four answers right", AT_FORK,
               "import os\npid = os.fork()\nif pid == 0:\n    os._exit(7)\n"
               "print('child status', os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))", "child status 0"),
    gs_stub_fault("6f", "Gradescope: the untouched stub and empty answers, whose import registers an at-fork "
                  "hook that ends every forked child: held when results.json is written with score 0"),
]

CASES = C4 + C5 + C6
