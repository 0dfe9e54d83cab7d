MAX_NEW_TOKENS = 4096      # typical generation limit
MAX_BYTES_PER_PARAM = 4    # fp32 is the widest weight format


def request_seconds(ttft, itl, n_out):
    if not 1 <= n_out <= MAX_NEW_TOKENS:
        raise ValueError(f"n_out must be between 1 and {MAX_NEW_TOKENS}, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / float(itl)


def request_output_rate(elapsed, n_out):
    """tokens per second = n_out / elapsed"""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0 or bytes_per_param > MAX_BYTES_PER_PARAM:
        raise ValueError(
            f"bytes_per_param must be in (0, {MAX_BYTES_PER_PARAM}], got {bytes_per_param}"
        )
    return 2 / bytes_per_param
