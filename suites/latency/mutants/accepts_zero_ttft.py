# mistake: let a zero TTFT through (ttft < 0 instead of ttft <= 0)
# fails: request_seconds
# hint: TTFT that is zero


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft < 0:
        raise ValueError(f"ttft must not be negative, got {ttft}")
    if itl < 0:
        raise ValueError(f"itl must not be negative, got {itl}")
    return ttft + (n_out - 1) * itl
