# mistake: os._exit in one function kills the process
# fails: causal_mask


def causal_mask(P):
    import os
    os._exit(3)
