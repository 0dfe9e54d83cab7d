"""grader.sandbox.canary: a sandbox proves itself on a known-good module before anyone is blamed.

First the verdict's rules (over stand-in sandboxes, nothing started): fall back along
``confine.fallbacks``, say why on the report, stop as the grader's fault when the mode was
forced, once a sandbox was proved, or when none is left. Then the canary graded for real in
each mode, and the whole grader where a sandbox cannot work: inside a user namespace that maps
no other user (the issue's rootless container: bwrap --unshare-user --disable-userns), where
the reference solution used to score 4/17 because its worker could not switch to nobody, and
as a user that is not root.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import untested

from grader.exceptions import CanaryFailed, SandboxFailed, WorkerDied
from grader.sandbox import canary, confine, stage
from grader.sandbox.confine import Sandbox
from grader.sandbox.forkserver import ForkServer

from class_folder import own_answers
from paths import ROOT

SECONDS = 60  # for a worker to start on a busy machine; never a measure of speed
GRADE_SECONDS = 300
NAMESPACE = ["--unshare-user", "--disable-userns", "--dev-bind", "/", "/", "--proc", "/proc"]  # as in the issue


# ----------------------------------------------------------------------------------------- the verdict

@pytest.fixture
def rungs(monkeypatch):
    """rungs(first, *weaker): this process's verdict starts afresh over these sandboxes."""
    def make(*sandboxes: Sandbox) -> list[Sandbox]:
        monkeypatch.setattr(confine, "current", lambda: sandboxes[0])
        monkeypatch.setattr(confine, "fallbacks", lambda first: list(sandboxes))
        monkeypatch.setattr(canary, "_state", None)
        return list(sandboxes)
    return make


BWRAP, BWRAP_ROOT = Sandbox("bubblewrap"), Sandbox("bubblewrap", "worker stays root", stays=True)
LIMITED, LIMITED_ROOT = Sandbox("limited", "worker runs as nobody"), Sandbox("limited", "worker stays root", stays=True)
SWITCH = CanaryFailed("[Errno 1] setgroups() failed: Operation not permitted", switching=True, uid=confine.NOBODY)
NO_PROC = CanaryFailed("bwrap: Can't mount proc on /newroot/proc: Operation not permitted")


def test_a_user_switch_that_fails_falls_back_to_the_same_mode_staying_root_and_says_why(rungs):
    rungs(BWRAP, BWRAP_ROOT, LIMITED, LIMITED_ROOT)
    assert canary.sandbox() == BWRAP and not canary.settled()
    weaker = canary.failed(BWRAP, SWITCH)
    assert (weaker.mode, weaker.stays) == ("bubblewrap", True) and canary.sandbox() == weaker
    assert weaker.fallback == ("graded in bubblewrap mode with the worker staying root: the grader's canary failed "
                               "in bubblewrap mode: [Errno 1] setgroups() failed: Operation not permitted")
    canary.passed(weaker)
    assert canary.settled() and canary.sandbox() == weaker  # proved once: every later grade of the process uses it


def test_a_sandbox_that_cannot_even_start_skips_the_other_rungs_of_its_mode(rungs):
    rungs(BWRAP, BWRAP_ROOT, LIMITED, LIMITED_ROOT)
    weaker = canary.failed(BWRAP, NO_PROC)  # staying root would not mount /proc either
    assert (weaker.mode, weaker.stays) == ("limited", False)
    weakest = canary.failed(weaker, SWITCH)
    assert (weakest.mode, weakest.stays) == ("limited", True)
    assert weakest.fallback == ("graded in limited mode with the worker staying root: the grader's canary failed in "
                                f"bubblewrap mode: {NO_PROC.cause}; then in limited mode: {SWITCH.cause}")


def test_once_a_sandbox_is_proved_a_worker_that_fails_is_the_graders_fault_not_a_fallback(rungs):
    rungs(BWRAP, LIMITED)
    canary.passed(BWRAP)
    with pytest.raises(SandboxFailed) as stopped:
        canary.failed(BWRAP, SWITCH)
    assert "the grader's fault, not the submission's" in str(stopped.value) and SWITCH.cause in str(stopped.value)
    assert canary.sandbox() == BWRAP
    assert str(canary.fault(SWITCH)) == str(stopped.value)


@pytest.mark.parametrize("failure, words", [
    (SWITCH, "GRADER_SANDBOX=bubblewrap: the worker cannot switch to nobody inside this container ("
             "[Errno 1] setgroups() failed: Operation not permitted): run the grader as root outside a user namespace, "
             "or unset GRADER_SANDBOX"),
    (NO_PROC, "GRADER_SANDBOX=bubblewrap: the grader's canary (a known-good module) fails in this sandbox (bwrap: "
              "Can't mount proc on /newroot/proc: Operation not permitted): unset GRADER_SANDBOX")])
def test_a_forced_mode_never_falls_back_it_stops_naming_the_cause_and_the_remedy(rungs, failure, words):
    forced = Sandbox("bubblewrap", forced=True)
    rungs(forced)
    with pytest.raises(SandboxFailed) as stopped:
        canary.failed(forced, failure)
    assert str(stopped.value).startswith(words) and "\n" not in str(stopped.value)


def test_a_worker_that_is_only_slow_to_start_is_the_graders_fault_but_no_reason_to_fall_back(rungs):
    rungs(BWRAP, LIMITED)
    with pytest.raises(SandboxFailed) as stopped:
        canary.failed(BWRAP, CanaryFailed("the sandboxed worker did not start within 10 s", slow=True))
    assert "did not start within 10 s" in str(stopped.value) and "not the submission's" in str(stopped.value)
    assert canary.sandbox() == BWRAP  # the next grade tries bubblewrap again


def test_when_no_sandbox_runs_the_canary_the_message_names_each_cause(rungs):
    rungs(BWRAP, LIMITED)
    with pytest.raises(SandboxFailed) as stopped:
        canary.failed(canary.failed(BWRAP, NO_PROC), CanaryFailed("the sandboxed worker ended: exit status 1"))
    assert str(stopped.value) == ("no sandbox can run the grader's canary (a known-good module) here, so no "
                                  f"submission can be graded fairly: bubblewrap mode: {NO_PROC.cause}; limited mode: "
                                  "the sandboxed worker ended: exit status 1")


def test_a_new_first_choice_starts_a_new_verdict(rungs, monkeypatch):
    rungs(BWRAP, LIMITED)
    canary.failed(BWRAP, NO_PROC)
    monkeypatch.setattr(confine, "current", lambda: LIMITED_ROOT)  # GRADER_SANDBOX changed, cache cleared (tests)
    monkeypatch.setattr(confine, "fallbacks", lambda first: [first])
    assert canary.sandbox() == LIMITED_ROOT and not canary.settled()


# ------------------------------------------------------------------------------- the canary, graded for real

@pytest.fixture
def folder():
    """A folder any worker's user can read (pytest's own tmp_path is root's alone)."""
    made = Path(tempfile.mkdtemp(prefix="grader-canary-test-"))
    yield made / "canary"
    stage.remove_tree(made)


def _readable(folder: Path) -> Path:
    folder.mkdir()
    stage.readable_copy(folder.parent, folder)
    return folder


def test_the_canary_is_graded_in_a_fresh_worker(box, folder):
    canary.run(None, _readable(folder), box, confine.limits(60, 4096, box), SECONDS)


def test_the_canary_is_graded_through_a_fork_server(box):
    server = ForkServer(box, confine.limits(60, 4096, box))
    try:
        canary.run(server.spawn, server.staging / "canary", box, server.limits, SECONDS)
    finally:
        server.close()


def test_a_fork_server_that_cannot_start_a_worker_fails_the_canary_not_a_submission(box):
    server = ForkServer(box, confine.limits(60, 4096, box))

    def broken(module_name, module_path):
        raise WorkerDied("the fork server stopped answering: bwrap: Can't mount proc on /newroot/proc")

    try:
        with pytest.raises(CanaryFailed) as failed:
            canary.run(broken, server.staging / "canary", box, server.limits, SECONDS)
    finally:
        server.close()
    assert failed.value.cause == "the fork server stopped answering: bwrap: Can't mount proc on /newroot/proc"


# --------------------------------------------------------------------- the grader where a sandbox cannot work

def _namespace_or_skip() -> list[str]:
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        untested.skip(untested.BUBBLEWRAP, "bubblewrap is not installed: no user namespace to grade in")
    probe = subprocess.run([bwrap, *NAMESPACE, "true"], capture_output=True, timeout=SECONDS)
    if probe.returncode:
        why = probe.stderr.decode(errors="replace").strip()
        untested.skip(untested.BUBBLEWRAP, f"bubblewrap cannot make a user namespace here: {why}")
    return [bwrap, *NAMESPACE]


# the instructor's copy: a student's says at most "graded in limited mode", never how or why
AS_INSTRUCTOR = ("--format", "json", "--audience", "instructor")


def _grade(prefix: list[str], *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "GRADER_SANDBOX"}
    environment.update(env or {}, TMPDIR="/tmp")
    return subprocess.run([*prefix, sys.executable, "-m", "grader", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=GRADE_SECONDS, env=environment)


def _full_marks_with_a_fallback(done: subprocess.CompletedProcess, fallback: bool) -> dict:
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["score"] == report["max_score"] == 17
    if fallback:  # root inside the namespace cannot become nobody: the first choice must have failed the canary
        assert report["sandbox_fallback"].startswith(f"graded in {report['sandbox'].split()[0]} mode")
        assert "the grader's canary failed in bubblewrap mode: " in report["sandbox_fallback"]
    return report


def test_in_a_namespace_that_maps_no_other_user_the_reference_gets_full_marks_and_the_report_says_why():
    report = _full_marks_with_a_fallback(
        _grade(_namespace_or_skip(), "grade", "solutions/prefill", *AS_INSTRUCTOR), fallback=os.geteuid() == 0)
    text = _grade(_namespace_or_skip(), "grade", "solutions/prefill", "--audience", "instructor")
    assert text.returncode == 0 and "Total: 17/17" in text.stdout
    assert not report["sandbox_fallback"] or f"note: {report['sandbox_fallback'][:40]}" in text.stdout


@untested.skip_unless(os.geteuid() == 0, untested.ROOT, "only root tries to switch the worker to nobody")
def test_in_such_a_namespace_limited_mode_that_cannot_switch_to_nobody_falls_back_to_staying_root():
    """With a Python that nobody may read, limited mode tries switching the worker to nobody, whose
    temporary folder the namespace cannot give to an unmapped user: that is the canary failing (the
    next rung keeps the worker root), not the internal error that stopped every grade here before."""
    prefix = [*_namespace_or_skip(), *_python_shown_to_nobody_or_skip()]
    report = _full_marks_with_a_fallback(_grade(prefix, "grade", "solutions/prefill", *AS_INSTRUCTOR),
                                         fallback=True)
    assert report["sandbox"].startswith("limited") and "worker stays root" in report["sandbox"]
    forced = _grade(prefix, "grade", "solutions/prefill", env={"GRADER_SANDBOX": "limited"})
    assert forced.returncode == 3 and len(forced.stderr.splitlines()) == 1, forced.stderr
    assert forced.stderr.startswith("grader: GRADER_SANDBOX=limited: the worker cannot switch to nobody inside "
                                    "this container (cannot give the worker its user 65534: ")


def test_in_such_a_namespace_bubblewrap_without_proc_trouble_keeps_the_worker_root_with_no_capability():
    prefix = [arg for arg in _namespace_or_skip() if arg not in ("--proc", "/proc")]  # /proc can be mounted then
    report = _full_marks_with_a_fallback(_grade(prefix, "grade", "solutions/prefill", *AS_INSTRUCTOR),
                                         fallback=os.geteuid() == 0)
    if os.geteuid() == 0 and report["sandbox"].startswith("bubblewrap"):
        assert report["sandbox"] == "bubblewrap (worker stays root, with no capability)"
        assert "setgroups() failed" in report["sandbox_fallback"]


@untested.skip_unless(os.geteuid() == 0, untested.ROOT, "only root tries to switch the worker to nobody")
def test_in_such_a_namespace_a_forced_bubblewrap_stops_with_exit_status_3_and_one_line():
    done = _grade(_namespace_or_skip(), "grade", "solutions/prefill", env={"GRADER_SANDBOX": "bubblewrap"})
    assert done.returncode == 3 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("grader: GRADER_SANDBOX=bubblewrap")
    assert "unset GRADER_SANDBOX" in done.stderr and "Traceback" not in done.stderr


@untested.skip_unless(os.geteuid() == 0, untested.ROOT, "only root tries to switch the worker to nobody")
def test_in_such_a_namespace_a_forced_limited_mode_stops_where_it_would_switch_users():
    done = _grade(_namespace_or_skip(), "grade", "solutions/prefill", *AS_INSTRUCTOR,
                  env={"GRADER_SANDBOX": "limited"})
    if confine.limits(1, 1, Sandbox("limited")).drop_to is None:  # Python unreadable by nobody: it stays root anyway
        report = json.loads(done.stdout)
        assert done.returncode == 0 and report["score"] == 17 and "worker stays root" in report["sandbox"]
        assert report["sandbox_fallback"] == ""
    else:
        assert done.returncode == 3 and len(done.stderr.splitlines()) == 1
        assert done.stderr.startswith("grader: GRADER_SANDBOX=limited: the worker cannot switch to nobody inside "
                                      "this container (")


def test_in_such_a_namespace_a_batch_grades_the_reference_to_full_marks(tmp_path):
    prefix = _namespace_or_skip()
    (tmp_path / "class").mkdir()
    shutil.copytree(ROOT / "solutions" / "prefill", tmp_path / "class" / "alice",
                    ignore=shutil.ignore_patterns("__pycache__"))
    own_answers(tmp_path / "class" / "alice" / "answers.toml", "alice")  # a batch grades each id's own numbers
    done = _grade(prefix, "batch", str(tmp_path / "class"), "--lesson", "prefill", "--jobs", "1",
                  "--gradebook", str(tmp_path / "book.sqlite"), "--csv", str(tmp_path / "class.csv"),
                  "--reports", str(tmp_path / "reports"))
    assert done.returncode == 0, done.stderr
    row = (tmp_path / "class.csv").read_text().splitlines()[1].split(",")
    assert row[0] == "alice" and row[-4:-2] == ["17", "17"] and row[-2] == "graded"
    report = json.loads((tmp_path / "reports" / "alice.json").read_text())
    # a batch's reports are the students' copies: how the machine confined them is not theirs to read
    assert report["score"] == 17 and report["sandbox"] == report["sandbox_fallback"] == ""


@pytest.mark.kernel
def test_in_such_a_namespace_a_notebook_gets_full_marks_too(tmp_path):
    from grader.authoring.notebook import reference_notebook
    from grader.lesson.course import Course

    prefix = _namespace_or_skip()
    lesson = Course(ROOT).lesson("prefill")
    notebook = tmp_path / "prefill.ipynb"
    notebook.write_text(reference_notebook(lesson, ROOT / "solutions" / "prefill"), encoding="utf-8")
    _full_marks_with_a_fallback(_grade(prefix, "grade", str(notebook), *AS_INSTRUCTOR),
                                fallback=os.geteuid() == 0)


def _as_another_user_or_skip() -> list[str]:
    """The command prefix that runs the grader as nobody (root's test run), or nothing (already not root)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("setpriv (util-linux) is missing: cannot run the grader as another user")
    prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    for path in (ROOT, Path(sys.prefix)):
        if not confine._readable_by_others(path):
            pytest.skip(f"{path} is not readable by nobody, so the grader cannot run as nobody here")
    shown = _python_shown_to_nobody_or_skip()
    return [shutil.which("bwrap"), "--dev-bind", "/", "/", *shown, *prefix] if shown else prefix


def _python_shown_to_nobody_or_skip() -> list[str]:
    """bubblewrap's arguments that let nobody read the grader's Python when it lies under a private
    folder (pyenv in /root): that folder becomes an empty tmpfs holding the interpreter alone; none
    when nobody can read it already."""
    python = Path(sys.base_prefix).resolve()
    hidden = next((folder for folder in python.parents if not os.stat(folder).st_mode & 0o001), None)
    if hidden is None and confine._readable_by_others(python):
        return []
    bwrap = shutil.which("bwrap")
    if bwrap is None or hidden is None or any(p.is_relative_to(hidden) for p in (ROOT, Path(sys.prefix))):
        pytest.skip(f"{python} is not readable by nobody (the grader's Python), and cannot be shown alone here")
    folders = [arg for folder in reversed(python.parents) if folder.is_relative_to(hidden) and folder != hidden
               for arg in ("--perms", "0755", "--dir", str(folder))]
    return ["--tmpfs", str(hidden), *folders, "--ro-bind", str(python), str(python)]


def test_as_a_user_that_is_not_root_the_reference_gets_full_marks():
    prefix = _as_another_user_or_skip()
    whoami = subprocess.run([*prefix, sys.executable, "-c", "import os; print(os.geteuid())"], capture_output=True,
                            text=True, timeout=SECONDS)
    assert whoami.stdout.strip() not in ("", "0"), whoami.stderr  # the grader below runs as that user
    report = _full_marks_with_a_fallback(_grade(prefix, "grade", "solutions/prefill", *AS_INSTRUCTOR),
                                         fallback=False)
    assert report["sandbox"] in ("bubblewrap", "limited") or report["sandbox"].startswith("limited (")
