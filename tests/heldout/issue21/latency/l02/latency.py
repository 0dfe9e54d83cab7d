def request_seconds(ttft, itl, n_out):
    print("ttft =", ttft, "itl =", itl, "n_out =", n_out)
    total = ttft + (n_out - 1) * itl
    print("total time:", total)
    return total

def steady_decode_rate(itl):
    rate = 1 / itl
    print("decode rate", rate, "tokens/s")
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got " + str(elapsed))
    # time per token
    rate = elapsed / n_out
    print("output rate", rate)
    return rate

def arithmetic_intensity(bytes_per_param):
    pass
