"""grader.lesson.variants: one reading of a student id, a student's numbers and answers from the reference,
and the lesson as that student reads it."""

from __future__ import annotations

import importlib.util
import math
import unicodedata

import pytest

from grader.exceptions import ConfigError, UsageError
from grader.lesson.course import Course
from grader.lesson.expressions import significant_figures
from grader.lesson.parameters import FIGURES, by_hand
from grader.lesson.variants import (
    describe_variant,
    normalise_id,
    not_by_hand,
    own_numbers,
    render_for,
    specialise,
    variant_for,
    with_parameters,
)

from paths import ROOT

COURSE = Course(ROOT)
PREFILL, LATENCY = COURSE.lesson("prefill"), COURSE.lesson("latency")
SALT = "test-term"


def _reference(lesson):
    path = ROOT / "solutions" / lesson.id / lesson.module
    spec = importlib.util.spec_from_file_location(f"_reference_{lesson.id}_for_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REFERENCES = {lesson.id: _reference(lesson) for lesson in (PREFILL, LATENCY)}


# ---------------------------------------------------------------------------- ids


@pytest.mark.parametrize("raw", ["alice", "Alice", " ALICE\n", "\talice  ", "ALİCE".replace("İ", "I")])
def test_an_id_is_read_the_same_whatever_its_case_and_surrounding_space(raw):
    assert normalise_id(raw) == "alice"


def test_an_id_is_read_in_one_unicode_spelling():
    composed, decomposed = "jos\u00e9", "jose\u0301"
    assert composed != decomposed and normalise_id(composed) == normalise_id(decomposed) == "josé"
    assert normalise_id("STRASSE") == normalise_id("straße") == "strasse"  # casefold, not lower()


@pytest.mark.parametrize("raw", [None, "", "   ", "\n"])
def test_no_id_is_none(raw):
    assert normalise_id(raw) is None


@pytest.mark.parametrize("raw", ["ali\nce", "a\x00b", "a\x1bb", "a\x85b", "a\x9fb", "a\u2028b", "a\tb",
                                 "a\rb", "a" * 1101, "\u200b" + "a" * 1101])
def test_an_id_that_is_not_one_is_refused(raw):
    with pytest.raises(UsageError, match="student id"):
        normalise_id(raw)


@pytest.mark.parametrize("raw", ["x\u200by", "\ufeffxy", "x\u00ady", "x\u200dy", "x\u2060y", "xy\u200b",
                                 "\ufeff XY \u200b"])
def test_an_invisible_format_character_in_an_id_is_removed_not_refused(raw):
    """A BOM from a UTF-8 roster, a soft hyphen or a zero-width space pasted from a web page are
    invisible: the id a person sees and types is the one without them."""
    assert normalise_id(raw) == "xy"


@pytest.mark.parametrize("raw, same", [("ana  luísa", "ana luísa"), ("ana\u00a0luísa", "ana luísa"),
                                       ("ａｌｉｃｅ４２", "alice42"), ("ana \u3000 luísa", "ana luísa"),
                                       ("ﬁona", "fiona"), ("Ana \u2003Luísa", "ana luísa")])
def test_an_id_is_read_in_its_compatibility_form_with_one_space_between_words(raw, same):
    assert normalise_id(raw) == normalise_id(same) == same


def test_a_plain_ascii_id_normalises_exactly_as_before():
    """No student's variant changes: an ASCII id without a run of spaces inside (all there were
    before, tabs and newlines being refused then too) reads as it always did, stripped and case
    folded; only a run of two or more spaces inside one is now one space."""
    printable = [chr(c) for c in range(0x20, 0x7f)]
    ids = ["".join(printable[(i * 7 + j * 13) % len(printable)] for j in range(1 + i % 40)) for i in range(2000)]
    ids += ["alice", "Alice.Smith@Example.org", " 000318 ", "s1234567", "kwame.mensah", "O'Brien-Smith", "a b"]
    for raw in ids:
        if "  " in raw.strip() or not raw.strip():
            continue
        assert normalise_id(raw) == unicodedata.normalize("NFC", raw).strip().casefold(), raw


# ---------------------------------------------------------------------------- a student's numbers


@pytest.mark.parametrize("lesson", [PREFILL, LATENCY], ids=["prefill", "latency"])
def test_the_lessons_own_numbers_give_its_declared_answers_and_hints(lesson):
    """The reference on each lesson's example parameters reproduces what lesson.toml has always said."""
    found = with_parameters(lesson, lesson.parameters.example(), REFERENCES[lesson.id])
    for task in lesson.tasks:
        if task.answer is not None:
            assert found.answers[task.id] == pytest.approx(task.answer.expected, rel=1e-9) \
                if task.answer.kind == "number" else found.answers[task.id] == task.answer.expected
            declared = [h.value for h in task.answer.hints]
            computed = [d if c is None else c for c, d in zip(found.hints[task.id], declared, strict=True)]
            assert computed == pytest.approx(declared, rel=1e-9) if task.answer.kind == "number" else True
    assert found.example


def test_without_an_id_the_variant_is_the_lessons_own():
    variant = variant_for(PREFILL, None, SALT, REFERENCES["prefill"])
    assert variant.student is None and variant.example
    assert variant.answers == {"hand_flops": 1.4e13, "hand_seconds": 0.28, "hand_pairs": 10, "quiz": "B"}
    assert variant == own_numbers(PREFILL) and variant.calls_of("prefill_flops") == []
    assert specialise(PREFILL, variant) is PREFILL


def test_a_students_answers_are_the_references_on_their_numbers():
    variant = variant_for(PREFILL, " Carol ", SALT, REFERENCES["prefill"])
    p = variant.parameters
    assert variant.student == "carol" and not variant.example
    assert variant.answers["hand_flops"] == pytest.approx(2 * p["N"] * p["P"])
    assert variant.answers["hand_seconds"] == pytest.approx(2 * p["N"] * p["P"] / (p["peak"] * p["utilization"]))
    assert variant.answers["hand_pairs"] == p["T"] * (p["T"] + 1) // 2
    assert variant.answers["quiz"] == "B"
    assert variant.calls_of("prefill_flops") == [(p["N"], p["P"])]
    assert variant.calls_of("prefill_seconds") == [(p["N"], p["P"], p["peak"], p["utilization"])]
    assert variant == variant_for(PREFILL, "CAROL", SALT, REFERENCES["prefill"])  # the same on every regrade
    assert variant != variant_for(PREFILL, "carol", "another-term", REFERENCES["prefill"])


def test_nested_calls_give_the_own_number_checks_their_inputs():
    variant = variant_for(LATENCY, "dave", SALT, REFERENCES["latency"])
    p = variant.parameters
    elapsed = p["ttft"] + (p["n_out"] - 1) * p["itl"]
    assert variant.calls_of("request_output_rate") == [(p["n_out"], pytest.approx(elapsed))]
    assert variant.calls_of("request_seconds") == [(p["ttft"], p["itl"], p["n_out"])]


@pytest.mark.parametrize("lesson", [PREFILL, LATENCY], ids=["prefill", "latency"])
def test_every_students_answers_are_by_hand_and_told_apart_from_their_hints(lesson):
    for i in range(100):
        variant = variant_for(lesson, f"student-{i}", SALT, REFERENCES[lesson.id])
        for task in lesson.tasks:
            if task.answer is not None and task.answer.kind == "number":
                answer = variant.answers[task.id]
                assert significant_figures(answer) <= FIGURES
                assert not any(math.isclose(answer, h, rel_tol=1e-9) for h in variant.hints[task.id] if h is not None)


def test_a_class_of_200_gets_at_least_150_distinct_answer_triples():
    triples = {tuple(variant_for(PREFILL, f"s{i:03d}", SALT, REFERENCES["prefill"]).answers[t]
                     for t in ("hand_flops", "hand_seconds", "hand_pairs")) for i in range(200)}
    assert len(triples) >= 150


def test_a_student_id_without_a_salt_is_refused():
    with pytest.raises(ConfigError, match="salt"):
        variant_for(PREFILL, "erin", None, REFERENCES["prefill"])


def test_a_reference_that_cannot_compute_an_answer_is_the_lessons_fault():
    class Broken:
        def prefill_flops(self, N, P):
            raise ZeroDivisionError("no")
    with pytest.raises(ConfigError, match="prefill_flops\\(N, P\\)' fails for N = "):
        variant_for(PREFILL, "erin", SALT, Broken())


# ---------------------------------------------------------------------------- the lesson as a student reads it


def test_the_lesson_as_the_student_reads_it():
    variant = variant_for(PREFILL, "frank", SALT, REFERENCES["prefill"])
    lesson = specialise(PREFILL, variant)
    p = variant.parameters
    flops = lesson.task("hand_flops").answer
    assert f"{p['P']}-token prompt" in flops.question and flops.question != PREFILL.task("hand_flops").answer.question
    assert lesson.task("hand_pairs").title == f"Part 1: causal pairs for {p['T']} tokens"
    assert [h.value for h in flops.hints[:3]] == pytest.approx([2 * p["N"] * p["P"] / 2, 2 * p["N"] * p["P"] / 10,
                                                                 2 * p["N"] * p["P"] * 10])
    example = flops.hints[-1]
    assert example.example and example.value == 1.4e13
    assert example.message.startswith("1.4e13 is the lesson's worked example, not your own answer: yours is for a ")
    assert lesson.variant is variant and lesson.task("quiz") == PREFILL.task("quiz")


def test_no_example_hint_where_the_students_answer_is_the_lessons():
    variant = next(v for v in (variant_for(PREFILL, f"g{i}", SALT, REFERENCES["prefill"]) for i in range(200))
                   if v.parameters["T"] == 4)
    assert not any(h.example for h in specialise(PREFILL, variant).task("hand_pairs").answer.hints)


def test_files_render_with_the_students_numbers_or_the_lessons_own():
    text = "# A {=N:pow}-parameter model: {=flops:e} FLOPs"
    assert render_for(PREFILL, text) == "# A 7·10⁹-parameter model: 1.4e13 FLOPs"
    variant = variant_for(PREFILL, "gina", SALT, REFERENCES["prefill"])
    assert render_for(PREFILL, text, variant) != render_for(PREFILL, text)
    with pytest.raises(ConfigError, match=r"answers\.toml"):
        render_for(PREFILL, "{=nope}", variant, "solutions/prefill/answers.toml")


def test_the_text_for_people_names_each_number_and_answer():
    variant = variant_for(LATENCY, "hana", SALT, REFERENCES["latency"])
    text = describe_variant(LATENCY, variant)
    assert text.startswith("latency: student hana\nparameters:\n")
    assert "  hand_decode_rate" in text and "tokens/s" in text and "  quiz" in text


# ---------------------------------------------------------------------------- the by-hand tolerance, every variant


def _by_hand_variants(lesson):
    """Every combination of the lesson's choices a student can be given (those ``grader validate``
    counts as by hand: ``parameters.by_hand``), with its answers and hints from the reference."""
    spec = lesson.parameters
    for values in spec.every():
        variant = with_parameters(lesson, values, REFERENCES[lesson.id], says=False)
        if not by_hand(variant.answers, spec, variant.hints):
            yield variant


@pytest.mark.parametrize("lesson", [PREFILL, LATENCY], ids=["prefill", "latency"])
def test_no_hint_and_no_other_answer_falls_inside_a_by_hand_answers_accepted_band_for_any_variant(lesson):
    """The declared tolerance (rtol or sigfigs in lesson.toml) forgives rounding, never a mistake:
    for every student's numbers, each hint's value (a missing factor 2, a power of ten, the peak
    rate, ms for s, a gap too many) and each other answer in the same unit (the decode rate for
    the output rate) is refused as the right answer."""
    inside = []
    count = 0
    for variant in _by_hand_variants(lesson):
        count += 1
        for task in lesson.tasks:
            spec = task.answer
            if spec is None or spec.kind != "number" or task.id not in variant.answers:
                continue
            right = variant.answers[task.id]
            rivals = [(f"hint {i}", v) for i, v in enumerate(variant.hints.get(task.id, ())) if v is not None]
            rivals += [(other.id, variant.answers[other.id]) for other in lesson.tasks
                       if other is not task and other.answer is not None and other.answer.kind == "number"
                       and other.answer.units[:1] == spec.units[:1] and other.id in variant.answers]
            inside += [(task.id, name, right, value, variant.parameters) for name, value in rivals
                       if spec.tolerance.accepts(value, right)]
    assert count >= 100 and not inside, inside[:5]


@pytest.mark.parametrize("lesson, task, right, rounded", [(PREFILL, "hand_seconds", 0.104, 0.10),
                                                          (PREFILL, "hand_flops", 1.56e13, 1.6e13)])
def test_a_by_hand_answer_rounded_to_two_figures_is_right(lesson, task, right, rounded):
    assert lesson.task(task).answer.tolerance.accepts(rounded, right)


def test_the_output_rate_is_not_rounded_to_whole_tokens():
    """12 or 13 for the lesson's 12.5 tokens/s: two rounds of independent students' labels call both wrong."""
    tolerance = LATENCY.task("hand_output_rate").answer.tolerance
    assert tolerance.accepts(12.5, 12.5) and not tolerance.accepts(12, 12.5) and not tolerance.accepts(13, 12.5)


def test_the_pairs_answer_stays_exact():
    assert not PREFILL.task("hand_pairs").answer.tolerance.accepts(10.01, 10)


# ---------------------------------------------------------------------------- in a student bundle

def _bundle_lesson(tmp_path, lesson, draws: list[int] | None):
    """``lesson`` as a student bundle holds it: its code tasks only (no answer to compute, no reference),
    with the release's [draws] when ``draws`` is given."""
    from grader.authoring.public import student_manifest
    from grader.lesson.manifest import load_lesson

    folder = tmp_path / lesson.id
    folder.mkdir()
    text = student_manifest(lesson, [t.id for t in lesson.code_tasks], not_by_hand=draws)
    (folder / "lesson.toml").write_text(text, encoding="utf-8")
    return load_lesson(folder)


def test_a_student_bundle_draws_the_numbers_the_autograder_grades_with(tmp_path):
    """Most of latency's combinations are not by hand, so a student's first draw is often refused where the
    answers are computed; the bundle cannot compute them, and without the release's [draws] it kept that
    first draw: other numbers than the autograder's, for most students."""
    draws = not_by_hand(LATENCY, REFERENCES["latency"])
    assert 0 < len(draws) < LATENCY.parameters.combinations()
    bundle = _bundle_lesson(tmp_path, LATENCY, draws)
    students = [f"student-{i}" for i in range(60)]
    course = {s: variant_for(LATENCY, s, SALT, REFERENCES["latency"]).parameters for s in students}
    assert {s: variant_for(bundle, s, SALT, None).parameters for s in students} == course
    first = {s: LATENCY.parameters.choose(s, SALT, "latency") for s in students}
    assert sum(first[s] != course[s] for s in students) >= 10  # else this test could not tell the two apart


def test_every_combination_has_its_position_in_the_bundles_draws():
    spec = LATENCY.parameters
    assert [spec.index(values) for values in spec.every()] == list(range(spec.combinations()))

