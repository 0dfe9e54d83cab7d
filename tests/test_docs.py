"""The documentation resolves: every link and anchor of README.md, SECURITY.md and docs/*.md, and
every command they show.

A reader follows a link or copies a command; a link to a moved section, or an option renamed in
the parser but not in the docs, fails them silently. So for each page: a relative link names a
file or folder that exists, an ``#anchor`` is the GitHub slug of a heading of its target page,
each ``grader <command>`` shown (in a code span or block) is a command of the parser, each
``--option`` beside it an option of that command, and each ``make <target>`` a target of the
Makefile. Sections the grader's own messages and comments cite (``docs/ci.md, "Which lesson is
graded"``) exist too. The checker runs on any tree, so the tests below also prove it fails.
"""

from __future__ import annotations

import argparse
import re
import shutil
import urllib.parse
from pathlib import Path

import pytest

from grader.cli import build_parser

from paths import ROOT

FENCE = re.compile(r"^ {0,3}(```|~~~)[^\n]*\n.*?^ {0,3}\1[ \t]*$", re.S | re.M)
SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$", re.M)
SEPARATORS = {"|", "||", "&&", ";", ">", ">>", "2>", "<"}
CITED = re.compile(r"((?:docs/)?[\w-]+\.md|README)(?:'s)?,? \\?\"([^\"\\]+)\\?\"")


def pages(root: Path) -> list[Path]:
    return [root / "README.md", root / "SECURITY.md", *sorted((root / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text as shown (no code, link or emphasis marks), lower case,
    punctuation dropped but ``-`` and ``_``, spaces as ``-``."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[`*]", "", text).lower()
    return "".join(c for c in text if c.isalnum() or c in " -_").replace(" ", "-")


def blanked(text: str, pattern: re.Pattern) -> str:
    """``text`` with what ``pattern`` matches turned to spaces, newlines kept (line numbers stay right)."""
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def anchors(text: str) -> set[str]:
    """The anchors of a page's headings, the second of two equal ones ``-1`` as GitHub numbers them."""
    found: set[str] = set()
    for match in HEADING.finditer(blanked(text, FENCE)):
        base = slug(match.group(2))
        name, n = base, 0
        while name in found:
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def link_problems(page: Path, root: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    prose = blanked(blanked(text, FENCE), SPAN)  # a link shown as code is no link
    where = page.relative_to(root)
    problems = []
    for match in [*LINK.finditer(prose), *REFERENCE.finditer(prose)]:
        target = match.group(1)
        if re.match(r"[a-z][a-z+.-]*:", target):  # https:, mailto: (no network here)
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / urllib.parse.unquote(path)).resolve() if path else page
        said = f"{where}:{line_of(prose, match.start())}: {target}"
        if not file.exists():
            problems.append(f"{said}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file.read_text(encoding="utf-8")):
            problems.append(f"{said}: no heading '#{anchor}' in {file.name}")
    return problems


def snippets(text: str) -> list[tuple[int, str]]:
    """``(line, command text)`` for each line of a code block (an indented line goes on the one before)
    and each code span, where commands are shown."""
    found = []
    for block in FENCE.finditer(text):
        first = line_of(text, block.start())
        lines = block.group(0).split("\n")[1:-1]
        for i, line in enumerate(lines):
            if line[:1] in (" ", "\t") and found and found[-1][0] >= first:
                found[-1] = (found[-1][0], f"{found[-1][1]} {line}")
            else:
                found.append((first + 1 + i, line))
    for span in SPAN.finditer(blanked(text, FENCE)):
        found.append((line_of(text, span.start()), span.group(2).replace("\n", " ")))
    return found


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {})


def grader_problems(words: list[str], parser: argparse.ArgumentParser) -> list[str]:
    """What is wrong with ``grader`` followed by ``words``: an unknown command, or an option its
    command (or ``grader`` itself, before the command) does not take."""
    problems, name, chosen, skip = [], "grader", False, False
    for word in words:
        word = word.strip("[]()'\",")
        if skip or not word:
            skip = False
            continue
        if word in SEPARATORS or word.startswith("#"):
            break
        if word.startswith("-") and word != "-":
            option = word.split("=", 1)[0]
            action = parser._option_string_actions.get(option)
            if action is None:
                problems.append(f"'{name}' has no option {option}")
            else:
                skip = action.nargs != 0 and "=" not in word
        elif not chosen and subcommands(parser) and re.fullmatch(r"[a-z][a-z-]*", word):
            if word not in subcommands(parser):
                problems.append(f"'{name} {word}': no such command")
                break
            name, parser = f"{name} {word}", subcommands(parser)[word]
            chosen = not subcommands(parser)
    return problems


def commanded(before: list[str]) -> bool:
    """Whether a word after ``before`` starts a command: first in its snippet, or after ``python -m``, a
    separator, a comment's ``or:`` or an environment setting; not ``the grader`` in a quoted message."""
    if not before:
        return True
    last = before[-1]
    return last == "-m" or last in SEPARATORS or last.endswith(":") or last.startswith("#") or "=" in last


def make_targets(makefile: Path) -> set[str]:
    rule = re.compile(r"^([^\s:=#][^:=#\t]*?)\s*::?(?![=])", re.M)
    return {name for match in rule.finditer(makefile.read_text(encoding="utf-8")) for name in match.group(1).split()}


def command_problems(page: Path, root: Path, parser: argparse.ArgumentParser, targets: set[str]) -> list[str]:
    where = page.relative_to(root)
    problems = []
    for line, snippet in snippets(page.read_text(encoding="utf-8")):
        words = snippet.split()
        for i, word in enumerate(words):
            if word.endswith("/grader") or (word == "grader" and commanded(words[:i])):
                problems += [f"{where}:{line}: {p}" for p in grader_problems(words[i + 1:], parser)]
            elif word == "make" and commanded(words[:i]):
                for target in words[i + 1:]:
                    if target in SEPARATORS or target.startswith("#"):
                        break
                    if not target.startswith("-") and "=" not in target and target not in targets:
                        problems.append(f"{where}:{line}: 'make {target}': no such target in the Makefile")
    return problems


def problems(root: Path, parser: argparse.ArgumentParser | None = None) -> list[str]:
    parser = parser or build_parser()
    targets = make_targets(root / "Makefile")
    found = []
    for page in pages(root):
        found += link_problems(page, root) + command_problems(page, root, parser, targets)
    return found


# ---------------------------------------------------------------------------- the docs as they are

def test_every_link_anchor_and_command_of_the_docs_resolves():
    assert problems(ROOT) == []


def test_the_readme_fits_a_screen_and_links_each_reader_to_their_page():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 90
    for page in ("students", "ci", "instructors", "class", "deployments", "security", "architecture", "cli",
                 "authoring", "feedback"):
        assert f"](docs/{page}.md" in text, page


def test_the_readmes_instructor_section_explains_parameters_ids_and_the_salt():
    """Issue 22's done-when: an instructor reading the README learns that each student has their own numbers,
    what picks them (the lesson's parameters, the student's id, the term's salt) and the commands for them."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("**Instructors.**", 1)[1].split("\n\n", 1)[0]
    for said in ("`[parameters]`", "student's id", "`[term] salt` in `course.toml`", "change it every term",
                 "`grader variant ID`", "`grader grade --student ID`", "`grader stubs --roster", "docs/instructors.md"):
        assert said in " ".join(section.split()), said


def test_the_sections_the_grader_cites_exist():
    """Messages, comments and course.toml cite docs by page and section: each page and section is there."""
    sources = [*sorted((ROOT / "grader").rglob("*.py")), ROOT / "grader/authoring/gradescope/run_autograder",
               ROOT / "course.toml", ROOT / "pyproject.toml", ROOT / "Makefile"]
    cited = []
    for source in sources:
        text = source.read_text(encoding="utf-8")
        cited += [(source.name, m.group(1), m.group(2)) for m in CITED.finditer(text)]
        cited += [(source.name, m.group(0), None) for m in re.finditer(r"\bdocs/[\w-]+\.md", text)]
    assert ("course.toml", "docs/ci.md", "Which lesson is graded") in cited  # the pattern sees what it checks
    missing = []
    for name, page, section in cited:
        path = ROOT / ("README.md" if page == "README" else page)
        if not path.is_file():
            missing.append(f"{name}: {page}")
        elif section and slug(section) not in anchors(path.read_text(encoding="utf-8")):
            missing.append(f"{name}: {page}, \"{section}\"")
    assert missing == []


# ---------------------------------------------------------------------------- the checker can fail

def test_slugs_are_githubs():
    assert slug("Which lesson is graded") == "which-lesson-is-graded"
    assert slug("`grader gradebook class-report`") == "grader-gradebook-class-report"
    assert slug("prefill: E1.2 · Lesson 2 of 6: Prefill") == "prefill-e12--lesson-2-of-6-prefill"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n") == {"a", "a-1"}


def test_a_broken_link_anchor_command_option_or_target_is_named(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "Makefile").write_text("grade: $(STAMP)\n\t@echo\nX := 1\n")
    (tmp_path / "SECURITY.md").write_text("# Threats\n")
    (tmp_path / "docs" / "ci.md").write_text("# CI\n\n## Exit statuses\n\n[up](../README.md#start)\n")
    (tmp_path / "README.md").write_text(
        "# Start\n\n[fine](docs/ci.md#exit-statuses) [fine](#start) [web](https://example.org/x#y)\n"
        "[gone](docs/moved.md) [no heading](docs/ci.md#exit-status) ![img](docs/x.png)\n"
        "`[not a link](nowhere.md)` `grader grade --format json` `make grade LESSON=x`\n\n"
        "```sh\n.venv/bin/grader grade SUBMISSION --formats json   # a typo\n"
        "grader gradebook exports --csv FILE\nmake X test\ngrader --debg grade\n"
        "grader batch SUBMISSIONS [--jobs N]\n       [--keep newest] [--regrade-all]\n```\n")
    assert problems(tmp_path) == [
        "README.md:4: docs/moved.md: no such file",
        "README.md:4: docs/ci.md#exit-status: no heading '#exit-status' in ci.md",
        "README.md:4: docs/x.png: no such file",
        "README.md:8: 'grader grade' has no option --formats",
        "README.md:9: 'grader gradebook exports': no such command",
        "README.md:10: 'make X': no such target in the Makefile",
        "README.md:10: 'make test': no such target in the Makefile",
        "README.md:11: 'grader' has no option --debg",
        "README.md:12: 'grader batch' has no option --regrade-all",
    ]


@pytest.fixture
def copy(tmp_path) -> Path:
    """The repository's pages copied, everything else linked: a tree whose docs can be broken."""
    for entry in ROOT.iterdir():
        if entry.name not in ("README.md", "SECURITY.md", "docs"):
            (tmp_path / entry.name).symlink_to(entry)
    shutil.copyfile(ROOT / "README.md", tmp_path / "README.md")
    shutil.copyfile(ROOT / "SECURITY.md", tmp_path / "SECURITY.md")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    return tmp_path


@pytest.mark.parametrize(("page", "old", "new", "problem"), [
    ("README.md", "](docs/class.md)", "](docs/classes.md)", "docs/classes.md: no such file"),
    ("docs/students.md", "(ci.md#which-lesson-is-graded)", "(ci.md#which-lesson)",
     "ci.md#which-lesson: no heading '#which-lesson' in ci.md"),
    ("docs/ci.md", "--format json --output grade.json", "--format json --out grade.json",
     "'grader grade' has no option --out"),
    ("docs/class.md", "grader gradebook export --csv", "grader gradebook csv --csv",
     "'grader gradebook csv': no such command"),
    ("docs/instructors.md", "`make validate`", "`make validation`", "'make validation': no such target"),
])
def test_breaking_one_link_or_command_of_the_real_docs_is_caught(copy, page, old, new, problem):
    path = copy / page
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    found = problems(copy)
    assert len(found) == 1 and found[0].startswith(f"{page}:") and problem in found[0], found
