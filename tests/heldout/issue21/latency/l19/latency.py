def _validate(**kwargs):
    rules = {
        "n_out": lambda v: v >= 1,
        "ttft": lambda v: v > 0,
        "itl": lambda v: v > 0,
        "elapsed": lambda v: v > 0,
    }
    bad = [name for name, value in kwargs.items() if not rules[name](value)]
    if bad:
        raise ValueError(", ".join(f"invalid {name}={kwargs[name]!r}" for name in bad))


def request_seconds(ttft, itl, n_out):
    _validate(ttft=ttft, itl=itl, n_out=n_out)
    n_gaps = n_out - 1
    return ttft + n_gaps * itl


def steady_decode_rate(itl):
    _validate(itl=itl)
    return 1 / itl


def request_output_rate(n_out, elapsed):
    _validate(n_out=n_out, elapsed=elapsed)
    seconds_per_token = elapsed / n_out
    return seconds_per_token


def arithmetic_intensity(bytes_per_param):
    pass
