# right: a helper for one token's cost (2 · N), times the prompt length
def flops_per_token(n_params):
    return 2 * n_params


def prefill_flops(N, P):
    return flops_per_token(N) * P
