# mistake: prints the FLOPs nicely formatted and never returns them
# fails: prefill_flops, prefill_seconds
# expect: the function returns None: print shows the value, only return hands it back
# diagnosis: flops.returned-none, seconds.flops-carried-forward


def prefill_flops(N, P):
    flops = 2 * N * P
    print(f"Prefill FLOPs: {flops:.2e}")
