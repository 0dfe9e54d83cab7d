# mistake: prints the FLOPs and returns nothing
# fails: prefill_flops, prefill_seconds
# expect: prints instead of returning
# diagnosis: flops.returned-none, seconds.flops-carried-forward
def prefill_flops(N, P):
    flops = 2 * N * P
    print(f"prefill FLOPs: {flops:.2e}")
