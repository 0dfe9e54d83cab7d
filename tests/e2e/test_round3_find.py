"""Issue 25's third round, class 3: the work is where the student put it (tests/hostile/round3_find.py).

Each case is graded with ``grader grade`` as a student's CI would, and the Gradescope cases through
``run_autograder`` in a folder laid out like ``/autograder`` (its ``source/`` a link to this course, so
no package is built): the score, what the report says, and that nothing in it is raw.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "hostile"))
from round3_find import CASES, FULL
from running import RAW_CONTROL, grader, no_deep_leftovers  # noqa: F401 (autouse)

MODE = "limited"  # the search runs in the trusted process: one sandbox mode is enough


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_work_is_found_where_the_student_put_it(case, tmp_path):
    submission = case.build(tmp_path / "built")
    run = grader("grade", os.fsdecode(submission), "--lesson", "prefill", "--format", f"json:{tmp_path / 'r.json'}",
                 "--format", "text", mode=MODE, cwd=tmp_path)
    said = run.stdout.decode("utf-8") + run.stderr.decode("utf-8")
    assert b"Traceback" not in run.stderr, said
    assert not RAW_CONTROL.search(said.replace("\n", " ")), said
    if case.score is None:
        assert run.returncode == 2 and len(run.stderr.decode().strip().splitlines()) == 1, said
    else:
        assert run.returncode == 0, said
        report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
        assert report["score"] == case.score, said
    flat = " ".join(said.split())  # the text report wraps its lines
    for text in case.says:
        assert text in flat, said
    written = said + ((tmp_path / "r.json").read_text(encoding="utf-8") if case.score is not None else "")
    for text in case.never:  # the JSON report too: the text one leaves a passed task's feedback out
        assert text not in written, written[-2000:]


@pytest.mark.parametrize("case", [case for case in CASES if case.gradescope], ids=lambda case: case.id)
def test_gradescope_finds_the_work_too(case, tmp_path):
    root = tmp_path / "autograder"
    (root / "results").mkdir(parents=True)
    (root / "source").symlink_to(ROOT, target_is_directory=True)
    shutil.copyfile(ROOT / "grader" / "authoring" / "gradescope" / "run_autograder", root / "run_autograder")
    (root / "run_autograder").chmod(0o755)
    built = case.build(tmp_path / "built")
    shutil.move(built, root / "submission")
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable,
           "GRADER_LESSON": "prefill", "GRADER_SANDBOX": MODE}
    run = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, timeout=600,
                         check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert results["score"] == FULL, results.get("output")
