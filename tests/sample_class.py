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
