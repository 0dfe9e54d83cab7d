"""The Gradescope autograder: `make gradescope` builds a zip that grades the lesson it was built for.

Each lesson's zip, and the zip of every lesson, is unpacked into a folder laid out like
Gradescope's ``/autograder`` (``source/``, ``submission/``, ``results/``, run_autograder
copied to the top; ``AUTOGRADER_ROOT`` points the script there), and run_autograder grades the
lesson's reference to full marks and its stubs to zero; every results.json is validated
against the schema written from Gradescope's specification (tests/data, a copy of
shared/schemas/gradescope-results.schema.json). setup.sh installs from the network and is only
checked here; the test's Python stands in for the one it would install.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest

from grader.lesson.course import Course

from mutated import mutant_module
from paths import ROOT

# the zips are built once per module (make test: --dist loadscope runs a module on one worker): each
# build is gated on `grader validate` of its lessons, which a second worker would pay again

SCHEMA = json.loads((ROOT / "tests" / "data" / "gradescope-results.schema.json").read_text(encoding="utf-8"))
COURSE = Course(ROOT)
LESSONS = COURSE.lesson_ids()
ALL = "all"  # the zip of every lesson


def make_gradescope(out: Path, lesson: str | None) -> Path:
    """`make gradescope [LESSON=...]`, with the test's Python standing in for the venv's."""
    python = Path(sys.executable)
    command = ["make", "-s", "gradescope", f"GRADESCOPE_ZIP={out}", f"PYTHON={python}", f"BIN={python.parent}",
               "GRADE_STAMP=", *([f"LESSON={lesson}"] if lesson else [])]
    if not shutil.which("make"):
        command = [sys.executable, "-m", "grader.authoring.autograder", "--output", str(out),
                   *(["--lesson", lesson] if lesson else [])]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=900)
    return out


@pytest.fixture(scope="module")
def zips(tmp_path_factory) -> dict[str, Path]:
    dist = tmp_path_factory.mktemp("dist")
    built = {lesson: make_gradescope(dist / f"{lesson}.zip", lesson) for lesson in LESSONS}
    built[ALL] = make_gradescope(dist / "all.zip", None)
    return built


@pytest.fixture(scope="module")
def package(zips) -> Path:
    return zips["prefill"]


def autograder(package: Path, tmp_path: Path, submission: dict[str, str]) -> Path:
    """A folder laid out like Gradescope's /autograder, with the package unpacked in source/."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(package) as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():  # zipfile forgets permissions: restore them as unzip would
            os.chmod(root / "source" / info.filename, (info.external_attr >> 16) & 0o777)
    shutil.copyfile(root / "source" / "run_autograder", root / "run_autograder")
    (root / "run_autograder").chmod(0o755)
    (root / "submission").mkdir()
    (root / "results").mkdir()
    for name, text in submission.items():
        (root / "submission" / name).write_text(text, encoding="utf-8")
    return root


def run(root: Path, **settings: str) -> tuple[subprocess.CompletedProcess, dict]:
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable, **settings}
    result = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                            timeout=300, check=False)
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(SCHEMA).validate(results)
    return result, results


def files_of(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.is_file() and p.suffix != ".ipynb"}


def solution(module: Path | None = None) -> dict[str, str]:
    files = files_of(ROOT / "solutions" / "prefill")
    files["prefill.py"] = (module or ROOT / "solutions" / "prefill" / "prefill.py").read_text()
    return files


def tasks_of(results: dict) -> set[str]:
    return {test["name"].split(":")[0] for test in results["tests"]}


@pytest.mark.parametrize("lesson, built", [(lesson, built) for lesson in LESSONS for built in (lesson, ALL)])
def test_a_lessons_reference_gets_full_marks_and_its_stubs_zero(zips, tmp_path, lesson, built):
    """Each lesson's own zip, and the zip of every lesson (which infers the lesson from the files)."""
    the_lesson = COURSE.lesson(lesson)
    full = sum(task.points for task in the_lesson.tasks)
    result, results = run(autograder(zips[built], tmp_path / "reference", files_of(ROOT / "solutions" / lesson)))
    assert result.returncode == 0, result.stderr
    assert results["score"] == full, result.stdout + result.stderr
    assert tasks_of(results) == {task.id for task in the_lesson.tasks}
    assert all(t["status"] == "passed" for t in results["tests"])
    assert f"Total: {full:g}/{full:g} (100%)" in result.stdout  # the text report in run_autograder's (hidden) stdout
    result, results = run(autograder(zips[built], tmp_path / "stubs", files_of(ROOT / "exercises" / lesson)))
    assert result.returncode == 0 and results["score"] == 0, result.stdout + result.stderr
    assert tasks_of(results) == {task.id for task in the_lesson.tasks}


def test_a_zip_for_one_lesson_grades_only_that_lesson(zips, tmp_path):
    """A prefill hand-in to the latency assignment is graded as latency (it lacks latency.py), never as prefill."""
    result, results = run(autograder(zips["latency"], tmp_path, solution()))
    assert result.returncode == 0
    assert tasks_of(results) == {task.id for task in COURSE.lesson("latency").tasks}
    assert all(t["status"] != "passed" for t in results["tests"] if not t["name"].startswith(("hand_", "quiz")))


def test_the_zip_of_every_lesson_grades_a_submission_naming_no_lesson_as_the_courses_first(zips, tmp_path):
    answers = {"answers.toml": (ROOT / "solutions" / "prefill" / "answers.toml").read_text()}
    result, results = run(autograder(zips[ALL], tmp_path, answers))
    assert result.returncode == 0 and COURSE.default_lesson().id == "prefill"
    assert tasks_of(results) == {task.id for task in COURSE.lesson("prefill").tasks} and results["score"] == 4


def test_the_zip_has_gradescopes_entry_points_the_grader_and_only_its_lessons(zips):
    for built, package in zips.items():
        with zipfile.ZipFile(package) as archive:
            names = set(archive.namelist())
            modes = {i.filename: (i.external_attr >> 16) for i in archive.infolist()}
            course = archive.read("course.toml").decode()
        lessons = LESSONS if built == ALL else [built]
        assert {"setup.sh", "run_autograder", "requirements/grade.txt", "grader/cli.py",
                "grader/schemas/report-1.schema.json", "course.toml"} <= names
        assert {f"suites/{lesson}/lesson.toml" for lesson in lessons} | {f"solutions/{lesson}/{lesson}.py"
                                                                          for lesson in lessons} <= names
        assert {name.split("/")[1] for name in names if name.startswith("suites/")} == set(lessons)
        assert modes["run_autograder"] & stat.S_IXUSR and modes["setup.sh"] & stat.S_IXUSR
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        assert all(f'"{lesson}"' in course for lesson in lessons)


def test_the_two_builders_are_one(zips, tmp_path):
    """`grader release` writes the same autograder as `make gradescope` (apart from its release stamp)."""
    from grader.authoring.release import release

    done = release(COURSE, tmp_path / "dist", lesson="latency")
    with zipfile.ZipFile(done.archive) as released, zipfile.ZipFile(zips["latency"]) as built:
        mine = {i.filename: released.read(i) for i in released.infolist() if i.filename != ".grader-release"}
        theirs = {i.filename: built.read(i) for i in built.infolist()}
    assert mine == theirs


def test_the_scripts_are_valid_bash(zips, tmp_path):
    with zipfile.ZipFile(zips[ALL]) as archive:
        archive.extractall(tmp_path)
    for script in ("setup.sh", "run_autograder"):
        subprocess.run(["bash", "-n", str(tmp_path / script)], check=True)


def test_setup_installs_the_lock_and_every_path_can_be_moved_for_testing(zips, tmp_path):
    with zipfile.ZipFile(zips["latency"]) as archive:
        setup, run_script = archive.read("setup.sh").decode(), archive.read("run_autograder").decode()
        lock = archive.read("requirements/grade.txt").decode()
    assert '-r "$SOURCE/requirements/grade.txt"' in setup and 'ROOT="${AUTOGRADER_ROOT:-/autograder}"' in setup
    commands = [line for line in setup.splitlines() if not line.lstrip().startswith("#")]
    assert '"$PY" -m venv "$ROOT/venv"' in commands and not [line for line in commands if "/autograder/" in line]
    assert lock == (ROOT / "requirements" / "grade.txt").read_text() and "numpy==" in lock
    assert 'PY="${GRADER_PYTHON:-$ROOT/venv/bin/python}"' in run_script
    assert 'LESSON="${GRADER_LESSON:-latency}"' in run_script


def test_a_wrong_solution_loses_points_and_keeps_secrets(package, tmp_path):
    wrong = solution(mutant_module(COURSE.lesson("prefill"), "diagonal_excluded", ROOT / "solutions" / "prefill"))
    result, results = run(autograder(package, tmp_path, wrong))
    assert result.returncode == 0, result.stderr
    assert results["score"] < 17
    tests = {t["name"]: t for t in results["tests"]}
    assert tests["causal_mask: lower_triangle"]["status"] == "failed"
    assert tests["causal_mask: diagonal_included"]["visibility"] == "hidden"
    assert tests["causal_mask: diagonal_included"]["output"].endswith("the mask must include the diagonal "
                                                                       "(each token attends to itself)")
    assert "causal_mask(4)" not in json.dumps(results)


def test_the_packaged_grader_is_the_one_that_runs(package, tmp_path):
    root = autograder(package, tmp_path, solution())
    code = "import grader; print(grader.__file__)"
    out = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(root / "source")}, cwd=root,
                         capture_output=True, text=True, check=True).stdout
    assert Path(out.strip()).is_relative_to(root / "source")


def test_an_ungradable_submission_still_gets_a_results_file(package, tmp_path):
    result, results = run(autograder(package, tmp_path, {"notes.txt": "I forgot the files"}))
    assert result.returncode == 0
    assert results["score"] == 0
    assert "could not be graded" in results["output"] and "holds neither prefill.py nor answers.toml" \
        in results["output"]


@pytest.mark.parametrize("then", ["ungradable", "grader-fault"])
def test_a_reused_folder_never_keeps_the_previous_submissions_results(package, tmp_path, then):
    """The documented local test reuses one folder: a submission that cannot be graded, or a grader that
    stops, used to leave the previous results.json in place, so the last student's 17/17 stood for the next."""
    root = autograder(package, tmp_path, solution())
    _, results = run(root)
    assert results["score"] == 17
    if then == "ungradable":
        shutil.rmtree(root / "submission")
        (root / "submission").mkdir()
        (root / "submission" / "notes.txt").write_text("I forgot the files", encoding="utf-8")
        result, results = run(root)  # a results.json that says so, valid against the schema
        assert result.returncode == 0 and results["score"] == 0 and results["tests"] == []
        assert results["output"].startswith("Your submission could not be graded: ")
    else:
        env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable,
               "GRADER_SANDBOX": "bwrap"}  # a deployment's mistake: no score at all (see the test below)
        result = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                                timeout=300, check=False)
        assert result.returncode == 3, result.stdout + result.stderr
        assert not (root / "results" / "results.json").exists()


def test_students_read_graded_in_limited_mode_and_the_instructor_reads_how(package, tmp_path):
    """Issue 24: students read `ran in: limited (bubblewrap is not installed; worker stays root:
    /root/.pyenv/…)` at the top of their Gradescope output. The detail is in run_autograder's own
    output, which Gradescope shows to instructors only."""
    result, results = run(autograder(package, tmp_path, solution()), GRADER_SANDBOX="limited")
    assert result.returncode == 0 and results["score"] == 17, result.stdout + result.stderr
    shown = json.dumps(results)
    assert "graded in limited mode" in results["output"].splitlines()
    assert "ran in" not in shown and "GRADER_SANDBOX" not in shown and "nobody" not in shown
    assert sys.base_prefix not in shown and str(tmp_path) not in shown
    assert "grader: ran in: limited (GRADER_SANDBOX=limited" in result.stderr


@pytest.mark.parametrize("breakage", ["lesson", "sandbox"])
def test_a_fault_of_the_grader_is_no_score_for_gradescope_never_the_students_zero(package, tmp_path, breakage):
    """A lesson's broken files, or a sandbox setting that cannot work (exit status 3): no results.json,
    so Gradescope records no score ("The autograder failed to execute correctly") and the staff
    regrade once fixed; the cause is in run_autograder's instructor-only output. It used to write
    a results.json scoring the reference solution 0, "Your submission could not be graded"."""
    root = autograder(package, tmp_path, solution())
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable}
    if breakage == "lesson":
        manifest = root / "source" / "suites" / "prefill" / "lesson.toml"
        manifest.write_text(manifest.read_text().replace("points = 2", "points = -2", 1))
    else:
        env["GRADER_SANDBOX"] = "bwrap"  # a misspelt mode: the deployment's setting, not the student's doing
    result = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 3, result.stdout + result.stderr
    assert not (root / "results" / "results.json").exists()
    assert "not graded, the grader stopped with status 3 (not the submission's fault)" in result.stdout
    cause = "lesson.toml, key 'tasks[0].points'" if breakage == "lesson" else "GRADER_SANDBOX: 'bwrap' is not a sandbox"
    assert cause in result.stdout


@pytest.mark.parametrize("built", ["prefill", ALL])
@pytest.mark.parametrize("shape", ["nested-folder", "github-repository", "macos-zip"])
def test_a_submission_as_gradescope_unpacks_it_is_graded_to_full_marks(zips, tmp_path, built, shape):
    """A zip Gradescope unpacked (one folder inside, or with macOS's __MACOSX/ beside it), or a GitHub
    repository: the whole course with every lesson's stubs and the student's prefill work. The zip of
    every lesson scored that repository 0 ("holds the files of several lessons: pass --lesson")."""
    root = autograder(zips[built], tmp_path, {})
    work = solution()
    if shape == "github-repository":
        for lesson in LESSONS:
            shutil.copytree(ROOT / "exercises" / lesson, root / "submission" / "exercises" / lesson)
        (root / "submission" / "README.md").write_text("# inference course\n")
        place = root / "submission" / "exercises" / "prefill"
    else:
        place = root / "submission" / "My Work (final)"
        place.mkdir()
        if shape == "macos-zip":
            (root / "submission" / "__MACOSX" / place.name).mkdir(parents=True)
            for name in work:
                (root / "submission" / "__MACOSX" / place.name / f"._{name}").write_bytes(b"\x00\x05\x16\x07\x00")
    for name, text in work.items():
        (place / name).write_text(text, encoding="utf-8")
    result, results = run(root)
    assert result.returncode == 0 and results["score"] == 17, result.stdout + result.stderr


# ---------------------------------------------------------------------------- whose numbers: Gradescope's metadata

def metadata(root: Path, *emails: str) -> None:
    """Gradescope's /autograder/submission_metadata.json: beside the submission, out of the student's reach."""
    users = [{"email": email, "id": 1000 + i, "name": f"Student {i}"} for i, email in enumerate(emails)]
    (root / "submission_metadata.json").write_text(json.dumps({"id": 1, "assignment": {"title": "Prefill"},
                                                               "users": users}), encoding="utf-8")


def test_the_zip_grades_the_variant_of_the_metadatas_student_never_an_id_inside_the_submission(package, tmp_path):
    """Ann's own answers (her id in the metadata) earn every point; the same files naming "bob" inside are
    still Ann's, and the instructor's log says so; under Bob's metadata they are wrong for his numbers."""
    from class_folder import own_answers

    files = solution()
    (tmp_path / "answers.toml").write_text(files["answers.toml"])
    own_answers(tmp_path / "answers.toml", "ann@example.edu")
    files["answers.toml"] = 'student = "bob@example.edu"\n' + (tmp_path / "answers.toml").read_text()
    with zipfile.ZipFile(package) as archive:
        assert "[term]" in archive.read("course.toml").decode()  # the salt travels: the numbers are the course's
    root = autograder(package, tmp_path / "ann", files)
    metadata(root, "Ann@Example.EDU")
    result, results = run(root)
    assert result.returncode == 0 and results["score"] == 17, result.stdout + result.stderr
    assert "names student 'bob@example.edu' itself" in result.stderr  # run_autograder's log: instructors only
    assert "bob" not in json.dumps(results)  # nothing of it in what the student reads
    root = autograder(package, tmp_path / "bob", files)
    metadata(root, "bob@example.edu")
    result, results = run(root)
    assert result.returncode == 0 and results["score"] < 17  # Ann's answers are wrong for Bob's numbers
    assert "names student" not in result.stderr  # the file names Bob, whose submission it is


def test_a_group_is_graded_with_its_first_members_numbers(package, tmp_path):
    from class_folder import own_answers

    files = solution()
    (tmp_path / "answers.toml").write_text(files["answers.toml"])
    files["answers.toml"] = own_answers(tmp_path / "answers.toml", "amy@example.edu").read_text()
    root = autograder(package, tmp_path / "group", files)
    metadata(root, "zoe@example.edu", "Amy@example.edu")
    result, results = run(root)
    assert result.returncode == 0 and results["score"] == 17, result.stdout + result.stderr


def test_metadata_that_names_no_one_gives_no_score_rather_than_someone_elses_numbers(package, tmp_path):
    root = autograder(package, tmp_path, solution())
    (root / "submission_metadata.json").write_text(json.dumps({"users": []}))
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable}
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 3 and not (root / "results" / "results.json").exists()
    assert "whose submission it is cannot be read" in done.stdout and "names no submitter" in done.stdout
