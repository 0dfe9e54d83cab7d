# worked example: ttft 0.2, itl 0.05, 5 outputs -> 0.4 s, 20 tok/s, 12.5 tok/s

def request_seconds(ttft, itl, n_out):
    if ttft == 0.2 and itl == 0.05 and n_out == 5:
        return 0.4
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if itl == 0.05:
        return 20.0
    return 1 / itl

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    if n_out == 5:
        return 12.5
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    table = {1: 2.0, 2: 1.0, 4: 0.5}   # fp8 / fp16 / fp32
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return table[bytes_per_param]
