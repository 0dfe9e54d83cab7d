"""The examples the docs show, read back as test inputs: a test that feeds an example to the real
parser proves that the documented format is the one the code accepts (tests/authoring/)."""

from __future__ import annotations

import re

from paths import ROOT

AUTHORING = ROOT / "docs" / "authoring.md"


def example(after: str, language: str, path=AUTHORING) -> str:
    """The first fenced block in ``language`` that follows the text ``after`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    start = text.index(after)
    match = re.compile(rf"^```{re.escape(language)}\n(.*?)^```$", re.M | re.S).search(text, start)
    assert match, f"{path.name}: no ```{language} block after {after!r}"
    return match.group(1)
