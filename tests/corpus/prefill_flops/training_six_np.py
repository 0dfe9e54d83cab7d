# mistake: uses the training rule of thumb 6 · N · P (forward and backward) for prefill
# fails: prefill_flops, prefill_seconds
# expect: 6 · N · P is a training step (forward + backward); prefill is a forward pass only: 2 · N · P
# diagnosis: flops.training-rule, seconds.flops-carried-forward


def prefill_flops(N, P):
    # Kaplan et al: C ~ 6ND
    return 6 * N * P
