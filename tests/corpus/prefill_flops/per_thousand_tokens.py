# mistake: expresses the prompt in thousands of tokens ("a 1k prompt") and forgets to scale back
# fails: prefill_flops, prefill_seconds
# expect: a scale slip: P is counted in thousands of tokens, so the result is 1000 times too small
# diagnosis: flops.other-unit, seconds.flops-carried-forward


def prefill_flops(N, P):
    k_tokens = P / 1000
    return 2 * N * k_tokens
