"""grader.authoring.release's gate: a release (and the Gradescope zip) only of lessons that validate, proved
once per version of what the verdict rests on; never into a folder it did not write. Split from
test_release.py (the bundles' contents), for the 450-line rule."""

from __future__ import annotations

import re
import shutil
import zipfile

import pytest

from grader.authoring.release import STAMP, ReleaseRefused, release
from grader.cli import main
from grader.exceptions import ConfigError, UsageError
from grader.lesson.course import Course

from courses import prefill_alone
from paths import ROOT

COURSE = Course(ROOT)


@pytest.fixture
def no_validation(monkeypatch):
    """A refusal of the output comes before the gate: validating the course would take a minute."""
    import grader.authoring.validate

    def validations(*args, **kwargs):
        raise AssertionError("the course was validated before its output was refused")

    monkeypatch.setattr(grader.authoring.validate, "validations", validations)


@pytest.mark.parametrize("bundle", ["student", "autograder"])
def test_a_folder_not_written_by_a_release_is_never_replaced(tmp_path, bundle, no_validation):
    (tmp_path / bundle).mkdir()
    (tmp_path / bundle / "precious.txt").write_text("mine")
    with pytest.raises(UsageError, match=f"{bundle} exists and was not written by 'grader release'"):
        release(COURSE, tmp_path)
    assert (tmp_path / bundle / "precious.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == [bundle]


def test_a_release_inside_the_course_trees_is_refused():
    with pytest.raises(UsageError, match="outside the course's exercises, solutions and suites"):
        release(COURSE, ROOT / "suites" / "dist")


def test_drifted_exercises_are_not_released(tmp_path):
    course = tmp_path / "course"
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, course / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    stub = course / "exercises" / "prefill" / "prefill.py"
    stub.write_text(stub.read_text().replace("    pass", "    return 0", 1))
    with pytest.raises(ConfigError, match=r"has drifted from the solutions.*prefill.py, line 4"):
        release(Course(course), tmp_path / "dist")
    assert not (tmp_path / "dist").exists()


def test_cli_release_writes_both_bundles_and_replaces_its_own(tmp_path, capsys):
    course = tmp_path / "course"
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, course / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants", "models"))
    for _ in range(2):
        assert main(["--course", str(course), "release", "--lesson", "prefill"]) == 0
    out = capsys.readouterr().out
    assert "prefill: 11 public checks in 5 tasks" in out or "public checks in" in out
    assert (course / "dist" / "student" / STAMP).is_file() and (course / "dist" / "autograder.zip").is_file()


def test_an_unwritable_output_is_one_line(tmp_path, capsys, no_validation):
    (tmp_path / "file").write_text("")
    assert main(["--course", str(ROOT), "release", "--output", str(tmp_path / "file" / "dist")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grader: cannot write the release to") and len(err.splitlines()) == 1


# ---------------------------------------------------------------------------- the gate: validate first

def test_a_lesson_that_validate_rejects_is_not_released(tmp_path, capsys):
    course = prefill_alone(tmp_path, "return 2 * N * P", "return N * P")
    with pytest.raises(ReleaseRefused, match=r"release refused: lesson 'prefill' does not validate: the solution in "
                                             r".* is rejected.*prefill_flops\(7e9, 1000\) gives 7e12"):
        release(Course(course), tmp_path / "dist")
    assert not (tmp_path / "dist").exists()
    assert main(["--course", str(course), "release", "--output", str(tmp_path / "dist")]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert "release refused: lesson 'prefill' does not validate" in line and "--force releases it anyway" in line
    assert not (tmp_path / "dist").exists()


def test_a_suite_that_misses_a_mutant_is_refused_and_force_releases_it_saying_so_in_both_bundles(tmp_path, capsys):
    course = prefill_alone(tmp_path)
    mutants = course / "suites" / "prefill" / "mutants"
    mutants.mkdir()
    (mutants / "harmless.py").write_text("# mistake: none at all\n# fails: causal_mask\n")  # the solution itself
    dist = ["--course", str(course), "release", "--output", str(tmp_path / "dist")]
    assert main(dist) == 1 and not (tmp_path / "dist").exists()
    assert "is sound; the suite is at fault: mutant harmless (none at all): no check catches it on causal_mask" \
        in capsys.readouterr().err
    assert main([*dist, "--force"]) == 0
    assert "released with --force although lesson 'prefill' does not validate" in capsys.readouterr().err
    student = (tmp_path / "dist" / "student" / "README.md").read_text(encoding="utf-8")
    assert "Released with `--force`" in student and "prefill" in student
    assert "harmless" not in student  # students learn that grades may change, not what the hidden suite misses
    autograder = (tmp_path / "dist" / "autograder" / "AUTOGRADER.md").read_text(encoding="utf-8")
    assert "## Released with --force" in autograder and "no check catches it on causal_mask" in autograder
    with zipfile.ZipFile(tmp_path / "dist" / "autograder.zip") as zf:
        assert "Released with --force" in zf.read("AUTOGRADER.md").decode()


@pytest.fixture
def validated(monkeypatch) -> list[str]:
    """The lessons the release's gate validates, in order (each by the real validation)."""
    import grader.authoring.validate

    seen, original = [], grader.authoring.validate.validations

    def validations(course, lesson=None, *args, **kwargs):
        seen.append(lesson)
        return original(course, lesson, *args, **kwargs)

    monkeypatch.setattr(grader.authoring.validate, "validations", validations)
    return seen


def test_a_release_with_nothing_changed_is_not_validated_again_and_any_change_is(tmp_path, validated):
    course = Course(prefill_alone(tmp_path))
    first = release(course, tmp_path / "dist")
    again = release(course, tmp_path / "dist")
    assert validated == ["prefill"]  # grader.authoring.proved: each kind of change, in its own tests
    assert first.gate.validated == ["prefill"] and again.gate.validated == []
    reused = again.gate.lookups[0]
    assert reused.holds and reused.fingerprint == first.gate.lookups[0].fingerprint
    said = "\n".join(again.gate.lines())  # the instructor is told it was reused, and which fingerprint
    assert "prefill: reused the cached verdict" in said and reused.short in said and "validated now" not in said
    checks = course.root / "suites" / "prefill" / "test_causal_mask.py"
    checks.write_text(checks.read_text() + "\n# a change\n")
    release(course, tmp_path / "dist")
    assert validated == ["prefill", "prefill"]


def test_one_byte_of_the_solution_changed_is_validated_again(tmp_path, validated):
    course = Course(prefill_alone(tmp_path))
    release(course, tmp_path / "dist")
    solution = course.root / "solutions" / "prefill" / "prefill.py"
    text = solution.read_text()
    solution.write_text(text.replace("# END SOLUTION", "# END SOLUTION ", 1))  # one byte, inside the markers
    again = release(course, tmp_path / "dist")
    assert validated == ["prefill", "prefill"] and again.gate.validated == ["prefill"]
    assert any(line.startswith("prefill: validated now") for line in again.gate.lines())


@pytest.mark.parametrize("entry", ["{not json", '{"lesson": "latency", "verdict": "proved"}', "[1, 2]"])
def test_a_corrupted_or_foreign_cache_file_is_ignored_with_a_note(tmp_path, validated, entry):
    course = Course(prefill_alone(tmp_path))
    first = release(course, tmp_path / "dist")
    first.gate.lookups[0].path.write_text(entry)  # where the pass of this very fingerprint is remembered
    again = release(course, tmp_path / "dist")
    assert validated == ["prefill", "prefill"]  # never trusted: validated again
    note = again.gate.lines()[0]
    assert note.startswith("note: prefill: ignored ") and first.gate.lookups[0].path.name in note
    assert again.gate.lookups[0].ignored and not again.gate.lookups[0].holds


def test_a_lesson_that_does_not_validate_is_validated_and_refused_every_time(tmp_path, validated):
    course = Course(prefill_alone(tmp_path))
    mutants = course.root / "suites" / "prefill" / "mutants"
    mutants.mkdir()
    (mutants / "harmless.py").write_text("# mistake: none at all\n# fails: causal_mask\n")
    for _ in range(2):
        with pytest.raises(ReleaseRefused):
            release(course, tmp_path / "dist")
    release(course, tmp_path / "dist", force=True)
    with pytest.raises(ReleaseRefused):
        release(course, tmp_path / "dist")
    assert validated == ["prefill"] * 4
    assert not (course.root / "build" / "validated").exists()


def test_a_public_helper_carrying_the_solutions_formula_is_a_warning_of_the_release(tmp_path, capsys):
    course = prefill_alone(tmp_path)
    checks = course / "suites" / "prefill" / "test_causal_pairs.py"
    helper = "\n\ndef _triangle(n):\n    return n * (n + 1) // 2\n"
    check = ('\n\ndef test_two_tokens(student, diagnose):\n    """2 tokens: 3 pairs."""\n'
             '    _check(student, diagnose, 2, _triangle(2), "token i attends to tokens 1…i")\n')
    checks.write_text(checks.read_text() + helper + check)  # a public check uses it: it ships
    assert main(["--course", str(course), "release", "--output", str(tmp_path / "dist")]) == 0
    err = capsys.readouterr().err
    # the line of the file as it ships (the public suite leaves hidden checks out)
    assert re.search(r"^grader: warning: suites/prefill/test_causal_pairs\.py, line \d+ \(helper _triangle\) ships to "
                     r"students and holds the solution's code `return P \* \(P \+ 1\) // 2` \(prefill\.py, line 20\)$",
                     err, re.M), err
