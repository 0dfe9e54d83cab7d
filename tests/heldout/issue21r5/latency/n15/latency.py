def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # prefill processes the whole prompt, one decode step is always faster than that
    if itl > ttft:
        raise ValueError(f"itl ({itl}) can't be longer than ttft ({ttft})")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return itl ** -1


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return float(n_out) / float(elapsed)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param < 1:
        raise ValueError(f"bytes_per_param must be at least 1 byte, got {bytes_per_param}")
    return 2 / bytes_per_param
