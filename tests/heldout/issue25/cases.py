"""The issue-25 held-out cases, as data: id, class (1-9; 0 = control), what it is, how it is built
and played, and the judgement, stated from observable behaviour only (exit status, the JSON/text
report, stderr, results.json, the batch CSV, wall time, peak memory of the process tree).

Written without reading the grader, from the lesson, README.md, docs/*.md and the student stubs.
"""
from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass
from typing import Callable

import subs
from subs import ANSWERS, CODE_TASKS, HAND_TASKS, STUB_MODULE, answers_toml, folder, module, notebook, write, zip_of

FULL = 17.0
CODE_MAX = {"prefill_flops": 2.0, "prefill_seconds": 3.0, "causal_pairs": 2.0, "causal_mask": 3.0,
            "prefill_matches_sequential": 3.0}


@dataclass
class Case:
    id: str
    cls: int  # 1-9, 0 = control
    what: str
    play: Callable  # play(ctx) -> (held: bool, reason: str)
    timeout: float = 240.0
    about_time: bool = False


# ---------------------------------------------------------------- judgement helpers

def task(rep, tid):
    for t in (rep or {}).get("tasks", []):
        if t.get("id") == tid:
            return t
    return None


def tscore(rep, tid):
    t = task(rep, tid)
    return None if t is None else float(t.get("score", 0.0))


def rep_of(r):
    return r.extra.get("json")


def graded(r):
    """The grade ran to a report (None, reason) or did not (reason)."""
    if r.timed_out:
        return f"timed out after {r.wall:.0f}s"
    if rep_of(r) is None:
        return f"no JSON report (exit {r.rc}; {last_line(r.stderr)})"
    return None


def last_line(text):
    lines = [l for l in (text or "").strip().splitlines() if l.strip()]
    return lines[-1][:120] if lines else ""


def code_full(rep):
    bad = [t for t in CODE_TASKS if tscore(rep, t) != CODE_MAX[t]]
    return not bad, ", ".join(f"{t}={tscore(rep, t)}" for t in bad)


def scores_line(rep):
    return " ".join(f"{t}={tscore(rep, t)}" for t in CODE_TASKS + HAND_TASKS if tscore(rep, t) is not None)


def sub_folder(ctx, name="sub", mod=None, answers=None):
    return folder(ctx.path(name), mod if mod is not None else module(), answers if answers is not None else answers_toml())


def csv_row(rows, needle):
    hits = [row for row in rows if needle in " ".join(str(v) for v in list(row.values())[:1])]
    return hits


def row_total(row):
    try:
        return float(row.get("total") or "nan")
    except ValueError:
        return float("nan")


# ---------------------------------------------------------------- generic plays

def play_task_at_most(mod, tid, bound, why):
    """Grade a correct module with one function replaced; `tid` must score <= bound."""
    def play(ctx):
        r = ctx.grade(sub_folder(ctx, mod=mod))
        err = graded(r)
        if err:
            return False, err
        s = tscore(rep_of(r), tid)
        return (s is not None and s <= bound), f"{tid} scored {s}/{CODE_MAX.get(tid, 1.0)} (must be <= {bound}: {why})"
    return play


def play_answer(over, tid, want_full, why):
    def play(ctx):
        r = ctx.grade(sub_folder(ctx, answers=answers_toml(**over)))
        err = graded(r)
        if err:
            return False, err
        t = task(rep_of(r), tid) or {}
        s = tscore(rep_of(r), tid)
        held = (s == 1.0) if want_full else (s is not None and s < 1.0)
        fb = " ".join(str(t.get("feedback", "")).split())[:70]
        return held, f"{tid}={s} ({'must be right' if want_full else 'must not be scored right'}: {why}) {fb}"
    return play


# ---------------------------------------------------------------- class 1: gamed checks

C1 = [
    Case("g1", 1, "prefill_matches_sequential runs one cumsum and answers True without comparing anything",
         play_task_at_most(module({"prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    np.cumsum(X @ W, axis=0)
    return True
'''}), "prefill_matches_sequential", 2.99, "nothing is compared: less than full marks")),
    Case("g2", 1, "prefill_seconds raises ValueError on every call, computing nothing",
         play_task_at_most(module({"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    raise ValueError("utilization out of range")
'''}), "prefill_seconds", 0.0, "refusing everything computes nothing")),
    Case("g3", 1, "prefill_seconds right only at utilization 1, ValueError for every other utilization",
         play_task_at_most(module({"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != 1:
        raise ValueError("only full utilization supported")
    return 2 * N * P / flops_per_sec
'''}), "prefill_seconds", 1.0, "wrong for every valid utilization below 1")),
    Case("g4", 1, "prefill_flops returns NaN; prefill_seconds divides what it gave (carried-forward NaN)",
         play_task_at_most(module({"prefill_flops": '''def prefill_flops(N, P):
    return float("nan")  # not done yet
'''}), "prefill_seconds", 0.0, "no credit carried forward from NaN")),
    Case("g5", 1, "prefill_flops returns N * P * 0; prefill_seconds divides it (carried-forward zero)",
         play_task_at_most(module({"prefill_flops": '''def prefill_flops(N, P):
    return N * P * 0
'''}), "prefill_seconds", 0.0, "no credit carried forward from 0")),
    Case("g6", 1, "prefill_flops left as the stub; prefill_seconds passes its None on",
         play_task_at_most(module({"prefill_flops": "def prefill_flops(N, P):\n    pass\n",
                                   "prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = prefill_flops(N, P)
    if flops is None:
        return None
    return flops / (flops_per_sec * utilization)
'''}), "prefill_seconds", 0.0, "no credit carried forward from None")),
]

# ---------------------------------------------------------------- class 2: answers

C2 = [
    Case("a1", 2, "quiz: the right option's text, then taken back for the wrong one",
         play_answer({"quiz": "No? Actually, yes."}, "quiz", False, "the student's choice is Yes (A)")),
    Case("a2", 2, "quiz hedges between two letters",
         play_answer({"quiz": "B, though possibly A"}, "quiz", False, "two choices")),
    Case("a3", 2, "quiz: a correction from the right letter to the wrong one",
         play_answer({"quiz": "B... no wait, A"}, "quiz", False, "the final choice is A")),
    Case("a4", 2, "seconds: a working before '=' that gives 2.8, result 0.28 s",
         play_answer({"seconds": "1.4e13 / 5e12 = 0.28 s"}, "hand_seconds", False, "working contradicts result")),
    Case("a5", 2, "pairs: a right bracket, then a second bracket that gives 16",
         play_answer({"pairs": "10 (4 × 5 / 2) (4 × 4)"}, "hand_pairs", False, "second working contradicts result")),
    Case("a6", 2, "seconds in ms with a working in ms (right)",
         play_answer({"seconds": "280 ms (14 / 50 × 1000)"}, "hand_seconds", True, "right, working in the result's unit")),
    Case("a7", 2, "flops in GFLOPs with a working in GFLOPs (right)",
         play_answer({"flops": "14000 GFLOPs (2 × 7 × 1000)"}, "hand_flops", True, "right, working in the result's unit")),
]

# ---------------------------------------------------------------- class 3: finding the work


def play_repo(build, want_code_full=True):
    def play(ctx):
        root = ctx.path("repo")
        os.makedirs(root, exist_ok=True)
        build(root)
        r = ctx.grade(root)
        err = graded(r)
        if err:
            return False, err
        ok, bad = code_full(rep_of(r))
        return ok, ("code tasks full" if ok else f"code tasks not full: {bad}") + f"; total {rep_of(r).get('score')}"
    return play


def many_files(root, sub, n):
    for i in range(n):
        write(os.path.join(root, sub, f"pkg{i // 50}", f"mod{i}.py"), f"X = {i}\n")


def b_top_stub(root):
    write(os.path.join(root, "prefill.py"), STUB_MODULE)  # the template left at the top
    write(os.path.join(root, "README.md"), "# my course repo\n")
    folder(os.path.join(root, "exercises", "prefill"), module(), answers_toml())


def b_node_modules(root):
    many_files(root, "node_modules", 1300)
    write(os.path.join(root, "package.json"), "{}\n")
    folder(os.path.join(root, "src", "two"), module(), answers_toml())


def b_venv(root):
    many_files(root, os.path.join("venv", "lib", "python3.11", "site-packages"), 1150)
    folder(os.path.join(root, "work", "lesson2"), module(), answers_toml())


def b_case_variant(root):
    write(os.path.join(root, "PreFill.py"), module())
    write(os.path.join(root, "answers.toml"), answers_toml())


def play_case_variant(ctx):
    root = ctx.path("repo")
    os.makedirs(root, exist_ok=True)
    b_case_variant(root)
    r = ctx.grade(root)
    err = graded(r)
    if err:
        return False, err
    ok, bad = code_full(rep_of(r))
    return ok, ("code tasks full" if ok else f"PreFill.py not graded: {bad}")


def play_gs_venv(ctx):
    def fill(d):
        many_files(d, os.path.join("venv", "lib", "python3.11", "site-packages"), 1100)
        folder(os.path.join(d, "week2"), module(), answers_toml())
    r = ctx.gradescope(fill)
    res = r.extra.get("results")
    if res is None:
        return False, f"no results.json (exit {r.rc}; {last_line(r.stderr or r.stdout)})"
    s = res.get("score")
    return (s is not None and float(s) >= 13.0), f"Gradescope score {s} (the finished module must be found: >= 13)"


C3 = [
    Case("f1", 3, "template prefill.py at the repository's top, finished work in exercises/prefill/",
         play_repo(b_top_stub)),
    Case("f2", 3, "repository with node_modules/ of 1300 files, work in src/two/", play_repo(b_node_modules)),
    Case("f3", 3, "repository with venv/ of 1150 files, work in work/lesson2/", play_repo(b_venv)),
    Case("f4", 3, "finished module saved as PreFill.py", play_case_variant),
    Case("f5", 3, "Gradescope upload: venv/ of 1100 files, work in week2/", play_gs_venv),
]

# ---------------------------------------------------------------- class 4: class exports


def set_mtime(p, t):
    os.utime(p, (t, t))
    if os.path.isdir(p):
        for dp, dn, fn in os.walk(p):
            for n in dn + fn:
                os.utime(os.path.join(dp, n), (t, t))


def play_batch_expect(build, needle, want_total, extra=(), want_rows=None):
    def play(ctx):
        d = ctx.path("class")
        os.makedirs(d, exist_ok=True)
        build(ctx, d)
        r = ctx.batch(d, *extra)
        if r.timed_out:
            return False, "batch timed out"
        rows = r.extra["rows"]
        hits = csv_row(rows, needle)
        desc = "; ".join(f"{list(h.values())[0]}: total={h.get('total')} status={h.get('status')}" for h in hits)[:120]
        if want_rows is not None and len(rows) != want_rows:
            return False, f"{len(rows)} CSV rows, want {want_rows}: {desc}"
        if len(hits) != 1:
            return False, f"{len(hits)} rows for {needle!r} (want 1): {desc} (exit {r.rc})"
        tot = row_total(hits[0])
        return tot == want_total, f"{needle}: total {tot} (want {want_total}) status={hits[0].get('status')}"
    return play


def b_keep_txt(ctx, d):
    now = time.time()
    write(os.path.join(d, "alice.py"), module())
    set_mtime(os.path.join(d, "alice.py"), now - 7200)
    zip_of(os.path.join(d, "alice.zip"), {"notes/README.md": "my notes on prefill\n"})
    set_mtime(os.path.join(d, "alice.zip"), now - 60)
    write(os.path.join(d, "bob.py"), module())


def b_keep_folder(ctx, d):
    now = time.time()
    folder(os.path.join(d, "carol"), module(), ctx.answers_for("carol"))
    set_mtime(os.path.join(d, "carol"), now - 7200)
    write(os.path.join(d, "carol.zip"), b"PK\x03\x04 truncated upload")
    set_mtime(os.path.join(d, "carol.zip"), now - 30)
    write(os.path.join(d, "dave.py"), module())


def b_canvas_zip(ctx, d):
    zip_of(os.path.join(d, "evans_4401_77001_code.zip"), {"prefill.py": module()})
    write(os.path.join(d, "evans_4401_77002_answers.toml"), ctx.answers_for("4401"))
    write(os.path.join(d, "frost_4402_77003_prefill.py"), module())
    write(os.path.join(d, "frost_4402_77004_answers.toml"), ctx.answers_for("4402"))


def b_canvas_fileid(ctx, d):
    # file id 61000 is the final upload (Canvas ids grow); the -1 copy (id 60500) is the earlier one
    write(os.path.join(d, "kim_5507_60500_prefill-1.py"), module({"causal_mask": '''def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))
'''}))
    write(os.path.join(d, "kim_5507_61000_prefill.py"), module())
    write(os.path.join(d, "kim_5507_60400_answers.toml"), ctx.answers_for("5507"))
    write(os.path.join(d, "lin_5508_60600_prefill.py"), module())


def b_canvas_zwj(ctx, d):
    write(os.path.join(d, "ann\u200d_6601_90001_prefill.py"), module())
    write(os.path.join(d, "ann_6601_90002_answers.toml"), ctx.answers_for("6601"))


def b_moodle_nfd(ctx, d):
    write(os.path.join(d, "Zoe\u0308 Ng_3141_assignsubmission_file_prefill.py"), module())
    write(os.path.join(d, "Zo\u00eb Ng_3141_assignsubmission_file_answers.toml"), ctx.answers_for("3141"))


C4 = [
    Case("x1", 4, "--keep newest: a newer zip of notes only (no exercise file) beside an older gradable .py",
         play_batch_expect(b_keep_txt, "alice", 13.0, ("--keep", "newest"))),
    Case("x2", 4, "--keep newest: a newer broken zip beside an older gradable folder",
         play_batch_expect(b_keep_folder, "carol", FULL, ("--keep", "newest"))),
    Case("x3", 4, "Canvas: a student uploads code.zip (holding prefill.py) and answers.toml",
         play_batch_expect(b_canvas_zip, "4401", FULL)),
    Case("x4", 4, "Canvas: final prefill.py has the larger file id than the earlier prefill-1.py",
         play_batch_expect(b_canvas_fileid, "5507", FULL)),
    Case("x5", 4, "Canvas: a zero-width joiner in one file's name part; one student, one row",
         play_batch_expect(b_canvas_zwj, "6601", FULL, want_rows=1)),
    Case("x6", 4, "Moodle: one participant's files with NFD and NFC spellings of the name",
         play_batch_expect(b_moodle_nfd, "3141", FULL, want_rows=1)),
]

# ---------------------------------------------------------------- class 5: files changing mid-batch

SLOW = module(header="import numpy as np\nimport time\ntime.sleep(6)\n")


def play_swap(initial, swapped, final, want_total, target="zed", kind="py"):
    """Batch: a fast entry, a slow one (6 s import), the target. Swap the target once the first
    report appears, put `final` back after the batch, rerun: the target's row must be the grade of
    what is there at the end (hash and grade must describe the same bytes)."""
    def play(ctx):
        nonlocal initial, swapped, final
        initial, swapped, final = (v(ctx) if callable(v) else v for v in (initial, swapped, final))
        d = ctx.path("class")
        os.makedirs(d, exist_ok=True)
        write(os.path.join(d, "amy.py"), module())
        write(os.path.join(d, "bo.py"), SLOW)
        tpath = os.path.join(d, target + ".py") if kind == "py" else os.path.join(d, target, "answers.toml")
        if kind != "py":
            write(os.path.join(d, target, "prefill.py"), module())
        write(tpath, initial)
        reports = ctx.path("reports")
        state = {"swapped": False}

        def during(el, proc):
            if state["swapped"]:
                return
            if (os.path.isdir(reports) and os.listdir(reports)) or el > 4.0:
                write(tpath, swapped)
                state["swapped"] = True
                state["at"] = el
        r1 = ctx.batch(d, "--reports", reports, during=during)
        write(tpath, final)
        r2 = ctx.batch(d)
        if r1.timed_out or r2.timed_out:
            return False, "batch timed out"
        hits = csv_row(r2.extra["rows"], target)
        if len(hits) != 1:
            return False, f"{len(hits)} rows for {target}"
        tot = row_total(hits[0])
        return tot == want_total, (f"after swap at {state.get('at', -1):.1f}s and restore, rerun shows {target} "
                                   f"total {tot}, the content there now grades {want_total}")
    return play


C5 = [
    Case("s1", 5, "correct module swapped for the stub mid-batch, restored, rerun",
         play_swap(module(), STUB_MODULE, module(), 13.0)),
    Case("s2", 5, "stub swapped for a correct module mid-batch, stub put back, rerun",
         play_swap(STUB_MODULE, module(), STUB_MODULE, 0.0)),
    Case("s3", 5, "folder entry: wrong answers swapped for right ones mid-batch, wrong put back, rerun",
         play_swap(answers_toml(flops="7e12", seconds="2.8 s", pairs="16", quiz="A"), lambda ctx: ctx.answers_for("zed"),
                   answers_toml(flops="7e12", seconds="2.8 s", pairs="16", quiz="A"), 13.0, kind="folder")),
]

# ---------------------------------------------------------------- class 6: faults forced on the grader


def nb_with(d, helper_name, helper_src, funcs=None, answers=ANSWERS):
    os.makedirs(d, exist_ok=True)
    write(os.path.join(d, "prefill.ipynb"), notebook(funcs=funcs, answers=answers))
    write(os.path.join(d, helper_name), helper_src)
    return d


def play_nb_helper(helper_name, helper_src):
    def play(ctx):
        d = nb_with(ctx.path("nbsub"), helper_name, helper_src)
        r = ctx.grade(d)
        if r.timed_out:
            return False, "timed out"
        ok = r.rc != 3 and rep_of(r) is not None
        return ok, f"exit {r.rc}, report {'written' if rep_of(r) else 'missing'} ({last_line(r.stderr)[:80]})"
    return play


def play_gs_stub_nb(ctx):
    def fill(d):
        nb_with(d, "storemagic.py", "import sys\nsys.exit('my storage helper is unfinished')\n", funcs={},
                answers={"flops": "", "seconds": "", "pairs": "", "quiz": ""})
    r = ctx.gradescope(fill)
    res = r.extra.get("results")
    if res is None:
        return False, f"no results.json (exit {r.rc}): an untouched stub notebook dodges its zero"
    return float(res.get("score", -1)) == 0.0, f"results.json score {res.get('score')} (want 0)"


def play_batch_nb(ctx):
    d = ctx.path("class")
    nb_with(os.path.join(d, "maya"), "colorama.py", "raise SystemExit('my terminal colours')\n")
    write(os.path.join(d, "noor.py"), module())
    r = ctx.batch(d)
    hits = csv_row(r.extra["rows"], "maya")
    if len(hits) != 1:
        return False, f"{len(hits)} rows for maya (exit {r.rc})"
    st = hits[0].get("status")
    return st == "graded", f"maya: status={st} total={hits[0].get('total')} (must be graded, not failed)"


C6 = [
    Case("k1", 6, "correct notebook beside a colorama.py that calls sys.exit",
         play_nb_helper("colorama.py", "import sys\nsys.exit('my own colour helper')\n")),
    Case("k2", 6, "correct notebook beside an orjson.py that raises SystemExit",
         play_nb_helper("orjson.py", "raise SystemExit('json speedups are not ready')\n")),
    Case("k3", 6, "Gradescope: untouched stub notebook beside a storemagic.py that raises",
         play_gs_stub_nb),
    Case("k4", 6, "batch: a notebook folder with a colorama.py that exits", play_batch_nb),
]

# ---------------------------------------------------------------- class 7: unbounded trusted work


def play_bounded(build, secs, mb, what):
    def play(ctx):
        sub = build(ctx)
        r = ctx.grade(sub)
        held = (not r.timed_out) and r.wall <= secs and r.peak_mb <= mb and r.rc in (0, 1, 2)
        return held, (f"{'timed out at' if r.timed_out else 'took'} {r.wall:.1f}s, peak {r.peak_mb:.0f}MB, exit {r.rc} "
                      f"(must finish <= {secs}s and <= {mb}MB: {what})")
    return play


def bl_nested(ctx):
    return sub_folder(ctx, mod=module({"prefill_flops": '''def prefill_flops(N, P):
    f = 2 * N * P
    return [f * (1 + k / 1e6) for k in range(500000)]
'''}))


def bl_mask(ctx):
    return sub_folder(ctx, mod=module({"causal_mask": '''def causal_mask(P):
    return np.ones((7600, 7600), dtype=bool)
'''}))


def bl_bignb(ctx):
    d = ctx.path("nbbig")
    os.makedirs(d, exist_ok=True)
    table = "| token | note |\n|---|---|\n" + "".join(f"| {i} | pasted profiler row {i:07d} of my prefill run |\n"
                                                   for i in range(330_000))
    data = "PROFILE = [\n" + "".join(f"    ({i}, 0.{i:07d}, 'row'),\n" for i in range(560_000)) + "]\n"
    write(os.path.join(d, "prefill.ipynb"), notebook(answers=ANSWERS, markdown=[table[:2_000_000]], extra_cells=[data]))
    return d


def bl_toml(ctx):
    d = ctx.path("tomlbad")
    body = "flops = \"1.4e13\"\nworking = \"\"\"\n" + (r'2 · 7e9 · 1000 = \"1.4e13\" and \\ more' + "\n") * 30_000
    return folder(d, module(), body)


def bl_toml2(ctx):
    d = ctx.path("tomlarr")
    body = "flops = \"1.4e13\"\nscratch = [\n" + ("  0.28, 1.4e13,\n" * 65_000)
    return folder(d, module(), body)


def bl_restart(ctx):
    kill = ("    import os, signal\n    if os.getppid() > 1:\n        os.kill(os.getppid(), signal.SIGKILL)\n"
            "    os._exit(9)\n")
    mod = module({n: subs.FUNCS[n].split("\n")[0] + "\n" + kill for n in subs.ORDER},
                 header="import numpy as np\nimport time\ntime.sleep(8)\n")
    return sub_folder(ctx, mod=mod)


C7 = [
    Case("m1", 7, "prefill_flops returns a list of 500,000 floats", play_bounded(bl_nested, 60, 600, "returned value bounded"),
         timeout=180, about_time=True),
    Case("m2", 7, "causal_mask returns a 58 MB bool array for every P", play_bounded(bl_mask, 60, 600, "trusted memory bounded"),
         timeout=180, about_time=True),
    Case("m3", 7, "18 MB notebook (a profile pasted into a code cell as a Python list)", play_bounded(bl_bignb, 60, 600, "parse once, bounded"),
         timeout=180, about_time=True),
    Case("m4", 7, "1.1 MB answers.toml: an unterminated triple-quoted string of escaped quotes over 30,000 lines", play_bounded(bl_toml, 20, 600, "answers reader linear"),
         timeout=120, about_time=True),
    Case("m5", 7, "1.1 MB answers.toml: an array left open over 65,000 lines",
         play_bounded(bl_toml2, 20, 600, "answers reader linear"), timeout=120, about_time=True),
    Case("m6", 7, "8 s import and every function kills its worker's parent", play_bounded(bl_restart, 85, 600, "10 + 60 s budget, restarts charged"),
         timeout=200, about_time=True),
]

# ---------------------------------------------------------------- class 8: hidden inputs leaked by names

TOKEN = re.compile(r"zq_[A-Za-z0-9]+")


def play_leak(replace, header="import numpy as np\n"):
    def play(ctx):
        r = ctx.grade(sub_folder(ctx, mod=module(replace, header=header)))
        err = graded(r)
        if err:
            return False, err
        rep = rep_of(r)
        visible, elsewhere = set(), set()
        for t in rep.get("tasks", []):
            elsewhere |= set(TOKEN.findall(str(t.get("feedback", ""))))
            elsewhere |= set(TOKEN.findall(str(t.get("diagnoses", ""))))
            for c in t.get("checks", []):
                found = set(TOKEN.findall(str(c.get("message", ""))) + TOKEN.findall(str(c.get("diagnosis", ""))))
                (visible if c.get("visibility") == "visible" else elsewhere).update(found)
        elsewhere |= set(TOKEN.findall(str(rep.get("notes", "")))) | set(TOKEN.findall(r.stdout))
        leaked = sorted(elsewhere - visible)
        return not leaked, (f"{len(leaked)} names from hidden inputs in the student's report: {leaked[:3]}" if leaked
                            else "no hidden-input names in the student's report")
    return play


C8 = [
    Case("l1", 8, "causal_pairs raises ModuleNotFoundError naming P beyond 5, beside a stand-in import",
         play_leak({"causal_pairs": '''def causal_pairs(P):
    if P <= 5:
        return P * (P + 1) // 2
    raise ModuleNotFoundError("No module named 'zq_%d'" % P, name="zq_%d" % P)
'''}, header="import numpy as np\nimport zqhelper\n")),
    Case("l2", 8, "prefill_seconds raises ModuleNotFoundError named after each refused utilization",
         play_leak({"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ModuleNotFoundError("zq_" + repr(utilization).replace(".", "p").replace("-", "m"))
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''})),
    Case("l3", 8, "prefill_matches_sequential evaluates a name built from X's shape on unseen shapes",
         play_leak({"prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    if X.shape == (8, 4):
        Y = X @ W
        return bool(np.allclose(np.cumsum(Y, axis=0), np.add.accumulate(Y, axis=0)))
    exec("zq_%dx%d" % X.shape)
'''})),
]

# ---------------------------------------------------------------- class 9: cosmetic


def play_quiet(replace):
    def play(ctx):
        r = ctx.grade(sub_folder(ctx, mod=module(replace)))
        err = graded(r)
        if err:
            return False, err
        bad = [w for w in ("RuntimeWarning", "Warning:", ctx.engine, "/suites/", "site-packages/grader")
               if w in r.stderr]
        return not bad, (f"stderr carries {bad[0]!r}: {last_line(r.stderr)[:80]}" if bad else "stderr clean")
    return play


def play_big_module(between):
    def play(ctx):
        stubs_then_work = STUB_MODULE + between + "\n" + module(header="")
        r = ctx.grade(sub_folder(ctx, mod=stubs_then_work))
        err = graded(r)
        if err:
            return False, err
        rep = rep_of(r)
        ok, bad = code_full(rep)
        says = [t for t in CODE_TASKS if re.search(r"not (yet )?implemented|still the stub|untouched",
                                                   str((task(rep, t) or {}).get("feedback", "")), re.I)]
        text_says = re.search(r"not (yet )?implemented", r.stdout, re.I) is not None
        held = ok and not says and not text_says
        return held, f"code full={ok} {bad}; tasks saying 'not implemented': {says or 'none'}"
    return play


C9 = [
    Case("w1", 9, "causal_pairs returns the largest int64", play_quiet({"causal_pairs": '''def causal_pairs(P):
    return np.int64(2**63 - 1)
'''})),
    Case("w2", 9, "causal_mask returns rows of +inf and -inf", play_quiet({"causal_mask": '''def causal_mask(P):
    m = np.full((P, P), np.inf)
    m[::2] = -np.inf
    return m
'''})),
    Case("w3", 9, "prefill_flops returns a float32 near its maximum", play_quiet({"prefill_flops": '''def prefill_flops(N, P):
    return np.float32(3e38)
'''})),
    Case("w4", 9, "stubs, then 1.15 MB of a pasted log as comments, then the finished functions",
         play_big_module("\n" + "# [run 17] prefill 1000 tok, mask ok, 0.28 s measured\n" * 22_000)),
    Case("w5", 9, "stubs, then 1.1 MB of blank lines, then the finished functions",
         play_big_module("\n" * 1_100_000)),
]

# ---------------------------------------------------------------- controls


def ctl_module(ctx):
    r = ctx.grade(sub_folder(ctx))
    err = graded(r)
    if err:
        return False, err
    return rep_of(r).get("score") == FULL and r.rc == 0, f"total {rep_of(r).get('score')}, exit {r.rc}"


def ctl_notebook(ctx):
    d = ctx.path("nb")
    os.makedirs(d)
    write(os.path.join(d, "prefill.ipynb"), notebook(answers=ANSWERS))
    r = ctx.grade(os.path.join(d, "prefill.ipynb"))
    err = graded(r)
    if err:
        return False, err
    return rep_of(r).get("score") == FULL, f"total {rep_of(r).get('score')}"


def ctl_working(ctx):
    a = answers_toml(flops="1.4e13 (2 × 7e9 × 1000)", seconds="0.28 s (1.4e13 / 5e13)", pairs="10 (4 × 5 / 2)",
                     quiz="B, because each position needs the earlier ones")
    r = ctx.grade(sub_folder(ctx, answers=a))
    err = graded(r)
    if err:
        return False, err
    bad = [t for t in HAND_TASKS if tscore(rep_of(r), t) != 1.0]
    return not bad, "hand tasks " + " ".join(f"{t}={tscore(rep_of(r), t)}" for t in HAND_TASKS)


def ctl_canvas(ctx):
    d = ctx.path("class")
    os.makedirs(d)
    write(os.path.join(d, "smith_1101_50001_prefill.py"), module())
    write(os.path.join(d, "smith_1101_50002_answers.toml"), ctx.answers_for("1101"))
    write(os.path.join(d, "jones_1102_50003_prefill.py"), STUB_MODULE)
    r = ctx.batch(d)
    s, j = csv_row(r.extra["rows"], "1101"), csv_row(r.extra["rows"], "1102")
    if len(s) != 1 or len(j) != 1:
        return False, f"rows: smith {len(s)}, jones {len(j)} (exit {r.rc})"
    return row_total(s[0]) == FULL and row_total(j[0]) == 0.0, f"smith {row_total(s[0])}, jones {row_total(j[0])}"


def ctl_repo_venv(ctx):
    root = ctx.path("repo")
    many_files(root, os.path.join("venv", "lib", "python3.11", "site-packages"), 40)
    write(os.path.join(root, "README.md"), "# course\n")
    folder(os.path.join(root, "exercises", "prefill"), module(), answers_toml())
    r = ctx.grade(root)
    err = graded(r)
    if err:
        return False, err
    return rep_of(r).get("score") == FULL, f"total {rep_of(r).get('score')}"


def ctl_gradescope(ctx):
    r = ctx.gradescope(lambda d: folder(d, module(), answers_toml()))
    res = r.extra.get("results")
    if res is None:
        return False, f"no results.json (exit {r.rc})"
    return float(res.get("score", -1)) == FULL, f"results.json score {res.get('score')}"


def ctl_keep_newest(ctx):
    d = ctx.path("class")
    os.makedirs(d)
    now = time.time()
    write(os.path.join(d, "omar.py"), STUB_MODULE)
    set_mtime(os.path.join(d, "omar.py"), now - 3600)
    zip_of(os.path.join(d, "omar.zip"), {"prefill.py": module(), "answers.toml": ctx.answers_for("omar")})
    r = ctx.batch(d, "--keep", "newest")
    h = csv_row(r.extra["rows"], "omar")
    if len(h) != 1:
        return False, f"{len(h)} rows for omar"
    return row_total(h[0]) == FULL, f"omar {row_total(h[0])} (the newer zip is the finished work)"


C0 = [
    Case("c1", 0, "correct module and answers", ctl_module),
    Case("c2", 0, "correct notebook with ANSWERS cell", ctl_notebook),
    Case("c3", 0, "right answers with working in brackets, quiz with a reason", ctl_working),
    Case("c4", 0, "honest Canvas export: two students", ctl_canvas),
    Case("c5", 0, "course repository with a small venv/, work in exercises/prefill/", ctl_repo_venv),
    Case("c6", 0, "Gradescope: correct module and answers", ctl_gradescope),
    Case("c7", 0, "--keep newest: a newer zip of finished work beats an older stub", ctl_keep_newest),
]

CASES = C0 + C1 + C2 + C3 + C4 + C5 + C6 + C7 + C8 + C9
assert len({c.id for c in CASES}) == len(CASES)
