def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    t = ttft + (n_out - 1) * itl
    return round(t, 3)  # millisecond precision is plenty, also fixes 0.4000000001


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return round(1 / itl, 1)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    pass


if __name__ == "__main__":
    print(request_seconds(0.2, 0.05, 5))   # 0.4
    print(steady_decode_rate(0.05))        # 20.0
    print(request_output_rate(5, 0.4))     # 12.5
