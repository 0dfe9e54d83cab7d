# mistake: writes the worked example's TTFT of 0.20 s into the formula instead of the ttft argument
# fails: request_seconds
# hint: the lesson's own value


def request_seconds(ttft, itl, n_out):
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not ttft > 0:
        raise ValueError(f"ttft must be a positive number of seconds, got {ttft}")
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return 0.2 + (n_out - 1) * itl
