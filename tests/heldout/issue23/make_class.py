"""Generate issue 23's held-out class: a Canvas export, a roster, a course.toml fragment, labels.

Written by an instructor who read only the lesson, README.md, docs/*.md, course.toml,
exercises/ and `grader ... --help`, never the grader's code or suites. Everything is drawn
from one seeded random.Random, so two runs write byte-identical files (file times included).

    python make_class.py OUT [--variants variants.json] [--grader PATH/TO/grader]

OUT/canvas/          Canvas "Download Submissions" folder: <name>_[LATE_]<user id>_<file id>_<file>
OUT/roster.csv       320 students, three sections, LMS ids, two extensions
OUT/course_fragment.toml   due date and late policy for prefill (appended to course.toml)
OUT/labels.json      what the instructor expects, student by student

Each student answers Part 1 about their own numbers (docs/instructors.md): the numbers come
from `grader variant ID --format json`, which an instructor runs; they are cached in
variants.json (ids -> parameters and answers) so generation needs no engine. The instructor
computes the right answers from the parameters with the lesson's formulas and checks them
against the answers `grader variant` prints.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 23
DUE = dt.datetime(2026, 10, 16, 23, 59, 0, tzinfo=dt.timezone.utc)
POLICY = {"percent": 10, "per": "day", "cap_percent": 30, "grace_minutes": 15}
SECTIONS = ["E12-A", "E12-B", "E12-C"]
N_SUBMITTED_IN_ROSTER = 300
N_MISSING = 20
N_STRANGERS = 3

FIRST = ["Ada", "Ben", "Chen", "Dana", "Eli", "Fatima", "Gus", "Hana", "Ivan", "Jae", "Kofi",
         "Lena", "Mateo", "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tariq", "Uma",
         "Vera", "Wen", "Xavi", "Yusuf", "Zoe", "Aiko", "Bruno", "Carmen", "Dmitri"]
LAST = ["Allen", "Brooks", "Castillo", "Dubois", "Eriksen", "Fischer", "Garcia", "Huang",
        "Ibrahim", "Jensen", "Kowalski", "Lopez", "Moreau", "Nakamura", "Okafor", "Petrov",
        "Quispe", "Rossi", "Silva", "Tanaka", "Uddin", "Varga", "Weber", "Xu", "Yilmaz",
        "Zhang", "Haddad", "Novak", "Olsen", "Patel"]

STUB_PY = """import numpy as np

def prefill_flops(N, P):
    pass

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

def causal_pairs(P):
    pass

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
"""

STUB_ANSWERS = """# Part 1. Do it hands-on: estimate by hand, then type each answer between the quotes.
flops = ""
seconds = ""
pairs = ""
quiz = ""
"""

# The five functions, written from the lesson's Part 2: right versions (two styles) and
# the mistakes a student makes, each with the tasks it should cost.
RIGHT = {
    "prefill_flops": ["def prefill_flops(N, P):\n    return 2 * N * P\n",
                      "def prefill_flops(N, P):\n    flops = 2.0 * N * P\n    return flops\n"],
    "prefill_seconds": [
        "def prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n"
        "    if not (0 < utilization <= 1):\n"
        "        raise ValueError('utilization must be in (0, 1]')\n"
        "    return prefill_flops(N, P) / (flops_per_sec * utilization)\n",
        "def prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n"
        "    import math\n"
        "    if math.isnan(utilization) or utilization <= 0 or utilization > 1:\n"
        "        raise ValueError(f'bad utilization {utilization}')\n"
        "    effective = flops_per_sec * utilization\n"
        "    return 2 * N * P / effective\n"],
    "causal_pairs": ["def causal_pairs(P):\n    return P * (P + 1) / 2\n",
                     "def causal_pairs(P):\n    return P * (P + 1) // 2\n"],
    "causal_mask": ["def causal_mask(P):\n    return np.tril(np.ones((P, P), dtype=bool))\n",
                    "def causal_mask(P):\n    idx = np.arange(P)\n    return idx[None, :] <= idx[:, None]\n"],
    "prefill_matches_sequential": [
        "def prefill_matches_sequential(X, W):\n"
        "    Y = X @ W\n"
        "    parallel = np.cumsum(Y, axis=0)\n"
        "    sequential = np.zeros_like(Y)\n"
        "    running = np.zeros(Y.shape[1])\n"
        "    for i in range(Y.shape[0]):\n"
        "        running = running + Y[i]\n"
        "        sequential[i] = running\n"
        "    return bool(np.allclose(parallel, sequential))\n",
        "def prefill_matches_sequential(X, W):\n"
        "    Y = X @ W\n"
        "    rows = []\n"
        "    total = np.zeros(Y.shape[1])\n"
        "    for row in Y:\n"
        "        total = total + row\n"
        "        rows.append(total.copy())\n"
        "    return bool(np.allclose(np.cumsum(Y, axis=0), np.array(rows).reshape(Y.shape)))\n"],
}
WRONG = {
    "prefill_flops": ("def prefill_flops(N, P):\n    return N * P\n", ["prefill_flops"]),
    "prefill_seconds": ("def prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n"
                        "    return prefill_flops(N, P) / flops_per_sec\n", ["prefill_seconds"]),
    "causal_pairs": ("def causal_pairs(P):\n    return P * P\n", ["causal_pairs"]),
    "causal_mask": ("def causal_mask(P):\n    return np.triu(np.ones((P, P), dtype=bool))\n",
                    ["causal_mask"]),
    "prefill_matches_sequential": ("def prefill_matches_sequential(X, W):\n    return True\n",
                                   ["prefill_matches_sequential"]),
}
HANG = "def causal_mask(P):\n    while True:\n        pass\n"
FUNCS = list(RIGHT)


def module_text(rng: random.Random, wrong: list[str], hang: bool = False) -> str:
    parts = ["import numpy as np\n"]
    for f in FUNCS:
        if hang and f == "causal_mask":
            parts.append(HANG)
        elif f in wrong:
            parts.append(WRONG[f][0])
        else:
            parts.append(rng.choice(RIGHT[f]))
    return "\n\n".join(parts)


def fmt(x: float) -> str:
    return f"{x:.3g}"


def own_answers(v: dict) -> dict:
    """The instructor's own computation from the student's parameters (the lesson's formulas)."""
    p = v["parameters"]
    flops = 2 * p["N"] * p["P"]
    seconds = flops / (p["peak"] * p["utilization"])
    pairs = p["T"] * (p["T"] + 1) // 2
    return {"hand_flops": flops, "hand_seconds": seconds, "hand_pairs": pairs, "quiz": "B"}


def answers_text(right: dict, mistakes: dict) -> tuple[str, dict]:
    """answers.toml; mistakes maps a key to a kind. Returns the text and the typed values."""
    typed = {"flops": fmt(right["hand_flops"]), "seconds": fmt(right["hand_seconds"]),
             "pairs": str(right["hand_pairs"]), "quiz": "B"}
    for kind in mistakes.values():
        if kind == "half":
            typed["flops"] = fmt(right["hand_flops"] / 2)
        elif kind == "double":
            typed["seconds"] = fmt(right["hand_seconds"] * 2)
        elif kind == "near7":
            typed["seconds"] = fmt(right["hand_seconds"] * 1.07)
        elif kind == "near15":
            typed["seconds"] = fmt(right["hand_seconds"] * 1.15)
        elif kind == "square":
            typed["pairs"] = str(int(math.isqrt(2 * right["hand_pairs"]) ** 2))
        elif kind == "A":
            typed["quiz"] = "A"
    lines = ["# Part 1 (my own numbers)"]
    for key in ("flops", "seconds", "pairs", "quiz"):
        lines.append(f'{key} = "{typed[key]}"')
    return "\n".join(lines) + "\n", typed


def notebook_text(module: str, answers: str) -> str:
    part1 = "\n".join(line for line in answers.splitlines() if not line.startswith("quiz"))
    quiz = "\n".join(line for line in answers.splitlines() if line.startswith("quiz"))
    head = ("# ANSWERS: the grader reads these lines as text (it never runs them to grade you), so type\n"
            "# plain values: a number, or text in quotes; not calculations.\n\n")
    funcs = module.split("\n\n")
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# E1.2 · Lesson 2 of 6: Prefill"},
             {"cell_type": "code", "metadata": {}, "source": head + part1, "outputs": [],
              "execution_count": None}]
    for f in funcs:
        cells.append({"cell_type": "code", "metadata": {}, "source": f.strip() + "\n", "outputs": [],
                      "execution_count": None})
    cells.append({"cell_type": "code", "metadata": {}, "source": head + quiz, "outputs": [],
                  "execution_count": None})
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def penalty_percent(hours_late: float) -> int:
    """The course's policy, by hand: nothing within the grace period; else 10 % of the raw
    score per day started (counted from the due date, not from the end of the grace), at most 30 %."""
    if hours_late * 60 <= POLICY["grace_minutes"]:
        return 0
    days = math.ceil(hours_late / 24)
    return min(POLICY["cap_percent"], POLICY["percent"] * days)


def load_variants(ids: list[str], path: Path | None, grader: str | None) -> dict:
    cache = json.loads(path.read_text()) if path and path.exists() else {}
    todo = [i for i in ids if i not in cache]
    if todo and not grader:
        sys.exit(f"make_class.py: {len(todo)} ids have no variant in {path}; give --grader")
    for i in todo:
        out = subprocess.run([grader, "variant", i, "--lesson", "prefill", "--format", "json"],
                             capture_output=True, text=True, timeout=60, check=True)
        cache[i] = json.loads(out.stdout)
    if todo and path:
        path.write_text(json.dumps(cache, indent=0, sort_keys=True) + "\n")
    return cache


def people(rng: random.Random) -> list[dict]:
    n = N_SUBMITTED_IN_ROSTER + N_MISSING + N_STRANGERS
    ids = rng.sample(range(4_000_000, 4_999_999), n)
    seen, out = set(), []
    for k, uid in enumerate(ids):
        while True:
            first, last = rng.choice(FIRST), rng.choice(LAST)
            if (first, last) not in seen:
                seen.add((first, last))
                break
        out.append({"id": str(uid), "first": first, "last": last,
                    "login": f"{first[0].lower()}{last.lower()}{k:03d}",
                    "sis_user_id": f"S{2026000 + k:07d}",
                    "prefix": (last + first).lower()})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--variants", type=Path, default=HERE / "variants.json")
    ap.add_argument("--grader", help="grader executable, to compute variants missing from the cache")
    a = ap.parse_args()
    rng = random.Random(SEED)
    ppl = people(rng)
    submitters = ppl[:N_SUBMITTED_IN_ROSTER]
    missing = ppl[N_SUBMITTED_IN_ROSTER:N_SUBMITTED_IN_ROSTER + N_MISSING]
    strangers = ppl[N_SUBMITTED_IN_ROSTER + N_MISSING:]
    roster_people = submitters + missing
    rng.shuffle(roster_people)
    for k, p in enumerate(roster_people):
        p["section"] = SECTIONS[k % 3]
    hand_in = submitters + strangers
    variants = load_variants([p["id"] for p in hand_in], a.variants, a.grader)

    # Kinds of hand-in, assigned by a shuffled deck (counts are exact).
    deck = (["right"] * 118 + ["code_wrong1"] * 50 + ["code_wrong2"] * 25 + ["answers_wrong"] * 30
            + ["stub"] * 12 + ["near7"] * 14 + ["near15"] * 6 + ["answers_only"] * 8
            + ["notebook"] * 8 + ["hang"] * 1 + ["module_only"] * 11 + ["reupload"] * 20)
    assert len(deck) == len(hand_in), len(deck)
    rng.shuffle(deck)
    # Lateness: 36 late (hours to days), 3 within the grace period, the rest on time.
    timing = ["late"] * 36 + ["grace"] * 3 + ["ontime"] * (len(hand_in) - 39)
    rng.shuffle(timing)

    out = a.out
    canvas = out / "canvas"
    canvas.mkdir(parents=True, exist_ok=False)
    file_id = 5_000_000
    labels: dict = {"students": {}}
    # Two extensions, chosen among late roster students (deterministic).
    late_roster = [p for p, t in zip(hand_in, timing, strict=True) if t == "late" and p in submitters]
    ext_ontime, ext_late = late_roster[0], late_roster[1]

    for p, kind, when in zip(hand_in, deck, timing, strict=True):
        v = variants[p["id"]]
        right = own_answers(v)
        for key in ("hand_flops", "hand_seconds", "hand_pairs"):
            assert math.isclose(right[key], v["answers"][key], rel_tol=1e-9), (p["id"], key)
        # submission time
        if when == "ontime":
            hours = -rng.uniform(0.5, 96)
        elif when == "grace":
            hours = rng.uniform(1, 14) / 60
        else:
            hours = rng.choice([rng.uniform(0.3, 23.9), rng.uniform(24.2, 47.5),
                                rng.uniform(48.5, 95), rng.uniform(100, 200)])
        due = DUE
        extension = None
        if p is ext_ontime:
            hours = 50.0 + rng.uniform(0, 3)   # after the course's due date, before theirs
            due = DUE + dt.timedelta(days=3)
            extension = due
        elif p is ext_late:
            hours = 48 + 5.5                   # 5.5 h after their own due date (2 days later)
            due = DUE + dt.timedelta(days=2)
            extension = due
        submitted = DUE + dt.timedelta(hours=hours)
        late_hours = max(0.0, (submitted - due).total_seconds() / 3600)
        late_marker = submitted > due       # Canvas marks anything after the student's due date
        files: list[tuple[str, str, float]] = []  # (name as uploaded, text, mtime)
        wrong_funcs: list[str] = []
        mistakes: dict = {}
        t = submitted.timestamp()
        if kind == "stub":
            files = [("prefill.py", STUB_PY, t), ("answers.toml", STUB_ANSWERS, t)]
        else:
            if kind == "code_wrong1":
                wrong_funcs = [rng.choice(FUNCS)]
            elif kind == "code_wrong2":
                wrong_funcs = rng.sample(FUNCS, 2)
            if kind == "answers_wrong":
                opts = ["half", "double", "square", "A"]
                for m in rng.sample(opts, rng.choice([1, 2])):
                    mistakes[{"half": "flops", "double": "seconds", "square": "pairs", "A": "quiz"}[m]] = m
            elif kind in ("near7", "near15"):
                mistakes["seconds"] = kind
            elif kind in ("code_wrong1", "code_wrong2") and rng.random() < 0.3:
                mistakes["quiz"] = "A"
            module = module_text(rng, wrong_funcs, hang=(kind == "hang"))
            answers, typed = answers_text(right, mistakes)
            if kind == "notebook":
                files = [("prefill.ipynb", notebook_text(module, answers), t)]
            elif kind == "answers_only":
                files = [("answers.toml", answers, t)]
            elif kind == "module_only":
                files = [("prefill.py", module, t)]
            elif kind == "reupload":
                old = module_text(rng, rng.sample(FUNCS, 2))
                files = [("prefill.py", old, t - 3600 * rng.uniform(2, 20)),
                         ("answers.toml", answers, t), ("prefill-1.py", module, t)]
            else:
                files = [("prefill.py", module, t), ("answers.toml", answers, t)]
        for name, text, mtime in files:
            file_id += rng.randint(1, 40)
            marker = "LATE_" if late_marker else ""
            fname = f"{p['prefix']}_{marker}{p['id']}_{file_id}_{name}"
            path = canvas / fname
            path.write_text(text, encoding="utf-8")
            os.utime(path, (mtime, mtime))
        pct = penalty_percent(late_hours)
        in_roster = p in submitters
        labels["students"][p["id"]] = {
            "entry": f"{p['prefix']}_{p['id']}",
            "name": f"{p['first']} {p['last']}",
            "in_roster": in_roster,
            "section": p.get("section") if in_roster else None,
            "status": "submitted",
            "kind": kind,
            "files": [f for f, _, _ in files],
            "wrong_functions": wrong_funcs,
            "answer_mistakes": mistakes,
            "untouched_stub": kind == "stub",
            "submitted_at": submitted.isoformat(),
            "due": due.isoformat(),
            "extension": extension.isoformat() if extension else None,
            "late_marker": late_marker,
            "hours_late": round(late_hours, 4),
            "late": pct > 0,
            "penalty_percent": pct,
            "near_miss_seconds": kind == "near7",
        }
    for p in missing:
        labels["students"][p["id"]] = {
            "entry": None, "name": f"{p['first']} {p['last']}", "in_roster": True,
            "section": p["section"], "status": "missing", "kind": "missing", "untouched_stub": False,
            "late": False, "penalty_percent": 0, "hours_late": 0, "extension": None,
        }
    with open(out / "roster.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "name", "email", "section", "canvas_id", "sis_user_id", "sis_login_id",
                    "extension_prefill"])
        for p in sorted(roster_people, key=lambda q: (q["last"], q["first"])):
            ext = labels["students"][p["id"]].get("extension") or ""
            w.writerow([p["id"], f"{p['first']} {p['last']}", f"{p['login']}@uni.example",
                        p["section"], p["id"], p["sis_user_id"], p["login"], ext])
            lab = labels["students"][p["id"]]
            lab.update({"email": f"{p['login']}@uni.example", "sis_user_id": p["sis_user_id"],
                        "sis_login_id": p["login"], "canvas_id": p["id"],
                        "sortable_name": f"{p['last']}, {p['first']}"})
    (out / "course_fragment.toml").write_text(FRAGMENT, encoding="utf-8")
    labels["policy"] = {
        "due": DUE.isoformat(), **POLICY, "missing_score": 0,
        "formula": "hours_late = (submitted_at - due) in hours, due = the student's extension "
                   "if any, else the course's; penalty_percent = 0 if hours_late*60 <= grace_minutes "
                   "else min(cap_percent, percent * ceil(hours_late / 24)); penalty = raw_total * "
                   "penalty_percent / 100; final = raw_total - penalty (rounded to 2 decimals)",
        "alternative_formula": "penalty = max_points * penalty_percent / 100; final = max(0, raw_total - penalty)",
    }
    labels["changed_check"] = {
        "change": "suites/prefill/lesson.toml: task 'hand_seconds' [tasks.answer] comparison replaced by rtol = 0.10",
        "students_whose_grade_changes": sorted(i for i, s in labels["students"].items()
                                               if s.get("near_miss_seconds")),
        "why": "their seconds answer is 7 % off their own (outside any 2-significant-figure or <=5 % "
               "tolerance, inside 10 %); every other typed seconds answer is exact, or off by 15 % or "
               "more (x2, x1.15), or absent",
    }
    labels["not_in_roster"] = sorted(f"{p['prefix']}_{p['id']}" for p in strangers)
    labels["counts"] = {"hand_ins": len(hand_in), "roster": len(roster_people), "missing": len(missing),
                        "stubs": sum(1 for k in deck if k == "stub"),
                        "late": sum(1 for s in labels["students"].values() if s["late"])}
    (out / "labels.json").write_text(json.dumps(labels, indent=1, sort_keys=True) + "\n", encoding="utf-8")


FRAGMENT = """
# issue 23: the course's due date and late policy for prefill (appended by the held-out harness).
[deadlines.prefill]
due = 2026-10-16T23:59:00Z        # the student's own due date, when the roster gives one, replaces it
late_penalty_percent = 10         # of the student's raw score, per day started after the due date
late_per = "day"                  # "day" or "hour"
late_cap_percent = 30             # at most
late_grace_minutes = 15           # up to 15 minutes late: no penalty at all
missing_score = 0                 # a roster student with no submission: status missing, score 0
extension_column = "extension_prefill"   # the roster's column of per-student due dates
"""

if __name__ == "__main__":
    main()
