# mistake: an additive float mask (0 where allowed, -inf where blocked) as used inside attention
# fails: causal_mask
# expect: the lesson asks for a boolean mask, True where a token may attend
# diagnosis: mask.additive
import numpy as np
def causal_mask(P):
    mask = np.zeros((P, P))
    mask[np.triu_indices(P, k=1)] = -np.inf
    return mask
