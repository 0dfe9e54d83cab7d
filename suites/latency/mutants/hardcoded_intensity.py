# mistake: hard-coded the chapter's 1 FLOP per byte
# fails: arithmetic_intensity


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 1.0
