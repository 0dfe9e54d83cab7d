"""docs/cli.md, the command-line reference, written from the ``grader`` parser itself.

Every option is declared once, in ``grader.cli``'s argparse parser; a reference written by
hand would drift from it (an option renamed, a help sentence changed), so this renders the
parser instead and a test compares the committed page with it (``make docs`` rewrites it:
``python -m grader.cli_docs docs/cli.md``). It sits above ``grader.cli`` in the layers
because it reads that parser; nothing imports it.

The page shows what the parser declares and nothing the machine decides: no default value
is rendered (``--jobs`` defaults to the number of cores), since the help sentences already
say each default in words, so the page is the same on every machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader import atomic
from grader.cli import build_parser
from grader.exceptions import GraderError

HEADER = ("<!-- Generated from grader/cli.py's parser by `make docs` (python -m grader.cli_docs docs/cli.md); "
          "edit the parser, not this page. -->\n")
EXIT_STATUSES = "What each exit status means: [docs/ci.md](ci.md#exit-statuses)."
WIDTH = 100  # a usage line longer than this goes on in an indented line, as argparse's own does


def markdown(parser: argparse.ArgumentParser) -> str:
    """The reference of ``parser``: its global options, a table of its commands, then a section per
    command (nested commands too) with its usage and a row per argument."""
    name = parser.prog
    commands = list(_commands(parser, name))
    parts = [f"# Command-line reference\n\n{HEADER}\n"]
    if parser.description:
        parts.append(f"`{name}`: {_escaped(parser.description)} Every command also takes `-h` / `--help`. "
                     f"{EXIT_STATUSES}\n\n")
    if commands:
        parts.append("| command | what it does |\n| --- | --- |\n")
        parts.extend(f"| [`{path}`](#{_slug(path)}) | {_cell(help_)} |\n" for path, help_, _ in commands)
        parts.append("\n")
    options = _rows(parser)
    if options:
        parts.append(f"## Options of `{name}` itself\n\nGiven before the command (`{name} --debug grade ...`).\n\n")
        parts.append(_table(options))
    for path, help_, sub in commands:
        parts.append(f"## `{path}`\n\n")
        if help_:
            parts.append(f"{_escaped(_sentence(help_))}\n\n")
        parts.append(f"```text\n{_wrapped(path, _usage(sub))}\n```\n\n")
        rows = _rows(sub)
        if rows:
            parts.append(_table(rows))
    return "".join(parts).rstrip("\n") + "\n"


def _commands(parser: argparse.ArgumentParser, path: str):
    """``(command path, its help, its parser)`` for every command under ``parser``, depth first; a
    command whose own commands do the work (``gradebook``) is listed with them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                yield f"{path} {name}", helps.get(name, ""), sub
                yield from _commands(sub, f"{path} {name}")


def _wrapped(path: str, words: list[str]) -> str:
    """``path`` and its usage ``words``, on as many lines of at most ``WIDTH`` as needed, the later ones
    indented under the first argument; a word is never split."""
    lines, line = [], path
    for word in words:
        if len(line) + 1 + len(word) > WIDTH and line.strip() != path:
            lines.append(line)
            line = " " * len(path)
        line += f" {word}"
    return "\n".join([*lines, line])


def _usage(parser: argparse.ArgumentParser) -> list[str]:
    """The command's arguments in usage form: optional ones in brackets, ``...`` after one that repeats."""
    words = []
    for action in _arguments(parser):
        if isinstance(action, argparse._SubParsersAction):
            words.append("{" + ",".join(action.choices) + "} ...")
            continue
        word = _spelled(action)
        if action.option_strings and isinstance(action, argparse._AppendAction):
            word += " ..."
        optional = (not action.required) if action.option_strings else action.nargs in ("?", "*")
        words.append(f"[{word}]" if optional else word)
    return words


def _rows(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """One ``(argument, what it does)`` per argument of ``parser`` (its commands excepted)."""
    rows = []
    for action in _arguments(parser):
        if isinstance(action, argparse._SubParsersAction):
            continue
        notes = []
        if action.option_strings and action.required:
            notes.append("required")
        if not action.option_strings and action.nargs == "?":
            notes.append("optional")
        if isinstance(action, argparse._AppendAction):
            notes.append("repeatable")
        said = _expanded(action)
        if notes:
            said = f"{said} ({', '.join(notes)})" if said else ", ".join(notes)
        rows.append((_spelled(action), said))
    return rows


def _arguments(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The parser's arguments in declaration order, without ``--help`` (every command has it)."""
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction) and a.help != argparse.SUPPRESS]


def _spelled(action: argparse.Action) -> str:
    """An argument as it is typed: ``--output OUTPUT``, ``--audience {student,instructor}``, ``submission``."""
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        value = "{" + ",".join(str(c) for c in action.choices) + "}"
    elif action.metavar is not None:
        value = action.metavar if isinstance(action.metavar, str) else " ".join(action.metavar)
    else:
        value = action.dest if not action.option_strings else action.dest.upper()
    if not action.option_strings:
        return value
    flag = ", ".join(action.option_strings)
    return flag if action.nargs == 0 else f"{flag} {value}"


def _expanded(action: argparse.Action) -> str:
    """The help sentence with argparse's ``%(...)s`` placeholders filled, as ``--help`` shows it."""
    text = action.help or ""
    if "%" not in text:
        return text
    values = {k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS}
    if values.get("choices") is not None:
        values["choices"] = ", ".join(str(c) for c in values["choices"])
    return text % values


def _table(rows: list[tuple[str, str]]) -> str:
    lines = ["| argument | what it does |\n| --- | --- |\n"]
    lines.extend(f"| `{argument}` | {_cell(said)} |\n" for argument, said in rows)
    return "".join(lines) + "\n"


def _cell(text: str) -> str:
    """``text`` inside a table cell: a ``|`` would end the cell, a newline the row."""
    return _escaped(" ".join(text.split())).replace("|", "\\|")


def _escaped(text: str) -> str:
    """``text`` as Markdown shows it: ``<lesson>`` would otherwise be taken for an HTML tag and vanish."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading of ``heading`` in backquotes: lower case, spaces as ``-``, no
    punctuation but ``-`` and ``_``."""
    kept = "".join(c for c in heading.lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def write(path: Path) -> bool:
    """Rewrite ``path`` with the reference of the ``grader`` parser; True when it changed."""
    text = markdown(build_parser())
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    atomic.write(path, text)
    return True


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs") / "cli.md"
    try:
        if write(target):
            print(f"wrote {target}")
    except GraderError as exc:
        print(f"grader: {exc}", file=sys.stderr)
        sys.exit(2)
