# mistake: keeps each output rate in a cache keyed by the elapsed time rounded to 2 decimals, so a later call with a nearby elapsed gets the earlier call's rate
# fails: request_output_rate
# hint: kept from an earlier call


def request_output_rate(n_out, elapsed, _seen={}):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    key = (n_out, round(elapsed, 2))
    if key not in _seen:
        _seen[key] = n_out / elapsed
    return _seen[key]
