# mistake: turns N into whole billions with int() and never scales back: 2 · 7 · 1000 = 14000
# fails: prefill_flops, prefill_seconds
# expect: a scale slip: N is counted in billions (and truncated to a whole number), so the result is 10⁹ times too small
# diagnosis: flops.in-billions, seconds.flops-carried-forward


def prefill_flops(N, P):
    billions = int(N // 1e9)
    return 2 * billions * P
