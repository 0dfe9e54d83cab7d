# mistake: counts one FLOP per parameter per token (N · P), forgetting that a multiply-add is two
# fails: prefill_flops, prefill_seconds
# expect: the factor 2 is missing: each parameter costs a multiply and an add per token
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    """Every token goes through every parameter once, so N*P operations."""
    return N * P
