"""grader.submission.cells: what cells define, which are stubs, the ANSWERS cells, all by parsing."""

from __future__ import annotations

import pytest

from grader.submission.answers_file import Conflict
from grader.submission.cells import (
    CellSource,
    definitions,
    is_answers,
    magic_modules,
    python_source,
    read_answers,
    unimplemented,
)


def cells(*sources: str) -> list[CellSource]:
    return [CellSource(number, source) for number, source in enumerate(sources, start=1)]


def test_magic_and_shell_lines_are_blanked_keeping_line_numbers():
    source = "%matplotlib inline\n!ls\nx = 1\nfiles = !ls\ndef f():\n    %time g()\n    return 2"
    assert python_source(source).splitlines() == ["", "", "x = 1", "", "def f():", "    pass", "    return 2"]


@pytest.mark.parametrize("magic", ["%%bash\necho hi", "%%writefile x.py\ndef f():\n    return 1", "%%html\n<b>"])
def test_a_cell_magic_makes_the_whole_cell_something_else(magic):
    assert python_source(magic) == ""
    assert definitions(cells(magic)) == {}


def test_time_cell_magic_keeps_its_python_body():
    assert set(definitions(cells("%%time\ndef f():\n    return 1"))) == {"f"}


def test_the_last_definition_across_cells_is_the_one_used():
    found = definitions(cells("def f():\n    pass", "x = 1", "def f():\n    return 1"))
    assert found["f"][0].number == 3
    assert unimplemented(cells("def f():\n    pass", "def f():\n    return 1")) == set()
    assert unimplemented(cells("def f():\n    return 1", "def f():\n    pass")) == {"f"}
    assert unimplemented(cells("def f(P):\n    pass", "f = lambda P: P * (P + 1) // 2")) == set()  # bound again
    assert unimplemented(cells("f = 1", "def f(P):\n    pass")) == {"f"}  # the definition is the last binding


def test_stubs_follow_the_module_rule():
    assert unimplemented(cells("import numpy as np", "def f(P):\n    pass", 'def g():\n    """doc"""\n    ...',
                               "def h():\n    return 0")) == {"f", "g"}


def test_a_cell_that_does_not_parse_still_names_what_it_tries_to_define():
    found = definitions(cells("def causal_mask(P):\n    return np.tril(np.ones((P, P))\n"))
    cell, node = found["causal_mask"]
    assert cell.number == 1 and node is None
    assert unimplemented(cells("def causal_mask(P):\n    return (\n")) == set()  # broken is not a stub


def test_answers_cells_define_nothing():
    assert definitions(cells('# ANSWERS\ndef f():\n    pass')) == {}


@pytest.mark.parametrize("first, marked", [("# ANSWERS", True), ("#ANSWERS: part 1", True), ("\n\n# ANSWERS", True),
                                           ("# answers", False), ("x = 1\n# ANSWERS", False), ("# ANSWERSHEET", False)])
def test_answers_cells_start_with_the_marker(first, marked):
    assert is_answers(CellSource(1, first + "\nflops = 1")) is marked


def test_answers_are_read_as_literals_and_merged_across_cells():
    answers, problem = read_answers(cells('# ANSWERS\nflops = "1.4e13"\nseconds = 0.28  # by hand', "x = 1",
                                          "# ANSWERS\npairs = 10\nquiz: str = 'B'\nprint(pairs)"))
    assert problem is None
    assert answers == {"flops": "1.4e13", "seconds": 0.28, "pairs": 10, "quiz": "B"}


def test_a_calculation_is_kept_as_its_text_never_evaluated():
    answers, problem = read_answers(cells("# ANSWERS\nflops = 2 * 7e9 * 1000\nseconds = __import__('os').getpid()"))
    assert problem is None
    assert answers == {"flops": "2 * 7e9 * 1000", "seconds": "__import__('os').getpid()"}


def test_no_answers_cell_means_no_answers_and_no_problem():
    assert read_answers(cells("flops = 1.4e13")) == (None, None)


def test_a_line_that_is_not_python_is_read_as_typed_and_costs_no_other_answer():
    answers, problem = read_answers(cells("x = 1", '# ANSWERS\nflops = 1.4 × 10^13\nseconds = "0.28 s"\n'
                                                    "quiz = No, because of causal masking\npairs = 10  # counted\n"
                                                    'quiz2 = "B\n'))
    assert problem is None
    assert answers == {"flops": "1.4 × 10^13", "seconds": "0.28 s", "quiz": "No, because of causal masking",
                       "pairs": 10, "quiz2": "B"}
    assert answers.notes == []


def test_a_line_that_answers_nothing_is_said_once_in_the_notes():
    answers, problem = read_answers(cells('# ANSWERS\nflops = "1.4e13"\nI am not sure about this\n??\npairs = 10'))
    assert problem is None and answers == {"flops": "1.4e13", "pairs": 10}
    (note,) = answers.notes
    assert note.startswith("the ANSWERS cell 1 has a line that is not an answer (and 1 more): line 3, "
                           "'I am not sure about this'")
    assert "\n" not in note


def test_an_answer_spanning_lines_is_read_beside_a_broken_line():
    answers, _ = read_answers(cells('# ANSWERS\nflops = (\n    1.4e13\n)\nseconds = 0.28 s\n'))
    assert answers == {"flops": 1.4e13, "seconds": "0.28 s"}


def test_a_typed_answer_is_never_replaced_by_a_later_empty_template_line():
    """The issue's notebook: the quiz typed in the first ANSWERS cell, the template's empty one in the second."""
    answers, problem = read_answers(cells('# ANSWERS\nflops = "1.4e13"\nquiz = "B"', "x = 1",
                                          '# ANSWERS\n# Check your understanding\nquiz = ""'))
    assert problem is None and answers == {"flops": "1.4e13", "quiz": "B"}
    assert answers.places["quiz"] == "cell 1, line 3"


def test_an_empty_answer_is_filled_by_a_later_typed_one():
    answers, _ = read_answers(cells('# ANSWERS\nquiz = ""', '# ANSWERS\nquiz = "B"'))
    assert answers == {"quiz": "B"}


def test_two_typed_answers_are_kept_as_a_conflict_naming_both_cells():
    answers, _ = read_answers(cells('# ANSWERS\nquiz = "A"', "x = 1", '# ANSWERS\n\nquiz = "B"'))
    assert answers["quiz"] == Conflict((("cell 1, line 2", "A"), ("cell 3, line 3", "B")))


def test_first_line_and_label_name_a_cell_as_the_student_sees_it():
    cell = CellSource(7, "\n\n   def causal_mask(P):  \n    pass")
    assert cell.first_line == "def causal_mask(P):"
    assert cell.label == "cell 7 (`def causal_mask(P):`)"
    assert CellSource(2, "x" * 100).first_line.endswith("…") and len(CellSource(2, "x" * 100).first_line) == 60
    assert CellSource(3, "").label == "cell 3"


@pytest.mark.parametrize("source, modules", [
    ("%matplotlib inline\nimport numpy as np", {"matplotlib"}),
    ("  %pylab\n%load_ext line_profiler\n%load_ext autoreload", {"matplotlib", "line_profiler", "autoreload"}),
    ("%load_ext\n%load_ext ../x\nx = '%matplotlib'\n%config InlineBackend.figure_format = 'svg'", set()),
], ids=["matplotlib", "several", "none"])
def test_the_modules_a_cells_magics_load(source, modules):
    assert magic_modules(source) == modules
