"""grader.submission.work: the evidence of work that ranks the places of a submission, read and never run."""

from __future__ import annotations

import pytest

from grader.lesson.manifest import load_lesson
from grader.submission.work import evidence, module_has_work

from courses import PREFILL
from paths import ROOT

TEMPLATE = ROOT / "exercises" / "prefill"
FINISHED = ROOT / "solutions" / "prefill"
FUNCTIONS = {"prefill_flops", "causal_mask"}


@pytest.fixture
def prefill():
    return load_lesson(PREFILL)


def test_a_finished_module_beats_answers_alone_which_beat_the_template(prefill):
    finished = evidence(FINISHED / "prefill.py", None, FINISHED / "answers.toml", prefill)
    answers = evidence(None, None, FINISHED / "answers.toml", prefill)
    template = evidence(TEMPLATE / "prefill.py", TEMPLATE / "prefill.ipynb", TEMPLATE / "answers.toml", prefill)
    assert finished == (1, 1, 1) and answers == (0, 1, 0) and template == (0, 0, 1)
    assert finished > answers > template


@pytest.mark.parametrize("source, worked", [
    ("def prefill_flops(N, P):\n    pass\n", False),
    ("def prefill_flops(N, P):\n    return 2 * N * P\n", True),
    ("prefill_flops = lambda N, P: 2 * N * P\n", True),
    ("def other():\n    return 1\n", False),
    ("def prefill_flops(N, P):\n    pass\n" + "# note\n" * 200_000 + "def prefill_flops(N, P):\n    return 1\n", True),
    ("def prefill_flops(:\n", True),  # does not parse: the template does
])
def test_work_is_a_graded_function_beyond_its_stub(tmp_path, source, worked):
    path = tmp_path / "prefill.py"
    path.write_text(source, encoding="utf-8")
    assert module_has_work(path, FUNCTIONS) is worked
