"""Issue 25, class 6 and the notebook of class 7: faults a notebook's folder could force on the grader.

A notebook handed in with ``orjson.py`` (or ``storemagic.py``, ``msgpack.py``, ``colorama.py``) beside
it ran that file as the kernel started: its folder was on ``sys.path`` before ipykernel imported
jupyter_client, the kernel died, and the grade was the grader's fault (exit status 3; on Gradescope
no ``results.json``, so an untouched stub notebook dodged its zero). A 16 MB notebook of 1,300 code
cells was parsed six times before its worker started (81 s, 940 MB). Each case here is a folder
built from a few lines and what must be observed of it, through ``grader grade`` and through
Gradescope's entry point (``run_autograder``); tests/e2e/test_hostile_round3_notebooks.py runs them.

Each case runs at most one kernel: notebook grades are slow.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from grader.authoring.autograder import write_autograder
from grader.lesson.course import Course

from paths import ROOT
from prefill_notebook import SOLUTION, code, reference_cells, write_notebook

COURSE = Course(ROOT)
# the modules the kernel, its client and IPython import (some only if they can: orjson, msgpack, colorama),
# the configuration files IPython and Jupyter look for, and what Python imports by itself at start-up
KERNEL_FILES = ("orjson", "msgpack", "colorama", "storemagic", "zmq", "traitlets", "jupyter_client", "IPython",
                "ipykernel", "tornado", "nbclient", "nbformat", "psutil", "debugpy", "sitecustomize",
                "usercustomize", "ipython_config", "ipython_kernel_config", "jupyter_config")
HELPER = "import mylib\nassert mylib.VALUE == 7, 'the student helper beside the notebook'\n"


@dataclass(frozen=True)
class Case:
    """One notebook folder and what is observed of it: ``exit`` of ``grader grade``, the points of the code
    tasks (``code_points``, None: not asked), words its report must hold, and how long it may take."""

    id: str
    what: str
    build: Callable[[Path], Path]
    exit: int = 0
    code_points: float | None = None
    says: tuple[str, ...] = ()
    within: float = 120.0
    gradescope: bool = False  # graded through run_autograder too
    control: bool = False  # held on main already: proves the harness, not the fix
    settings: dict = field(default_factory=dict)  # the environment of run_autograder


def _with_answers(folder: Path) -> Path:
    shutil.copyfile(SOLUTION / "answers.toml", folder / "answers.toml")
    return folder


def shadowing_reference(tmp: Path) -> Path:
    """The reference notebook, a cell importing the student's own ``mylib.py``, and beside it a file named
    after every module the kernel's start-up could import, each ending whatever imports it."""
    folder = tmp / "prefill"
    cells = reference_cells()
    cells.insert(1, code(HELPER))
    write_notebook(folder, cells)
    for name in KERNEL_FILES:
        (folder / f"{name}.py").write_text(f"raise SystemExit('{name}.py beside the notebook ran')\n")
    (folder / "mylib.py").write_text("VALUE = 7\n")
    return _with_answers(folder)


def stub_with_orjson(tmp: Path) -> Path:
    """The untouched stub notebook of the exercise, and ``orjson.py``: it must score its zero."""
    folder = tmp / "prefill"
    folder.mkdir(parents=True)
    shutil.copyfile(ROOT / "exercises" / "prefill" / "prefill.ipynb", folder / "prefill.ipynb")
    (folder / "orjson.py").write_text("raise SystemExit('orjson.py beside the notebook ran')\n")
    return folder


def folder_first(tmp: Path) -> Path:
    """The reference notebook with a cell that puts its folder first on sys.path (as notebooks do for their
    helpers) and imports its own ``resource.py``; beside it a ``fractions.py``, a module the grader's call
    server imports after the cells ran: the server loads apart from the folder, the calls are answered."""
    folder = tmp / "prefill"
    cells = reference_cells()
    cells.insert(1, code("import sys\nsys.path.insert(0, '')  # my helpers first\nimport resource as mine\n"
                         "assert mine.MINE, 'the student helper'\n"))
    write_notebook(folder, cells)
    (folder / "resource.py").write_text("MINE = True\n")
    (folder / "fractions.py").write_text("raise SystemExit('fractions.py beside the notebook ran')\n")
    return _with_answers(folder)


def numpy_beside(tmp: Path) -> Path:
    """The reference notebook with a student's ``numpy.py`` beside it: the installed numpy comes first on
    sys.path, so the cells use it; whatever it does is the student's, never the grader's."""
    folder = tmp / "prefill"
    write_notebook(folder, reference_cells())
    (folder / "numpy.py").write_text("raise ImportError('the student numpy.py')\n")
    return _with_answers(folder)


def sixteen_megabytes(tmp: Path) -> Path:
    """The reference notebook and 1,300 more code cells of 8 KB each: 16 MB of code."""
    folder = tmp / "prefill"
    cells = reference_cells()
    for k in range(1300):
        cells.append(code(f"def f_{k}(x):\n    return x\n" + "".join(f"v{k}_{i:06d} = {i}\n" for i in range(512))))
    write_notebook(folder, cells)
    return _with_answers(folder)


def stops_its_parent(tmp: Path) -> Path:
    """The reference notebook whose last cell sends SIGSTOP to its parent, the grader's worker that runs the
    cells (issue 25's fifth battery, 6a): the grade waited out the run's whole limit (160 s) and scored 4/17."""
    folder = tmp / "prefill"
    cells = reference_cells()
    cells.append(code("import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)\n"))
    write_notebook(folder, cells)
    return _with_answers(folder)


CASES = [
    Case("shadowing_kernel_modules", "orjson.py, storemagic.py, zmq.py, ipython_kernel_config.py … beside the "
         "reference notebook, which imports its own mylib.py", shadowing_reference, code_points=13.0),
    Case("stub_notebook_with_orjson", "the untouched stub notebook and orjson.py: its zero, on Gradescope too",
         stub_with_orjson, code_points=0.0, gradescope=True),
    Case("cells_put_their_folder_first", "a cell puts its folder first on sys.path; fractions.py beside it",
         folder_first, code_points=13.0),
    Case("numpy_beside", "a student's numpy.py beside the reference notebook", numpy_beside, code_points=13.0,
         control=True),
    Case("sixteen_megabytes_of_code", "16 MB of code in 1,300 cells: refused, saying so, in seconds",
         sixteen_megabytes, code_points=0.0, says=("prefill.ipynb holds", "of code in its code cells"), within=30.0),
    Case("a_cell_stops_its_parent", "a cell sends SIGSTOP to the process running the cells: resumed, graded in full",
         stops_its_parent, code_points=13.0, within=40.0),
]


def grade(folder: Path, out: Path) -> subprocess.CompletedProcess:
    """``grader grade`` as a student's CI runs it, with a JSON report to read."""
    return subprocess.run([sys.executable, "-m", "grader", "--course", str(ROOT), "grade", str(folder), "--lesson",
                           "prefill", "--format", f"json:{out}", "--format", "text"], cwd=folder.parent,
                          capture_output=True, text=True, timeout=600, check=False)


def code_points(report: dict) -> float:
    codes = {task.id for task in COURSE.lesson("prefill").code_tasks}
    return sum(task["score"] for task in report["tasks"] if task["id"] in codes)


def gradescope(folder: Path, tmp: Path, **settings: str) -> tuple[subprocess.CompletedProcess, dict | None]:
    """``run_autograder`` in a folder laid out like Gradescope's /autograder, the submission's files in
    ``submission/``: its exit status and the results.json it left (None: none)."""
    root = tmp / "autograder"
    (root / "source").mkdir(parents=True)
    write_autograder(COURSE, [COURSE.lesson("prefill")], root / "source")
    shutil.copyfile(root / "source" / "run_autograder", root / "run_autograder")
    (root / "run_autograder").chmod(0o755)
    shutil.copytree(folder, root / "submission")
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": sys.executable, **settings}
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                          timeout=600, check=False)
    results = root / "results" / "results.json"
    return done, json.loads(results.read_text(encoding="utf-8")) if results.exists() else None
