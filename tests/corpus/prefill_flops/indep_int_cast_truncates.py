# mistake: returns int(2·N·P): the exercise says N and P may be whole numbers or not, so 2·N·P may have a fraction,
#   which int() cuts off (labelled right while the contract read N and P as whole; relabelled with issue 21)
# fails: prefill_flops
# no-diagnosis: the catalogue has no code for it; the feedback states the relation (rounded down to a whole number)
# expect: the answer is the right one rounded down to a whole number
def prefill_flops(N: int, P: int) -> int:
    """2 * N * P as a whole number of FLOPs."""
    return int(2 * N * P)
