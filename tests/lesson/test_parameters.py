"""grader.lesson.parameters: a lesson's declared parameters, its answers' sources, its texts at its own numbers."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.exceptions import ConfigError
from grader.lesson.manifest import load_lesson
from grader.lesson.parameters import by_hand

from paths import ROOT

PREFILL, LATENCY = ROOT / "suites" / "prefill", ROOT / "suites" / "latency"


def _suite(tmp_path: Path, edit=None, source: Path = PREFILL) -> Path:
    """A copy of a lesson's suite, its manifest passed through ``edit`` (text -> text)."""
    suite = tmp_path / source.name
    shutil.copytree(source, suite, ignore=shutil.ignore_patterns("__pycache__"))
    if edit is not None:
        manifest = suite / "lesson.toml"
        text = manifest.read_text(encoding="utf-8")
        changed = edit(text)
        assert changed != text, "the edit changed nothing: the manifest changed shape"
        manifest.write_text(changed, encoding="utf-8")
    return suite


# ---------------------------------------------------------------------------- the real lessons


def test_the_lessons_read_exactly_as_before_at_their_own_numbers():
    prefill, latency = load_lesson(PREFILL), load_lesson(LATENCY)
    assert prefill.task("hand_flops").answer.question == ("Prefill FLOPs ≈ 2 · N · P for a 7·10⁹-parameter model and a "
                                                          "1000-token prompt (like 1.4e13)")
    assert prefill.task("hand_seconds").answer.question == ("The GPU delivers an effective 5·10¹³ FLOP/s on this work. "
                                                            "Seconds of prefill?")
    assert prefill.task("hand_seconds").answer.wrong.endswith("by the effective rate of 5·10¹³ FLOP/s.")
    assert prefill.task("hand_pairs").title == "Part 1: causal pairs for 4 tokens"
    assert prefill.task("hand_pairs").answer.wrong == "Token i attends to tokens 1…i: count 1 + 2 + 3 + 4."
    assert prefill.diagnosis("hand-seconds.peak-rate").hint == ("that uses the 10¹⁴ FLOP/s peak; at 50 % utilisation "
                                                                "the GPU delivers an effective 5·10¹³ FLOP/s.")
    assert latency.task("hand_elapsed").answer.question == ("TTFT = 0.20 s, then four more tokens at 0.05-second "
                                                            "intervals: seconds until all five outputs are done?")
    assert "0.20 + 4 × 0.05 = 0.40 s" in latency.diagnosis("hand.forgot-ttft").hint
    assert [h.value for h in prefill.task("hand_flops").answer.hints] == [7e12, 1.4e12, 1.4e14]  # the declared values


def test_the_declared_parameters():
    spec = load_lesson(PREFILL).parameters
    assert spec.names == ("N", "P", "peak", "utilization", "T")
    assert spec.example() == {"N": 7e9, "P": 1000, "peak": 1e14, "utilization": 0.5, "T": 4}
    assert spec.combinations() == 10 * 6 * 3 * 3 * 10
    assert [a.source.text for a in spec.answers if a.source] == ["prefill_flops(N, P)",
                                                                 "prefill_seconds(N, P, peak, utilization)",
                                                                 "causal_pairs(T)"]
    ttft = load_lesson(LATENCY).parameters.parameters[0]
    assert ttft.choices[:3] == (0.1, 0.15, 0.2) and ttft.choices[-1] == 1.0 and len(ttft.choices) == 19  # decimals


def test_a_lesson_without_parameters_is_left_as_written(tmp_path):
    def strip(text):
        start = text.index("\n[parameters]\n")
        end = text.index("\n\n", start)
        text = text[:start] + text[end + 2:]
        for line in [line for line in text.splitlines() if line.startswith(("from = ", "yours = "))]:
            text = text.replace(line + "\n", "")
        return re.sub(r', from = "[^"]*"', "", text)
    lesson = load_lesson(_suite(tmp_path, strip))
    assert lesson.parameters is None
    assert "{=N:pow}" in lesson.task("hand_flops").answer.question  # no parameters: placeholders are just text


# ---------------------------------------------------------------------------- drawing a student's numbers


def test_a_draw_is_sha256_of_salt_lesson_id_and_name_pinned():
    spec = load_lesson(PREFILL).parameters
    first = spec.choose("alice", "salt-1", "prefill")
    assert first == spec.choose("alice", "salt-1", "prefill")
    # pinned: a change of the algorithm would re-deal a class's numbers mid-term
    assert first == {"N": 7e9, "P": 3000, "peak": 1e15, "utilization": 0.5, "T": 11}
    assert spec.choose("alice", "salt-2", "prefill") != first  # another term
    assert spec.choose("alice", "salt-1", "prefill", attempt=1) != first
    assert len({tuple(spec.choose(f"s{i}", "salt-1", "prefill").values()) for i in range(50)}) > 40


def test_a_draw_is_the_same_in_another_process_whatever_its_hash_seed():
    code = ("from pathlib import Path; from grader.lesson.manifest import load_lesson; "
            f"print(load_lesson(Path({str(PREFILL)!r})).parameters.choose('bob', 's', 'prefill'))")
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(outputs) == 1
    assert outputs.pop().strip() == str(load_lesson(PREFILL).parameters.choose("bob", "s", "prefill"))


def test_by_hand_refuses_long_figures_and_answers_equal_to_their_own_hints():
    spec = load_lesson(LATENCY).parameters
    answers = {"hand_elapsed": 0.4, "hand_decode_rate": 20, "hand_output_rate": 12.5, "quiz": "B"}
    assert by_hand(answers, spec) == []
    assert by_hand({**answers, "hand_output_rate": 7 / 0.54}, spec) == ["hand_output_rate"]
    hints = {"hand_decode_rate": (20.0, 0.05, 10.0)}  # the output rate equal to the decode rate: TTFT = ITL
    assert by_hand(answers, spec, hints) == ["hand_decode_rate"]


# ---------------------------------------------------------------------------- mistakes, named


@pytest.mark.parametrize("edit, key, said", [
    (lambda t: t.replace("example = 7e9, says", "example = 5e9, says"), "parameters.N", "one of the choices"),
    (lambda t: t.replace("N = { choices", "N = { range = [1, 2], choices"), "parameters.N", "either 'choices'"),
    (lambda t: t.replace("N = { choices", "N = { colour = 1, choices"), "parameters.N", "unknown keys colour"),
    (lambda t: t.replace("step = 1, example = 4", "step = 0, example = 4"), "parameters.T", "positive 'step'"),
    (lambda t: t.replace("range = [3, 12], step = 1", "range = [3, 1e9], step = 1"), "parameters.T", "at most 1000"),
    (lambda t: t.replace('{ value = 7e12, from = "flops / 2",', "{ value = 7e12,"), "tasks[5].answer.hints[0]",
     "needs 'from'"),
    (lambda t: t.replace('from = "prefill_flops(N, P)"', 'from = "prefill_flops(N, Q)"'), "tasks[5].answer.from",
     "'Q' is not one of"),
    (lambda t: t.replace('from = "causal_pairs(T)"', 'from = "causal_mask(T) + eval(T)"'), "tasks[7].answer.from",
     "'eval' is not a function of the lesson"),
    (lambda t: t.replace("for a {=N:pow}-parameter", "for a {=M:pow}-parameter"), "tasks[5].answer.question",
     "'M' is not one of"),
    (lambda t: t.replace('expected = "B"\n', 'expected = "B"\nfrom = "T"\n'), "tasks[8].answer.from",
     "a choice has no 'from'"),
    (lambda t: t.replace("T = { range", "prefill_flops = { range"), "parameters", "names a parameter and"),
])
def test_a_broken_declaration_names_its_file_and_key(tmp_path, edit, key, said):
    with pytest.raises(ConfigError) as raised:
        load_lesson(_suite(tmp_path, edit))
    assert said in raised.value.problem
    assert raised.value.key == key
    assert raised.value.source.endswith("lesson.toml")


def test_a_from_without_parameters_is_refused(tmp_path):
    def drop(text):
        start = text.index("\n[parameters]\n")
        return text[:start] + text[text.index("\n\n", start) + 2:]
    with pytest.raises(ConfigError, match="needs the lesson's \\[parameters\\]"):
        load_lesson(_suite(tmp_path, drop))


def test_a_broken_placeholder_in_the_catalogue_names_diagnoses_toml(tmp_path):
    suite = _suite(tmp_path)
    catalogue = suite / "diagnoses.toml"
    catalogue.write_text(catalogue.read_text(encoding="utf-8").replace("{=P} tokens × 2", "{=Q} tokens × 2"),
                         encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        load_lesson(suite)
    assert raised.value.source.endswith("diagnoses.toml") and raised.value.key.startswith("diagnoses[")


# ---------------------------------------------------------------------------- a student bundle's [draws]

def test_a_bundles_draws_are_read_as_positions_of_combinations(tmp_path):
    lesson = load_lesson(_suite(tmp_path, lambda text: "draws = { of = 1710, not_by_hand = [0, 5] }\n" + text, LATENCY))
    assert lesson.parameters.not_by_hand == frozenset({0, 5})
    assert load_lesson(LATENCY).parameters.not_by_hand is None  # the course's own: computed on the reference


@pytest.mark.parametrize("draws", ["{ of = 3, not_by_hand = [] }", "{ of = 1710, not_by_hand = [1710] }",
                                   "{ of = 1710, not_by_hand = [true] }", "{ of = 1710 }", "[1, 2]"])
def test_a_bundles_draws_that_do_not_fit_its_parameters_are_refused_naming_them(tmp_path, draws):
    suite = _suite(tmp_path, lambda text: f"draws = {draws}\n" + text, LATENCY)
    with pytest.raises(ConfigError) as raised:
        load_lesson(suite)
    assert raised.value.key == "draws" and "release the bundle again" in str(raised.value)
    assert "1710 combinations" in str(raised.value)
