"""A realistic class of the Prefill lesson, for the class view's tests and docs/class-report.png.

Twenty-six students hand in what students of this lesson hand in: the reference (some get
everything right), the untouched stubs, one mistake of ``suites/prefill/mutants/`` or two
at once (a student who forgot the factor 2 may also count one pair off), laid over the
reference as ``grader validate`` lays them. Around them, what a class folder also holds: a
zip that is not one, a stray note, one student who handed in twice. Each graded student's
label says which mutants make up the submission, so a test can derive which diagnoses the
class view must count from what each mutant declares (``# diagnosis:``), whatever the
catalogue's wording becomes.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from pathlib import Path

from grader.authoring.mutants import load_mutants, materialize
from grader.lesson.course import Course

from class_folder import own_answers
from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
REFERENCE = ROOT / "solutions" / "prefill"
STUBS = ROOT / "exercises" / "prefill"

# student -> what they handed in: "reference", "stubs", or mutants joined by "+"
CLASS = {
    "amara.okafor": "reference",
    "ben.schulz": "forgot_factor_2",
    "chen.wei": "reference",
    "dana.levi": "diagonal_excluded",
    "emil.novak": "forgot_factor_2+pairs_off_by_one",
    "farah.haddad": "reference",
    "gabriel.silva": "ignored_utilization",
    "hana.sato": "cumsum_without_axis",
    "ivan.petrov": "stubs",
    "jade.moreau": "forgot_factor_2",
    "kofi.mensah": "multiplied_by_utilization",
    "lena.fischer": "reference",
    "mateo.garcia": "diagonal_excluded+squared_pairs",
    "nadia.rahman": "pairs_off_by_one",
    "oskar.berg": "transposed_mask",
    "priya.nair": "ignored_utilization+quiz_yes",
    "quinn.walsh": "reference",
    "rosa.martin": "import_error",
    "sami.aziz": "forgot_factor_2+diagonal_excluded",
    "tomas.horvat": "loop_not_cumulative",
    "uma.iyer": "squared_pairs",
    "victor.lund": "rejects_full_utilization",
    "wen.li": "reference",
    "xavier.dubois": "forgot_factor_2+cumsum_without_axis",
    "yara.costa": "diagonal_excluded",
    "zoë.müller": "utilization_as_percent",
}
REFUSED = {"liam.obrien": "a zip that is not one", "notes": "not a submission (notes.txt)",
           "sofia.rossi": "two entries for one student"}


def mutants() -> dict[str, object]:
    return {m.name: m for m in load_mutants(LESSON)}


def build_class(folder: Path) -> Path:
    """Write the class into the new ``folder`` (each graded student a folder of its own)."""
    known = mutants()
    folder.mkdir(parents=True)
    scratch = folder.parent / f"{folder.name}-layers"
    for student, label in CLASS.items():
        if label in ("reference", "stubs"):
            shutil.copytree(REFERENCE if label == "reference" else STUBS, folder / student,
                            ignore=shutil.ignore_patterns("__pycache__"))
            continue
        base = REFERENCE
        names = label.split("+")
        for i, name in enumerate(names):
            if name not in known:
                raise LookupError(f"tests/sample_class.py: suites/prefill/mutants/ has no mutant '{name}'")
            target = folder / student if i == len(names) - 1 else scratch / student / str(i)
            target.parent.mkdir(parents=True, exist_ok=True)
            materialize(known[name], LESSON, base, target)
            base = target
    shutil.rmtree(scratch, ignore_errors=True)
    for student in CLASS:  # each with their own numbers (a batch grades each student's own), mistakes and all
        if (folder / student / "answers.toml").is_file():
            own_answers(folder / student / "answers.toml", student)
    (folder / "liam.obrien.zip").write_bytes(b"PK\x03\x04 cut off in the upload")
    (folder / "notes.txt").write_text("remember to grade the late ones\n", encoding="utf-8")
    shutil.copytree(REFERENCE, folder / "sofia.rossi", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(REFERENCE / LESSON.module, folder / "sofia.rossi.py")
    return folder


def expected_diagnoses() -> dict[str, set[str]]:
    """Diagnosis code -> the students whose submission must show it, from what their mutants declare."""
    known = mutants()
    holders: dict[str, set[str]] = {}
    for student, label in CLASS.items():
        for name in label.split("+"):
            if name in known:
                for code in known[name].diagnoses:
                    holders.setdefault(code, set()).add(student)
    return holders


def graded_class(work: Path, jobs: int = 2) -> tuple[Path, Path, object]:
    """Build the class in ``work`` and grade it: (the gradebook, the class report, the BatchResult)."""
    import io

    from grader.batch.coordinator import run_batch

    folder = build_class(work / "class")
    book, page = work / "gradebook.sqlite", work / "class-report.html"
    result = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=jobs, class_report=page,
                       out=io.StringIO())
    return book, page, result


# ---------------------------------------------------------------------------- the same class as a term runs it
# graded_term_class: a roster in three sections with two students who handed in nothing, a due date and a
# late policy in the course's course.toml, each student's submission time, an extension, an override.

TERM_DUE = dt.datetime(2026, 3, 2, 23, 59, tzinfo=dt.timezone(dt.timedelta(hours=1)))
TERM_LATE = """
[late]
zone = "Europe/Paris"
per = "day"
fraction = 0.1            # 10% of the maximum per started day ...
cap = 0.3                 # ... at most 30% in all
grace_minutes = 30

[late.prefill]
due = 2026-03-02T23:59:00+01:00
"""
SECTIONS = ("Mon 9:00", "Wed 14:00", "Fri 11:00")
MISSING = {"maya.kowalski": "Maya Kowalski", "noah.bennett": "Noah Bennett"}  # enrolled, handed in nothing
EXTENSION = ("quinn.walsh", "48h")  # a roster extension of the due date
# student -> how long after the due time they handed in (everyone else: the day before it)
HANDED_IN = {"amara.okafor": dt.timedelta(hours=3), "chen.wei": dt.timedelta(hours=25),
             "farah.haddad": dt.timedelta(hours=98), "lena.fischer": dt.timedelta(minutes=20),  # within the grace
             EXTENSION[0]: dt.timedelta(hours=30)}  # late, but inside the extension
OVERRIDE = ("nadia.rahman", "causal_pairs", 2.0, "regrade request: the lesson's own example counts pairs this way")


def term_roster() -> dict[str, dict[str, str]]:
    """Every student of the term (id -> their roster cells): the graded and the refused students in turn in
    each section, then the two who handed in nothing."""
    enrolled = [*CLASS, *(s for s in REFUSED if s != "notes"), *MISSING]
    roster = {}
    for i, student in enumerate(enrolled):
        name = MISSING.get(student) or " ".join(part.capitalize() for part in student.split("."))
        roster[student] = {"name": name, "email": f"{student}@example.edu", "section": SECTIONS[i % len(SECTIONS)],
                           "extension": EXTENSION[1] if student == EXTENSION[0] else ""}
    return roster


def term_course(work: Path) -> Path:
    """A copy of the course whose course.toml adds the term's late policy (TERM_LATE)."""
    course = work / "course"
    for tree in ("suites", "solutions", "exercises"):
        shutil.copytree(ROOT / tree, course / tree, ignore=shutil.ignore_patterns("__pycache__"))
    text = (ROOT / "course.toml").read_text(encoding="utf-8")
    (course / "course.toml").write_text(text + TERM_LATE, encoding="utf-8")
    return course


def hand_in(folder: Path) -> None:
    """Every entry's files dated as handed in: the day before the due time, or HANDED_IN's lateness."""
    for entry in folder.iterdir():
        when = TERM_DUE + HANDED_IN.get(entry.name, -dt.timedelta(days=1))
        stamp = when.timestamp()
        for path in [entry, *entry.rglob("*")] if entry.is_dir() else [entry]:
            os.utime(path, (stamp, stamp))


def graded_term_class(work: Path, jobs: int = 2) -> tuple[Path, Path, object]:
    """The class as a term grades it (roster, late policy, an override), its class report written from the
    gradebook with every student's page beside it: (the gradebook, the class report, the BatchResult)."""
    import csv
    import io

    from grader.batch.class_report import from_gradebook
    from grader.batch.coordinator import run_batch
    from grader.batch.gradebook import Gradebook
    from grader.batch.overrides import set_override
    from grader.batch.roster import read

    course = Course(term_course(work))
    folder = build_class(work / "class")
    hand_in(folder)
    roster_file = work / "roster.csv"
    with roster_file.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name", "email", "section", "extension"])
        writer.writerows([student, *cells.values()] for student, cells in term_roster().items())
    book, page = work / "gradebook.sqlite", work / "class-report.html"
    result = run_batch(folder, course, lesson="prefill", gradebook=book, jobs=jobs, roster=read(roster_file),
                       out=io.StringIO())
    student, task, score, reason = OVERRIDE
    with Gradebook(book) as opened:
        set_override(opened, "prefill", student, task, score, reason, by="ta.jones")
    from_gradebook(book, page, course=course, reports=work / "students")
    return book, page, result
