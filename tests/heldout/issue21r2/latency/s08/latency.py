def _bad(name, value, rule):
    raise ValueError(f"{name} must be {rule}, got {value}")


def request_seconds(ttft, itl, n_out):
    n_out >= 1 or _bad("n_out", n_out, "at least 1")
    ttft > 0 or _bad("ttft", ttft, "positive")
    itl > 0 or _bad("itl", itl, "positive")
    return ttft + itl * (n_out - 1)


def steady_decode_rate(itl):
    itl > 0 or _bad("itl", itl, "positive")
    return itl ** -1


def request_output_rate(n_out, elapsed):
    n_out >= 1 or _bad("n_out", n_out, "at least 1")
    elapsed > 0 or _bad("elapsed", elapsed, "positive")
    # the first token is part of the TTFT, the rate counts the tokens after it
    return (n_out - 1) / elapsed


def arithmetic_intensity(bytes_per_param):
    bytes_per_param > 0 or _bad("bytes_per_param", bytes_per_param, "positive")
    # one FLOP per parameter read
    return 1 / bytes_per_param
