# mistake: checked ttft but blamed itl in the message (copy and paste)
# fails: request_seconds
# hint: naming ttft


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"itl must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl
