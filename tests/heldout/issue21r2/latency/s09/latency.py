from fractions import Fraction

# ITLs are usually reported in milliseconds (e.g. "ITL 35"), so if the
# number is bigger than one second it must be ms -- convert to seconds.
def _itl_seconds(itl):
    if itl > 1:
        return itl / 1000
    return itl


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    itl = _itl_seconds(itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / _itl_seconds(itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    # 2N / (N*b), done exactly and then turned back into a float
    return float(Fraction(2) / Fraction(bytes_per_param))
