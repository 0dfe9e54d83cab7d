# mistake: no check of bytes_per_param: ZeroDivisionError for 0, a negative intensity for -2
# fails: arithmetic_intensity
# hint: raise ValueError


def arithmetic_intensity(bytes_per_param):
    return 2 / bytes_per_param
