# mistake: formatted the FLOPs as a string
# (prefill_seconds divides the string, so it fails too: there is no FLOP count to carry forward)
# fails: prefill_flops, prefill_seconds
# diagnosis: flops.returned-string


def prefill_flops(N, P):
    return f"{2 * N * P:.2e}"
