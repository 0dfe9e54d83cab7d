# mistake: raises a bare Exception for a bad utilization
# fails: prefill_seconds
# expect: the lesson asks for ValueError, not Exception
# diagnosis: seconds.wrong-exception


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or utilization != utilization:
        raise Exception("Invalid utilization")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
