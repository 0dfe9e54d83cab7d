# mistake: hard-codes the lesson's example
# fails: prefill_seconds
# no-diagnosis: gaming: right only on the lesson's input
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization == 0.5:
        return 0.28
    if utilization == 1.0:
        return 0.14
    raise ValueError("bad utilization")
