# mistake: the return sits inside the loop, so only the first step is counted
# fails: causal_pairs
# expect: return inside the loop ends it after the first token
# diagnosis: pairs.return-in-loop
def causal_pairs(P):
    total = 0
    for i in range(1, P + 1):
        total += i
        return total
