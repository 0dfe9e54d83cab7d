# mistake: wraps the formula in try/except and squares P on the way (copy-paste from attention notes)
# fails: prefill_flops, prefill_seconds
# expect: 2·N·P is linear in P
# diagnosis: flops.squared, seconds.flops-carried-forward
def prefill_flops(N, P):
    try:
        return 2 * N * P ** 2
    except Exception:
        return 0
