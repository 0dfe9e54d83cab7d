def request_seconds(ttft, itl, n_out):
    # 0.20 + 4 x 0.05 = 0.40
    return ttft + 4 * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    # 5 / 0.40 = 12.5
    return n_out / 0.4


def arithmetic_intensity(bytes_per_param):
    # 1 FLOP per byte for 16-bit weights
    return 1.0
