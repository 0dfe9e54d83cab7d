"""grader.lesson.options: each lesson setting declared once, and everyone reads that declaration."""

from __future__ import annotations

import dataclasses
import re
import tomllib

import pytest

from grader.authoring import docs
from grader.authoring.scaffold import settings
from grader.exceptions import ConfigError
from grader.lesson import options
from grader.lesson.manifest import Lesson, Task, load_lesson

from paths import ROOT

MINIMAL = 'id = "x"\nmodule = "x.py"\n\n[[tasks]]\nid = "t"\nfunction = "f"\npoints = 1\n'


def write(tmp_path, text: str):
    (tmp_path / "lesson.toml").write_text(text, encoding="utf-8")
    return tmp_path


def test_the_lesson_dataclass_defaults_are_the_declared_ones():
    fields = {f.name: f.default for f in dataclasses.fields(Lesson) if f.default is not dataclasses.MISSING}
    assert {"call_seconds", "import_seconds", "submission_seconds", "memory_mb"} <= set(fields)
    for option in options.LESSON:
        if option.name in fields:
            assert fields[option.name] == option.default, option.name


def test_a_manifest_that_leaves_settings_out_gets_the_declared_defaults(tmp_path):
    lesson = load_lesson(write(tmp_path, MINIMAL))
    for option in options.LESSON:
        if not option.required:
            assert getattr(lesson, option.name) == option.default, option.name
    task = lesson.tasks[0]
    for option in options.TASK:
        if not option.required:
            assert getattr(task, option.name) == (option.default if option.name != "function" else "f")


@pytest.mark.parametrize("option", [o for o in options.LESSON if o.required], ids=lambda o: o.name)
def test_a_required_setting_left_out_names_its_key(tmp_path, option):
    top, tasks = MINIMAL.split("\n\n")
    text = "\n".join(line for line in top.splitlines() if not line.startswith(f"{option.name} =")) + "\n\n" + tasks
    with pytest.raises(ConfigError, match=f"key '{option.name}': is required"):
        load_lesson(write(tmp_path, text))


@pytest.mark.parametrize("option", [o for o in options.LESSON + options.TASK if o.positive], ids=lambda o: o.name)
def test_a_positive_setting_refuses_zero_naming_its_key(tmp_path, option):
    lesson_level = option in options.LESSON
    if lesson_level:
        text = f"{option.name} = 0\n{MINIMAL}"
    elif option.name == "points":
        text = MINIMAL.replace("points = 1", "points = 0")
    else:
        text = MINIMAL.replace("points = 1", f"points = 1\n{option.name} = 0")
    key = option.name if lesson_level else f"tasks[0].{option.name}"
    with pytest.raises(ConfigError, match=re.escape(f"key '{key}': must be a positive number")):
        load_lesson(write(tmp_path, text))


def test_every_declared_setting_reaches_the_lesson_or_the_task():
    assert {o.name for o in options.LESSON} <= {f.name for f in dataclasses.fields(Lesson)}
    assert {o.name for o in options.TASK} <= {f.name for f in dataclasses.fields(Task)}


def test_the_new_lesson_manifest_states_every_setting_with_its_declared_default():
    data = tomllib.loads(settings("decode"))
    assert data == {"id": "decode", "title": "decode", "module": "decode.py",
                    **{o.name: o.default for o in options.LESSON if o.name not in ("id", "title", "module")}}
    for option in options.LESSON:  # and says what each one is
        assert f"# {option.help}" in settings("decode")


def test_the_authoring_guide_shows_the_declared_settings():
    text = (ROOT / "docs" / docs.AUTHORING).read_text(encoding="utf-8")
    assert docs.generated(text, "options") == options.markdown_table(), "run `make docs`"


def test_updating_the_docs_rewrites_only_the_generated_block(tmp_path):
    (tmp_path / docs.AUTHORING).write_text("intro\n<!-- options: begin -->\nstale\n<!-- options: end -->\noutro\n")
    assert docs.update(tmp_path) == [tmp_path / docs.AUTHORING]
    text = (tmp_path / docs.AUTHORING).read_text()
    assert text.startswith("intro\n") and text.endswith("outro\n") and "stale" not in text
    assert docs.update(tmp_path) == []  # nothing left to change
