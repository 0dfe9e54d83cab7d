# mistake: sums the per-token cost in a loop that starts at token 1, so one token is missing
# fails: prefill_flops, prefill_seconds
# expect: the loop counts P - 1 tokens instead of P: range(1, P) stops one token early
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    flops = 0
    for t in range(1, P):
        flops += 2 * N
    return flops
