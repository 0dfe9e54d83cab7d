"""Issue 25's notebook cases (tests/hostile/round3_notebooks.py): a notebook's folder cannot make the
grader fail, a failure its files cause is graded as the submission's, Gradescope always gets a
results.json, and a notebook is parsed once within a budget.

Graded in the sandbox the grader picks (bubblewrap where it runs): one kernel per case at most.
"""

from __future__ import annotations

import json
import sys
import time

import jsonschema
import pytest

from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "hostile"))
from round3_notebooks import CASES, code_points, grade, gradescope, stub_with_orjson

SCHEMA = json.loads((ROOT / "tests" / "data" / "gradescope-results.schema.json").read_text(encoding="utf-8"))

pytestmark = pytest.mark.kernel


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_notebooks_folder_is_graded_as_the_submissions(case, tmp_path):
    folder = case.build(tmp_path / "in")
    started = time.monotonic()
    done = grade(folder, tmp_path / "report.json")
    elapsed = time.monotonic() - started
    assert done.returncode == case.exit, f"{case.id}: {done.stderr}"
    assert "Traceback" not in done.stderr and "canary" not in done.stderr, done.stderr
    assert elapsed < case.within, f"{case.id} took {elapsed:.0f} s"
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    if case.code_points is not None:
        assert code_points(report) == case.code_points, done.stdout
    said = " ".join(done.stdout.split())
    for words in case.says:
        assert words in said, said
    assert "beside the notebook ran" not in said and " raised " not in said, said  # no cell failed either


def test_the_stub_notebook_with_orjson_scores_its_zero_on_gradescope(tmp_path):
    """It used to stop the grader (status 3) and leave no results.json: no zero was ever recorded."""
    done, results = gradescope(stub_with_orjson(tmp_path / "in"), tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert results is not None, done.stdout
    jsonschema.Draft202012Validator(SCHEMA).validate(results)
    assert results["score"] == 0 and results["tests"], results
