"""Submissions for the battery: correct functions written from the lesson's Part 2 text, the
stubs, wrong work, answers files, notebooks, zips and repository layouts.

Why a module of its own: every attack is "a correct submission with one thing changed", so
the correct pieces live here once and each case swaps in the piece it attacks.
"""
from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

HEADER = "import numpy as np\n\n"

# The five functions, written from the lesson's Part 2 text (not from any solution file).
FUNCS = {
    "prefill_flops": '''def prefill_flops(N, P):
    return 2 * N * P
''',
    "prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
''',
    "causal_pairs": '''def causal_pairs(P):
    return P * (P + 1) // 2 if isinstance(P, int) else P * (P + 1) / 2
''',
    "causal_mask": '''def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))
''',
    "prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        seq[i] = running
    return bool(np.allclose(together, seq))
''',
}

STUB = '''import numpy as np

def prefill_flops(N, P):
    pass

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

def causal_pairs(P):
    pass

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
'''

RIGHT_ANSWERS = {"flops": "1.4e13", "seconds": "0.28 s", "pairs": "10", "quiz": "B"}


def module(replace: dict[str, str] | None = None, prefix: str = "", suffix: str = "") -> str:
    """A correct module with the functions of `replace` swapped in (full def text)."""
    funcs = dict(FUNCS)
    funcs.update(replace or {})
    return HEADER + prefix + "\n".join(funcs[k] for k in FUNCS) + suffix


def toml_str(v: str) -> str:
    return json.dumps(v, ensure_ascii=False)


def answers(over: dict[str, str] | None = None, raw: str | None = None) -> str:
    """An answers.toml: the right answers with `over` replacing some (values are TOML-quoted)."""
    if raw is not None:
        return raw
    a = dict(RIGHT_ANSWERS)
    a.update(over or {})
    return "".join(f"{k} = {toml_str(v)}\n" for k, v in a.items())


def answers_with_working() -> str:
    return answers({"flops": "2 × 7e9 × 1000 = 1.4e13", "seconds": "1.4e13 / 5e13 = 0.28 s",
                    "pairs": "10 (4 + 3 + 2 + 1)", "quiz": "B, because each position waits for earlier ones"})


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def folder(path: Path, mod: str | None = None, ans: str | None = None, name: str = "prefill.py") -> Path:
    path.mkdir(parents=True, exist_ok=True)
    if mod is not None:
        write(path / name, mod)
    if ans is not None:
        write(path / "answers.toml", ans)
    return path


def notebook(cells: list[str], answers_cell: str | None = None) -> str:
    """A minimal nbformat-4 notebook of code cells (ids given), optional ANSWERS cell."""
    src = list(cells)
    if answers_cell is not None:
        src.append("# ANSWERS\n" + answers_cell)
    nb_cells = [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
                 "outputs": [], "source": s} for i, s in enumerate(src)]
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "cells": nb_cells, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}})


def correct_notebook(replace: dict[str, str] | None = None, with_answers: bool = True) -> str:
    funcs = dict(FUNCS)
    funcs.update(replace or {})
    cells = ["import numpy as np"] + [funcs[k] for k in FUNCS]
    ans = "".join(f"{k} = {toml_str(v)}\n" for k, v in RIGHT_ANSWERS.items()) if with_answers else None
    return notebook(cells, ans)


def stub_notebook() -> str:
    cells = ["import numpy as np"] + [f"def {k}{sig}:\n    pass\n" for k, sig in [
        ("prefill_flops", "(N, P)"), ("prefill_seconds", "(N, P, flops_per_sec, utilization=1.0)"),
        ("causal_pairs", "(P)"), ("causal_mask", "(P)"), ("prefill_matches_sequential", "(X, W)")]]
    return notebook(cells, 'flops = ""\nseconds = ""\npairs = ""\nquiz = ""\n')


def zip_dir(src: Path, dest: Path, arc_prefix: str = "") -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for root, _dirs, files in os.walk(src):
            for f in sorted(files):
                p = Path(root) / f
                z.write(p, arc_prefix + str(p.relative_to(src)))
    return dest


def zip_files(dest: Path, members: dict[str, str | bytes]) -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return dest


def repository(path: Path, mod: str, ans: str) -> Path:
    """A course repository as a student's clone brings it: README, exercises/prefill/ with work,
    the other lesson's untouched folder, a .git folder of noise."""
    write(path / "README.md", "# my course repo\n")
    folder(path / "exercises" / "prefill", mod, ans)
    write(path / "exercises" / "latency" / "README.md", "latency lesson\n")
    write(path / ".git" / "HEAD", "ref: refs/heads/main\n")
    return path
