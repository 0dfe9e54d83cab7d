def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # an ITL above one second is surely given in milliseconds
    if itl > 1:
        itl = itl / 1000
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    if elapsed > 100:  # nobody waits 100 s, must be ms
        elapsed = elapsed / 1000
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    bits = bytes_per_param * 8
    return 2 / bits
