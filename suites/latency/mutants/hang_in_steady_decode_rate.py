# mistake: counted up to the rate in a loop that never ends
# fails: steady_decode_rate
# hint: did not return within


def steady_decode_rate(itl):
    rate = 0
    while rate * itl != 1:  # counts up to 1/ITL, which 0.05 never quite reaches in floating point
        rate += 1
    return rate
