import math


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %r" % (n_out,))
    if ttft <= 0 and itl <= 0:
        raise ValueError("ttft and itl must be positive, got ttft=%r itl=%r" % (ttft, itl))
    return math.fsum([ttft, (n_out - 1) * itl])


def steady_decode_rate(itl):
    if not itl > 0:
        raise ValueError("itl must be positive, got %r" % (itl,))
    return math.pow(itl, -1)


def request_output_rate(n_out, elapsed):
    if not n_out >= 1:
        raise ValueError("n_out must be at least 1, got %r" % (n_out,))
    if not elapsed > 0:
        raise ValueError("elapsed must be positive, got %r" % (elapsed,))
    return float(n_out) / float(elapsed)


def arithmetic_intensity(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError("bytes_per_param must be positive, got %r" % (bytes_per_param,))
    flops_per_param = 2.0   # one multiply + one add
    return flops_per_param / float(bytes_per_param)
