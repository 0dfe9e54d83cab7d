"""grader.lesson.misconceptions: a lesson's models, read from models.py or a models/ folder, broken ones named."""

from __future__ import annotations

import shutil

import pytest

from grader.exceptions import ConfigError
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson
from grader.lesson.misconceptions import MODELS_FOLDER, MODELS_NAME, load_models, model_files, where

from paths import ROOT

LESSON = Course(ROOT).lesson("prefill")
FLOPS = "from grader.checks import model\n\n\n@model('flops.missing-factor-2')\ndef half(N, P):\n    return N * P\n"
PAIRS = "from grader.checks import model\n\n\n@model('pairs.all-pairs')\ndef grid(P):\n    return P * P\n"


def _lesson(tmp_path, files: dict[str, str]):
    """The prefill suite without its models, then ``files`` (paths relative to the suite) written into it."""
    folder = tmp_path / "prefill"
    shutil.copytree(ROOT / "suites" / "prefill", folder,
                    ignore=shutil.ignore_patterns("mutants", "__pycache__", MODELS_FOLDER, MODELS_NAME))
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return load_lesson(folder)


def _lesson_with(tmp_path, text: str):
    return _lesson(tmp_path, {MODELS_NAME: text})


def test_the_real_models_each_stand_for_a_code_task_diagnosis():
    found = load_models(LESSON)
    assert len(found) >= 100
    code_tasks = {t.id for t in LESSON.code_tasks}
    assert all(m.task in code_tasks and LESSON.diagnosis(m.code) for m in found)
    assert {m.code for m in found if m.mark.carried} == {"seconds.flops-carried-forward"}
    assert next(m for m in found if m.name == "seconds_at_peak").calls == {"prefill_flops"}


def test_prefill_keeps_one_models_file_per_function_read_in_the_lessons_order():
    assert where(LESSON) == "models/"
    assert [p.stem for p in model_files(LESSON)] == [t.function for t in LESSON.code_tasks]
    found = load_models(LESSON)
    order = [t.function for t in LESSON.code_tasks]
    assert [m.function for m in found] == sorted((m.function for m in found), key=order.index)
    assert all(m.path.parent.name == MODELS_FOLDER and m.path.stem == m.function for m in found)


def test_no_models_file_is_no_models(tmp_path):
    lesson = _lesson(tmp_path, {})
    assert model_files(lesson) == () and load_models(lesson) == ()


def test_a_folder_reads_its_functions_files_first_then_the_others_by_name_and_leaves_out_underscores(tmp_path):
    lesson = _lesson(tmp_path, {"models/zz_more.py": FLOPS.replace("half", "also_half"),
                                "models/causal_pairs.py": PAIRS, "models/prefill_flops.py": FLOPS,
                                "models/_shared.py": "raise RuntimeError('never read')\n"})
    assert [p.name for p in model_files(lesson)] == ["prefill_flops.py", "causal_pairs.py", "zz_more.py"]
    assert [m.name for m in load_models(lesson)] == ["half", "grid", "also_half"]


def test_a_model_may_need_one_kept_in_another_file_of_the_folder(tmp_path):
    needs = ("from grader.checks import model\n\n\n"
             "@model('seconds.flops-carried-forward', carried=True, needs='flops.missing-factor-2')\n"
             "def carried(N, P, flops_per_sec, utilization=1.0):\n"
             "    return prefill_flops(N, P) / (flops_per_sec * utilization)\n")
    lesson = _lesson(tmp_path, {"models/prefill_seconds.py": needs, "models/prefill_flops.py": FLOPS})
    assert {m.name: m.calls for m in load_models(lesson)} == {"half": frozenset(), "carried": {"prefill_flops"}}
    alone = _lesson(tmp_path / "alone", {"models/prefill_seconds.py": needs})
    with pytest.raises(ConfigError) as caught:
        load_models(alone)
    assert caught.value.source.endswith("prefill_seconds.py") and "no model of models/" in caught.value.problem


def test_models_py_and_a_models_folder_at_once_is_refused_naming_both(tmp_path):
    lesson = _lesson(tmp_path, {MODELS_NAME: FLOPS, "models/causal_pairs.py": PAIRS})
    with pytest.raises(ConfigError) as caught:
        load_models(lesson)
    assert caught.value.source.endswith(MODELS_FOLDER) and MODELS_NAME in caught.value.problem


@pytest.mark.parametrize("text, key, words", [
    ("from grader.checks import model\n@model('flops.no-such')\ndef f(N, P):\n    return 0\n", "f", "does not hold"),
    ("from grader.checks import model\n@model('hand-flops.power-of-ten')\ndef g(N, P):\n    return 0\n", "g",
     "exactly one code task"),
    ("from grader.checks import model\n@model('flops.squared', needs='pairs.all-pairs')\ndef h(N, P):\n"
     "    return 0\n", "h", "no model of"),
    ("from grader.checks import model\n@model('flops.squared', same=3)\ndef k(N, P):\n    return 0\n", "k",
     "must be functions"),
    ("import no_such_module\n", None, "cannot be imported"),
    ("import sys\nsys.exit(0)\n", None, "cannot be imported (SystemExit: 0)"),  # escaped as SystemExit before
])
def test_a_broken_models_file_is_named_with_the_model(tmp_path, text, key, words):
    lesson = _lesson_with(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_models(lesson)
    assert caught.value.key == key and words in caught.value.problem
    assert caught.value.source.endswith(MODELS_NAME)
