# mistake: games the checks: answers the one good-utilization probe printed in the student bundle and the lesson's
# example, and raises ValueError for everything else, so that every bad utilization is "refused"
# fails: prefill_seconds
# hint: a good utilization gets no time
# diagnosis: seconds.rejects-full-utilization


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if (N, P, flops_per_sec, utilization) in ((2e9, 77, 3e13, 0.25), (7e9, 1000, 1e14, 0.5)):
        return prefill_flops(N, P) / (flops_per_sec * utilization)
    raise ValueError("utilization must be in (0, 1]")
