"""Classes 4-5: class exports read as LMSs write them; files that change while a batch runs.

Layouts follow docs/class.md: Canvas `<name>_[LATE_]<user id>_<file id>_<file>`, Gradescope's
export (`submission_<n>/` beside `submission_metadata.yml`), GitHub Classroom
(`<assignment>-submissions/<assignment>-<username>`).
"""
from __future__ import annotations

import os
import subprocess

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}
SLOW = "import time\ntime.sleep(2)\n"


def rows_of(rows, part):
    return [x for x in rows if part.lower() in (x.get("student") or "").lower()]


def summary(rows):
    return [(x.get("student"), x.get("status"), J.total(x)) for x in rows]


def export_case(cid, what, make, judge, verify=None, sub="export"):
    def build(tmp):
        return {"dir": tmp / sub}

    def play(ctx, st):
        make(ctx, st["dir"])
        r = ctx.batch(st["dir"], "--lesson", "prefill")
        ok, why = J.reported(r)
        return (ok, why) if not ok else judge(r.extra["rows"])

    def ver(st):
        make(FakeCtx(), st["dir"])
        return verify(st["dir"]) if verify else (True, f"{len(list(st['dir'].iterdir()))} entries")
    return Case(cid, 4, what, build, play, ver)


# 4a: Canvas: a student names an uploaded file like another student's Canvas file
def mk_inject(ctx, d):
    S.write(d / "jonesbob_102_5002_prefill.py", S.module())
    S.write(d / "jonesbob_102_5003_answers.toml", answers_for(ctx, "102"))
    # alice uploads the stub under the name 'jonesbob_102_9999_prefill.py'; Canvas prefixes hers
    S.write(d / "smithalice_101_5004_jonesbob_102_9999_prefill.py", S.STUB)
    S.write(d / "smithalice_101_5005_answers.toml", answers_for(ctx, "101"))


def j_inject(rows):
    bob = [x for x in rows if "102" in (x.get("student") or "") or "jonesbob" in (x.get("student") or "")]
    ok = len(bob) == 1 and bob[0].get("status") == "graded" and J.total(bob[0]) == 17.0
    return ok, f"rows {summary(rows)}"


# 4b: Gradescope's class export
GS_META = """submission_3101:
  :submitters:
  - :name: Alice Smith
    :sid: '3101'
    :email: alice@example.edu
  :created_at: 2026-03-01 12:00:00.000000000 -08:00
  :score: 17.0
  :status: processed
submission_3102:
  :submitters:
  - :name: Bob Jones
    :sid: '3102'
    :email: bob@example.edu
  :created_at: 2026-03-01 13:30:00.000000000 -08:00
  :score: 17.0
  :status: processed
"""


def mk_gs_export(ctx, d):
    S.write(d / "submission_metadata.yml", GS_META)
    S.folder(d / "submission_3101", S.module(), answers_for(ctx, "alice@example.edu"))
    S.folder(d / "submission_3102", S.module(), answers_for(ctx, "bob@example.edu"))


def j_two_17(rows):
    got = summary(rows)
    return len(rows) == 2 and all(s == "graded" and t == 17.0 for _, s, t in got), f"rows {got}"


# 4c: GitHub Classroom, a username with a hyphen
def git_repo(path, ctx, user):
    S.write(path / "README.md", "# prefill lab\n")
    S.folder(path / "exercises" / "prefill", S.module(), answers_for(ctx, user))
    S.write(path / "exercises" / "latency" / "README.md", "latency\n")
    env = dict(os.environ, GIT_AUTHOR_NAME=user, GIT_AUTHOR_EMAIL=f"{user}@example.edu",
               GIT_COMMITTER_NAME=user, GIT_COMMITTER_EMAIL=f"{user}@example.edu")
    for cmd in (["git", "init", "-q"], ["git", "add", "."], ["git", "commit", "-qm", "done"]):
        subprocess.run(cmd, cwd=path, env=env, check=True, capture_output=True)


def mk_classroom(ctx, d):
    git_repo(d / "prefill-lab-alice-w", ctx, "alice-w")
    git_repo(d / "prefill-lab-bob", ctx, "bob")


def v_classroom(d):
    return all((p / ".git").is_dir() for p in d.iterdir()), str(sorted(p.name for p in d.iterdir()))


# 4d: alice.zip holds a folder named after another student
def mk_other_folder(ctx, d):
    S.write(d / "bob.py", S.module())
    S.zip_files(d / "alice.zip", {"bob/prefill.py": S.STUB, "bob/answers.toml": S.answers()})


def j_own_rows(rows):
    got = {x.get("student"): (x.get("status"), J.total(x)) for x in rows}
    ok = set(got) == {"alice", "bob"} and got["bob"] == ("graded", 13.0)
    return ok, f"rows {got}"


C4 = [
    export_case("4a", "Canvas: alice uploads the stub under the file name 'jonesbob_102_9999_prefill.py' "
                "(Canvas writes smithalice_101_5004_jonesbob_102_9999_prefill.py); bob's own files have "
                "lower file ids: held when bob (102) has one row, graded 17", mk_inject, j_inject),
    export_case("4b", "honest Gradescope class export (submission_metadata.yml, submission_<n>/), each "
                "student's answers for the numbers of their e-mail: held when two rows, 17 each",
                mk_gs_export, j_two_17),
    export_case("4c", "honest GitHub Classroom: prefill-lab-submissions/ holding prefill-lab-alice-w and "
                "prefill-lab-bob (git repositories, a username with a hyphen, own numbers): held when "
                "two rows, 17 each", mk_classroom, j_two_17, v_classroom, sub="prefill-lab-submissions"),
    export_case("4d", "alice.zip holds only a folder bob/ (the stub and answers), beside bob.py "
                "(correct): held when the rows are alice and bob, bob graded 13 from bob.py",
                mk_other_folder, j_own_rows),
]


# ---- class 5: lost data: files that change while a batch runs -------------------------------
def fresh(ctx, st, files: dict, sid):
    """Grade a folder holding `files` (name -> text) with the student's numbers."""
    f = st["tmp"] / f"fresh_{sid}_{len(ctx.runs)}"
    for n, t in files.items():
        S.write(f / n, t)
    r = ctx.grade(f, "--student", sid, "--lesson", "prefill")
    return (r.extra.get("report") or {}).get("score")


def slow_three(d):
    for i in range(3):
        S.write(d / f"aa{i}.py", S.module(prefix=SLOW))


def mid_case(cid, what, setup, mutate, between, judge, mutate_at=2.5):
    """Three slow entries first (2 s imports), then the target; batch 1 with `mutate` once while it
    runs (if any), `between` after it, batch 2 (a resumed rerun); judge(ctx, st, r1, r2)."""
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


# 5a: an entry deleted while the batch runs
def s_del(ctx, tmp, d):
    slow_three(d)
    S.write(d / "zz.py", S.module())


def m_del(ctx, tmp, d):
    (d / "zz.py").unlink()


def j_del(ctx, st, r1, r2):
    want = fresh(ctx, st, {"prefill.py": S.module()}, "zz")
    rs = rows_of(r1.extra["rows"], "zz")
    got = [(x.get("status"), J.total(x)) for x in rs]
    return got == [("graded", want)], f"first batch zz rows {got}, fresh grade of what was hashed {want}"


# 5b: an entry added while the batch runs
def s_add(ctx, tmp, d):
    slow_three(d)


def m_add(ctx, tmp, d):
    S.folder(d / "zz", S.module(), answers_for(ctx, "zz"))


def j_rows_fresh(files_of, sid):
    def j(ctx, st, r1, r2):
        want = fresh(ctx, st, files_of(st), sid)
        got = [J.total(x) for x in rows_of(r2.extra["rows"], sid)]
        return got == [want], f"rerun rows of {sid} {got}, fresh grade {want}"
    return j


def files_in(sub):
    def f(st):
        p = st["dir"] / sub
        return {q.name: q.read_text() for q in p.iterdir() if q.is_file()}
    return f


# 5c: only a helper module beside prefill.py changes between runs (same size, mtimes put back)
HELPER_MOD = S.module({"prefill_flops": "def prefill_flops(N, P):\n    import zz_helpers\n"
                       "    return zz_helpers.factor() * N * P\n"})


def s_helper(ctx, tmp, d):
    slow_three(d)
    S.folder(d / "zz", HELPER_MOD, answers_for(ctx, "zz"))
    S.write(d / "zz" / "zz_helpers.py", "def factor():\n    return 2\n")


def b_helper(ctx, tmp, d):
    h = d / "zz" / "zz_helpers.py"
    st = h.stat()
    dst = (d / "zz").stat()
    h.write_text("def factor():\n    return 3\n")
    os.utime(h, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.utime(d / "zz", ns=(dst.st_atime_ns, dst.st_mtime_ns))


# 5d: a .py entry replaced by a folder of the same name while the batch runs
def s_kind(ctx, tmp, d):
    slow_three(d)
    S.write(d / "zz.py", S.module())


def m_kind(ctx, tmp, d):
    (d / "zz.py").unlink()
    S.folder(d / "zz", S.module(WRONG_FLOPS), answers_for(ctx, "zz"))


C5 = [
    mid_case("5a", "an entry (zz.py, correct) deleted while the batch runs, after it was hashed: held "
             "when the first batch's zz row is graded with the grade of what was hashed (a fresh grade, "
             "13), and the rerun ends cleanly", s_del, m_del, nop, j_del),
    mid_case("5b", "a new entry zz/ (correct, own numbers) appears while the batch runs: held when the "
             "rerun's zz row equals a fresh grade of it", s_add, m_add, nop,
             j_rows_fresh(files_in("zz"), "zz")),
    mid_case("5c", "between runs only zz/zz_helpers.py changes (factor 2 -> 3: prefill_flops imports "
             "it), same size, mtimes put back: held when the rerun's row equals a fresh grade of the "
             "files now", s_helper, None, b_helper, j_rows_fresh(files_in("zz"), "zz")),
    mid_case("5d", "zz.py (correct) replaced while the batch runs by a folder zz/ (wrong prefill_flops, "
             "own answers): held when the rerun has one zz row, equal to a fresh grade of zz/", s_kind,
             m_kind, nop, j_rows_fresh(files_in("zz"), "zz")),
]

CASES = C4 + C5
