# mistake: ignored the utilization (used the peak rate)
# fails: prefill_seconds
# diagnosis: seconds.ignored-utilization


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec
