"""grader.sandbox.replies: a batch's reply is the worker's data, read as strictly as one call's.

A batch asked ahead (``Domain.right_ahead``) may stop early and mark the calls after it ``skipped``; any other
batch owes a result for every call, so a reply that skips one there is a reply the grader does not understand.
"""

from __future__ import annotations

import pytest

from grader.exceptions import WorkerDied
from grader.sandbox.replies import batch_text, unpack_many

CALLS = [((1,), {}), ((2,), {})]
REPLY = {"results": [{"ok": 3}, {"skipped": True}]}


def test_a_batch_asked_ahead_may_skip_the_calls_after_its_first_that_did_not_return():
    assert unpack_many(REPLY, b"", "f", CALLS, "prefill.py", ahead=True) == [("returned", 3), ("skipped", None)]


@pytest.mark.parametrize("reply, ahead", [(REPLY, False), ({"results": [{"ok": 3}, {"skipped": 1}]}, True)])
def test_a_skip_any_other_batch_sends_is_a_reply_the_grader_does_not_understand(reply, ahead):
    with pytest.raises(WorkerDied, match="does not understand"):
        unpack_many(reply, b"", "f", CALLS, "prefill.py", ahead=ahead)


def test_a_batch_is_named_by_its_size_and_its_first_call_when_a_message_reads_it():
    text = batch_text("causal_mask", [((4,), {}), ((5,), {})])
    assert f"{text}!" == "a batch of 2 calls of causal_mask (the first: causal_mask(4))!"
    assert str(batch_text("f", [])) == "a batch of 0 calls of f (the first: f())"
