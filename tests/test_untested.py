"""tests/untested.py: a run ends saying what it could not test here, one line per missing need, with the remedy.

Each case runs pytest on a small test file of its own in a subprocess, with and without
xdist: with workers, skips happen in them and only their reports reach the summary."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import untested

from paths import ROOT

CASES = '''
import pytest
import untested

@untested.skip_unless(False, untested.BUBBLEWRAP, "would grade in a namespace")
@pytest.mark.parametrize("n", range(3))
def test_in_a_namespace(n):
    pass

def test_as_root():
    untested.skip(untested.ROOT, "would switch users")

def test_plain_skip():
    pytest.skip("later")

@untested.skip_unless(True, untested.CHROMIUM, "would open a browser")
def test_runs():
    pass

@pytest.mark.xfail(reason="known", strict=True)
def test_expected_to_fail():
    assert False
'''


def run(tmp_path, text: str, *args: str) -> str:
    (tmp_path / "test_cases.py").write_text(text)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tests")}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "untested", "-q", "-rs", *args]
    done = subprocess.run([*command, str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("args", [(), ("-n", "2")], ids=["one-process", "xdist"])
def test_the_run_ends_with_each_need_counted_and_its_remedy(tmp_path, args):
    out = run(tmp_path, CASES, *args)
    tail = out[out.index("what this run could not test"):].splitlines()[1:]
    assert tail[:3] == [
        f"3 tests need bubblewrap, which this machine lacks: {untested.BUBBLEWRAP.remedy}",
        f"1 test needs root, which this machine lacks: {untested.ROOT.remedy}",
        "1 skipped: later",
    ]
    assert "Chromium" not in out[out.index("what this run could not test"):]  # it was there: nothing to say
    assert "xfail" not in "\n".join(tail[:3])  # an expected failure ran: it is not untested
    assert out.index("short test summary info") < out.index("what this run could not test")  # the last word


def test_a_run_that_skipped_nothing_says_so(tmp_path):
    out = run(tmp_path, "def test_one():\n    pass\n")
    assert "every test ran: none was skipped" in out


def test_a_reason_naming_an_unknown_need_is_listed_as_it_is():
    assert untested.summary(["x [needs a unicorn]", "x [needs a unicorn]"]) == ["2 skipped: x [needs a unicorn]"]
