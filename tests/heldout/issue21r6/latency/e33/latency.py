def request_seconds(ttft, itl, n_out):
    pass

def steady_decode_rate(itl):
    pass

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    pass
