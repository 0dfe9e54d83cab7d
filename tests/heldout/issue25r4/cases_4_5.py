"""Classes 4-5: class exports read as LMSs write them; files that change while a batch runs.

Layouts follow docs/class.md: Canvas `<name>_[LATE_]<user id>_<file id>_<file>`, Moodle
`<full name>_<id>_assignsubmission_<plugin>_/`, Blackboard `<assignment>_<username>_attempt_<date>_<file>`
beside its receipt `<assignment>_<username>_attempt_<date>.txt`.
"""
from __future__ import annotations

import os
import shutil
import time
import unicodedata
import zipfile

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}
SLOW = "import time\ntime.sleep(2)\n"


def age(path, days):
    t = time.time() - days * 86400
    os.utime(path, (t, t))


def receipt(user, date, files):
    return (f"Name: Student ({user})\nAssignment: Prefill\nDate Submitted: {date}\n"
            "Current Grade: Needs Grading\n\nSubmission Field:\nThere is no student submission text "
            "data for this assignment.\n\nComments:\nThere are no student comments for this "
            "assignment.\n\nFiles:\n" + "".join(
                f"\tOriginal filename: {f}\n\tFilename: Prefill_{user}_attempt_{date}_{f}\n" for f in files))


def blackboard(d, user, date, files: dict):
    S.write(d / f"Prefill_{user}_attempt_{date}.txt", receipt(user, date, list(files)))
    for name, text in files.items():
        S.write(d / f"Prefill_{user}_attempt_{date}_{name}", text)


def export_case(cid, what, make, judge, verify=None):
    def build(tmp):
        return {"dir": tmp / "export"}

    def play(ctx, st):
        args = make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill", *args)
        ok, why = J.reported(r)
        return (ok, why) if not ok else judge(r.extra["rows"])

    def ver(st):
        make(FakeCtx(), st["dir"])
        return verify(st["dir"]) if verify else (True, f"{len(list(st['dir'].iterdir()))} entries")
    return Case(cid, 4, what, build, play, ver)


def rows_of(rows, part):
    return [x for x in rows if part.lower() in (x.get("student") or "").lower()]


def j_one_graded(part, want):
    def j(rows):
        rs = rows_of(rows, part)
        got = [(x.get("student"), x.get("status"), J.total(x)) for x in rs]
        return (len(rs) == 1 and rs[0].get("status") == "graded" and J.total(rs[0]) == want), f"{got}"
    return j


def mk_bb_dates(ctx, d):
    # attempt 1 (stub) extracted last, so its files are the newest on disk; attempt 2 is later by date
    blackboard(d, "asmith", "2026-03-02-23-59-01", {"prefill.py": S.module(),
                                                    "answers.toml": answers_for(ctx, "asmith")})
    for p in d.iterdir():
        age(p, 1)
    blackboard(d, "asmith", "2026-03-01-10-00-00", {"prefill.py": S.STUB})
    return []


def mk_bb_case(ctx, d):
    blackboard(d, "ASmith", "2026-03-01-10-00-00", {"prefill.py": S.STUB})
    blackboard(d, "asmith", "2026-03-02-10-00-00", {"prefill.py": S.module(),
                                                    "answers.toml": answers_for(ctx, "asmith")})
    return []


def j_not_split(part):
    def j(rows):
        rs = rows_of(rows, part)
        graded = [x for x in rs if x.get("status") == "graded"]
        got = [(x.get("student"), x.get("status"), J.total(x)) for x in rs]
        ok = bool(rs) and len(graded) <= 1 and (not graded or J.total(graded[0]) == 17.0)
        return ok, f"{got}"
    return j


def mk_moodle(ctx, d):
    nfd = unicodedata.normalize("NFD", "José García")
    nfc = unicodedata.normalize("NFC", "José García")
    S.folder(d / f"{nfd}_4242_assignsubmission_file_", S.module(), answers_for(ctx, "4242"))
    S.write(d / f"{nfc}_4242_assignsubmission_onlinetext_" / "onlinetext.html",
            "<p>I worked in the file upload.</p>")
    return []


def j_single_row_17(rows):
    got = [(x.get("student"), x.get("status"), J.total(x)) for x in rows]
    return (len(rows) == 1 and rows[0].get("status") == "graded" and J.total(rows[0]) == 17.0), f"{got}"


def v_moodle(d):
    names = [p.name for p in d.iterdir()]
    forms = {unicodedata.is_normalized("NFC", n) for n in names}
    return forms == {True, False}, f"{names!r}"


def encrypt_flag(path):
    """Set the 'encrypted' bit of every member (local header and central directory): the zip still
    lists, but no member can be read without a password."""
    b = bytearray(path.read_bytes())
    i = 0
    while (i := b.find(b"PK\x03\x04", i)) >= 0:
        b[i + 6] |= 1
        i += 4
    i = 0
    while (i := b.find(b"PK\x01\x02", i)) >= 0:
        b[i + 8] |= 1
        i += 4
    path.write_bytes(bytes(b))


def corrupt_member(path, member):
    """Flip bytes inside a stored member's data: sizes as declared, the CRC no longer matches."""
    with zipfile.ZipFile(path) as z:
        info = z.getinfo(member)
    b = bytearray(path.read_bytes())
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for k in range(10, 20):
        b[start + k] ^= 0x20
    path.write_bytes(bytes(b))


def mk_encrypted(ctx, d):
    S.write(d / "dave.py", S.module())
    age(d / "dave.py", 3)
    S.zip_files(d / "dave.zip", {"prefill.py": S.STUB})
    encrypt_flag(d / "dave.zip")
    return ["--keep", "newest"]


def v_encrypted(d):
    with zipfile.ZipFile(d / "dave.zip") as z:
        try:
            z.read("prefill.py")
            return False, "readable"
        except RuntimeError as e:
            return "encrypted" in str(e), f"lists {z.namelist()}, read: {e}"


def mk_badcrc(ctx, d):
    S.folder(d / "erin", S.module())
    age(d / "erin" / "prefill.py", 3)
    age(d / "erin", 3)
    with zipfile.ZipFile(d / "erin.zip", "w", zipfile.ZIP_STORED) as z:
        z.writestr("prefill.py", S.module(WRONG_FLOPS))
    corrupt_member(d / "erin.zip", "prefill.py")
    return ["--keep", "newest"]


def v_badcrc(d):
    with zipfile.ZipFile(d / "erin.zip") as z:
        bad = z.testzip()
    return bad == "prefill.py", f"testzip finds a bad CRC in {bad}"


def mk_namesakes(ctx, d):
    for uid, fid in (("401", 6001), ("402", 6003)):
        S.write(d / f"smithjohn_{uid}_{fid}_prefill.py", S.module())
        S.write(d / f"smithjohn_{uid}_{fid + 1}_answers.toml", answers_for(ctx, uid))
    return []


def j_namesakes(rows):
    got = [(x.get("student"), x.get("status"), J.total(x)) for x in rows]
    a, b = rows_of(rows, "401"), rows_of(rows, "402")
    ok = (len(a) == 1 and len(b) == 1 and all(x[0].get("status") == "graded" and J.total(x[0]) == 17.0
                                             for x in (a, b)))
    return ok, f"{got}"


C4 = [
    export_case("4a", "honest Blackboard: attempt 2 (finished, dated later in its name) extracted "
                "before attempt 1 (stub), so attempt 1's files are newer on disk: held when one row, 17",
                mk_bb_dates, j_one_graded("asmith", 17.0)),
    export_case("4b", "Blackboard: username 'ASmith' on attempt 1 (stub), 'asmith' on attempt 2 "
                "(finished): held when never two graded rows, and a graded row is 17",
                mk_bb_case, j_not_split("smith")),
    export_case("4c", "honest Moodle: one participant (4242), the file plugin's folder name in NFD, "
                "the online text plugin's in NFC: held when one row, graded 17", mk_moodle,
                j_single_row_17, v_moodle),
    export_case("4d", "--keep newest: a newer zip whose member is encrypted (lists fine, reads "
                "never) vs an older correct dave.py: held when dave.py is graded (13)",
                mk_encrypted, j_one_graded("dave", 13.0), v_encrypted),
    export_case("4e", "--keep newest: a newer zip whose member fails its CRC vs an older correct "
                "folder: held when the folder is graded (13)", mk_badcrc, j_one_graded("erin", 13.0),
                v_badcrc),
    export_case("4f", "honest Canvas: two students with the same display name 'smithjohn' (user ids "
                "401, 402), each with own numbers: held when two graded rows, 17 each",
                mk_namesakes, j_namesakes),
]


# ---- class 5: lost data: files that change while a batch runs -------------------------------
def batch_case(cid, what, setup, mutate, between, expect, part, mutate_at=2.5):
    """Three slow entries first, then the target; batch 1 (with `mutate` once while it runs, if
    any), `between` after it, batch 2 (a resumed rerun). `expect(ctx, st)` grades afresh, with
    `grader grade --student ID`, what the target holds now. Held: each row of `part` in batch 2
    equals its fresh grade."""
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
        out = []
        for p, want in expect(ctx, st).items():
            rs = rows_of(r2.extra["rows"], p)
            got = [J.total(x) for x in rs]
            out.append((p, got, want))
        # the batch CSV rounds scores to 2 decimals (docs/class.md), the JSON report does not (session 35)
        good = all(len(g) == 1 and g[0] is not None and w is not None and abs(g[0] - w) <= 0.005 for _, g, w in out)
        return good, f"rerun rows vs fresh grades {out}" + (f" (mutated at {fired['at']:.1f}s)" if fired else "")

    def ver(st):
        setup(FakeCtx(), st["tmp"], st["dir"])
        if mutate:
            mutate(FakeCtx(), st["tmp"], st["dir"])
        between(FakeCtx(), st["tmp"], st["dir"])
        return True, "built: " + ", ".join(sorted(p.name for p in st["dir"].iterdir()))[:150]
    return Case(cid, 5, what, build, play, ver, timeout=300)


def fresh(ctx, st, files: dict, sid):
    """Grade a folder holding `files` (name -> text) with the student's numbers."""
    f = st["tmp"] / f"fresh_{sid}"
    if f.exists():
        shutil.rmtree(f)
    for n, t in files.items():
        S.write(f / n, t)
    r = ctx.grade(f, "--student", sid, "--lesson", "prefill")
    return (r.extra.get("report") or {}).get("score")


def nop(ctx, tmp, d):
    pass


# 5a: Canvas flat export; a student's answers file swapped mid-batch, restored before the rerun
def s_canvas(ctx, tmp, d):
    for i in range(3):
        S.write(d / f"aa{i}_{101 + i}_{5001 + i}_prefill.py", S.module(prefix=SLOW))
    S.write(d / "zz_901_7001_prefill.py", S.module())
    S.write(d / "zz_901_7002_answers.toml", answers_for(ctx, "901"))
    shutil.copy2(d / "zz_901_7002_answers.toml", tmp / "keep.toml")


def m_canvas(ctx, tmp, d):
    S.write(d / "zz_901_7002_answers.toml", S.answers({"flops": "1", "seconds": "1", "pairs": "1", "quiz": "A"}))


def b_canvas(ctx, tmp, d):
    shutil.copy2(tmp / "keep.toml", d / "zz_901_7002_answers.toml")


def e_canvas(ctx, st):
    d = st["dir"]
    return {"901": fresh(ctx, st, {"prefill.py": (d / "zz_901_7001_prefill.py").read_text(),
                                   "answers.toml": (d / "zz_901_7002_answers.toml").read_text()}, "901")}


# 5b: Blackboard: the student submits a new attempt while the batch runs
def s_bb(ctx, tmp, d):
    for i in range(3):
        blackboard(d, f"aa{i}", "2026-03-01-09-00-00", {"prefill.py": S.module(prefix=SLOW)})
    blackboard(d, "zzuser", "2026-03-01-10-00-00", {"prefill.py": S.STUB})


def m_bb(ctx, tmp, d):
    blackboard(d, "zzuser", "2026-03-02-10-00-00", {"prefill.py": S.module(),
                                                    "answers.toml": answers_for(ctx, "zzuser")})


def e_bb(ctx, st):
    return {"zzuser": fresh(ctx, st, {"prefill.py": S.module(), "answers.toml": answers_for(ctx, "zzuser")},
                            "zzuser")}


# 5c: two entries exchange contents by rename between runs (same sizes, mtimes kept)
def s_swap(ctx, tmp, d):
    for i in range(2):
        S.write(d / f"aa{i}.py", S.module())
    S.write(d / "zy.py", S.module())
    S.write(d / "zz.py", S.module(WRONG_FLOPS))
    assert (d / "zy.py").stat().st_size == (d / "zz.py").stat().st_size
    age(d / "zy.py", 2)
    age(d / "zz.py", 2)


def b_swap(ctx, tmp, d):
    os.rename(d / "zz.py", tmp / "t.py")
    os.rename(d / "zy.py", d / "zz.py")
    os.rename(tmp / "t.py", d / "zy.py")


def e_swap(ctx, st):
    d = st["dir"]
    return {s: fresh(ctx, st, {"prefill.py": (d / f"{s}.py").read_text()}, s) for s in ("zy", "zz")}


# 5d: Moodle: the file plugin's prefill.py replaced mid-batch (kept)
MOODLE_Z = "Zoe Zed_9001_assignsubmission_file_"


def s_moodle(ctx, tmp, d):
    for i in range(3):
        S.folder(d / f"Aa{i} Student_{8001 + i}_assignsubmission_file_", S.module(prefix=SLOW))
    S.folder(d / MOODLE_Z, S.module(), answers_for(ctx, "9001"))


def m_moodle(ctx, tmp, d):
    S.write(d / MOODLE_Z / "prefill.py", S.module(WRONG_FLOPS))


def e_moodle(ctx, st):
    z = st["dir"] / MOODLE_Z
    return {"9001": fresh(ctx, st, {"prefill.py": (z / "prefill.py").read_text(),
                                    "answers.toml": (z / "answers.toml").read_text()}, "9001")}


C5 = [
    batch_case("5a", "Canvas export: one student's answers file swapped for wrong answers mid-batch, "
               "restored before a resumed rerun: held when the rerun's row equals a fresh grade of "
               "the restored files", s_canvas, m_canvas, b_canvas, e_canvas, "901"),
    batch_case("5b", "Blackboard: a new (finished) attempt of a student arrives while the batch runs; "
               "held when the rerun's row equals a fresh grade of that latest attempt", s_bb, m_bb, nop,
               e_bb, "zzuser"),
    batch_case("5c", "two entries exchange contents by rename between runs (same sizes, mtimes "
               "kept): held when both rerun rows equal fresh grades of what they hold now", s_swap,
               None, b_swap, e_swap, "zz"),
    batch_case("5d", "Moodle: a participant's prefill.py replaced by a wrong one mid-batch (kept): "
               "held when the rerun's row equals a fresh grade of the files now", s_moodle, m_moodle,
               nop, e_moodle, "9001"),
]

CASES = C4 + C5
