"""The battery's cases as data: id, class (1-9 of issue 25, or "control"), what it is, how it is built
(a function of the case's empty folder), how it is played through the grader's public command line
(`grade`, `batch`, `gradescope`, `variant` or a custom sequence) and the judgement (a function of what
the grader showed the outside, returning (held, reason)). Every judgement follows docs/ or the issue's
"What to build"; where they are silent the reason says what a student or instructor would expect."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import subs as S
from subs import answers_toml, folder, make_zip, module, notebook, write, write_notebook

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


# =========================== class 1: checks that can be gamed ===================================

def _sub(overrides=None, answers=None, head="import numpy as np\n", tail=""):
    def b(d: Path):
        folder(d / "sub", module(overrides, head=head, tail=tail), answers_toml(answers))
    return b


case("1a-pms-constant-true", "1", "prefill_matches_sequential returns True without looking at X or W",
     _sub({"prefill_matches_sequential": "\ndef prefill_matches_sequential(X, W):\n    return True\n"}),
     ("grade", "sub"), score_below_full("prefill_matches_sequential"),
     "What to build: a check asking for True also asks on fitting inputs where the answer is False")

case("1b-pms-finite-inputs-only", "1",
     "prefill_matches_sequential answers 'are X and W free of NaN/inf' and never forms X @ W or a running sum",
     _sub({"prefill_matches_sequential": "\ndef prefill_matches_sequential(X, W):\n"
           "    return bool(np.isfinite(X).all() and np.isfinite(W).all())\n"}),
     ("grade", "sub"), score_below_full("prefill_matches_sequential"),
     "no credit without the computation: finite fitting inputs exist whose right answer is False (rows of X "
     "@ W reaching +inf then -inf down a column make both running sums NaN, so they do not agree)")

case("1c-seconds-utilization-whitelist", "1",
     "prefill_seconds accepts only a short list of 'usual' utilizations (0.25, 0.5, 0.75, 0.8, 1) and raises ValueError for every other one",
     _sub({"prefill_seconds": '''
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization not in (0.25, 0.5, 0.75, 0.8, 1, 1.0):
        raise ValueError("bad utilization")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}), ("grade", "sub"), score_below_full("prefill_seconds"),
     "README: utilization must be in (0, 1]; refusing 0.37 is wrong, probes the student can see must not be the only ones")

case("1d-seconds-always-raises", "1", "prefill_seconds raises ValueError for every input and computes nothing",
     _sub({"prefill_seconds": '''
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    raise ValueError("utilization must be in (0, 1]")
'''}), ("grade", "sub"), score_zero("prefill_seconds"),
     "no credit without the computation: a rejection check passes only a function that also accepts valid input "
     "(an instructor would give a function that never returns a number nothing)")


VALIDATE = "    if not (utilization > 0 and utilization <= 1):\n        raise ValueError('utilization must be in (0, 1]')\n"


def _ecf(flops_value, seconds_value):
    """Both functions are placeholders that agree with each other: prefill_flops returns a value no
    person could mean and prefill_seconds returns what dividing it by the rate gives (and refuses bad
    utilizations, as the README asks). The baseline has the same prefill_flops and a prefill_seconds
    that refuses alike but returns a constant 123.0: whatever more the attack earns on prefill_seconds
    is error-carried-forward credit for a placeholder."""
    sig = "\ndef prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n" + VALIDATE
    att = {"prefill_flops": f"\ndef prefill_flops(N, P):\n    return {flops_value}  # TODO\n",
           "prefill_seconds": sig + f"    return {seconds_value}  # TODO\n"}
    base = dict(att, prefill_seconds=sig + "    return 123.0\n")

    def b(d: Path):
        folder(d / "sub", module(att), answers_toml())
        folder(d / "base", module(base), answers_toml())
    return b


def _ecf_judge(o):
    bad = sane(o)
    if bad:
        return False, bad
    s, m, _ = task(o, "prefill_seconds")
    bs, _, _ = task(o.extra["base"], "prefill_seconds")
    if s is None or bs is None:
        return False, "prefill_seconds missing from a report"
    return (s <= bs), f"prefill_seconds {s:g}/{m:g} vs {bs:g} without any carried-forward credit"


ECF_WHY = "What to build: error-carried-forward credit only for an upstream value a person could have meant"
case("1e-ecf-negative-zero", "1", "prefill_flops and prefill_seconds both return -0.0 (0 in disguise; -0.0 / rate is -0.0)",
     _ecf("-0.0", "-0.0"), ("grade2", "sub", "base"), _ecf_judge, ECF_WHY + " (not 0: -0.0 == 0)")
case("1f-ecf-minus-inf", "1", "prefill_flops and prefill_seconds both return float('-inf') (-inf / rate is -inf)",
     _ecf("float('-inf')", "float('-inf')"), ("grade2", "sub", "base"), _ecf_judge, ECF_WHY + " (not inf, of either sign)")
case("1g-ecf-subnormal", "1", "prefill_flops returns 1e-320 and prefill_seconds 0.0 (1e-320 / 5e13 underflows to 0.0)",
     _ecf("1e-320", "0.0"), ("grade2", "sub", "base"), _ecf_judge, ECF_WHY + " (1e-320 FLOPs is a placeholder, and 0 s follows only by underflow)")

case("1h-pairs-lookup-table", "1", "causal_pairs looks up the lesson's printed counts (1..5 and 1000 tokens) and returns 0 otherwise",
     _sub({"causal_pairs": "\n_T = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 1000: 500500}\n\ndef causal_pairs(P):\n    return _T.get(P, 0)\n"}),
     ("grade", "sub"), score_below_full("causal_pairs"),
     "probes a student can see are not the only ones that decide")


# ================= class 2: answers that say another thing than the grader reads ==================

def _ans(**values):
    def b(d: Path):
        folder(d / "sub", module(), answers_toml(values))
    return b


for cid, text, why in [
    ("2a-quiz-slash", "B/A", "two choices with a slash: ambiguous, refused"),
    ("2b-quiz-rule-out", "I rule out B, so: A", "rules out B and answers A: must not be graded B"),
    ("2c-quiz-text-vs-letter", "Definitely not B. Yes.", "says Yes (A); B only negated: must not be graded B"),
    ("2d-quiz-two-lines", "B\nA", "one choice per line: two answers, refused"),
    ("2e-quiz-key-says", "A (the answer key says B)", "answers A and quotes another choice: must not be graded B"),
]:
    case(cid, "2", f"quiz = {text!r}", _ans(quiz=text), ("grade", "sub"), score_zero("quiz", "(B is right; the text does not answer B alone)"),
         "students.md: an answer that also names another choice, or doubts/rules out its choice, is refused; " + why)

case("2f-working-before-eq-wrong", "2", "flops = '2 × 7e9 × 100 = 1.4e13' (the working gives 1.4e12)",
     _ans(flops="2 × 7e9 × 100 = 1.4e13"), ("grade", "sub"), score_zero("hand_flops"),
     "students.md: a working that gives another number is refused")
case("2g-working-bracket-wrong", "2", "seconds = '0.28 s (1.4e13 / 5e12)' (the working gives 2.8)",
     _ans(seconds="0.28 s (1.4e13 / 5e12)"), ("grade", "sub"), score_zero("hand_seconds"),
     "students.md: each working is worked out and must come to its result")
case("2h-first-of-two-brackets-wrong", "2", "pairs = '10 (4 + 3 + 2) (4 + 3 + 2 + 1)' (the first working gives 9)",
     _ans(pairs="10 (4 + 3 + 2) (4 + 3 + 2 + 1)"), ("grade", "sub"), score_zero("hand_pairs"),
     "students.md: brackets once or several times, each must come to its result")
case("2i-working-after-eq-wrong", "2", "pairs = '10 = 4 × 3' (a working after = that gives 12)",
     _ans(pairs="10 = 4 × 3"), ("grade", "sub"), score_zero("hand_pairs"),
     "issue: a working is checked wherever it stands; 10 = 12 contradicts itself")
case("2j-honest-ms-working", "2", "honest: seconds = '280 ms (14e12 / 50e12 × 1000)' (working in the result's unit)",
     _ans(seconds="280 ms (14e12 / 50e12 × 1000)"), ("grade", "sub"), score_full("hand_seconds"),
     "students.md: a working in the result's own unit is accepted")
case("2k-honest-power-working", "2", "honest: flops = '1.4 × 10^13 (2 × 7 × 10^9 × 10^3)'",
     _ans(flops="1.4 × 10^13 (2 × 7 × 10^9 × 10^3)"), ("grade", "sub"), score_full("hand_flops"),
     "students.md: 1.4 × 10^13 is an accepted form and its bracketed working comes to it")


# ======================= class 3: the work is where the student put it ===========================

def _repo(d: Path) -> Path:
    """A course repository as a student's GitHub hand-in: README, a fake .git, latency stubs."""
    r = d / "repo"
    write(r / "README.md", "# my course work\n")
    write(r / ".git" / "HEAD", "ref: refs/heads/main\n")
    write(r / "exercises" / "latency" / "README.md", "latency stubs\n")
    return r


def b3a(d):
    r = _repo(d)
    folder(r, S.STUB_MODULE, answers_toml({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    folder(r / "hw" / "lesson2", module(), answers_toml())


case("3a-stub-top-work-in-hw", "3", "untouched stub prefill.py + empty answers at the top, the finished work in hw/lesson2/",
     b3a, ("grade", "repo"), total_full,
     "ci.md: of the places holding the files, the one showing the most work is graded; a stray template never hides the work")


def b3b(d):
    r = _repo(d)
    env = r / "aaa_env"
    write(env / "pyvenv.cfg", "home = /usr/bin\n")
    for i in range(3000):
        write(env / "lib" / "python3.11" / "site-packages" / f"pkg{i // 100}" / f"m{i}.py", "x = 1\n")
    folder(env / "lib" / "python3.11" / "site-packages" / "prefill", S.STUB_MODULE)
    folder(r / "exercises" / "prefill", module(), answers_toml())


case("3b-venv-named-otherwise", "3", "a virtual environment named aaa_env/ (pyvenv.cfg, 3000 files, a stub prefill.py inside) before the finished exercises/prefill/",
     b3b, ("grade", "repo"), bounded(60, 2048, total_full),
     "ci.md: any folder holding pyvenv.cfg is not searched; the search is bounded in time, not in files")


def b3c(d):
    r = _repo(d)
    for i in range(6000):
        write(r / "data" / f"run{i // 500:02d}" / f"sample_{i:05d}.csv", "a,b\n1,2\n")
    folder(r / "zzz" / "prefill_work", module(), answers_toml())


case("3c-many-data-files", "3", "6000 small data files in data/ (not a venv) and the finished work in zzz/prefill_work/",
     b3c, ("grade", "repo"), bounded(60, 2048, total_full),
     "ci.md: the search is bounded in time (5 s) and bytes of names, not in files; 6000 short names are far inside both")


def b3d(d):
    write_notebook(d / "sub" / "Prefill.ipynb", notebook())


def j3d(o):
    if o.run.rc == 0 and o.report and o.report["score"] == o.report["max_score"]:
        return True, "graded in full"
    named = "Prefill.ipynb" in (o.run.stderr + o.run.stdout + json.dumps(o.report or {}))
    return named and o.run.rc in (0, 2), f"exit {o.run.rc}; the outcome {'names' if named else 'does not name'} Prefill.ipynb"


case("3d-notebook-name-case", "3", "the only file is Prefill.ipynb (saved on macOS with a capital)",
     b3d, ("grade", "sub"), j3d,
     "docs are silent on a notebook's case: held if graded, or refused naming the file it found (issue: say what was found)")


def b3e(d):
    write(d / "sub" / "prefill.py.txt", module())
    write(d / "sub" / "answers.toml.txt", answers_toml())


def j3e(o):
    if o.run.rc == 0 and o.report and o.report["score"] == o.report["max_score"]:
        return True, "graded in full"
    text = o.run.stderr + o.run.stdout + json.dumps(o.report or {})
    named = "prefill.py.txt" in text
    ok = named and "Traceback" not in text and o.run.rc in (0, 2)
    return ok, f"exit {o.run.rc}; {'names' if named else 'does not name'} prefill.py.txt"


case("3e-windows-hidden-extension", "3", "prefill.py.txt and answers.toml.txt (Windows hid the real extension)",
     b3e, ("grade", "sub"), j3e, "ci.md: when nothing fits, the refusal says what it found")


def b3f(d):
    r = _repo(d)
    folder(r, module({n: S.STUB[n] for n in S.ORDER if n != "prefill_flops"}))
    folder(r / "exercises" / "prefill", module(), answers_toml())


case("3f-half-work-top-full-work-exercises", "3", "a top-level prefill.py with one function done, the whole work (5 functions and answers) in exercises/prefill/",
     b3f, ("grade", "repo"), total_full, "ci.md: the place showing the most work is graded")


def b3g(d):
    r = _repo(d)
    os.symlink(".", r / "loop")
    os.symlink("/", r / "rootlink")
    folder(r / "exercises" / "prefill", module(), answers_toml())


case("3g-symlink-loops", "3", "a repository with a link to itself and a link to / beside exercises/prefill/",
     b3g, ("grade", "repo"), bounded(60, 2048, total_full), "ci.md: links are never followed")


def b3i(d):
    r = d / "gs_sub"
    write(r / "README.md", "# course work\n")
    folder(r, S.STUB_MODULE, answers_toml({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    for i in range(1500):
        write(r / "venv" / "lib" / "python3.11" / "site-packages" / f"p{i // 100}" / f"m{i}.py", "x = 1\n")
    write(r / "venv" / "pyvenv.cfg", "home = /usr/bin\n")
    folder(r / "exercises" / "prefill", module(), answers_toml())


def j3i(o):
    if o.results is None:
        return False, f"no results.json (exit {o.run.rc}: {last_line(o.run.stderr + o.run.stdout)})"
    return float(o.results.get("score", -1)) == 17.0, f"results.json score {o.results.get('score')}"


case("3i-gradescope-repo-upload", "3", "Gradescope: a GitHub repository upload (template at the top, venv/ of 1500 files, the work in exercises/prefill/)",
     b3i, ("gradescope", "gs_sub"), j3i,
     "ci.md + deployments.md: the same search runs in run_autograder; a stray template never hides the work")


def b3h(d):
    r = _repo(d)
    deep = r
    for i in range(20):
        deep = deep / f"level{i}"
    folder(deep, module(), answers_toml())


case("3h-deep-folder", "3", "the finished work 20 folders deep (inside the 32-level limit)",
     b3h, ("grade", "repo"), total_full, "class.md: folders 32 levels deep are within limits; ci.md: every folder below is searched")


# ============================== class 4: class exports read wrong ================================

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

WRONG = {
    "prefill_flops": "\ndef prefill_flops(N, P):\n    return N * P\n",
    "prefill_seconds": "\ndef prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n    return 1.0\n",
    "causal_pairs": "\ndef causal_pairs(P):\n    return P * P\n",
    "causal_mask": "\ndef causal_mask(P):\n    return np.ones((P, P), dtype=bool)\n",
    "prefill_matches_sequential": "\ndef prefill_matches_sequential(X, W):\n    return False\n",
}
WRONG_MODULE = module(WRONG)


def old(path: Path, seconds=3600):
    t = time.time() - seconds
    os.utime(path, (t, t))


def b4a(d, ctx):
    c = d / "class"
    old(write(c / "alice.py", module()))
    write(c / "alice.txt", "I uploaded my notes by mistake\n")


case("4a-keep-newest-txt", "4", "--keep newest: an older correct alice.py and a newer alice.txt",
     b4a, ("batch", "class", ["--keep", "newest"]), row_judge("alice", CODE),
     "class.md: --keep newest grades the newest of those that can be graded; a .txt is refused, so alice.py is graded")


def b4b(d, ctx):
    c = d / "class"
    folder(c / "bob", module(), answers_toml(ctx.own("bob")))
    for p in (c / "bob").iterdir():
        old(p)
    old(c / "bob")
    make_zip(c / "bob.zip", {"__MACOSX/._prefill.py": b"\x00\x05\x16\x07junk", ".DS_Store": b"\x00\x00\x00\x01Bud1"})


case("4b-keep-newest-macos-junk-zip", "4", "--keep newest: an older bob/ folder, and a newer bob.zip holding only macOS junk (__MACOSX/._prefill.py, .DS_Store)",
     b4b, ("batch", "class", ["--keep", "newest"]), row_judge("bob", ALL),
     "class.md: a zip that holds no module, notebook or answers file is passed over for an older one that can be graded")


def b4c(d, ctx):
    c = d / "class"
    make_zip(c / "smith_12345_67890_submission.zip",
             {"submission/exercises/prefill/prefill.py": module(),
              "submission/exercises/prefill/answers.toml": answers_toml(ctx.own("12345"))})
    write(c / "smith_12345_67891_notes.txt", "see the zip\n")


case("4c-canvas-zip-of-repo", "4", "Canvas: one upload submission.zip holding exercises/prefill/ (and a notes.txt beside)",
     b4c, ("batch", "class", []), row_judge("12345", ALL),
     "class.md: a zip among a student's uploaded files is opened like any other entry; the id is the user id")


def b4d(d, ctx):
    c = d / "class"
    write(c / "jones_222_999_prefill.py", WRONG_MODULE)
    write(c / "jones_222_1000_prefill-1.py", module())
    write(c / "jones_222_1001_answers.toml", answers_toml(ctx.own("222")))


case("4d-canvas-file-id-numeric", "4", "Canvas: prefill.py with file id 999 (first, wrong) and prefill-1.py with file id 1000 (the re-upload, right)",
     b4d, ("batch", "class", []), row_judge("222", ALL),
     "class.md: the highest file id is the last upload; file ids are numbers (1000 > 999), not text")


def b4e(d, ctx):
    c = d / "class" / "Ana Lopez_4242_assignsubmission_file_"
    make_zip(c / "work.zip", {"prefill.py": module()})
    write(c / "answers.toml", answers_toml(ctx.own("4242")))


case("4e-moodle-zip-plus-answers", "4", "Moodle: a plugin folder holding work.zip (prefill.py) and answers.toml beside it",
     b4e, ("batch", "class", []), row_judge("4242", ALL),
     "class.md: a zip at the top of a Moodle folder is opened and merged with the files beside it")


def b4f(d, ctx):
    c = d / "class"
    stem = "hw2_al\u00adice_attempt_2025-10-01-10-00-00"
    write(c / f"{stem}_prefill.py", module())
    write(c / f"{stem}_answers.toml", answers_toml(ctx.own("alice")))
    write(c / f"{stem}.txt", "Name: Alice\nAssignment: hw2\n")


case("4f-blackboard-soft-hyphen", "4", "Blackboard: username al\\u00adice (a soft hyphen pasted from a web page); answers for alice's numbers",
     b4f, ("batch", "class", []), row_judge("alice", ALL),
     "class.md: every id is normalised the same way (invisible format characters removed), whatever layout")


def b4g(d, ctx):
    c = d / "class"
    folder(c / "Jose\u0301", module(), answers_toml(ctx.own("jos\u00e9")))


case("4g-nfd-folder-name", "4", "a folder named José in NFD (as macOS writes it); answers for josé's numbers",
     b4g, ("batch", "class", []), row_judge("jos\u00e9", ALL),
     "class.md/instructors.md: NFC, so josé typed on two systems is one student with one set of numbers")


def b4h(d, ctx):
    c = d / "class"
    folder(c / "carol", module(), answers_toml(ctx.own("carol")))
    write(c / "carol\u200d.py", WRONG_MODULE)


def j4h(o):
    if o.run.timed_out or o.run.rc not in (0, 1):
        return False, f"batch exit {o.run.rc}"
    # one student, refused as a conflict; the CSV may spell the row's id as it likes, so every row
    # naming carol counts, and none may hold a grade (neither merged nor one student counted twice)
    rows = row_for(o, "carol")
    st = [r.get("status") for r in rows]
    return (bool(rows) and all(x == "refused" for x in st)), f"carol rows: {st}"


case("4h-zwj-second-entry", "4", "carol/ and carol\\u200d.py (a zero-width joiner): two entries of one student",
     b4h, ("batch", "class", []), j4h,
     "class.md: two entries that come to one student are a conflict row, never a merged grade nor two students")


def b4i(d, ctx):
    c = d / "class"
    write_notebook(c / "erin.ipynb", notebook(answers=ctx.own("erin")))
    old(c / "erin.ipynb")
    write(c / "erin" / "README.md", "# my notes\nI worked in the notebook.\n")
    write(c / "erin" / "notes.txt", "todo\n")


case("4i-keep-newest-folder-of-notes", "4", "--keep newest: an older correct erin.ipynb and a newer erin/ folder of only a README and notes",
     b4i, ("batch", "class", ["--keep", "newest"]), row_judge("erin", ALL),
     "class.md: an entry that holds no module, notebook or answers file is passed over for an older one that can be graded")


# ====================== class 5: a file that changes while the batch runs ========================

def _class5(d, ctx, target_kind):
    c = d / "class"
    for i in range(1, 9):
        write(c / f"a{i:02d}.py", module(head="import time\nimport numpy as np\ntime.sleep(1.0)\n"))
    if target_kind == "answers":
        folder(c / "zed", module(), answers_toml({"flops": "2e9", "seconds": "9", "pairs": "3", "quiz": "A"}))
    elif target_kind == "py":
        write(c / "zed.py", module())


def _swap_play(ctx, d, swap, after):
    """Batch once, changing the target as soon as the first report is written (grading is under way),
    then `after()` and a second batch on the same gradebook (resume, no --regrade)."""
    done = {"swapped": False}
    reports = d / "reports"

    def during(elapsed, proc):
        if not done["swapped"] and ((reports.exists() and any(reports.iterdir())) or elapsed > 8):
            swap()
            done["swapped"] = True
    first = ctx.batch(d, "class", ["--jobs", "1"], during=during)
    after()
    second = ctx.batch(d, "class", ["--jobs", "1"])
    second.extra["first"] = first
    second.extra["swapped"] = done["swapped"]
    return second


def p5a(ctx, d):
    zed = d / "class" / "zed.py"
    return _swap_play(ctx, d, lambda: write(zed, WRONG_MODULE), lambda: write(zed, module()))


def p5b(ctx, d):
    zed = d / "class" / "zed.py"
    return _swap_play(ctx, d, lambda: write(zed, WRONG_MODULE), lambda: None)


def p5c(ctx, d):
    ans = d / "class" / "zed" / "answers.toml"
    return _swap_play(ctx, d, lambda: write(ans, answers_toml(ctx.own("zed"))), lambda: None)


def played(judge):
    """A class-5 case is judged only if its file really changed while the first batch ran."""
    def j(o):
        if not o.extra.get("swapped"):
            return False, "HARNESS: the file was never changed during the first batch (case not played)"
        return judge(o)
    return j


def j5b(o):
    if o.run.rc not in (0, 1):
        return False, f"batch exit {o.run.rc}"
    rows = row_for(o, "zed")
    if len(rows) != 1:
        return False, f"{len(rows)} rows for zed"
    code = sum(float(rows[0].get(t) or 0) for t in CODE)
    return code < CODE_MAX, f"zed's final code score {code:g}/{CODE_MAX:g} for the wrong file it now holds"


case("5a-swap-then-restore", "5", "zed.py right at the start, wrong while the batch runs, right again; rerun",
     lambda d, ctx: _class5(d, ctx, "py"), ("custom", p5a), played(row_judge("zed", CODE)),
     "class.md: hash and grade describe the same content, so after the rerun the right file has the right grade")
case("5b-swap-and-keep", "5", "zed.py right at the start, wrong while the batch runs and after; rerun",
     lambda d, ctx: _class5(d, ctx, "py"), ("custom", p5b), played(j5b),
     "class.md: the next run grades the change; a right grade must not stay on a wrong file")
case("5c-answers-swapped", "5", "zed/answers.toml wrong at the start, replaced by the right one mid-batch; rerun",
     lambda d, ctx: _class5(d, ctx, "answers"), ("custom", p5c), played(row_judge("zed", HAND)),
     "class.md: a wrong grade must not stay on a right file after the rerun")


def b5d(d, ctx):
    _class5(d, ctx, "none")
    make_zip(d / "class" / "zed.zip", {"zed/prefill.py": WRONG_MODULE,
                                        "zed/answers.toml": answers_toml(ctx.own("zed"))})


def p5d(ctx, d):
    z = d / "class" / "zed.zip"
    right = {"zed/prefill.py": module(), "zed/answers.toml": answers_toml(ctx.own("zed"))}
    return _swap_play(ctx, d, lambda: make_zip(z, right), lambda: None)


case("5d-zip-replaced", "5", "zed.zip (wrong functions) replaced mid-batch by a zip of the right ones; rerun",
     b5d, ("custom", p5d), played(row_judge("zed", ALL)),
     "class.md: a zip is copied and hashed as the rest; after the rerun the right zip has the right grade")

# ======================== class 6: faults a submission can force =================================

RAISE = "raise RuntimeError('this file should never be imported by the grader')\n"


def b6a(d):
    s = d / "sub"
    write_notebook(s / "prefill.ipynb", notebook())
    write(s / "docrepr" / "__init__.py", RAISE)
    write(s / "docrepr" / "sphinxify.py", RAISE)


def b6b(d):
    s = d / "sub"
    write_notebook(s / "prefill.ipynb", notebook())
    write(s / "psutil.py", "import os\nos._exit(0)\n")


case("6a-notebook-docrepr-package", "6", "a correct notebook with a docrepr/ package beside it that raises on import (IPython looks for it at start)",
     b6a, ("grade", "sub"), total_full,
     "security.md: nothing beside the notebook is imported before the first cell; the cells never import docrepr, so full marks")
case("6b-notebook-psutil-exits", "6", "a correct notebook with a psutil.py beside it that calls os._exit(0) on import",
     b6b, ("grade", "sub"), total_full, "security.md: the kernel imports nothing of the submission's folder")


def b6c(d):
    s = d / "gs_sub"
    write_notebook(s / "prefill.ipynb", notebook(stub=True))
    write(s / "psutil.py", RAISE)
    write(s / "ujson.py", RAISE)


def j6c(o):
    if o.results is None:
        return False, f"no results.json (exit {o.run.rc}: {last_line(o.run.stderr + o.run.stdout)})"
    return float(o.results.get("score", -1)) == 0, f"results.json score {o.results.get('score')}"


case("6c-gradescope-stub-notebook-psutil", "6", "Gradescope: an untouched stub notebook with psutil.py and ujson.py that raise on import",
     b6c, ("gradescope", "gs_sub"), j6c,
     "issue/deployments.md: a failure the submission's files cause is the submission's: results.json with its zero")


def b6d(d, ctx):
    s = d / "class" / "dave"
    write_notebook(s / "prefill.ipynb", notebook(answers=ctx.own("dave")))
    write(s / "docrepr" / "__init__.py", RAISE)
    write(s / "psutil.py", RAISE)


case("6d-batch-notebook-helpers", "6", "a batch entry: a correct notebook with docrepr/ and psutil.py that raise",
     b6d, ("batch", "class", []), row_judge("dave", ALL), "issue: never a failed row on every run; the notebook is correct")


def b6f(d):
    s = d / "sub"
    write_notebook(s / "prefill.ipynb", notebook())
    for name in ("sitecustomize.py", "usercustomize.py", "ipykernel_launcher.py", "ipython_config.py",
                 "jupyter_config.py"):
        write(s / name, "import os\nos._exit(7)\n")


case("6f-notebook-startup-files", "6", "a correct notebook beside sitecustomize.py, usercustomize.py, ipykernel_launcher.py, ipython_config.py and jupyter_config.py that exit at once",
     b6f, ("grade", "sub"), total_full,
     "security.md: the kernel starts in a private folder with nothing of the submission on sys.path")


def b6e(d):
    s = d / "sub"
    folder(s, module(), answers_toml())
    write(s / "conftest.py", "import os\nos._exit(3)\n")
    write(s / "pytest.ini", "[pytest]\naddopts = -p no:python --collect-only\n")
    write(s / "pyproject.toml", "[tool.pytest.ini_options]\naddopts = '-x --co'\n")
    write(s / "tox.ini", "[pytest]\naddopts = --co\n")
    write(s / "setup.cfg", "[tool:pytest]\naddopts = --co\n")
    write(s / "__init__.py", RAISE)
    write(s / "usercustomize.py", "import os\nos._exit(3)\n")
    write(s / "pytest_plugins.py", RAISE)


case("6e-pytest-config-and-customize", "6", "a correct module with conftest.py, pytest.ini, pyproject/tox/setup.cfg pytest options, __init__.py and usercustomize.py that sabotage",
     b6e, ("grade", "sub"), total_full, "security.md: configuration files and customize modules in the submission have no effect")


# =============== class 7: work the trusted process does for a submission, bounded? ===============
# Bounds: an honest grade takes ~1.5 s and its process tree stays well under 200 MB (controls). A
# submission's value may cost the grader some multiple of that, but the issue calls 973 MB for a
# 48 MB mask and 45 s for a 16 MB notebook failures; these cases allow 60 s (the lesson's own
# submission_seconds) and 700 MB unless the case says otherwise. Fewer than the 240 s default.

AMP_WALL, AMP_MB = 60, 700


def _amp(overrides=None, answers_text=None, head="import numpy as np\n"):
    def b(d: Path):
        folder(d / "sub", module(overrides, head=head),
               answers_text if answers_text is not None else answers_toml())
    return b


case("7a-mask-31MB", "7", "causal_mask returns a (5600, 5600) bool array (31.4 MB, under the 32 MiB transfer limit) for every P",
     _amp({"causal_mask": "\ndef causal_mask(P):\n    return np.ones((5600, 5600), dtype=bool)\n"}),
     ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_below_full("causal_mask")),
     "security.md: a value far bigger than the reference's answer is never given to the models, copied or kept", timeout=150)
case("7b-flops-3M-int8", "7", "prefill_flops returns np.ones(3_000_000, int8): 3M elements in 3 MB of raw bytes",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.ones(3_000_000, dtype=np.int8)\n"}),
     ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_below_full("prefill_flops")),
     "issue: sizes of returned values (elements, not only bytes) bounded before any diagnosis", timeout=150)
def _nested(depth):
    return {"prefill_flops": f"\ndef prefill_flops(N, P):\n    x = 1.0\n    for _ in range({depth}):\n        x = [x]\n    return x\n"}


case("7c-flops-nested-900", "7", "prefill_flops returns a list nested 900 deep: inside what the worker's own Python can encode, beyond what a reader deep in pytest's stack can decode or compare recursively",
     _amp(_nested(900)), ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_full("causal_mask", "causal_pairs")),
     "a value the trusted side must parse: depth is a size too; a grade (prefill_flops wrong, the rest graded), never a grader fault", timeout=150)
case("7j-flops-nested-100000", "7", "prefill_flops returns a list nested 100 000 deep ([[[...1.0...]]])",
     _amp(_nested(100_000)), ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_full("causal_mask", "causal_pairs")),
     "as 7c, far past any recursion limit", timeout=150)


def b7d(d):
    nb = notebook()
    blob = ("iVBORw0KGgo" + "A" * 1000 + "\n") * 27_000  # ~27 MB of base64 'image' in one stored output
    nb["cells"][3]["outputs"] = [{"output_type": "display_data", "metadata": {},
                                  "data": {"image/png": blob, "text/plain": ["<Figure>"]}}]
    nb["cells"][3]["execution_count"] = 1
    write_notebook(d / "sub" / "prefill.ipynb", nb)


case("7d-notebook-27MB-output", "7", "a correct notebook of ~28 MB (under 32 MB): one stored image output of 27 MB",
     b7d, ("grade", "sub"), bounded(40, AMP_MB, total_full),
     "students.md: stored outputs are ignored and graded; issue: parse each notebook once with a size budget", timeout=150)


def b7e(d):
    extra = "".join(f"note{i} = 1.4 × 10^13 flops, I think\n" for i in range(40_000))
    folder(d / "sub", module(), answers_toml(raw_lines=extra))


case("7e-answers-40k-loose-lines", "7", "answers.toml: the right answers, then 40 000 lines TOML refuses (1.5 MB of 'noteN = 1.4 × 10^13 flops')",
     b7e, ("grade", "sub"), bounded(30, AMP_MB, allow=(0, 2)),
     "issue: the answers reader linear on any input; a refusal of the file is a clear outcome too", timeout=120)


def b7f(d):
    folder(d / "sub", module(), answers_toml(raw_lines="deep = " + "[" * 60_000 + "]" * 60_000 + "\n"))


case("7f-answers-deep-array", "7", "answers.toml with an array nested 60 000 deep",
     b7f, ("grade", "sub"), bounded(30, AMP_MB, allow=(0, 2)),
     "the trusted reader must not recurse without bound: a grade or a refusal, never a grader fault", timeout=120)


SEGV = "    import ctypes\n    ctypes.string_at(0)\n"
case("7g-slow-import-segfaults", "7", "an 8 s import, then every function segfaults its worker (ctypes.string_at(0))",
     _amp({n: f"\ndef {n}{sig}:\n{SEGV}" for n, sig in [
         ("prefill_flops", "(N, P)"), ("prefill_seconds", "(N, P, flops_per_sec, utilization=1.0)"),
         ("causal_pairs", "(P)"), ("causal_mask", "(P)"), ("prefill_matches_sequential", "(X, W)")]},
          head="import time\nimport numpy as np\ntime.sleep(8)\n"),
     ("grade", "sub"), bounded(85, AMP_MB),
     "security.md: restarts charged before they run; 10 s import + 60 s submission + 15 s slack", timeout=200)
case("7h-flops-30MiB-float", "7", "prefill_flops returns np.zeros(4_000_000) (30.5 MiB of float64) for every call",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.zeros(4_000_000)\n"}),
     ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_below_full("prefill_flops")),
     "security.md: a value far bigger than the reference's is never given to the models; memory bounded", timeout=150)


def b7i(d):
    cells = [("code", f"v{i} = {i}\n") for i in range(20_000)]
    write_notebook(d / "sub" / "prefill.ipynb", notebook(extra_cells=cells))


case("7i-notebook-20k-cells", "7", "a correct notebook followed by 20 000 one-line cells",
     b7i, ("grade", "sub"), bounded(85, AMP_MB, allow=(0,)),
     "students.md: all cells together get submission_seconds (60 s); + import 10 s + 15 s slack", timeout=200)


# ======================== class 8: hidden inputs leaked through names ============================

TOKEN = re.compile(r"zq_[A-Za-z0-9_]+")
TOK = "    import re as _re\n    tok = 'zq_' + _re.sub(r'[^A-Za-z0-9]', '_', repr(({args},)))\n"


def _leaky(action):
    fns = {}
    for n, sig, args in [("prefill_flops", "(N, P)", "N, P"),
                         ("prefill_seconds", "(N, P, flops_per_sec, utilization=1.0)", "N, P, flops_per_sec, utilization"),
                         ("causal_pairs", "(P)", "P"), ("causal_mask", "(P)", "P")]:
        fns[n] = f"\ndef {n}{sig}:\n" + TOK.format(args=args) + action
    return _amp(fns)


def j8(o):
    bad = sane(o)
    if bad:
        return False, bad
    allowed = set()
    for t in o.report.get("tasks", []):
        for c in t.get("checks", []):
            if c.get("visibility") == "visible":
                allowed |= set(TOKEN.findall(json.dumps(c)))
    seen = set(TOKEN.findall(json.dumps(o.report) + o.run.stdout + o.run.stderr))
    leaked = seen - allowed
    return not leaked, (f"{len(leaked)} input-named tokens beyond visible checks" if leaked else
                        f"no token beyond the {len(allowed)} of visible checks")


LEAK_WHY = "ci.md/students.md: a secret check says only the property; a name from a hidden input is replaced by its class"
case("8a-attributeerror-name", "8", "each function does getattr(np, token-of-its-inputs): AttributeError naming the inputs",
     _leaky("    return getattr(np, tok)\n"), ("grade", "sub"), j8, LEAK_WHY)
case("8b-keyerror-name", "8", "each function looks its inputs' token up in an empty dict: KeyError quoting it",
     _leaky("    return {}[tok]\n"), ("grade", "sub"), j8, LEAK_WHY)
case("8c-return-the-token", "8", "each function returns its inputs' token as a string (a wrong type quoted back?)",
     _leaky("    return tok\n"), ("grade", "sub"), j8, LEAK_WHY + "; a returned value is the submission's text too")
case("8d-exception-class-name", "8", "each function raises an exception class whose name is its inputs' token",
     _leaky("    raise type(tok, (Exception,), {})(tok)\n"), ("grade", "sub"), j8,
     LEAK_WHY + "; security.md: exceptions come back as their nearest built-in type")

case("8e-valueerror-message", "8", "each function raises ValueError(token-of-its-inputs), valid utilizations included",
     _leaky("    raise ValueError(tok)\n"), ("grade", "sub"), j8,
     "issue: names and messages from a call on hidden inputs are replaced by their class")
case("8f-importerror-from-numpy", "8", "each function runs `from numpy import <token>`: an ImportError naming the token and numpy",
     _leaky("    exec(f'from numpy import {tok}')\n"), ("grade", "sub"), j8,
     LEAK_WHY + "; an ImportError of a module the grader has is still the submission's name")


# ================================ class 9: cosmetic, still wrong =================================

def j_quiet(o):
    bad = sane(o)
    if bad:
        return False, bad
    # stderr: no warning, no source line of the grader's files; stdout (the student's report): no
    # warning class and no path of the grading machine's installation or suites
    hits = [ln for ln in o.run.stderr.splitlines()
            if re.search(r"Warning\b|warnings\.warn|/site-packages/|/suites/|\.py:\d+", ln)]
    hits += [ln for ln in o.run.stdout.splitlines()
             if re.search(r"RuntimeWarning|/site-packages/|/suites/", ln)]
    return not hits, (f"{len(hits)} warning/path lines on the output" if hits else "no warning or path printed")


case("9a-float64-overflow", "9", "numeric functions return np.float64(1e308): models' arithmetic overflows",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.float64(1e308)\n",
           "prefill_seconds": "\ndef prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n    if not (0 < utilization <= 1):\n        raise ValueError('u')\n    return np.float64(-1e308)\n",
           "causal_pairs": "\ndef causal_pairs(P):\n    return np.float64(1e308)\n"}),
     ("grade", "sub"), j_quiet, "security.md: warnings raised on a student's value are never printed")
case("9b-float16-float32-overflow", "9", "causal_pairs returns np.float16(65504), prefill_flops np.float32(3e38): overflow in low precision",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.float32(3e38)\n",
           "causal_pairs": "\ndef causal_pairs(P):\n    return np.float16(65504)\n"}),
     ("grade", "sub"), j_quiet, "security.md: warnings raised on a student's value are never printed")


def j_stub_consistent(o):
    bad = sane(o)
    if bad:
        return False, bad
    notes = json.dumps(o.report.get("notes", []))
    for t in o.report.get("tasks", []):
        if t["id"] in CODE and t["score"] >= t["max_score"]:
            text = json.dumps([t.get("feedback"), t.get("diagnoses")])
            if re.search(r"not implemented|stub|template|still .?pass", text, re.IGNORECASE):
                return False, f"{t['id']} full yet its feedback calls it a stub"
            if re.search(rf"{t['id']}[^\"]{{0,80}}(not implemented|stub)", notes, re.IGNORECASE):
                return False, f"{t['id']} full yet a note calls it a stub"
    return True, f"total {o.report['score']:g}/{o.report['max_score']:g}, feedback consistent with scores"


def b9c(d):
    filler = '\n_NOTES = """\n' + ("scratch notes " * 8 + "\n") * 10_000 + '"""\n'
    folder(d / "sub", module(base=S.STUB) + filler + module(head=""), answers_toml())


case("9c-stubs-docstring-1MB", "9", "the stubs, a 1.1 MB string literal of notes, then the finished functions (the later defs win)",
     b9c, ("grade", "sub"), j_stub_consistent,
     "issue/students.md: stub detection reads the whole module; a finished function is never called 'not implemented'")


def b9d(d):
    tail = ("\n# finished versions, bound to the same names\n"
            "prefill_flops = lambda N, P: 2 * N * P\n"
            "causal_pairs = lambda P: P * (P + 1) // 2\n")
    folder(d / "sub", module({"prefill_flops": S.STUB["prefill_flops"], "causal_pairs": S.STUB["causal_pairs"]}, tail=tail),
           answers_toml())


case("9d-stub-rebound-by-lambda", "9", "prefill_flops and causal_pairs left as `pass` stubs, then rebound to finished lambdas at the bottom",
     b9d, ("grade", "sub"), j_stub_consistent,
     "a task that scores full must not be reported as not implemented (the score and the words agree)")


def b9e(d):
    filler = "".join(f"# scratch line {i:07d} " + "x" * 90 + "\n" for i in range(11_000))
    folder(d / "sub", module(base=S.STUB) + filler + module(head=""), answers_toml())


case("9e-stubs-1MB-comments-then-work", "9", "the stubs, 11 000 comment lines (1.2 MB) with a different line shape than before, then the finished functions",
     b9e, ("grade", "sub"), j_stub_consistent, "issue: stub detection reads the whole module (bounded by the module size limit)")


# =================================== controls (honest work) ======================================

case("C1-module", "control", "a correct prefill.py and answers.toml", _sub(), ("grade", "sub"), total_full)


def bC2(d):
    write_notebook(d / "sub" / "prefill.ipynb", notebook())


case("C2-notebook", "control", "a correct notebook with its ANSWERS cells", bC2, ("grade", "sub"), total_full)
case("C3-working", "control", "right answers with working and an explained quiz",
     _ans(flops="2 × 7e9 × 1000 = 1.4e13", seconds="0.28 s (1.4e13 / 5e13)", pairs="10 (4+3+2+1)",
          quiz="B, because each position needs the ones before it"), ("grade", "sub"), total_full)


def bC4(d, ctx):
    c = d / "class"
    write(c / "lee_5150_300_prefill.py", module())
    write(c / "lee_5150_301_answers.toml", answers_toml(ctx.own("5150")))


case("C4-canvas", "control", "an honest Canvas export: <name>_<user id>_<file id>_<file>", bC4,
     ("batch", "class", []), row_judge("5150", ALL))


def bC5(d, ctx):
    r = _repo(d)
    for f in ("latency.py", "answers.toml", "README.md"):
        write(r / "exercises" / "latency" / f, (ctx.engine / "exercises" / "latency" / f).read_text(encoding="utf-8"))
    folder(r / "exercises" / "prefill", module(), answers_toml())
    write(r / ".venv" / "pyvenv.cfg", "home = /usr/bin\n")
    folder(r / ".venv" / "lib" / "python3.11" / "site-packages" / "x", S.STUB_MODULE)


case("C5-repository", "control", "a whole course repository (latency stubs, .git, .venv) with exercises/prefill/ finished",
     bC5, ("grade", "repo"), total_full)


def bC6(d):
    folder(d / "gs_sub", module(), answers_toml())


def jC6(o):
    if o.results is None:
        return False, f"no results.json (exit {o.run.rc}: {last_line(o.run.stderr + o.run.stdout)})"
    return float(o.results.get("score", -1)) == 17.0, f"results.json score {o.results.get('score')}"


case("C6-gradescope", "control", "a Gradescope upload of prefill.py and answers.toml", bC6, ("gradescope", "gs_sub"), jC6)


def bC7(d, ctx):
    c = d / "class"
    folder(c / "alice", module(), answers_toml(ctx.own("alice")))
    write(c / "bob.py", module())
    write_notebook(c / "carol.ipynb", notebook(answers=ctx.own("carol")))


def jC7(o):
    for key, tasks in (("alice", ALL), ("bob", CODE), ("carol", ALL)):
        ok, why = row_judge(key, tasks)(o)
        if not ok:
            return False, why
    return True, "alice 17, bob code 13, carol 17"


case("C7-batch", "control", "a batch of a folder, a .py and a notebook, each with the student's own numbers",
     bC7, ("batch", "class", []), jC7)


def jC8(o):
    a, b = o.extra.get("a"), o.extra.get("b")
    if not a or not b:
        return False, "grader variant gave no JSON"
    return a.get("parameters") == b.get("parameters") and a.get("answers") == b.get("answers"), "Alice and ' alice ' get the same numbers"


case("C8-variant", "control", "grader variant 'Alice' and ' alice ' name one student", lambda d: None,
     ("variant", ["Alice", " alice "]), jC8)
