# mistake: returns GFLOPs (divides by 1e9) to keep the number readable
# fails: prefill_flops, prefill_seconds
# expect: a factor 1e9 off: answer in FLOPs, not GFLOPs
# diagnosis: flops.in-billions, seconds.flops-carried-forward
def prefill_flops(N, P):
    # answer in GFLOPs, easier to read
    return 2 * N * P / 1e9
