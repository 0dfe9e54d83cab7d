# mistake: no check of itl: ZeroDivisionError for 0, a negative rate for a negative ITL
# fails: steady_decode_rate
# hint: ZeroDivisionError


def steady_decode_rate(itl):
    return 1 / itl
