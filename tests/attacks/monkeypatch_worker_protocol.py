# what: patches the worker's own copy of the grader protocol: causal_mask's reply claims an
# object array, causal_pairs announces a 1 TB frame, prefill_matches_sequential replies out of
# turn; the trusted side must read each as a failure of that call only
# category: monkeypatch
# expect-lost: causal_mask, causal_pairs, prefill_matches_sequential
# expect-feedback: causal_mask: cannot read
# expect-feedback: causal_pairs: far more than any answer of this lesson
# expect-feedback: prefill_matches_sequential: out of turn
# ruff: noqa  (deliberately hostile code)
import os
import struct

from grader.sandbox.inside import worker as _worker

_serve = _worker.answer_call


def _response_fd():
    """The pipe this process writes its replies to: the one write-only pipe besides stdout and stderr."""
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd <= 2:
            continue
        try:
            kind = os.readlink(f"/proc/self/fd/{fd}")
            with open(f"/proc/self/fdinfo/{fd}") as info:
                flags = int(next(line for line in info if line.startswith("flags:")).split()[1], 8)
        except (OSError, StopIteration, ValueError):
            continue
        if kind.startswith("pipe:") and flags & 3 == os.O_WRONLY:
            return fd
    return -1


_RESPONSE_FD = _response_fd()


def _lying_serve(module, module_path, request, blob, blobs, *rest, **kwargs):
    reply = _serve(module, module_path, request, blob, blobs, *rest, **kwargs)
    name = request.get("fn")
    if name == "causal_mask":
        blobs.parts.clear()
        blobs.size = 0
        return {"id": request.get("id"), "ok": {"t": "ndarray", "dtype": "|O", "shape": [1], "blob": [0, 0]}}
    if name == "causal_pairs" and _RESPONSE_FD >= 0:
        os.write(_RESPONSE_FD, struct.pack(">QQ", 1 << 40, 0))
    if name == "prefill_matches_sequential":
        reply["id"] = -1
    return reply


_worker.answer_call = _lying_serve
