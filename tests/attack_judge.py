"""One grade of an attack, in process or through the CLI, judged on everything the issue promises.

Shared by tests/e2e/test_attacks.py and tests/e2e/test_attacks_scenarios.py; kept apart
from them so that neither test module grows past the house's 450 lines.

Every grade is judged on everything the issue promises, whatever the attack aimed at.
A violation has a kind:

- ``crash``: grade() raised, or the CLI did not exit 0 with one JSON report on stdout
- ``time``: the grade took longer than import + submission + call limits and some slack
- ``raised``: a task the attack must lose kept full marks (or the CLI total is too high)
- ``collateral``: a task the attack did not touch lost points
- ``feedback``: a lost task's feedback does not say why, ``status``: the wrong task status
- ``secret``: the hidden suite, the solutions, another submission or an environment secret
  reached what a student reads
- ``forged``: text the submission wrote outside an answer (``expect-absent``) reached the report
- ``leftover``: a process of the submission is still running after the grade
- ``zombies``: the grade left unreaped children in the grading process
- ``files``: a file outside the worker's throwaway copy changed (the submission folder,
  a canary folder, /tmp, the CLI's working folder, the grader's scratch folder)
- ``network``: the worker reached a loopback listener of the test
- ``trusted``: the grading process imported the submission or had its state changed
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field

from grader.exceptions import StudentCodeError
from grader.grading.engine import grade
from grader.lesson.course import Course

from attack_corpus import ALL_TASKS
from attack_scene import Scene, comm, kill_and_reap, snapshot, wait_for_no_leftovers, zombie_children

OUTPUT_KEEP = 64 * 1024


@dataclass
class Outcome:
    elapsed: float
    crash: str = ""
    tasks: dict[str, dict] = field(default_factory=dict)  # id -> {score, max_score, feedback, status}
    student_text: str = ""  # everything a student may read of the report (and the CLI's streams)
    report_text: str = ""  # the instructor's report but what the submission printed
    score: float | None = None
    output: str = ""
    sandbox: str = ""


def student_view(report):
    return report.for_audience("student") if hasattr(report, "for_audience") else report


def grade_in_process(scene: Scene) -> Outcome:
    started = time.monotonic()
    try:
        report = grade(scene.folder, course=Course(scene.course))
    except (Exception, StudentCodeError) as exc:  # noqa: BLE001 - any escape is the violation we look for
        return Outcome(time.monotonic() - started, crash=f"grade() raised {type(exc).__name__}: {exc}")
    elapsed = time.monotonic() - started
    full = report.to_dict()
    tasks = {t["id"]: t for t in full["tasks"]}
    return Outcome(elapsed, tasks=tasks, student_text=json.dumps(student_view(report).to_dict(), ensure_ascii=False),
                   report_text=json.dumps({k: v for k, v in full.items() if k != "output"}, ensure_ascii=False),
                   score=full["score"], output=report.output, sandbox=report.sandbox)


def grade_with_cli(scene: Scene, fmt: str = "json") -> tuple[Outcome, subprocess.CompletedProcess | None]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GRADER_", "PYTEST_"))}
    env.update(GRADER_SANDBOX=scene.mode, TMPDIR=str(scene.scratch), GRADER_TEST_SECRET=scene.secret)
    argv = [sys.executable, "-m", "grader", "--course", str(scene.course), "grade", str(scene.folder),
            "--format", fmt]
    started = time.monotonic()
    try:
        proc = subprocess.run(argv, check=False, cwd=scene.cli_cwd, env=env, capture_output=True, text=True,
                              timeout=scene.attack.bound(), start_new_session=True)
    except subprocess.TimeoutExpired as exc:
        return Outcome(time.monotonic() - started, crash=f"the CLI did not finish within {exc.timeout:g} s"), None
    outcome = Outcome(time.monotonic() - started, student_text=proc.stdout + proc.stderr)
    if proc.returncode != 0:
        outcome.crash = f"the CLI exited with status {proc.returncode}: {proc.stderr.strip()[-500:]}"
        return outcome, proc
    if fmt != "json":
        return outcome, proc
    try:
        doc = json.loads(proc.stdout)
        assert isinstance(doc, dict) and doc.get("lesson") == "prefill"
        outcome.tasks = {t["id"]: t for t in doc["tasks"]}
        outcome.score = doc["score"]
        # a student's copy names no sandbox, only whether it was limited mode (issue 24): a grade in a
        # bubblewrap scene that fell back to limited mode still shows
        outcome.sandbox = doc.get("sandbox") or ("limited" if doc.get("limited") else "")
    except (ValueError, AssertionError, KeyError, TypeError) as exc:
        outcome.crash = (f"the CLI's stdout is not the grader's JSON report ({type(exc).__name__}): "
                         f"{proc.stdout[:300]!r}")
    return outcome, proc


def judge(scene: Scene, outcome: Outcome) -> dict[str, list[str]]:
    """Every promise of the issue, checked against one grade: violations by kind."""
    attack = scene.attack
    bad: dict[str, list[str]] = defaultdict(list)
    if outcome.crash:
        bad["crash"].append(outcome.crash)
    if outcome.elapsed > attack.bound():
        bad["time"].append(f"the grade took {outcome.elapsed:.1f} s, more than the bound of {attack.bound():g} s")
    if outcome.tasks:
        assert set(outcome.tasks) == set(ALL_TASKS), f"unexpected task ids {sorted(outcome.tasks)}"
        assert not outcome.sandbox or outcome.sandbox.startswith(scene.mode), \
            f"graded in {outcome.sandbox!r}, not {scene.mode}"
        expected = attack.expect_lost
        for task_id, task in outcome.tasks.items():
            lost = task["score"] < task["max_score"] - 1e-9
            if task_id in expected and not lost:
                bad["raised"].append(f"{task_id} kept full marks")
            if task_id not in expected and lost:
                bad["collateral"].append(f"{task_id} lost points: {task['feedback'][:300]!r}")
            if task_id in expected and lost:
                for only, text in attack.feedback:
                    if only in (None, task_id) and text.lower() not in task["feedback"].lower():
                        bad["feedback"].append(f"{task_id}: {text!r} not in {task['feedback'][:300]!r}")
        status = attack.one("expect-status", "")
        if status:
            wrong = {t: outcome.tasks[t]["status"] for t in expected if outcome.tasks[t]["status"] != status}
            if wrong:
                bad["status"].append(f"expected status {status}: {wrong}")
        if "expect-score" in attack.fields and outcome.score is not None:
            want = float(attack.one("expect-score"))
            if abs(outcome.score - want) > 1e-6:
                bad["raised" if outcome.score > want else "collateral"].append(
                    f"total {outcome.score:g}, expected {want:g}")
        if len(outcome.output) > OUTPUT_KEEP:
            bad["crash"].append(f"the report kept {len(outcome.output)} characters of output")
    for needle in scene.needles:
        if needle in outcome.student_text:
            bad["secret"].append(f"{needle!r} reached what a student reads")
    for text in attack.fields.get("expect-absent", []):
        if text in outcome.student_text or text in outcome.report_text:
            bad["forged"].append(f"{text!r}, which the submission wrote outside any answer, reached the report")
    return bad


def check_world(scene: Scene, before: dict, zombies_before: set[int], bad: dict[str, list[str]]) -> None:
    """After the grade: processes, files, network, the grading process itself."""
    left = wait_for_no_leftovers(scene.marker)
    if left:
        bad["leftover"] += [f"pid {pid}: {cmd}" for pid, cmd in sorted(left.items())[:5]]
        bad["leftover"].append(f"{len(left)} process(es) of the submission still running")
        kill_and_reap(left)
    time.sleep(0.05)
    new_zombies = zombie_children() - zombies_before
    names = {pid: comm(pid) for pid in new_zombies}
    known = {pid for pid in new_zombies if names[pid] == "bwrap"}  # test_no_zombies_are_left covers these
    kill_and_reap(known)
    new_zombies -= known
    if new_zombies:
        names = sorted({names[pid] for pid in new_zombies})
        bad["zombies"].append(f"{len(new_zombies)} unreaped child process(es) left in the grading process "
                              f"(named {', '.join(names)})")
        kill_and_reap(new_zombies)
    for name, folder in (("the submission folder", scene.folder), ("the canary folder", scene.canary),
                         ("another student's folder", scene.other), ("the CLI's working folder", scene.cli_cwd),
                         ("the course", scene.course)):
        after = snapshot(folder)
        if after != before[name]:
            changed = sorted(set(after.items()) ^ set(before[name].items()))
            bad["files"].append(f"{name} changed: {changed[:4]}")
    stray = [str(p) for p in scene.strays()]
    if stray:
        bad["files"].append(f"files outside the copy in /tmp or /dev/shm: {stray[:4]}")
    if scene.scratch.exists() and any(scene.scratch.iterdir()):
        bad["files"].append(f"the grader's scratch folder is not empty: {sorted(os.listdir(scene.scratch))[:4]}")
    if scene.listener and scene.listener.hits:
        bad["network"].append(f"{len(scene.listener.hits)} connection(s) to the test's loopback listeners: "
                              f"{sorted(set(scene.listener.hits))}")
    imported = [name for name, module in list(sys.modules.items())
                if scene.marker in str(getattr(module, "__file__", None) or "")
                or str(scene.tmp) in str(getattr(module, "__file__", None) or "")]
    if imported:
        bad["trusted"].append(f"the grading process imported the submission's modules: {imported}")


def run_attack(scene: Scene, monkeypatch) -> tuple[Outcome, dict[str, list[str]]]:
    """Grade the scene's submission as its header says, and judge everything."""
    monkeypatch.setenv("GRADER_TEST_SECRET", scene.secret)  # a secret of the grading process
    monkeypatch.setattr(tempfile, "tempdir", str(scene.scratch))
    cwd = os.getcwd()
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD)}
    before = {name: snapshot(folder) for name, folder in (
        ("the submission folder", scene.folder), ("the canary folder", scene.canary),
        ("another student's folder", scene.other), ("the CLI's working folder", scene.cli_cwd),
        ("the course", scene.course))}
    zombies_before = zombie_children()
    if scene.attack.cli:
        outcome, _ = grade_with_cli(scene)
    else:
        outcome = grade_in_process(scene)
    bad = judge(scene, outcome)
    check_world(scene, before, zombies_before, bad)
    if os.getcwd() != cwd:
        bad["trusted"].append(f"the grading process's working folder changed to {os.getcwd()}")
        os.chdir(cwd)
    changed = [s for s, h in handlers.items() if signal.getsignal(s) != h]
    if changed:
        bad["trusted"].append(f"signal handlers of the grading process changed: {changed}")
    return outcome, bad
