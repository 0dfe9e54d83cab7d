# mistake: divides by flops_per_sec · (1 - utilization), "the idle share"; right at 0.5 by coincidence, divides by zero at the default 1.0
# fails: prefill_seconds
# expect: the effective rate is flops_per_sec · utilization, not the idle share 1 - utilization (they agree only at 0.5)
# diagnosis: seconds.idle-share


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec * (1 - utilization)
    return prefill_flops(N, P) / effective
