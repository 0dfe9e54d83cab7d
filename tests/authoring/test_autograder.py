"""grader.authoring.autograder: the Gradescope zip (``make gradescope``) is gated as ``grader release`` is.

The zip is built, unpacked and run by tests/e2e/test_ci_gradescope.py; here, that a lesson whose
solution ``grader validate`` rejects gets no zip at all, with the release's message and exit status.
"""

from __future__ import annotations

import pytest

from grader.authoring.autograder import build_zip, main
from grader.authoring.release import ReleaseRefused
from grader.lesson.course import Course

from courses import prefill_alone


@pytest.mark.parametrize("lesson", [["--lesson", "prefill"], []], ids=["one-lesson", "every-lesson"])
def test_a_lesson_whose_solution_breaks_a_fact_gets_no_zip(tmp_path, capsys, lesson):
    """It used to be built, exit 0, for a lesson that `grader release` refuses (issue 24)."""
    course = prefill_alone(tmp_path, "return 2 * N * P", "return N * P")
    out = tmp_path / "dist" / "gradescope-autograder.zip"
    assert main(["--course", str(course), *lesson, "--output", str(out)]) == 1  # the release's status
    err = capsys.readouterr().err
    assert "lesson 'prefill' does not validate: the solution in" in err, err
    assert "prefill_flops(7e9, 1000) gives 7e12" in err  # what failed
    assert "grader release --force" in err  # where a forced zip comes from
    assert "Traceback" not in err
    assert not out.exists() and not out.parent.exists()


def test_build_zip_itself_refuses_it(tmp_path):
    course = prefill_alone(tmp_path, "return 2 * N * P", "return N * P")
    with pytest.raises(ReleaseRefused, match="lesson 'prefill' does not validate"):
        build_zip(Course(course), tmp_path / "out.zip", "prefill")
    assert not (tmp_path / "out.zip").exists()


def test_a_lesson_that_validates_is_built(tmp_path, capsys):
    out = tmp_path / "gradescope-autograder.zip"
    command = ["--course", str(prefill_alone(tmp_path)), "--lesson", "prefill", "--output", str(out)]
    assert main(command) == 0
    first = capsys.readouterr().out.splitlines()
    assert first[0].startswith("prefill: validated now (fingerprint ") and first[1:] == [f"wrote {out}"]
    assert out.is_file()
    assert main(command) == 0  # nothing changed: the verdict is the remembered one, and it says which
    again = capsys.readouterr().out.splitlines()
    assert again[0].startswith("prefill: reused the cached verdict 'validates' (fingerprint ")
    assert again[0].split("fingerprint ")[1][:12] == first[0].split("fingerprint ")[1][:12]
