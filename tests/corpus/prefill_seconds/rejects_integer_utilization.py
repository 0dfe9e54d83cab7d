# mistake: demands a float, so utilization=1 (an int, the GPU at its peak) raises ValueError
# fails: prefill_seconds
# expect: 1 is inside (0, 1] whatever its type: an int utilization is a number like any other
# xfail: gets full marks: no check calls prefill_seconds with an integer utilization (issue 15, item 6)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be a float in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
