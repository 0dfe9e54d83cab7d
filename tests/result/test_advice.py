"""grader.result.advice: what to fix, in the order to fix it, one item per symptom."""

from __future__ import annotations

from grader.result import CheckResult, Diagnosis, Report, TaskResult
from grader.result.advice import items, what_to_fix

HALF = Diagnosis("flops.missing-factor-2", "Your result is exactly half of 2 · N · P.")
IMPORT = "prefill.py could not be imported (SyntaxError, line 3): expected ':'"


def check(name: str, message: str = "", diagnosis=None, passed=False, **kwargs) -> CheckResult:
    return CheckResult(name, passed, message or f"{name} failed", diagnosis=diagnosis, **kwargs)


def report(*tasks: TaskResult) -> Report:
    return Report("prefill", "Prefill", "s", list(tasks))


def test_an_import_error_is_said_once_before_everything_with_what_it_holds_up():
    advice = what_to_fix(report(
        TaskResult("prefill_flops", "", 2, [check("a", IMPORT, error=True), check("b", IMPORT, error=True)]),
        TaskResult("causal_pairs", "", 2, [check("c", IMPORT, error=True)]),
        TaskResult("hand_flops", "", 1, [check("answers.toml:flops", "you answered 7e12")])))
    assert advice.blocker == IMPORT
    assert advice.blocked == ["prefill_flops", "causal_pairs"]
    assert [t.task.id for t in advice.tasks] == ["hand_flops"]


def test_one_task_that_could_not_run_is_no_blocker():
    advice = what_to_fix(report(TaskResult("causal_pairs", "", 2, [check("c", "timed out", error=True)])))
    assert advice.blocker == "" and [t.task.id for t in advice.tasks] == ["causal_pairs"]


def test_passed_tasks_need_nothing_and_notes_are_kept_as_they_are():
    advice = what_to_fix(report(
        TaskResult("prefill_flops", "", 2, [check("a", passed=True)]),
        TaskResult("prefill_seconds", "", 3, [check("b")], note="not implemented yet\n\nsee the lesson")))
    assert [t.task.id for t in advice.tasks] == ["prefill_seconds"]
    assert [i.text for i in advice.tasks[0].items] == ["not implemented yet", "see the lesson"]


def test_a_tasks_first_failing_check_comes_first():
    symptoms = items([check("lesson_example", "first"), check("smallest", "second"), check("other", "third")])
    assert [i.text for i in symptoms] == ["first", "second", "third"]


def test_checks_with_one_diagnosis_are_one_item_led_by_its_hint():
    failing = [check("lesson_example", "returned 7e12", HALF), check("smallest", "the mask is odd"),
               check("other_sizes", "returned half", HALF)]
    first, second = items(failing)
    assert (first.text, first.code) == (HALF.hint, HALF.code)
    assert [c.name for c in first.checks] == ["lesson_example", "other_sizes"]
    assert first.details == ["returned 7e12", "returned half"]
    assert (second.text, second.code, second.details) == ("the mask is odd", "", [])


def test_repeated_symptoms_without_diagnosis_fold_by_property():
    failing = [check("shape[1]", "causal_mask(1) returned a list", safe_message="returned a list"),
               check("shape[4]", "causal_mask(4) returned a list", safe_message="returned a list")]
    (item,) = items(failing)
    assert item.text == "causal_mask(1) returned a list"
    assert item.details == ["causal_mask(4) returned a list"]


def test_a_message_that_already_says_the_hint_leads_instead_of_it():
    quoted = Diagnosis("hand-seconds.peak-rate", "that uses the peak")
    (item,) = items([check("answers.toml:seconds", "you answered '0.14 s': that uses the peak", quoted)])
    assert item.text == "you answered '0.14 s': that uses the peak" and item.details == []


def test_the_first_pictures_of_an_item_are_its_pictures():
    grid = (("yours", ((True,),)), ("expected", ((False,),)))
    (item,) = items([check("a", "x", HALF), check("b", "y", HALF, pictures=grid)])
    assert item.pictures == grid
