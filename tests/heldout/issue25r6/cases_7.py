"""Class 7: work the trusted process does for a submission, unbounded (time and peak memory).

Bounds (common.py): a module case 60 s / 700 MB, an answers-file case 20 s / 400 MB, a notebook
case 150 s / 900 MB, for the grader's whole process tree. Why these hold an honest grader: every
value here is refused or bounded by a documented limit (docs/security.md: a value over 32 MiB or a
JSON document over 1 MiB refused unread, a value far bigger than the reference's never given to
the diagnosis models, copied or kept; docs/students.md: a notebook over 32 MB or with more than
1 MB of code refused; the worker's output discarded).
"""
from __future__ import annotations

import json
import tomllib

import subs as S
from cases import Case
from common import ANS_BOUND, CODE_BOUND, NB_BOUND, load, p_bounded_no_fault


def amp_case(cid, what, make, bound, verify=None, audience="student"):
    return Case(cid, 7, what, make, p_bounded_no_fault(bound, audience=audience), verify,
                timeout=bound[0] + 90)


def with_bodies(body: str, only=None) -> dict:
    return {k: v.split(":\n", 1)[0] + ":\n" + body for k, v in S.FUNCS.items() if only is None or k in only}


def mk_mod(replace=None, prefix=""):
    def mk(tmp):
        src = S.module(replace, prefix=prefix)
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return mk


def mk_ans(text):
    def mk(tmp):
        return {"sub": S.folder(tmp / "sub", S.module(), text), "text": text}
    return mk


CAUSES = with_bodies('''    e = None
    for i in range(50000):
        x = ValueError("step %d" % i)
        x.__cause__ = e
        e = x
    raise e
''')
GROUP = with_bodies('''    raise ExceptionGroup("many", [ValueError(str(i)) for i in range(200000)])
''')
EMPTY_HUGE = with_bodies("    return np.zeros((0, 2 ** 40), dtype=bool)\n", only=("causal_mask", "causal_pairs"))
BROADCAST = with_bodies("    return np.broadcast_to(np.True_, (40000, 40000))\n", only=("causal_mask",))
PRINTS = {k: v.replace(":\n", ":\n    print('x' * 20_000_000)\n", 1) for k, v in S.FUNCS.items()}


def v_causes(st):
    try:
        load(st["src"])["causal_pairs"](4)
    except ValueError as e:
        n, x = 0, e
        while x is not None:
            n, x = n + 1, x.__cause__
        return n == 50000, f"raises a ValueError with a chain of {n} causes"
    return False, "did not raise"


def v_group(st):
    try:
        load(st["src"])["causal_pairs"](4)
    except ExceptionGroup as e:
        return len(e.exceptions) == 200000, f"an ExceptionGroup of {len(e.exceptions)}"
    return False, "did not raise"


def v_empty(st):
    m = load(st["src"])["causal_mask"](5)
    return m.size == 0 and m.shape == (0, 2 ** 40), f"shape {m.shape}, {m.nbytes} bytes"


def v_broadcast(st):
    m = load(st["src"])["causal_mask"](5)
    return type(m).__name__ == "ndarray" and m.nbytes == 1.6e9 and m.base is not None, \
        f"shape {m.shape}, nbytes {m.nbytes / 1e9:.1f} GB logical, one byte real"


def v_prints(st):
    return st["src"].count("print('x' * 20_000_000)") == 5, "every function prints 20 MB per call"


def nb_outputs(tmp):
    cells = [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None, "outputs": [],
              "source": s} for i, s in enumerate(["import numpy as np"] + list(S.FUNCS.values()))]
    outs = [{"output_type": "stream", "name": "stdout", "text": "x\n"} for _ in range(400000)]
    cells.append({"cell_type": "code", "id": "log", "metadata": {}, "execution_count": 9, "outputs": outs,
                  "source": "for i in range(5):\n    print(causal_pairs(i))\n"})
    cells.append({"cell_type": "code", "id": "ans", "metadata": {}, "execution_count": None, "outputs": [],
                  "source": "# ANSWERS\n" + "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items())})
    nb = json.dumps({"nbformat": 4, "nbformat_minor": 5, "cells": cells, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}})
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "size": len(nb)}


def v_outputs(st):
    nb = json.loads((st["sub"]).read_text())
    n = sum(len(c.get("outputs", [])) for c in nb["cells"])
    return st["size"] < 32_000_000 and n == 400000, f"{st['size'] / 1e6:.1f} MB, {n} stored outputs"


PRINT_CELL = "for _ in range(300):\n    print('y' * 1_000_000)\n"


def nb_prints(tmp):
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + [PRINT_CELL]
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb)}


NEAR_KEYS = "".join(f'flps{i} = "1.4e13"\n' for i in range(45000)) + S.answers()
BIG_DIGITS = S.answers({"pairs": "1" + "0" * 900000})


def v_text(st):
    d = tomllib.loads(st["text"])
    n = len(st["text"].encode())
    return n < 1 << 20, f"valid TOML, {n} bytes, {len(d)} keys"


C7 = [
    amp_case("7a", "every function raises a ValueError whose __cause__ chain is 50000 exceptions long: "
             "held within 60 s / 700 MB, no exit 3, no traceback", mk_mod(CAUSES), CODE_BOUND, v_causes),
    amp_case("7b", "every function raises an ExceptionGroup of 200000 ValueErrors: held within 60 s / "
             "700 MB, no exit 3, no traceback", mk_mod(GROUP), CODE_BOUND, v_group),
    amp_case("7c", "a correct notebook (~22 MB, under 32 MB) whose log cell keeps 400000 small stored "
             "stream outputs (400000 JSON objects to parse): held within 150 s / 900 MB, no exit 3",
             nb_outputs, NB_BOUND, v_outputs),
    amp_case("7d", "answers.toml: the right answers beside 45000 near-miss keys (flps0 ... flps44999, "
             "~900 KB, each a 'misspelled' flops): held within 20 s / 400 MB, no exit 3",
             mk_ans(NEAR_KEYS), ANS_BOUND, v_text),
    amp_case("7e", "answers.toml: pairs is a 900001-digit number ('1' then 900000 zeros, ~900 KB): held "
             "within 20 s / 400 MB, no exit 3", mk_ans(BIG_DIGITS), ANS_BOUND, v_text),
    amp_case("7f", "causal_mask and causal_pairs return np.zeros((0, 2**40), bool) (no bytes, a "
             "dimension of a trillion): held within 60 s / 700 MB, no exit 3", mk_mod(EMPTY_HUGE),
             CODE_BOUND, v_empty),
    amp_case("7g", "causal_mask returns np.broadcast_to(True, (40000, 40000)) (1.6 GB as declared, "
             "one byte in memory; over the 32 MiB refusal): held within 60 s / 700 MB, no exit 3",
             mk_mod(BROADCAST), CODE_BOUND, v_broadcast),
    amp_case("7h", "correct functions that each print 20 MB on every call, graded with --audience "
             "instructor (who may read what the submission printed): held within 60 s / 700 MB, no exit 3",
             mk_mod(PRINTS), CODE_BOUND, v_prints, audience="instructor"),
    amp_case("7i", "a correct notebook whose last cell prints 300 MB (300 lines of 1 MB) through the "
             "kernel: held within 150 s / 900 MB, no exit 3", nb_prints, NB_BOUND,
             lambda st: (True, "cell: " + PRINT_CELL.splitlines()[1].strip())),
]

CASES = C7
