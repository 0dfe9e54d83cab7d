# what: values whose __reduce__ runs code when unpickled (it would create
# @@CANARY@@/reduce-ran), returned as an object and as pickled bytes
# category: lie
# expect-lost: causal_pairs, causal_mask
# expect-feedback: unsupported
# ruff: noqa  (deliberately hostile code)
import pickle


class Exploit:
    def __reduce__(self):
        return (open, ("@@CANARY@@/reduce-ran", "w"))

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


def causal_pairs(P):
    return Exploit()


def causal_mask(P):
    return pickle.dumps(Exploit())
