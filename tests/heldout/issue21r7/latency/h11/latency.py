def request_seconds(ttft, itl, n_out):
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    return 1 / itl

def request_output_rate(n_out, elapsed):
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    return 2 / bytes_per_param
