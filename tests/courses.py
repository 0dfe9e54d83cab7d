"""Small courses made for a test: a lesson copied from Prefill under another id and module, Prefill alone with
its solution edited, and submission folders holding named files (shared by tests/lesson/, tests/submission/
and tests/authoring/)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from paths import ROOT

PREFILL = ROOT / "suites" / "prefill"


def add_lesson(root: Path, lesson_id: str, module: str) -> Path:
    """Copy the Prefill suite as suites/<lesson_id>, renamed and with its own module file."""
    suite = root / "suites" / lesson_id
    shutil.copytree(PREFILL, suite, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = suite / "lesson.toml"
    text = manifest.read_text(encoding="utf-8")
    text, ids = re.subn(r'(?m)^id = "prefill"', f'id = "{lesson_id}"', text)
    text, modules = re.subn(r'(?m)^module = "prefill.py"', f'module = "{module}"', text)
    assert ids == 1 and modules == 1, "the Prefill manifest changed shape"
    manifest.write_text(text, encoding="utf-8")
    return suite


def folder(path: Path, *files: str) -> Path:
    """``path`` created, holding ``files`` (relative paths; a module gets code, anything else an answer)."""
    path.mkdir(parents=True, exist_ok=True)
    for name in files:
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text("x = 1\n" if name.endswith(".py") else 'flops = ""\n', encoding="utf-8")
    return path


def prefill_alone(tmp_path: Path, old: str = "", new: str = "") -> Path:
    """The prefill lesson alone, its solution edited inside the markers (no drift), without mutants or models
    (a lesson without models is asked for none): its validation takes a second, not half a minute."""
    course = tmp_path / "course"
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree / "prefill", course / tree / "prefill",
                        ignore=shutil.ignore_patterns("__pycache__", "mutants", "models"))
    path = course / "solutions" / "prefill" / "prefill.py"
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new))
    return course
