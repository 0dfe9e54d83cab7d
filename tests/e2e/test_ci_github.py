"""ci/github/grade.yml: a valid workflow whose steps call commands that exist, as they exist."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
import yaml

from grader.cli import _targets, build_parser
from grader.formats import FormatOptions
from grader.lesson.course import Course

from paths import ROOT

WORKFLOW = ROOT / "ci" / "github" / "grade.yml"


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def steps(workflow) -> list[dict]:
    (job,) = workflow["jobs"].values()
    return job["steps"]


def commands(steps: list[dict], program: str) -> list[list[str]]:
    """Every command line of the run steps that starts with ``program``, as argv."""
    found = []
    for step in steps:
        for line in step.get("run", "").replace("\\\n", " ").splitlines():
            line = re.sub(r"\$\{\{[^}]*\}\}", "X", line)  # expressions GitHub fills in
            line = re.sub(r"\$\{[A-Z_]+:\+(.*?)\}", r"\1", line)  # ${STUDENT:+--student "$STUDENT"}: when set
            if line.strip().startswith(program):
                found.append(shlex.split(line))
    return found


def test_it_runs_on_pushes_and_pull_requests(workflow):
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads a bare `on` as True
    assert {"push", "pull_request"} <= set(triggers)
    assert workflow["permissions"] == {"contents": "read"}


def test_it_uses_only_well_known_actions_pinned_to_a_major_version(steps):
    uses = [s["uses"] for s in steps if "uses" in s]
    assert uses == ["actions/checkout@v4", "actions/checkout@v4", "actions/setup-python@v5",
                    "actions/upload-artifact@v4"]


def test_python_matches_the_package(steps, workflow):
    setup = next(s for s in steps if s.get("uses", "").startswith("actions/setup-python"))
    wanted = re.search(r'requires-python = ">=(\d+\.\d+)"', (ROOT / "pyproject.toml").read_text()).group(1)
    assert setup["with"]["python-version"] == wanted


def test_the_grader_commands_parse_with_the_real_cli(steps):
    (grade,) = commands(steps, "grader")
    args = build_parser().parse_args(grade[1:])
    assert args.command == "grade" and args.submission == Path(".")
    targets = _targets(args.format, args.output, FormatOptions())  # every format exists, at most one to stdout
    files = {str(path) for _, path in targets if path}
    assert files == {"reports/summary.md", "reports/grade.json", "reports/junit.xml", "reports/report.html"}
    assert [type(w).__name__ for w, path in targets if path is None] == ["GithubFormat"]


def test_the_summary_and_artifacts_use_the_files_the_grader_writes(steps):
    (grade,) = commands(steps, "grader")
    written = {spec.split(":", 1)[1] for spec in grade if ":" in spec and not spec.startswith("$")}
    summary = next(s for s in steps if "GITHUB_STEP_SUMMARY" in s.get("run", ""))
    assert summary["if"] == "always()"
    assert shlex.split(summary["run"].split(">>")[0]) == ["cat", "reports/summary.md"]
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["if"] == "always()"
    uploaded = set(upload["with"]["path"].split())
    assert uploaded == {"reports/grade.json", "reports/junit.xml", "reports/report.html"} <= written | uploaded
    assert uploaded <= written


def test_the_grader_is_installed_from_the_checkout_it_grades_with(steps):
    (install,) = commands(steps, "python -m pip")
    (grade,) = commands(steps, "grader")
    checkout = next(s for s in steps if s.get("with", {}).get("repository"))
    assert checkout["with"]["path"] == ".grader"
    assert install[-1] == grade[grade.index("--course") + 1] == "$RUNNER_TEMP/grader"
    assert any('mv .grader "$RUNNER_TEMP/grader"' in s.get("run", "") for s in steps)


def test_the_lesson_is_a_repository_variable_whose_default_the_course_has(workflow):
    (job,) = workflow["jobs"].values()
    found = re.fullmatch(r"\$\{\{ vars\.GRADER_LESSON \|\| '([a-z0-9_-]+)' \}\}", job["env"]["LESSON"])
    assert found, job["env"]["LESSON"]
    assert found[1] in Course(ROOT).lesson_ids()


def whose_numbers(steps, repository: str, assignment: str, tmp_path) -> str:
    """Run the workflow's "Whose numbers" step as GitHub would (bash), and read what it hands the grade step."""
    step = next(s for s in steps if s.get("name") == "Whose numbers")
    env_file = tmp_path / "github_env"
    env_file.write_text("")
    subprocess.run(["bash", "-e", "-c", step["run"]], check=True, timeout=30,
                   env={"PATH": os.environ["PATH"], "GITHUB_REPOSITORY": repository, "ASSIGNMENT": assignment,
                        "GITHUB_ENV": str(env_file)})
    (line,) = env_file.read_text().splitlines()
    assert line.startswith("STUDENT=")
    return line.removeprefix("STUDENT=")


@pytest.mark.parametrize("repository, assignment, student", [
    ("course-org/prefill-alice", "prefill", "alice"),  # Classroom's <assignment prefix>-<username>
    ("course-org/Prefill-Bob-2", "prefill", "Bob-2"),  # a username with a hyphen; the prefix in any case
    ("course-org/prefill-hw1-carol", "prefill-hw1", "carol"),
    ("course-org/prefill", "prefill", ""),  # the template itself: the lesson's own numbers
    ("dave/my-prefill-work", "prefill", ""),  # a repository Classroom did not name
])
def test_the_student_is_the_username_of_a_classroom_repository(steps, tmp_path, repository, assignment, student):
    assert whose_numbers(steps, repository, assignment, tmp_path) == student


def test_the_id_comes_from_the_repository_and_reaches_the_grade(steps, workflow):
    (grade,) = commands(steps, "grader")
    args = build_parser().parse_args(grade[1:])
    assert args.student == "$STUDENT"  # the step's output, never anything read from the submission
    names = [s.get("name") for s in steps]
    assert names.index("Whose numbers") < names.index("Grade")
    step = steps[names.index("Whose numbers")]
    assert re.fullmatch(r"\$\{\{ vars\.GRADER_ASSIGNMENT \|\| vars\.GRADER_LESSON \|\| '[a-z0-9_-]+' \}\}",
                        step["env"]["ASSIGNMENT"])

