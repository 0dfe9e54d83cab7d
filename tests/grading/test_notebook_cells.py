"""Notebook submissions, their cells as the kernel runs them: broken cells, magics, shell escapes, time limits.

grader.grading.notebook gives the worker the cells only, each under a cell's time limit, with
a kernel restarted (and the cells before it run again) when one dies; these tests grade real
notebooks whose cells do what students' cells do. They sit apart from test_notebook.py (the
two forms, bad notebooks, which file and which answers) so that neither file passes the
project's 450 lines.

Kernel tests take about a second each (a kernel starts per grade); they are marked
``kernel`` and are independent of each other, so they may run in parallel
(``pytest -n 2 -m kernel`` with pytest-xdist).
"""

from __future__ import annotations

import dataclasses

import pytest

from grader.grading.engine import grade

from prefill_notebook import CODE_TASKS, COURSE, LESSON, code, lost, one_line, reference_cells, write_notebook

kernel = pytest.mark.kernel


def with_cell(cells: list, index: int, source: str) -> list:
    return [*cells[:index], code(source), *cells[index:]]


def replace_cell(cells: list, starts: str, source: str) -> list:
    found = [i for i, cell in enumerate(cells) if cell.source.startswith(starts)]
    assert len(found) == 1, starts
    return [*cells[:found[0]], code(source), *cells[found[0] + 1:]]


# -- cells, magics, shell escapes ---------------------------------------------------------------


@kernel
def test_broken_cells_do_not_stop_the_grading_of_functions_in_other_cells(tmp_path):
    cells = reference_cells()
    unclosed = "def causal_mask(P):\n    return np.tril(np.ones((P, P), dtype=bool)\n"
    cells = replace_cell(cells, "def causal_mask", unclosed)
    cells = replace_cell(cells, "def causal_pairs", "def causal_pairs(P):\n    return triangle(P)\n")
    cells = with_cell(cells, 1, "x = 1\nundefined_name + 1")
    report = grade(write_notebook(tmp_path, cells), course=COURSE)
    assert lost(report) == {"causal_mask", "causal_pairs"}
    mask = report.task("causal_mask")
    assert mask.status == "failed"
    cell = next(i for i, c in enumerate(cells, start=1) if c.source.startswith("def causal_mask"))
    assert (f"causal_mask is not defined: cell {cell} (`def causal_mask(P):`) raised SyntaxError (line 2): "
            in mask.feedback)
    said = {c.message.split(":")[0] for c in mask.checks if not c.passed}  # the first call of the grade too
    assert said == {"causal_mask is not defined"}, said
    pairs_cell = next(i for i, c in enumerate(cells, start=1) if c.source.startswith("def causal_pairs"))
    assert f"raised NameError (prefill.ipynb, cell {pairs_cell}, line 2): name 'triangle' is not defined" in \
        report.task("causal_pairs").feedback
    assert one_line(report.notes[0]) == ("cell 2 (`x = 1`) raised NameError (line 2): "
                                         "name 'undefined_name' is not defined")


@kernel
def test_a_stub_cell_below_the_work_is_said_to_replace_it_and_np_without_numpy_is_named(tmp_path):
    cells = reference_cells()
    work = next(i for i, c in enumerate(cells, start=1) if c.source.startswith("def causal_pairs"))
    cells = with_cell(cells, len(cells), "def causal_pairs(P):\n    pass\n")  # the template's cell, run last
    cells = [code(c.source.replace("import numpy as np", "import numpy")) if c.cell_type == "code" else c
             for c in cells]
    report = grade(write_notebook(tmp_path, cells), course=COURSE)
    assert lost(report) == {"causal_pairs", "causal_mask", "prefill_matches_sequential"}
    pairs = report.task("causal_pairs")
    assert [d.code for d in pairs.diagnoses] == ["import.defined-twice"] and not pairs.unstarted
    assert pairs.feedback.startswith(f"prefill.ipynb defines causal_pairs 2 times: your work at cell {work}, "
                                     f"the stub at cell {len(cells)}.")
    for task_id in ("causal_mask", "prefill_matches_sequential"):
        assert [d.code for d in report.task(task_id).diagnoses] == ["import.numpy-without-np"]


@kernel
def test_magics_display_and_shell_escapes_run_inside_the_sandbox_and_are_reported(tmp_path):
    cells = reference_cells()
    cells = with_cell(cells, 1, "!pip install --no-input definitely-not-a-package-xyz\nprint('after pip')")
    cells = with_cell(cells, 2, "%load https://example.com/solution.py")
    cells = with_cell(cells, 3, "%time WIDTH = 4\ndisplay(WIDTH)\nfrom IPython.display import Markdown\n"
                                "display(Markdown('**hi**'))")
    cells = with_cell(cells, 4, "name = input('your name? ')")
    cells = replace_cell(cells, "def causal_mask",
                         "def causal_mask(P):\n    return np.tril(np.ones((P, P), dtype=bool)) if WIDTH == 4 else None")
    report = grade(write_notebook(tmp_path, cells), course=COURSE)
    assert report.score == report.max_score  # the magic's assignment reached causal_mask: calls go into the kernel
    shell, load, stdin = report.notes
    assert one_line(shell).startswith("cell 2 (`!pip install --no-input definitely-not-a-package-xyz`) ran a shell "
                                      "command that failed (exit status ")  # 1, or 2 when pip meets a bare /etc
    assert one_line(load).startswith("cell 3 (`%load https://example.com/solution.py`) raised ")
    assert one_line(stdin).startswith("cell 5 (`name = input('your name? ')`) raised StdinNotImplementedError")


@kernel
def test_matplotlib_magics_and_imports_the_grader_lacks_cost_only_what_uses_them(tmp_path):
    """`%matplotlib inline` above `import numpy as np` in one cell used to stop the cell at its first
    line: np was never bound and two tasks were lost. Now the magic does nothing, each missing
    module's import gets a stand-in, a line outside functions that needs the module does nothing
    (the rest of its cell runs), and only the function that plots fails, naming the module."""
    cells = reference_cells()
    first = next(i for i, c in enumerate(cells) if c.cell_type == "code" and "import numpy as np" in c.source)
    cells[first] = code("%matplotlib inline\n%config InlineBackend.figure_format = 'retina'\n%load_ext autoreload\n"
                        "%load_ext line_profiler\nimport matplotlib.pyplot as plt\nplt.rcParams['figure.dpi'] = 120\n"
                        + cells[first].source)  # a line that needs matplotlib before `import numpy as np`
    cells = replace_cell(cells, "def causal_pairs", "def causal_pairs(P):\n    plt.plot(range(P))\n"
                                                    "    return P * (P + 1) // 2\n")
    report = grade(write_notebook(tmp_path, cells), course=COURSE)
    assert lost(report) == {"causal_pairs"}
    pairs = report.task("causal_pairs")
    assert [d.code for d in pairs.diagnoses] == ["import.module-unavailable"]
    assert pairs.feedback.startswith("causal_pairs uses matplotlib, which the grader's Python does not have.")
    assert report.stand_ins == ("matplotlib", "line_profiler")
    assert report.notes == ["prefill.ipynb imports matplotlib and line_profiler, which the grader's Python does not "
                            "have: the grader put stand-ins in their place, so that the functions that do not use "
                            "them are graded as usual, and whatever uses them fails, naming them; a line of a cell, "
                            "outside every function, that needs them does nothing."]


@kernel
def test_a_cell_cannot_make_a_module_the_grader_has_a_stand_in(tmp_path):
    """Stand-ins never enter sys.modules: numpy, os and the grader's own modules resolve as ever,
    even after a cell tried to make find_spec deny them, and a later plain import is Python's. The
    list of modules stood in for is the kernel's, so the submission's: the trusted side keeps only
    module names the notebook imports."""
    cells = reference_cells()
    cells = with_cell(cells, 1, "import importlib.util\nimportlib.util.find_spec = lambda *a, **k: None")
    cells = with_cell(cells, 2, "import os, builtins\nimport numpy as np\nimport tqdm\n"
                                "builtins.__grader_stand_ins__.used += ['\\x1b]0;owned\\x07', 'os' * 60, 'pandas', 7]")
    cells = replace_cell(cells, "def causal_pairs",
                         "def causal_pairs(P):\n    import sys\n    assert 'tqdm' not in sys.modules\n"
                         "    assert type(np).__name__ == type(os).__name__ == 'module' and np.ones(1)[0] == 1\n"
                         "    return P * (P + 1) // 2\n")
    report = grade(write_notebook(tmp_path, cells), course=COURSE)
    assert report.score == report.max_score, [t.feedback for t in report.tasks]
    assert report.stand_ins == ("tqdm",)  # what a cell added to the list: not module names, or not imported


@kernel
def test_a_cell_past_its_time_limit_is_interrupted_and_the_rest_still_runs(tmp_path):
    lesson = dataclasses.replace(LESSON, import_seconds=3.0)
    cells = with_cell(reference_cells(), 1, "import time\nwhile True:\n    time.sleep(0.05)")
    report = grade(write_notebook(tmp_path, cells), lesson=lesson, course=COURSE)
    assert report.score == report.max_score
    assert report.notes == ["cell 2 (`import time`) ran past its time limit of 3 s and was interrupted"]


@kernel
def test_a_kernel_that_dies_or_ignores_interrupts_is_replaced_and_the_earlier_cells_run_again(tmp_path):
    lesson = dataclasses.replace(LESSON, import_seconds=3.0)
    cells = reference_cells()
    index = next(i for i, c in enumerate(cells) if c.source.startswith("def causal_pairs"))
    cells = with_cell(cells, index, "import os\nos._exit(3)")
    cells = with_cell(cells, index + 2, "while True:\n    try:\n        __import__('time').sleep(5)\n"
                                        "    except KeyboardInterrupt:\n        pass")
    report = grade(write_notebook(tmp_path, cells), lesson=lesson, course=COURSE)
    assert report.score == report.max_score
    died, stuck = map(one_line, report.notes)
    assert died == (f"cell {index + 1} (`import os`) ended the kernel (the kernel exited with status 3); "
                    "the kernel was restarted and the cells before it were run again")
    assert stuck.startswith(f"cell {index + 3} (`while True:`) ran past its time limit of 3 s and did not stop")


@kernel
def test_a_cell_that_delays_every_later_execution_cannot_delay_the_calls_without_bound(tmp_path):
    """The grader's own statement that makes the kernel serve comes after the last cell: an input
    transformer a cell installed runs on it too. That step gets a cell's limit, then the code tasks
    fail saying why, and so does a note."""
    lesson = dataclasses.replace(LESSON, import_seconds=3.0)
    cells = [*reference_cells(), code("import time\nget_ipython().input_transformers_cleanup.append(\n"
                                      "    lambda lines: (time.sleep(60), lines)[1])")]
    report = grade(write_notebook(tmp_path, cells), lesson=lesson, course=COURSE)
    why = ("after the last cell of prefill.ipynb, its kernel did not start serving the checks' calls within 3 s "
           "(the time limit of a cell)")
    assert lost(report) == set(CODE_TASKS)
    for task in CODE_TASKS:
        assert report.task(task).status == "error" and why in report.task(task).feedback, task
    assert one_line(report.notes[-1]).startswith(why)
    assert report.execution_time < 60  # not the transformer's 60 s: the bound of its own stopped it


@kernel
def test_functions_use_the_state_the_cells_built_in_the_order_they_ran(tmp_path):
    cells = reference_cells()
    tripled = "FACTOR = 3\n\ndef prefill_flops(N, P):\n    return FACTOR * N * P"
    cells = replace_cell(cells, "def prefill_flops", tripled)
    cells = [*cells, code("FACTOR = 2"), code("def causal_pairs(P):\n    return P * (P + 1) // 2 + 0")]
    report = grade(write_notebook(tmp_path, cells), course=COURSE)
    assert report.score == report.max_score  # the later cell set FACTOR = 2 before any call
