# mistake: uses the training rule of thumb 6·N·P (forward + backward)
# fails: prefill_flops, prefill_seconds
# expect: 6·N·P is training (forward and backward); prefill is a forward pass, 2·N·P
# diagnosis: flops.training-rule, seconds.flops-carried-forward
def prefill_flops(N, P):
    # Kaplan et al: C = 6 N D
    return 6 * N * P
