"""grader.authoring.models: every model proved both ways by grading its own text, and hints without code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.authoring.models import code_in_hint, model_claims, prove_models, source_of, unmodelled
from grader.checks import ModelMark
from grader.grading.session import GradingSession
from grader.lesson.course import Course
from grader.lesson.misconceptions import MODELS_NAME, Model, load_models
from grader.result import CheckResult, Diagnosis, Report, TaskResult

from paths import ROOT

COURSE = Course(ROOT)


# ---------------------------------------------------------------------------- hints teach, they do not hand over code

@pytest.mark.parametrize("hint, fragment", [
    ("compare with np.allclose, and cumsum along axis 0", "np.allclose"),
    ("sum with axis=0", "axis=0"),
    ("build it with dtype=bool", "dtype=bool"),
    ("use np.tril(ones, k=-1)", "k=-1"),
    ("call cumsum(Y) on the product", "cumsum("),
    ("the test is parallel == sequential", "=="),
    ("write return flops / rate", "return flops /"),
    ("return True only when they agree", "return True"),
    ("raise ValueError(...) yourself", "raise ValueError("),
    ("running = running + Y[i]", "Y[i]"),
    ("take mask[i, : i + 1]", "mask[i, : i + 1]"),
    ("then call .astype(bool)", ".astype("),
    ("loop over range(P)", "range("),
])
def test_code_in_a_hint_is_found(hint, fragment):
    assert fragment in code_in_hint(hint)


@pytest.mark.parametrize("hint", [
    "Prefill costs about 2 · N · P FLOPs: the lesson's N = 7e9 parameters and 1000 tokens make 1.4e13.",
    "The lesson counts 1 + 2 + 3 + 4 = 10 pairs for 4 tokens, P(P + 1)/2 for P tokens.",
    "causal_mask(P) is a (P, P) grid; a token may only look at itself and earlier tokens (column ≤ row).",
    "Only a return statement hands the caller a value; the function still returns None after print.",
    "Five outputs finish in 0.20 + 4 × 0.05 = 0.40 s.",
])
def test_the_lessons_own_notation_is_not_code(hint):
    assert code_in_hint(hint) == []


def _hints(lesson):
    """Every sentence a lesson shows as a hint: its diagnoses', and its answers' wrong-answer messages."""
    yield from ((f"diagnoses.toml {entry.code}", entry.hint) for entry in lesson.diagnoses)
    for task in lesson.tasks:
        if task.answer is not None:
            yield f"lesson.toml {task.id} wrong", task.answer.wrong or ""
            yield from ((f"lesson.toml {task.id} hint {h.value!r}", h.message) for h in task.answer.hints)


@pytest.mark.parametrize("lesson_id", COURSE.lesson_ids())
def test_no_hint_of_any_lesson_holds_the_fix_as_code(lesson_id):
    found = {where: code_in_hint(text) for where, text in _hints(COURSE.lesson(lesson_id))}
    assert {where: fragments for where, fragments in found.items() if fragments} == {}


# ---------------------------------------------------------------------------- a model's text, as a submission

def test_a_models_text_is_the_lesson_function_it_stands_for():
    lesson = COURSE.lesson("prefill")
    by_name = {m.name: m for m in load_models(lesson)}
    text = source_of(by_name["flops_one_per_parameter"])
    assert text.startswith("def prefill_flops(N, P):") and "@" not in text and "return N * P" in text
    recursive = Model("count", "pairs.recursion-too-deep", "causal_pairs", "causal_pairs", _count, ModelMark("x.y"),
                      frozenset(), Path(__file__))
    text = source_of(recursive)  # a call of the model's own name is a call of the lesson function
    assert text.startswith("def causal_pairs(P):") and "causal_pairs(P - 1)" in text and "count" not in text


def _count(P):
    return 0 if P == 0 else P + _count(P - 1)


def _report(**tasks) -> Report:
    """tasks: id=(score of 1, codes)."""
    return Report("prefill", "", "s", [
        TaskResult(task, "", 1.0, [CheckResult("c", score >= 1, "m",
                                               diagnosis=Diagnosis(codes[0], "h") if codes else None)])
        for task, (score, codes) in tasks.items()])


def test_a_proof_needs_exactly_its_task_lost_and_exactly_its_code():
    from grader.authoring.models import _proof
    model = next(m for m in load_models(COURSE.lesson("prefill")) if m.name == "flops_one_per_parameter")
    carried = frozenset({"seconds.flops-carried-forward"})
    good = _proof(model, [model], _report(prefill_flops=(0, ["flops.missing-factor-2"]),
                                          prefill_seconds=(0, ["seconds.flops-carried-forward"])), carried)
    assert good.good and good.lost == {"prefill_flops"}
    wrong_code = _proof(model, [model], _report(prefill_flops=(0, ["flops.squared"])), carried)
    assert not wrong_code.good and "not flops.missing-factor-2" in wrong_code.problems[0]
    unseen = _proof(model, [model], _report(prefill_flops=(1, [])), carried)
    assert "scores full marks on prefill_flops" in unseen.problems[0]
    extra = _proof(model, [model], _report(prefill_flops=(0, ["flops.missing-factor-2"]), causal_pairs=(0, [])),
                   carried)
    assert "also loses points on causal_pairs" in extra.problems[0]


@pytest.fixture
def small(tmp_path) -> Course:
    """The prefill lesson with a models.py of four: one that is no mistake, two that behave alike (so that
    neither code can be named), and the carried-forward one, which needs one of those two."""
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree / "prefill", tmp_path / tree / "prefill",
                        ignore=shutil.ignore_patterns("__pycache__", "mutants", "models"))
    (tmp_path / "suites" / "prefill" / MODELS_NAME).write_text(
        "from grader.checks import model\n\n\n"
        "@model('flops.missing-factor-2')\ndef half(N, P):\n    return N * P\n\n\n"
        "@model('flops.squared')\ndef right_after_all(N, P):\n    return 2 * N * P\n\n\n"
        "@model('flops.training-rule')\ndef also_half(N, P):\n    return P * N\n\n\n"
        "@model('seconds.flops-carried-forward', carried=True, needs='flops.missing-factor-2')\n"
        "def carried(N, P, flops_per_sec, utilization=1.0):\n"
        "    if not 0 < utilization <= 1:\n        raise ValueError('utilization must be in (0, 1]')\n"
        "    return prefill_flops(N, P) / (flops_per_sec * utilization)\n", encoding="utf-8")
    return Course(tmp_path)


def test_each_model_is_graded_as_a_submission_and_must_get_its_own_code(small):
    lesson = small.lesson("prefill")
    with GradingSession("prefill", small) as session:
        proofs = {p.model.name: p for p in prove_models(session, lesson, small.solutions_dir(lesson))}
    assert set(proofs) == {"half", "right_after_all", "also_half", "carried"}
    assert not proofs["right_after_all"].good and "scores full marks" in proofs["right_after_all"].problems[0]
    # half and also_half behave alike: neither code can be named, so neither proof holds
    assert not proofs["half"].good and not proofs["also_half"].good
    assert proofs["also_half"].problems == ("graded as a submission, prefill_flops gets the diagnosis none, not "
                                            "flops.training-rule: the checks' probes do not single it out, or what "
                                            "it does in a worker differs from what the grader computes of it",)
    # graded with the model it needs, the carried one gets its code (and half's lack of one is half's problem)
    assert proofs["carried"].codes["prefill_seconds"] == {"seconds.flops-carried-forward"}
    assert proofs["carried"].lost == {"prefill_flops", "prefill_seconds"}


def test_validate_names_each_unproved_model_and_each_diagnosis_without_one(small):
    lesson = small.lesson("prefill")
    with GradingSession("prefill", small) as session:
        rows, problems, notes = model_claims(session, lesson, small.solutions_dir(lesson))
    assert rows == [("models", "all 4 as their codes say", "0 proved", False)]
    assert any(p.startswith("model right_after_all (flops.squared): ") for p in problems)
    assert any("diagnosis 'mask.transposed' has no model" in p for p in problems)
    assert notes[0].startswith("models: 4 in models.py for 4 diagnoses, 0 proved")


def test_a_lesson_without_models_asks_for_none(tmp_path):
    for tree in ("exercises", "solutions", "suites"):  # the latency lesson, its models.py left out
        shutil.copytree(ROOT / tree / "latency", tmp_path / tree / "latency",
                        ignore=shutil.ignore_patterns("__pycache__", MODELS_NAME))
    course = Course(tmp_path)
    lesson = course.lesson("latency")
    assert not (lesson.suite_dir / MODELS_NAME).exists()
    assert unmodelled(lesson, load_models(lesson)) == []
    rows, problems, notes = model_claims(None, lesson, course.solutions_dir(lesson))
    assert (rows, problems, notes) == ([], [], [])
