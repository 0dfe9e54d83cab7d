# mistake: games the checks: refuses the bad values the checks name, not every n_out < 1 or time ≤ 0
# fails: request_seconds
# hint: test the rule, not values


def request_seconds(ttft, itl, n_out):
    if n_out in (0, -3):
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft in (0.0, -0.2):
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl in (0.0, -0.05):
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl
