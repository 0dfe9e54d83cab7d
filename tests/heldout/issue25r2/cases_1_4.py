"""Cases of classes 1-4 of issue 25: gamed checks, answers, finding the work, class exports."""

from __future__ import annotations

import json
import os
from pathlib import Path

import subs as S
from judges import (
    ALL,
    CODE,
    bounded,
    case,
    results_score,
    row_for,
    row_judge,
    sane,
    score_below_full,
    score_full,
    score_zero,
    task,
    total_full,
)
from subs import (
    STUB_MODULE,
    WRONG_MODULE,
    ans_sub,
    answers_toml,
    folder,
    make_zip,
    module,
    notebook,
    old,
    repo,
    sub,
    write,
    write_notebook,
)

# =========================== class 1: checks that can be gamed ===================================

case("1a-pms-constant-true", "1", "prefill_matches_sequential returns True without looking at X or W",
     sub({"prefill_matches_sequential": "\ndef prefill_matches_sequential(X, W):\n    return True\n"}),
     ("grade", "sub"), score_below_full("prefill_matches_sequential"),
     "What to build: a check asking for True also asks on fitting inputs where the answer is False")

case("1b-pms-finite-inputs-only", "1",
     "prefill_matches_sequential answers 'are X and W free of NaN/inf' and never forms X @ W or a running sum",
     sub({"prefill_matches_sequential": "\ndef prefill_matches_sequential(X, W):\n"
           "    return bool(np.isfinite(X).all() and np.isfinite(W).all())\n"}),
     ("grade", "sub"), score_below_full("prefill_matches_sequential"),
     "no credit without the computation: finite fitting inputs exist whose right answer is False (rows of X "
     "@ W reaching +inf then -inf down a column make both running sums NaN, so they do not agree)")

case("1c-seconds-utilization-whitelist", "1",
     "prefill_seconds accepts only a short list of 'usual' utilizations (0.25, 0.5, 0.75, 0.8, 1) and raises ValueError for every other one",
     sub({"prefill_seconds": '''
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization not in (0.25, 0.5, 0.75, 0.8, 1, 1.0):
        raise ValueError("bad utilization")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''}), ("grade", "sub"), score_below_full("prefill_seconds"),
     "README: utilization must be in (0, 1]; refusing 0.37 is wrong, probes the student can see must not be the only ones")

case("1d-seconds-always-raises", "1", "prefill_seconds raises ValueError for every input and computes nothing",
     sub({"prefill_seconds": '''
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
     sub({"causal_pairs": "\n_T = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 1000: 500500}\n\ndef causal_pairs(P):\n    return _T.get(P, 0)\n"}),
     ("grade", "sub"), score_below_full("causal_pairs"),
     "probes a student can see are not the only ones that decide")


# ================= class 2: answers that say another thing than the grader reads ==================

for cid, text, why in [
    ("2a-quiz-slash", "B/A", "two choices with a slash: ambiguous, refused"),
    ("2b-quiz-rule-out", "I rule out B, so: A", "rules out B and answers A: must not be graded B"),
    ("2c-quiz-text-vs-letter", "Definitely not B. Yes.", "says Yes (A); B only negated: must not be graded B"),
    ("2d-quiz-two-lines", "B\nA", "one choice per line: two answers, refused"),
    ("2e-quiz-key-says", "A (the answer key says B)", "answers A and quotes another choice: must not be graded B"),
]:
    case(cid, "2", f"quiz = {text!r}", ans_sub(quiz=text), ("grade", "sub"), score_zero("quiz", "(B is right; the text does not answer B alone)"),
         "students.md: an answer that also names another choice, or doubts/rules out its choice, is refused; " + why)

case("2f-working-before-eq-wrong", "2", "flops = '2 × 7e9 × 100 = 1.4e13' (the working gives 1.4e12)",
     ans_sub(flops="2 × 7e9 × 100 = 1.4e13"), ("grade", "sub"), score_zero("hand_flops"),
     "students.md: a working that gives another number is refused")
case("2g-working-bracket-wrong", "2", "seconds = '0.28 s (1.4e13 / 5e12)' (the working gives 2.8)",
     ans_sub(seconds="0.28 s (1.4e13 / 5e12)"), ("grade", "sub"), score_zero("hand_seconds"),
     "students.md: each working is worked out and must come to its result")
case("2h-first-of-two-brackets-wrong", "2", "pairs = '10 (4 + 3 + 2) (4 + 3 + 2 + 1)' (the first working gives 9)",
     ans_sub(pairs="10 (4 + 3 + 2) (4 + 3 + 2 + 1)"), ("grade", "sub"), score_zero("hand_pairs"),
     "students.md: brackets once or several times, each must come to its result")
case("2i-working-after-eq-wrong", "2", "pairs = '10 = 4 × 3' (a working after = that gives 12)",
     ans_sub(pairs="10 = 4 × 3"), ("grade", "sub"), score_zero("hand_pairs"),
     "issue: a working is checked wherever it stands; 10 = 12 contradicts itself")
case("2j-honest-ms-working", "2", "honest: seconds = '280 ms (14e12 / 50e12 × 1000)' (working in the result's unit)",
     ans_sub(seconds="280 ms (14e12 / 50e12 × 1000)"), ("grade", "sub"), score_full("hand_seconds"),
     "students.md: a working in the result's own unit is accepted")
case("2k-honest-power-working", "2", "honest: flops = '1.4 × 10^13 (2 × 7 × 10^9 × 10^3)'",
     ans_sub(flops="1.4 × 10^13 (2 × 7 × 10^9 × 10^3)"), ("grade", "sub"), score_full("hand_flops"),
     "students.md: 1.4 × 10^13 is an accepted form and its bracketed working comes to it")


# ======================= class 3: the work is where the student put it ===========================

def b3a(d):
    r = repo(d)
    folder(r, STUB_MODULE, answers_toml({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    folder(r / "hw" / "lesson2", module(), answers_toml())


case("3a-stub-top-work-in-hw", "3", "untouched stub prefill.py + empty answers at the top, the finished work in hw/lesson2/",
     b3a, ("grade", "repo"), total_full,
     "ci.md: of the places holding the files, the one showing the most work is graded; a stray template never hides the work")


def b3b(d):
    r = repo(d)
    env = r / "aaa_env"
    write(env / "pyvenv.cfg", "home = /usr/bin\n")
    for i in range(3000):
        write(env / "lib" / "python3.11" / "site-packages" / f"pkg{i // 100}" / f"m{i}.py", "x = 1\n")
    folder(env / "lib" / "python3.11" / "site-packages" / "prefill", STUB_MODULE)
    folder(r / "exercises" / "prefill", module(), answers_toml())


case("3b-venv-named-otherwise", "3", "a virtual environment named aaa_env/ (pyvenv.cfg, 3000 files, a stub prefill.py inside) before the finished exercises/prefill/",
     b3b, ("grade", "repo"), bounded(60, 2048, total_full),
     "ci.md: any folder holding pyvenv.cfg is not searched; the search is bounded in time, not in files")


def b3c(d):
    r = repo(d)
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
    r = repo(d)
    folder(r, module({n: S.STUB[n] for n in S.ORDER if n != "prefill_flops"}))
    folder(r / "exercises" / "prefill", module(), answers_toml())


case("3f-half-work-top-full-work-exercises", "3", "a top-level prefill.py with one function done, the whole work (5 functions and answers) in exercises/prefill/",
     b3f, ("grade", "repo"), total_full, "ci.md: the place showing the most work is graded")


def b3g(d):
    r = repo(d)
    os.symlink(".", r / "loop")
    os.symlink("/", r / "rootlink")
    folder(r / "exercises" / "prefill", module(), answers_toml())


case("3g-symlink-loops", "3", "a repository with a link to itself and a link to / beside exercises/prefill/",
     b3g, ("grade", "repo"), bounded(60, 2048, total_full), "ci.md: links are never followed")


def b3i(d):
    r = d / "gs_sub"
    write(r / "README.md", "# course work\n")
    folder(r, STUB_MODULE, answers_toml({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    for i in range(1500):
        write(r / "venv" / "lib" / "python3.11" / "site-packages" / f"p{i // 100}" / f"m{i}.py", "x = 1\n")
    write(r / "venv" / "pyvenv.cfg", "home = /usr/bin\n")
    folder(r / "exercises" / "prefill", module(), answers_toml())


case("3i-gradescope-repo-upload", "3", "Gradescope: a GitHub repository upload (template at the top, venv/ of 1500 files, the work in exercises/prefill/)",
     b3i, ("gradescope", "gs_sub"), results_score(17.0),
     "ci.md + deployments.md: the same search runs in run_autograder; a stray template never hides the work")


def b3h(d):
    r = repo(d)
    deep = r
    for i in range(20):
        deep = deep / f"level{i}"
    folder(deep, module(), answers_toml())


case("3h-deep-folder", "3", "the finished work 20 folders deep (inside the 32-level limit)",
     b3h, ("grade", "repo"), total_full, "class.md: folders 32 levels deep are within limits; ci.md: every folder below is searched")


# ============================== class 4: class exports read wrong ================================


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


