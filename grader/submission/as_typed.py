"""Answers as students type them without reading the grader: quotes of any kind, or none.

A student who never read the grader writes ``flops = “1.4e13”`` (a word processor curls every
quote), ``seconds = .28`` or ``quiz = B``: TOML refuses each line, yet what was meant is not in
doubt. So a ``key = value`` line TOML refuses is read as the text after its ``=`` (its comment
and the quotes around it left out: ``typed_value``), and the file gets one note naming those
lines and saying how to write them (``typed_note``): text between straight double quotes,
with each line's own fix, which is itself valid TOML that reads the same.

``unquoted`` is the one rule for quotes, used by the answers file here and by grading for
every text answer (``flops = "“1.4e13”"`` is valid TOML whose value still wears curly quotes):
double quotes of any kind are never part of a number or a choice, wherever they are; single
quotes are left alone inside a word (``it's``, the Swiss ``14'000``) and dropped elsewhere.

Everything here is linear in the text: a line may be a megabyte long.
"""

from __future__ import annotations

import re

# Straight, curly (English, German „“, Swedish ””), guillemets «» ‹›, primes ″ ‶, the CJK quotes
# 〝〞〟「」『』 and the full-width ＂: never part of an answer, wherever they are.
DOUBLE_QUOTES = '"“”„‟«»‹›″‶〝〞〟＂「」『』'
# Straight, curly and low single quotes, primes, backticks, the full-width ＇: dropped unless inside a word.
SINGLE_QUOTES = "'‘’‚‛′‵＇`´"
QUOTES = DOUBLE_QUOTES + SINGLE_QUOTES
_QUOTE = re.compile(f"[{DOUBLE_QUOTES}]|(?<!\\w)[{SINGLE_QUOTES}]|[{SINGLE_QUOTES}](?!\\w)")
_ANY_QUOTE = re.compile(f"[{QUOTES}]")
_COMMENT = re.compile(r"\s#")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
MAX_SHOWN_LINES = 6  # line numbers a note names before it counts the rest
MAX_FIXES = 4  # fixed lines a note suggests
MAX_FIX_CHARS = 60  # a longer answer is suggested as "key = \"...\"" (the note stays short)


def unquoted(text: str) -> str:
    """``text`` without the quotes a student put around it or its words, spaces made single:
    "“1.4e13”" is "1.4e13", "« 0,28 s »" is "0,28 s", "“A” or “B”" is "A or B"."""
    return " ".join(_QUOTE.sub(" ", text).split())


def typed_value(text: str) -> str:
    """What a student meant by the text after ``=`` on a line TOML refuses: its comment (after
    the closing quote, if it opens with one), a comma or semicolon at its end (a JSON or Python
    habit) and its quotes left out. ``“1.4e13”`` is "1.4e13", ``"B" because …`` "B because …",
    ``"0.28 s`` (never closed) "0.28 s"."""
    text = text.strip()
    closing = _ANY_QUOTE.search(text, 1) if text[:1] in QUOTES else None
    comment = _COMMENT.search(text, closing.end() if closing else 0)
    if comment:
        text = text[:comment.start()]
    text = text.rstrip().removesuffix(",").removesuffix(";").rstrip()
    return unquoted(text)


def fixed_line(key: str, value: str) -> str:
    """The line to write instead: valid TOML whose value reads as ``value`` (a literal string when
    the value holds a backslash, which a basic string would take for an escape)."""
    name = key if _BARE_KEY.fullmatch(key) else f'"{key}"' if '"' not in key and "\\" not in key else f"'{key}'"
    printable = value.isprintable() and len(value) <= MAX_FIX_CHARS
    if printable and '"' not in value and "\\" not in value:
        return f'{name} = "{value}"'
    if printable and "'" not in value:
        return f"{name} = '{value}'"
    return f'{name} = "..."'


def typed_note(filename: str, typed: list[tuple[int, str, str, bool]]) -> str:
    """One note for the lines of a file read as typed: (line number, key, value, whether the
    line held a quote that is not straight), in file order."""
    numbers = [str(number) for number, *_ in typed]
    curly = " (“curly” quotes, as a word processor writes them, are not TOML's)" if any(c for *_, c in typed) else ""
    if len(typed) == 1:
        lines = f"line {numbers[0]} is not valid TOML{curly}, so its answer was"
    elif len(typed) <= MAX_SHOWN_LINES:
        lines = f"lines {', '.join(numbers[:-1])} and {numbers[-1]} are not valid TOML{curly}, so their answers were"
    else:
        lines = (f"has {len(typed)} lines that are not valid TOML (lines {', '.join(numbers[:MAX_SHOWN_LINES])}, …)"
                 f"{curly}, so their answers were")
    fixes = "; ".join(fixed_line(key, value) for _, key, value, _ in typed[:MAX_FIXES])
    more = f" (and {len(typed) - MAX_FIXES} more)" if len(typed) > MAX_FIXES else ""
    return (f"{filename} {lines} read as the text after '='; to be sure an answer is read as you mean it, write "
            f"text between straight double quotes (\"), as in: {fixes}{more}")


def has_other_quotes(text: str) -> bool:
    """Whether ``text`` holds a quote that is not a straight one (a word processor's)."""
    return any(c in text for c in QUOTES if c not in "\"'`´")
