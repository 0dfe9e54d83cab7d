# what: reads a data file and imports a helper module, both from its own folder
# category: benign
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
from pathlib import Path

import prefill_helpers

_FACTOR = float(Path(__file__).with_name("factors.txt").read_text().split("=")[1])


def prefill_flops(N, P):
    return _FACTOR * N * P


def causal_pairs(P):
    return prefill_helpers.triangle(P)
