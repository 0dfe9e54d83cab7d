# Latency exercise
# NOTE: benchmark tools often print ITL in milliseconds, so I handle both.

def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %r" % (n_out,))
    if ttft <= 0:
        raise ValueError("ttft must be > 0 seconds, got %r" % (ttft,))
    if itl <= 0:
        raise ValueError("itl must be > 0 seconds, got %r" % (itl,))
    if itl > 1:
        # nobody has a gap of more than a second between tokens -> must be ms
        itl = itl / 1000
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be > 0, got %r" % (itl,))
    # tokens per second = 1000 ms / gap
    return 1000 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %r" % (n_out,))
    if elapsed <= 0:
        raise ValueError("elapsed must be > 0 seconds, got %r" % (elapsed,))
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be > 0, got %r" % (bytes_per_param,))
    if bytes_per_param >= 8:
        # 8, 16, 32 -> someone passed bits (fp16 = 16 bits = 2 bytes)
        bytes_per_param = bytes_per_param / 8
    return 2 / bytes_per_param
