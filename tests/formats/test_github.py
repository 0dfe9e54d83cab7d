"""grader.formats.github: workflow-command annotations at the line defining the failing function."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
from pathlib import Path

from grader.formats.github import GithubFormat
from grader.lesson.course import Course
from grader.result import CheckResult, Report, TaskResult

from mutated import mutant_module
from sample_reports import ROOT, make_report


def render(report: Report) -> list[str]:
    stream = io.StringIO()
    GithubFormat().write(report, stream)
    return stream.getvalue().splitlines()


def parse(line: str) -> tuple[str, dict, str]:
    """A workflow command as the runner reads it: ::name key=value,...::data (values %-decoded)."""
    assert line.startswith("::")
    head, _, data = line[2:].partition("::")
    name, _, fields = head.partition(" ")
    def decode(s):
        return s.replace("%2C", ",").replace("%3A", ":").replace("%0A", "\n").replace("%0D", "\r") \
            .replace("%25", "%")
    props = dict(field.split("=", 1) for field in fields.split(",")) if fields else {}
    return name, {k: decode(v) for k, v in props.items()}, decode(data)


def test_one_annotation_per_task_that_lost_points_and_a_notice():
    lines = render(make_report().for_audience("student"))
    commands = [parse(line) for line in lines]
    assert [(name, props.get("title")) for name, props, _ in commands] == [
        ("warning", "causal_mask: 0.75/3"), ("error", "prefill_seconds: 0/3"), ("error", "quiz: 0/1"),
        ("notice", "Grade")]
    assert commands[-1][2] == "E1.2 · Lesson 2 of 6: Prefill: 2.75/9 (31%)"


def test_annotations_point_at_the_function():
    _, props, data = parse(render(make_report())[0])
    assert (props["file"], props["line"]) == ("prefill.py", "12")
    assert data.startswith("causal_mask(5) is not the lesson's lower triangle:\nyours")
    assert "file" not in parse(render(make_report())[1])[1]  # no source known: no file


def test_escaping_keeps_each_command_on_one_line():
    message = "50% done\r\nline two::error::injected, with: commas"
    report = Report("prefill", "T", "s", [TaskResult("t,x:y", "", 1.0, [CheckResult("c", False, message)])])
    lines = render(report)
    assert len(lines) == 2
    _, props, data = parse(lines[0])
    assert data == message.replace("\r\n", "\n")  # the result model reads a CRLF as the newline it means
    assert props["title"] == "t,x:y: 0/1"


def test_the_cli_annotates_the_line_where_the_student_function_is_defined(tmp_path):
    folder = tmp_path / "prefill"
    folder.mkdir()
    lesson = Course(ROOT).lesson("prefill")
    source = mutant_module(lesson, "diagonal_excluded", ROOT / "solutions" / "prefill").read_text()
    (folder / "prefill.py").write_text("# my solution\n\n" + source)
    result = subprocess.run([sys.executable, "-m", "grader", "grade", str(folder), "--format", "github",
                             "--format", f"json:{tmp_path / 'r.json'}"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    tree = ast.parse((folder / "prefill.py").read_text())
    line = next(n.lineno for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "causal_mask")
    commands = [parse(line) for line in result.stdout.splitlines()]
    mask = next(props for name, props, _ in commands if props.get("title", "").startswith("causal_mask"))
    assert mask["file"] == "prefill/prefill.py"  # relative to the workspace (the working folder)
    assert mask["line"] == str(line)
    answers = [props for _, props, _ in commands if props.get("title", "").startswith("hand_")]
    assert answers and all("file" not in p for p in answers)  # no answers.toml handed in: nowhere to point
    assert json.loads((tmp_path / "r.json").read_text())["score"] < 17
    assert Path(folder / "prefill.py").exists()
