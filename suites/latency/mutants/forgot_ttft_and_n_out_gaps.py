# mistake: every output costs one ITL, the first too: n_out·ITL, no TTFT
# fails: request_seconds
# hint: TTFT
# diagnosis: latency.forgot-ttft


def request_seconds(ttft, itl, n_out):
    if n_out < 1 or ttft <= 0 or itl <= 0:
        raise ValueError(f"bad input: n_out={n_out}, ttft={ttft}, itl={itl}")
    return n_out * itl
