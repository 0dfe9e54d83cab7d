# right: the FLOPs written inline (2 * N * P) instead of calling prefill_flops, and an effective rate


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0.0 < utilization <= 1.0:
        raise ValueError("utilization must be in (0, 1]")
    effective_flops_per_sec = flops_per_sec * utilization
    return 2 * N * P / effective_flops_per_sec
