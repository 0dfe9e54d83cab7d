"""The adversarial corpus: every submission in tests/attacks/ is graded in both sandbox modes.

Here: that the corpus covers the threat model, and one test per attack and mode. An
attack's header is read by tests/attack_corpus.py, the scene of its grade is built by
tests/attack_scene.py, and the grade is judged by tests/attack_judge.py, which names the
kinds of violation; they are modules of their own because test_attacks_scenarios.py uses
them too, and so that no module grows past the house's 450 lines.

A case passes when it has no violation. A case with declared kinds (limited-breaks or
hole) must show exactly those kinds (``kind?``: a consequence that may or may not show); it
is then an expected failure, strict: the day the grader stops it, the test fails until its
header is updated. (Strict only where the expectations were recorded: bubblewrap, and
limited mode with a root worker, as on this project's machines and CI.)
"""

from __future__ import annotations

import os
import tempfile

import pytest

from attack_corpus import ATTACK_LIST, MODES, Attack, ExpectedBreach, xfail_strict
from attack_judge import run_attack

# sandbox_mode and scene_factory are fixtures: pytest finds them among this module's names, and the
# tests take them as arguments, which pyflakes reads as redefinitions (F811)
from attack_scene import Scene, sandbox_mode, scene_factory  # noqa: F401

# Every category of the threat model, and how many attacks the corpus must hold.
CATEGORIES = {
    "exit", "crash", "hang", "memory", "processes", "output", "disk", "leftover", "lie", "read", "secret",
    "introspect", "network", "monkeypatch", "fake-report", "tamper", "persist", "drop-files", "signal",
}
MIN_ATTACKS = 30


def _handle_escape_possible() -> str | None:
    """open_by_handle_at with a guessed root inode needs an ext2/3/4 temporary folder."""
    tmp = os.path.realpath(tempfile.gettempdir())
    best, fstype = "", ""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8") as stream:
            for line in stream:
                parts = line.split()
                mount_point, kind = parts[4], parts[parts.index("-") + 1]
                below = tmp == mount_point or tmp.startswith(mount_point.rstrip("/") + "/")
                if below and len(mount_point) > len(best):
                    best, fstype = mount_point, kind
    except (OSError, ValueError, IndexError):
        return "cannot read /proc/self/mountinfo"
    return None if fstype.startswith("ext") else f"the temporary folder is on {fstype or 'an unknown file system'}"


def _cases():
    for attack in ATTACK_LIST:
        for mode in MODES:
            kinds, reason = attack.breaks(mode)
            marks = []
            if kinds:  # only optional kinds ("zombies?"): a race decides, so an XPASS is no news
                strict = xfail_strict(mode) and any(not k.endswith("?") for k in kinds)
                marks.append(pytest.mark.xfail(strict=strict, raises=ExpectedBreach, reason=reason))
            if attack.one("requires", "") == "handle-escape" and _handle_escape_possible():
                marks.append(pytest.mark.skip(reason=f"needs ext4 under /tmp: {_handle_escape_possible()}"))
            yield pytest.param(attack, mode, id=f"{attack.name}-{mode}", marks=marks)


def _verdict(scene: Scene, bad: dict[str, list[str]]) -> None:
    kinds, reason = scene.attack.breaks(scene.mode)
    details = "\n".join(f"  {kind}: {message}" for kind, messages in sorted(bad.items()) for message in messages)
    if not kinds:
        assert not bad, f"{scene.attack.name} in {scene.mode} mode broke the grader:\n{details}"
        return
    required = {k for k in kinds if not k.endswith("?")}
    optional = {k.rstrip("?") for k in kinds if k.endswith("?")}
    assert required <= set(bad) <= required | optional, (
        f"{scene.attack.name} in {scene.mode} mode: expected {sorted(kinds)} ({reason}), "
        f"got:\n{details or '  nothing'}")
    raise ExpectedBreach(f"{reason}\n{details}")


# -- the tests -------------------------------------------------------------------------------


def test_corpus_covers_the_threat_model():
    categories = {a.category for a in ATTACK_LIST}
    assert CATEGORIES - categories == set(), f"no attack for: {sorted(CATEGORIES - categories)}"
    assert categories - CATEGORIES - {"benign"} == set(), f"unknown categories: {sorted(categories - CATEGORIES)}"
    hostile = [a for a in ATTACK_LIST if a.category != "benign"]
    assert len(hostile) >= MIN_ATTACKS, f"only {len(hostile)} attacks"
    for name in ("lots_of_output", "numpy_scalars", "module_cache", "main_block", "data_file", "slow_import"):
        assert any(a.category == "benign" and name in a.name for a in ATTACK_LIST), f"no benign {name} submission"
    for attack in ATTACK_LIST:  # every header is complete and consistent
        attack.expect_lost, attack.feedback, attack.limits()
        for mode in MODES:
            attack.breaks(mode)
        if attack.expect_lost:
            assert attack.feedback or attack.category == "benign" or "expect-score" in attack.fields, \
                f"{attack.name}: say which feedback the lost tasks must give (# expect-feedback:)"


@pytest.mark.parametrize("attack, sandbox_mode", list(_cases()), indirect=["sandbox_mode"])
def test_attack(attack: Attack, sandbox_mode: str, scene_factory, monkeypatch):  # noqa: F811
    scene = scene_factory(attack, sandbox_mode)
    _, bad = run_attack(scene, monkeypatch)
    _verdict(scene, bad)
