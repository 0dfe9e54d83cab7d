# right: math.prod over the three factors
import math
def prefill_flops(N, P):
    return math.prod((2, N, P))
