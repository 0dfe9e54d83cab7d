"""grader.authoring.notebook: the exercise notebook, generated from the same source as prefill.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from grader.authoring.exercises import student_files
from grader.authoring.notebook import (
    ANSWERS_HEADER,
    answer_paragraphs,
    build_notebook,
    lesson_notebook,
    module_blocks,
    notebook_text,
    reference_notebook,
    without_solution_markers,
)
from grader.authoring.readme import build_readme
from grader.exceptions import ConfigError
from grader.lesson.course import Course
from grader.submission.cells import read_answers, unimplemented
from grader.submission.notebook import read_notebook

from documented import example
from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
EXERCISE = ROOT / "exercises" / "prefill"
FUNCTIONS = [t.function for t in LESSON.code_tasks]


@pytest.fixture(scope="module")
def exercise():
    return nbformat.read(EXERCISE / "prefill.ipynb", as_version=nbformat.NO_CONVERT)


def code_cells(nb) -> list[str]:
    return [cell.source for cell in nb.cells if cell.cell_type == "code"]


def test_the_exercise_notebook_is_valid_at_the_current_minor_version_with_ids_and_no_outputs(exercise):
    assert (exercise.nbformat, exercise.nbformat_minor) == (nbformat.current_nbformat, nbformat.current_nbformat_minor)
    nbformat.validate(exercise)  # raises on any schema violation, ids included
    ids = [cell.id for cell in exercise.cells]
    assert all(ids) and len(set(ids)) == len(ids)
    for cell in exercise.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    assert exercise.metadata.kernelspec.name == "python3" and exercise.metadata.language_info.name == "python"


def test_the_notebook_and_prefill_py_have_not_drifted_apart(exercise):
    """The notebook's code cells (all but the ANSWERS, scratch and check cells), in order,
    are prefill.py word for word."""
    module_cells = [cell.source for cell in exercise.cells if cell.cell_type == "code" and cell.id.startswith("code-")]
    assert "\n\n".join(module_cells) + "\n" == (EXERCISE / "prefill.py").read_text(encoding="utf-8")
    assert len(module_cells) == 1 + len(FUNCTIONS)  # the imports, then one cell per function


def test_the_committed_notebook_is_what_grader_stubs_generates():
    generated = {file.path.name: file.text for file in student_files(COURSE, LESSON)}
    assert (EXERCISE / "prefill.ipynb").read_text(encoding="utf-8") == generated["prefill.ipynb"], \
        "exercises/prefill/prefill.ipynb has drifted from its sources: run 'grader stubs'"


def test_the_exercise_holds_the_lessons_explanation_stubs_answers_and_a_check_cell(exercise, tmp_path):
    text = "\n".join(cell.source for cell in exercise.cells if cell.cell_type == "markdown")
    for words in ("prefill", "2 · N · P", "causal", "■  ■  ■  ■  ■", "1.40e+13", "0.28 s", "15 pairs for 5 tokens",
                  "Can every prompt position be processed independently"):
        assert words in text
    nb = read_notebook_from(exercise, tmp_path)
    assert unimplemented(nb.code_cells) == set(FUNCTIONS)
    answers, problem = read_answers(nb.cells)
    assert problem is None and answers == {"flops": "", "seconds": "", "pairs": "", "quiz": ""}
    assert code_cells(exercise)[-1].startswith("# CHECK YOUR WORK")
    assert 'os.environ.get("GRADER_NOTEBOOK") != "1"' in code_cells(exercise)[-1]  # never grades itself when graded


def read_notebook_from(nb, folder: Path):
    """The notebook as the grader reads a submission of it."""
    path = folder / "prefill.ipynb"
    path.write_text(notebook_text(nb), encoding="utf-8")
    return read_notebook(path)


def test_the_reference_notebook_holds_the_solution_and_its_answers(tmp_path):
    reference = nbformat.reads(reference_notebook(LESSON, COURSE.solutions_dir(LESSON)), as_version=4)
    nbformat.validate(reference)
    read = read_notebook_from(reference, tmp_path)
    assert unimplemented(read.code_cells) == set()
    assert "BEGIN SOLUTION" not in "".join(code_cells(reference))
    assert read_answers(read.cells) == ({"flops": "1.4e13", "seconds": "0.28 s", "pairs": 10, "quiz": "B"}, None)


def test_building_twice_gives_the_same_bytes():
    stub, answers = (EXERCISE / "prefill.py").read_text(), (EXERCISE / "answers.toml").read_text()
    first, second = (notebook_text(lesson_notebook(LESSON, stub, answers)) for _ in range(2))
    assert first == second


def test_module_blocks_keep_comments_with_their_statement_and_runs_of_statements_together():
    source = ("# header\nimport numpy as np\nimport math\n\nN = 3\n\n# the helper\ndef f():\n    return 1\n\n\n"
              "@dec\ndef g():\n    pass\n")
    blocks = module_blocks(source)
    assert [(b.name, b.text) for b in blocks] == [
        (None, "# header\nimport numpy as np\nimport math\n\nN = 3"),
        ("f", "# the helper\ndef f():\n    return 1"),
        ("g", "@dec\ndef g():\n    pass")]


def test_a_module_with_a_syntax_error_is_still_cut_at_its_definitions():
    blocks = module_blocks("import numpy as np\n\ndef f(P)\n    return P\n\ndef g():\n    return 2\n")
    assert [b.name for b in blocks] == [None, "f", "g"]
    assert blocks[1].text == "def f(P)\n    return P"


def test_answer_paragraphs_carry_their_questions_and_the_introduction():
    groups = answer_paragraphs("# intro\n\n# Q1?\nflops = \"\"\n\n# Q2?\nquiz = \"\"\n")
    assert groups == {"flops": "# intro\n\n# Q1?\nflops = \"\"", "quiz": "# Q2?\nquiz = \"\""}


def test_solution_markers_are_dropped():
    assert without_solution_markers("def f():\n    # BEGIN SOLUTION\n    return 1\n    # END SOLUTION\n") == \
        "def f():\n    return 1\n"


TEMPLATE = "# Title\n\n{{ answers a }}\n+++\n{{ code }}\n{{ code f }}\n{{ check }}\n"


def test_a_template_that_names_a_missing_function_is_refused():
    with pytest.raises(ConfigError, match=r"'\{\{ code nope \}\}' names no function of prefill.py"):
        build_notebook(LESSON, "def f():\n    pass\n", 'a = ""\n', TEMPLATE + "{{ code nope }}\n")


def test_a_template_that_leaves_a_function_out_is_refused():
    with pytest.raises(ConfigError, match=re.escape("places no cell for g of prefill.py")):
        build_notebook(LESSON, "def f():\n    pass\n\ndef g():\n    pass\n", 'a = ""\n',
                       TEMPLATE.replace("{{ code }}\n", ""))


def test_a_template_that_leaves_an_answer_out_is_refused():
    with pytest.raises(ConfigError, match="places no ANSWERS cell for b"):
        build_notebook(LESSON, "def f():\n    pass\n", 'a = ""\n\nb = ""\n', TEMPLATE)


def test_an_unknown_directive_is_refused():
    with pytest.raises(ConfigError, match="unknown directive"):
        build_notebook(LESSON, "def f():\n    pass\n", 'a = ""\n', TEMPLATE + "{{ plot }}\n")


def test_without_strict_a_mutant_missing_a_function_still_builds():
    nb = build_notebook(LESSON, "def g():\n    return 1\n", None, TEMPLATE, strict=False)
    sources = code_cells(nb)
    assert "def g():\n    return 1" in sources and not any(s.startswith("def f") for s in sources)
    assert sources[0] == ANSWERS_HEADER + "\n"


def test_the_notebook_file_ends_with_a_newline_like_jupyters_own():
    text = (EXERCISE / "prefill.ipynb").read_text(encoding="utf-8")
    assert text.endswith("}\n") and json.loads(text)["nbformat"] == 4


def test_the_documented_template_format_builds_the_cells_the_docs_say():
    """docs/authoring.md's example of the template's directives, built by the real builder (issue 24: the
    `{{ code }}` placeholders were learned only from prefill's files)."""
    after = "**The template's format.**"
    module, template = example(after, "python"), example(after, "markdown")
    answers = "# How many (query, key) pairs does a causal prompt of 5 tokens allow?\npairs = \"\"\n"
    nb = build_notebook(LESSON, module, answers, template)  # strict, as grader stubs builds it
    cells = [(cell.cell_type, cell.source) for cell in nb.cells]
    assert len(cells) == 9  # "gives nine cells"
    assert [kind for kind, _ in cells] == ["markdown", "code", "markdown", "code", "markdown", "code", "code",
                                           "code", "code"]
    assert cells[0][1].startswith("## Part 1. By hand") and cells[1][1].startswith(ANSWERS_HEADER)
    assert cells[1][1].endswith('pairs = ""') and cells[2][1].endswith("Run the imports first.")
    assert cells[3][1] == "import numpy as np" and cells[4][1].startswith("`causal_mask(P)`")
    assert cells[5][1].startswith("def causal_mask(P):") and cells[6][1].startswith("def causal_pairs(P):")
    assert cells[7][1] == "" and "grader" in cells[8][1] and "prefill.ipynb" in cells[8][1]
    readme = build_readme(LESSON, module, answers, template)  # the same text is the README
    assert 'pairs = ""' in readme and "make grade LESSON=prefill" in readme and "def causal_mask" not in readme


def test_a_students_notebook_and_readme_say_their_numbers():
    from grader.authoring.notebook import lesson_notebook
    from grader.authoring.readme import lesson_readme
    from grader.grading.variants import variants_for

    variant = variants_for(COURSE, LESSON, ["ann"])["ann"]
    files = {f.path.name: f.text for f in student_files(COURSE, LESSON, variant, Path("/nowhere"))}
    said = f"For a {variant.parameters['T']}-token prompt,"
    assert said in files["answers.toml"] and said in files["README.md"]
    assert said in notebook_text(lesson_notebook(LESSON, files["prefill.py"], files["answers.toml"], variant=variant))
    plain = {f.path.name: f.text for f in student_files(COURSE, LESSON)}
    assert "For a 4-token prompt," in lesson_readme(LESSON, plain["prefill.py"], plain["answers.toml"])
