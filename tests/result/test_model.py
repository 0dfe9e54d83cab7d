"""grader.result: scores, statuses and feedback derived from check results, and the report contract."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grader.result import STATUSES, CheckResult, Diagnosis, Report, TaskResult


def check(passed: bool, message: str = "", weight: float = 1.0, error: bool = False, name: str = "c") -> CheckResult:
    return CheckResult(name=name, passed=passed, message=message, weight=weight, error=error)


def task(*checks: CheckResult, max_score: float = 3.0, note: str = "", task_id: str = "t") -> TaskResult:
    return TaskResult(id=task_id, title="T", max_score=max_score, checks=list(checks), note=note)


# ---------------------------------------------------------------------------- TaskResult.score

@pytest.mark.parametrize("checks, expected", [
    ([check(True), check(True)], 3.0),
    ([check(False), check(False)], 0.0),
    ([check(True), check(False)], 1.5),
    ([check(True, weight=2), check(False)], 2.0),
    ([check(False, weight=2), check(True)], 1.0),
    ([check(True, weight=1), check(True, weight=1), check(False, weight=2)], 1.5),
    ([check(True), check(False), check(False)], 1.0),
    ([], 0.0),
])
def test_score_is_the_weighted_share_times_points(checks, expected):
    assert task(*checks).score == pytest.approx(expected, abs=1e-6)


def test_score_scales_with_max_score():
    assert task(check(True), check(False, weight=3), max_score=2.0).score == pytest.approx(0.5)


def test_score_with_zero_weights_is_zero():
    assert task(check(True, weight=0), max_score=2.0).score == 0.0


# ---------------------------------------------------------------------------- status

@pytest.mark.parametrize("checks, status", [
    ([check(True)], "passed"),
    ([check(True), check(True)], "passed"),
    ([check(True), check(False)], "partial"),
    ([check(False), check(False)], "failed"),
    ([], "failed"),
    ([check(False, error=True)], "error"),
    ([check(False, error=True), check(False)], "error"),
    ([check(True), check(False, error=True)], "partial"),
])
def test_status(checks, status):
    assert task(*checks).status == status
    assert status in STATUSES


# ---------------------------------------------------------------------------- failures / feedback / verdict

def test_failures_fold_repeats_and_keep_order():
    result = task(check(False, "import failed"), check(True, "ignored"), check(False, "b"),
                  check(False, "import failed"), check(False, ""), check(False, "a"))
    assert result.failures == ["import failed", "b", "a"]


def test_feedback_joins_failures():
    assert task(check(False, "one"), check(False, "two"), check(False, "one")).feedback == "one\ntwo"


def test_feedback_is_the_note_alone():
    result = task(check(False, "one"), check(False, "two"), note="not implemented yet: f")
    assert result.feedback == "not implemented yet: f"


def test_feedback_of_a_passed_task_is_empty():
    assert task(check(True), check(True)).feedback == ""


def test_verdict_passed():
    assert task(check(True), check(True), check(True)).verdict == "all 3 checks pass"
    assert task(check(True)).verdict == "correct"


def test_verdict_partial_counts_and_quotes_first_failure_line():
    result = task(check(True), check(False, "first problem\n■ · ·"), check(False, "second"), check(True))
    assert result.verdict == "2 of 4 checks pass; first problem"


def test_verdict_failed_is_the_first_failure_line():
    assert task(check(False, "wrong shape\n■ ■"), check(False, "other")).verdict == "wrong shape"


def test_verdict_failed_without_messages():
    assert task(check(False)).verdict == "failed"


def test_verdict_uses_the_note_first_line():
    assert task(check(False, "x"), note="not implemented yet\nmore").verdict == "not implemented yet"


# ---------------------------------------------------------------------------- Report

def make_report() -> Report:
    return Report(lesson="prefill", title="Prefill", submission="exercises/prefill", execution_time=1.23456, tasks=[
        task(check(True), check(True), max_score=2.0, task_id="prefill_flops"),
        task(check(True), check(False, "off by 2", weight=3), max_score=4.0, task_id="causal_mask"),
        task(check(False, "no", error=True), max_score=1.0, task_id="quiz"),
    ])


def test_report_totals():
    report = make_report()
    assert report.score == pytest.approx(3.0)
    assert report.max_score == pytest.approx(7.0)
    assert report.percent == pytest.approx(100 * 3 / 7)


def test_report_score_is_rounded():
    report = Report(lesson="x", title="", submission="", tasks=[
        task(check(True), check(False), max_score=0.1, task_id="a"),
        task(check(True), check(False), max_score=0.2, task_id="b")])
    assert report.score == 0.15  # not 0.15000000000000002


def test_report_percent_of_an_empty_report():
    assert Report(lesson="x", title="", submission="", tasks=[]).percent == 0.0


def test_report_score_does_not_accumulate_rounding():
    report = Report(lesson="x", title="", submission="", tasks=[
        task(check(True), check(False), check(False), max_score=1.0, task_id=str(i)) for i in range(3)])
    assert report.score == 1.0


def test_report_task_lookup():
    report = make_report()
    assert report.task("causal_mask") is report.tasks[1]
    with pytest.raises(KeyError):
        report.task("missing")


CONTRACT_TOP = {"lesson", "score", "max_score", "tasks"}
CONTRACT_TASK = {"id", "score", "max_score", "status", "feedback", "checks"}
CONTRACT_CHECK = {"name", "passed", "message"}


def test_to_dict_contract():
    # The contract (grader/formats/json.py) fixes these keys; other keys are documented as extras
    # that readers may ignore, so they are allowed but the contract keys must all be present.
    data = make_report().to_dict()
    assert set(data) >= CONTRACT_TOP
    assert data["lesson"] == "prefill"
    assert data["score"] == pytest.approx(3.0)
    assert data["max_score"] == pytest.approx(7.0)
    assert [t["id"] for t in data["tasks"]] == ["prefill_flops", "causal_mask", "quiz"]
    assert [t["status"] for t in data["tasks"]] == ["passed", "partial", "error"]
    for entry in data["tasks"]:
        assert set(entry) >= CONTRACT_TASK
        assert entry["status"] in {"passed", "partial", "failed", "error"}
        assert isinstance(entry["feedback"], str)
        for c in entry["checks"]:
            assert set(c) >= CONTRACT_CHECK
            assert isinstance(c["passed"], bool)
            assert isinstance(c["message"], str)


def test_to_dict_keeps_the_documented_extras():
    data = make_report().to_dict()
    assert data["title"] == "Prefill"
    assert data["submission"] == "exercises/prefill"
    assert data["execution_time"] == 1.235
    assert data["tasks"][0]["title"] == "T"
    assert data["tasks"][1]["checks"][1]["weight"] == 3


def test_to_dict_values_match_the_properties():
    report = make_report()
    data = report.to_dict()
    for entry, result in zip(data["tasks"], report.tasks, strict=False):
        assert entry["score"] == result.score
        assert entry["max_score"] == result.max_score
        assert entry["feedback"] == result.feedback
        assert [c["name"] for c in entry["checks"]] == [c.name for c in result.checks]
    assert data["tasks"][1]["feedback"] == "off by 2"
    assert data["tasks"][1]["score"] == pytest.approx(1.0)


# ---------------------------------------------------------------------------- audiences

def secret_report() -> Report:
    return Report(lesson="prefill", title="", submission="s", output="debug 7919\n", tasks=[
        task(CheckResult("open", False, "causal_mask(5) wrong", pictures=(("yours", ((True,),)),)),
             CheckResult("shut", False, "causal_pairs(7919) returned 1, expected 31364160",
                         safe_message="causal_pairs(P) must be P(P+1)/2", visibility="after_due_date",
                         pictures=(("yours", ((False,),)),)),
             CheckResult("bare", False, "x(7919)", visibility="hidden"),
             CheckResult("fine", True, visibility="hidden"), task_id="causal_mask")])


def test_students_read_the_property_of_secret_failures_only():
    view = secret_report().for_audience("student")
    open_, shut, bare, fine = view.tasks[0].checks
    assert open_.message == "causal_mask(5) wrong" and open_.pictures
    assert shut.message == "causal_pairs(P) must be P(P+1)/2" and shut.pictures == ()
    assert bare.message == "check 'bare' failed"  # no property recorded: say nothing of the inputs
    assert fine.passed and fine.message == ""
    assert "7919" not in view.tasks[0].feedback and view.output == ""


def test_instructors_read_everything_and_the_original_is_untouched():
    report = secret_report()
    view = report.for_audience("instructor")
    assert "31364160" in view.tasks[0].feedback and view.output == "debug 7919\n"
    assert report.for_audience("student") is not report
    assert "31364160" in report.tasks[0].checks[1].message  # for_audience copies, never edits


def test_audiences_change_no_score():
    report = secret_report()
    assert report.for_audience("student").score == report.for_audience("instructor").score == report.score


def test_an_unknown_audience_is_refused():
    with pytest.raises(ValueError, match="audience must be one of student, instructor"):
        secret_report().for_audience("public")


def test_check_points_share_the_task():
    result = task(check(True, weight=1), check(False, weight=3), max_score=2.0)
    assert result.check_points(result.checks[0]) == (0.5, 0.5)
    assert result.check_points(result.checks[1]) == (0.0, 1.5)


def test_check_shares_add_up_to_the_tasks_points_exactly():
    """Seven checks of 3 points, each rounded on its own, gave 2.999998: Gradescope adds them up."""
    result = task(*(check(i % 2 == 0) for i in range(7)), max_score=3.0)
    shares = [result.check_points(c)[1] for c in result.checks]
    assert round(sum(s * 1_000_000 for s in shares)) == 3_000_000 and max(shares) - min(shares) < 2e-6
    assert sum(result.check_points(c)[0] for c in result.checks) == pytest.approx(result.score, abs=1e-6)


def test_a_verdict_drops_the_colon_that_introduces_a_picture():
    assert task(check(False, "not the lower triangle:\n■ ·")).verdict == "not the lower triangle"


# ---------------------------------------------------------------------------- diagnoses

HALF = Diagnosis("flops.missing-factor-2", "Your result is exactly half of 2 · N · P.")
QUIZ = Diagnosis("quiz.independent", "No: attention is causal.", reveals=True)


def diagnosed(note: str = "") -> TaskResult:
    return TaskResult("prefill_flops", "", 2.0, [
        CheckResult("lesson_example", False, "prefill_flops(7e9, 1000) returned 7e+12", diagnosis=HALF),
        CheckResult("smallest", True),
        CheckResult("plain", False, "prefill_flops(1, 1) returned 'x'"),
        CheckResult("other_sizes", False, "prefill_flops(2e9, 5) returned 1e10", diagnosis=HALF,
                    visibility="hidden", safe_message="must be 2 · N · P")], note=note)


def test_a_diagnosis_is_data_in_the_json_shape():
    data = diagnosed().to_dict()
    assert data["checks"][0]["diagnosis"] == {"code": "flops.missing-factor-2", "hint": HALF.hint}
    assert data["checks"][1]["diagnosis"] is None
    assert data["diagnoses"] == [{"code": "flops.missing-factor-2", "hint": HALF.hint}]  # once per task


def test_the_feedback_says_the_hint_before_the_checks_and_only_once():
    lines = diagnosed().feedback.splitlines()
    assert lines == [HALF.hint, "prefill_flops(7e9, 1000) returned 7e+12", "prefill_flops(1, 1) returned 'x'",
                     "prefill_flops(2e9, 5) returned 1e10"]


def test_a_message_that_quotes_its_hint_is_not_preceded_by_it():
    task = TaskResult("quiz", "", 1.0, [CheckResult("answers.toml:quiz", False, f"you answered 'A': {QUIZ.hint}",
                                                    diagnosis=QUIZ)])
    assert task.feedback == f"you answered 'A': {QUIZ.hint}"


def test_an_unstarted_task_carries_no_diagnosis():
    task = diagnosed(note="not implemented yet")
    assert task.diagnoses == [] and all(c.diagnosis is None for c in task.checks)
    assert task.to_dict()["diagnoses"] == []


def test_a_safe_hint_reaches_students_even_on_a_secret_check():
    student = Report("prefill", "", "s", [diagnosed()]).for_audience("student")
    secret = student.tasks[0].checks[3]
    assert secret.message == "must be 2 · N · P" and secret.diagnosis == HALF


def test_a_hint_that_gives_the_answer_away_stays_hidden_on_a_secret_check():
    check = CheckResult("answers.toml:quiz", False, "you answered 'A'", diagnosis=QUIZ, visibility="after_published")
    assert check.for_audience("student").diagnosis is None
    assert check.for_audience("instructor").diagnosis == QUIZ
    assert replace(check, visibility="visible").for_audience("student").diagnosis == QUIZ


def test_the_verdict_names_the_misconception_of_the_first_failing_check():
    assert diagnosed().verdict == f"1 of 4 checks pass; {HALF.hint}"
    task = diagnosed()
    task.checks[0].diagnosis = None
    assert task.verdict == "1 of 4 checks pass; prefill_flops(7e9, 1000) returned 7e+12"


def test_for_audience_says_who_the_copy_is_for():
    report = Report("prefill", "", "s", [diagnosed()])
    assert (report.audience, report.for_audience("student").audience) == ("", "student")
    assert report.for_audience("instructor").audience == "instructor"


def test_the_modules_stood_in_for_are_a_field_of_their_own_each_passed_through_the_boundary():
    """Module names come from the worker (the submission's data): each is shown, on one line, capped."""
    report = Report(lesson="prefill", title="", submission="s", tasks=[], stand_ins=("matplotlib", "a\x1b[2Jb\nc"))
    assert report.stand_ins == ("matplotlib", "a\\x1b[2Jb\\nc")
    assert report.to_dict()["stand_ins"] == ["matplotlib", "a\\x1b[2Jb\\nc"]
    assert replace(report, stand_ins=("x" * 500,)).stand_ins[0].startswith("x" * 50)
    assert len(replace(report, stand_ins=("x" * 500,)).stand_ins[0]) < 200
    assert report.for_audience("student").stand_ins == report.stand_ins


def test_a_students_copy_says_only_that_the_grade_was_limited_never_the_machines_details():
    """Issue 24: students read `ran in: limited (bubblewrap is not installed; worker stays root:
    /root/.pyenv/…)` at the top of their Gradescope output. The description and the fallback's reason
    are the instructor's; the flag `limited` is every copy's."""
    report = Report("prefill", "", "s", [], sandbox="limited (bubblewrap is not installed; worker stays root: "
                    "/root/.pyenv/versions/3.11.7 is not readable by nobody)", limited=True,
                    sandbox_fallback="graded in limited mode: the grader's canary failed in bubblewrap mode: "
                                     "bwrap: Can't mount proc on /newroot/proc")
    student = report.for_audience("student")
    assert student.limited and student.sandbox == "" and student.sandbox_fallback == ""
    assert "/root" not in str(student.to_dict()) and student.to_dict()["limited"] is True
    instructor = report.for_audience("instructor")
    assert (instructor.sandbox, instructor.sandbox_fallback, instructor.limited) == \
        (report.sandbox, report.sandbox_fallback, True)
    assert not Report("prefill", "", "s", [], sandbox="bubblewrap").limited


def test_a_students_numbers_and_right_answers_are_kept_from_what_students_may_not_read():
    from grader.result import VariantNumbers

    secret = CheckResult("answers.toml:flops", False, "wrong (the right answer for your numbers: 2.6e13)",
                         safe_message="wrong", visibility="hidden", expected="2.6e13 FLOPs")
    visible = replace(secret, visibility="visible")
    report = Report("prefill", "Prefill", "sub", [TaskResult("hand_flops", "FLOPs", 1.0, [secret]),
                                                  TaskResult("hand_pairs", "pairs", 1.0, [visible])],
                    variant=VariantNumbers("ann", (("N", 13e9, "a 1.3·10¹⁰-parameter model"),),
                                           (("hand_flops", 2.6e13),)))
    student = report.for_audience("student")
    assert student.tasks[0].checks[0].expected == "" and "2.6e13" not in student.tasks[0].checks[0].message
    assert student.tasks[1].checks[0].expected == "2.6e13 FLOPs"  # visible: what it should have been
    assert student.variant.answers == () and student.variant.parameters == report.variant.parameters
    assert report.for_audience("instructor").variant.answers == (("hand_flops", 2.6e13),)
    assert report.to_dict()["variant"] == {"student": "ann", "parameters": {"N": 13e9},
                                           "says": ["a 1.3·10¹⁰-parameter model"], "answers": {"hand_flops": 2.6e13}}
    assert "variant" not in replace(report, variant=None).to_dict()
