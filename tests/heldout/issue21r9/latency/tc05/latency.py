def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %r" % (n_out,))
    for name, t in (("ttft", ttft), ("itl", itl)):
        if t <= 0:
            raise ValueError("%s must be > 0 seconds, got %r" % (name, t))
    return ttft + itl * (n_out - 1)

def steady_decode_rate(itl):
    if not itl > 0:
        raise ValueError("itl must be positive, got %r" % (itl,))
    return itl ** -1

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    pass
