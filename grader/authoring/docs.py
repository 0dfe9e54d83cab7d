"""The generated parts of the documentation, rewritten from what they describe (``make docs``).

A table written by hand drifts from the code it describes; these are generated instead and
a test compares each with its source: the lesson settings in docs/authoring.md (from
``grader.lesson.options``) and docs/feedback.md (``grader diagnoses --markdown``, from the
lessons' catalogues). ``python -m grader.authoring.docs DOCS_DIR`` rewrites the first; the
Makefile's ``docs`` target runs both.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from grader import atomic
from grader.exceptions import GraderError
from grader.lesson.options import markdown_table

AUTHORING = "authoring.md"


def generated(text: str, name: str) -> str:
    """What stands between ``<!-- name: begin -->`` and ``<!-- name: end -->`` in ``text``."""
    match = re.search(rf"<!-- {name}: begin -->\n(.*?)<!-- {name}: end -->", text, re.S)
    if match is None:
        raise GraderError(f"no '<!-- {name}: begin -->' ... '<!-- {name}: end -->' block to rewrite")
    return match.group(1)


def with_generated(text: str, name: str, block: str) -> str:
    """``text`` with its ``name`` block replaced by ``block``."""
    old = generated(text, name)
    return text.replace(f"<!-- {name}: begin -->\n{old}<!-- {name}: end -->",
                        f"<!-- {name}: begin -->\n{block}<!-- {name}: end -->", 1)


def update(docs: Path) -> list[Path]:
    """Rewrite the generated blocks under ``docs``; return the files that changed."""
    path = docs / AUTHORING
    text = path.read_text(encoding="utf-8")
    new = with_generated(text, "options", markdown_table())
    if new == text:
        return []
    atomic.write(path, new)
    return [path]


if __name__ == "__main__":
    try:
        for changed in update(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs")):
            print(f"wrote {changed}")
    except GraderError as exc:
        print(f"grader: {exc}", file=sys.stderr)
        sys.exit(2)
