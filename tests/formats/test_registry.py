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


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_every_format_says_when_the_sandbox_fell_back_and_only_then(name):
    """A grade in a weaker sandbox than the machine's first choice (which failed the grader's canary)
    says so in every format, for the student as for the instructor."""
    report = make_report()
    for fallback, shown in (("", False), ("graded in limited mode: the grader's canary failed in bubblewrap mode: "
                                          "bwrap: Can't mount proc on /newroot/proc", True)):
        report.sandbox_fallback = fallback
        stream = io.StringIO()
        formats.create(name).write(report.for_audience("student"), stream)
        assert ("canary failed in bubblewrap mode" in stream.getvalue()) is shown
