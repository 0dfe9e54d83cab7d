# right: an extra keyword-only option with a default
def prefill_flops(N, P, *, factor=2):
    """factor=2: one multiply and one add per parameter per token."""
    return factor * N * P
