def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be more than 0")
    if itl <= 0:
        raise ValueError("itl must be more than 0")
    # wait for the first token, then each token takes one itl
    return ttft + n_out * itl

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be more than 0")
    # how many tokens fit in one second
    return 1 // itl

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be more than 0")
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be more than 0")
    flops = 2
    return flops / bytes_per_param
