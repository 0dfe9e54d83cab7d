# what: KeyboardInterrupt, GeneratorExit and a custom BaseException subclass raised from calls
# category: exit
# expect-lost: prefill_flops, prefill_seconds, causal_pairs
# expect-feedback: prefill_flops: KeyboardInterrupt
# expect-feedback: prefill_seconds: GeneratorExit
# expect-feedback: causal_pairs: Escape
# ruff: noqa  (deliberately hostile code)


class Escape(BaseException):
    """Not an Exception: a check's `except Exception` must not swallow it as a student error."""


def prefill_flops(N, P):
    raise KeyboardInterrupt


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    raise GeneratorExit


def causal_pairs(P):
    raise Escape("out of the grader")
