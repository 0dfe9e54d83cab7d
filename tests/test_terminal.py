"""grader.terminal: one answer to "is this stream a terminal?" for every table, bar and colour.

A report written to a file or a pipe must stay plain text (and cost no rich import), a real
terminal gets the layout, and the variables terminal programs agree on (TERM, FORCE_COLOR,
NO_COLOR, TTY_COMPATIBLE) must move the answer the way they move every other program's.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from grader import terminal

from paths import ROOT

VARIABLES = ("TERM", "FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLORTERM")
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colour_codes(written: str) -> list[int]:
    """The colour parameters (foreground, background, 256 and true colour) of the SGR codes in ``written``."""
    params = [int(p) for codes in SGR.findall(written) for p in codes.split(";") if p]
    return [p for p in params if 30 <= p <= 49 or 90 <= p <= 107]


class FakeTTY(io.StringIO):
    """A stream that says it is a terminal, and keeps what is written to it."""

    def isatty(self) -> bool:
        return True


class NoIsatty:
    """A stream-like object with no ``isatty`` at all."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch):
    """No variable of the machine running the tests decides: each test sets what it relies on."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm")


def test_a_string_buffer_is_not_a_terminal():
    assert terminal.is_terminal(io.StringIO()) is False
    assert terminal.console(io.StringIO()) is None


@pytest.mark.parametrize("forced", [{}, {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}], ids=["plain", "tty-compatible-0"])
def test_a_string_buffer_is_answered_without_importing_rich(forced):
    env = {**{k: v for k, v in os.environ.items() if k not in VARIABLES}, **forced}
    code = ("import io, sys; from grader import terminal; "
            "answer = terminal.is_terminal(io.StringIO()); "
            "print(answer, 'rich' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False", "False"], done.stderr


def test_a_forced_stream_imports_rich_in_a_fresh_process():
    """The other half of the test above: the subprocess would see rich if it were imported."""
    env = {**{k: v for k, v in os.environ.items() if k not in VARIABLES}, "FORCE_COLOR": "1", "TERM": "xterm"}
    code = ("import io, sys; from grader import terminal; "
            "answer = terminal.is_terminal(io.StringIO()); "
            "print(answer, 'rich' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["True", "True"], done.stderr


def test_a_stream_that_is_a_tty_is_a_terminal():
    stream = FakeTTY()
    assert terminal.is_terminal(stream) is True
    console = terminal.console(stream, highlight=False)
    assert console is not None and console.file is stream


@pytest.mark.parametrize("term", ["dumb", "unknown", "DUMB"])
def test_a_dumb_terminal_is_not_a_terminal(monkeypatch, term):
    monkeypatch.setenv("TERM", term)
    assert terminal.is_terminal(FakeTTY()) is False
    assert terminal.console(FakeTTY()) is None


def test_tty_compatible_0_makes_a_tty_no_terminal(monkeypatch):
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert terminal.is_terminal(FakeTTY()) is False


def test_tty_compatible_0_wins_over_force_color(monkeypatch):
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert terminal.is_terminal(FakeTTY()) is False
    assert terminal.is_terminal(io.StringIO()) is False


def test_tty_compatible_1_makes_a_string_buffer_a_terminal(monkeypatch):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    assert terminal.is_terminal(io.StringIO()) is True


def test_force_color_makes_a_string_buffer_a_terminal(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    stream = io.StringIO()
    assert terminal.is_terminal(stream) is True
    console = terminal.console(stream)
    assert console is not None and console.no_color is False


def test_force_color_does_not_override_a_dumb_terminal(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    assert terminal.is_terminal(io.StringIO()) is False


def test_a_forced_terminal_writes_colour_codes(monkeypatch):
    """The control for the NO_COLOR test below: without NO_COLOR the same text is coloured."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    stream = io.StringIO()
    console = terminal.console(stream, highlight=False)
    from rich.text import Text

    console.print(Text("failed", style="bold red"))
    assert 31 in colour_codes(stream.getvalue()), repr(stream.getvalue())


def test_no_color_keeps_the_terminal_but_drops_the_colours(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    stream = io.StringIO()
    assert terminal.is_terminal(stream) is True
    console = terminal.console(stream, highlight=False)
    assert console is not None and console.no_color is True
    from rich.text import Text

    console.print(Text("failed", style="bold red"), Text("passed", style="green on black"))
    written = stream.getvalue()
    assert "failed" in written and "passed" in written
    assert colour_codes(written) == [], repr(written)
    assert "\x1b[1m" in written  # the layout stays: bold is not a colour


def test_no_color_on_a_tty_is_still_a_terminal(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    console = terminal.console(FakeTTY())
    assert console is not None and console.no_color is True


def test_a_closed_stream_is_not_a_terminal_and_raises_nothing():
    stream = io.StringIO()
    stream.close()
    assert terminal.is_terminal(stream) is False
    assert terminal.console(stream) is None


def test_a_real_pseudo_terminal_is_a_terminal_until_it_is_closed():
    leader, follower = os.openpty()
    try:
        with open(follower, "w", encoding="utf-8", closefd=False) as stream:
            assert terminal.is_terminal(stream) is True
        assert terminal.is_terminal(stream) is False
    finally:
        os.close(leader)
        os.close(follower)


def test_an_object_without_isatty_is_not_a_terminal_and_raises_nothing():
    assert terminal.is_terminal(NoIsatty()) is False
    assert terminal.console(NoIsatty()) is None


def test_options_reach_the_console(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    console = terminal.console(io.StringIO(), width=37)
    assert console is not None and console.width == 37
