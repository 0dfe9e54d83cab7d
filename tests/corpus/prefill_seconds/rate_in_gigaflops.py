# mistake: assumes flops_per_sec is given in GFLOP/s and multiplies it by 1e9 (the time is 10⁹ times too small)
# fails: prefill_seconds
# expect: a scale slip: flops_per_sec is already in FLOP/s; scaling it makes the time 10⁹ times too small
# diagnosis: seconds.extra-billion


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    rate = flops_per_sec * 1e9 * utilization  # GFLOP/s -> FLOP/s
    return prefill_flops(N, P) / rate
