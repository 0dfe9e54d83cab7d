"""grader.lesson.catalogue: the engine's own catalogue, merged into every lesson's.

(The lesson catalogue file itself and the proof of every diagnosis of the real lessons are
tested in tests/authoring/test_diagnoses.py.)
"""

from __future__ import annotations

import pytest

from grader.exceptions import ConfigError
from grader.lesson.catalogue import (
    CATALOGUE_NAME,
    ENGINE_CATALOGUE,
    ENGINE_PREFIX,
    engine_catalogue,
    engine_entry,
    load_catalogue,
)
from grader.lesson.course import Course

from paths import ROOT


def test_the_engine_catalogue_holds_the_failures_before_any_call():
    codes = [entry.code for entry in engine_catalogue()]
    assert codes == ["import.syntax-error", "import.raises-at-top-level", "import.numpy-without-np",
                     "import.defined-twice", "import.module-unavailable", "import.parameters-reordered"]
    assert all(entry.tasks == ("*",) and entry.code.startswith(ENGINE_PREFIX) for entry in engine_catalogue())
    assert ENGINE_CATALOGUE.is_file()


def test_every_lesson_finds_the_engine_entries_for_every_code_task():
    course = Course(ROOT)
    for lesson_id in course.lesson_ids():
        lesson = course.lesson(lesson_id)
        entry = lesson.diagnosis("import.defined-twice")
        assert entry.tasks == tuple(t.id for t in lesson.code_tasks)
        assert not any(e.code.startswith(ENGINE_PREFIX) for e in lesson.diagnoses)  # its own catalogue only
    assert engine_entry("no.such-code", ("t",)) is None


def test_a_lesson_may_not_declare_an_engine_code(tmp_path):
    (tmp_path / CATALOGUE_NAME).write_text('[[diagnoses]]\ncode = "import.mine"\ntask = "t"\nwhen = "w"\n'
                                           'hint = "h"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_catalogue(tmp_path)
    assert info.value.key == "diagnoses[0].code" and "engine's" in str(info.value)


def test_every_task_is_the_engine_catalogue_s_word_only(tmp_path):
    (tmp_path / CATALOGUE_NAME).write_text('[[diagnoses]]\ncode = "a.b"\ntask = "*"\nwhen = "w"\nhint = "h"\n',
                                           encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_catalogue(tmp_path)
    assert info.value.key == "diagnoses[0].task"
