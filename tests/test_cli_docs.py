"""docs/cli.md: the command-line reference, rendered from the parser and kept in step with it."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from grader import cli_docs
from grader.cli import build_parser

from paths import ROOT

PAGE = ROOT / "docs" / "cli.md"


def test_the_committed_reference_is_the_generated_one():
    assert PAGE.read_text(encoding="utf-8") == cli_docs.markdown(build_parser()), \
        "docs/cli.md has drifted from grader/cli.py's parser: run 'make docs'"


def test_an_option_added_to_the_parser_is_drift():
    parser = build_parser()
    grade = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices["grade"]
    grade.add_argument("--quietly", action="store_true", help="say less")
    text = cli_docs.markdown(parser)
    assert text != PAGE.read_text(encoding="utf-8")
    assert "| `--quietly` | say less |" in text.split("## `grader grade`")[1].split("\n## ")[0]


def test_every_command_and_option_of_the_parser_is_in_the_reference():
    text = PAGE.read_text(encoding="utf-8")

    def walk(parser, path):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    section = text.split(f"## `{path} {name}`\n", 1)[1].split("\n## ", 1)[0]
                    for option in sub._option_string_actions:
                        assert option in section or option in ("-h", "--help"), (path, name, option)
                    walk(sub, f"{path} {name}")

    walk(build_parser(), "grader")


def test_the_page_is_the_same_on_every_machine(monkeypatch):
    """``--jobs`` defaults to the number of cores: no default is rendered, the help says it in words."""
    here = cli_docs.markdown(build_parser())
    monkeypatch.setattr(os, "cpu_count", lambda: 97)
    monkeypatch.setenv("COLUMNS", "40")
    assert cli_docs.markdown(build_parser()) == here
    assert "97" not in here


def test_a_parser_renders_as_usage_and_a_row_per_argument():
    parser = argparse.ArgumentParser(prog="tool", description="Does things.")
    parser.add_argument("--verbose", action="store_true", help="more")
    commands = parser.add_subparsers(dest="command")
    run = commands.add_parser("run", help="run it")
    run.add_argument("target", nargs="?", help="what to run | or not, in <dir>")
    run.add_argument("--mode", choices=["fast", "slow"], help="how (default: %(default)s)", default="fast")
    run.add_argument("--tag", action="append", metavar="T", help="a tag")
    run.add_argument("--out", required=True, metavar="FILE", help="where")
    book = commands.add_parser("book", help="books")
    book.add_subparsers(dest="action").add_parser("read", help="read one")
    text = cli_docs.markdown(parser)
    assert "`tool`: Does things. Every command also takes `-h` / `--help`." in text
    assert "| [`tool run`](#tool-run) | run it |\n| [`tool book`](#tool-book) | books |\n" \
           "| [`tool book read`](#tool-book-read) | read one |\n" in text
    assert "## Options of `tool` itself" in text and "| `--verbose` | more |" in text
    run_section = text.split("## `tool run`\n\n", 1)[1].split("\n## ", 1)[0]
    assert run_section == (
        "Run it.\n\n"
        "```text\ntool run [target] [--mode {fast,slow}] [--tag T ...] --out FILE\n```\n\n"
        "| argument | what it does |\n| --- | --- |\n"
        "| `target` | what to run \\| or not, in &lt;dir&gt; (optional) |\n"
        "| `--mode {fast,slow}` | how (default: fast) |\n"
        "| `--tag T` | a tag (repeatable) |\n"
        "| `--out FILE` | where (required) |\n")
    assert "```text\ntool book {read} ...\n```" in text


def test_a_long_usage_goes_on_indented_lines_of_at_most_the_width():
    parser = argparse.ArgumentParser(prog="tool")
    sub = parser.add_subparsers().add_parser("go")
    for i in range(12):
        sub.add_argument(f"--option-{i}", metavar="VALUE")
    block = cli_docs.markdown(parser).split("```text\n", 1)[1].split("\n```", 1)[0]
    lines = block.splitlines()
    assert len(lines) > 1 and all(len(line) <= cli_docs.WIDTH for line in lines)
    assert all(line.startswith(" " * len("tool go ") + "[--option-") for line in lines[1:])
    assert " ".join(block.split()) == "tool go " + " ".join(f"[--option-{i} VALUE]" for i in range(12))


def test_the_module_writes_the_page_and_then_has_nothing_to_change(tmp_path):
    out = tmp_path / "cli.md"
    run = [sys.executable, "-m", "grader.cli_docs", str(out)]
    first = subprocess.run(run, capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    assert first.stdout == f"wrote {out}\n"
    assert out.read_text(encoding="utf-8") == PAGE.read_text(encoding="utf-8")
    again = subprocess.run(run, capture_output=True, text=True, check=False)
    assert (again.returncode, again.stdout) == (0, "")


def test_an_unwritable_page_is_one_line_not_a_traceback(tmp_path):
    (tmp_path / "docs").write_text("a file where the folder should be\n")
    out = tmp_path / "docs" / "cli.md"
    done = subprocess.run([sys.executable, "-m", "grader.cli_docs", str(out)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("grader: ") and "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
