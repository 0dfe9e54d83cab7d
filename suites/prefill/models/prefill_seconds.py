"""The Prefill lesson's misconceptions of prefill_seconds, as models: wrong implementations of it.

Each function is a wrong version of the lesson function, marked with the code of the diagnosis
(diagnoses.toml) it stands for; a code may have several models (several ways to write the same
mistake). A check names a diagnosis only when the student's function agrees with a model of it on
every probe the check asks about (grader.checks, grader.grading.models), and `grader validate`
grades each model's text, laid over the reference, to prove that it gets exactly its diagnosis.

Instructor code, run by the grader itself: no output, no side effects, and each model
self-contained (numpy as np and the lesson's functions by name; no helpers), because its text
alone is what validate grades as a student's function.
"""

from grader.checks import equal_values, model, same_type


def _raised_other_error(student, predicted):
    """A bad utilization refused with some exception other than the ValueError the lesson asks for
    (AssertionError and the arithmetic errors have diagnoses of their own); a good one answered."""
    if predicted.kind == "raised":
        return student.kind == "raised" and student.error not in (
            "ValueError", "AssertionError", "ZeroDivisionError", "OverflowError", "FloatingPointError")
    return same_type(student, predicted)


def _replaced(student, predicted):
    """A bad utilization put into range: the model's time where the value is clear (above 1 clamped to 1's time,
    0 as the default), or some positive time where the bound is the student's own (0 or below clamped to 1e-9 or
    0.01). A function that uses the bad value as given returns 0, a negative or another time above 1, and only
    accepts it: issue 21's fourth round told a utilization multiplied in unchecked that it "replaces" the value."""
    if student.kind != "returned" or predicted.kind != "returned" or not same_type(student, predicted):
        return same_type(student, predicted)
    if equal_values(student.value, predicted.value):
        return True
    try:
        return 0 < float(student.value) < float("inf") and 0 < float(predicted.value) < float("inf")
    except (TypeError, ValueError):
        return False


@model("seconds.flops-carried-forward", carried=True, needs="flops.missing-factor-2")
def seconds_on_your_flops(N, P, flops_per_sec, utilization=1.0):
    # the lesson's formula: it can only be wrong through the prefill_flops it is given
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821 - the lesson's function


@model("seconds.multiplied-by-utilization")
def seconds_times_utilization(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec * utilization  # noqa: F821


@model("seconds.ignored-utilization")
def seconds_at_peak(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec  # noqa: F821


@model("seconds.hardcoded-peak")
def seconds_lesson_peak(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (1e14 * utilization)  # noqa: F821


@model("seconds.hardcoded-flops")
def seconds_lesson_flops(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 1.4e13 / (flops_per_sec * utilization)


@model("seconds.utilization-as-percent")
def seconds_utilization_percent(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization / 100)  # noqa: F821


@model("seconds.utilization-as-percent")
def seconds_percent_range(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 100):
        raise ValueError("utilization must be in (0, 100]")
    return prefill_flops(N, P) / (flops_per_sec * utilization / 100)  # noqa: F821


@model("seconds.milliseconds")
def seconds_in_milliseconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization) * 1000  # noqa: F821


@model("seconds.rounded")
def seconds_rounded(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return round(prefill_flops(N, P) / (flops_per_sec * utilization), 2)  # noqa: F821


@model("seconds.rounded")
def seconds_whole(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return int(prefill_flops(N, P) / (flops_per_sec * utilization))  # noqa: F821


@model("seconds.extra-billion")
def seconds_over_billion(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization) / 1e9  # noqa: F821


@model("seconds.nanoseconds")
def seconds_in_nanoseconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization) * 1e9  # noqa: F821


@model("seconds.extra-trillion")
def seconds_rate_in_teraflops(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * 1e12 * utilization)  # noqa: F821


@model("seconds.inverted")
def seconds_rate_over_flops(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return flops_per_sec * utilization / prefill_flops(N, P)  # noqa: F821


@model("seconds.renamed-utilization")
def seconds_renamed_utilization(N, P, flops_per_sec, util=1.0):
    if not (0 < util <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * util)  # noqa: F821


@model("seconds.keyword-only-utilization")
def seconds_named_utilization(N, P, flops_per_sec, *, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.flops-without-factor-2")
def seconds_own_flops_halved(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return N * P / (flops_per_sec * utilization)


@model("seconds.idle-share")
def seconds_idle_share(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * (1 - utilization))  # noqa: F821


@model("seconds.default-utilization")
def seconds_default_half(N, P, flops_per_sec, utilization=0.5):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.rejects-int")
def seconds_float_only(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not (0 < utilization <= 1):
        raise ValueError("utilization must be a float in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.rejects-int")
def seconds_float_only_type_error(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise TypeError("utilization must be a float")
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.returned-none", same=same_type)
def seconds_printed(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    seconds = prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821, F841 - never returned
    return None


@model("seconds.returned-string", same=same_type)
def seconds_as_text(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return f"{prefill_flops(N, P) / (flops_per_sec * utilization):.2f} s"  # noqa: F821


@model("seconds.rejects-full-utilization")
def seconds_open_interval(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization < 1):
        raise ValueError("utilization must be in (0, 1)")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_unchecked(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_checks_only_above_one(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        raise ValueError("utilization must be at most 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_checks_only_below_zero(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0:
        raise ValueError("utilization must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_accepts_zero(N, P, flops_per_sec, utilization=1.0):
    if utilization < 0 or utilization > 1:
        raise ValueError("utilization must be in [0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_closed_interval(N, P, flops_per_sec, utilization=1.0):
    if not 0 <= utilization <= 1:
        raise ValueError("utilization must be in [0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_refuses_only_zero(N, P, flops_per_sec, utilization=1.0):
    try:
        return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821
    except ZeroDivisionError:
        raise ValueError("utilization must not be zero") from None


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_reads_above_one_as_percent(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        utilization = utilization / 100
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.replaces-bad-value", same=_replaced)
def seconds_clamped(N, P, flops_per_sec, utilization=1.0):
    utilization = min(max(utilization, 0.01), 1.0)
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.replaces-bad-value", same=_replaced)
def seconds_zero_is_default(N, P, flops_per_sec, utilization=None):
    utilization = utilization or 1.0
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.lets-nan-through", same=same_type)
def seconds_tests_bad_values(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.assert-instead-of-raise", same=same_type)
def seconds_asserts(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.wrong-exception", same=_raised_other_error)
def seconds_plain_exception(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise Exception("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.printed-instead-of-raising", same=same_type)
def seconds_warns(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        return None  # a warning printed instead of an error raised
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.printed-instead-of-raising", same=same_type)
def seconds_returns_message(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        return "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.returned-exception", same=same_type)
def seconds_returns_error(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        return ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821
