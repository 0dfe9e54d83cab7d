# mistake: formatted the FLOPs as a string
# (prefill_seconds divides the string, so it fails too, and is told that the problem comes from prefill_flops)
# fails: prefill_flops, prefill_seconds
# diagnosis: flops.returned-string, seconds.flops-carried-forward


def prefill_flops(N, P):
    return f"{2 * N * P:.2e}"
