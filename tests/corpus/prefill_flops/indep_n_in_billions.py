# mistake: assumes N is given in billions (the lesson's slider says 'parameters (billions)') and multiplies by 1e9
# fails: prefill_flops, prefill_seconds
# expect: N is already a parameter count: a factor 1e9 too many
# diagnosis: flops.billions-twice, seconds.flops-carried-forward
def prefill_flops(N, P):
    n_params = N * 1e9  # slider is in billions
    return 2 * n_params * P
