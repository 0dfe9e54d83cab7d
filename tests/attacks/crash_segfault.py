# what: causal_mask reads from address 16: the worker dies of SIGSEGV mid-call
# category: crash
# expect-lost: causal_mask
# expect-feedback: segmentation fault
# ruff: noqa  (deliberately hostile code)
import ctypes


def causal_mask(P):
    return ctypes.c_char.from_address(16).value
