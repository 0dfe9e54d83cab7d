# slow: three nested loops, O(P³): right for small prompts, far too slow for the lesson's 1000-token prompt
# right: asks for every cell whether some k equals j beyond i, which is a roundabout j <= i
# diagnosis: mask.too-slow


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            allowed = True
            for k in range(P):
                if k == j and j > i:
                    allowed = False
            mask[i, j] = allowed
    return mask
