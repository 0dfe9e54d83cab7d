"""tests/hostile/round3_answers.py graded through ``grader grade``: each answer's verdict and what it says.

The whole path a student's file takes (read, answers in tables, grading, the report): a
choice beside another, negated or hedged, is refused naming both; a working that contradicts
its result is refused saying what it gives; one in the result's unit is read (issue 25, class 2).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "hostile"))
from round3_answers import CASES, answers_toml

SOLUTION = ROOT / "solutions" / "prefill"


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_an_answer_is_graded_for_what_it_says(case, tmp_path):
    folder = tmp_path / "prefill"
    folder.mkdir()
    shutil.copy(SOLUTION / "prefill.py", folder / "prefill.py")
    (folder / "answers.toml").write_text(answers_toml((SOLUTION / "answers.toml").read_text(encoding="utf-8"), case),
                                         encoding="utf-8")
    report = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "grader", "--course", str(ROOT), "grade", str(folder), "--lesson",
                          "prefill", f"--format=json:{report}"], cwd=tmp_path, capture_output=True, timeout=300,
                         check=False)
    assert "Traceback" not in run.stderr.decode("utf-8", "replace"), run.stderr
    checks = {check["name"]: check for task in json.loads(report.read_text(encoding="utf-8"))["tasks"]
              for check in task["checks"]}
    for key, (passes, said) in case.expect.items():
        check = checks[f"answers.toml:{key}"]
        assert check["passed"] is passes, (key, check["message"])
        assert all(part in check["message"] for part in said), (key, said, check["message"])
