"""Reading a student's answers file (``answers.toml``) so that each answer stands on its own.

An answers file is the submission's data, typed by hand, so any value may arrive (a list, a
date, a megabyte of text, an int of 5000 digits) and any line may be broken. What one line
gets wrong must cost that answer only:

- **a line TOML refuses** (``quiz = B``, ``flops = “1.4e13”`` from a word processor, a stray
  word): when ``tomllib`` refuses the file as a whole, it is read again statement by
  statement. A broken line that assigns a key is read as the text after its ``=``
  (``grader.submission.as_typed``: what was meant is not in doubt, and grading refuses what
  is not one answer), and one note for the file names those lines and how to write them;
  under a ``[table]`` header it goes in that table (``grader.grading.answers.answers_in_tables``
  may read the answers from there). A broken line that assigns nothing is said once in
  ``Answers.notes``; every other answer is read.
- **an answer given twice** (a file that repeats a key, a notebook with two ANSWERS cells): an
  empty value (the template's ``quiz = ""``) never replaces a typed one; two typed ones are
  kept as a ``Conflict``, which grading accepts when both say the same and reports otherwise.
- **a number no float holds**: a TOML float beyond range (1e400) and an int past Python's
  digit limit (which makes ``tomllib`` give up on the whole file) become an ``Incomparable``
  stand-in, so that every other answer is still graded.

The stand-ins are plain data for ``grader.grading.answers``; this module never grades.
"""

from __future__ import annotations

import codecs
import math
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from grader.describe import bounded_repr
from grader.submission.as_typed import has_other_quotes, typed_note, typed_value

MAX_ANSWERS_BYTES = 1 << 20
MAX_BROKEN_LINES = 50  # beyond this many broken lines a file is not an answers file: it is refused whole
MAX_STATEMENTS = 2000  # nor beyond this many statements that must be read one at a time (a key repeated 10⁵ times)
MAX_KEPT = 4  # typed values of one key kept for a Conflict: a file repeating a key 10⁵ times costs no more
BLOCK_LINES = 512  # plain one-line statements read in one go
MAX_STATEMENT_LINES = 200  # a multi-line string or array longer than this is not an answer
MAX_STATEMENT_BYTES = 64 * 1024  # nor one of more characters than this
TOML_SPECIAL_FLOATS = frozenset({"inf", "+inf", "-inf", "nan", "+nan", "-nan"})
_NONZERO = re.compile(r"[1-9]")
# What tomllib must not meet in a file (a string, a comment) and, outside them, a bare decimal int.
_TOML_TOKENS = re.compile(r'"""(?:\\.|[^\\])*?"""|\'\'\'.*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*'
                          r"|(?<![\w.+-])[+-]?\d[\d_]*(?![\w.:+-])", re.S)
# What decides where a multi-line statement ends: strings (whole, or a multi-line one left open), comments,
# brackets and line ends. No quantifier nests, and each string is matched once, so a scan is linear.
_STATEMENT_TOKENS = re.compile(r'"""(?:\\.|[^\\])*?"""|\'\'\'.*?\'\'\'|"""|\'\'\''
                               r'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}\n]', re.S)
_KEY_LINE = re.compile(r'\s*(?:([A-Za-z0-9_-]+)|"([^"\\\n]*)"|\'([^\'\n]*)\')\s*=\s*(.*)')
_HEADER = re.compile(r"\s*\[\s*([A-Za-z0-9_-]+)\s*\]\s*(?:#.*)?")
_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")


@dataclass(frozen=True)
class Incomparable:
    """A number in the answers file that no float stands for, by what it is (no digits)."""

    what: str  # e.g. "a whole number with 5000 digits"

    def __repr__(self) -> str:
        return self.what


@dataclass(frozen=True)
class Conflict:
    """One key answered more than once with typed values: ((where, value), ...) in reading order,
    the first ``MAX_KEPT`` of them, and how many times it was answered in all."""

    given: tuple[tuple[str, object], ...]
    times: int = 0  # 0: as many as given

    @property
    def count(self) -> int:
        return self.times or len(self.given)

    def __repr__(self) -> str:
        return "answers that conflict"


class Answers(dict):
    """The answers by key, as a file or a notebook's ANSWERS cells give them, and ``notes``:
    what was said about reading them (broken lines that answer nothing), once each."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.notes: list[str] = []
        self.places: dict[str, str] = {}  # where each key was given ("line 3", "cell 4, line 2")


def is_empty(value) -> bool:
    """Whether a value is what the template leaves: nothing typed yet."""
    return value is None or (isinstance(value, str) and not value.strip())


def put(answers: Answers, key: str, value, where: str) -> None:
    """Record ``key = value`` read at ``where``, never losing a typed answer to a later line.

    An empty value never replaces a typed one; a typed one replaces an empty one; a second
    typed one makes a ``Conflict`` (grading decides whether the two say the same)."""
    if key not in answers or is_empty(answers[key]):
        answers[key], answers.places[key] = value, where
        return
    old = answers[key]
    if is_empty(value):
        return
    earlier = old if isinstance(old, Conflict) else Conflict(((answers.places[key], old),))
    given = earlier.given if len(earlier.given) >= MAX_KEPT else (*earlier.given, (where, value))
    times = earlier.count + 1
    answers[key] = Conflict(given, 0 if times == len(given) else times)


def _decoded(raw: bytes) -> tuple[str | None, str | None]:
    """(the text, the encoding it was read as when not UTF-8). Editors save answers as they please:
    Notepad's "Unicode" is UTF-16 with a byte-order mark, an older Windows editor writes cp1252
    (its × or é are not UTF-8). A file that is neither is read byte for byte as Windows-1252, so that
    each answer still gets its own verdict instead of all of them one refusal (None: broken UTF-16)."""
    wide = {codecs.BOM_UTF16_LE: "utf-16", codecs.BOM_UTF16_BE: "utf-16"}.get(raw[:2])
    if wide is None and len(raw) >= 2 and (raw[0] == 0) != (raw[1] == 0):  # no mark, but "k\0" or "\0k": an
        wide = "utf-16-be" if raw[0] == 0 else "utf-16-le"                   # ASCII first character, two bytes wide
    if wide is not None:
        try:
            return raw.decode(wide), "UTF-16"
        except UnicodeDecodeError:
            return None, None
    try:
        return raw.decode("utf-8-sig"), None  # Notepad may add a byte-order mark
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace"), "Windows-1252"


def load_answers(path: Path | None, filename: str, missing: str | None = None) -> tuple[Answers | None, str | None]:
    """The answers table, or the reason there is none (said to the student as is). ``missing``: why a
    file of that name was not taken (``Submission.passed_over``), said after its name."""
    if path is None:
        said = f"{filename} {missing}" if missing else f"no {filename} was handed in"
        return None, f"{said}, so the by-hand answers and the quiz score 0"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)  # a link could point at the solutions
        with os.fdopen(fd, "rb") as stream:
            raw = stream.read(MAX_ANSWERS_BYTES + 1)
        if len(raw) > MAX_ANSWERS_BYTES:
            return None, f"{filename} is larger than {MAX_ANSWERS_BYTES} bytes"
    except OSError as exc:
        return None, f"{filename} cannot be read ({exc.strerror})"
    text, read_as = _decoded(raw)
    if text is None:
        return None, f"{filename} starts like UTF-16 text but is not: save it as UTF-8 text"
    try:
        answers = Answers(_read_toml(text))
        if read_as:
            answers.notes.append(f"{filename} is not UTF-8: it was read as {read_as} text (save it as UTF-8 to be "
                                 "sure every character is read as you typed it)")
        return answers, None
    except tomllib.TOMLDecodeError as exc:
        return _by_statement(text, filename, exc)
    except ValueError:  # the stand-ins failed: nothing else in tomllib raises a plain ValueError
        return None, f"{filename} holds a number with more digits than the grader can read"
    except (RecursionError, MemoryError):
        return None, f"{filename} is nested too deeply to read"


def _by_statement(text: str, filename: str, whole: tomllib.TOMLDecodeError) -> tuple[Answers | None, str | None]:
    """The file read one statement at a time, each broken ``key = value`` line read as typed
    (and said in one note), each other broken line costing nothing but a note.

    Refused whole (as before) when nothing in it reads as an answer, or when so much of it is
    broken that it is not an answers file at all."""
    answers, stray, typed, broken, alone = Answers(), [], [], 0, 0
    lines, header, i = text.splitlines(), "", 0
    while i < len(lines) and broken <= MAX_BROKEN_LINES and alone <= MAX_STATEMENTS:
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("#"):
            i += 1
            continue
        block = _block(lines, i, header)  # plain one-line statements, read together: a big file stays fast
        alone += not block
        end, data, error = block if block else _statement(lines, i, header)
        if error is None:
            if line.lstrip().startswith("["):
                header = line
            places = {name: n for n in range(end - 1, i - 1, -1) if (name := _key(lines[n]))}
            for key, value in data.items():
                if isinstance(value, dict) and isinstance(answers.get(key), dict):
                    answers[key].update(value)
                else:
                    put(answers, key, value, f"line {places.get(key, i) + 1}")
            i = end
            continue
        broken += 1
        key, table = _key(line), _table(header)
        place = None if key is None else answers if not header else answers.setdefault(table, {}) if table else None
        if key is not None and isinstance(place, dict):  # an answer under [answers] is that table's
            value = typed_value(_KEY_LINE.match(line).group(4))
            typed.append((i + 1, key, value, has_other_quotes(line)))
            (put if place is answers else _put_in_table)(place, key, value, f"line {i + 1}")
        else:
            stray.append((_where(error, i, 1 if header else 0), line, error))
        i += 1
    if not answers or broken > MAX_BROKEN_LINES or alone > MAX_STATEMENTS:
        return None, f"{filename} is not valid TOML ({whole}); strings need quotes, e.g. key = \"your answer\""
    if typed:
        answers.notes.append(typed_note(filename, typed))
    if stray:
        answers.notes.append(_stray_note(filename, stray))
    return answers, None


def _put_in_table(table: dict, key: str, value: str, where: str) -> None:
    """``put`` for a table read from the file (a plain dict, without places): a typed value never
    replaces another typed one silently."""
    old = table.get(key)
    if is_empty(old) or old == value:
        table[key] = value
    elif not is_empty(value):
        table[key] = Conflict((("earlier in the same table", old), (where, value)))


def _table(header: str) -> str | None:
    """The name of a plain ``[name]`` table header (the one a student writes above answers), else None."""
    match = _HEADER.fullmatch(header)
    return match.group(1) if match else None


def _key(line: str) -> str | None:
    """The key a ``key = value`` line assigns, bare or quoted; None for any other line."""
    match = _KEY_LINE.match(line)
    return next(k for k in match.groups()[:3] if k is not None) if match else None


def _block(lines: list[str], i: int, header: str):
    """(the line after, the table of, None) the run of plain one-line statements from ``i``, when
    it reads as TOML in one go; None otherwise (then it is read a statement at a time).

    A run stops before a table header, a line that opens a multi-line value and a key it
    has assigned already, so that reading it whole means the same as line by line."""
    seen: set[str | None] = set()
    end = i
    while end < len(lines) and end - i < BLOCK_LINES:
        line = lines[end].strip()
        if line and not line.startswith("#"):
            key = _key(line)
            if line.startswith("[") or key in seen or opens(line):
                break
            seen.add(key)
        end += 1
    if end - i < 2:
        return None
    for _ in range(2):  # the run, or what comes before its first error
        try:
            return end, _read_toml("\n".join(([header] if header else []) + lines[i:end])), None
        except tomllib.TOMLDecodeError as exc:
            found = _WHERE.search(str(exc))
            first = int(found.group(1)) - (1 if header else 0) if found and found.group(1) else 0
            if first < 2 or i + first - 1 >= end:
                return None
            end = i + first - 1
        except (ValueError, RecursionError, MemoryError):
            return None
    return None


def _statement(lines: list[str], i: int, header: str):
    """(the line after the statement at ``i``, its table, None) or (i + 1, None, the error).

    A statement is one line, or as many as its open string or bracket needs; under a
    ``[table]`` header it is read with the header before it. Where a multi-line statement ends
    is found by one scan of its text (``_end``), and it is parsed once: retrying TOML on ever
    longer text made a file of long lines after an unterminated ``\"\"\"`` quadratic (1 MiB: 40 s)."""
    try:
        return i + 1, _read_toml(f"{header}\n{lines[i]}" if header else lines[i]), None
    except tomllib.TOMLDecodeError as exc:
        first_error = exc
    except (ValueError, RecursionError, MemoryError) as exc:
        return i + 1, None, tomllib.TOMLDecodeError(f"cannot be read ({type(exc).__name__})")
    end = _end(lines, i) if opens(lines[i]) else None
    if end is not None:
        chunk = "\n".join(lines[i:end])
        try:
            return end, _read_toml(f"{header}\n{chunk}" if header else chunk), None
        except (tomllib.TOMLDecodeError, ValueError, RecursionError, MemoryError):
            pass
    return i + 1, None, first_error


def _end(lines: list[str], i: int) -> int | None:
    """The line after the multi-line statement that starts at line ``i`` (where its strings are
    closed and its brackets balanced at a line's end), found in one pass over at most
    ``MAX_STATEMENT_LINES`` lines and ``MAX_STATEMENT_BYTES`` characters; None when it does not end there."""
    window, size = [], 0
    for line in lines[i:i + MAX_STATEMENT_LINES]:
        size += len(line) + 1
        if size > MAX_STATEMENT_BYTES:
            break
        window.append(line)
    depth, line_no = 0, i
    for token in _STATEMENT_TOKENS.finditer("\n".join(window) + "\n"):
        text = token.group(0)
        if text in ('"""', "'''"):
            return None  # a multi-line string that does not close in the window
        if text == "\n":
            line_no += 1
            if depth <= 0:
                return line_no if line_no > i + 1 else None
        elif text[0] in "\"'":
            line_no += text.count("\n")  # a multi-line string's own lines
        elif text in "[{":
            depth += 1
        elif text in "]}":
            depth -= 1
    return None


def opens(line: str) -> bool:
    """Whether a line starts something that goes on below: a multi-line string or an open bracket."""
    if not any(c in line for c in "\"'[{(\\"):
        return False
    outside = re.sub(r'"(?:\\.|[^"\\])*"|\'[^\']*\'', "", line.replace('"""', "\x00").replace("'''", "\x00"))
    return (line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1 or line.rstrip().endswith("\\")
            or any(outside.count(a) > outside.count(b) for a, b in ("[]", "{}", "()")))


def _where(error: tomllib.TOMLDecodeError, i: int, header_lines: int) -> str:
    """The error's place in the file: tomllib counts lines from the text it was given (the
    statement at index ``i``, after ``header_lines`` lines of its table's header)."""
    found = _WHERE.search(str(error))
    if found and found.group(1) and int(found.group(1)) > header_lines:
        return f"line {i + int(found.group(1)) - header_lines}, column {found.group(2)}"
    return f"line {i + 1}"


def _reason(error: tomllib.TOMLDecodeError) -> str:
    return _WHERE.sub("", str(error)) or "not valid TOML"


def _stray_note(filename: str, stray: list) -> str:
    where, line, error = stray[0]
    first = f"{where}: {_line(line)} is not valid TOML ({_reason(error)})"
    if len(stray) == 1:
        return f"{filename} {first}; it answers nothing and was left out (each answer is a line like key = \"...\")"
    return (f"{filename} has {len(stray)} lines that are not valid TOML and answer nothing; they were left out "
            f"(the first, {first})")


def _line(line: str) -> str:
    return bounded_repr(line.strip(), 80)


def _read_toml(text: str) -> dict:
    try:
        return tomllib.loads(text, parse_float=_toml_float)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # an int past Python's digit limit: tomllib cannot convert it, so gives up on all
        return _with_huge_ints(text)


def _toml_float(text: str):
    """A TOML float as a float; one beyond float range (1e400, 1e-400) as what it is."""
    number = float(text)
    if text.lower() in TOML_SPECIAL_FLOATS or (math.isfinite(number) and (number or not nonzero(text))):
        return number
    return Incomparable(text if len(text) <= 60 else text[:59] + "…")  # as typed (digits only), shortened


def nonzero(text: str) -> bool:
    """Whether a number's text has a nonzero digit before any exponent."""
    return bool(_NONZERO.search(text.lower().split("e")[0]))


def _with_huge_ints(text: str) -> dict:
    """The file read with every bare int past Python's digit limit kept as an ``Incomparable``.

    Outside strings and comments, such an int becomes a string holding a token no file can
    guess; after reading, each value that is that string becomes the stand-in."""
    token, limit = os.urandom(16).hex(), sys.get_int_max_str_digits()  # secrets' token_hex, without hmac's import
    huge: dict[str, Incomparable] = {}

    def replace(match: re.Match) -> str:
        literal = match.group(0)
        digits = len(literal.lstrip("+-").replace("_", ""))
        if literal[0] in "\"'#" or not limit or digits <= limit:
            return literal
        key = f"{token}:{len(huge)}"
        huge[key] = Incomparable(f"a whole number with {digits} digits")
        return f'"{key}"'

    answers = tomllib.loads(_TOML_TOKENS.sub(replace, text), parse_float=_toml_float)
    stack: list[dict | list] = [answers]
    while stack:  # tables and arrays nest: replace the stand-ins wherever they are
        node = stack.pop()
        for key, value in (node.items() if isinstance(node, dict) else enumerate(node)):
            if isinstance(value, str) and value in huge:
                node[key] = huge[value]
            elif isinstance(value, (dict, list)):
                stack.append(value)
    return answers
