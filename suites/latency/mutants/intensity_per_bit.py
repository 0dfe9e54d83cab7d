# mistake: counts the weights in bits (8 · b per parameter), so the intensity comes out in FLOPs per bit
# fails: arithmetic_intensity
# diagnosis: intensity.bits
# hint: FLOPs per bit


def arithmetic_intensity(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / (8 * bytes_per_param)
