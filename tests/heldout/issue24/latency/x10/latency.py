import numbers


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    if not isinstance(ttft, float):
        raise TypeError(f"ttft must be a float, got {type(ttft).__name__}")
    if not isinstance(itl, float):
        raise TypeError(f"itl must be a float, got {type(itl).__name__}")
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0.0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0.0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl: float) -> float:
    if not isinstance(itl, numbers.Real):
        raise TypeError(f"itl must be a real number, got {type(itl).__name__}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1.0 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: int) -> float:
    if not isinstance(bytes_per_param, int):
        raise ValueError(f"bytes_per_param must be a whole number of bytes, got {bytes_per_param}")
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
