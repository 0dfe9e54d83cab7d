# mistake: prints the time (with a debugging line) and never returns it
# fails: prefill_seconds
# expect: the function returns None: print shows the value, only return hands it back
# diagnosis: seconds.returned-none


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = prefill_flops(N, P)
    print("DEBUG flops", flops)
    print("prefill takes", flops / (flops_per_sec * utilization), "seconds")
