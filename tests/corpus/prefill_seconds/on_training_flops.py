# mistake: prefill_flops uses the training rule 6 · N · P; prefill_seconds is right on top of it (0.84 s)
# fails: prefill_flops, prefill_seconds
# expect: prefill_seconds is right for the student's prefill_flops (6 · N · P, a training step): fix prefill_flops and it gives 0.28 s
# diagnosis: flops.training-rule, seconds.flops-carried-forward


def prefill_flops(N: float, P: int) -> float:
    return 6.0 * N * P


def prefill_seconds(N: float, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not 0.0 < utilization <= 1.0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
