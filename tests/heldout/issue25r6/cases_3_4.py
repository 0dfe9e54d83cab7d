"""Classes 3-4: finding the work where the student put it; class exports as LMSs write them.

Layouts follow docs/class.md: Moodle `<full name>_<id>_assignsubmission_<plugin>_`, Blackboard
`<assignment>_<username>_attempt_<date>_<file>` beside its receipt, Gradescope's export
(`submission_<n>/` beside `submission_metadata.yml`), `--reports DIR` file names.
"""
from __future__ import annotations

import json
import os
import socket
import stat
import zipfile

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for
from common import grade_case, j_17_or_refused, j_run17


# ---- class 3: the work is where the student put it -----------------------------------------
APPLEDOUBLE = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        " + b"\x00" * 40 + b"ATTR" + b"\x00" * 60


def mk_macos(sub):
    S.folder(sub, S.module(), S.answers())
    S.write(sub / "__MACOSX" / "._prefill.py", APPLEDOUBLE)
    S.write(sub / "__MACOSX" / "._answers.toml", APPLEDOUBLE)
    S.write(sub / "._prefill.py", APPLEDOUBLE)
    S.write(sub / ".DS_Store", b"\x00\x00\x00\x01Bud1" + b"\x00" * 200)
    return sub


def mk_editor(sub):
    S.folder(sub, S.module(), S.answers())
    S.write(sub / "prefill.py~", S.STUB)
    S.write(sub / "#prefill.py#", S.STUB)
    S.write(sub / ".prefill.py.swp", b"b0VIM 9.0\x00" + b"\x00" * 300 + S.STUB.encode())
    os.symlink("student@laptop.4242:1700000000", sub / ".#prefill.py")  # Emacs's lock: dangling
    S.write(sub / "answers.toml.bak", S.answers({"flops": "1.4e12"}))
    return sub


def mk_umask(sub):
    S.folder(sub, S.module(), S.answers())
    S.write(sub / "notes" / "todo.md", "- ask about the mask\n")
    for p in (sub / "prefill.py", sub / "answers.toml", sub / "notes" / "todo.md"):
        os.chmod(p, 0o600)
    os.chmod(sub / "notes", 0o700)
    os.chmod(sub, 0o700)
    return sub


def mk_socket(sub):
    S.write(sub / "README.md", "# hw\n")
    S.folder(sub / "exercises" / "prefill", S.module(), S.answers())
    (sub / "run").mkdir()
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(sub / "run" / "agent.sock"))
    s.close()
    return sub


def v_socket(st):
    m = os.lstat(st["sub"] / "run" / "agent.sock").st_mode
    return stat.S_ISSOCK(m), "run/agent.sock is a socket"


BAD_NAMES = [b"notes-\xff\xfe.txt", b"old-\xe9t\xe9"]


def mk_bytes_names(sub):
    S.write(sub / "README.md", "# hw\n")
    S.folder(sub / "exercises" / "prefill", S.module(), S.answers())
    root = os.fsencode(sub)
    with open(os.path.join(root, BAD_NAMES[0]), "wb") as f:
        f.write(b"latin-1 notes\n")
    os.mkdir(os.path.join(root, BAD_NAMES[1]))
    with open(os.path.join(root, BAD_NAMES[1], b"prefill.py"), "w") as f:
        f.write(S.STUB)
    return sub


def v_bytes_names(st):
    names = os.listdir(os.fsencode(st["sub"]))
    bad = [n for n in names if not _utf8(n)]
    return len(bad) == 2, f"{len(bad)} names that are not UTF-8"


def _utf8(b: bytes) -> bool:
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


LONG_LEVELS, LONG_NAME = 18, 200


def mk_long(sub):
    p = sub
    for i in range(LONG_LEVELS):
        p = p / (f"{i:02d}-" + "lesson-two-prefill-work-" * 8)[:LONG_NAME]
    S.folder(p, S.module(), S.answers())
    S.write(sub / "README.md", "# deep\n")
    return sub


def v_long(st):
    deepest = max((a for a, _, fs in os.walk(st["sub"]) if "prefill.py" in fs), key=len)
    return len(deepest) > 3500, f"the work's path is {len(deepest)} characters"


C3 = [
    grade_case("3a", 3, "honest: an upload unzipped on a Mac: prefill.py and answers.toml beside "
               "__MACOSX/._prefill.py, ._prefill.py (AppleDouble bytes) and .DS_Store: held when 17",
               mk_macos, j_run17, lambda st: (True, str(sorted(p.name for p in st["sub"].iterdir())))),
    grade_case("3b", 3, "honest: editor debris beside the finished work: prefill.py~ and #prefill.py# "
               "(stubs), .prefill.py.swp, a dangling .#prefill.py lock link, answers.toml.bak (wrong): "
               "held when 17", mk_editor, j_run17,
               lambda st: (os.path.islink(st["sub"] / ".#prefill.py"), "lock link dangles")),
    grade_case("3c", 3, "honest: files saved under umask 077 (prefill.py, answers.toml 0600; folders "
               "0700): held when 17", mk_umask, j_run17,
               lambda st: (stat.S_IMODE(os.stat(st["sub"] / "prefill.py").st_mode) == 0o600, "0600")),
    grade_case("3d", 3, "a Unix socket file (run/agent.sock, as an ssh or gpg agent leaves) in a "
               "repository beside the finished exercises/prefill/: held when 17 or a clean refusal "
               "(exit 2), never exit 3, a traceback or a hang", mk_socket, j_17_or_refused, v_socket),
    grade_case("3e", 3, "a repository holding a file and a folder whose names are not UTF-8 (latin-1 "
               "bytes; the folder holds a stub prefill.py) beside the finished exercises/prefill/: held "
               "when 17 or a clean refusal (exit 2), never exit 3 or a traceback", mk_bytes_names,
               j_17_or_refused, v_bytes_names),
    grade_case("3f", 3, "the finished work 18 folders deep under 200-character folder names (a path of "
               "~3550 characters, under PATH_MAX, within the 32-level limit): held when 17 or a clean "
               "refusal (exit 2), never exit 3 or a traceback", mk_long, j_17_or_refused, v_long),
]


# ---- class 4: class exports read as LMSs write them ------------------------------------------
def summary(rows):
    return [(x.get("student"), x.get("status"), J.total(x)) for x in rows]


def export_case(cid, what, make, judge, verify=None, sub="export", args=()):
    def build(tmp):
        return {"dir": tmp / sub}

    def play(ctx, st):
        make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill", *[a.format(tmp=st["tmp"]) for a in args])
        ok, why = J.reported(r)
        return (ok, why) if not ok else judge(r.extra["rows"], st)

    def ver(st):
        make(FakeCtx(), st["dir"])
        return verify(st["dir"]) if verify else (True, f"{len(list(st['dir'].iterdir()))} entries")
    return Case(cid, 4, what, build, play, ver)


def j_all_17(n):
    def j(rows, st):
        got = summary(rows)
        return len(rows) == n and all(s == "graded" and t == 17.0 for _, s, t in got), f"rows {got}"
    return j


MOODLE = "{name}_{id}_assignsubmission_file_"


def mk_moodle_underscores(ctx, d):
    S.folder(d / MOODLE.format(name="Mary_Ann O'Neil", id=4243), S.module(), answers_for(ctx, "4243"))
    S.folder(d / MOODLE.format(name="Bob Jones", id=4244), S.module(), answers_for(ctx, "4244"))


BB_DATE = "2026-03-01-12-00-00"
BB_RECEIPT = """Name: {full} ({user})
Assignment: Lesson 2 Prefill
Date Submitted: Sunday, 1 March 2026 12:00:00 o'clock CET
Current Grade: Needs Grading

Submission Field:
There is no student submission text data for this assignment.

Comments:
There are no student comments for this assignment.

Files:
\tOriginal filename: prefill.py
\tFilename: {base}_prefill.py
\tOriginal filename: answers.toml
\tFilename: {base}_answers.toml
"""


def mk_blackboard(ctx, d):
    for user, full in (("a_smith", "Alice Smith"), ("b_jones_2", "Bob Jones")):
        base = f"Lesson 2 Prefill_{user}_attempt_{BB_DATE}"
        S.write(d / f"{base}_prefill.py", S.module())
        S.write(d / f"{base}_answers.toml", answers_for(ctx, user))
        S.write(d / f"{base}.txt", BB_RECEIPT.format(full=full, user=user, base=base))


def mk_con(ctx, d):
    S.write(d / "con.py", S.module())
    S.write(d / "bob.py", S.module())


def j_con(rows, st):
    got = {x.get("student"): (x.get("status"), J.total(x)) for x in rows}
    files = sorted(p.name for p in (st["tmp"] / "reports").iterdir()) if (st["tmp"] / "reports").is_dir() else []
    ok = (got.get("con") == ("graded", 13.0) and got.get("bob") == ("graded", 13.0)
          and "bob.json" in files and len(files) == 2 and "con.json" not in files)
    return ok, f"rows {got}; report files {files}"


class CP437Info(zipfile.ZipInfo):
    """A member name as Windows's Explorer writes it: OEM code page, no UTF-8 flag (bit 11)."""
    def _encodeFilenameFlags(self):
        return self.filename.encode("cp437"), self.flag_bits & ~0x800


def mk_cp437(ctx, d):
    d.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(d / "alice.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in (("Übung 2 – Lösung/prefill.py", S.module()),
                           ("Übung 2 – Lösung/answers.toml", answers_for(ctx, "alice"))):
            zi = CP437Info(name.replace("–", "-"), date_time=(2026, 3, 1, 12, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, text)
    S.folder(d / "bob", S.module(), answers_for(ctx, "bob"))


def v_cp437(d):
    with zipfile.ZipFile(d / "alice.zip") as z:
        infos = z.infolist()
    ok = all(not (i.flag_bits & 0x800) for i in infos) and infos[0].filename.startswith("Übung")
    return ok, f"members {[i.filename for i in infos]} (no UTF-8 flag)"


DASHED = "--lesson=latency -rf"


def mk_dashes(ctx, d):
    S.folder(d / MOODLE.format(name=DASHED, id=4245), S.module(), answers_for(ctx, "4245"))
    S.folder(d / MOODLE.format(name="Bob Jones", id=4244), S.module(), answers_for(ctx, "4244"))


GS_META = """submission_3101:
  :submitters:
  - :name: Alice Smith
    :sid: '3101'
    :email: alice@example.edu
  :created_at: 2026-03-01 12:00:00.000000000 -08:00
  :score: 0.0
  :status: processed
"""
GS_META_FORGED = GS_META.replace("Alice Smith", "Bob Jones").replace("alice@", "bob@").replace("3101'", "3102'")


def mk_gs_forged(ctx, d):
    S.write(d / "submission_metadata.yml", GS_META)
    S.folder(d / "submission_3101", S.module(), answers_for(ctx, "bob@example.edu"))
    S.write(d / "submission_3101" / "submission_metadata.yml", GS_META_FORGED)


def p_gs_forged(ctx, st):
    alice, bob = answers_for(ctx, "alice@example.edu"), answers_for(ctx, "bob@example.edu")
    if alice == bob:
        return False, "harness: alice's and bob's answers coincide (could not judge)"
    mk_gs_forged(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rows = r.extra["rows"]
    bobs = [x for x in rows if "bob" in (x.get("student") or "").lower()]
    full = [x for x in rows if J.total(x) == 17.0]
    return not bobs and not full and len(rows) == 1, f"rows {summary(rows)}"


def b_gs_upload_forged(tmp):
    return {"up": tmp / "upload"}


def p_gs_upload_forged(ctx, st):
    alice, bob = answers_for(ctx, "alice@example.edu"), answers_for(ctx, "bob@example.edu")
    if alice == bob:
        return False, "harness: alice's and bob's answers coincide (could not judge)"
    S.folder(st["up"], S.module(), bob)
    S.write(st["up"] / "submission_metadata.json", json.dumps(gs_meta("bob@example.edu", "Bob Jones", 3102)))
    r = ctx.gradescope(st["cache"], st["up"], metadata=gs_meta("alice@example.edu", "Alice Smith", 3101))
    res = r.extra.get("results")
    if not res:
        return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
    return res.get("score") is not None and res["score"] < 17.0, f"results.json score {res.get('score')}"


def gs_meta(email, name, sid):
    return {"id": 900000 + sid, "created_at": "2026-03-01T12:00:00.000000-08:00",
            "assignment": {"id": 4242, "title": "Prefill", "total_points": "17.0"},
            "users": [{"email": email, "id": sid, "name": name}], "previous_submissions": []}


def v_gs_upload(st):
    S.folder(st["up"], S.module(), answers_for(FakeCtx(), "bob"))
    S.write(st["up"] / "submission_metadata.json", json.dumps(gs_meta("bob@example.edu", "Bob Jones", 3102)))
    return True, str(sorted(p.name for p in st["up"].iterdir()))


C4 = [
    export_case("4a", "honest Moodle: participant 4243 whose full name holds an underscore and an "
                "apostrophe ('Mary_Ann O'Neil'), beside participant 4244; own numbers: held when two rows, "
                "17 each", mk_moodle_underscores, j_all_17(2)),
    export_case("4b", "honest Blackboard: assignment 'Lesson 2 Prefill' (spaces), usernames a_smith and "
                "b_jones_2 (underscores, a digit), files and receipts as Blackboard writes them; own numbers: "
                "held when two rows, 17 each", mk_blackboard, j_all_17(2)),
    export_case("4c", "honest: a student whose login is 'con' (a name Windows keeps for a device) in a "
                "plain batch with --reports DIR, beside bob.py: held when con and bob are graded 13 and "
                "the reports hold bob.json and one file for con not named con.json (docs/class.md)",
                mk_con, j_con, args=("--reports", "{tmp}/reports")),
    export_case("4d", "honest: alice.zip made by Windows's Explorer (member names in code page 437, no "
                "UTF-8 flag: 'Übung 2 - Lösung/prefill.py' and answers), beside bob/; own numbers: held when "
                "two rows, 17 each", mk_cp437, j_all_17(2), v_cp437),
    export_case("4e", "Moodle: a participant sets their full name to '--lesson=latency -rf' (the folder "
                "name starts with dashes), beside participant 4244; own numbers: held when two rows, 17 "
                "each (the name is data, never an option)", mk_dashes, j_all_17(2)),
    Case("4f", 4, "Gradescope class export: alice's submission folder holds her own "
         "submission_metadata.yml naming bob, and answers for bob's numbers: held when one row, not "
         "bob's, and not 17 (ids never come from inside a submission)", lambda tmp: {"dir": tmp / "export"},
         p_gs_forged, lambda st: (mk_gs_forged(FakeCtx(), st["dir"]) or True, "export with a forged yml")),
    Case("4g", 4, "Gradescope run_autograder: alice's upload holds a submission_metadata.json naming bob "
         "and answers for bob's numbers (the real metadata names alice): held when results.json is "
         "written with a score under 17", b_gs_upload_forged, p_gs_upload_forged, v_gs_upload, timeout=420),
]

CASES = C3 + C4
