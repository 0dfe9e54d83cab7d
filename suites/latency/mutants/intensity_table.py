# mistake: looks the intensity up in a table of the usual weight widths (1, 2 and 4 bytes) instead of computing 2 / b
# fails: arithmetic_intensity
# hint: looks bytes_per_param up in a table


def arithmetic_intensity(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return {1: 2.0, 2: 1.0, 4: 0.5}[bytes_per_param]
