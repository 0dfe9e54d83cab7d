# mistake: printed the FLOPs instead of returning them
# (prefill_seconds divides None, so it fails too, and is told that the problem comes from prefill_flops)
# fails: prefill_flops, prefill_seconds
# diagnosis: flops.returned-none, seconds.flops-carried-forward


def prefill_flops(N, P):
    flops = 2 * N * P
    print(f"prefill costs {flops:.2e} FLOPs")
