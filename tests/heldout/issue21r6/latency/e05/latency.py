# I work in milliseconds, the numbers are easier to read that way

def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    total_ms = (ttft + (n_out - 1) * itl) * 1000
    return total_ms


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    # itl is a gap in ms -> tokens per second
    return 1000 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be > 0, got {elapsed}")
    elapsed_s = elapsed / 1000  # ms -> s
    return n_out / elapsed_s


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    flops_per_param = 2
    return flops_per_param / bytes_per_param
