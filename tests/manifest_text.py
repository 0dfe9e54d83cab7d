"""lesson.toml written in a test: the smallest manifest head, an answer task, and a manifest that must
fail to load (tests/lesson/test_manifest.py and test_manifest_answers.py, split for the 450-line rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.exceptions import ConfigError
from grader.lesson.manifest import load_lesson

HEAD = 'id = "x"\nmodule = "x.py"\n'


def answer_task(body: str, task_id: str = "q") -> str:
    return f'[[tasks]]\nid = "{task_id}"\npoints = 1\n[tasks.answer]\nkey = "k"\n{body}'


def broken(tmp_path: Path, text: str) -> ConfigError:
    """The ConfigError loading ``text`` as tmp_path's lesson.toml raises; every such error names the file."""
    path = tmp_path / "lesson.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_lesson(tmp_path)
    assert str(path) in str(info.value)
    return info.value
