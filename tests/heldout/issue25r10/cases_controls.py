"""Controls: honest hand-ins that must score full (module, notebook, answers with working, a
batch of every kind of entry, Gradescope, a Canvas export). They debug the harness too."""
from __future__ import annotations

import judges as J
import subs as S
from cases import Case


def own(ctx, sid: str) -> dict:
    """The right answers for this student's own numbers, as `grader variant` prints them."""
    got = ctx.variant(sid)
    if "answers" not in got:
        raise RuntimeError(f"grader variant {sid!r} gave no answers (the grader failed)")
    v = got["answers"]
    return {"flops": repr(v["hand_flops"]), "seconds": repr(v["hand_seconds"]) + " s",
            "pairs": str(v["hand_pairs"]), "quiz": v["quiz"]}


def answers_for(ctx, sid: str, over: dict | None = None) -> str:
    a = own(ctx, sid)
    a.update(over or {})
    return "".join(f"{k} = {S.toml_str(x)}\n" for k, x in a.items())


def notebook_for(ctx, sid: str) -> str:
    a = own(ctx, sid)
    return S.notebook(["import numpy as np"] + list(S.FUNCS.values()),
                      "".join(f"{k} = {S.toml_str(x)}\n" for k, x in a.items()))


class FakeCtx:
    """For --build-only: the layout is built with placeholder numbers, never the grader's."""
    def variant(self, s):
        return {"answers": {"hand_flops": 1.0, "hand_seconds": 1.0, "hand_pairs": 1, "quiz": "B"}}


def full(run, want=17.0):
    ok, why = J.graded(run)
    if not ok:
        return ok, why
    rep = run.extra["report"]
    return rep["score"] == want, f"score {rep['score']}/{rep['max_score']}"


def b_c1(tmp):
    return {"sub": S.folder(tmp / "sub", S.module(), S.answers())}


def b_c2(tmp):
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", S.correct_notebook())}


def b_c3(tmp):
    return {"sub": S.folder(tmp / "sub", S.module(), S.answers({
        "flops": "14 TFLOPs", "seconds": "0.28 s, i.e. 280 ms",
        "pairs": "10 (ten)", "quiz": "B, because each position waits for the ones before it"}))}


def p_c3(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    hs = [J.score(r.extra["report"], t) for t in ("hand_flops", "hand_seconds", "hand_pairs", "quiz")]
    return hs == [1.0] * 4, f"hand scores {hs}"


def make_c4(ctx, d):
    S.write(d / "alice.py", S.module())
    S.folder(d / "bob", S.module(), answers_for(ctx, "bob"))
    src = S.folder(d.parent / "carol_src", S.module(), answers_for(ctx, "carol"))
    S.zip_dir(src, d / "carol.zip")
    S.write(d / "dan.ipynb", notebook_for(ctx, "dan"))


def b_c4(tmp):
    return {"dir": tmp / "class"}


def p_c4(ctx, st):
    make_c4(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    got = {x.get("student"): J.total(x) for x in r.extra["rows"]}
    return got == {"alice": 13.0, "bob": 17.0, "carol": 17.0, "dan": 17.0}, f"totals {got}"


def v_c4(st):
    make_c4(FakeCtx(), st["dir"])
    return len(list(st["dir"].iterdir())) == 4, "4 entries: .py, folder, zip, notebook"


def b_c5(tmp):
    return {"up": S.folder(tmp / "upload", S.module(), S.answers())}


def p_c5(ctx, st):
    r = ctx.gradescope(st["cache"], st["up"])
    res = r.extra.get("results")
    if not res:
        return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
    return res.get("score") == 17.0, f"results.json score {res.get('score')}"


def make_c6(ctx, d):
    S.write(d / "smithalice_101_5001_prefill.py", S.module())
    S.write(d / "smithalice_101_5002_answers.toml", answers_for(ctx, "101"))
    S.write(d / "jonesbob_102_5003_prefill.ipynb", notebook_for(ctx, "102"))


def p_c6(ctx, st):
    make_c6(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    got = {x.get("student"): (J.total(x), x.get("status")) for x in r.extra["rows"]}
    good = len(got) == 2 and all(t == 17.0 and s == "graded" for t, s in got.values())
    return good, f"rows {got}"


def v_c6(st):
    make_c6(FakeCtx(), st["dir"])
    return len(list(st["dir"].iterdir())) == 3, "3 Canvas files"


CASES = [
    Case("C1", 0, "control: correct module and answers.toml: 17/17", b_c1, lambda c, s: full(c.grade(s["sub"]))),
    Case("C2", 0, "control: correct notebook with its ANSWERS cell: 17/17", b_c2,
         lambda c, s: full(c.grade(s["sub"]))),
    Case("C3", 0, "control: answers in documented forms ('14 TFLOPs', '0.28 s, i.e. 280 ms', "
         "'10 (ten)', 'B, because ...'): all four right", b_c3, p_c3),
    Case("C4", 0, "control: a batch of a .py, a folder, a zip and a notebook, each with its own "
         "numbers: 13, 17, 17, 17", b_c4, p_c4, v_c4),
    Case("C5", 0, "control: Gradescope upload (prefill.py, answers.toml) through run_autograder: "
         "results.json 17", b_c5, p_c5, timeout=420),
    Case("C6", 0, "control: honest Canvas export (py+toml, notebook; own numbers): two rows, 17 each",
         lambda tmp: {"dir": tmp / "canvas"}, p_c6, v_c6),
]
