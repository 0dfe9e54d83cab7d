from typing import Final

# intensity for the usual weight formats: fp32, fp16/bf16, int8
_INTENSITY: Final[dict[float, float]] = {4: 0.5, 2: 1.0, 1: 2.0}


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    if n_out <= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl: float) -> float:
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1.0 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: float) -> float:
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    if bytes_per_param not in _INTENSITY:
        raise ValueError(f"bytes_per_param must be 1, 2 or 4, got {bytes_per_param}")
    return _INTENSITY[bytes_per_param]
