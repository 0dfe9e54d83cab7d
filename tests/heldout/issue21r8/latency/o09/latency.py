import math


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %r" % (n_out,))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got %r" % (ttft,))
    if itl <= 0:
        raise ValueError("itl must be positive, got %r" % (itl,))
    return math.fsum([ttft, (n_out - 1) * itl])


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got %r" % (itl,))
    # whole tokens per second
    return 1 // itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %r" % (n_out,))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got %r" % (elapsed,))
    return math.fsum([n_out]) / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive, got %r" % (bytes_per_param,))
    return 2 // bytes_per_param
