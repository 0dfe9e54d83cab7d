"""The grader's canary: a known-good "submission" that every sandboxed worker runs first.

A worker imports this module and calls ``answer()`` through the same path as a student's
module (confined, switched to the user it serves as, imported from a file, called, the value
encoded and sent), before it imports any submission. A sandbox in which even this fails
(a worker that cannot switch to nobody inside a container, bubblewrap that cannot mount
/proc) would fail every submission, so the trusted side (``grader.sandbox.canary``) falls
back or stops as the grader's fault, and never scores that failure as a student's.

It depends on no lesson and imports nothing, so nothing but the sandbox can make it fail.
"""

ANSWER = 42


def answer() -> int:
    return ANSWER
