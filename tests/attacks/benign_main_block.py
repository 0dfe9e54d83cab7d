# what: a __main__ block that runs a demo and exits: it must not run when the module is graded
# category: benign
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
if __name__ == "__main__":
    import os
    import sys

    print(causal_mask(5))
    print("demo done")
    sys.stdout.flush()
    os._exit(3)
