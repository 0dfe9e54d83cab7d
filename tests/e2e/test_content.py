"""The prefill lesson's files say what the lesson says."""

from __future__ import annotations

import re
import tomllib

import pytest

from grader.lesson.course import Course

from paths import ROOT

LESSON_TEXT = ROOT.parent / "shared" / "lesson" / "e1.2-lesson2-prefill.txt"


def lesson_skeleton() -> str:
    text = LESSON_TEXT.read_text(encoding="utf-8")
    start = text.index("import numpy as np")
    end = text.index("Ctrl/", start)
    return text[start:end].strip() + "\n"


@pytest.mark.skipif(not LESSON_TEXT.exists(), reason=f"the lesson text is not at {LESSON_TEXT}")
def test_the_stub_is_exactly_the_lessons_skeleton():
    assert (ROOT / "exercises" / "prefill" / "prefill.py").read_text(encoding="utf-8") == lesson_skeleton()


def test_the_stub_defines_the_five_functions_with_pass_only():
    text = (ROOT / "exercises" / "prefill" / "prefill.py").read_text()
    assert re.findall(r"^def (\w+)\(", text, re.M) == [
        "prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential"]
    assert text.count("    pass\n") == 5


def test_the_answers_template_has_the_contract_keys_empty_and_quotes_each_question():
    text = (ROOT / "exercises" / "prefill" / "answers.toml").read_text(encoding="utf-8")
    answers = tomllib.loads(text)
    assert answers == {"flops": "", "seconds": "", "pairs": "", "quiz": ""}
    for question in ("Type the FLOPs (like 1.4e13)", "Seconds of prefill?", "how many (token, earlier-or-same token)",
                     "Can every prompt position be processed independently"):
        assert question in text


def test_the_manifest_keeps_the_lessons_headline_numbers():
    lesson = Course(ROOT).lesson("prefill")
    expected = {t.id: t.answer.expected for t in lesson.tasks if t.answer}
    assert expected == {"hand_flops": 1.4e13, "hand_seconds": 0.28, "hand_pairs": 10, "quiz": "B"}
    assert lesson.task("quiz").answer.choices == {"A": "Yes", "B": "No"}
