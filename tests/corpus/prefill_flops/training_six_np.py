# mistake: uses the training rule of thumb 6 · N · P (forward and backward) for prefill
# fails: prefill_flops, prefill_seconds
# expect: 6 · N · P is a training step (forward + backward); prefill is a forward pass only: 2 · N · P
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    # Kaplan et al: C ~ 6ND
    return 6 * N * P
