"""Latency model with sanity limits from real serving systems."""

MAX_DECODE_RATE = 1000.0     # no single-stream decode goes faster than this in practice
MAX_BYTES_PER_PARAM = 8      # fp64 is the widest weight format anyone uses


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if itl > ttft:
        # prefill processes the whole prompt, it can't be quicker than one decode step
        raise ValueError(f"itl ({itl}) should not exceed ttft ({ttft})")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return min(1.0 / itl, MAX_DECODE_RATE)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0 or bytes_per_param > MAX_BYTES_PER_PARAM:
        raise ValueError(f"bytes_per_param must be in (0, {MAX_BYTES_PER_PARAM}], got {bytes_per_param}")
    return 2.0 / bytes_per_param
