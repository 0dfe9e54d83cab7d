# what: causal_mask never returns: a busy loop
# category: hang
# expect-lost: causal_mask
# expect-feedback: did not return within
# ruff: noqa  (deliberately hostile code)


def causal_mask(P):
    while True:
        pass
