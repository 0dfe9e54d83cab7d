"""What both hostile-corpus test modules share: the corpus's cases, the grader run as a command,
and what "inert" means for any text the grader writes (tests/e2e/test_hostile.py grades one
submission at a time, tests/e2e/test_hostile_class.py a class folder with odd entries; two modules so
that xdist spreads the first over every worker while the second keeps its module fixture whole)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import cases as corpus
import cases_more
import pytest

from grader.sandbox.inside.files import remove_tree

from paths import ROOT

MODES = ("bubblewrap", "limited")
FORMATS = {"json": "json", "text": "txt", "markdown": "md", "junit": "xml", "gradescope": "gs.json",
           "github": "gh", "html": "html"}
# raw controls, line and paragraph separators, surrogates, and the invisible: bidirectional controls,
# zero-width spaces and joiners, the word joiner, soft hyphens, BOM, tag characters
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
                         "\ud800-\udfff\U000e0000-\U000e007f]")
CASES = corpus.CASES + cases_more.CASES
GRADE_CASES = [c for c in CASES if c.kind == "grade"]
ENTRY_CASES = [c for c in CASES if c.kind == "entry"]
DEVICES = {"con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in range(10))}
FULL = 17.0


def grader(*args: str, mode: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess:
    env = {**os.environ, "GRADER_SANDBOX": mode}
    return subprocess.run([sys.executable, "-m", "grader", "--course", str(ROOT), *args], cwd=cwd, env=env,
                          capture_output=True, timeout=timeout, check=False)


def inert(text: str, where: str, own_commands: bool = False) -> None:
    """No raw control character and no line the GitHub runner would execute."""
    assert not RAW_CONTROL.search(text), f"{where}: raw control character"
    for line in text.splitlines():
        stripped = line.lstrip()
        if own_commands and re.match(r"::(error|warning|notice) [^\n]*::", stripped):
            continue
        assert not stripped.startswith("::"), f"{where}: runner command {line[:120]!r}"
    assert "##[" not in text, f"{where}: legacy runner command"


def modes_for(case) -> list[str]:
    return list(MODES) if case.runs_code else ["bubblewrap"]


@pytest.fixture(autouse=True)
def no_deep_leftovers(request):
    """Some cases build folders 1500 levels deep, and pytest removes old temporary folders with
    shutil.rmtree, which recurses: a later session (anyone's, on a shared machine) would end in a
    RecursionError. What a test built is removed here, iteratively (grader's own remove_tree)."""
    tmp = request.getfixturevalue("tmp_path") if "tmp_path" in request.fixturenames else None
    yield
    if tmp is not None:
        for built in ("in", "mixed", "built"):
            remove_tree(tmp / built)
