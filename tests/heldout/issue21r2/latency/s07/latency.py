# E1.2 latency exercise

BYTES_TO_INTENSITY = {
    # bytes per parameter -> FLOPs per byte (2 FLOPs per parameter)
    0.5: 4.0,   # int4
    1: 2.0,     # int8 / fp8
    2: 1.0,     # fp16 / bf16
    4: 0.5,     # fp32
}


def request_seconds(ttft, itl, n_out):
    # need at least one gap for ITL to mean anything
    if n_out <= 1:
        raise ValueError(f"n_out must be at least 2, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    n_gaps = n_out - 1
    return ttft + n_gaps * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return BYTES_TO_INTENSITY[bytes_per_param]
