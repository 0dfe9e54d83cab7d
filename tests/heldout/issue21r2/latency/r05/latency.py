# Latency model for one request.
# A request needs a first token and at least one decode step after it,
# otherwise there is no inter-token latency to talk about.


def request_seconds(ttft, itl, n_out):
    if n_out <= 1:
        raise ValueError(f"n_out must be at least 2 (first token + decode), got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0 seconds, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0 seconds, got {itl}")
    gaps = n_out - 1
    return ttft + gaps * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be > 0 seconds, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 2:
        raise ValueError(f"n_out must be at least 2, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be > 0 seconds, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    flops_per_param = 2  # multiply + add
    return flops_per_param / bytes_per_param
