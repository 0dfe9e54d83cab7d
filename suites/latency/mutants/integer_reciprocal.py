# mistake: np.reciprocal of the ITL, which stays an integer for an int ITL (0 tokens/s for a 2-second gap)
# fails: steady_decode_rate
# hint: the arithmetic stays in integers

import numpy as np


def steady_decode_rate(itl):
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return np.reciprocal(itl)
