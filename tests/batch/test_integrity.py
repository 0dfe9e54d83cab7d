"""grader.batch.integrity: answers right for another student's numbers, and each choice's difficulty.

Reports are built by hand (what the gradebook keeps: the variant each was graded with, the answers as
written, the task scores); tests/batch/test_coordinator.py finds the same in a real class.
"""

from __future__ import annotations

from grader.batch import integrity
from grader.batch.integrity import ChoiceDifficulty, Match

TASKS = ["hand_flops", "hand_seconds", "hand_pairs"]
EXAMPLE = {"hand_flops": 1.4e13, "hand_seconds": 0.28, "hand_pairs": 10}


class Judge:
    """Right when the number is the expected one: the comparison itself is the answers' own tests' matter."""

    def right(self, task, given, expected):
        return float(given) == float(expected)

    def example(self, task):
        return EXAMPLE[task]


def variant(n: int) -> dict:
    """Student n's numbers: every answer differs from every other student's, and from the lesson's."""
    return {"hand_flops": 2e13 + n * 1e12, "hand_seconds": 0.3 + n / 100, "hand_pairs": 15 + n}


def report(numbers: dict, given: dict, parameters: dict | None = None) -> dict:
    tasks = [{"id": t, "score": 1.0 if t in given and str(given[t]) == str(numbers[t]) else 0.0, "max_score": 1.0}
             for t in TASKS]
    return {"tasks": [*tasks, {"id": "prefill_flops", "score": 2.0, "max_score": 2.0}],
            "variant": {"student": "x", "parameters": parameters or {}, "answers": numbers},
            "answers_given": {t: str(v) for t, v in given.items()}}


def class_of(**given_by: dict) -> list[tuple[str, dict]]:
    students = sorted(given_by)
    numbers = {s: variant(i) for i, s in enumerate(students)}
    return [(s, report(numbers[s], given_by[s])) for s in students]


def test_three_students_who_hand_in_a_fourths_answers_are_each_named_with_the_fourth():
    dave = variant(3)  # the alphabetical order of class_of: alice 0, bob 1, carol 2, dave 3, eve 4
    reports = class_of(alice=dave, bob=dave, carol=dave, dave=dave, eve=variant(4))
    found = integrity.matches(integrity.graded_variants(reports), Judge(), TASKS)
    assert found == [Match(student, ("dave",), tuple(TASKS), 3) for student in ("alice", "bob", "carol")]
    assert integrity.sources(found) == [(("dave",), ["alice", "bob", "carol"])]
    said = "\n".join(integrity.lines(found, []))
    assert "alice: hand_flops, hand_seconds, hand_pairs right for the numbers of dave (3 of 3 wrong answers)" in said
    assert "dave's numbers are in the answers of 3 students: alice, bob, carol" in said
    assert "never penalised" in said


def test_one_coincidence_is_no_flag_and_a_pair_holds_every_answer_as_a_copied_file_does():
    numbers = [variant(i) for i in range(4)]
    one = {**numbers[0], "hand_pairs": numbers[1]["hand_pairs"]}  # alice: one slip that lands on bob's pairs
    two = {"hand_flops": numbers[1]["hand_flops"], "hand_pairs": numbers[1]["hand_pairs"]}  # carol: bob's, no seconds
    mixed = {**two, "hand_seconds": numbers[3]["hand_seconds"]}  # dan: bob's two, but his own seconds: no copy
    reports = class_of(alice=one, bob=numbers[1], carol=two, dan=mixed)
    found = integrity.matches(integrity.graded_variants(reports), Judge(), TASKS)
    assert found == [Match("carol", ("bob",), ("hand_flops", "hand_pairs"), 2)]


def test_an_answer_that_is_a_known_mistake_of_ones_own_numbers_is_no_evidence():
    """Half of one's own FLOPs (the factor 2 forgotten) may be a classmate's right answer: the grade named the
    mistake (a diagnosis), so it says nothing of copying."""
    numbers = [variant(i) for i in range(2)]
    reports = class_of(alice=numbers[1], bob=numbers[1])
    reports[0][1]["tasks"][0]["diagnoses"] = [{"code": "hand-flops.missing-factor-2", "hint": "2 · N · P"}]
    found = integrity.matches(integrity.graded_variants(reports), Judge(), TASKS)
    assert found == [Match("alice", ("bob",), ("hand_seconds", "hand_pairs"), 3)]
    reports[0][1]["tasks"][1]["checks"] = [{"passed": False, "diagnosis": {"code": "x", "hint": "y"}}]
    assert integrity.matches(integrity.graded_variants(reports), Judge(), TASKS) == []  # one left: not enough


def test_the_lessons_worked_example_is_never_a_classmates_numbers():
    """bob was given the lesson's own numbers; alice answered with the worked example: the grade tells her,
    and no pair is made of it."""
    reports = [("alice", report(variant(0), EXAMPLE)), ("bob", report(dict(EXAMPLE), EXAMPLE))]
    assert integrity.matches(integrity.graded_variants(reports), Judge(), TASKS) == []


def test_answers_that_cannot_be_read_or_are_missing_match_no_one():
    class Refusing(Judge):
        def right(self, task, given, expected):
            raise ValueError("not a number")

    reports = class_of(alice={"hand_flops": "??"}, bob=variant(1), carol={})
    assert integrity.matches(integrity.graded_variants(reports), Refusing(), TASKS) == []
    assert integrity.matches(integrity.graded_variants(reports), Judge(), TASKS) == []


def test_a_report_without_a_variant_takes_no_part():
    """Graded with the lesson's own numbers (no id, or before variants): nothing to compare."""
    plain = {"tasks": [{"id": "hand_flops", "score": 0, "max_score": 1}], "answers_given": {"hand_flops": "2e13"}}
    assert integrity.graded_variants([("old", plain), ("x", {"variant": None})]) == []


def test_only_questions_whose_answer_varies_are_compared():
    reports = [(s, report({"hand_flops": 2e13, "hand_seconds": 0.3 + i, "hand_pairs": 15}, {})) for i, s in
               enumerate("ab")]
    assert integrity.varying(integrity.graded_variants(reports), TASKS) == ["hand_seconds"]


def test_each_choice_of_a_parameter_has_its_share_of_full_marks_and_a_hard_one_is_marked():
    reports = []
    for i in range(12):
        utilization = (0.35, 0.5, 0.7)[i % 3]
        numbers = {"hand_flops": 2e13, "hand_seconds": 0.3 + i / 100, "hand_pairs": 15}
        right = utilization != 0.35 or i == 0  # 1 of the 4 given 0.35 has it right
        reports.append((f"s{i:02d}", report(numbers, {"hand_seconds": numbers["hand_seconds"] if right else 9},
                                            {"N": 7e9, "utilization": utilization})))
    found = integrity.difficulty(integrity.graded_variants(reports), TASKS)
    assert [(d.parameter, d.value, d.students, d.full, d.harder) for d in found] == [
        ("N", "7e+09", 12, 9, False), ("utilization", "0.35", 4, 1, True), ("utilization", "0.5", 4, 4, False),
        ("utilization", "0.7", 4, 4, False)]
    assert {d.task for d in found} == {"hand_seconds"} and found[1].overall == 0.75
    said = "\n".join(integrity.lines([], found))
    assert "hand_seconds with utilization = 0.35: 25% (1 of 4), against 75% over the class" in said


def test_a_parameter_of_many_values_is_shown_in_quarters_of_its_range():
    reports = [(f"s{i:02d}", report({"hand_flops": 2e13 + i, "hand_seconds": 0.3, "hand_pairs": 15}, {},
                                    {"P": 100 * (i + 1)})) for i in range(20)]
    found = integrity.difficulty(integrity.graded_variants(reports), TASKS)
    assert [(d.value, d.students) for d in found] == [("100–600", 5), ("600–1100", 5), ("1100–1600", 5),
                                                      ("1600–2000", 5)]
    assert all(isinstance(d, ChoiceDifficulty) and not d.harder for d in found)
