# mistake: scales the FLOPs by the utilization ("only half the work is done") before dividing by the peak
# fails: prefill_seconds
# expect: the utilization multiplies the time instead of dividing it: a less used GPU takes longer
# diagnosis: seconds.multiplied-by-utilization


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    useful_flops = prefill_flops(N, P) * utilization
    return useful_flops / flops_per_sec
