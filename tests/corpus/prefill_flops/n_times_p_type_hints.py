# mistake: N · P with type hints and a named intermediate; the multiply-add counted as one operation
# fails: prefill_flops, prefill_seconds
# expect: the factor 2 is missing: each parameter costs a multiply and an add per token
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N: float, P: int) -> float:
    # each token touches all N weights
    flops_per_token: float = N
    total_flops: float = flops_per_token * P
    return total_flops
