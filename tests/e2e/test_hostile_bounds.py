"""tests/hostile/round3_bounds.py: a submission cannot make the grader's own process work or hold memory
out of proportion (issue 25, class 7), nor make it print warnings quoting its paths (class 9).

Each case is graded by ``grader grade`` in a process of its own, run by a small Python that reports its
children's peak resident memory (``RUSAGE_CHILDREN``: the grader and the processes it waited for); the
reference solution is graded the same way in the same test, and a case's time is bounded as a multiple
of that (a busy machine slows both), or by the submission's own limits where they decide.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "hostile"))
from round3_bounds import CASES, REFERENCE

MEASURE = r"""
import json, os, resource, subprocess, sys, time
started = time.monotonic()
run = subprocess.run(sys.argv[1:], capture_output=True, check=False)
print(json.dumps({"seconds": time.monotonic() - started, "rc": run.returncode,
                  "peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
                  "stderr": run.stderr.decode("utf-8", "replace")}))
"""


def graded(case, tmp_path) -> dict:
    folder = case.build(tmp_path / case.id)
    out = tmp_path / f"{case.id}.json"
    command = [sys.executable, "-m", "grader", "--course", str(ROOT), "grade", os.fsdecode(folder), "--lesson",
               "prefill", f"--format=json:{out}"]
    said = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, timeout=900, check=True)
    measured = json.loads(said.stdout)
    measured["report"] = json.loads(out.read_text(encoding="utf-8")) if out.is_file() else None
    return measured


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_submission_cannot_make_the_grader_work_or_hold_memory_out_of_proportion(case, tmp_path):
    reference = graded(REFERENCE, tmp_path)
    measured = graded(case, tmp_path)
    assert measured["rc"] == 0, measured["stderr"]
    assert measured["peak_mb"] < case.peak_mb, f"{case.id}: the grader's peak was {measured['peak_mb']:.0f} MB"
    if case.seconds is not None:
        assert measured["seconds"] < case.seconds, f"{case.id}: {measured['seconds']:.0f} s"
    else:
        ratio = measured["seconds"] / reference["seconds"]
        assert ratio < case.ratio, f"{case.id}: {measured['seconds']:.1f} s, {ratio:.1f} × the reference's grade"
    stderr = measured["stderr"]
    assert "Warning" not in stderr and str(ROOT) not in stderr and "Traceback" not in stderr, stderr
    scores = {t["id"]: (t["score"], t["max_score"]) for t in measured["report"]["tasks"]}
    for task in case.keeps:
        assert scores[task][0] == scores[task][1], f"{case.id}: {task} lost points: {scores[task]}"
    assert any(score < full for score, full in scores.values()), f"{case.id}: full marks"
