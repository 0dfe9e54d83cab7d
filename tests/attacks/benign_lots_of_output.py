# what: a chatty but correct submission: progress lines on every call, warnings, stderr, and a
# few MB at import
# category: benign
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import sys
import warnings

import numpy as np

for _i in range(20_000):
    print(f"debug: precomputing table row {_i} " + "." * 100)
warnings.warn("this is only a warning")

_reference_mask = causal_mask
_reference_pairs = causal_pairs


def causal_mask(P):
    print(f"causal_mask called with P={P}")
    print("building the mask...", file=sys.stderr)
    return _reference_mask(P)


def causal_pairs(P):
    print(f"causal_pairs({P}) = {_reference_pairs(P)}")
    return _reference_pairs(P)


def prefill_matches_sequential(X, W):
    print("X =", X)
    print("W =", W)
    return bool(np.allclose(np.cumsum(X @ W, axis=0), np.add.accumulate(X @ W, axis=0)))
