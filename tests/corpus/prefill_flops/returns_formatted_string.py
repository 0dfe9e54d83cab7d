# mistake: returns the number formatted as text ('1.40e+13')
# fails: prefill_flops, prefill_seconds
# expect: the function returns text, not a number: formatting is for printing
# diagnosis: flops.returned-string, seconds.flops-carried-forward


def prefill_flops(N, P):
    return f"{2 * N * P:.2e}"
