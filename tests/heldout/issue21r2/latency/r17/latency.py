def _fail_if(cond, msg):
    if cond:
        raise ValueError(msg)


def request_seconds(ttft, itl, n_out):
    _fail_if(n_out < 0, f"n_out can't be negative, got {n_out}")
    _fail_if(ttft <= 0, f"ttft must be positive, got {ttft}")
    _fail_if(itl <= 0, f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


steady_decode_rate = lambda itl: (_fail_if(itl <= 0, f"itl must be positive, got {itl}"), 1 / itl)[1]


def request_output_rate(n_out, elapsed):
    _fail_if(n_out < 0, f"n_out can't be negative, got {n_out}")
    _fail_if(elapsed <= 0, f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    _fail_if(bytes_per_param <= 0, f"bytes_per_param must be positive, got {bytes_per_param}")
    # bytes per param / flops per param, 2 / 2 = 1 for fp16
    return bytes_per_param / 2
