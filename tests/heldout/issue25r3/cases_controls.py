"""Controls: honest submissions that must grade right (they debug the harness too)."""
from __future__ import annotations

from pathlib import Path

import judges as J
import subs as S
from cases import Case


def answers_for(ctx, sid: str, over: dict | None = None) -> str:
    v = ctx.variant(sid)["answers"]
    a = {"flops": repr(v["hand_flops"]), "seconds": repr(v["hand_seconds"]) + " s",
         "pairs": str(v["hand_pairs"]), "quiz": v["quiz"]}
    a.update(over or {})
    return "".join(f"{k} = {S.toml_str(x)}\n" for k, x in a.items())


def full(run, want=17.0):
    ok, why = J.graded(run)
    if not ok:
        return ok, why
    rep = run.extra["report"]
    return rep["score"] == want, f"score {rep['score']}/{rep['max_score']}"


# C1: a correct module and answers.
def b_c1(tmp):
    return {"sub": S.folder(tmp / "sub", S.module(), S.answers())}


def p_c1(ctx, st):
    return full(ctx.grade(st["sub"]))


# C2: a correct notebook with its ANSWERS cell, graded as a file.
def b_c2(tmp):
    return {"nb": S.write(tmp / "sub" / "prefill.ipynb", S.correct_notebook())}


def p_c2(ctx, st):
    return full(ctx.grade(st["nb"]))


# C3: right answers with working before '=' and in brackets, and an explained quiz.
def b_c3(tmp):
    return {"sub": S.folder(tmp / "sub", S.module(), S.answers_with_working())}


def p_c3(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra["report"]
    hs = [J.score(rep, t) for t in ("hand_flops", "hand_seconds", "hand_pairs", "quiz")]
    return hs == [1.0] * 4, f"hand scores {hs}"


# C4: an honest Canvas "Download Submissions" folder: one student with prefill.py and
# answers.toml, one with a notebook (answers in its ANSWERS cell), each with their numbers.
def b_c4(tmp):
    return {"dir": tmp / "canvas"}


def p_c4(ctx, st):
    d = st["dir"]
    S.write(d / "smithalice_101_5001_prefill.py", S.module())
    S.write(d / "smithalice_101_5002_answers.toml", answers_for(ctx, "101"))
    v = ctx.variant("102")["answers"]
    nb = S.notebook(["import numpy as np"] + list(S.FUNCS.values()),
                    f'flops = "{v["hand_flops"]!r}"\nseconds = "{v["hand_seconds"]!r}"\n'
                    f'pairs = "{v["hand_pairs"]}"\nquiz = "{v["quiz"]}"\n')
    S.write(d / "jonesbob_102_5003_prefill.ipynb", nb)
    r = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rows = r.extra["rows"]
    got = {x.get("student"): (J.total(x), x.get("status")) for x in rows}
    good = len(rows) == 2 and all(t == 17.0 and s == "graded" for t, s in got.values())
    return good, f"rows {got}"


# C5: a course repository: README, .git, exercises/prefill/ finished, exercises/latency/.
def b_c5(tmp):
    return {"sub": S.repository(tmp / "repo", S.module(), S.answers())}


def p_c5(ctx, st):
    return full(ctx.grade(st["sub"]))


# C6: a Gradescope upload (prefill.py and answers.toml), played through run_autograder.
def b_c6(tmp):
    return {"up": S.folder(tmp / "upload", S.module(), S.answers())}


def p_c6(ctx, st):
    r = ctx.gradescope(st["cache"], st["up"])
    res = r.extra.get("results")
    if not res:
        return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
    return res.get("score") == 17.0, f"results.json score {res.get('score')}"


# C7: a plain batch: a .py, a folder with answers, a zip of a folder; each student's numbers.
def b_c7(tmp):
    return {"dir": tmp / "class"}


def p_c7(ctx, st):
    d = st["dir"]
    S.write(d / "alice.py", S.module())
    S.folder(d / "bob", S.module(), answers_for(ctx, "bob"))
    S.folder(tmp_c := d.parent / "carol_src", S.module(), answers_for(ctx, "carol"))
    S.zip_dir(tmp_c, d / "carol.zip")
    r = ctx.batch(d, "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    got = {x.get("student"): J.total(x) for x in r.extra["rows"]}
    want = {"alice": 13.0, "bob": 17.0, "carol": 17.0}
    return got == want, f"totals {got}"


CASES = [
    Case("C1", 0, "correct module and answers: 17/17", b_c1, p_c1),
    Case("C2", 0, "correct notebook with ANSWERS cell: 17/17", b_c2, p_c2),
    Case("C3", 0, "right answers with working (before =, brackets, explained quiz): all 4 right", b_c3, p_c3),
    Case("C4", 0, "honest Canvas export (py+toml, notebook; own numbers): two rows, 17 each", b_c4, p_c4),
    Case("C5", 0, "course repository with exercises/prefill finished: 17/17", b_c5, p_c5),
    Case("C6", 0, "Gradescope upload via run_autograder: results.json 17", b_c6, p_c6, timeout=420),
    Case("C7", 0, "plain batch .py / folder / zip with own numbers: 13, 17, 17", b_c7, p_c7),
]
