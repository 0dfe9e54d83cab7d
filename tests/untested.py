"""What a run could not test on this machine, and what to install: a pytest plugin (``-p untested``).

Why: on a fresh machine without bubblewrap, 367 tests skipped and the run still ended green;
``-rs`` lists every skip, but one line among hundreds does not tell a newcomer that a third of
the sandbox's tests never ran, nor what to do about it. A test that skips for want of something
this machine lacks says so through ``skip`` or ``skip_unless`` with one of the ``Need``s below,
and the run ends with one line per need: how many tests it kept from running, and the remedy.
Any other skip is listed under its own reason.

The need travels inside the skip's reason (``... [needs NAME]``): with pytest-xdist, skips
happen in the workers and only their reports reach the process that prints the summary. This
module both writes and reads that suffix; nothing else should.
"""

from __future__ import annotations

import collections
import re
from typing import NamedTuple, NoReturn

import pytest


class Need(NamedTuple):
    """Something a test needs that a machine may lack, and how to get it."""
    name: str
    remedy: str


BUBBLEWRAP = Need("bubblewrap", "apt-get install bubblewrap (as .ci/run does), on a machine that allows user "
                                "namespaces")
CHROMIUM = Need("Chromium", "apt-get install chromium (as .ci/run does)")
ROOT = Need("root", "run as root, as CI does: these tests switch the worker to another user")
NOT_ROOT = Need("a user other than root", "run as an ordinary user: root bypasses the limits these tests check")
NEEDS = {need.name: need for need in (BUBBLEWRAP, CHROMIUM, ROOT, NOT_ROOT)}
_SUFFIX = re.compile(r" \[needs (?P<name>[^\]]+)\]$")


def reason(need: Need, why: str) -> str:
    """A skip reason that names ``need`` so that the summary can count it."""
    return f"{why} [needs {need.name}]"


def skip(need: Need, why: str) -> NoReturn:
    """Skip the running test: this machine lacks ``need`` (``why`` says what the test would have shown)."""
    pytest.skip(reason(need, why))


def skip_unless(available: bool, need: Need, why: str) -> pytest.MarkDecorator:
    """A mark that skips the test where ``need`` is not ``available``."""
    return pytest.mark.skipif(not available, reason=reason(need, why))


def _reason_of(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def summary(reasons: list[str]) -> list[str]:
    """The lines that end a run with these skip reasons."""
    if not reasons:
        return ["every test ran: none was skipped"]
    needed: collections.Counter[str] = collections.Counter()
    other: collections.Counter[str] = collections.Counter()
    for text in reasons:
        found = _SUFFIX.search(text)
        if found and found["name"] in NEEDS:
            needed[found["name"]] += 1
        else:
            other[text] += 1
    lines = [f"{count} test{'s' if count != 1 else ''} need{'s' if count == 1 else ''} {name}, which this machine "
             f"lacks: {NEEDS[name].remedy}" for name, count in needed.most_common()]
    lines += [f"{count} skipped: {text}" for text, count in other.most_common()]
    return lines


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The outermost wrapper: these lines come after pytest's own short summary, just above its counts."""
    try:
        return (yield)
    finally:
        if not hasattr(config, "workerinput"):  # an xdist worker: the controller prints the summary
            reports = [report for report in terminalreporter.stats.get("skipped", ())
                       if not hasattr(report, "wasxfail")]
            terminalreporter.write_sep("-", "what this run could not test")
            for line in summary([_reason_of(report) for report in reports]):
                terminalreporter.write_line(line)
