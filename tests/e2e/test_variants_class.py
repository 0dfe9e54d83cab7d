"""Issue 22's "done when", through ``grader batch`` as an instructor runs it: a class of 200 students.

tests/lesson/test_variants.py counts the distinct answer triples of 200 ids through the variant function
alone, and tests/grading/test_variants.py grades two students' own answers one ``grade`` at a time. Here
the whole path is taken: 200 entries named after their students, graded by the command line into a
gradebook, whose rows keep each student's variant (the numbers their grade was graded with). Each entry
holds only its answers file (no module: the code tasks score nothing and cost little), so the class
grades in seconds.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from grader.cli import main
from grader.grading.answers import matches
from grader.grading.variants import variants_for
from grader.lesson.course import Course

from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
NUMBERS = ("hand_flops", "hand_seconds", "hand_pairs")
KEYS = {"hand_flops": "flops", "hand_seconds": "seconds", "hand_pairs": "pairs", "quiz": "quiz"}
STUDENTS = [f"s{i:03d}" for i in range(200)]


def _class(folder: Path, answers_of: dict[str, dict]) -> Path:
    """A class folder: one folder per student, holding only the answers file ``answers_of`` gives them."""
    folder.mkdir()
    for student, answers in answers_of.items():
        (folder / student).mkdir()
        (folder / student / "answers.toml").write_text(
            "".join(f'{KEYS[task]} = "{value!r}"\n' if task != "quiz" else f'quiz = "{value}"\n'
                    for task, value in answers.items()), encoding="utf-8")
    return folder


def _batch(tmp_path: Path, name: str, answers_of: dict[str, dict]) -> dict[str, tuple[dict, dict]]:
    """Grade the class with ``grader batch``; student -> (their tasks' scores, the variant the gradebook kept)."""
    book = tmp_path / f"{name}.sqlite"
    folder = _class(tmp_path / name, answers_of)
    assert main(["--course", str(ROOT), "batch", str(folder), "--lesson", "prefill", "--jobs", "2",
                 "--gradebook", str(book)]) == 0
    with sqlite3.connect(book) as db:
        rows = db.execute("SELECT student, status, identity, report, variant FROM submissions").fetchall()
    assert sorted(r[0] for r in rows) == STUDENTS and {r[1] for r in rows} == {"graded"}
    assert all(r[0] == r[2] for r in rows)  # graded with the numbers of the id its entry is named after
    return {student: ({t["id"]: (t["score"], t["max_score"]) for t in json.loads(report)["tasks"]},
                      json.loads(variant)) for student, _, _, report, variant in rows}


def test_a_batch_of_200_students_gets_150_distinct_answer_triples_and_each_own_answers_earn_full_marks(
        tmp_path, capsys):
    variants = variants_for(COURSE, LESSON, STUDENTS)
    graded = _batch(tmp_path, "own", {s: variants[s].answers for s in STUDENTS})
    capsys.readouterr()
    for student, (scores, kept) in graded.items():
        assert kept["answers"] == variants[student].answers, student  # the gradebook keeps whose numbers
        assert all(scores[t][0] == scores[t][1] for t in (*NUMBERS, "quiz")), (student, scores)
    triples = {tuple(kept["answers"][t] for t in NUMBERS) for _, kept in graded.values()}
    assert len(triples) >= 150, len(triples)


def test_in_a_batch_each_students_right_answers_lose_their_marks_on_a_classmates_numbers(tmp_path, capsys):
    """Student i hands in student i+1's right answers: each loses exactly the questions on which the two
    variants' answers differ by the question's declared comparison, and nothing else."""
    variants = variants_for(COURSE, LESSON, STUDENTS)
    neighbour = {s: STUDENTS[(i + 1) % len(STUDENTS)] for i, s in enumerate(STUDENTS)}
    graded = _batch(tmp_path, "swapped", {s: variants[neighbour[s]].answers for s in STUDENTS})
    capsys.readouterr()
    lost_any = 0
    for student, (scores, kept) in graded.items():
        assert kept["answers"] == variants[student].answers, student  # their own numbers, not the file's
        theirs, mine = variants[neighbour[student]].answers, variants[student].answers
        differing = {t for t in NUMBERS if not matches(LESSON.task(t).answer, theirs[t], mine[t])}
        lost = {t for t in (*NUMBERS, "quiz") if scores[t][0] < scores[t][1]}
        assert lost == differing, student
        lost_any += bool(lost)
    assert lost_any >= 150  # the swap is no test if the neighbours' numbers were mostly the same
