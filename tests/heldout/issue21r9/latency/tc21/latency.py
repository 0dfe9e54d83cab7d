# FLOPs per byte for the usual weight formats: fp32, fp16/bf16, int8
FLOPS_PER_BYTE = {4: 0.5, 2: 1.0, 1: 2.0}


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if n_out == 1:
        return itl          # one output -> one gap
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if itl < 0.001:
        return float("inf")    # under a millisecond is basically instant
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out <= 1:
        raise ValueError(f"n_out must be at least 2 to have a rate, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return FLOPS_PER_BYTE[bytes_per_param]
