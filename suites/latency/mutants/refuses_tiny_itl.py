# mistake: treats an ITL below a microsecond as zero ("an epsilon for zero") and refuses it
# fails: steady_decode_rate
# hint: The function refuses itl below about 1e-06


def steady_decode_rate(itl):
    if not itl >= 1e-6:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return 1 / itl
