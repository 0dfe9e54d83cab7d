from __future__ import annotations


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    """Total time of one request in seconds.

    Args:
        ttft: time to first token (s)
        itl: inter-token latency (s)
        n_out: number of output tokens
    """
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    decode_time: float = n_out * itl
    return ttft + decode_time


def steady_decode_rate(itl: float) -> float:
    """Steady decode rate in tokens/s."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    """Total request output rate in tokens/s."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    # tokens produced after the first one, over the request time
    generated: int = n_out - 1
    return generated / elapsed


def arithmetic_intensity(bytes_per_param: float) -> float:
    """FLOPs per byte for a dense weight scan (2N FLOPs / N*b bytes)."""
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops_per_param: float = 2.0
    return flops_per_param / bytes_per_param
