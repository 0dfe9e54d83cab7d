"""Helpers the case modules share: a case built from a module (mod_case), from a folder layout
(grade_case), bounded runs (p_bounded_no_fault), local checks of our own attack code (load,
run_local). Copied from round 9 (itself round 8, round 7's, round 6's helpers).

Bounds (the grader's whole process tree, sampled every 50 ms), derived from the documented limits
as in round 5: docs/security.md (call_seconds, import_seconds 10, submission_seconds 60 set in the
manifest; a returned value over 32 MiB or a JSON document over 1 MiB refused unread; warnings never
printed), docs/ci.md (the search bounded to 5 s), docs/class.md (50 MiB, 1000 files): a module case
60 s and 700 MB; an answers-file case 20 s and 400 MB; a notebook case 150 s and 900 MB (a kernel
and restarts: import_seconds per cell, submission_seconds for all). An honest module grade takes
~1 s and ~100 MB here, a notebook ~2-4 s and ~180 MB.
"""
from __future__ import annotations

import subprocess
import sys
import tomllib

import judges as J
import subs as S
from cases import Case

CODE_BOUND = (60.0, 700.0)
ANS_BOUND = (20.0, 400.0)
NB_BOUND = (150.0, 900.0)
HAND = ("hand_flops", "hand_seconds", "hand_pairs", "quiz")


def load(src: str) -> dict:
    """Exec a module's source locally (our own attack code only) to verify it does what it says."""
    ns: dict = {"__name__": "prefill"}
    exec(compile(src, "<attack>", "exec"), ns)
    return ns


def run_local(src: str, tail: str, timeout: float = 60) -> str:
    """Our own attack module, exec'd in a fresh Python, then `tail`: what it does locally."""
    r = subprocess.run([sys.executable, "-c", src + "\n" + tail], capture_output=True, text=True,
                       timeout=timeout)
    return (r.stdout + r.stderr).strip()


def raises(f, *a, exc=ValueError) -> bool:
    try:
        f(*a)
    except exc:
        return True
    return False


def mod_case(cid, cls, what, replace, judge, verify=None, ans=None, timeout=240.0, src=None):
    """A folder of prefill.py (correct but for `replace`, or `src`) and answers.toml."""
    src = src if src is not None else S.module(replace)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, ans if ans is not None else S.answers()), "src": src}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        return (ok, why) if not ok else judge(r.extra["report"])

    def ver(st):
        return verify(load(st["src"])) if verify else (True, "parses")
    return Case(cid, cls, what, build, play, ver, timeout)


def grade_case(cid, cls, what, make, judge, verify, *args, timeout=240.0):
    """A submission made by make(sub) -> path, graded with `args`, judged on the whole run."""
    def build(tmp):
        return {"sub": make(tmp / "sub"), "tmp_root": tmp}

    def play(ctx, st):
        return judge(ctx.grade(st["sub"], *args))
    return Case(cid, cls, what, build, play, lambda st: verify(st), timeout)


def j_total(want):
    def j(rep):
        return rep["score"] == want, f"score {rep['score']}/{rep['max_score']}"
    return j


def j_not_full(tid):
    def j(rep):
        s, m = J.score(rep, tid), J.maxs(rep, tid)
        return s < m, f"{tid} {s}/{m}"
    return j


def j_run17(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    return r.extra["report"]["score"] == 17.0, f"score {r.extra['report']['score']}"


def j_17_or_refused(r):
    """17, or a clean refusal (exit 2 without a report); never exit 3, a traceback or a hang."""
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    sc = (r.extra.get("report") or {}).get("score")
    return sc == 17.0 or (r.rc == 2 and sc is None), f"exit {r.rc}, score {sc}"


def p_bounded_no_fault(bound, *args, audience="student"):
    def p(ctx, st):
        r = ctx.grade(st["sub"], *args, audience=audience, timeout=bound[0] + 30)
        ok, why = J.bounded(r, *bound)
        if not ok:
            return ok, why
        ok2, why2 = J.no_fault(r)
        return ok2, f"{why}; {why2}"
    return p


def toml_ok(text: str) -> tuple[bool, str]:
    try:
        d = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError) as e:
        return False, f"TOML refuses it: {type(e).__name__}: {str(e)[:80]}"
    return True, f"TOML keys {list(d)[:6]}"
