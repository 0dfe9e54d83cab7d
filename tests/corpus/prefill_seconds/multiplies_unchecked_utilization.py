# mistake: multiplies by the utilization, and never checks it: 0 gives a time of 0, -0.5 a negative time
# fails: prefill_seconds
# expect: the utilization divides the rate; a utilization outside (0, 1] is accepted as given (not replaced by another)
# diagnosis: seconds.multiplied-by-utilization, seconds.accepts-out-of-range


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    flops = prefill_flops(N, P)
    return flops * utilization / flops_per_sec
