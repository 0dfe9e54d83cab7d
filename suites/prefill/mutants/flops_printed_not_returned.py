# mistake: printed the FLOPs instead of returning them
# (prefill_seconds divides None, so it fails too: there is no FLOP count to carry forward)
# fails: prefill_flops, prefill_seconds
# diagnosis: flops.returned-none


def prefill_flops(N, P):
    flops = 2 * N * P
    print(f"prefill costs {flops:.2e} FLOPs")
