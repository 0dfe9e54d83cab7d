# mistake: reads N as "billions of parameters" and multiplies it by 1e9 again
# fails: prefill_flops, prefill_seconds
# expect: N is already a count of parameters (7e9), not billions: multiplying by 1e9 makes the result 10⁹ times too big
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    n_params = N * 1e9  # N is given in billions (7B)
    return 2 * n_params * P
