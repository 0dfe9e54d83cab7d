# what: the module allocates 6 GiB at import time
# category: memory
# expect-lost: code
# expect-status: error
# expect-feedback: MemoryError
# ruff: noqa  (deliberately hostile code)
_hoard = bytearray(6 * 2**30)
