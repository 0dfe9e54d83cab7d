def request_seconds(ttft, itl, n_out):
    # first token comes after ttft, then one itl per extra token
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got " + str(ttft))
    total = ttft + (n_out - 1) * itl
    return total

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got " + str(itl))
    rate = 1 / itl
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1 or elapsed <= 0:
        raise ValueError("invalid input")
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    pass


print(request_seconds(0.2, 0.05, 5))
print(steady_decode_rate(0.05))
print(request_output_rate(5, 0.4))
