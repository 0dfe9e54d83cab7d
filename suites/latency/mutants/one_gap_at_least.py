# mistake: keeps the count of gaps at least 1, so a single output waits one gap of ITL it does not have
# fails: request_seconds
# hint: counts one gap of ITL for a single output


def request_seconds(ttft, itl, n_out):
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not ttft > 0:
        raise ValueError(f"ttft must be a positive number of seconds, got {ttft}")
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return ttft + max(n_out - 1, 1) * itl
