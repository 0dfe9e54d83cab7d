# mistake: invents a context limit: a prompt longer than 4096 tokens is counted as 4096
# fails: prefill_flops, prefill_seconds
# hint: caps P at 4096
# diagnosis: seconds.flops-carried-forward


def prefill_flops(N, P):
    return 2 * N * min(P, 4096)
