# mistake: returns the count with its unit, as a string ('14000000000000.0 FLOPs')
# fails: prefill_flops, prefill_seconds
# expect: the function returns text, not a number: the unit belongs in the docstring, not in the value
# diagnosis: flops.returned-string, seconds.flops-carried-forward


def prefill_flops(N, P):
    result = 2 * N * P
    return str(result) + " FLOPs"
