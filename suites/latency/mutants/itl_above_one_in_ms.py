# mistake: guesses the unit: an ITL above one second "must be milliseconds" and is divided by 1000
# fails: request_seconds
# hint: reads a large itl as milliseconds


def request_seconds(ttft, itl, n_out):
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not ttft > 0:
        raise ValueError(f"ttft must be a positive number of seconds, got {ttft}")
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    if itl > 1:
        itl = itl / 1000  # "nobody waits a second per token: that is milliseconds"
    return ttft + (n_out - 1) * itl
