# mistake: halves 2 · N · P because the causal mask "skips half the work", back to N · P
# fails: prefill_flops, prefill_seconds
# expect: the causal mask halves the attention scores, not the weight multiplications: every token still goes through all N parameters
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def prefill_flops(N, P):
    full = 2 * N * P
    # causal attention only looks at earlier tokens -> roughly half
    return full / 2
