"""grader.lesson.catalogue: the catalogue of misconceptions, and the proof of every diagnosis of the real lesson.

Each diagnosis is proved both ways here, as in ``grader validate``: the wrong solutions that
declare it get it, and the reference, the stubs and every other wrong solution do not (no
false diagnosis). The student's text report of each of them shows the matching hint.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

from grader.authoring.diagnoses import catalogue_toml, markdown, proofs
from grader.authoring.mutants import Mutant, load_mutants, materialize
from grader.authoring.validate import unproved_diagnoses
from grader.batch.summary import count_misconceptions as count
from grader.exceptions import ConfigError
from grader.formats.text import TextFormat
from grader.grading.session import GradingSession
from grader.lesson.catalogue import CATALOGUE_NAME, engine_catalogue, load_catalogue, per_task
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson
from grader.lesson.misconceptions import load_models
from grader.result import CheckResult, Diagnosis, Report, TaskResult

from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
MUTANTS = load_mutants(LESSON)
MODELLED = {m.code for m in load_models(LESSON)}
DOCS = ROOT / "docs" / "feedback.md"


def write(folder: Path, text: str) -> Path:
    (folder / CATALOGUE_NAME).write_text(text, encoding="utf-8")
    return folder


ENTRY = '[[diagnoses]]\ncode = "a.b"\ntask = "t"\nwhen = "w"\nhint = "h"\n'


# ---------------------------------------------------------------------------- the catalogue file

def test_no_catalogue_is_no_diagnoses(tmp_path):
    assert load_catalogue(tmp_path) == ()


def test_an_entry_reads_with_one_or_several_tasks(tmp_path):
    write(tmp_path, ENTRY + ENTRY.replace('"a.b"', '"a.c"').replace('task = "t"', 'task = ["t", "u"]'))
    first, second = load_catalogue(tmp_path)
    assert (first.code, first.tasks, first.when, first.hint) == ("a.b", ("t",), "w", "h")
    assert second.tasks == ("t", "u")
    assert first.diagnosis() == Diagnosis("a.b", "h") and first.diagnosis(reveals=True).reveals


@pytest.mark.parametrize("text, key, words", [
    (ENTRY + ENTRY, "diagnoses[1].code", "used twice"),
    (ENTRY.replace('"a.b"', '"Flops"'), "diagnoses[0].code", "is not a code"),
    (ENTRY.replace('"a.b"', '"flops"'), "diagnoses[0].code", "is not a code"),
    (ENTRY.replace('hint = "h"\n', ""), "diagnoses[0].hint", "is required"),
    (ENTRY.replace('hint = "h"', 'hint = " "'), "diagnoses[0].hint", "non-empty string"),
    (ENTRY.replace('task = "t"', "task = []"), "diagnoses[0].task", "task id"),
    (ENTRY + 'colour = "red"\n', "diagnoses[0].colour", "not a field"),
    ('[[diagnosis]]\ncode = "a.b"\n', "diagnosis", "[[diagnoses]]"),
    ("diagnoses = 3\n", "diagnoses", "array of tables"),
])
def test_a_broken_entry_names_file_and_key(tmp_path, text, key, words):
    write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_catalogue(tmp_path)
    assert caught.value.key == key and words in caught.value.problem
    assert caught.value.source.endswith(CATALOGUE_NAME)


def test_invalid_toml_is_named(tmp_path):
    write(tmp_path, "[[diagnoses]\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_catalogue(tmp_path)


def test_an_entry_naming_no_task_of_the_lesson_is_named(tmp_path):
    shutil.copy(ROOT / "suites" / "prefill" / "lesson.toml", tmp_path)
    shutil.copy(ROOT / "suites" / "prefill" / CATALOGUE_NAME, tmp_path)
    with (tmp_path / CATALOGUE_NAME).open("a", encoding="utf-8") as catalogue:
        catalogue.write(ENTRY.replace('"t"', '"decode_speed"'))
    with pytest.raises(ConfigError, match="names no task") as caught:
        load_lesson(tmp_path)
    assert caught.value.key.endswith(".task")


# ---------------------------------------------------------------------------- the real catalogue

# The minimum per task: what students really get wrong.
MINIMUM = {"prefill_flops": {"flops.missing-factor-2", "flops.squared", "flops.returned-string", "flops.returned-none"},
           "prefill_seconds": {"seconds.multiplied-by-utilization", "seconds.ignored-utilization",
                               "seconds.hardcoded-peak", "seconds.rejects-full-utilization",
                               "seconds.accepts-out-of-range", "seconds.assert-instead-of-raise",
                               "seconds.wrong-exception", "seconds.printed-instead-of-raising",
                               "seconds.lets-nan-through"},
           "causal_pairs": {"pairs.all-pairs", "pairs.diagonal-missing", "pairs.off-by-one"},
           "causal_mask": {"mask.transposed", "mask.diagonal-missing", "mask.not-bool", "mask.nested-lists",
                           "mask.wrong-shape"},
           "prefill_matches_sequential": {"sequential.cumsum-flattened", "sequential.exact-equality",
                                          "sequential.constant-true", "sequential.mutates-input",
                                          "sequential.loop-not-cumulative"},
           "hand_flops": {"hand-flops.power-of-ten", "answers.unreadable"},
           "hand_seconds": {"hand-seconds.power-of-ten", "hand-seconds.peak-rate", "answers.unreadable"},
           "hand_pairs": {"hand-pairs.all-pairs", "answers.unreadable"},
           "quiz": {"quiz.independent"}}


@pytest.mark.parametrize("task", list(MINIMUM))
def test_the_lesson_diagnoses_what_students_really_get_wrong(task):
    assert MINIMUM[task] <= {e.code for e in LESSON.diagnoses if task in e.tasks}


def test_counts_per_task_follow_the_manifest_order():
    counts = per_task(LESSON.diagnoses, [t.id for t in LESSON.tasks])
    assert list(counts) == [t.id for t in LESSON.tasks]
    assert all(n >= 1 for n in counts.values())
    assert sum(counts.values()) >= len(LESSON.diagnoses)  # an entry may explain several tasks


def test_hints_name_no_fix_as_code():
    """A hint says what the symptom suggests; the fixed line is the student's to write."""
    fixes = re.compile(r"np\.\w+\(|axis\s*=|dtype\s*=|\bk\s*=|\braise \w+\(|\breturn [\w.]+\s*[-+*/(]|\w\[\w")
    for entry in LESSON.diagnoses:
        assert not fixes.search(entry.hint), entry.code


def test_every_diagnosis_is_proved_by_a_mutant_or_a_model():
    assert unproved_diagnoses(LESSON, MUTANTS) == []


def test_the_student_bundle_gets_the_entries_its_public_checks_name_for_its_tasks():
    public = 'fail(..., diagnosis="mask.transposed")\nNOT_A_NUMBER = {str: "flops.returned-string"}\n"pairs.all-pairs"'
    entries = tomllib.loads(catalogue_toml(LESSON.diagnoses, ["causal_mask", "prefill_flops"], public))["diagnoses"]
    assert [e["code"] for e in entries] == ["flops.returned-string", "mask.transposed"]  # pairs: not a task here
    assert entries[1] == {"code": "mask.transposed", "task": ["causal_mask"], "when": LESSON.diagnosis(
        "mask.transposed").when, "hint": LESSON.diagnosis("mask.transposed").hint}


def test_count_takes_each_misconception_once_per_submission():
    one = Diagnosis("a.b", "h")

    def report(*codes):
        checks = [CheckResult(f"c{i}", False, "m", diagnosis=Diagnosis(code, "h")) for i, code in enumerate(codes)]
        return Report("l", "", "s", [TaskResult("t", "", 1.0, checks)])

    reports = [report("a.b", "a.b", "c.d"), report("a.b"), report()]
    assert count(reports) == {"a.b": 2, "c.d": 1}
    assert count([r.to_dict() for r in reports]) == {"a.b": 2, "c.d": 1}  # what a gradebook keeps
    assert one.to_dict() == {"code": "a.b", "hint": "h"}


# ---------------------------------------------------------------------------- docs/feedback.md

def test_the_committed_table_is_the_generated_one():
    lessons = [COURSE.lesson(i) for i in COURSE.lesson_ids()]
    assert DOCS.read_text(encoding="utf-8") == markdown(lessons, proofs(lessons)), \
        "docs/feedback.md has drifted: run 'grader diagnoses --markdown --output docs/feedback.md'"


def test_the_table_has_a_row_per_diagnosis_with_its_hint_and_proof():
    text = markdown([LESSON], proofs([LESSON]))
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert len(rows) == len(LESSON.diagnoses) + len(engine_catalogue())  # the lesson's, then the engine's
    syntax = next(r for r in rows if r.startswith("| `import.syntax-error`"))
    assert "the caret" in syntax and syntax.endswith("| prefill: `import_error` |")
    forgot = next(r for r in rows if "`flops.missing-factor-2`" in r)
    assert "did you drop the factor 2" in forgot and "`forgot_factor_2`" in forgot


def test_the_cli_writes_the_table(tmp_path):
    out = tmp_path / "feedback.md"
    done = subprocess.run([sys.executable, "-m", "grader", "diagnoses", "--markdown", "--output", str(out)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == DOCS.read_text(encoding="utf-8")
    listing = subprocess.run([sys.executable, "-m", "grader", "diagnoses", "--lesson", "prefill"], cwd=ROOT,
                             capture_output=True, text=True, check=False).stdout
    assert listing.startswith(f"prefill: {len(LESSON.diagnoses)} diagnoses (prefill_flops 16")
    assert "  mask.transposed  [causal_mask]" in listing


# ---------------------------------------------------------------------------- proved both ways

def _mutant_of(path: Path) -> Mutant:
    """A file as a mutant (it overlays the reference like any), for a mistake no real mutant makes."""
    return Mutant(path.stem, path, "", frozenset())


def _grade(session: GradingSession, mutant: Mutant) -> Report:
    with tempfile.TemporaryDirectory(prefix="grader-test-") as tmp:
        return session.grade(materialize(mutant, LESSON, ROOT / "solutions" / "prefill", Path(tmp) / "prefill"))


@pytest.fixture(scope="module")
def graded() -> dict[str, Report]:
    """Every mutant, the reference and the stubs, graded once in one session."""
    with GradingSession("prefill", COURSE) as session:
        reports = {m.name: _grade(session, m) for m in MUTANTS}
        reports["reference"] = session.grade(ROOT / "solutions" / "prefill")
        reports["stubs"] = session.grade(ROOT / "exercises" / "prefill")
        float_pairs = tempfile.mkdtemp(prefix="grader-test-")
        try:
            module = Path(float_pairs) / "prefill.py"
            module.write_text((ROOT / "solutions" / "prefill" / "prefill.py").read_text(encoding="utf-8")
                              .replace("return P * (P + 1) // 2", "return P * (P + 1) / 2"), encoding="utf-8")
            reports["float_pairs"] = _grade(session, _mutant_of(module))
        finally:
            shutil.rmtree(float_pairs)
    return reports


def codes(report: Report) -> set[str]:
    return {d.code for t in report.tasks for d in t.diagnoses}


@pytest.mark.parametrize("code", [e.code for e in LESSON.diagnoses])
def test_each_diagnosis_is_given_to_its_mistakes_and_to_nothing_else(graded, code):
    """Declared by the mutants that get it, or proved by its models (tests/authoring/test_models.py, validate);
    no other mutant gets it."""
    declaring = {m.name for m in MUTANTS if code in m.diagnoses}
    assert declaring or code in MODELLED, f"neither a mutant nor a model shows {code}"
    getting = {name for name, report in graded.items() if code in codes(report)}
    assert getting == declaring


@pytest.mark.parametrize("name", [m.name for m in MUTANTS])
def test_each_mutant_gets_exactly_its_declared_diagnoses(graded, name):
    mutant = next(m for m in MUTANTS if m.name == name)
    assert codes(graded[name]) == set(mutant.diagnoses)


@pytest.mark.parametrize("name", ["reference", "stubs", "float_pairs"])
def test_right_work_and_unstarted_work_get_no_diagnosis(graded, name):
    assert codes(graded[name]) == set()


def test_a_float_count_of_pairs_costs_nothing(graded):
    assert graded["float_pairs"].score == graded["float_pairs"].max_score


@pytest.mark.parametrize("name", [m.name for m in MUTANTS if m.diagnoses])
def test_grading_a_wrong_solution_prints_its_hint_to_the_student(graded, name):
    stream = io.StringIO()
    TextFormat().write(graded[name].for_audience("student"), stream)
    printed = " ".join(stream.getvalue().split())
    for code in next(m for m in MUTANTS if m.name == name).diagnoses:
        hint = " ".join(LESSON.diagnosis(code).hint.split())
        assert hint in printed, f"{name}: the hint of {code} is not in the student's report"
