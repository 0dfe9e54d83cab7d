"""grader.authoring.mutants: a mutant holds only its mistake, and is graded laid over the reference.

A header that is wrong must be a ConfigError naming the file, and every real mutant of the
course must become a submission the grader can read. How a mutant's text is laid over the
reference's (``overlay_module``, ``overlay_answers``) is tested in test_mutants_overlay.py.
"""

from __future__ import annotations

import ast
import shutil
import tomllib

import pytest

from grader.authoring.mutants import (
    Mutant,
    fit,
    load_mutants,
    materialize,
    without_markers,
)
from grader.exceptions import ConfigError
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson

from documented import example
from paths import ROOT

LESSONS = {name: Course(ROOT).lesson(name) for name in ("prefill", "latency")}
REAL = [(name, mutant) for name, lesson in LESSONS.items() for mutant in load_mutants(lesson)]


@pytest.fixture
def lesson(tmp_path):
    """A copy of the prefill suite with an empty mutants folder, for mutants written by the test."""
    suite = tmp_path / "suites" / "prefill"
    shutil.copytree(ROOT / "suites" / "prefill", suite, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(suite / "mutants")
    (suite / "mutants").mkdir()
    return load_lesson(suite)


def mutant_file(lesson, name: str, text: str):
    path = lesson.suite_dir / "mutants" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- without_markers


def test_without_markers_drops_only_the_marker_lines():
    text = ("def f():\n    # BEGIN SOLUTION\n    return 1  # END SOLUTION stays: code before it\n"
            "    ## END SOLUTION\n# BEGIN SOLUTIONS is not a marker\n#BEGIN SOLUTION\r\nx = 1\r\n")
    assert without_markers(text) == ("def f():\n    return 1  # END SOLUTION stays: code before it\n"
                                      "# BEGIN SOLUTIONS is not a marker\nx = 1\r\n")


def test_without_markers_of_the_real_solutions_leaves_no_marker_and_parses():
    for name in LESSONS:
        text = without_markers((ROOT / "solutions" / name / f"{name}.py").read_text(encoding="utf-8"))
        assert "SOLUTION" not in text
        ast.parse(text)


# ---------------------------------------------------------------- load_mutants


def test_load_mutants_reads_the_header(lesson):
    mutant_file(lesson, "b_whole.py", "# mistake: a syntax error\n# fails: causal_pairs , causal_mask,\n"
                "# base: none\ndef causal_pairs(P)\n")
    mutant_file(lesson, "a_factor.py", "# mistake: forgot the factor 2\n# fails: prefill_flops\n# hint: factor 2\n"
                "# diagnosis: flops.missing-factor-2\n\n\ndef prefill_flops(N, P):\n"
                "    # fails: quiz (a comment in the code, not the header)\n    return N * P\n")
    mutant_file(lesson, ".hidden.py", "not a mutant")
    mutant_file(lesson, "_helper.py", "not a mutant")
    (lesson.suite_dir / "mutants" / "__pycache__").mkdir()
    factor, whole = load_mutants(lesson)
    assert factor == Mutant("a_factor", lesson.suite_dir / "mutants" / "a_factor.py", "forgot the factor 2",
                            frozenset({"prefill_flops"}), "factor 2", frozenset({"flops.missing-factor-2"}), False)
    assert whole.name == "b_whole" and whole.whole is True
    assert whole.fails == {"causal_pairs", "causal_mask"}
    assert whole.hint == "" and whole.diagnoses == frozenset()


def test_a_corpus_folder_reads_its_labels_and_a_right_entry_fails_nothing(lesson, tmp_path):
    folder = tmp_path / "corpus" / "causal_pairs"
    folder.mkdir(parents=True)
    (folder / "comb.py").write_text("# right: math.comb(P + 1, 2)\nimport math\n\n\ndef causal_pairs(P):\n"
                                    "    return math.comb(P + 1, 2)\n", encoding="utf-8")
    (folder / "cubic.py").write_text("# slow: a list built for every cell\ndef causal_pairs(P):\n    return 0\n",
                                     encoding="utf-8")
    (folder / "square.py").write_text("# mistake: every pair\n# fails: causal_pairs\n# expect: the whole square\n"
                                      "# no-diagnosis: none needed\n# xfail: not yet\ndef causal_pairs(P):\n"
                                      "    return P * P\n", encoding="utf-8")
    comb, cubic, square = load_mutants(lesson, folder)
    assert (comb.right, comb.fails, comb.slow) == ("math.comb(P + 1, 2)", frozenset(), "")
    assert (cubic.slow, cubic.fails, cubic.right) == ("a list built for every cell", frozenset(), "")
    assert square.fails == {"causal_pairs"} and square.right == ""
    assert (square.expect, square.no_diagnosis, square.xfail) == ("the whole square", "none needed", "not yet")
    assert load_mutants(lesson) == []  # the lesson's own folder is another one


def test_a_lesson_without_a_mutants_folder_has_none(lesson):
    shutil.rmtree(lesson.suite_dir / "mutants")
    assert load_mutants(lesson) == []


def test_a_folder_mutant_reads_its_header_from_any_of_its_files(lesson):
    mutant_file(lesson, "both/answers.toml", '# fails: hand_flops\nflops = "7e12"\n')
    mutant_file(lesson, "both/prefill.py", "# mistake: halved everywhere\n\ndef prefill_flops(N, P):\n"
                "    return N * P\n")
    (both,) = load_mutants(lesson)
    assert both.name == "both" and both.mistake == "halved everywhere" and both.fails == {"hand_flops"}


@pytest.mark.parametrize("name, text, says", [
    ("notes.txt", "# fails: quiz\n", "a mutant is a .py"),
    ("silent.py", "# mistake: forgot to say what fails\n", "'# fails: <task ids>'"),
    ("stranger.toml", "# fails: quiz, no_such_task\nquiz = 'A'\n",
     "key 'fails': declares unknown task(s): no_such_task"),
    ("undiagnosed.py", "# fails: quiz\n# diagnosis: quiz.independent, no.such-code\n",
     "key 'diagnosis': declares diagnoses that"),
    ("based.py", "# fails: quiz\n# base: solution\n", "key 'base': must be 'reference'"),
    ("both.py", "# right: unusual\n# fails: quiz\n", "key 'fails': declares '# right:' or '# slow:'"),
])
def test_a_bad_mutant_is_a_config_error_naming_its_file(lesson, name, text, says):
    path = mutant_file(lesson, name, text)
    with pytest.raises(ConfigError) as caught:
        load_mutants(lesson)
    assert caught.value.source == str(path)
    assert says in str(caught.value)


def test_an_unknown_diagnosis_is_named_and_a_known_one_is_not(lesson):
    mutant_file(lesson, "undiagnosed.py", "# fails: quiz\n# diagnosis: quiz.independent, no.such-code\n")
    with pytest.raises(ConfigError) as caught:
        load_mutants(lesson)
    assert str(caught.value).endswith(": no.such-code")


# ---------------------------------------------------------------- Mutant.files and changes


def test_files_and_changes_of_a_module_an_answers_and_a_folder_mutant(lesson):
    mutant_file(lesson, "code.py", "# fails: prefill_flops\n")
    mutant_file(lesson, "hand.toml", "# fails: hand_flops\n")
    mutant_file(lesson, "both/prefill.py", "# fails: prefill_flops\n")
    mutant_file(lesson, "both/answers.toml", "# fails: hand_flops\n")
    folder = lesson.suite_dir / "mutants"
    both, code, hand = load_mutants(lesson)
    assert code.files(lesson) == [(folder / "code.py", "prefill.py")]
    assert hand.files(lesson) == [(folder / "hand.toml", "answers.toml")]
    assert both.files(lesson) == [(folder / "both" / "answers.toml", "answers.toml"),
                                  (folder / "both" / "prefill.py", "prefill.py")]
    assert code.changes(lesson, "prefill.py") and not code.changes(lesson, "answers.toml")
    assert hand.changes(lesson, "answers.toml") and not hand.changes(lesson, "prefill.py")
    assert both.changes(lesson, "prefill.py") and both.changes(lesson, "answers.toml")
    assert not both.changes(lesson, "notes.md")


# ---------------------------------------------------------------- materialize


def test_materialize_lays_a_folder_mutant_over_both_files(lesson, tmp_path):
    mutant_file(lesson, "both/prefill.py", "# fails: prefill_flops\n\n\ndef prefill_flops(N, P):\n    return N * P\n")
    mutant_file(lesson, "both/answers.toml", '# fails: hand_flops\nflops = "7e12"\n')
    reference = ROOT / "solutions" / "prefill"
    folder = materialize(load_mutants(lesson)[0], lesson, reference, tmp_path / "made" / "prefill")
    assert folder == tmp_path / "made" / "prefill"
    module = (folder / "prefill.py").read_text(encoding="utf-8")
    assert "    return N * P\n" in module and "return 2 * N * P" not in module and "SOLUTION" not in module
    ast.parse(module)
    answers = tomllib.loads((folder / "answers.toml").read_text(encoding="utf-8"))
    assert answers == {"flops": "7e12", "seconds": "0.28 s", "pairs": 10, "quiz": "B"}


def test_materialize_copies_a_whole_mutant_as_it_is_and_no_cache(lesson, tmp_path):
    reference = tmp_path / "reference"
    shutil.copytree(ROOT / "solutions" / "prefill", reference, ignore=shutil.ignore_patterns("__pycache__"))
    (reference / "__pycache__").mkdir()
    (reference / "__pycache__" / "prefill.cpython-311.pyc").write_bytes(b"\0")
    text = "# fails: prefill_flops\n# base: none\nX = 1\n"
    mutant_file(lesson, "whole.py", text)
    folder = materialize(load_mutants(lesson)[0], lesson, reference, tmp_path / "made")
    assert (folder / "prefill.py").read_text(encoding="utf-8") == text
    assert not (folder / "__pycache__").exists()
    assert (folder / "answers.toml").read_text() == without_markers((reference / "answers.toml").read_text())


@pytest.mark.parametrize("lesson_id, mutant", REAL, ids=[f"{name}/{m.name}" for name, m in REAL])
def test_every_real_mutant_materializes_to_a_readable_submission(tmp_path, lesson_id, mutant):
    lesson = LESSONS[lesson_id]
    reference = ROOT / "solutions" / lesson_id
    folder = materialize(mutant, lesson, reference, tmp_path / lesson_id)
    module = (folder / lesson.module).read_text(encoding="utf-8")
    answers = (folder / lesson.answers).read_text(encoding="utf-8")
    if mutant.whole:
        assert mutant.changes(lesson, lesson.module)
        assert module == mutant.path.read_text(encoding="utf-8")
    else:
        ast.parse(module, filename=str(mutant.path))
        assert "BEGIN SOLUTION" not in module and "END SOLUTION" not in module
    if not mutant.changes(lesson, lesson.module):
        assert module == without_markers((reference / lesson.module).read_text(encoding="utf-8"))
    if not mutant.changes(lesson, lesson.answers):
        assert answers == without_markers((reference / lesson.answers).read_text(encoding="utf-8"))
    try:
        tomllib.loads(answers)
    except tomllib.TOMLDecodeError:
        assert "unreadable" in mutant.name, f"{mutant.path} makes an answers file that is not TOML"


def test_the_real_mutants_cover_both_kinds_of_file():
    assert len(REAL) >= 50
    assert any(m.changes(LESSONS[name], LESSONS[name].answers) for name, m in REAL)
    assert any(m.whole for _, m in REAL)


# ---------------------------------------------------------------- fit: the labels as they hold for another solution

COURSES = '''import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) // 2

def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))
'''
FACTOR_2 = ("# mistake: forgot the factor 2\n# fails: prefill_flops, prefill_seconds\n"
            "# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward\n\n"
            "def prefill_flops(N, P):\n    return N * P\n")


def fitted(lesson, tmp_path, mutant_text: str, solution: str, name: str = "m.py"):
    mutant_file(lesson, name, mutant_text)
    [mutant] = load_mutants(lesson)
    (tmp_path / "course.py").write_text(COURSES)
    (tmp_path / "theirs.py").write_text(solution)
    return fit(mutant, lesson, tmp_path / "theirs.py", tmp_path / "course.py")


@pytest.mark.parametrize("inline", [
    "return 2 * N * P / (flops_per_sec * utilization)",
    "return prefill_flops.__doc__ and 1",  # a reference by name is a call as far as anyone can tell: kept
], ids=["computes-inline", "names-it"])
def test_fit_drops_a_declared_task_only_where_this_solution_never_reaches_the_mutated_function(lesson, tmp_path,
                                                                                               inline):
    solution = COURSES.replace("return prefill_flops(N, P) / (flops_per_sec * utilization)", inline)
    done = fitted(lesson, tmp_path, FACTOR_2, solution)
    if inline.startswith("return 2"):
        assert done.dropped == {"prefill_seconds"} and done.mutant.fails == {"prefill_flops"}
        assert done.mutant.diagnoses == {"flops.missing-factor-2"}  # the code only of the dropped task goes too
    else:
        assert not done.dropped and done.mutant.fails == {"prefill_flops", "prefill_seconds"}
    assert not done.carried


def test_fit_follows_calls_through_helpers_and_names_bound_otherwise(lesson, tmp_path):
    solution = COURSES.replace("return prefill_flops(N, P) / (flops_per_sec * utilization)",
                               "return _work(N, P) / (flops_per_sec * utilization)")
    solution += "\n_work = lambda N, P: prefill_flops(N, P)\n"
    done = fitted(lesson, tmp_path, FACTOR_2, solution)
    assert not done.dropped and done.mutant.fails == {"prefill_flops", "prefill_seconds"}


def test_fit_allows_a_task_this_solution_reaches_through_a_call_the_courses_does_not_make(lesson, tmp_path):
    mask = "# mistake: transposed\n# fails: causal_mask\n\ndef causal_mask(P):\n    return np.triu(np.ones((P, P)))\n"
    solution = COURSES.replace("return P * (P + 1) // 2", "return int(causal_mask(P).sum())")
    done = fitted(lesson, tmp_path, mask, solution)
    assert done.carried == {"causal_pairs"} and done.mutant.fails == {"causal_mask"} and not done.dropped


@pytest.mark.parametrize("mutant_text, solution", [
    (FACTOR_2, COURSES),  # the course's own solution: held to the labels exactly
    (FACTOR_2.replace("def prefill_flops", "print('demo')\n\ndef prefill_flops"),  # code at module level
     COURSES.replace("return prefill_flops(N, P) / (flops_per_sec * utilization)", "return 2 * N * P")),
    (FACTOR_2, "def prefill_seconds(N, P, f, u=1.0)\n    return 2 * N * P\n"),  # does not parse
    (FACTOR_2.replace("# diagnosis", "# base: none\n# diagnosis"),  # a whole module
     COURSES.replace("return prefill_flops(N, P) / (flops_per_sec * utilization)", "return 2 * N * P")),
], ids=["course-solution", "module-level-code", "solution-does-not-parse", "whole-module"])
def test_fit_keeps_the_labels_where_nothing_can_be_told(lesson, tmp_path, mutant_text, solution):
    done = fitted(lesson, tmp_path, mutant_text, solution)
    assert done.mutant.fails == {"prefill_flops", "prefill_seconds"} and not done.dropped and not done.carried


def test_the_documented_header_is_the_one_the_loader_reads(lesson):
    """docs/authoring.md's example mutant, read by the real loader: its comma-separated `# fails:` and
    `# diagnosis:` lines (issue 24: learned only from prefill's files). It is the course's own
    forgot_factor_2.py, which `grader validate` proves, and the example used to declare one task of two."""
    text = example("one `# label: value` each", "python")
    (lesson.suite_dir / "mutants" / "forgot_factor_2.py").write_text(text, encoding="utf-8")
    (documented,) = load_mutants(lesson)
    assert documented.fails == {"prefill_flops", "prefill_seconds"}
    assert documented.diagnoses == {"flops.missing-factor-2", "seconds.flops-carried-forward"}
    assert documented.mistake == "forgot the factor 2 for the multiply-add"
    real = next(m for name, m in REAL if name == "prefill" and m.name == "forgot_factor_2")
    assert (documented.fails, documented.diagnoses, documented.hint, documented.mistake, documented.whole) == \
        (real.fails, real.diagnoses, real.hint, real.mistake, real.whole)
    spaced = text.replace("prefill_flops, prefill_seconds", "prefill_flops prefill_seconds")
    (lesson.suite_dir / "mutants" / "forgot_factor_2.py").write_text(spaced, encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown task"):  # commas, as the docs say: not spaces
        load_mutants(lesson)
