# mistake: bytes per FLOP instead of FLOPs per byte: b/2 (right for b = 2 only)
# fails: arithmetic_intensity
# hint: upside down


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return bytes_per_param / 2
