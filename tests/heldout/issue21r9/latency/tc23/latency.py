"""Latency helpers.  I reject numbers that can't come from a real serving engine."""

MAX_OUTPUT_TOKENS = 10_000


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if n_out > MAX_OUTPUT_TOKENS:
        raise ValueError(f"n_out={n_out} is more than any context window allows")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if itl > 1:
        raise ValueError(f"itl={itl} s is too slow to be a decode gap")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed < 1e-3:
        raise ValueError(f"elapsed must be at least 1 ms, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
