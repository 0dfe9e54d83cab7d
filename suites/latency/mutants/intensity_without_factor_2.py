# mistake: forgot the factor 2 of the multiply-add: 1/b
# fails: arithmetic_intensity
# diagnosis: intensity.missing-factor-2
# hint: factor 2


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 1 / bytes_per_param
