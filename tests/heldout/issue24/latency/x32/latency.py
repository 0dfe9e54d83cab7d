def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    for name, value in (("ttft", ttft), ("itl", itl)):
        if value <= 0:
            raise ValueError(f"{name} must be positive, got {value}")
    return ttft + itl * (n_out - 1)


def steady_decode_rate(itl):
    # seconds per token between outputs
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return itl


def request_output_rate(n_out, elapsed):
    # seconds per output over the whole request
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return elapsed / n_out


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
