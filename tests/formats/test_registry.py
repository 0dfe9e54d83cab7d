"""grader.formats: the registry of output formats, and what every format must do."""

from __future__ import annotations

import io

import pytest

from grader import formats
from grader.exceptions import UsageError
from grader.formats.github import GithubFormat
from grader.formats.gradescope import GradescopeFormat
from grader.formats.html import HtmlFormat
from grader.formats.json import JsonFormat
from grader.formats.junit import JunitFormat
from grader.formats.markdown import MarkdownFormat
from grader.formats.text import TextFormat
from grader.result import CheckResult, Report, TaskResult

from sample_reports import make_report

CLASSES = {"text": TextFormat, "json": JsonFormat, "gradescope": GradescopeFormat, "junit": JunitFormat,
           "markdown": MarkdownFormat, "github": GithubFormat, "html": HtmlFormat}


def test_names():
    assert formats.names() == sorted(CLASSES)


@pytest.mark.parametrize("name, cls", sorted(CLASSES.items()))
def test_get_returns_an_instance(name, cls):
    writer = formats.create(name)
    assert isinstance(writer, cls)
    assert formats.create(name) is not writer  # a fresh instance each time


@pytest.mark.parametrize("name", ["pdf", "JSON", "", "text "])
def test_unknown_format_lists_the_formats(name):
    with pytest.raises(UsageError) as info:
        formats.create(name)
    message = str(info.value)
    assert f"'{name}'" in message
    assert ", ".join(sorted(CLASSES)) in message


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_every_format_writes(name):
    report = Report(lesson="prefill", title="Prefill", submission="s",
                    tasks=[TaskResult("t", "T", 1.0, [CheckResult("c", False, "wrong")])])
    stream = io.StringIO()
    formats.create(name).write(report, stream)
    assert stream.getvalue().endswith("\n")
    assert "prefill" in stream.getvalue().lower()


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_every_format_names_each_failing_task(name):
    stream = io.StringIO()
    formats.create(name).write(make_report().for_audience("student"), stream)
    for task_id in ("causal_mask", "prefill_seconds", "quiz"):
        assert task_id in stream.getvalue()


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_every_format_survives_an_empty_report(name):
    stream = io.StringIO()
    formats.create(name).write(Report(lesson="prefill", title="", submission="s", tasks=[]), stream)
    assert stream.getvalue().endswith("\n")


MACHINE = "worker stays root: /root/.pyenv/versions/3.11.7 is not readable by nobody"  # the grading machine's
CANARY = "the grader's canary failed in bubblewrap mode: bwrap: Can't mount proc on /newroot/proc"
SAYS_LIMITED = {"text", "gradescope", "markdown", "html"}  # the formats with a line on the sandbox (json: a flag)


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_the_instructor_reads_the_sandbox_and_its_fallback_in_every_format(name):
    """A grade in a weaker sandbox than the machine's first choice (which failed the grader's canary)
    says so, with its reason, in every format of the instructor's copy, and only then."""
    report = make_report()
    for fallback, shown in (("", False), (f"graded in limited mode: {CANARY}", True)):
        report.sandbox_fallback = fallback
        stream = io.StringIO()
        formats.create(name).write(report.for_audience("instructor"), stream)
        assert ("canary failed in bubblewrap mode" in stream.getvalue()) is shown


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_a_student_reads_graded_in_limited_mode_and_nothing_of_the_machine(name):
    """Issue 24: students read `ran in: limited (bubblewrap is not installed; worker stays root:
    /root/.pyenv/…)` at the top of their Gradescope output."""
    report = make_report()
    report.sandbox, report.limited = f"limited (bubblewrap is not installed; {MACHINE})", True
    report.sandbox_fallback = f"graded in limited mode: {CANARY}"
    stream = io.StringIO()
    formats.create(name).write(report.for_audience("student"), stream)
    text = stream.getvalue()
    assert "/root" not in text and "bwrap" not in text and "bubblewrap" not in text and "canary" not in text
    assert ("graded in limited mode" in text) is (name in SAYS_LIMITED)
    stream = io.StringIO()
    formats.create(name).write(make_report().for_audience("student"), stream)  # bubblewrap: nothing to say
    assert "limited mode" not in stream.getvalue()
