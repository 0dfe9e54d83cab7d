# mistake: hard-codes the lesson's example
# fails: prefill_flops, prefill_seconds
# no-diagnosis: gaming: right only on the lesson's input
# diagnosis: seconds.flops-carried-forward
def prefill_flops(N, P):
    if N == 7e9 and P == 1000:
        return 1.4e13
    return 0
