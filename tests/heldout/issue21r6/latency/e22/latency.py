def _positive(name, value):
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _positive("ttft", ttft)
    _positive("itl", itl)
    if itl > ttft:
        # prefill does the whole prompt, one decode step cannot take longer
        raise ValueError(f"itl ({itl}) cannot be longer than ttft ({ttft})")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    _positive("itl", itl)
    if itl > 1:
        raise ValueError(f"itl of {itl} s per token is unrealistic")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _positive("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if not isinstance(bytes_per_param, int):
        raise ValueError(f"bytes_per_param must be a whole number of bytes, got {bytes_per_param}")
    _positive("bytes_per_param", bytes_per_param)
    return 2 / bytes_per_param
