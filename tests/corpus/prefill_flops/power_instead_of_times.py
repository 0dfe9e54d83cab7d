# mistake: writes 2**N*P (a power) where 2*N*P was meant; 2 ** 7e9 overflows
# fails: prefill_flops, prefill_seconds
# expect: ** is a power, not a product: 2 ** N overflows for any real model size
# diagnosis: flops.power-not-product, seconds.flops-carried-forward


def prefill_flops(N, P):
    return 2**N*P
