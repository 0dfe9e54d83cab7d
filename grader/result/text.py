"""Text that came from a submission, made fit to show: the one boundary for untrusted text.

Everything a submission produces or is may end up in a report: what its functions returned
and raised (type names, messages, the line of code), what it printed, its file, folder,
zip-member and student names, its notebook's JSON, its answers. Any of it can hold what a
reader's software interprets: an ESC that moves a terminal's cursor or retitles its window,
a lone surrogate that no UTF-8 encoder accepts, a NUL that XML forbids, a bidirectional
override that shows ``evil.py`` as ``yp.live``, a megabyte on one line.

``shown()`` neutralises such text once, where it enters the trusted side, and marks the
result with its own type, ``Shown``: every text field of the result model holds one (the
model coerces what it is given), so no report writer can receive raw submission text by
accident. What ``shown()`` guarantees:

- valid Unicode: a lone surrogate becomes U+FFFD, a byte smuggled in by ``surrogateescape``
  (an undecodable file name) becomes the visible ``\\xNN`` it was;
- no control character but newline and tab (and those only where the field allows lines):
  C0, DEL and C1 characters, CR and the Unicode line and paragraph separators appear as the
  escapes Python would write (``\\x1b``, ``\\r``, ``\\u2028``), visible and inert;
- no bidirectional override or isolate (``\\u202e`` and its kind are shown as escapes), and no
  other invisible character (a zero-width space, a tag character): each shown as its escape;
- at most ``limit`` characters, the rest replaced by a marker saying how many were cut.

Each output format still escapes for itself on top of this (Markdown's links and tables, CSV's
formulas, XML's character set, the GitHub runner's workflow commands: ``ci_safe`` below),
because what is inert in one format is syntax in another.
"""

from __future__ import annotations

import re

LIMIT = 4000  # characters of one field, unless a caller says otherwise

# Characters escaped in every field: C0 but tab and newline, DEL, C1, the line and paragraph
# separators, and every format character (Unicode's category Cf: the bidirectional controls,
# the zero-width space and joiners, the word joiner, the soft hyphen, BOM, the invisible tag
# characters), with the Hangul fillers: all invisible, so that "x\u200by" cannot pass for "xy" (two
# rows of a class that look like one student) nor hide text a reader does not see.
_FORMAT = ("\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
           "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
           "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
_ALWAYS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u115f\u1160\u3164\uffa0" + _FORMAT
_MULTILINE = re.compile(f"[{_ALWAYS}]")
_ONE_LINE = re.compile(f"[{_ALWAYS}\t\n]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# What, in JSON written with ensure_ascii=False, may stand for a character shown() escapes in a multi-line text:
# the character itself (a control, a format character, a surrogate) or the escape JSON writes for a control
# (\u001b, \r, \b, \f). JSON text without any holds no text shown() would change (a match may be a false alarm).
_UNSAFE_IN_JSON = re.compile(f"[{_ALWAYS}\ud800-\udfff]|\\\\[ubfr]")
_PRINTABLE_ALWAYS = ("\u115f", "\u1160", "\u3164", "\uffa0")  # of _ALWAYS, the ones str.isprintable() lets by
_JSON_ESCAPES = ("\\u", "\\b", "\\f", "\\r")


def unsafe_json(text: str) -> bool:
    """Whether JSON ``text`` (written with ensure_ascii=False) may hold text ``shown`` would change (see
    ``_UNSAFE_IN_JSON``; a false alarm costs only the slow way). Printable text without the few invisible
    letters ``_ALWAYS`` adds and without a control's escape is answered at once: the regular expression took
    half a millisecond for a report, twice per graded submission in a batch's coordinator."""
    printable = text.isprintable() or text.replace("\n", "").isprintable()  # an indented report's new lines
    if printable and not any(mark in text for mark in _JSON_ESCAPES + _PRINTABLE_ALWAYS):
        return False
    return _UNSAFE_IN_JSON.search(text) is not None
# A line the GitHub Actions runner would take as a workflow command: "::" after leading
# whitespace (the runner trims it), or the legacy "##[" anywhere in the line. The coloured
# terminal report's own colour codes (SGR) may come first: a log that drops them (a viewer, a
# copy) would see the command, so they are looked through too.
_COMMAND_START = re.compile(r"^((?:\s|\x1b\[[0-9;]*m)*)::", re.M)


class Shown(str):
    """Text that has passed ``shown()``: safe to hand to any writer, which escapes for its own format.

    A ``str`` still (formats, JSON and comparisons need nothing new), but of its own type, so
    that the result model can tell text that passed the boundary from text that did not."""

    __slots__ = ()


def shown(value: object, *, lines: bool = True, limit: int = LIMIT) -> Shown:
    """``value`` as text fit to show (see the module docstring); ``lines=False`` for a one-line field.

    Idempotent: text that is already ``Shown`` and fits the limit comes back as it is.
    """
    if type(value) is Shown and len(value) <= limit and (lines or ("\n" not in value and "\t" not in value)):
        return value
    if isinstance(value, bytes):
        text = value.decode("utf-8", "surrogateescape")
    else:
        text = value if isinstance(value, str) else str(value)
    text = str.__str__(text) if isinstance(text, str) else text  # a str subclass's own methods are not trusted
    if len(text) <= limit and text.isascii() and text.isprintable():  # most of a report: nothing to escape
        return Shown(text)
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    text = _SURROGATE.sub(_surrogate, text)
    text = (_MULTILINE if lines else _ONE_LINE).sub(_escape, text)
    if len(text) > limit:
        text = f"{text[:limit]}… [{len(text) - limit} more characters]"
    return Shown(text)


def ci_safe(text: str) -> str:
    """``text`` with no line the GitHub Actions runner would execute as a workflow command.

    The runner trims a line's leading whitespace and then obeys ``::command::``, and its legacy
    parser obeys ``##[command]`` anywhere in a line, whoever printed it: a report that quotes a
    submission's output or message must quote it inert. The first ``::`` of such a line becomes
    the full-width ``：：`` and every ``##[`` the full-width ``＃＃[``: still readable, never obeyed.
    """
    if "::" in text:
        text = _COMMAND_START.sub(lambda m: m.group(1) + "\uff1a\uff1a", text)
    return text.replace("##[", "\uff03\uff03[")


def _surrogate(match: re.Match) -> str:
    code = ord(match.group(0))
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else "\ufffd"


def _escape(match: re.Match) -> str:
    char = match.group(0)
    code = ord(char)
    if char == "\t":
        return "\\t"
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
