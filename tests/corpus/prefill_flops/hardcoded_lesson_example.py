# mistake: returns the lesson's 1.4e13 for the worked example and N · P otherwise
# fails: prefill_flops, prefill_seconds
# expect: the worked example is written in, and the general formula misses the factor 2
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    if N == 7e9 and P == 1000:
        return 1.4e13  # from the lesson
    return N * P
