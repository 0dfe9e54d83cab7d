# mistake: imports matplotlib and plots the request's timeline inside request_seconds, which the grader's Python cannot do (the import gets a stand-in, so only that function fails)
# fails: request_seconds
# diagnosis: import.module-unavailable
# hint: request_seconds uses matplotlib
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
