"""The command line as CI calls it: exit statuses, one-line errors, the JSON contract."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.cli import main
from grader.grading.engine import grade
from grader.lesson.course import Course

from mutated import mutant_module
from paths import ROOT

LESSON = Course(ROOT).lesson("prefill")


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_json_report_of_the_reference_has_full_marks_and_the_contract_shape():
    result = run("grade", "solutions/prefill", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["lesson"] == "prefill"
    assert report["score"] == report["max_score"] > 0
    for task in report["tasks"]:
        assert set(task) >= {"id", "score", "max_score", "status", "feedback", "checks"}
        assert task["status"] == "passed"
        assert all(set(c) >= {"name", "passed", "message"} for c in task["checks"])
    assert [t["id"] for t in report["tasks"]] == [
        "prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential",
        "hand_flops", "hand_seconds", "hand_pairs", "quiz"]


@pytest.mark.parametrize("lesson", [["--lesson", "prefill"], []], ids=["given", "inferred"])
def test_a_grade_reads_its_lesson_once_for_the_report_too(monkeypatch, capsys, lesson):
    """Pointing each task at its function's line used the lesson read again (its manifest and catalogue
    parsed twice: a twentieth of a single grade)."""
    import grader.lesson.course as course

    read, original = [], course.load_lesson
    monkeypatch.setattr(course, "load_lesson", lambda folder: read.append(folder.name) or original(folder))
    assert main(["--course", str(ROOT), "grade", str(ROOT / "solutions" / "prefill"), *lesson]) == 0
    assert "Total: 17/17" in capsys.readouterr().out
    assert read.count("prefill") == 1


def test_text_report_of_the_stubs_lists_every_task_and_the_total():
    result = run("grade", "exercises/prefill")
    assert result.returncode == 0, result.stderr
    for task_id in ("prefill_flops", "causal_mask", "quiz"):
        assert any(line.startswith(task_id) and "0/" in line for line in result.stdout.splitlines())
    assert "not implemented yet" in result.stdout
    assert "Total: 0/17 (0%)" in result.stdout


def test_fail_under_gates_ci(tmp_path):
    assert run("grade", "exercises/prefill", "--fail-under", "50").returncode == 1
    assert run("grade", "solutions/prefill", "--fail-under", "100").returncode == 0


def test_output_file_receives_the_report(tmp_path):
    out = tmp_path / "reports" / "grade.json"
    result = run("grade", "solutions/prefill", "--format", "json", "--output", str(out))
    assert result.returncode == 0 and result.stdout == ""
    assert json.loads(out.read_text())["score"] == 17
    assert [p.name for p in out.parent.iterdir()] == ["grade.json"]  # no temporary file left behind


@pytest.mark.parametrize("args, message", [
    (["grade", "no/such/folder"], "no such file or folder"),
    (["grade", "exercises/prefill", "--format", "yaml"], "unknown format 'yaml'"),
    (["grade", "exercises/prefill", "--lesson", "decode"], "unknown lesson 'decode'"),
    (["grade", "exercises/prefill", "--fail-under", "150"], "--fail-under must be a percentage"),
    (["grade", "pyproject.toml", "--lesson", "prefill"], "expected a folder"),
    (["frobnicate"], "invalid choice"),
])
def test_usage_errors_exit_2_with_one_line(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_unwritable_output_is_a_usage_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    code = main(["grade", "solutions/prefill", "--output", str(blocker / "sub" / "out.json")])
    assert code == 2


def test_broken_manifest_names_file_and_key(tmp_path):
    course = tmp_path / "course"
    (course / "suites").mkdir(parents=True)
    (course / "suites" / "prefill").symlink_to(ROOT / "suites" / "prefill")
    lesson = course / "suites" / "other"
    lesson.mkdir()
    (lesson / "lesson.toml").write_text('id = "other"\nmodule = "other.py"\n[[tasks]]\nid = "t"\npoints = -1\n'
                                        'function = "f"\n')
    result = run("--course", str(course), "grade", str(ROOT / "solutions" / "prefill"), "--lesson", "other")
    assert result.returncode == 3  # the course's fault, not the submission's
    assert "not the submission's fault" in result.stderr and "Traceback" not in result.stderr
    assert str(lesson / "lesson.toml") in result.stderr and "tasks[0].points" in result.stderr


def test_a_check_that_breaks_on_the_reference_too_exits_3_after_the_report(tmp_path):
    """The suite's bug must not pass for the student's lost points: the report is written, and the
    exit status and one line say that the grader is at fault (run_autograder then writes no score)."""
    course = tmp_path / "course"
    for tree in ("suites", "solutions", "exercises"):
        shutil.copytree(ROOT / tree / "prefill", course / tree / "prefill",
                        ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    (course / "suites" / "prefill" / "test_extra.py").write_text(
        "import pytest\n@pytest.mark.task('causal_pairs')\ndef test_buggy(student):\n    1 / 0\n")
    result = run("--course", str(course), "grade", str(course / "solutions" / "prefill"), "--format", "json")
    assert result.returncode == 3 and "Traceback" not in result.stderr
    assert json.loads(result.stdout)["score"] < 17  # the report is there, for whoever fixes the suite
    assert result.stderr.strip().splitlines()[-1] == (
        "grader: 1 check could not reach a verdict: causal_pairs (buggy); a fault of the lesson's suite or of its "
        "reference solution, not of the submission: the score above is not final")


def test_grades_from_another_working_folder(tmp_path):
    result = run("grade", str(ROOT / "solutions" / "prefill"), "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["score"] == 17


# ---------------------------------------------------------------------------- several formats, audiences

def test_several_formats_from_one_grading(tmp_path):
    result = run("grade", "solutions/prefill", "--format", "text", "--format", f"json:{tmp_path / 'r.json'}",
                 "--format", f"junit:{tmp_path / 'out' / 'r.xml'}", "--format", f"html:{tmp_path / 'r.html'}",
                 "--format", f"gradescope:{tmp_path / 'results.json'}")
    assert result.returncode == 0, result.stderr
    assert "Total: 17/17 (100%)" in result.stdout
    assert json.loads((tmp_path / "r.json").read_text())["score"] == 17
    assert json.loads((tmp_path / "results.json").read_text())["score"] == 17
    assert (tmp_path / "out" / "r.xml").read_text().startswith("<?xml")
    assert "17 / 17" in (tmp_path / "r.html").read_text()


def test_output_goes_to_the_one_format_without_a_file(tmp_path):
    result = run("grade", "solutions/prefill", "--format", "markdown", "--format", f"json:{tmp_path / 'r.json'}",
                 "--output", str(tmp_path / "summary.md"))
    assert result.returncode == 0 and result.stdout == ""
    assert (tmp_path / "summary.md").read_text().startswith("## ")
    assert (tmp_path / "r.json").exists()


@pytest.mark.parametrize("args, message", [
    (["--format", "text", "--format", "json"], "only one report can go to standard output"),
    (["--format", "json:a.json", "--output", "b.json"], "every --format has a file"),
    (["--format", "json:"], "name a file after ':'"),
    (["--format", "json:same", "--format", "html:same"], "already written to same"),
    (["--format", "pdf:x.pdf"], "unknown format 'pdf'"),
    (["--audience", "teacher"], "invalid choice: 'teacher'"),
])
def test_format_usage_errors_exit_2_before_grading(tmp_path, args, message):
    result = run("grade", "solutions/prefill", *args, cwd=ROOT)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not list(tmp_path.iterdir())


def test_the_audience_decides_what_a_secret_check_says(tmp_path):
    wrong = tmp_path / "prefill"
    wrong.mkdir()
    source = mutant_module(LESSON, "diagonal_excluded", ROOT / "solutions" / "prefill").read_text()
    (wrong / "prefill.py").write_text(source)
    student = json.loads(run("grade", str(wrong), "--format", "json").stdout)
    instructor = json.loads(run("grade", str(wrong), "--format", "json", "--audience", "instructor").stdout)
    def pick(report):
        return next(c for t in report["tasks"] for c in t["checks"] if c["name"] == "diagonal_included")
    assert pick(student)["message"] == "the mask must include the diagonal (each token attends to itself)"
    assert pick(instructor)["message"].startswith("causal_mask(7): the mask must include the diagonal")
    assert pick(student)["visibility"] == "hidden"
    assert student["score"] == instructor["score"]


@pytest.mark.parametrize("fmt", ["text", "json", "html", "markdown", "github"])
def test_grading_imports_no_heavy_format_library(fmt):
    """The single-grade command must not pay for rich, jinja, junitparser or jsonschema it does not use."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "grader", "grade", "solutions/prefill",
                             "--format", fmt], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    listing = [line for line in result.stderr.splitlines() if line.startswith("import time")]
    imported = {line.rsplit("|", 1)[-1].strip() for line in listing}
    assert "grader.formats" in imported  # the importtime listing is really there
    top = {name.split(".")[0] for name in imported}
    assert not top & {"rich", "jinja2", "junitparser", "jsonschema", "xmlschema", "yaml"}


def test_report_files_are_readable_by_others(tmp_path):
    out = tmp_path / "report.html"
    assert run("grade", "solutions/prefill", "--format", f"html:{out}").returncode == 0
    assert out.stat().st_mode & 0o044  # not mkstemp's owner-only 0600 (the umask decides)


def test_verbose_shows_what_each_check_saw_under_the_misconception(tmp_path):
    folder = tmp_path / "prefill"
    shutil.copytree(ROOT / "solutions" / "prefill", folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(mutant_module(LESSON, "forgot_factor_2", ROOT / "solutions" / "prefill"), folder / "prefill.py")
    short = run("grade", str(folder))
    verbose = run("grade", str(folder), "--verbose")
    assert short.returncode == verbose.returncode == 0, short.stderr + verbose.stderr
    for out in (short.stdout, verbose.stdout):
        assert "did you drop the factor 2 for the multiply-add?" in " ".join(out.split())
    assert "prefill_flops(1, 1) returned 1;" not in short.stdout and "--verbose shows" in short.stdout
    assert "prefill_flops(1, 1) returned 1;" in verbose.stdout and "[flops.missing-factor-2]" in verbose.stdout
    # prefill_flops's other_sizes is hidden: its property, never its values
    hidden = verbose.stdout.split("What to fix")[1].split("prefill_seconds (")[0]
    assert "for other model and prompt sizes too" in " ".join(hidden.split()) and ", expected" not in hidden


# ---------------------------------------------------------------------------- which lesson, and where its files are

def test_grade_without_a_submission_grades_the_default_lessons_exercises():
    """`make grade`: the course's first lesson (course.toml), or --lesson's, from exercises/<lesson>/."""
    default = run("grade")
    assert default.returncode == 0, default.stderr
    assert default.stdout.startswith("E1.2 · Lesson 2 of 6: Prefill: exercises/prefill")
    assert "Total: 0/17" in default.stdout
    latency = run("grade", "--lesson", "latency")
    assert latency.returncode == 0 and "Total: 0/13" in latency.stdout, latency.stderr


def test_a_folder_whose_files_name_no_lesson_is_graded_as_the_courses_first(tmp_path):
    shutil.copyfile(ROOT / "solutions" / "prefill" / "answers.toml", tmp_path / "answers.toml")
    result = run("grade", str(tmp_path), "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["lesson"] == "prefill" and report["score"] == 4  # the four answer tasks; no module handed in


def course_repository(root: Path, lessons: dict[str, Path]) -> Path:
    """A student's whole course repository, as a GitHub hand-in brings it: exercises/<lesson>/ and more."""
    (root / ".git").mkdir(parents=True)
    (root / "README.md").write_text("my course work\n")
    for lesson, source in lessons.items():
        shutil.copytree(source, root / "exercises" / lesson, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_a_course_repository_is_graded_from_its_exercises_folder(tmp_path):
    repo = course_repository(tmp_path / "latency-repo", {"latency": ROOT / "solutions" / "latency"})
    result = run("grade", str(repo), "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["lesson"] == "latency" and report["score"] == report["max_score"] == 13

    both = course_repository(tmp_path / "whole-repo", {"prefill": ROOT / "solutions" / "prefill",
                                                       "latency": ROOT / "exercises" / "latency"})
    result = run("grade", str(both), "--lesson", "prefill", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["score"] == 17
    result = run("grade", str(both), "--format", "json")  # latency's untouched stubs name no lesson
    assert result.returncode == 0 and json.loads(result.stdout)["lesson"] == "prefill", result.stderr
    worked = course_repository(tmp_path / "both-done", {"prefill": ROOT / "solutions" / "prefill",
                                                         "latency": ROOT / "solutions" / "latency"})
    ambiguous = run("grade", str(worked))  # work for two lessons: refused, not defaulted
    assert ambiguous.returncode == 2 and "several lessons (prefill, latency)" in ambiguous.stderr


def test_the_lessons_module_in_two_places_is_refused_naming_both(tmp_path):
    for place in ("final", "draft"):
        (tmp_path / place).mkdir()
        shutil.copyfile(ROOT / "solutions" / "prefill" / "prefill.py", tmp_path / place / "prefill.py")
    result = run("grade", str(tmp_path), "--lesson", "prefill")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "prefill.py (or its notebook) in 2 folders (draft/, final/)" in result.stderr


# ---------------------------------------------------------------------------- exit statuses, never a traceback

def _broken(args):
    raise RuntimeError("the grader's own bug")


def test_an_internal_error_exits_3_in_one_line_saying_it_is_the_graders_fault(monkeypatch, capsys):
    from grader import cli

    monkeypatch.setitem(cli._COMMANDS, "grade", _broken)
    assert main(["grade", "solutions/prefill"]) == 3
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "internal error (RuntimeError: the grader's own bug)" in err and "not of the submission" in err
    assert "--debug" in err


def test_a_sandbox_that_cannot_run_the_canary_exits_3_in_one_line_naming_the_cause(monkeypatch, capsys):
    from grader import cli
    from grader.exceptions import SandboxFailed

    def no_sandbox(args):
        raise SandboxFailed("GRADER_SANDBOX=bubblewrap: the worker cannot switch to nobody inside this container "
                            "([Errno 1] setgroups() failed: Operation not permitted)\x1b[2J: run the grader as root")

    monkeypatch.setitem(cli._COMMANDS, "grade", no_sandbox)
    assert main(["grade", "solutions/prefill"]) == 3
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "\x1b" not in err  # what the sandbox said is shown inert
    assert err.startswith("grader: GRADER_SANDBOX=bubblewrap: the worker cannot switch to nobody inside this container")


def test_debug_shows_the_traceback_of_an_internal_error(monkeypatch, capsys):
    from grader import cli

    monkeypatch.setitem(cli._COMMANDS, "grade", _broken)
    assert main(["--debug", "grade", "solutions/prefill"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" in err and "_broken" in err and err.strip().splitlines()[-1].startswith("grader: internal error")


def test_a_message_quoting_a_hostile_name_is_shown_inert(tmp_path, capsys):
    name = "\x1b]0;owned\x07\n::add-mask::17"
    assert main(["grade", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and len(err.strip().splitlines()) == 1
    assert not any(line.lstrip().startswith("::") for line in err.splitlines())
    assert "\\x1b]0;owned\\x07\\n::add-mask::17" in err  # what the name was, visibly


# ---------------------------------------------------------------------------- --solutions: no check without its truth

def _multiplied_by_utilization() -> str:
    """A wrong prefill_seconds that loses points only on checks comparing with the reference (3/3 without one)."""
    return str(mutant_module(LESSON, "multiplied_by_utilization", ROOT / "solutions" / "prefill").parent)


def _seconds(result: subprocess.CompletedProcess) -> float:
    return next(t["score"] for t in json.loads(result.stdout)["tasks"] if t["id"] == "prefill_seconds")


@pytest.mark.parametrize("solutions", ["solutions/prefill", "solutions"], ids=["lesson-folder", "tree"])
def test_grade_takes_a_lesson_folder_or_a_tree_of_solutions_alike(solutions):
    """Issue 16: a tree (the shape validate takes) used to skip every check of the reference: 3/3, exit 0."""
    result = run("grade", _multiplied_by_utilization(), "--solutions", solutions, "--format", "json")
    assert result.returncode == 0, result.stderr
    truth = grade(_multiplied_by_utilization(), lesson="prefill", course=Course(ROOT)).task("prefill_seconds").score
    assert _seconds(result) == truth < 3


@pytest.mark.parametrize("where", ["nowhere", "empty"])
def test_grade_with_solutions_it_cannot_use_is_a_configuration_error_naming_path_and_layouts(tmp_path, where):
    (tmp_path / "empty").mkdir()
    result = run("grade", _multiplied_by_utilization(), "--solutions", str(tmp_path / where), "--format", "json")
    assert result.returncode == 3 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("grader: the grader's set-up is wrong (not the submission's fault): --solutions ")
    assert f"--solutions {tmp_path / where}" in line
    assert "a lesson folder holding prefill.py" in line and "a tree holding prefill/" in line


def test_grade_without_any_reference_is_a_configuration_error_never_a_pass(tmp_path):
    """A course whose solution is gone and which ships no recorded answers: nothing to compare with."""
    for tree in ("exercises", "suites"):
        shutil.copytree(ROOT / tree / "prefill", tmp_path / tree / "prefill", ignore=shutil.ignore_patterns("mutants"))
    (tmp_path / "solutions" / "prefill").mkdir(parents=True)
    shutil.copy(ROOT / "solutions" / "prefill" / "answers.toml", tmp_path / "solutions" / "prefill")
    result = run("--course", str(tmp_path), "grade", _multiplied_by_utilization(), "--format", "json")
    assert result.returncode == 3 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert f"{tmp_path / 'solutions' / 'prefill' / 'prefill.py'}: is missing" in line
    assert "compare with the reference solution" in line and "a tree holding prefill/" in line


def test_a_report_on_stdout_carries_nothing_the_reference_solution_prints(tmp_path):
    """An instructor's solution that prints at import and in a function the checks call: its lines went
    to stdout, before the JSON report, which no longer parsed. They go to stderr now."""
    mine = tmp_path / "mine" / "prefill"
    shutil.copytree(ROOT / "solutions" / "prefill", mine, ignore=shutil.ignore_patterns("__pycache__"))
    source = (mine / "prefill.py").read_text()
    assert "def causal_mask(P):\n" in source
    source = source.replace("def causal_mask(P):\n", "def causal_mask(P):\n    print('mask for', P)\n")
    (mine / "prefill.py").write_text(source + "\nprint('solution loaded')\n")
    done = subprocess.run([sys.executable, "-m", "grader", "grade", "solutions/prefill", "--solutions",
                           str(tmp_path / "mine"), "--format", "json"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"] == 17
    assert "solution loaded" in done.stderr and "mask for" in done.stderr


@pytest.mark.parametrize("audience", ["student", "instructor"])
def test_limited_mode_is_one_flag_for_students_and_the_machines_details_for_whoever_runs_the_grader(audience):
    """Issue 24: students read the grading machine's paths (`ran in: limited (...; worker stays root:
    /root/.pyenv/...)`) in their report. Their copy says "graded in limited mode"; the instructor's copy
    names the sandbox as before, and with a student's copy the details go to stderr, the operator's."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRADER_")} | {"GRADER_SANDBOX": "limited"}
    result = subprocess.run([sys.executable, "-m", "grader", "grade", "solutions/prefill", "--audience", audience],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    header = result.stdout.splitlines()[1]
    if audience == "student":
        assert header == "graded in limited mode" and "GRADER_SANDBOX" not in result.stdout
        assert result.stderr.startswith("grader: ran in: limited (GRADER_SANDBOX=limited")
    else:
        assert header.startswith("ran in: limited (GRADER_SANDBOX=limited") and result.stderr == ""


# ---------------------------------------------------------------------------- each student's own numbers

def test_variant_prints_a_students_numbers_and_answers_as_json_and_for_people():
    result = run("variant", " Alice ", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["student"] == "alice" and set(data["parameters"]) == {"N", "P", "peak", "utilization", "T"}
    assert set(data["answers"]) == {"hand_flops", "hand_seconds", "hand_pairs", "quiz"}
    text = run("variant", "alice", "--lesson", "latency")
    assert text.returncode == 0 and text.stdout.startswith("latency: student alice\n")
    refused = run("variant", "al\tice\x01")
    assert refused.returncode == 2 and "control character" in refused.stderr


def test_grade_with_a_student_grades_their_own_numbers():
    result = run("grade", "solutions/prefill", "--student", "alice", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["variant"]["student"] == "alice" and report["variant"]["answers"] == {}  # a student's copy
    flops = next(t for t in report["tasks"] if t["id"] == "hand_flops")
    assert flops["score"] == 0 and flops["checks"][0]["lesson_example"] is True
    assert report["score"] == report["max_score"] - 3  # the lesson's own three by-hand answers


def test_stubs_writes_each_students_copy_from_a_roster(tmp_path):
    roster = tmp_path / "class.csv"
    roster.write_text("id,name\nann,Ann\nben,Ben\n", encoding="utf-8")
    result = run("stubs", "--lesson", "latency", "--roster", str(roster), "--student", "cy", "--output",
                 str(tmp_path / "copies"))
    assert result.returncode == 0, result.stderr
    for who in ("ann", "ben", "cy"):
        assert (tmp_path / "copies" / who / "exercises" / "latency" / "answers.toml").is_file()
    assert run("stubs", "--check", "--student", "ann").returncode == 2
