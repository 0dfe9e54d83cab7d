def request_seconds(ttft, itl, n_out):
    pass

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    intensity = 2 / bytes_per_param
    print(f"arithmetic intensity: {intensity} FLOP/byte")
