"""ci/gradescope: `make gradescope` builds a zip that grades inside a folder laid out like Gradescope's.

The test unpacks the zip as Gradescope does (``source/``, ``submission/``, ``results/``, and
run_autograder copied to the top), runs run_autograder against the reference and a wrong
solution, and validates results.json against the schema written from the specification.
setup.sh installs from the network and is only checked for syntax here; the test's Python
stands in for the one it would install.
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

SCHEMA = json.loads((ROOT / "tests" / "data" / "gradescope-results.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def package(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist") / "gradescope-autograder.zip"
    command = ["make", "-s", "gradescope", f"GRADESCOPE_ZIP={out}", f"PYTHON={sys.executable}"] \
        if shutil.which("make") else [sys.executable, "ci/gradescope/build.py", "--output", str(out)]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=120)
    return out


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


def run(root: Path) -> tuple[subprocess.CompletedProcess, dict]:
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable}
    result = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                            timeout=300, check=False)
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(SCHEMA).validate(results)
    return result, results


def solution(module: Path | None = None) -> dict[str, str]:
    files = {"answers.toml": (ROOT / "solutions" / "prefill" / "answers.toml").read_text()}
    files["prefill.py"] = (module or ROOT / "solutions" / "prefill" / "prefill.py").read_text()
    return files


def test_the_zip_has_gradescopes_entry_points_and_the_grader(package):
    with zipfile.ZipFile(package) as archive:
        names = set(archive.namelist())
        modes = {i.filename: (i.external_attr >> 16) for i in archive.infolist()}
    assert {"setup.sh", "run_autograder", "pyproject.toml", "grader/cli.py", "grader/schemas/report-1.schema.json",
            "suites/prefill/lesson.toml", "solutions/prefill/prefill.py"} <= names
    assert modes["run_autograder"] & stat.S_IXUSR and modes["setup.sh"] & stat.S_IXUSR
    assert not [n for n in names if "__pycache__" in n or "/mutants/" in n or n.startswith("exercises/")]


def test_the_scripts_are_valid_bash():
    for script in ("setup.sh", "run_autograder"):
        subprocess.run(["bash", "-n", str(ROOT / "ci" / "gradescope" / script)], check=True)


def test_setup_installs_the_unpacked_grader():
    text = (ROOT / "ci" / "gradescope" / "setup.sh").read_text()
    assert '/autograder/venv/bin/pip install --quiet "$SOURCE"' in text
    assert 'PY="${GRADER_PYTHON:-$ROOT/venv/bin/python}"' in (ROOT / "ci" / "gradescope" / "run_autograder").read_text()


def test_the_reference_gets_full_marks(package, tmp_path):
    result, results = run(autograder(package, tmp_path, solution()))
    assert result.returncode == 0, result.stderr
    assert results["score"] == 17
    assert all(t["status"] == "passed" for t in results["tests"])
    assert "Total: 17/17 (100%)" in result.stdout  # the text report in run_autograder's (hidden) stdout


def test_a_wrong_solution_loses_points_and_keeps_secrets(package, tmp_path):
    wrong = solution(mutant_module(Course(ROOT).lesson("prefill"), "diagonal_excluded", ROOT / "solutions" / "prefill"))
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
