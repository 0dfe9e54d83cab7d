# mistake: left prefill_flops as `return 0` (a TODO); prefill_seconds divides what it gives, a time nobody meant
# fails: prefill_flops, prefill_seconds
# diagnosis: seconds.flops-carried-forward


def prefill_flops(N, P):
    return 0  # TODO
