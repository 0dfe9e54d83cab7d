"""Fixtures every test of the sandbox may ask for."""

from __future__ import annotations

import pytest
import untested

from grader.sandbox import confine


@pytest.fixture(params=["limited", "bubblewrap"])
def box(request) -> confine.Sandbox:
    """Each sandbox mode in turn; bubblewrap is skipped, saying why, where it cannot run."""
    if request.param == "limited":
        return confine.Sandbox("limited")
    found = confine.current()
    if found.mode != "bubblewrap":
        untested.skip(untested.BUBBLEWRAP, f"bubblewrap cannot run here: the sandbox is {found.description}")
    return found
