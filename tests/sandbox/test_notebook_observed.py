"""Observed and batched calls served by a notebook's kernel, in each sandbox mode.

The kernel answers calls itself (``inside/kernel_server``, through ``worker.answer_call``), so the
submission's frames are those whose globals are the kernel's user namespace: every function a
cell defined. A raise in a batch is located in its cell as a single call's is.
"""

from __future__ import annotations

import nbformat
import numpy as np
import pytest

from grader.grading.notebook import NotebookSubmission
from grader.lesson.course import Course
from grader.submission.files import Submission

from paths import ROOT
from proxy_student import capture

CELLS = [
    "import numpy as np\n\nSEEN = []",
    "def prefill_flops(P, d):\n    flops = 2 * P * d * d\n    return flops",
    "def prefill_seconds(P, d, rate):\n    total = prefill_flops(P, d)\n    return total / rate",
    "def running(x):\n    sums = np.cumsum(x, axis=0)\n    return sums",
    "def remember(x):\n    SEEN.append(x)\n    if x < 0:\n        raise ValueError(f'negative: {x}')\n"
    "    return len(SEEN)",
]


@pytest.fixture
def notebook(tmp_path, box):
    lesson = Course(ROOT).lesson("prefill")
    path = tmp_path / "prefill.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS]), path)
    (tmp_path / "work").mkdir()
    student = NotebookSubmission(Submission.locate(path, lesson), lesson).start(tmp_path / "work", box)
    yield student
    student.close()


@pytest.mark.kernel
def test_a_notebooks_functions_are_observed_and_batched_in_its_kernel(notebook):
    value, seen = notebook.call_observed("prefill_seconds", (10, 4), {"rate": 1e12})
    assert value == 320 / 1e12 and seen.complete
    assert seen.calls == (("", "prefill_seconds"), ("prefill_seconds", "prefill_flops"))
    assert [(f.function, f.depth, f.returned) for f in seen.frames] == \
        [("prefill_seconds", 0, value), ("prefill_flops", 1, 320)]

    x = np.arange(6.0).reshape(3, 2)
    value, seen = notebook.call_observed("running", (x,), {}, perturb={"function": "cumsum", "rows": "last",
                                                                       "scale": 1.0})
    assert seen.perturbed == 1 and seen.library[0].function == "numpy.cumsum"
    np.testing.assert_array_equal(value[:2], np.cumsum(x, axis=0)[:2])

    results = notebook.call_many("remember", [((1,), {}), ((-2,), {}), ((3,), {})])
    assert [r.kind for r in results] == ["returned", "raised", "returned"] and results[2].value == 3
    single = capture(lambda: notebook.call("remember", -2))
    assert type(results[1].value) is ValueError and results[1].value.grader_text == single.grader_text
    assert "cell 5" in single.grader_text  # located in its cell, in the batch as alone
