# mistake: returned ITL itself (seconds per token) instead of 1/ITL
# fails: steady_decode_rate
# hint: ITL itself


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return itl
