TTFT = 0.2  # from the worked example


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0 or itl <= 0:
        raise ValueError(f"ttft and itl must be positive, got ttft={ttft}, itl={itl}")
    if n_out == 1:
        return itl   # a single token is a single step
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    decode_time = elapsed - TTFT
    return n_out / decode_time


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    bits = bytes_per_param  # 16-bit weights
    return 2 / (bits / 8)
