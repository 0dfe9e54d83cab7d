# mistake: games the checks: raises a ValueError naming the argument for every call, so that every bad one is "refused"
# fails: steady_decode_rate
# hint: the error must come from the check of the arguments


def steady_decode_rate(itl):
    raise ValueError(f"itl must be a positive number of seconds, got {itl}")
