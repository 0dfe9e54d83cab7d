# what: causal_pairs hunts for expected values in its own process: callers' frames, every
# object the garbage collector knows, sys.modules (a reference module, a suite, a 'want')
# category: introspect
# expect-lost: causal_pairs
# expect-feedback: returned -1
# ruff: noqa  (deliberately hostile code)
import gc
import sys


def causal_pairs(P):
    frame = sys._getframe(1)
    while frame is not None:
        for name in ("want", "expected", "reference"):
            value = frame.f_locals.get(name)
            if isinstance(value, int):
                return value
            if callable(getattr(value, "causal_pairs", None)):
                return value.causal_pairs(P)
        frame = frame.f_back
    for name, module in list(sys.modules.items()):
        if ("reference" in name or "suite" in name or name.startswith("test_")) and \
                callable(getattr(module, "causal_pairs", None)):
            return module.causal_pairs(P)
    for obj in gc.get_objects():
        if callable(obj) and getattr(obj, "__name__", "") == "causal_pairs" and obj is not causal_pairs \
                and getattr(obj, "__module__", "") != __name__:
            return obj(P)
    return -1
