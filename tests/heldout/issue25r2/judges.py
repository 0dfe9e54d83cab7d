"""The battery's registry and its judgements. A judgement reads only what the grader shows outside (its
exit status, the --format json report, stdout/stderr, Gradescope's results.json, the batch CSV, wall
time and the peak memory of its process tree) and returns (held, reason)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import subs as S

TIMEOUT = 240.0


@dataclass
class Case:
    id: str
    cls: str
    what: str
    build: Callable
    play: tuple
    judge: Callable
    why: str = ""
    timeout: float = TIMEOUT


CASES: list[Case] = []


def case(id, cls, what, build, play, judge, why="", timeout=TIMEOUT):
    CASES.append(Case(id, cls, what, build, play, judge, why, timeout))


# --- judgement helpers (all read only what the grader shows outside) -----------------------------

def task(o, tid):
    for t in (o.report or {}).get("tasks", []):
        if t.get("id") == tid:
            return float(t.get("score", 0)), float(t.get("max_score", 0)), t
    return None, None, None


def sane(o, allow=(0,)):
    """A grade was given as the docs promise: allowed exit status, a report, no traceback."""
    if o.run.timed_out:
        return f"timed out after {o.run.wall:.0f}s"
    if o.run.rc not in allow:
        return f"exit {o.run.rc}: {last_line(o.run.stderr)}"
    if "Traceback (most recent call last)" in o.run.stderr + o.run.stdout:
        return "a traceback reached the output"
    if o.report is None and 0 in allow and o.run.rc == 0:
        return "no JSON report written"
    return None


def last_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return (lines[-1][:120] if lines else "(no stderr)")


def score_below_full(tid, why=""):
    def j(o):
        bad = sane(o)
        if bad:
            return False, bad
        s, m, _ = task(o, tid)
        if s is None:
            return False, f"no task {tid} in the report"
        return (s < m), f"{tid} {s:g}/{m:g} {why}".strip()
    return j


def score_zero(tid, why=""):
    def j(o):
        bad = sane(o)
        if bad:
            return False, bad
        s, m, _ = task(o, tid)
        if s is None:
            return False, f"no task {tid} in the report"
        return (s == 0), f"{tid} {s:g}/{m:g} {why}".strip()
    return j


def score_full(*tids, allow=(0,)):
    def j(o):
        bad = sane(o, allow)
        if bad:
            return False, bad
        got = []
        for tid in tids:
            s, m, _ = task(o, tid)
            if s is None or s < m:
                return False, f"{tid} {s}/{m}"
            got.append(tid)
        return True, "full on " + ",".join(got)
    return j


def total_full(o, why=""):
    bad = sane(o)
    if bad:
        return False, bad
    r = o.report
    return (r["score"] == r["max_score"]), f"total {r['score']:g}/{r['max_score']:g} {why}".strip()


def bounded(wall, peak_mb, inner=None, allow=(0,)):
    """The amplification judgement: within wall seconds and peak MB of the grader's whole tree, a
    report written (not a grader fault), then `inner` if given."""
    def j(o):
        if o.run.wall > wall:
            return False, f"wall {o.run.wall:.1f}s > {wall}s"
        if o.run.peak_mb > peak_mb:
            return False, f"peak {o.run.peak_mb:.0f}MB > {peak_mb}MB"
        bad = sane(o, allow)
        if bad:
            return False, bad
        if inner is not None:
            return inner(o)
        return True, f"within {wall}s/{peak_mb}MB"
    return j


CODE_MAX = 13.0  # prefill_flops 2 + prefill_seconds 3 + causal_pairs 2 + causal_mask 3 + pms 3 (from a control's report)


def norm_id(s: str) -> str:
    """How a person reads an id: invisible format characters dropped, NFKC, case folded."""
    import unicodedata
    s = "".join(c for c in s if unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", s).casefold().split())


def row_for(o, key):
    """CSV rows whose student column, read as a person reads it, contains key."""
    return [r for r in o.rows if key in norm_id(r[o.id_col])]


def row_judge(key, tasks, status="graded"):
    def j(o):
        if o.run.timed_out or o.run.rc not in (0, 1):
            return False, f"batch exit {o.run.rc}"
        rows = row_for(o, key)
        if len(rows) != 1:
            return False, f"{len(rows)} rows for {key}"
        r = rows[0]
        if r.get("status") != status:
            return False, f"{key}: {r.get('status')} ({r.get('note', '')[:80]})"
        for t in tasks:
            try:
                ok = float(r.get(t) or 0) >= _max(t)
            except ValueError:
                ok = False
            if not ok:
                return False, f"{key}: {t} = {r.get(t)!r}"
        return True, f"{key} {status}, full on {len(tasks)} tasks"
    return j


MAXES = {"prefill_flops": 2, "prefill_seconds": 3, "causal_pairs": 2, "causal_mask": 3,
         "prefill_matches_sequential": 3, "hand_flops": 1, "hand_seconds": 1, "hand_pairs": 1, "quiz": 1}


def _max(t):
    return MAXES[t]


ALL = list(MAXES)
CODE = S.CODE_TASKS
HAND = S.HAND_TASKS


def played(judge):
    """A class-5 case is judged only if its file really changed while the first batch ran."""
    def j(o):
        if not o.extra.get("swapped"):
            return False, "HARNESS: the file was never changed during the first batch (case not played)"
        return judge(o)
    return j



def results_score(expected: float):
    """Gradescope: results.json written, with this score."""
    def j(o):
        if o.results is None:
            return False, f"no results.json (exit {o.run.rc}: {last_line(o.run.stderr + o.run.stdout)})"
        return float(o.results.get("score", -1)) == expected, f"results.json score {o.results.get('score')}"
    return j
