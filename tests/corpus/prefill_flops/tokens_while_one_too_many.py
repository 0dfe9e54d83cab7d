# mistake: a while loop with <= that counts P + 1 tokens
# fails: prefill_flops, prefill_seconds
# expect: the loop counts P + 1 tokens instead of P: t <= P runs one time too many
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    t = 0
    total = 0.0
    while t <= P:
        total = total + 2 * N
        t += 1
    return total
