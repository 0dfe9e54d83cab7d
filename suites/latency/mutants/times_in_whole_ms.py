# mistake: works in whole milliseconds (int(ttft * 1000)), so sub-millisecond parts of the times are lost
# fails: request_seconds
# hint: cut (rounded down) to whole thousandths


def request_seconds(ttft, itl, n_out):
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not ttft > 0:
        raise ValueError(f"ttft must be a positive number of seconds, got {ttft}")
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return (int(ttft * 1000) + (n_out - 1) * int(itl * 1000)) / 1000  # "no float noise in 0.2 + 4 × 0.05"
