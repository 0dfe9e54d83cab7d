# mistake: returns the FLOPs formatted as a string like the lesson shows them
# fails: prefill_flops, prefill_seconds
# expect: returns text, not a number
# diagnosis: flops.returned-string, seconds.flops-carried-forward
def prefill_flops(N, P):
    return f"{2 * N * P:.2e}"
