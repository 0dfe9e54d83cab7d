# mistake: validates the utilization but never uses it in the time
# fails: prefill_seconds
# expect: the utilization is left out of the time
# diagnosis: seconds.ignored-utilization
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or utilization != utilization:
        raise ValueError("bad utilization")
    flops = prefill_flops(N, P)
    return flops / flops_per_sec
