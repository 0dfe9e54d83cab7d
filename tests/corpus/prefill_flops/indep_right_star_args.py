# right: takes *args and unpacks them
def prefill_flops(*args):
    N, P = args
    return 2 * N * P
