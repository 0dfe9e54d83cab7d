"""Attacks that one grade and its verdict cannot judge: grades in sequence, and the CLI's text report.

test_attacks.py grades each attack of the corpus once and judges that grade; these grade
chosen attacks in sequences (an attacker, then a probe for what it left, then the
reference; many in one GradingSession; the reference three times over) or in the CLI's
text format, where a forged report would pose as the real one. The corpus, the scene and
the judge are tests/attack_corpus.py, attack_scene.py and attack_judge.py.
"""

from __future__ import annotations

import json
import tempfile
import time

import pytest

from grader.exceptions import StudentCodeError
from grader.lesson.course import Course

from attack_corpus import ATTACK_LIST, MODES, REFERENCE, Attack, ExpectedBreach, read_fields, xfail_strict
from attack_judge import Outcome, grade_in_process, grade_with_cli, judge, run_attack, student_view

# sandbox_mode and scene_factory are fixtures: pytest finds them among this module's names, and the
# tests take them as arguments, which pyflakes reads as redefinitions (F811)
from attack_scene import (  # noqa: F401
    comm,
    kill_and_reap,
    sandbox_mode,
    scene_factory,
    snapshot,
    wait_for_no_leftovers,
    zombie_children,
)
from paths import ATTACKS


def _persistence_cases():
    for mode in MODES:
        marks = [pytest.mark.xfail(strict=xfail_strict(mode), raises=ExpectedBreach,
                                   reason="known weakness: the limited-mode worker shares /tmp with the next one")
                 ] if mode == "limited" else []
        yield pytest.param(mode, id=mode, marks=marks)


@pytest.mark.parametrize("sandbox_mode", list(_persistence_cases()), indirect=True)
def test_one_submission_cannot_affect_another(sandbox_mode: str, scene_factory, monkeypatch):  # noqa: F811
    """An attack leaves state behind (files in /tmp, its folder, its home; monkeypatches);
    a probe graded next looks for it, and the reference graded last keeps full marks."""
    attacker = next(a for a in ATTACK_LIST if a.name == "persist_state")
    scene = scene_factory(attacker, sandbox_mode, "attacker")
    _, bad = run_attack(scene, monkeypatch)
    bad.pop("files", None)  # the attack's own verdict is test_attack's business; here: what comes after

    probe = Attack("persist_probe", ATTACKS / "_persist_probe.py", read_fields(ATTACKS / "_persist_probe.py"))
    later = scene_factory(probe, sandbox_mode, "probe", marker=scene.marker)  # it looks for the attacker's marker
    outcome = grade_in_process(later)
    probe_bad = judge(later, outcome)

    reference = Attack("reference", REFERENCE, {"category": ["benign"], "expect-lost": ["none"], "base": ["none"]})
    last = scene_factory(reference, sandbox_mode, "reference")
    before = snapshot(last.folder)
    final = grade_in_process(last)
    final_bad = judge(last, final)
    if snapshot(last.folder) != before:
        final_bad["files"].append("the reference's submission folder changed")
    assert not final_bad, f"the reference graded after the attack: {dict(final_bad)}"
    assert final.score == 17.0
    for kind, messages in probe_bad.items():
        bad[kind] += [f"the next submission saw the attacker's state: {m}" for m in messages]
    scene.cleanup()  # the attacker's /tmp files go only now
    details = "\n".join(f"  {k}: {m}" for k, ms in sorted(bad.items()) for m in ms)
    if sandbox_mode == "limited":
        assert set(bad) <= {"collateral", "files"} and bad, f"expected the known limited-mode breach, got:\n{details}"
        raise ExpectedBreach(details)
    assert not bad, details


@pytest.mark.parametrize("sandbox_mode", MODES, indirect=True)
def test_fake_report_cannot_pose_as_the_text_report(sandbox_mode: str, scene_factory, monkeypatch):  # noqa: F811
    """What the submission prints never reaches the CLI's own stdout, in the text format too."""
    attack = next(a for a in ATTACK_LIST if a.name == "fake_report")
    scene = scene_factory(attack, sandbox_mode)
    monkeypatch.setattr(tempfile, "tempdir", str(scene.scratch))
    outcome, proc = grade_with_cli(scene, fmt="text")
    assert not outcome.crash, outcome.crash
    totals = [line for line in proc.stdout.splitlines() if line.strip().startswith("Total")]
    assert len(totals) == 1 and "15/17" in totals[0], proc.stdout
    for fake in ("17 passed", '"score": 17', "<testsuite", "100%"):
        assert fake not in proc.stdout, f"the submission's fake report reached stdout: {fake!r}"
    left = wait_for_no_leftovers(scene.marker)
    kill_and_reap(left)
    assert not left


def _zombie_cases():
    for mode in MODES:
        yield pytest.param(mode, id=mode)


@pytest.mark.parametrize("sandbox_mode", list(_zombie_cases()), indirect=True)
def test_no_zombies_are_left(sandbox_mode: str, scene_factory, monkeypatch):  # noqa: F811
    """Grading the reference three times leaves no unreaped child in the grading process."""
    reference = Attack("reference", REFERENCE, {"category": ["benign"], "expect-lost": ["none"], "base": ["none"]})
    scene = scene_factory(reference, sandbox_mode)
    monkeypatch.setattr(tempfile, "tempdir", str(scene.scratch))
    before = zombie_children()
    for _ in range(3):
        outcome = grade_in_process(scene)
        assert not judge(scene, outcome), judge(scene, outcome)
    time.sleep(0.2)
    left = zombie_children() - before
    names = sorted(comm(pid) for pid in left)
    kill_and_reap(left)
    if left:
        raise ExpectedBreach(f"{len(left)} zombie(s) after 3 grades: {names}")


SESSION_SEQUENCE = ("monkeypatch_everything", "exhaust_fork_bomb", "leftover_threads_children", "hang_busy_loop",
                    "exit_os_exit_at_import", "crash_segfault", "monkeypatch_worker_protocol",
                    "monkeypatch_sabotage_later_calls", "signal_template_kill", "tamper_working_folder",
                    "fake_report_forged_replies", "leftover_fork_chain", "persist_state")


@pytest.mark.parametrize("sandbox_mode", MODES, indirect=True)
def test_session_keeps_submissions_apart(sandbox_mode: str, scene_factory, monkeypatch):  # noqa: F811
    """A GradingSession (one trusted process, every worker forked from one warm template) grades
    hostile submissions one after another: each gets its own verdict, and a probe for what they
    left behind and the reference graded after them are unaffected."""
    from grader.grading.session import GradingSession

    attacks = {a.name: a for a in ATTACK_LIST}
    names = [n for n in SESSION_SEQUENCE if sandbox_mode == "bubblewrap" or n != "persist_state"]  # limited: known
    scenes = [scene_factory(attacks[name], sandbox_mode, name) for name in names]
    probe = Attack("persist_probe", ATTACKS / "_persist_probe.py", read_fields(ATTACKS / "_persist_probe.py"))
    marker = scenes[-1].marker if names[-1] == "persist_state" else ""
    scenes.append(scene_factory(probe, sandbox_mode, "probe", marker=marker))
    scenes.append(scene_factory(Attack("reference", REFERENCE, {"category": ["benign"], "expect-lost": ["none"],
                                                                "base": ["none"]}), sandbox_mode, "reference"))
    monkeypatch.setattr(tempfile, "tempdir", str(scenes[0].scratch))
    problems = []
    try:
        with GradingSession("prefill", Course(scenes[0].course)) as session:
            for scene in scenes:
                started = time.monotonic()
                try:
                    report = session.grade(scene.folder)
                except (Exception, StudentCodeError) as exc:  # noqa: BLE001
                    problems.append(f"{scene.attack.name}: grade raised {type(exc).__name__}: {exc}")
                    continue
                outcome = Outcome(time.monotonic() - started, tasks={t["id"]: t for t in report.to_dict()["tasks"]},
                                  student_text=json.dumps(student_view(report).to_dict(), ensure_ascii=False),
                                  score=report.score, output=report.output, sandbox=report.sandbox)
                bad = judge(scene, outcome)
                holes, _ = scene.attack.breaks(sandbox_mode)
                problems += [f"{scene.attack.name}: {kind}: {m}" for kind, ms in sorted(bad.items())
                             if kind not in {h.rstrip("?") for h in holes} for m in ms]
    finally:
        left = {}
        for scene in scenes:
            left.update(wait_for_no_leftovers(scene.marker, seconds=10))
        kill_and_reap(set(left) | (zombie_children()))
    problems += [f"left running after the session: pid {pid}: {cmd}" for pid, cmd in sorted(left.items())[:5]]
    assert not problems, "\n".join(problems)
