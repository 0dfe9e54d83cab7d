"""grader.grading.engine, what run time shows beside the source: a stub bound again where the source does not
look, and a function that answers from state it kept (end to end, on the real prefill suite)."""

from __future__ import annotations

import shutil
from pathlib import Path

from grader.grading.engine import grade
from grader.lesson.course import Course

from paths import ROOT

COURSE = Course(ROOT)
SOLUTION, STUBS = ROOT / "solutions" / "prefill", ROOT / "exercises" / "prefill"
CODE_TASKS = [t.id for t in COURSE.lesson("prefill").code_tasks]


def submission(tmp_path: Path, module: str) -> Path:
    """The reference folder with its module replaced."""
    folder = tmp_path / "prefill"
    shutil.copytree(SOLUTION, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "prefill.py").write_text(module)
    return folder


def test_a_stub_rebound_by_a_def_the_source_does_not_read_is_not_unstarted_when_it_answers(tmp_path):
    """Issue 25's fourth battery (9c): the template's stubs, then the work defined again inside `if True:` (the
    source's top level sees only the stubs), prefill_seconds partly right. A task whose function answered a call
    with more than a stub's None was begun, whatever its score; the untouched stubs still say so."""
    reference = (SOLUTION / "prefill.py").read_text(encoding="utf-8")
    stubs = (STUBS / "prefill.py").read_text(encoding="utf-8")
    wrong = reference.replace("/ (flops_per_sec * utilization)", "/ flops_per_sec")  # utilization left out
    body = "".join("    " + line + "\n" if line.strip() else "\n" for line in wrong.splitlines()
                   if not line.startswith("import"))
    module = stubs + "\n\nif True:\n" + body
    report = grade(submission(tmp_path, module), course=COURSE)
    seconds = report.task("prefill_seconds")
    assert 0 < seconds.score < seconds.max_score, seconds.score
    for task in report.tasks:
        if task.id in CODE_TASKS:
            assert "not implemented" not in task.feedback and not task.to_dict().get("not_started"), task.id
    untouched = grade(submission(tmp_path / "stub", stubs), course=COURSE)
    assert all(untouched.task(t).to_dict().get("not_started") for t in CODE_TASKS)


def test_a_function_proved_to_answer_from_state_gets_no_misconception_named(tmp_path):
    """Issue 21's fourth held-out round: a mask built at the first P called and returned ever after was told it is
    not (P, P) on the shape checks (a misconception it does not have) beside the check that proves the cache. Once
    a check proves the state, the task's failed checks name no cause: each says what came back."""
    reference = (SOLUTION / "prefill.py").read_text(encoding="utf-8")
    cached = reference + "\n\n_KEPT = []\n\n\ndef causal_mask(P):\n    if not _KEPT:\n" \
        "        _KEPT.append(np.tril(np.ones((P, P), dtype=bool)))\n    return _KEPT[0]\n"
    task = grade(submission(tmp_path, cached), course=COURSE).task("causal_mask")
    assert task.score < task.max_score and "a cache or a global that outlives the call" in task.feedback
    assert all(c.diagnosis is None for c in task.checks if not c.passed), [c.diagnosis for c in task.checks]
