"""The latency lesson (a second exercise set from the E1.2 chapter reference) is a lesson like any other.

Its files say what the chapter reference says, its suite separates right from wrong (every
mutant caught), and every feature works for it unchanged: the report formats, the notebook,
the release and the batch. Nothing here is skipped except the comparison with the lesson text
when that text is not on this machine (and then pytest says so).
"""

from __future__ import annotations

import ast
import csv
import io
import json
import re
import shutil
import tempfile
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import nbformat
import pytest

from grader.authoring.facts import check_facts
from grader.authoring.mutants import load_mutants, materialize
from grader.authoring.notebook import reference_notebook, without_solution_markers
from grader.authoring.public import public_suite
from grader.authoring.release import release
from grader.authoring.validate import validate
from grader.cli import main
from grader.grading.engine import grade
from grader.lesson.catalogue import ENGINE_PREFIX
from grader.lesson.course import Course

from class_folder import own_answers
from mutated import mutant_module
from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("latency")
SOLUTION, EXERCISE, SUITE = ROOT / "solutions" / "latency", ROOT / "exercises" / "latency", ROOT / "suites" / "latency"
LESSON_TEXT = ROOT.parent / "shared" / "lesson" / "e1.2-lesson2-prefill.txt"
FUNCTIONS = ["request_seconds", "steady_decode_rate", "request_output_rate", "arithmetic_intensity"]
ANSWER_TASKS = ["hand_elapsed", "hand_decode_rate", "hand_output_rate", "quiz"]
SOLUTION_ANSWERS = without_solution_markers((SOLUTION / "answers.toml").read_text(encoding="utf-8"))


def lost(report) -> set[str]:
    return {t.id for t in report.tasks if t.score < t.max_score}


def codes(report) -> dict[str, set[str]]:
    """The diagnoses (misconception codes of diagnoses.toml) of each task that has any."""
    return {t.id: {d.code for d in t.diagnoses} for t in report.tasks if t.diagnoses}


def wrong_submission(folder: Path, mutant: str = "n_out_gaps", answers: str = "swapped_rates") -> Path:
    """A folder with a mutant's module and a mutant's answers: the kind of submission students hand in."""
    mutants = {m.name: m for m in load_mutants(LESSON)}
    with tempfile.TemporaryDirectory() as tmp:
        module = materialize(mutants[mutant], LESSON, SOLUTION, Path(tmp) / "module")
        answered = materialize(mutants[answers], LESSON, SOLUTION, Path(tmp) / "answers")
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(module / "latency.py", folder / "latency.py")
        shutil.copyfile(answered / "answers.toml", folder / "answers.toml")
    return folder


# ---------------------------------------------------------------------------- the files


def test_the_stub_is_a_plain_pass_skeleton_of_the_four_functions():
    text = (EXERCISE / "latency.py").read_text(encoding="utf-8")
    assert text == "".join(f"def {signature}:\n    pass\n" + ("\n" if i < 3 else "") for i, signature in enumerate(
        ["request_seconds(ttft, itl, n_out)", "steady_decode_rate(itl)", "request_output_rate(n_out, elapsed)",
         "arithmetic_intensity(bytes_per_param)"]))
    assert "numpy" not in text  # the solution does not use it, so the stub does not import it
    assert "numpy" not in (SOLUTION / "latency.py").read_text(encoding="utf-8")


def test_the_answers_template_has_every_key_empty_and_asks_each_question():
    text = (EXERCISE / "answers.toml").read_text(encoding="utf-8")
    assert tomllib.loads(text) == {"elapsed": "", "decode_rate": "", "output_rate": "", "quiz": ""}
    for question in ("How many seconds until all five outputs are done?", "steady decode rate",
                     "total request output rate", "What should you do before calling X faster?"):
        assert question in text
    for letter, label in LESSON.task("quiz").answer.choices.items():
        assert f"#   {letter}) {label}\n" in text  # a student who copies the whole line is understood


def test_the_manifest_keeps_the_worked_examples_numbers():
    expected = {t.id: t.answer.expected for t in LESSON.tasks if t.answer}
    assert expected == {"hand_elapsed": 0.40, "hand_decode_rate": 20, "hand_output_rate": 12.5, "quiz": "B"}
    assert [t.id for t in LESSON.code_tasks] == FUNCTIONS
    assert sum(t.points for t in LESSON.tasks) == 13
    facts = {(f.function, tuple(f.args)): f.expected for f in LESSON.facts if f.function}
    assert facts == {("request_seconds", (0.20, 0.05, 5)): 0.40, ("steady_decode_rate", (0.05,)): 20,
                     ("request_output_rate", (5, 0.40)): 12.5, ("arithmetic_intensity", (2,)): 1}
    assert {f.answer: f.expected for f in LESSON.facts if f.answer} == {"elapsed": 0.40, "decode_rate": 20,
                                                                        "output_rate": 12.5}


@pytest.mark.skipif(not LESSON_TEXT.exists(), reason=f"the lesson text is not at {LESSON_TEXT}")
def test_the_facts_are_the_chapter_references_own_numbers():
    text = LESSON_TEXT.read_text(encoding="utf-8")
    reference = text[text.index("Chapter reference"):]
    for said in ("T_{request}\\approx TTFT+(n_{out}-1)\\,ITL", "0.20+4×0.05=0.40 seconds", "1/0.05=20 tokens/second",
                 "5/0.40=12.5 tokens/second", "arithmetic intensity≈2/b FLOPs per byte", "assert 2/2 == 1",
                 "An average latency hides tail behavior",
                 "Compare metric definitions before comparing serving engines"):
        assert said in reference, said


def test_the_solution_reproduces_every_fact_and_a_changed_one_is_rejected(tmp_path):
    assert check_facts(LESSON, SOLUTION) == []
    mine = tmp_path / "latency"
    shutil.copytree(SOLUTION, mine)
    path = mine / "latency.py"
    path.write_text(path.read_text(encoding="utf-8").replace("return ttft + (n_out - 1) * itl",
                                                             "return ttft + n_out * itl"), encoding="utf-8")
    problems = check_facts(LESSON, mine)
    assert len(problems) == 1 and "request_seconds(0.2, 0.05, 5) gives 0.45" in problems[0], problems
    assert "0.20 + 4 × 0.05 = 0.40 seconds" in problems[0]


def test_the_checks_name_their_tasks_and_the_visible_ones_are_the_worked_example():
    visible = sorted(f"{t.id}::{name}" for t, names in
                     ((LESSON.task(task), names) for task, names in public_suite(LESSON).public.items())
                     for name in names)
    assert visible == ["arithmetic_intensity::lesson_example", "request_output_rate::lesson_example",
                       "request_seconds::lesson_example", "request_seconds::one_token",
                       "steady_decode_rate::lesson_example"]
    for path in SUITE.glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        assert f'pytestmark = pytest.mark.task("{path.stem.removeprefix("test_")}")' in text, path.name


# ---------------------------------------------------------------------------- grading


def test_the_stubs_score_zero_and_say_not_implemented_yet():
    report = grade(EXERCISE, lesson="latency", course=COURSE)
    assert report.score == 0 and report.max_score == 13
    for task in report.tasks:
        said = task.feedback
        assert ("not implemented yet" if task.id in FUNCTIONS else "not answered yet") in said, (task.id, said)


def test_the_reference_scores_full_marks():
    report = grade(SOLUTION, course=COURSE)  # the folder's name says which lesson it is
    assert report.lesson == "latency"
    assert report.score == report.max_score == 13, [(t.id, t.feedback) for t in report.tasks]
    assert codes(report) == {}


def test_a_wrong_submission_gets_the_typical_mistakes_hints(tmp_path):
    report = grade(wrong_submission(tmp_path / "wrong"), lesson="latency", course=COURSE)
    assert lost(report) == {"request_seconds", "hand_decode_rate", "hand_output_rate"}
    student = report.for_audience("student")
    assert "n_out − 1 gaps" in student.task("request_seconds").feedback
    assert "total request output rate" in student.task("hand_decode_rate").feedback
    assert "steady decode rate" in student.task("hand_output_rate").feedback
    assert codes(report) == {"request_seconds": {"latency.n-out-gaps"}, "hand_decode_rate": {"hand.rates-confused"},
                             "hand_output_rate": {"hand.rates-confused"}}


def test_forgetting_ttft_is_named_in_code_and_by_hand(tmp_path):
    report = grade(wrong_submission(tmp_path / "wrong", "forgot_ttft", "elapsed_without_ttft"), lesson="latency",
                   course=COURSE)
    assert lost(report) == {"request_seconds", "hand_elapsed"}
    student = report.for_audience("student")
    assert "forgets TTFT" in student.task("request_seconds").feedback
    assert "leaves out TTFT" in student.task("hand_elapsed").feedback
    assert codes(report) == {"request_seconds": {"latency.forgot-ttft"}, "hand_elapsed": {"hand.forgot-ttft"}}


def test_hidden_checks_tell_students_the_property_only():
    report = grade(mutant_module(LESSON, "intensity_inverted", SOLUTION), lesson="latency", course=COURSE)
    assert lost(report) == {"arithmetic_intensity"} | set(ANSWER_TASKS)  # a lone .py hands in no answers
    student = report.for_audience("student").task("arithmetic_intensity").feedback
    instructor = report.for_audience("instructor").task("arithmetic_intensity").feedback
    assert "upside down" in student and "2 / b" in student
    assert "arithmetic_intensity(" not in student  # no hidden call, so no hidden input
    assert "arithmetic_intensity(1)" in instructor or "arithmetic_intensity(0.5)" in instructor


def test_a_vague_error_message_costs_the_message_check_only():
    report = grade(mutant_module(LESSON, "vague_error_message", SOLUTION), lesson="latency", course=COURSE)
    checks = {c.name: c.passed for c in report.task("request_seconds").checks}
    assert [name for name, passed in checks.items() if not passed] == ["error_names_the_argument"], checks
    assert "say which argument is wrong" in report.for_audience("student").task("request_seconds").feedback


@pytest.mark.parametrize("answer, hint", [("0.45 s", "n_out − 1"), ("0.2", "TTFT"), ("400", "milliseconds"),
                                          ("0.4 minutes", "not a unit of this question"), ("400 ms", None),
                                          ("≈ 0.4 s", None), ("0.40 seconds", None), ("4e-1", None), ("0.4", None)])
def test_the_time_by_hand_is_read_as_typed(tmp_path, answer, hint):
    folder = tmp_path / "latency"
    folder.mkdir()
    (folder / "answers.toml").write_text(SOLUTION_ANSWERS.replace('elapsed = "0.40 s"', f'elapsed = "{answer}"'),
                                         encoding="utf-8")
    task = grade(folder, lesson="latency", course=COURSE).task("hand_elapsed")
    assert (task.score == 1) == (hint is None), task.feedback
    assert hint is None or hint in task.feedback


@pytest.mark.parametrize("answer", ["B", "b", "(B)", "B) Check that both numbers have the same definition, and "
                                    + "look past the average at the tail latencies"])
def test_the_quiz_accepts_the_letter_or_the_whole_line(tmp_path, answer):
    folder = tmp_path / "latency"
    folder.mkdir()
    (folder / "answers.toml").write_text(SOLUTION_ANSWERS.replace('quiz = "B"', f'quiz = "{answer}"'),
                                         encoding="utf-8")
    assert grade(folder, lesson="latency", course=COURSE).task("quiz").score == 1


def test_every_format_reports_a_wrong_submission(tmp_path, capsys):
    wrong = wrong_submission(tmp_path / "wrong")
    formats = ["text", "json", "gradescope", "junit", "markdown", "github", "html"]
    args = ["--course", str(ROOT), "grade", str(wrong), "--lesson", "latency"]
    for name in formats:
        args += ["--format", f"{name}:{tmp_path / f'report.{name}'}"]
    assert main(args) == 0
    capsys.readouterr()
    out = {name: (tmp_path / f"report.{name}").read_text(encoding="utf-8") for name in formats}
    data = json.loads(out["json"])
    assert data["lesson"] == "latency" and data["max_score"] == 13 and 0 < data["score"] < 13
    assert [t["id"] for t in data["tasks"]] == [t.id for t in LESSON.tasks]
    assert {t["id"] for t in data["tasks"] if t["score"] < t["max_score"]} == \
        {"request_seconds", "hand_decode_rate", "hand_output_rate"}
    gradescope = json.loads(out["gradescope"])
    assert {t["visibility"] for t in gradescope["tests"]} >= {"visible", "hidden", "after_due_date"}
    suites = ET.fromstring(out["junit"])
    assert {s.get("name") for s in suites.iter("testsuite")} >= set(FUNCTIONS)
    assert "request_seconds" in out["markdown"] and "n_out − 1 gaps" in out["markdown"]
    assert re.search(r"::(warning|error) file=.*latency\.py,line=\d+", out["github"]), out["github"]
    assert re.search(r"::error file=.*answers\.toml,line=\d+", out["github"]), out["github"]
    assert out["html"].lstrip().lower().startswith("<!doctype html") and "request_seconds" in out["html"]
    assert "Total: 9/13" in out["text"]


def test_the_cli_grades_the_stubs_to_zero_with_feedback(capsys):
    assert main(["--course", str(ROOT), "grade", str(EXERCISE), "--lesson", "latency"]) == 0
    out = capsys.readouterr().out
    assert "Total: 0/13" in out and out.count("not implemented yet") >= 4 and "not answered yet" in out


# ---------------------------------------------------------------------------- validation


@pytest.fixture(scope="module")
def validation() -> tuple[bool, str]:
    out = io.StringIO()
    return validate(COURSE, lesson="latency", stream=out), out.getvalue()


def test_the_suite_validates_with_every_mutant_caught(validation):
    ok, table = validation
    mutants = load_mutants(LESSON)
    assert ok, table
    assert f"mutation score: {len(mutants)}/{len(mutants)} mutants caught as declared" in table
    assert "WRONG" not in table and "all 7 as the lesson states" in table
    assert "diagnoses: 14 in diagnoses.toml" in table and "each proved by a mutant or a model" in table
    assert "models: 15 in models.py for 11 diagnoses, 15 proved both ways" in table
    proved = re.search(r"^50 students' numbers +reference full, stubs zero +so on each \((\d+) distinct\) +ok$", table,
                       re.M)  # issue 22: every mutant caught as declared on each of 50 students' numbers too
    assert proved and int(proved.group(1)) >= 35, table


# The unit and arithmetic mistakes issue 21's fifth held-out round showed as symptoms only: proved by models.py
MODELLED = {"latency.milliseconds": {"request_seconds"}, "latency.precedence": {"request_seconds"},
            "latency.per-output": {"request_seconds"}, "rate.per-minute": {"steady_decode_rate"},
            "rate.milliseconds": {"request_output_rate"}, "rate.whole-division": {"request_output_rate"},
            "intensity.missing-factor-2": {"arithmetic_intensity"}, "intensity.bits": {"arithmetic_intensity"}}


def test_the_three_typical_mistakes_are_diagnosed_in_code_and_by_hand():
    """n_out gaps instead of n_out − 1, forgetting TTFT, and the steady decode rate taken for the
    request output rate (or back): one catalogue entry each for the code and for Part 1."""
    catalogue = {entry.code: set(entry.tasks) for entry in LESSON.diagnoses}
    assert catalogue == {
        "latency.n-out-gaps": {"request_seconds"}, "latency.forgot-ttft": {"request_seconds"},
        "latency.rates-confused": {"request_output_rate"}, "hand.n-out-gaps": {"hand_elapsed"},
        "hand.forgot-ttft": {"hand_elapsed", "hand_output_rate"},
        "hand.rates-confused": {"hand_decode_rate", "hand_output_rate"}, **MODELLED}
    declared = {m.name: set(m.diagnoses) for m in load_mutants(LESSON) if m.diagnoses}
    lessons_own = {code for code in set().union(*declared.values()) if not code.startswith(ENGINE_PREFIX)}
    # besides the engine's codes (import.*), which every lesson proves; the modelled ones by their models
    assert lessons_own | set(MODELLED) == set(catalogue)
    hints = {t.answer.key: {h.value: h.diagnosis.code for h in t.answer.hints if h.diagnosis}
             for t in LESSON.tasks if t.answer and t.answer.kind == "number"}
    assert hints == {"elapsed": {0.45: "hand.n-out-gaps", 0.20: "hand.forgot-ttft"},
                     "decode_rate": {12.5: "hand.rates-confused", 10: "hand.rates-confused"},
                     "output_rate": {20: "hand.rates-confused", 10: "hand.rates-confused", 25: "hand.forgot-ttft"}}


def test_the_stubs_get_no_diagnosis_and_the_ambiguous_worked_example_none_either():
    assert codes(grade(EXERCISE, lesson="latency", course=COURSE)) == {}
    # TTFT alone and the four gaps alone are both 0.20 s in the worked example: no diagnosis from that check
    report = grade(mutant_module(LESSON, "forgot_ttft", SOLUTION), lesson="latency", course=COURSE)
    example = next(c for c in report.task("request_seconds").checks if c.name == "lesson_example")
    assert not example.passed and example.diagnosis is None
    assert codes(report) == {"request_seconds": {"latency.forgot-ttft"}}


def test_every_task_has_at_least_two_mutants_and_every_mistake_the_issue_names_has_one():
    mutants = load_mutants(LESSON)
    assert len({m.name for m in mutants}) == len(mutants)  # a folder and a file never share a name
    for task in LESSON.tasks:
        assert sum(task.id in m.fails for m in mutants) >= 2, task.id
    hints = {m.name: m.hint for m in mutants}
    assert hints["n_out_gaps"] == hints["elapsed_n_out_gaps"] == "n_out − 1"
    assert "TTFT" in hints["forgot_ttft"] and "TTFT" in hints["elapsed_without_ttft"]
    assert "steady decode rate" in hints["output_rate_counts_gaps"]
    assert "total request output rate" in hints["decode_rate_is_output_rate"]
    assert "steady decode rate" in hints["output_rate_is_decode_rate"]


# ---------------------------------------------------------------------------- the notebook


@pytest.mark.kernel
def test_the_generated_notebook_grades_to_zero_and_the_reference_notebook_to_full_marks(tmp_path):
    stub = grade(EXERCISE / "latency.ipynb", course=COURSE)  # the file's name says which lesson it is
    assert stub.lesson == "latency" and stub.score == 0
    assert "not implemented yet" in stub.task("request_seconds").feedback
    solved = tmp_path / "latency.ipynb"
    solved.write_text(reference_notebook(LESSON, SOLUTION), encoding="utf-8")
    report = grade(solved, lesson="latency", course=COURSE)
    assert report.score == report.max_score == 13, [(t.id, t.feedback) for t in report.tasks]


@pytest.mark.kernel
def test_a_notebook_with_a_mistake_loses_that_task_only(tmp_path):
    notebook = nbformat.reads(reference_notebook(LESSON, SOLUTION), as_version=4)
    cells = [c for c in notebook.cells if c.source.startswith("def request_output_rate(")]
    assert len(cells) == 1
    cells[0].source = cells[0].source.replace("return n_out / elapsed", "return (n_out - 1) / elapsed")
    path = tmp_path / "latency.ipynb"
    nbformat.write(notebook, path)
    report = grade(path, lesson="latency", course=COURSE)
    assert lost(report) == {"request_output_rate"}
    assert "steady decode rate" in report.for_audience("student").task("request_output_rate").feedback


def test_the_notebook_holds_every_function_and_answer_as_its_own_cell():
    notebook = nbformat.read(EXERCISE / "latency.ipynb", as_version=4)
    code = [c.source for c in notebook.cells if c.cell_type == "code"]
    for name in FUNCTIONS:
        assert sum(s.startswith(f"def {name}(") for s in code) == 1, name
    answers = "\n".join(s for s in code if s.startswith("# ANSWERS"))
    for key in ("elapsed", "decode_rate", "output_rate", "quiz"):
        assert f'\n{key} = ""' in answers, key


# ---------------------------------------------------------------------------- release and batch


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    release(COURSE, out, lesson="latency")
    return out


def test_the_release_ships_the_public_checks_and_no_solution_or_hidden_literal(dist):
    student = dist / "student"
    for name in ("latency.py", "answers.toml", "latency.ipynb"):
        assert (student / "exercises" / "latency" / name).read_bytes() == (EXERCISE / name).read_bytes()
    assert not (student / "solutions").exists() and not (student / "suites" / "latency" / "mutants").exists()
    shipped = {p.name: p.read_text(encoding="utf-8") for p in (student / "suites" / "latency").glob("test_*.py")}
    assert sorted(shipped) == sorted(p.name for p in SUITE.glob("test_*.py"))
    tests = {n.name for text in shipped.values() for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)
             and n.name.startswith("test_")}
    assert tests == {"test_lesson_example", "test_one_token"}
    texts = {p: p.read_text(encoding="utf-8", errors="replace") for p in student.rglob("*") if p.is_file()}
    solution = [line.strip() for line in without_solution_markers((SOLUTION / "latency.py").read_text("utf-8"))
                .splitlines() if line.startswith("    ") and len(line.strip()) >= 8 and line.strip() != "pass"]
    secrets = solution + [h.message for t in LESSON.tasks if t.answer for h in t.answer.hints] \
        + [t.answer.wrong for t in LESSON.tasks if t.answer] + [f.says for f in LESSON.facts] \
        + ["(0.2, 0.05, -3", "0.002, 0.2", "(-5, 0.4", "uniform(0.1, 8.0)", "bytes_per_param that is zero"]
    for path, text in texts.items():
        assert not [s for s in secrets if s in text], path
    manifest = tomllib.loads((student / "suites" / "latency" / "lesson.toml").read_text(encoding="utf-8"))
    assert [t["id"] for t in manifest["tasks"]] == FUNCTIONS and "facts" not in manifest
    readme = (student / "README.md").read_text(encoding="utf-8")
    assert "- `request_seconds` (3 points): 2 public checks here" in readme
    assert "- `quiz` (1 point): graded when you hand in" in readme


def test_the_release_bundle_grades_stubs_zero_and_the_reference_full(dist):
    bundle = Course(dist / "student")
    assert grade(EXERCISE, lesson="latency", course=bundle).score == 0
    report = grade(SOLUTION, lesson="latency", course=bundle)
    assert report.score == report.max_score == 9  # the code tasks; answers are graded on hand-in
    local = grade(mutant_module(LESSON, "n_out_gaps", SOLUTION), lesson="latency", course=bundle)
    assert lost(local) == {"request_seconds"}


def test_the_autograder_holds_the_latency_suite_and_grades_with_it(dist, tmp_path):
    auto = dist / "autograder"
    for path in ("suites/latency/lesson.toml", "suites/latency/test_request_seconds.py",
                 "suites/latency/mutants/n_out_gaps.py", "solutions/latency/latency.py", "run_autograder"):
        assert (auto / path).is_file(), path
    assert "latency" in (auto / "run_autograder").read_text(encoding="utf-8")
    with zipfile.ZipFile(dist / "autograder.zip") as zf:
        assert {"solutions/latency/latency.py", "suites/latency/lesson.toml"} <= set(zf.namelist())
    report = grade(wrong_submission(tmp_path / "wrong"), lesson="latency", course=Course(auto))
    assert lost(report) == {"request_seconds", "hand_decode_rate", "hand_output_rate"}


def test_a_small_class_is_batch_graded_into_a_gradebook_and_csv(tmp_path, capsys):
    submissions = tmp_path / "class"
    submissions.mkdir()
    shutil.copytree(SOLUTION, submissions / "alice")
    own_answers(submissions / "alice" / "answers.toml", "alice", lesson="latency")  # a batch grades each id's numbers
    shutil.copytree(EXERCISE, submissions / "bob")
    wrong_submission(submissions / "carol")
    shutil.copyfile(mutant_module(LESSON, "intensity_inverted", SOLUTION), submissions / "dave.py")
    with zipfile.ZipFile(submissions / "erin.zip", "w") as zf:
        zf.write(mutant_module(LESSON, "forgot_ttft", SOLUTION), "latency.py")
    (submissions / "frank.ipynb").write_text(reference_notebook(LESSON, SOLUTION), encoding="utf-8")
    gradebook, table = tmp_path / "gradebook.sqlite", tmp_path / "grades.csv"
    args = ["--course", str(ROOT), "batch", str(submissions), "--lesson", "latency", "--jobs", "2",
            "--gradebook", str(gradebook), "--csv", str(table), "--reports", str(tmp_path / "reports")]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert "latency: 6 submissions, 6 graded" in first
    rows = {row["student"]: row for row in csv.DictReader(table.open(encoding="utf-8"))}
    assert list(next(iter(rows.values())))[1:9] == [t.id for t in LESSON.tasks]
    totals = {student: float(row["total"]) for student, row in rows.items()}
    singles = {"alice": submissions / "alice", "bob": EXERCISE, "carol": submissions / "carol",
               "dave": submissions / "dave.py", "frank": submissions / "frank.ipynb"}
    for student, path in singles.items():  # the CSV rounds to 2 decimals (halves up); each with their own numbers
        single = grade(path, lesson="latency", course=COURSE, student=student).score
        assert abs(totals[student] - single) < 0.006, student
    assert totals["alice"] == 13 and totals["bob"] == 0
    assert 6 < totals["erin"] < 7  # 9 - 3 + a part: forgot TTFT; a lone module has no answers
    assert json.loads((tmp_path / "reports" / "carol.json").read_text(encoding="utf-8"))["lesson"] == "latency"
    assert main(args) == 0  # a rerun resumes: nothing changed, nothing graded again
    assert "this run graded 0, 6 unchanged" in capsys.readouterr().out
