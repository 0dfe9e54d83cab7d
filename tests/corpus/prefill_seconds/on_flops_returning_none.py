# mistake: prefill_flops prints instead of returning; prefill_seconds, right in itself, divides the None it gets
# fails: prefill_flops, prefill_seconds
# expect: prefill_flops returns None (print, no return); prefill_seconds fails only because of it, and its feedback should point back to prefill_flops instead of a bare TypeError
# diagnosis: flops.returned-none, seconds.flops-carried-forward


def prefill_flops(N, P):
    print("prefill flops =", 2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
