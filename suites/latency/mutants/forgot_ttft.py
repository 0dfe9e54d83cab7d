# mistake: forgot TTFT: only the (n_out − 1) gaps of ITL
# fails: request_seconds
# hint: forgets TTFT
# diagnosis: latency.forgot-ttft


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return (n_out - 1) * itl
