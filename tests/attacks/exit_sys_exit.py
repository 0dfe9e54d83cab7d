# what: causal_mask calls sys.exit(0): SystemExit is a failed call, not the end of the grade
# category: exit
# expect-lost: causal_mask
# expect-feedback: SystemExit
# ruff: noqa  (deliberately hostile code)
import sys


def causal_mask(P):
    sys.exit(0)
