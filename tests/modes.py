"""Whether a sandbox mode can run on this machine, asked once per mode and test process.

The tests that grade in each mode (the attack corpus, the hostile cases, the import corpus)
skip a mode that cannot run here, saying why: bubblewrap may be missing or unusable (a
container without user namespaces). One answer for all of them, so that they skip alike.
"""

from __future__ import annotations

import functools
import os

import untested

from grader.sandbox import confine


@functools.cache
def unavailable(mode: str) -> str:
    """Why ``mode`` cannot run on this machine ("" when it can): bubblewrap may be missing."""
    saved = os.environ.get("GRADER_SANDBOX")
    os.environ["GRADER_SANDBOX"] = mode
    confine.current.cache_clear()
    try:
        confine.current()
    except Exception as exc:  # noqa: BLE001 - UsageError: bwrap missing or unusable here
        return str(exc)
    finally:
        confine.current.cache_clear()
        if saved is None:
            del os.environ["GRADER_SANDBOX"]
        else:
            os.environ["GRADER_SANDBOX"] = saved
    return ""


def require(mode: str) -> None:
    """Skip, saying why, where ``mode`` cannot run (the test's grades run in that mode)."""
    if unavailable(mode):
        untested.skip(untested.BUBBLEWRAP, f"{mode} mode is not available on this machine: {unavailable(mode)}")
