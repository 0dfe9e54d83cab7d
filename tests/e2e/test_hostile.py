"""The hostile-input corpus (tests/hostile/): what an instructor observes when a submission is odd.

For every case: the command's exit status, no traceback, no raw control character and no line
a GitHub runner would execute in any output, no hidden input in a student's report, and the
tasks the case does not touch still graded. Cases that run student code are graded in both
sandbox modes. The class folders with odd entries are tests/e2e/test_hostile_class.py's: this
module has no module fixture, so xdist spreads its cases over every worker (tests/schedule.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from modes import require
from paths import TESTS

sys.path.insert(0, str(TESTS / "hostile"))
from running import (
    FORMATS,
    GRADE_CASES,
    grader,
    inert,
    modes_for,
    no_deep_leftovers,  # noqa: F401 (autouse: removes what a case built, iteratively)
)

# ---------------------------------------------------------------------------- one submission at a time

@pytest.mark.parametrize("case, mode", [(c, m) for c in GRADE_CASES for m in modes_for(c)],
                         ids=[f"{c.klass}-{c.id}-{m}" for c in GRADE_CASES for m in modes_for(c)])
def test_a_hostile_submission_is_graded_and_shown_inert(case, mode, tmp_path):
    require(mode)
    submission = case.build(tmp_path / "in")
    out = tmp_path / "out"
    out.mkdir()
    specs = [f"--format={name}:{out / ('student.' + ext)}" for name, ext in FORMATS.items()]
    def student_run() -> tuple[subprocess.CompletedProcess, float]:
        started = time.monotonic()
        run = grader("grade", os.fsdecode(submission), "--lesson", "prefill", *specs, mode=mode, cwd=tmp_path)
        return run, time.monotonic() - started

    def teacher_run() -> subprocess.CompletedProcess:
        return grader("grade", os.fsdecode(submission), "--lesson", "prefill", "--audience", "instructor",
                      f"--format=json:{out / 'instructor.json'}", f"--format=text:{out / 'instructor.txt'}",
                      mode=mode, cwd=tmp_path)

    if case.klass == 5:  # time without a bound: both runs spend theirs waiting, so they wait together
        with ThreadPoolExecutor(2) as pool:
            teaching = pool.submit(teacher_run)
            student, elapsed = student_run()
            teacher = teaching.result()
    else:  # the others use the CPU: one at a time, as a student's grade runs
        (student, elapsed), teacher = student_run(), teacher_run()
    for run in (student, teacher):
        stderr = run.stderr.decode("utf-8", "replace")
        assert run.returncode == case.exit, stderr
        assert b"Traceback" not in run.stderr, stderr
    assert elapsed < case.within, f"{case.id} took {elapsed:.0f} s"
    if case.exit:  # refused: one line saying why, inert, and nothing graded
        said = student.stderr.decode("utf-8")
        assert len(said.strip().splitlines()) == 1, said
        inert(said, f"{case.id}: stderr")
        return
    for path in sorted(out.iterdir()):
        text = path.read_bytes().decode("utf-8")  # valid UTF-8, or this raises
        inert(text, f"{case.id}: {path.name}", own_commands=path.suffix == ".gh")
    report = json.loads((out / "student.json").read_text(encoding="utf-8"))
    student_text = "".join((out / f"student.{ext}").read_text(encoding="utf-8") for ext in FORMATS.values())
    for secret in case.never:
        assert secret not in student_text, f"{case.id}: {secret!r} reached a student's report"
    hidden = [c for t in report["tasks"] for c in t["checks"] if c["visibility"] != "visible" and not c["passed"]]
    assert hidden or not case.secret, f"{case.id}: no hidden check failed, so nothing was tested"
    for check in hidden:
        for secret in case.secret:
            assert secret not in check["message"], f"{case.id}: a hidden check told the student {check['message']!r}"
    scores = {t["id"]: (t["score"], t["max_score"]) for t in report["tasks"]}
    for task in case.keeps:
        assert scores[task][0] == scores[task][1], f"{case.id}: {task} lost points it should keep: {scores[task]}"
    ET_parse(out / "student.xml")
    json.loads((out / "student.gs.json").read_text(encoding="utf-8"))


def ET_parse(path: Path) -> None:
    import xml.etree.ElementTree as ET

    ET.parse(path)


