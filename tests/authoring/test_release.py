"""grader.authoring.release: a student bundle that grades on its own and hides what it must, and the autograder."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from grader.authoring.exercises import BEGIN, END
from grader.authoring.mutants import load_mutants, materialize
from grader.authoring.public import public_suite
from grader.authoring.release import STAMP, release
from grader.exceptions import ConfigError
from grader.grading.engine import grade
from grader.lesson.course import Course

from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
LESSONS = [COURSE.lesson(i) for i in COURSE.lesson_ids()]


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    release(COURSE, out)
    return out


def bundle_files(root: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8", errors="replace") for p in root.rglob("*") if p.is_file()}


def solution_lines(suffix: str) -> list[str]:
    """Every line between solution markers, in the course's solution files ending in ``suffix``."""
    lines = []
    for path in (ROOT / "solutions").rglob(f"*{suffix}"):
        if not path.is_file():
            continue
        inside = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip().lstrip("#").strip() in (BEGIN, END):
                inside = line.strip().lstrip("#").strip() == BEGIN
            elif inside and len(line.strip()) >= 8:
                lines.append(line.strip())
    return lines


def constants(node) -> set:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and not isinstance(n.value, bool)
            and n.value is not None and n.value is not Ellipsis}


def hidden_only_constants(lesson=LESSON) -> set:
    """Literals that appear in hidden checks and their helpers, and nowhere in the public ones."""
    suite = public_suite(lesson)
    hidden, public = set(), set()
    for path in lesson.suite_dir.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        removed = set(suite.cut.get(path.name, [])) if path.name in suite.files else None
        for node in tree.body:
            targets = getattr(node, "targets", [])
            names = {getattr(node, "name", None)} | {t.id for t in targets if isinstance(t, ast.Name)}
            if removed is None or names & removed:
                hidden |= constants(node)
        if path.name in suite.files:
            public |= constants(ast.parse(suite.files[path.name]))
    # a string is secret only if no public file says it (f-string pieces like "prefill_flops(" are not); the
    # lesson's exercises (module, answers, notebook) are public by definition
    said = "".join(suite.files.values()) + "".join(p.read_text(encoding="utf-8") for p in
                                                   sorted((ROOT / "exercises" / lesson.id).iterdir()) if p.is_file())
    return {c for c in hidden - public if not isinstance(c, str) or (len(c) >= 6 and c not in said)}


# ---------------------------------------------------------------------------- the student bundle

def test_the_student_bundle_holds_exercises_public_checks_engine_makefile_and_readme(dist):
    student = dist / "student"
    for path in ("Makefile", "README.md", "requirements/grade.txt", "course.toml", "grader/__init__.py",
                 "grader/grading/engine.py", "exercises/prefill/prefill.py", "exercises/prefill/answers.toml",
                 "suites/prefill/lesson.toml", "suites/prefill/reference_calls.json", STAMP):
        assert (student / path).is_file(), path
    assert not (student / "solutions").exists()
    assert not (student / "suites" / "prefill" / "mutants").exists()
    assert not list(student.rglob("__pycache__")) and not list(student.rglob("*.pyc"))
    for name in ("prefill.py", "answers.toml"):
        shipped, source = student / "exercises" / "prefill" / name, ROOT / "exercises" / "prefill" / name
        assert shipped.read_bytes() == source.read_bytes()
    requirements = (student / "requirements" / "grade.txt").read_text()
    assert requirements == (ROOT / "requirements" / "grade.txt").read_text()  # the lock: exact versions
    assert "numpy==" in requirements and "pytest==" in requirements
    assert Course(student).ordered_ids() == ["prefill", "latency"] == Course(ROOT).ordered_ids()[:2]


def test_no_solution_body_is_in_the_student_bundle(dist):
    code, answers = solution_lines(".py"), solution_lines(".toml")
    assert "return 2 * N * P" in code and 'flops = "1.4e13"' in answers and 'quiz = "B"' in answers
    for path, text in bundle_files(dist / "student").items():
        leaked = [line for line in code + answers if line in text]
        assert not leaked, f"{path} holds solution lines {leaked}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_no_hidden_literal_is_in_the_student_bundle(dist, lesson):
    secrets = hidden_only_constants(lesson)
    if lesson.id == "prefill":
        assert {1.5, "above_one", "negative"} <= secrets  # rejects_bad_utilization's hidden inputs
    if lesson.id == "latency":
        # the ranges of the hidden checks' other sizes (their 8.0 is public too: 8 bits in a byte, in a hint)
        assert {0.002, 4096} <= secrets
    words = {s for s in secrets if isinstance(s, str)}
    for path, text in bundle_files(dist / "student").items():
        assert not [w for w in words if w in text], path
        if path.suffix == ".py" and path.parent.name == lesson.id and path.parent.parent.name == "suites":
            assert not constants(ast.parse(text)) & secrets, path  # (another lesson's numbers reveal nothing)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_no_answer_hint_or_fact_is_in_the_student_bundle(dist, lesson):
    answers = [t.answer for t in lesson.tasks if t.answer]
    secrets = [h.message for a in answers for h in a.hints] + [a.wrong for a in answers if a.wrong] \
        + [f.says for f in lesson.facts]
    for path, text in bundle_files(dist / "student").items():
        assert not [s for s in secrets if s in text], path
    manifest = tomllib.loads((dist / "student" / "suites" / lesson.id / "lesson.toml").read_text(encoding="utf-8"))
    assert [t["id"] for t in manifest["tasks"]] == [t.id for t in lesson.code_tasks]
    assert "facts" not in manifest and all("answer" not in t for t in manifest["tasks"])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_each_lessons_specification_ships_beside_its_module_in_both_bundles(dist, lesson):
    """exercises/<lesson>/README.md: what each function returns and refuses, where students work."""
    source = (ROOT / "exercises" / lesson.id / "README.md").read_bytes()
    for bundle in ("student", "autograder"):
        assert (dist / bundle / "exercises" / lesson.id / "README.md").read_bytes() == source, bundle
    with zipfile.ZipFile(dist / "autograder.zip") as archive:
        assert archive.read(f"exercises/{lesson.id}/README.md") == source
    readme = (dist / "student" / "README.md").read_text(encoding="utf-8")
    assert f"`exercises/{lesson.id}/README.md` says what each function returns and which arguments it refuses" \
        in readme


def test_the_readme_says_what_runs_locally_and_what_on_hand_in(dist):
    readme = (dist / "student" / "README.md").read_text(encoding="utf-8")
    assert "make grade" in readme and "public checks" in readme and "hidden checks" in readme
    assert "- `prefill_flops` (2 points): 4 public checks here" in readme
    assert "- `quiz` (1 point): graded when you hand in" in readme


def test_the_bundle_grades_public_checks_exactly_as_the_full_suite_does(dist, tmp_path):
    bundle = Course(dist / "student")
    assert grade(ROOT / "exercises" / "prefill", course=bundle).score == 0
    reference = grade(ROOT / "solutions" / "prefill", course=bundle)
    assert reference.score == reference.max_score == sum(t.points for t in LESSON.code_tasks)
    for mutant in load_mutants(LESSON):
        if mutant.name not in {"multiplied_by_utilization", "forgot_factor_2", "transposed_mask", "list_mask"}:
            continue
        folder = materialize(mutant, LESSON, ROOT / "solutions" / "prefill", tmp_path / mutant.name)
        local = grade(folder, lesson="prefill", course=bundle)
        full = grade(folder, lesson="prefill", course=COURSE)
        for task in local.tasks:
            checks = {c.name: c.passed for c in full.task(task.id).checks}
            assert {c.name: c.passed for c in task.checks} == {n: checks[n] for n in (c.name for c in task.checks)}, \
                (mutant.name, task.id)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_student_bundle_grades_the_variant_of_the_students_own_id(dist, lesson):
    """Issue 22: the bundle alone (its course.toml's salt, no reference solution) gives each student the numbers
    the course gives them, the ones the autograder grades Part 1 with; another id, other numbers."""
    from grader.grading.variants import variants_for

    bundle = Course(dist / "student")
    course = variants_for(COURSE, lesson, ["Alice", "bob"])
    seen = {}
    for typed, student in (("Alice", "alice"), (" ALICE ", "alice"), ("bob", "bob")):
        report = grade(ROOT / "solutions" / lesson.id, lesson=lesson.id, course=bundle, student=typed)
        assert report.variant.student == student
        seen[typed] = dict((name, value) for name, value, _ in report.variant.parameters)
        assert seen[typed] == course[student].parameters, typed
        assert report.score == report.max_score  # the reference's code passes the public checks on any numbers
    assert seen["Alice"] == seen[" ALICE "] != seen["bob"]


def test_a_lesson_with_too_many_combinations_for_the_bundle_to_list_is_refused_naming_its_parameters(monkeypatch):
    from grader.authoring import release as release_module
    from grader.authoring import variant_proof

    latency = COURSE.lesson("latency")
    assert len(release_module._not_by_hand(COURSE, latency)) == 1442  # of 1710: most draws are not by hand
    monkeypatch.setattr(variant_proof, "SURVEY_LIMIT", 1000)
    with pytest.raises(ConfigError) as raised:
        release_module._not_by_hand(COURSE, latency)
    assert raised.value.key == "parameters" and "declares 1710 combinations" in str(raised.value)
    assert raised.value.source.endswith("lesson.toml")


def test_the_readme_says_truthfully_that_local_feedback_can_name_fewer_mistakes(dist, tmp_path):
    """Issue 21, class 7: the README promised "the same full feedback", but the models do not ship. What it says
    now holds: the same verdicts; a mistake a model names at hand-in is a symptom locally; one the check sees
    itself (a number in a container) is named in both."""
    readme = (dist / "student" / "README.md").read_text(encoding="utf-8")
    assert "same full feedback" not in readme and "models of common mistakes" in readme
    bundle = Course(dist / "student")
    folder = tmp_path / "prefill"
    folder.mkdir()
    reference = (ROOT / "solutions" / "prefill" / "prefill.py").read_text(encoding="utf-8")
    for source, named_locally in (("def prefill_flops(N, P):\n    return N * P\n", False),
                                  ("def prefill_flops(N, P):\n    return {'flops': 2 * N * P}\n", True)):
        (folder / "prefill.py").write_text(reference + "\n\n" + source, encoding="utf-8")
        local = grade(folder, lesson="prefill", course=bundle).task("prefill_flops")
        full = grade(folder, lesson="prefill", course=COURSE).task("prefill_flops")
        assert full.diagnoses and local.score == full.score < full.max_score
        assert ({d.code for d in local.diagnoses} == {d.code for d in full.diagnoses}) is named_locally, source


def test_make_grade_runs_from_scratch_in_a_copy(dist, tmp_path):
    """A fresh machine: no .venv, the bundle alone, installing the lock. The venv sees the base
    interpreter's packages (--system-site-packages) so that pip only fetches what that interpreter lacks.
    With several lessons, `make grade` grades the course's first (course.toml), as the course's own does."""
    copy = tmp_path / "student"
    shutil.copytree(dist / "student", copy)
    python = getattr(sys, "_base_executable", sys.executable)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "GRADER_COURSE")}
    result = subprocess.run(["make", "grade", f"PYTHON={python}", "VENV_FLAGS=--system-site-packages"], cwd=copy,
                            env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (copy / ".venv" / ".installed").is_file()
    assert "not implemented yet" in result.stdout and re.search(r"Total: 0/13\b", result.stdout), result.stdout
    assert "E1.2 · Lesson 2 of 6: Prefill: exercises/prefill\n" in result.stdout
    shutil.copy(ROOT / "solutions" / "prefill" / "prefill.py", copy / "exercises" / "prefill" / "prefill.py")
    result = subprocess.run(["make", "grade"], cwd=copy, env=env, capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0 and re.search(r"Total: 13/13\b", result.stdout), result.stdout + result.stderr
    result = subprocess.run(["make", "grade", "STUDENT=Alice"], cwd=copy, env=env, capture_output=True, text=True,
                            timeout=300, check=False)  # the student's own numbers, the salt in the bundle's course
    assert result.returncode == 0 and "your numbers (student alice)" in result.stdout, result.stdout + result.stderr
    assert re.search(r"Total: 13/13\b", result.stdout), result.stdout
    result = subprocess.run(["make", "grade", "SUBMISSION=exercises/latency"], cwd=copy, env=env, capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0 and re.search(r"Total: 0/9\b", result.stdout), result.stdout + result.stderr
    result = subprocess.run(["make", "grade", "LESSON=latency"], cwd=copy, env=env, capture_output=True, text=True,
                            timeout=300, check=False)  # as in the course's own Makefile: it graded prefill, silently
    assert result.returncode == 0 and "exercises/latency\n" in result.stdout, result.stdout + result.stderr
    assert re.search(r"Total: 0/9\b", result.stdout), result.stdout


# ---------------------------------------------------------------------------- the autograder

def test_the_autograder_holds_the_full_suite_solutions_and_gradescope_scripts(dist):
    auto = dist / "autograder"
    for path in ("suites/prefill/lesson.toml", "suites/prefill/mutants/forgot_factor_2.py",
                 "solutions/prefill/prefill.py", "exercises/prefill/prefill.py", "grader/cli.py",
                 "requirements/grade.txt", "course.toml", "pyproject.toml", "setup.sh", "run_autograder",
                 "AUTOGRADER.md", STAMP):
        assert (auto / path).is_file(), path
    for script in ("setup.sh", "run_autograder"):
        assert os.access(auto / script, os.X_OK)
    scripts = ROOT / "grader" / "authoring" / "gradescope"  # the same scripts as `make gradescope`
    assert (auto / "setup.sh").read_bytes() == (scripts / "setup.sh").read_bytes()
    assert 'LESSON="${GRADER_LESSON:-}"' in (auto / "run_autograder").read_text()  # every lesson: none forced
    with zipfile.ZipFile(dist / "autograder.zip") as archive:
        names = set(archive.namelist())
        modes = {i.filename: (i.external_attr >> 16) & 0o777 for i in archive.infolist()}
    assert {"setup.sh", "run_autograder", "solutions/prefill/prefill.py", "suites/prefill/lesson.toml"} <= names
    assert modes["run_autograder"] & 0o111 and not modes["solutions/prefill/prefill.py"] & 0o111


@pytest.mark.parametrize("lesson, full", [("prefill", 17), ("latency", 13)])
def test_the_autograder_zip_of_every_lesson_grades_each_as_its_files_say(dist, tmp_path, lesson, full):
    """Unpacked as Gradescope does: source/, submission/, results/, run_autograder at the top."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(dist / "autograder.zip") as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():
            os.chmod(root / "source" / info.filename, (info.external_attr >> 16) & 0o777)
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    shutil.copytree(ROOT / "solutions" / lesson, root / "submission", ignore=shutil.ignore_patterns("__pycache__"))
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable}
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert results["score"] == full and len(results["tests"]) > 9, done.stdout + done.stderr


# ---------------------------------------------------------------------------- refusals

def test_a_validated_release_says_nothing_of_force(dist):
    assert "--force" not in (dist / "student" / "README.md").read_text(encoding="utf-8")
    assert "--force" not in (dist / "autograder" / "AUTOGRADER.md").read_text(encoding="utf-8")


@pytest.mark.skipif(not shutil.which("make"), reason="needs make")
def test_the_bundles_make_grade_passes_a_students_id(tmp_path):
    """`make grade STUDENT=ID` in the student bundle grades with that student's own numbers."""
    from grader.authoring.release import _student_makefile

    (tmp_path / "Makefile").write_text(_student_makefile())
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "grade.txt").write_text("")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / ".installed").write_text("")  # set up already: only the grade itself is left

    def grade_line(*variables: str) -> str:
        done = subprocess.run(["make", "--no-print-directory", "-n", "grade", *variables],
                              cwd=tmp_path, capture_output=True, text=True,
                              timeout=60, check=True)
        return " ".join(done.stdout.replace("\\\n", " ").split())

    assert grade_line("STUDENT=alice").endswith("--student 'alice'")
    assert "--student" not in grade_line()

