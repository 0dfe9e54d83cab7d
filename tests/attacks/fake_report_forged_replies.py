# what: patches the worker's own protocol code so that each reply to a call of prefill_flops is
# followed at once by a second frame of its own: a reply for the next call (the next request
# id, when ids can be guessed) saying that it raised FORGED@@MARKER@@; a frame that answers no
# request must fail the call it reaches (prefill_flops's own next call), and none of its text
# may reach the report
# category: fake-report
# expect-lost: prefill_flops
# expect-feedback: out of turn
# expect-absent: FORGED
# ruff: noqa  (deliberately hostile code)
import json
import os
import struct

from grader.sandbox.inside import worker as _worker

_answer, _send = _worker.answer_call, _worker.send_reply
_forge_next = False


def _answer_and_mark(module, module_path, request, *rest, **kwargs):
    global _forge_next
    _forge_next = request.get("fn") == "prefill_flops"  # its direct calls only, not prefill_seconds's inner one
    return _answer(module, module_path, request, *rest, **kwargs)


def _send_and_forge(response_fd, reply, blobs, *rest, **kwargs):
    global _forge_next
    _send(response_fd, reply, blobs, *rest, **kwargs)
    if _forge_next:
        _forge_next = False
        asked = reply.get("id")
        guess = asked + 1 if type(asked) is int else asked  # the next id, or the same again
        body = json.dumps({"id": guess, "raised": {"type": "ValueError", "name": "FORGED@@MARKER@@",
                                                   "message": "FORGED: this call was never made", "lineno": 1,
                                                   "line": "FORGED"}}).encode()
        os.write(response_fd, struct.pack(">QQ", len(body), 0) + body)


_worker.answer_call, _worker.send_reply = _answer_and_mark, _send_and_forge
