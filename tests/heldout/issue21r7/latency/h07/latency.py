from functools import lru_cache

# running totals so we can see how a whole benchmark run behaves
_total_time = 0.0
_requests = []


def request_seconds(ttft, itl, n_out):
    global _total_time
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    _total_time += ttft + (n_out - 1) * itl
    return _total_time


@lru_cache(maxsize=None)
def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1.0 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    _requests.append((n_out, elapsed))
    tokens = sum(n for n, _ in _requests)
    seconds = sum(t for _, t in _requests)
    return tokens / seconds


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops_per_param = 2  # multiply + add
    return flops_per_param / bytes_per_param
