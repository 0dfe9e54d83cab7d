"""grader.lesson.expressions: a lesson's arithmetic is parsed, never eval'd; its texts' numbers are written as
the lesson writes them."""

from __future__ import annotations

import types

import pytest

from grader.exceptions import ConfigError
from grader.lesson.expressions import check_text, parse, placeholders, render, show, significant_figures

NAMES = ("N", "P", "peak", "utilization")
FUNCTIONS = ("prefill_flops", "prefill_seconds")
REFERENCE = types.SimpleNamespace(prefill_flops=lambda N, P: 2 * N * P,
                                  prefill_seconds=lambda N, P, rate, u=1.0: 2 * N * P / (rate * u))


def test_a_call_of_a_declared_function_on_declared_names_is_computed_on_the_reference():
    expression = parse("prefill_seconds(N, P, peak, utilization)", "lesson.toml", "from", NAMES, FUNCTIONS)
    calls = []
    assert expression.evaluate({"N": 7e9, "P": 1000, "peak": 1e14, "utilization": 0.5}, REFERENCE, calls) == 0.28
    assert calls == [("prefill_seconds", (7e9, 1000, 1e14, 0.5))]
    assert expression.names() == ("N", "P", "peak", "utilization")
    assert expression.functions() == ("prefill_seconds",)


def test_nested_calls_and_arithmetic_record_every_call():
    expression = parse("prefill_flops(N, P) / (peak * utilization) - 1 ** 2", "x", "k", NAMES, FUNCTIONS)
    calls = []
    value = expression.evaluate({"N": 1e9, "P": 500, "peak": 1e14, "utilization": 0.25}, REFERENCE, calls)
    assert value == pytest.approx(1e12 / 2.5e13 - 1)
    assert calls == [("prefill_flops", (1e9, 500))]


@pytest.mark.parametrize("text, said", [
    ("__import__('os').system('true')", "not a function of the lesson"),
    ("open('x')", "not a function of the lesson"),
    ("N.real", "not allowed"),
    ("N if P else 0", "not allowed"),
    ("[N]", "not allowed"),
    ("M * 2", "'M' is not one of"),
    ("'7e9'", "is not a number"),
    ("prefill_flops(N=N, P=P)", "positional arguments only"),
    ("N // 2", "only + - * / **"),
    ("not N", "only a minus sign"),
    ("lambda: 1", "not allowed"),
    ("N +", "is not an expression"),
    ("", "must be an expression"),
])
def test_anything_else_is_refused_naming_file_and_key(text, said):
    with pytest.raises(ConfigError) as raised:
        parse(text, "suites/x/lesson.toml", "tasks[5].answer.from", NAMES, FUNCTIONS)
    assert said in str(raised.value)
    assert "suites/x/lesson.toml" in str(raised.value) and "tasks[5].answer.from" in str(raised.value)


def test_a_call_in_a_text_is_refused():
    with pytest.raises(ConfigError, match="calls are allowed in an answer's 'from' only"):
        check_text("{=prefill_flops(N, P)}", "lesson.toml", "question", NAMES)


def test_a_reference_that_gives_no_number_is_a_value_error():
    broken = types.SimpleNamespace(prefill_flops=lambda N, P: "lots")
    with pytest.raises(ValueError, match="not a number"):
        parse("prefill_flops(N, P)", "x", "k", NAMES, FUNCTIONS).evaluate({"N": 1, "P": 1}, broken)
    with pytest.raises(ValueError, match="division by zero"):
        parse("N / (P - P)", "x", "k", NAMES).evaluate({"N": 1, "P": 1})


def test_float_noise_is_rounded_away_as_a_person_computes():
    assert parse("N + 6 * P", "x", "k", NAMES).evaluate({"N": 0.55, "P": 0.025}) == 0.7


@pytest.mark.parametrize("value, form, text", [
    (7e9, "pow", "7·10⁹"), (1e14, "pow", "10¹⁴"), (5e13, "pow", "5·10¹³"), (1.4e13, "pow", "1.4·10¹³"),
    (2.5e13, "pow", "2.5·10¹³"), (1e-3, "pow", "10⁻³"),
    (7e9, "e", "7e9"), (1.4e13, "e", "1.4e13"), (0.28, "e", "2.8e-1"),
    (1000, "plain", "1000"), (7e9, "plain", "7000000000"), (0.05, "plain", "0.05"),
    (0.7000000000000001, "plain", "0.7"),
    (1000, "auto", "1000"), (1.4e13, "auto", "1.4e13"), (0.28, "auto", "0.28"), (20.0, "auto", "20"),
    (0.2, "2+", "0.20"), (0.4, "2+", "0.40"), (0.325, "2+", "0.325"), (2, "2+", "2.00"),
    (1000, "comma", "1,000"), (4, "words", "four"), (13, "words", "13"), (4, "sum", "1 + 2 + 3 + 4"),
    (12, "sum", "1 + 2 + … + 12"), (0.5, "percent", "50 %"), (0.25, "percent", "25 %"), (0.4, ".2f", "0.40"),
])
def test_numbers_are_written_as_the_lesson_writes_them(value, form, text):
    assert show(value, form) == text


def test_a_text_renders_its_placeholders_and_leaves_other_braces_alone():
    text = 'A {=N:pow}-parameter model, {=P}-token prompt; f"{x}" and {"a": 1} stay; {=peak * utilization:pow}'
    assert placeholders(text) == [("N", "pow"), ("P", "auto"), ("peak * utilization", "pow")]
    values = {"N": 13e9, "P": 2000, "peak": 1e14, "utilization": 0.5}
    assert render(text, values) == 'A 1.3·10¹⁰-parameter model, 2000-token prompt; f"{x}" and {"a": 1} stay; 5·10¹³'


def test_a_placeholder_that_cannot_be_written_says_which():
    with pytest.raises(ValueError, match=r"placeholder '\{=M\}' cannot be written"):
        render("x {=M} y", {"N": 1})
    with pytest.raises(ConfigError, match="'nope' is not a format"):
        check_text("{=N:nope}", "lesson.toml", "question", NAMES)


@pytest.mark.parametrize("value, figures", [(1.4e13, 2), (0.175, 3), (78, 2), (0.009375, 4), (1 / 3, 9), (0, 1),
                                            (0.7000000000000001, 1)])
def test_significant_figures(value, figures):
    assert significant_figures(value) == figures
