"""Submission building blocks for the issue-25 battery: correct prefill functions written from the
lesson text (not from the course's solutions), answers files and notebooks."""
from __future__ import annotations

import json
import os
import zipfile

FUNCS = {
    "prefill_flops": '''def prefill_flops(N, P):
    return 2 * N * P
''',
    "prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
''',
    "causal_pairs": '''def causal_pairs(P):
    return P * (P + 1) // 2
''',
    "causal_mask": '''def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))
''',
    "prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    one_by_one = np.zeros_like(Y)
    running = np.zeros(Y.shape[1:], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        one_by_one[i] = running
    return bool(np.allclose(together, one_by_one))
''',
}
ORDER = list(FUNCS)
STUBS = {name: FUNCS[name].split("\n")[0] + "\n    pass\n" for name in ORDER}
CODE_TASKS = ORDER
HAND_TASKS = ["hand_flops", "hand_seconds", "hand_pairs", "quiz"]


def module(replace: dict | None = None, header: str = "import numpy as np\n", between: str = "") -> str:
    """A module of the five functions; `replace` maps a function name to other source."""
    replace = replace or {}
    parts = [header]
    for name in ORDER:
        parts.append("\n" + replace.get(name, FUNCS[name]))
    return "".join(parts) + between


STUB_MODULE = "import numpy as np\n" + "".join("\n" + STUBS[n] for n in ORDER)

ANSWERS = {"flops": "1.4e13", "seconds": "0.28 s", "pairs": "10", "quiz": "B"}


def answers_toml(**over) -> str:
    a = dict(ANSWERS)
    a.update(over)
    return "".join(f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in a.items())


def write(path: str, text, mode: str = "w") -> str:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    if isinstance(text, bytes):
        with open(path, "wb") as f:
            f.write(text)
    else:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return path


def folder(path: str, mod: str | None = None, answers: str | None = None) -> str:
    os.makedirs(path, exist_ok=True)
    if mod is not None:
        write(os.path.join(path, "prefill.py"), mod)
    if answers is not None:
        write(os.path.join(path, "answers.toml"), answers)
    return path


def notebook(funcs: dict | None = None, answers: dict | None = None, extra_cells=(), outputs_bytes: int = 0,
             markdown=()) -> str:
    """An nbformat-4 notebook: an ANSWERS cell, numpy, one cell per function."""
    funcs = dict(FUNCS if funcs is None else funcs)
    cells = []

    def code(src, cid, outputs=None):
        cells.append({"cell_type": "code", "id": cid, "metadata": {}, "execution_count": None,
                      "outputs": outputs or [], "source": src})

    cells.append({"cell_type": "markdown", "id": "m0", "metadata": {}, "source": "# Prefill, my work"})
    if answers is not None:
        code("# ANSWERS\n" + "".join(f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in answers.items()), "ans")
    code("import numpy as np", "imp")
    for i, name in enumerate(ORDER):
        outs = None
        if outputs_bytes:
            blob = ("iVBORw0KGgo" * (outputs_bytes // (len(ORDER) * 11) + 1))[: outputs_bytes // len(ORDER)]
            outs = [{"output_type": "display_data", "metadata": {}, "data": {"image/png": blob, "text/plain": "<Figure>"}}]
        code(funcs.get(name, STUBS[name]), f"f{i}", outs)
    for j, text in enumerate(markdown):
        cells.append({"cell_type": "markdown", "id": f"md{j}", "metadata": {}, "source": text})
    for j, src in enumerate(extra_cells):
        code(src, f"x{j}")
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "cells": cells}
    return json.dumps(nb, indent=1, ensure_ascii=False)


def zip_of(path: str, members: dict) -> str:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in members.items():
            z.writestr(name, text)
    return path
