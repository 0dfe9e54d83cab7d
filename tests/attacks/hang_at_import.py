# what: the module never finishes importing
# category: hang
# expect-lost: code
# expect-status: error
# expect-feedback: did not finish within
# ruff: noqa  (deliberately hostile code)
while True:
    pass
