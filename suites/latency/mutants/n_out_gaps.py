# mistake: counted n_out gaps of ITL instead of n_out − 1 (TTFT + n_out·ITL)
# fails: request_seconds
# hint: n_out − 1
# diagnosis: latency.n-out-gaps


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + n_out * itl
