# mistake: rounded the rate to whole tokens per second
# fails: steady_decode_rate
# hint: round


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return int(1 / itl)
