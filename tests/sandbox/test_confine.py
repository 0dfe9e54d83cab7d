"""grader.sandbox.confine: the sandboxes a process may fall back to, and what staying root gives up.

The canary (grader.sandbox.canary, tests/sandbox/test_canary.py) walks ``fallbacks`` when a
sandbox fails it; these tests pin the order (strongest first) and that a worker which stays
root under bubblewrap keeps no capability at all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader.exceptions import ConfigError
from grader.sandbox import confine
from grader.sandbox.confine import NOBODY, Sandbox


@pytest.fixture
def as_root(monkeypatch):
    """This process seen as root, whoever runs the test (nothing here starts a process)."""
    monkeypatch.setattr(confine.os, "geteuid", lambda: 0)


@pytest.mark.parametrize("readable", [True, False])
def test_as_root_bubblewrap_falls_back_to_staying_root_then_to_limited_mode(as_root, monkeypatch, readable):
    monkeypatch.setattr(confine, "_readable_by_others", lambda path: readable)
    rungs = confine.fallbacks(Sandbox("bubblewrap"))
    assert [(r.mode, r.stays) for r in rungs] == [("bubblewrap", False), ("bubblewrap", True), ("limited", False)] + \
        ([("limited", True)] if readable else [])  # limited mode switches users only where nobody can read Python
    assert [confine.limits(1, 1, r).drop_to for r in rungs] == [NOBODY, None] + ([NOBODY, None] if readable else [None])
    assert not any(r.fallback for r in rungs)  # said only once the canary has failed (canary.failed)


def test_without_root_there_is_no_user_to_switch_to_so_no_rung_that_stays(monkeypatch):
    monkeypatch.setattr(confine.os, "geteuid", lambda: 1000)
    assert [(r.mode, r.stays) for r in confine.fallbacks(Sandbox("bubblewrap"))] == \
        [("bubblewrap", False), ("limited", False)]
    assert [(r.mode, r.stays) for r in confine.fallbacks(Sandbox("limited", "bubblewrap is not installed"))] == \
        [("limited", False)]


@pytest.mark.parametrize("forced", [Sandbox("bubblewrap", forced=True), Sandbox("limited", "GRADER_SANDBOX=limited",
                                                                                 forced=True)])
def test_a_forced_sandbox_has_no_fallback(as_root, forced):
    assert confine.fallbacks(forced) == [forced]


def test_grader_sandbox_forces_the_mode(monkeypatch):
    monkeypatch.setenv("GRADER_SANDBOX", "limited")
    confine.current.cache_clear()
    try:
        assert confine.current().forced and confine.current().mode == "limited"
    finally:
        confine.current.cache_clear()


def test_a_worker_that_stays_root_under_bubblewrap_keeps_no_capability(as_root, tmp_path):
    switching = Sandbox("bubblewrap").wrap(["python"], tmp_path, [Path("/usr")], caps=("CAP_KILL",))
    staying = Sandbox("bubblewrap", stays=True).wrap(["python"], tmp_path, [Path("/usr")], caps=("CAP_KILL",))
    assert "--cap-add" in switching and "CAP_SETUID" in switching and "CAP_KILL" in switching
    assert "--cap-drop" in staying and staying[staying.index("--cap-drop") + 1] == "ALL"
    assert "--cap-add" not in staying  # nothing to switch to, so nothing to switch with: not even the template's


@pytest.mark.parametrize("value", ["bwrap", "LIMITED", "", "none", "limited\n\x1b[31m"])
def test_an_unknown_grader_sandbox_is_the_set_ups_fault_naming_the_setting_and_the_modes(monkeypatch, value):
    """The deployment's setting, not the command line nor the submission: a ConfigError (exit status 3),
    so that run_autograder never turns it into a student's zero (it was a usage error, exit status 2)."""
    monkeypatch.setenv("GRADER_SANDBOX", value)
    confine.current.cache_clear()
    try:
        with pytest.raises(ConfigError) as wrong:
            confine.current()
    finally:
        confine.current.cache_clear()
    assert str(wrong.value).startswith("the environment variable GRADER_SANDBOX: '")
    assert str(wrong.value).endswith("' is not a sandbox mode: use auto, bubblewrap or limited, or leave it unset")
    assert "\x1b" not in str(wrong.value) and "\n" not in str(wrong.value)


def test_the_sandbox_s_init_is_reaped_when_it_ends_not_by_polling(monkeypatch):
    """bwrap's probe (every grade's first step) and each worker's end wait for the sandbox's init, named
    on bwrap's info pipe: woken by its pidfd when it ends, they no longer sleep 5 ms at a time."""
    slept = []
    monkeypatch.setattr(confine.time, "sleep", slept.append)
    init = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.2)"])
    info_r, info_w = os.pipe()
    os.write(info_w, json.dumps({"child-pid": init.pid}).encode())
    os.close(info_w)
    confine.reap_init(info_r)
    assert slept == []
    with pytest.raises(ChildProcessError):  # reaped: no zombie left
        os.waitpid(init.pid, os.WNOHANG)
