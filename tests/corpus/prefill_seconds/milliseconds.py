# mistake: returns milliseconds (280 for the lesson) because "latency is in ms"
# fails: prefill_seconds
# expect: a scale slip: the time is in milliseconds (1000 times too big); the function returns seconds
# diagnosis: seconds.milliseconds


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    seconds = prefill_flops(N, P) / (flops_per_sec * utilization)
    return seconds * 1000  # ms
