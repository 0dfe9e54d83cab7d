"""grader validate: the proof that a lesson's suite separates right from wrong."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from grader.authoring import validate as validate_module
from grader.authoring.mutants import Mutant, load_mutants
from grader.authoring.validate import judge, validate
from grader.exceptions import ConfigError, UsageError
from grader.lesson.catalogue import per_task
from grader.lesson.course import Course
from grader.result import CheckResult, Diagnosis, Report, TaskResult

from paths import ROOT


@pytest.fixture
def course(tmp_path, monkeypatch) -> Course:
    """A copy of the course's prefill lesson (the other lessons have tests of their own) with only a
    few mutants, so each test stays quick: its hundred models are used to grade, but not each proved
    (tests/authoring/test_models.py proves how models are proved)."""
    monkeypatch.setattr(validate_module, "model_claims", lambda session, lesson, reference: ([], [], []))
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree / "prefill", tmp_path / tree / "prefill",
                        ignore=shutil.ignore_patterns("__pycache__"))
    keep = {"forgot_factor_2.py", "transposed_mask.py", "quiz_yes.toml"}
    for mutant in (tmp_path / "suites" / "prefill" / "mutants").iterdir():
        if mutant.name not in keep:
            shutil.rmtree(mutant) if mutant.is_dir() else mutant.unlink()
    return Course(tmp_path)


def run(course: Course, **kwargs) -> tuple[bool, str]:
    out = io.StringIO()
    return validate(course, stream=out, **kwargs), out.getvalue()


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


def test_a_wrong_instructor_solution_is_blamed(course, tmp_path):
    solutions = tmp_path / "mine"
    shutil.copytree(ROOT / "solutions", solutions)
    path = solutions / "prefill" / "prefill.py"
    path.write_text(path.read_text().replace("return P * (P + 1) // 2", "return P * P"))
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert "does not score full marks" in table and "causal_pairs" in table


def test_a_mutant_the_suite_misses_is_reported(course):
    mutants = course.root / "suites" / "prefill" / "mutants"
    (mutants / "harmless.py").write_text("# mistake: none at all\n# fails: causal_mask\n"
                                         + (ROOT / "solutions" / "prefill" / "prefill.py").read_text())
    ok, table = run(course)
    assert not ok
    assert "harmless" in table and "suite at fault: mutant harmless (none at all): no check catches it on causal_mask" \
        in table
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
    assert "headline numbers" in table and "2 disagree" in table
    assert ("solution at fault: rejected: " in table and "prefill_flops(7e9, 1000) gives 7e12, but the lesson says "
            "1.4e13" in table and "The lesson text fixes this number" in table)
    assert "is rejected; fix it first" in table
    assert "suite at fault, unless it follows from the solution's faults" in table  # the mutants compare against it


def test_a_swapped_solution_defines_the_truth_beyond_the_headline_numbers(course, tmp_path):
    # this instructor wants FLOPs to three significant figures; the lesson's 1.4e13 stays 1.4e13
    solutions = mine(tmp_path, "return 2 * N * P", 'return float(f"{2 * N * P:.3g}")', tree=False)
    ok, table = run(course, solutions=solutions)
    assert f"against the solution in {solutions}" in table
    assert re.search(r"all 7 as the lesson states +all agree", table) and re.search(r"full marks +full marks", table)
    # every mutant is laid over this very solution (its FLOPs rounded too), so each still loses exactly its tasks
    assert ok, table
    assert "mutation score: 3/3 mutants caught as declared" in table
    from grader.grading.engine import grade

    report = grade(ROOT / "solutions" / "prefill", lesson="prefill", course=course, solutions=solutions)
    # exact is now wrong, and prefill_seconds, right for its own exact FLOPs, is not the solution's either
    assert [t.id for t in report.tasks if t.score < t.max_score] == ["prefill_flops", "prefill_seconds"]


def test_a_solution_failing_a_fixed_property_is_blamed_not_the_suite(course, tmp_path):
    solutions = mine(tmp_path, "if not (0 < utilization <= 1):", "if False:")
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert "solution at fault: " in table and "does not score full marks on prefill_seconds" in table
    assert "'rejects_bad_utilization[zero]'" in table


def test_solutions_that_hold_no_lesson_are_a_usage_error(course, tmp_path):
    with pytest.raises(UsageError, match=re.escape("holds neither prefill/prefill.py nor prefill.py")):
        run(course, solutions=tmp_path)


def test_cli_validate_exits_1_on_disagreement_and_2_on_bad_input(course, tmp_path, capsys):
    from grader.cli import main

    assert main(["--course", str(course.root), "validate", "--solutions", str(tmp_path / "nowhere")]) == 2
    assert "--solutions" in capsys.readouterr().err
    solutions = mine(tmp_path, "return 2 * N * P", "return N * P")
    assert main(["--course", str(course.root), "validate", "--solutions", str(solutions)]) == 1
    assert "rejected" in capsys.readouterr().out


def test_a_check_that_breaks_on_the_solution_blames_the_suite(course):
    checks = course.root / "suites" / "prefill" / "test_causal_pairs.py"
    checks.write_text(checks.read_text() + "\n\ndef test_broken(student):\n    1 / 0\n")
    ok, table = run(course)
    assert not ok
    assert "suite at fault: check 'broken' of causal_pairs breaks on the solution in" in table
    assert "ZeroDivisionError" in table and "the suite is at fault" in table


def test_wrong_instructor_answers_are_the_solutions_fault(course, tmp_path):
    solutions = mine(tmp_path, "def causal_pairs", "def causal_pairs")
    answers = solutions / "prefill" / "answers.toml"
    answers.write_text(answers.read_text().replace("pairs = 10", "pairs = 6"))
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert "the answer 'pairs' is 6, but the lesson says 10" in table
    assert f"solution at fault: {answers} loses points on hand_pairs" in table and "fixed in" in table


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


def test_a_diagnosis_on_the_reference_is_a_false_diagnosis(course):
    (course.root / "suites" / "prefill" / "test_extra.py").write_text(
        "import pytest\nfrom grader.checks import fail\n@pytest.mark.task('causal_pairs')\n"
        "def test_suspicious(student):\n    fail('always', diagnosis='pairs.all-pairs')\n")
    ok, table = run(course, lesson="prefill")
    assert not ok
    assert "the reference gets diagnosis 'pairs.all-pairs' on causal_pairs: a false diagnosis" in table


def test_a_mutant_declaring_an_unknown_diagnosis_is_a_config_error(course):
    _mutant(course, "typo", "# mistake: forgot the 2\n# fails: prefill_flops\n# diagnosis: flops.forgot-2\n")
    with pytest.raises(ConfigError, match=re.escape("does not hold: flops.forgot-2")):
        run(course, lesson="prefill")


def test_the_real_mutants_declare_their_diagnoses():
    mutants = {m.name: m for m in load_mutants(Course(ROOT).lesson("prefill"))}
    assert mutants["forgot_factor_2"].diagnoses == {"flops.missing-factor-2", "seconds.flops-carried-forward"}
    assert mutants["utilization_as_percent"].diagnoses == {"seconds.utilization-as-percent"}
    assert mutants["import_error"].diagnoses == frozenset()


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
    assert judge(mutant, _observed(f=(0, "flops.y"), g=(2, None))).seen == "f (diagnosis differs)"


def test_judge_lets_an_unlabelled_corpus_entry_get_any_diagnosis_but_not_a_labelled_one():
    unlabelled = Mutant("m", Path("m.py"), "forgot the 2", frozenset({"f"}))
    labelled = Mutant("m", Path("m.py"), "forgot the 2", frozenset({"f"}), diagnoses=frozenset({"flops.x"}))
    observed = _observed(f=(1, "flops.y"))
    assert not judge(unlabelled, observed).good and judge(unlabelled, observed, unlabelled_diagnoses=True).good
    assert not judge(labelled, observed, unlabelled_diagnoses=True).good
