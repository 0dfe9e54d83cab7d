"""The latency lesson's misconceptions, as models: wrong versions of its functions (grader.checks.model).

A check names a diagnosis only when the student's function agrees with one of its models on every probe it
asks about (grader.grading.models); `grader validate` grades each model's text laid over the reference to
prove that it gets exactly its code. Each model refuses what the lesson refuses, as the reference does, so
that only its one mistake shows. Written from issue 21's fifth held-out round, whose unit mistakes and
brackets were stated as symptoms only ("each answer is 1000 times the right one").

Instructor code, run by the grader itself: no output, no side effects, each model self-contained.
"""

from grader.checks import model


@model("latency.n-out-gaps")
def request_n_out_gaps(ttft, itl, n_out):
    if not (n_out >= 1 and ttft > 0 and itl > 0):
        raise ValueError("n_out must be at least 1, ttft and itl positive")
    return ttft + n_out * itl


@model("latency.forgot-ttft")
def request_gaps_only(ttft, itl, n_out):
    if not (n_out >= 1 and ttft > 0 and itl > 0):
        raise ValueError("n_out must be at least 1, ttft and itl positive")
    return (n_out - 1) * itl


@model("latency.forgot-ttft")
def request_outputs_times_itl(ttft, itl, n_out):
    if not (n_out >= 1 and ttft > 0 and itl > 0):
        raise ValueError("n_out must be at least 1, ttft and itl positive")
    return n_out * itl


@model("latency.milliseconds")
def request_milliseconds(ttft, itl, n_out):
    if not (n_out >= 1 and ttft > 0 and itl > 0):
        raise ValueError("n_out must be at least 1, ttft and itl positive")
    return (ttft + (n_out - 1) * itl) * 1000


@model("latency.milliseconds")
def request_seconds_over_1000(ttft, itl, n_out):
    if not (n_out >= 1 and ttft > 0 and itl > 0):
        raise ValueError("n_out must be at least 1, ttft and itl positive")
    return (ttft + (n_out - 1) * itl) / 1000


@model("latency.precedence")
def request_without_brackets(ttft, itl, n_out):
    if not (n_out >= 1 and ttft > 0 and itl > 0):
        raise ValueError("n_out must be at least 1, ttft and itl positive")
    return ttft + n_out - 1 * itl


@model("latency.per-output")
def request_per_output(ttft, itl, n_out):
    if not (n_out >= 1 and ttft > 0 and itl > 0):
        raise ValueError("n_out must be at least 1, ttft and itl positive")
    return (ttft + (n_out - 1) * itl) / n_out


@model("rate.per-minute")
def decode_per_minute(itl):
    if not itl > 0:
        raise ValueError("itl must be positive")
    return 60 / itl


@model("latency.rates-confused")
def output_rate_after_the_first(n_out, elapsed):
    if not (n_out >= 1 and elapsed > 0):
        raise ValueError("n_out must be at least 1, elapsed positive")
    return (n_out - 1) / elapsed


@model("rate.milliseconds")
def output_rate_per_millisecond(n_out, elapsed):
    if not (n_out >= 1 and elapsed > 0):
        raise ValueError("n_out must be at least 1, elapsed positive")
    return n_out / elapsed / 1000


@model("rate.milliseconds")
def output_rate_elapsed_in_milliseconds(n_out, elapsed):
    if not (n_out >= 1 and elapsed > 0):
        raise ValueError("n_out must be at least 1, elapsed positive")
    return n_out / elapsed * 1000


@model("rate.whole-division")
def output_rate_floor(n_out, elapsed):
    if not (n_out >= 1 and elapsed > 0):
        raise ValueError("n_out must be at least 1, elapsed positive")
    return n_out // elapsed


@model("intensity.missing-factor-2")
def intensity_one_flop(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError("bytes_per_param must be positive")
    return 1 / bytes_per_param


@model("intensity.bits")
def intensity_per_bit(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError("bytes_per_param must be positive")
    return 2 / (8 * bytes_per_param)


@model("intensity.bits")
def intensity_bits_per_param(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError("bytes_per_param must be positive")
    return 16 / bytes_per_param
