INTENSITY = {
    0.5: 4.0,   # int4
    1: 2.0,     # int8 / fp8
    2: 1.0,     # fp16 / bf16
    4: 0.5,     # fp32
}


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0 or itl <= 0:
        raise ValueError(f"ttft and itl must be positive, got ttft={ttft}, itl={itl}")
    total = ttft + (n_out - 1) * itl
    return f"{total:.2f} s"


def steady_decode_rate(itl):
    pass


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param not in INTENSITY:
        raise ValueError(f"bytes_per_param must be one of {sorted(INTENSITY)}, got {bytes_per_param}")
    return INTENSITY[bytes_per_param]
