# mistake: imports matplotlib and plots the request's timeline inside request_seconds, which the grader's Python cannot do (the import gets a stand-in, so only that function fails)
# fails: request_seconds
# diagnosis: import.module-unavailable
# hint: request_seconds uses matplotlib
# base: none
import matplotlib.pyplot as plt  # to draw the results
def request_seconds(ttft, itl, n_out):
    """T_request ≈ TTFT + (n_out − 1) · ITL: the first token after TTFT, then n_out − 1 gaps of ITL."""
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1 (the request emits at least one token), got {n_out}")
    if not ttft > 0:  # also refuses NaN
        raise ValueError(f"ttft must be a positive number of seconds, got {ttft}")
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    plt.plot([0, ttft], [0, 1])  # the timeline, to see it
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    """Tokens per second while decoding steadily: 1 / ITL."""
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return 1 / itl

def request_output_rate(n_out, elapsed):
    """Tokens per second over the whole request: n_out / elapsed (TTFT included)."""
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not elapsed > 0:
        raise ValueError(f"elapsed must be a positive number of seconds, got {elapsed}")
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    """FLOPs per byte of a single-sequence dense weight scan: 2N FLOPs / (N · b) bytes = 2 / b."""
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
