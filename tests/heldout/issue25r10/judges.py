"""Judgements from what the grader shows outside: exit status, the JSON report (scores, flags,
check names, visibility, messages), the text report, stderr, results.json, the batch CSV, wall
time and peak memory. Never exact wording.

Each judge returns (held: bool, reason: str). "Held" means the grader refused credit for the
gamed thing, or gave a clear, bounded, non-leaking outcome.
"""
from __future__ import annotations

import re

CODE_TASKS = ["prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask",
              "prefill_matches_sequential"]


def task(rep: dict | None, tid: str) -> dict:
    for t in (rep or {}).get("tasks", []):
        if t.get("id") == tid:
            return t
    return {}


def score(rep, tid) -> float:
    return float(task(rep, tid).get("score") or 0.0)


def maxs(rep, tid) -> float:
    return float(task(rep, tid).get("max_score") or 0.0)


def checks(rep, tid) -> list[dict]:
    return task(rep, tid).get("checks", [])


def code_total(rep) -> float:
    return sum(score(rep, t) for t in CODE_TASKS)


def reported(run) -> tuple[bool, str]:
    """A run that ended on its own with a report and no grader fault."""
    if run.extra.get("mem_killed"):
        return False, f"killed by the harness at {run.peak_mb:.0f} MB (memory cap)"
    if run.timed_out:
        return False, f"timed out after {run.wall:.0f}s"
    if run.rc == 3:
        return False, "exit 3 (grader's fault): " + last_line(run.stderr)
    if "Traceback (most recent call last)" in run.stderr:
        return False, "traceback on stderr"
    return True, ""


def graded(run) -> tuple[bool, str]:
    ok, why = reported(run)
    if not ok:
        return ok, why
    if run.rc != 0 or not run.extra.get("report"):
        return False, f"exit {run.rc}, no report: " + last_line(run.stderr)
    return True, ""


def last_line(s: str) -> str:
    lines = [ln for ln in s.strip().splitlines() if ln.strip()]
    return lines[-1][:160] if lines else ""


def bounded(run, wall: float, mb: float) -> tuple[bool, str]:
    if run.peak_mb > mb:
        return False, f"peak {run.peak_mb:.0f} MB > {mb:.0f} MB" + (" (killed)" if run.extra.get("mem_killed") else "")
    if run.timed_out or run.wall > wall:
        return False, f"{run.wall:.1f}s > {wall:.0f}s"
    if run.peak_mb > mb:
        return False, f"peak {run.peak_mb:.0f} MB > {mb:.0f} MB"
    return True, f"{run.wall:.1f}s, {run.peak_mb:.0f} MB"


def all_text(run) -> str:
    return "\n".join([run.stdout, run.stderr, run.extra.get("report_text", "")])


ZQ = re.compile(r"zq_[A-Za-z0-9_]+")


def zq_leaks(run) -> set[str]:
    """zq_ tokens in anything the student sees that no visible check's message also shows."""
    rep = run.extra.get("report") or {}
    visible = set()
    for t in rep.get("tasks", []):
        for c in t.get("checks", []):
            if c.get("visibility") == "visible":
                visible |= set(ZQ.findall(str(c.get("message") or "")))
                visible |= set(ZQ.findall(str(c)))
    seen = set(ZQ.findall(all_text(run)))
    # a token cut by the text report's line wrapping is allowed when it begins a visible one
    return {t for t in seen - visible if not any(v.startswith(t) for v in visible)}


def not_started_but_full(rep) -> list[str]:
    """Tasks scoring full marks yet flagged (or told) not implemented."""
    bad = []
    for t in (rep or {}).get("tasks", []):
        if t.get("id") not in CODE_TASKS:
            continue
        full = t.get("max_score") and t.get("score") == t.get("max_score")
        told = t.get("not_started") or "not implemented" in (t.get("feedback") or "").lower()
        if full and told:
            bad.append(t["id"])
    return bad


def row(rows: list[dict], student_part: str) -> list[dict]:
    return [r for r in rows if student_part in (r.get("student") or "")]


def total(r: dict) -> float | None:
    try:
        return float(r.get("total") or "")
    except ValueError:
        return None


def stderr_clean(run, engine) -> tuple[bool, str]:
    e = run.stderr
    for bad in ("Warning", str(engine), "site-packages", "/suites/", "Traceback"):
        if bad in e:
            return False, f"stderr shows {bad!r}: " + e.strip().splitlines()[0][:120]
    return True, ""


def told_not_implemented_but_scored(rep) -> list[str]:
    """Code tasks that earned points yet are flagged (or told) not implemented: a stub earns
    nothing, so a task with points is implemented, whatever its score."""
    bad = []
    for t in (rep or {}).get("tasks", []):
        if t.get("id") not in CODE_TASKS:
            continue
        told = t.get("not_started") or "not implemented" in (t.get("feedback") or "").lower()
        if (t.get("score") or 0) > 0 and told:
            bad.append(t["id"])
    return bad


def no_fault(run) -> tuple[bool, str]:
    """Ended on its own, no grader fault (exit 3), no traceback; exit 0, 1 or 2."""
    ok, why = reported(run)
    if not ok:
        return ok, why
    sc = (run.extra.get("report") or {}).get("score")
    return run.rc in (0, 1, 2), f"exit {run.rc}, score {sc}"
