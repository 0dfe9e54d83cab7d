"""grader validate: the proof that a lesson's suite separates right from wrong."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from grader.authoring import proved
from grader.authoring import validate as validate_module
from grader.authoring.mutants import Mutant, load_mutants
from grader.authoring.validate import judge, validate
from grader.exceptions import ConfigError
from grader.lesson.catalogue import per_task
from grader.lesson.course import Course
from grader.result import CheckResult, Diagnosis, Report, TaskResult

from paths import ROOT


@pytest.fixture
def course(tmp_path, monkeypatch) -> Course:
    """A copy of the course's prefill lesson (the other lessons have tests of their own) with only a
    few mutants, so each test stays quick: its hundred models are used to grade, but not each proved
    (tests/authoring/test_models.py proves how models are proved)."""
    monkeypatch.setattr(validate_module, "model_claims", lambda *args, **kwargs: ([], [], []))
    monkeypatch.setattr(validate_module, "model_files", lambda lesson: [])  # none graded as a submission either
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree / "prefill", tmp_path / tree / "prefill",
                        ignore=shutil.ignore_patterns("__pycache__"))
    keep = {"forgot_factor_2.py", "transposed_mask.py", "quiz_yes.toml"}
    for mutant in (tmp_path / "suites" / "prefill" / "mutants").iterdir():
        if mutant.name not in keep:
            shutil.rmtree(mutant) if mutant.is_dir() else mutant.unlink()
    return Course(tmp_path)


def run(course: Course, **kwargs) -> tuple[bool, str]:
    """Whether validation passes, and what it printed with its wrapped lines joined again."""
    out = io.StringIO()
    ok = validate(course, stream=out, **kwargs)
    printed = out.getvalue()
    assert max(len(line) for line in printed.splitlines()) <= 100, printed  # every line fits 100 columns
    return ok, re.sub(r"\n {2,}", " ", printed)


def test_the_real_lesson_has_enough_mutants_covering_every_task():
    lesson = Course(ROOT).lesson("prefill")
    mutants = load_mutants(lesson)
    assert len(mutants) >= 25
    assert set().union(*(m.fails for m in mutants)) == {t.id for t in lesson.tasks}


def test_a_sound_suite_validates(course):
    ok, table = run(course)
    assert ok, table
    assert "mutation score: 3/3" in table
    assert "reference" in table and "stubs" in table and "WRONG" not in table
    proved = re.search(r"^50 students' numbers +reference full, stubs zero +so on each \((\d+) distinct\) +ok$", table,
                       re.M)  # issue 22: every claim proved on 50 students' numbers too, most of them different
    assert proved and int(proved.group(1)) >= 40, table


def test_a_wrong_instructor_solution_is_blamed(course, tmp_path):
    solutions = tmp_path / "mine"
    shutil.copytree(ROOT / "solutions", solutions)
    path = solutions / "prefill" / "prefill.py"
    path.write_text(path.read_text().replace("return P * (P + 1) // 2", "return P * P"))
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert "rejected: the solution disagrees with what the lesson fixes" in table
    assert "prefill.py: causal_pairs(4) gives 16, but the lesson says 10" in table
    assert re.search(r"prefill.py: fails '\w+'.* of causal_pairs", table)


def test_a_mutant_the_suite_misses_is_reported(course):
    mutants = course.root / "suites" / "prefill" / "mutants"
    (mutants / "harmless.py").write_text("# mistake: none at all\n# fails: causal_mask\n"
                                         + (ROOT / "solutions" / "prefill" / "prefill.py").read_text())
    ok, table = run(course)
    assert not ok
    assert "harmless" in table and "the suite is at fault:\n- mutant harmless (none at all): no check catches it on " \
        "causal_mask" in table
    assert "not caught: add a check that fails it" in table
    assert "verdict: the solution in" in table and "is sound; the suite is at fault" in table
    assert "mutation score: 3/4" in table


def test_a_stub_that_scores_is_reported(course):
    stub = course.root / "exercises" / "prefill" / "prefill.py"
    done = "def causal_pairs(P):\n    return P * (P + 1) // 2"
    stub.write_text(stub.read_text().replace("def causal_pairs(P):\n    pass", done))
    ok, table = run(course)
    assert not ok and "score points on causal_pairs" in table


def test_a_mutant_without_declaration_is_a_config_error(course):
    (course.root / "suites" / "prefill" / "mutants" / "vague.py").write_text("def f():\n    pass\n")
    with pytest.raises(ConfigError, match=r"vague\.py.*# fails"):
        run(course)


def test_a_mutant_declaring_an_unknown_task_is_a_config_error(course):
    (course.root / "suites" / "prefill" / "mutants" / "typo.py").write_text("# fails: causal_mask, casual_pairs\n")
    with pytest.raises(ConfigError, match="casual_pairs"):
        run(course)


def mine(tmp_path: Path, old: str, new: str, tree: bool = True) -> Path:
    """An instructor's solutions: the reference with one edit, as a tree or as the lesson folder itself."""
    root = tmp_path / "mine"
    folder = root / "prefill" if tree else root
    shutil.copytree(ROOT / "solutions" / "prefill", folder)
    path = folder / "prefill.py"
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new))
    return root


def test_a_solution_that_changes_a_headline_number_is_rejected_with_that_reason(course, tmp_path):
    ok, table = run(course, solutions=mine(tmp_path, "return 2 * N * P", "return N * P"))
    assert not ok
    assert "rejected: the solution disagrees with what the lesson fixes:" in table
    assert "- prefill.py: prefill_flops(7e9, 1000) gives 7e12, but the lesson says 1.4e13" in table
    assert "is rejected: fix it first" in table
    assert "mutant" not in table and "suite" not in table  # the mutants compare against it: nothing to say of them


def test_a_rejection_is_a_few_lines_each_disagreement_once(course, tmp_path):
    solutions = mine(tmp_path, "return 2 * N * P", "return N * P")
    for name in ("all_pairs.py", "hardcoded_peak_rate.py", "ignored_utilization.py", "quiz_unanswered.toml"):
        shutil.copy(ROOT / "suites" / "prefill" / "mutants" / name, course.root / "suites" / "prefill" / "mutants")
    out = io.StringIO()
    assert not validate(course, stream=out, solutions=solutions)
    lines = out.getvalue().rstrip("\n").splitlines()
    assert len(lines) <= 14 and max(len(line) for line in lines) <= 100, out.getvalue()
    items = [line for line in lines if line.startswith("- ")]
    # two headline numbers and the failing checks of prefill_flops (prefill_seconds is judged with this solution's
    # own prefill_flops, as a student's is with the reference's: its wrong 0.14 s is the headline's to say)
    assert len(items) == len(set(items)) == 3
    assert not any(line.rstrip().endswith("..") for line in lines)
    assert "unless" not in out.getvalue(), out.getvalue()
    verdict = next(i for i, line in enumerate(lines) if line.startswith("verdict: "))  # last: it may wrap a long path
    assert all(line.startswith("  ") for line in lines[verdict + 1:]), out.getvalue()


def test_a_solution_that_changes_a_default_of_the_skeleton_is_rejected(course, tmp_path):
    """Issue 16: utilization=0.5 keeps every headline number and full marks on the differential checks,
    so it was declared sound and the suite blamed; the skeleton students get says 1.0."""
    solutions = mine(tmp_path, "def prefill_seconds(N, P, flops_per_sec, utilization=1.0):",
                     "def prefill_seconds(N, P, flops_per_sec, utilization=0.5):")
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert ("- prefill.py: defines prefill_seconds(N, P, flops_per_sec, utilization=0.5), but the skeleton students "
            "get declares prefill_seconds(N, P, flops_per_sec, utilization=1.0)") in table
    assert "is rejected" in table and "the suite is at fault" not in table


def test_a_solution_that_renames_a_parameter_is_rejected(course, tmp_path):
    solutions = mine(tmp_path, "def causal_mask(P):", "def causal_mask(n):")
    solutions_file = solutions / "prefill" / "prefill.py"
    solutions_file.write_text(solutions_file.read_text().replace("np.ones((P, P)", "np.ones((n, n)"))
    ok, table = run(course, solutions=solutions)
    assert not ok and "defines causal_mask(n), but the skeleton students get declares causal_mask(P)" in table


def test_a_solutions_tree_without_answers_takes_them_from_the_manifest(course, tmp_path):
    solutions = mine(tmp_path, "def causal_pairs", "def causal_pairs")
    (solutions / "prefill" / "answers.toml").unlink()
    ok, table = run(course, solutions=solutions)
    assert ok, table
    assert "answers: prefill/ holds no answers.toml, so the answers come from lesson.toml" in table
    assert "WRONG" not in table and "handed in" not in table
    assert "mutation score: 3/3" in table  # quiz_yes is laid over the manifest's answers


def test_a_swapped_solution_defines_the_truth_beyond_the_headline_numbers(course, tmp_path):
    # this instructor wants FLOPs to three significant figures; the lesson's 1.4e13 stays 1.4e13
    solutions = mine(tmp_path, "return 2 * N * P", 'return float(f"{2 * N * P:.3g}")', tree=False)
    ok, table = run(course, solutions=solutions)
    assert f"against the solution in {solutions}" in table
    assert re.search(r"headline numbers +all 7 as the lesson states +all agree +ok", table)
    assert re.search(r"reference +full marks +full marks +ok", table)
    # every mutant is laid over this very solution (its FLOPs rounded too), so each still loses exactly its tasks
    assert ok, table
    assert "mutation score: 3/3 mutants caught as declared" in table
    from grader.grading.engine import grade

    report = grade(ROOT / "solutions" / "prefill", lesson="prefill", course=course, solutions=solutions)
    # exact is now wrong, and prefill_seconds, right for its own exact FLOPs, is not the solution's either
    assert [t.id for t in report.tasks if t.score < t.max_score] == ["prefill_flops", "prefill_seconds"]


def test_a_correct_solution_that_computes_inline_what_the_courses_calls_is_not_blamed_nor_the_suite(course,
                                                                                                     tmp_path):
    """forgot_factor_2 changes prefill_flops and declares prefill_seconds too, which the course's solution
    computes by calling prefill_flops. This solution's prefill_seconds computes 2 * N * P itself: nothing
    reaches the mistake there, which is no fault of anyone's (it was "the suite is at fault", exit 1)."""
    solutions = mine(tmp_path, "return prefill_flops(N, P) / (flops_per_sec * utilization)",
                     "return 2 * N * P / (flops_per_sec * utilization)")
    ok, table = run(course, solutions=solutions)
    assert ok, table
    assert "mutation score: 3/3 mutants caught as declared" in table
    assert ("prefill_seconds: not claimed of 1 mutant(s) (forgot_factor_2): they change only what this solution's "
            "prefill_seconds never calls") in table
    assert re.search(r"forgot_factor_2 +prefill_flops +as declared +ok", table)


def test_a_correct_solution_that_calls_what_the_courses_computes_inline_may_lose_that_task_too(course, tmp_path):
    """transposed_mask changes causal_mask; this solution's prefill_matches_sequential builds its parallel
    sum with causal_mask, so that mutant costs it too, through the solution's own call."""
    solutions = mine(tmp_path, "parallel = np.cumsum(Y, axis=0)", "parallel = causal_mask(Y.shape[0]) @ Y")
    ok, table = run(course, solutions=solutions)
    assert ok, table
    assert ("prefill_matches_sequential: may lose points too with 1 mutant(s) (transposed_mask): they change what "
            "this solution's prefill_matches_sequential calls") in table


def test_the_courses_own_solution_is_held_to_the_mutants_labels_exactly(course):
    """The labels change only where a solution's calls differ from the course's: a mutant that loses a task
    the course's solution does not reach through a call is still the suite's to explain."""
    mutants = course.root / "suites" / "prefill" / "mutants"
    (mutants / "forgot_factor_2.py").write_text((mutants / "forgot_factor_2.py").read_text().replace(
        "# fails: prefill_flops, prefill_seconds", "# fails: prefill_flops"))
    ok, table = run(course)
    assert not ok and "it also loses points on prefill_seconds" in table


def test_a_solution_failing_a_fixed_property_is_blamed_not_the_suite(course, tmp_path):
    solutions = mine(tmp_path, "if not (0 < utilization <= 1):", "if False:")
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert "rejected: the solution disagrees" in table and "prefill.py: fails 'rejects_bad_utilization[zero]'" in table
    assert "of prefill_seconds" in table


def test_solutions_that_hold_no_lesson_are_a_configuration_error_naming_both_layouts(course, tmp_path):
    with pytest.raises(ConfigError, match=re.escape("holds neither prefill/prefill.py nor prefill.py: give a lesson "
                                                    "folder holding prefill.py")):
        run(course, solutions=tmp_path)


def test_cli_validate_exits_1_on_disagreement_and_3_on_solutions_it_cannot_use(course, tmp_path, capsys):
    from grader.cli import main

    assert main(["--course", str(course.root), "validate", "--solutions", str(tmp_path / "nowhere")]) == 3
    err = capsys.readouterr().err
    assert "--solutions" in err and "a tree holding prefill/" in err and len(err.splitlines()) == 1
    solutions = mine(tmp_path, "return 2 * N * P", "return N * P")
    assert main(["--course", str(course.root), "validate", "--solutions", str(solutions)]) == 1
    assert "rejected" in capsys.readouterr().out


def test_cli_validate_of_a_solution_that_exits_at_import_is_the_set_ups_fault_naming_its_own_path(course, tmp_path,
                                                                                                   capsys):
    """It exited 0 without a word (SystemExit escaped): a verdict without its truth."""
    from grader.cli import main

    solutions = mine(tmp_path, "import numpy as np", "import sys\nimport numpy as np\nsys.exit(0)")
    (solutions / "prefill" / "answers.toml").unlink()  # validated from a working copy holding lesson.toml's answers
    assert main(["--course", str(course.root), "validate", "--solutions", str(solutions)]) == 3
    err = capsys.readouterr().err
    assert f"{solutions / 'prefill' / 'prefill.py'}: the reference solution cannot be imported (SystemExit" in err


def test_a_check_that_breaks_on_the_solution_blames_the_suite(course):
    checks = course.root / "suites" / "prefill" / "test_causal_pairs.py"
    checks.write_text(checks.read_text() + "\n\ndef test_broken(student):\n    1 / 0\n")
    ok, table = run(course)
    assert not ok
    assert "- check 'broken' of causal_pairs breaks on the solution: internal error" in table
    assert "ZeroDivisionError" in table and "is sound; the suite is at fault" in table


def test_wrong_instructor_answers_are_the_solutions_fault(course, tmp_path):
    solutions = mine(tmp_path, "def causal_pairs", "def causal_pairs")
    answers = solutions / "prefill" / "answers.toml"
    answers.write_text(answers.read_text().replace("pairs = 10", "pairs = 6"))
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert "- answers.toml: the answer 'pairs' is 6, but the lesson says 10" in table
    assert "- answers.toml: loses points on hand_pairs, whose answer lesson.toml fixes" in table


# ---------------------------------------------------------------------------- diagnoses, proved both ways

def _mutant(course: Course, name: str, header: str, old: str = "return 2 * N * P", new: str = "return N * P"):
    """A mutant of prefill_flops alone, laid over the reference as every mutant is."""
    body = "def prefill_flops(N, P):\n    return 2 * N * P\n"
    assert old in body
    (course.root / "suites" / "prefill" / "mutants" / f"{name}.py").write_text(header + body.replace(old, new, 1))


def test_the_closing_note_counts_diagnoses_per_task_and_specific_mutants(course):
    ok, table = run(course, lesson="prefill")
    assert ok, table
    lesson = course.lesson("prefill")
    counts = per_task(lesson.diagnoses, [t.id for t in lesson.tasks])
    assert (f"diagnoses: {len(lesson.diagnoses)} in diagnoses.toml; per task: prefill_flops "
            f"{counts['prefill_flops']}, prefill_seconds {counts['prefill_seconds']}, causal_pairs") in table
    assert "specific diagnosis: 3/3 mutants" in table
    # the fixture keeps three mutants, and the models prove only the diagnoses of code tasks
    assert "proved by no mutant or model (add one declaring it): hand-flops.missing-factor-2" in table
    assert "flops.squared" not in table.split("proved by no mutant or model")[1].splitlines()[0]
    assert ("the engine's diagnoses, for every code task: 6; proved by no mutant of this lesson: import.syntax-error, "
            "import.raises-at-top-level, import.numpy-without-np, import.defined-twice, "
            "import.module-unavailable, import.parameters-reordered") in table


def test_a_mutant_without_a_diagnosis_counts_as_a_generic_failure(course):
    _mutant(course, "hangs", "# mistake: an endless loop\n# fails: prefill_flops, prefill_seconds\n",
            new="while True:\n        pass")
    ok, table = run(course, lesson="prefill")
    assert ok, table
    assert "specific diagnosis: 3/4 mutants; a generic failure: hangs" in table


def test_a_mutant_that_gets_another_diagnosis_than_it_declares_is_reported(course):
    _mutant(course, "misread", "# mistake: forgot the 2\n# fails: prefill_flops, prefill_seconds\n"
            "# diagnosis: flops.squared\n")
    ok, table = run(course, lesson="prefill")
    assert not ok
    assert "(diagnosis differs)" in table
    assert ("mutant misread (forgot the 2): its failing tasks get the diagnosis flops.missing-factor-2, "
            "seconds.flops-carried-forward, not the declared flops.squared") in table


def test_a_diagnosis_on_a_mutant_that_declares_none_is_reported(course):
    _mutant(course, "undeclared", "# mistake: forgot the 2\n# fails: prefill_flops\n")
    ok, table = run(course, lesson="prefill")
    assert not ok
    assert "its failing tasks get the diagnosis flops.missing-factor-2 although it declares none" in table


def test_a_check_failing_the_reference_with_a_diagnosis_rejects_the_solution_naming_the_check(course):
    (course.root / "suites" / "prefill" / "test_extra.py").write_text(
        "import pytest\nfrom grader.checks import fail\n@pytest.mark.task('causal_pairs')\n"
        "def test_suspicious(student):\n    fail('always', diagnosis='pairs.all-pairs')\n")
    ok, table = run(course, lesson="prefill")
    assert not ok
    assert "- prefill.py: fails 'suspicious' of causal_pairs: " in table and "is rejected" in table


def test_a_mutant_declaring_an_unknown_diagnosis_is_a_config_error(course):
    _mutant(course, "typo", "# mistake: forgot the 2\n# fails: prefill_flops\n# diagnosis: flops.forgot-2\n")
    with pytest.raises(ConfigError, match=re.escape("does not hold: flops.forgot-2")):
        run(course, lesson="prefill")


def test_the_real_mutants_declare_their_diagnoses():
    mutants = {m.name: m for m in load_mutants(Course(ROOT).lesson("prefill"))}
    assert mutants["forgot_factor_2"].diagnoses == {"flops.missing-factor-2", "seconds.flops-carried-forward"}
    assert mutants["utilization_as_percent"].diagnoses == {"seconds.utilization-as-percent"}
    assert mutants["import_error"].diagnoses == {"import.syntax-error"}  # the engine's, for every lesson
    assert mutants["hang_in_causal_pairs"].diagnoses == frozenset()


def _observed(**scores: tuple[float, str | None]) -> Report:
    """A report of tasks worth 2 points each: ``task=(score, diagnosis code or None)``."""
    tasks = [TaskResult(task, task, 2.0, [CheckResult("a", score >= 2, weight=1.0,
                                                      diagnosis=Diagnosis(code, "hint") if code else None),
                                          CheckResult("b", score >= 1, weight=1.0)])
             for task, (score, code) in scores.items()]
    return Report("prefill", "Prefill", "s", tasks)


def test_judge_holds_a_mutant_to_exactly_its_tasks_and_codes():
    mutant = Mutant("m", Path("m.py"), "forgot the 2", frozenset({"f"}), diagnoses=frozenset({"flops.x"}))
    assert judge(mutant, _observed(f=(0, "flops.x"), g=(2, None))).good
    extra = judge(mutant, _observed(f=(0, "flops.x"), g=(1, None)))
    assert extra.lost == {"f", "g"} and "it also loses points on g" in extra.problems[0]
    missed = judge(mutant, _observed(f=(2, None), g=(2, None)))
    assert not missed.good and "no check catches it on f" in missed.problems[0] and not missed.diagnosis_ok
    assert judge(mutant, _observed(f=(0, "flops.y"), g=(2, None))).seen == "as declared (diagnosis differs)"


def test_judge_lets_an_unlabelled_corpus_entry_get_any_diagnosis_but_not_a_labelled_one():
    unlabelled = Mutant("m", Path("m.py"), "forgot the 2", frozenset({"f"}))
    labelled = Mutant("m", Path("m.py"), "forgot the 2", frozenset({"f"}), diagnoses=frozenset({"flops.x"}))
    observed = _observed(f=(1, "flops.y"))
    assert not judge(unlabelled, observed).good and judge(unlabelled, observed, unlabelled_diagnoses=True).good
    assert not judge(labelled, observed, unlabelled_diagnoses=True).good


# ---------------------------------------------------------------------------- what a pass leaves behind

def remembered(course: Course) -> list[Path]:
    return sorted((course.root / "build" / "validated").rglob("*.json"))


def test_a_pass_against_the_courses_own_solution_is_remembered_for_the_release(course):
    lesson = course.lesson("prefill")
    assert not proved.holds(course, lesson)
    assert run(course)[0]
    assert proved.holds(course, lesson) and len(remembered(course)) == 1


def test_a_failure_is_never_remembered(course):
    mutants = course.root / "suites" / "prefill" / "mutants"
    (mutants / "harmless.py").write_text("# mistake: none at all\n# fails: causal_mask\n")
    assert not run(course)[0]
    assert not remembered(course) and not proved.holds(course, course.lesson("prefill"))


def test_a_pass_of_another_solution_is_not_the_courses_and_is_not_remembered(course, tmp_path):
    solutions = tmp_path / "mine"
    shutil.copytree(course.root / "solutions", solutions)
    assert run(course, solutions=solutions)[0]
    assert not remembered(course)


def test_a_file_changed_while_validating_is_validated_again(course, monkeypatch):
    """The fingerprint is taken before the lesson is graded: an edit made meanwhile is not covered by the pass."""
    def edit_then_validate(*args, _original=validate_module._validate_lesson):
        found = _original(*args)
        stub = course.root / "suites" / "prefill" / "lesson.toml"
        stub.write_text(stub.read_text() + "\n# edited while validating\n")
        return found
    monkeypatch.setattr(validate_module, "_validate_lesson", edit_then_validate)
    assert run(course)[0] and len(remembered(course)) == 1
    assert not proved.holds(course, course.lesson("prefill"))
