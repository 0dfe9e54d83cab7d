# mistake: rounds the time to two decimals, which matches the lesson's 0.28 s and loses small times
# fails: prefill_seconds
# expect: rounding belongs in printing, not in the returned value: small times round to 0.0
# diagnosis: seconds.rounded


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return round(prefill_flops(N, P) / (flops_per_sec * utilization), 2)
