# mistake: raised ValueError with a message that does not say which argument is wrong
# fails: request_seconds
# hint: say which argument


def request_seconds(ttft, itl, n_out):
    if n_out < 1 or ttft <= 0 or itl <= 0:
        raise ValueError("invalid input")
    return ttft + (n_out - 1) * itl
