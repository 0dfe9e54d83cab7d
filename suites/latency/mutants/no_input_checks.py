# mistake: no check of the arguments: n_out = 0 gives a time, a negative ITL a shorter one
# fails: request_seconds
# hint: must raise ValueError


def request_seconds(ttft, itl, n_out):
    return ttft + (n_out - 1) * itl
