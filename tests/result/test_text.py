"""grader.result.text: submission text made fit to show, once, and marked so."""

from __future__ import annotations

import pytest

from grader.result import CheckResult, Report, TaskResult
from grader.result.text import LIMIT, Shown, ci_safe, shown


@pytest.mark.parametrize("raw, seen", [
    ("\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07"),  # a window title: ESC and BEL
    ("a\x00b", "a\\x00b"),
    ("over\rwrite", "over\\rwrite"),
    ("line\r\nnext", "line\nnext"),  # CRLF is a newline
    ("\x9b2J", "\\x9b2J"),  # C1's CSI: clear screen on some terminals
    ("evil\u202etxt.py", "evil\\u202etxt.py"),  # a right-to-left override
    ("a\u2028b", "a\\u2028b"),
    ("\ud800", "\ufffd"),  # a lone surrogate
    ("caf\udce9", "caf\\xe9"),  # a byte a file name smuggled in (surrogateescape)
    ("tab\there", "tab\there"),
    ("x\u200by", "x\\u200by"),  # a zero-width space: "xy" to the eye
    ("pay\u00adpal", "pay\\xadpal"),  # a soft hyphen
    ("ok\U000e0069\U000e0067", "ok\\U000e0069\\U000e0067"),  # tag characters: text nobody sees
    ("\u3164", "\\u3164"),  # a Hangul filler: a blank that is a letter
    ("plain ünïcode ×·≤ and emoji 🙂", "plain ünïcode ×·≤ and emoji 🙂"),
])
def test_what_a_reader_would_interpret_is_shown_as_an_escape(raw, seen):
    assert shown(raw) == seen
    shown(raw).encode("utf-8")  # always valid UTF-8


def test_every_invisible_format_character_is_shown_as_an_escape():
    """Every character of Unicode's category Cf that this Python knows: a newer Unicode adding one fails here."""
    import unicodedata

    invisible = "".join(chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf")
    seen = shown(invisible, limit=len(invisible) * 12)
    assert not any(unicodedata.category(c) == "Cf" for c in seen)
    assert seen.count("\\") == len(invisible)


def test_a_one_line_field_shows_newlines_and_tabs_as_escapes():
    assert shown("zed (refused): x\nfake line\tand tab", lines=False) == "zed (refused): x\\nfake line\\tand tab"
    assert "\n" in shown("two\nlines")


def test_long_text_is_cut_with_a_marker_saying_how_much():
    text = shown("x" * (LIMIT + 25))
    assert text.startswith("x" * LIMIT) and text.endswith("… [25 more characters]")
    assert shown("y" * 50, limit=10) == "y" * 10 + "… [40 more characters]"


def test_shown_is_idempotent_and_typed():
    once = shown("a\x1bb")
    assert type(once) is Shown and shown(once) is once and shown(shown(once)) == once


def test_a_str_subclass_is_read_as_plain_text():
    class Lying(str):
        def __str__(self):
            return "\x1b[2J"

    assert shown(Lying("harmless")) == "harmless"


def test_bytes_and_other_objects_become_text():
    assert shown(b"caf\xe9") == "caf\\xe9"
    assert shown(42) == "42"


@pytest.mark.parametrize("raw, safe", [
    ("::add-mask::17", "：：add-mask::17"),
    ("    ::notice title=Grade::A+", "    ：：notice title=Grade::A+"),
    ("ok\n\t::error::x", "ok\n\t：：error::x"),
    ("text ##[warning]boo", "text ＃＃[warning]boo"),
    ("a :: in the middle is fine", "a :: in the middle is fine"),
    ("\x1b[2m::add-mask::x\x1b[0m", "\x1b[2m：：add-mask::x\x1b[0m"),  # behind the coloured report's own style
    ("  \x1b[1;31m \x1b[0m::x", "  \x1b[1;31m \x1b[0m：：x"),
])
def test_no_line_is_left_that_the_github_runner_would_obey(raw, safe):
    assert ci_safe(raw) == safe


def test_the_result_model_puts_every_text_it_shows_through_the_boundary():
    check = CheckResult("c", False, message="m\x1b", safe_message="s\x07", description="d\x00")
    task = TaskResult("t", "title\nfake", 1.0, [check], note="n\x1b")
    report = Report("l", "T\x1b", "sub\nmission", [task], output="printed\x1b[2J", notes=["cell\x1b"])
    texts = [check.message, check.safe_message, check.description, task.note, task.title, report.title,
             report.submission, report.output, *report.notes]
    assert all(type(text) is Shown for text in texts)
    assert not any("\x1b" in t or "\x07" in t or "\x00" in t for t in texts)
    assert "\n" not in report.submission and "\n" not in task.title  # one-line fields
    student = report.for_audience("student")
    assert all(type(c.message) is Shown for t in student.tasks for c in t.checks)


@pytest.mark.parametrize("raw", [raw for raw, seen in [
    ("\x1b]0;pwned\x07", 1), ("a\x00b", 1), ("over\rwrite", 1), ("\x9b2J", 1), ("evil\u202etxt.py", 1),
    ("a\u2028b", 1), ("\ud800", 1), ("x\u200by", 1), ("pay\u00adpal", 1), ("\u3164", 1), ("back\bspace", 1),
    ("ok\U000e0069", 1)]])
def test_json_holding_text_shown_would_change_is_said_unsafe_however_it_is_written(raw):
    import json

    from grader.result.text import unsafe_json

    for indent in (None, 2):
        assert unsafe_json(json.dumps({"message": raw, "tasks": ["x"]}, ensure_ascii=False, indent=indent))


def test_json_of_plain_text_is_said_safe_at_once():
    import json

    from grader.result.text import unsafe_json

    plain = {"message": "plain ünïcode ×·≤ 🙂\nand a tab\there", "score": 1.5, "tasks": [{"id": "a b"}]}
    assert shown(plain["message"]) == plain["message"]
    for indent in (None, 2):
        assert not unsafe_json(json.dumps(plain, ensure_ascii=False, indent=indent))


def test_every_character_shown_escapes_is_unprintable_or_listed_for_the_fast_json_check():
    """unsafe_json lets printable text by at once: a character shown() escapes that str.isprintable() calls
    printable (a newer Unicode, a new entry in _ALWAYS) must be in _PRINTABLE_ALWAYS, or it would pass unseen."""
    from grader.result import text

    escaped = [chr(c) for c in range(0x110000) if shown(chr(c)) != chr(c) and chr(c) != "\r"]
    assert escaped and not [c for c in escaped if c.isprintable() and c not in text._PRINTABLE_ALWAYS]
