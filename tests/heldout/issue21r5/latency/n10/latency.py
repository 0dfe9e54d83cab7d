from numbers import Real


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    if not isinstance(ttft, float) or not isinstance(itl, float):
        raise ValueError("ttft and itl must be floats (seconds)")
    if not isinstance(n_out, int) or n_out < 1:
        raise ValueError(f"n_out must be an integer >= 1, got {n_out!r}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl: float) -> float:
    if not isinstance(itl, Real) or itl <= 0:
        raise ValueError(f"itl must be a positive number, got {itl!r}")
    return 1 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    if not isinstance(n_out, Real) or n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out!r}")
    if not isinstance(elapsed, Real) or elapsed <= 0:
        raise ValueError(f"elapsed must be a positive number, got {elapsed!r}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: int) -> float:
    if not isinstance(bytes_per_param, int) or bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be a positive integer, got {bytes_per_param!r}")
    return 2 / bytes_per_param
