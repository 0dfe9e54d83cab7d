def request_seconds(ttft, itl, n_out):
    print("request_seconds called with", ttft, itl, n_out)
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if itl <= 0:
        raise ValueError("itl must be positive")
    t = ttft + (n_out - 1) * itl
    print("total time:", t)
    return round(t, 2)  # avoid 0.4000000000000001


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive")
    r = 1 / itl
    print("decode rate", r)
    return r


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    r = n_out / elapsed
    print("output rate", r)
    return round(r)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive")
    return round(2 / bytes_per_param, 1)


if __name__ == "__main__":
    print(request_seconds(0.2, 0.05, 5))
    print(steady_decode_rate(0.05))
    print(request_output_rate(5, 0.4))
    print(arithmetic_intensity(2))
