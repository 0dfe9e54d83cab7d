"""Submissions of the battery: correct functions written from the lesson text, the stubs, answers
files, notebooks and zips. Written without reading the grader, its suites or its solutions: every
function below is what the lesson's Part 2 asks for, as a student who read it would write it."""

from __future__ import annotations

import json
import math
import os
import time
import zipfile
from pathlib import Path

# --- the five functions, one source string each (so cases can swap one for an attack) -------------

CORRECT = {
    "prefill_flops": '''
def prefill_flops(N, P):
    """2 * N * P: one multiply and one add per parameter per prompt token."""
    return 2 * N * P
''',
    "prefill_seconds": '''
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the delivered rate flops_per_sec * utilization."""
    if not (utilization > 0 and utilization <= 1):  # NaN fails both comparisons
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
''',
    "causal_pairs": '''
def causal_pairs(P):
    """Token i sees tokens 1..i: 1 + 2 + ... + P pairs."""
    return P * (P + 1) // 2
''',
    "causal_mask": '''
def causal_mask(P):
    """True where column <= row (the lower triangle, diagonal included)."""
    return np.tril(np.ones((P, P), dtype=bool))
''',
    "prefill_matches_sequential": '''
def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W, all positions at once and one at a time; True if they agree."""
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    one_by_one = np.zeros_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        one_by_one[i] = running
    return bool(np.allclose(together, one_by_one))
''',
}

STUB = {
    "prefill_flops": "\ndef prefill_flops(N, P):\n    pass\n",
    "prefill_seconds": "\ndef prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n    pass\n",
    "causal_pairs": "\ndef causal_pairs(P):\n    pass\n",
    "causal_mask": "\ndef causal_mask(P):\n    pass\n",
    "prefill_matches_sequential": "\ndef prefill_matches_sequential(X, W):\n    pass\n",
}
ORDER = list(CORRECT)
CODE_TASKS = ORDER
HAND_TASKS = ["hand_flops", "hand_seconds", "hand_pairs", "quiz"]


def module(overrides: dict[str, str] | None = None, head: str = "import numpy as np\n",
           tail: str = "", base: dict[str, str] = CORRECT) -> str:
    """A prefill.py: the correct functions (or `base`), some replaced by `overrides`."""
    overrides = overrides or {}
    return head + "".join(overrides.get(n, base[n]) for n in ORDER) + tail


STUB_MODULE = module(base=STUB)


# --- Part 1 answers ------------------------------------------------------------------------------

LESSON_PARAMS = {"N": 7e9, "P": 1000, "peak": 1e14, "utilization": 0.5, "T": 4}


def own_answers(params: dict) -> dict[str, str]:
    """The hand answers computed from a student's numbers (grader variant's parameters)."""
    n, p, peak, u, t = (params[k] for k in ("N", "P", "peak", "utilization", "T"))
    flops = 2 * n * p
    seconds = flops / (peak * u)
    return {"flops": f"{flops:.6g}", "seconds": f"{seconds:.6g}", "pairs": str(t * (t + 1) // 2),
            "quiz": "B"}


RIGHT = own_answers(LESSON_PARAMS)  # 1.4e+13, 0.28, 10, B


def toml_str(value: str) -> str:
    """A TOML basic string holding value."""
    return json.dumps(value, ensure_ascii=False)


def answers_toml(values: dict[str, str] | None = None, raw_lines: str = "") -> str:
    """answers.toml with the right answers, some replaced by `values`; raw_lines appended as is."""
    v = dict(RIGHT)
    v.update(values or {})
    body = "".join(f"{k} = {toml_str(v[k])}\n" for k in ("flops", "seconds", "pairs", "quiz"))
    return "# my answers\n" + body + raw_lines


# --- notebooks ----------------------------------------------------------------------------------

def _cell(kind: str, src: str, i: int) -> dict:
    cell = {"cell_type": kind, "id": f"c{i:04d}", "metadata": {}, "source": src.splitlines(True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def notebook(funcs: dict[str, str] | None = None, answers: dict[str, str] | None = None,
             extra_cells: list[tuple[str, str]] | None = None, stub: bool = False) -> dict:
    """An nbformat 4.5 notebook laid out as the exercise's: ANSWERS cells, numpy, one cell a function."""
    a = dict(RIGHT)
    a.update(answers or {})
    base = STUB if stub else CORRECT
    funcs = {**base, **(funcs or {})}
    if stub:
        a = {"flops": "", "seconds": "", "pairs": "", "quiz": ""}
    cells = [("markdown", "# Prefill\nMy work."),
             ("code", "# ANSWERS\n" + "".join(f"{k} = {toml_str(a[k])}\n" for k in ("flops", "seconds", "pairs"))),
             ("code", "import numpy as np")]
    cells += [("code", funcs[n].strip() + "\n") for n in ORDER]
    cells += extra_cells or []
    cells.append(("code", f"# ANSWERS\nquiz = {toml_str(a['quiz'])}\n"))
    return {"cells": [_cell(k, s, i) for i, (k, s) in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}, "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def write_notebook(path: Path, nb: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


# --- files --------------------------------------------------------------------------------------

def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def folder(path: Path, mod: str | None = None, answers: str | None = None) -> Path:
    """A submission folder: prefill.py and answers.toml (each left out when None)."""
    path.mkdir(parents=True, exist_ok=True)
    if mod is not None:
        write(path / "prefill.py", mod)
    if answers is not None:
        write(path / "answers.toml", answers)
    return path


def make_zip(path: Path, members: dict[str, str | bytes]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def zip_ok(path: Path) -> bool:
    """The zip opens and every member reads back (a build check, not a judgement)."""
    with zipfile.ZipFile(path) as z:
        return z.testzip() is None


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


# --- submissions shared by several cases ----------------------------------------------------------

WRONG = {  # plausible wrong work: every function loses points
    "prefill_flops": "\ndef prefill_flops(N, P):\n    return N * P\n",
    "prefill_seconds": "\ndef prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n    return 1.0\n",
    "causal_pairs": "\ndef causal_pairs(P):\n    return P * P\n",
    "causal_mask": "\ndef causal_mask(P):\n    return np.ones((P, P), dtype=bool)\n",
    "prefill_matches_sequential": "\ndef prefill_matches_sequential(X, W):\n    return False\n",
}
WRONG_MODULE = module(WRONG)


def old(path: Path, seconds: float = 3600) -> Path:
    """Date a file an hour back (an earlier upload, for --keep newest)."""
    t = time.time() - seconds
    os.utime(path, (t, t))
    return path


def repo(d: Path) -> Path:
    """A course repository as a student's GitHub hand-in: README, a fake .git, latency stubs."""
    r = d / "repo"
    write(r / "README.md", "# my course work\n")
    write(r / ".git" / "HEAD", "ref: refs/heads/main\n")
    write(r / "exercises" / "latency" / "README.md", "latency stubs\n")
    return r


def sub(overrides=None, answers=None, head="import numpy as np\n", tail=""):
    """Builder of a folder `sub/`: the correct module with some functions replaced, answers.toml."""
    def b(d: Path):
        folder(d / "sub", module(overrides, head=head, tail=tail), answers_toml(answers))
    return b


def ans_sub(**values):
    """Builder of a folder `sub/`: the correct module, answers.toml with some answers replaced."""
    def b(d: Path):
        folder(d / "sub", module(), answers_toml(values))
    return b
