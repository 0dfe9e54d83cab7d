"""Formulas of the arguments that every wrong answer of a function lies on: a line, or for one argument a curve.

``grader.grading.relations`` reads what a wrong function's answers have in common with the right ones; where the
answers have nothing in common with them, they may still all be one formula of the student's own (5·P − 10, a
line fitted through the lesson's examples; P²/2 rounded down behind two examples answered from a table). The
formula is said as a fact, with its coefficients as found, only where more answers lie on it than it has
coefficients, so that any set of answers does not fit.
"""

from __future__ import annotations

import math

import numpy as np


def close(a: float, b: float, rel: float = 1e-9) -> bool:
    """Equal, or within ``rel`` of each other: what two answers being the same means throughout."""
    return a == b or (math.isfinite(a) and math.isfinite(b) and abs(a - b) <= rel * max(abs(a), abs(b)))


def linear(function, names, answers, reference) -> str:
    """Each answer one straight-line formula of the arguments (5·P − 10, 2·N + 2·P), which no function of the lesson
    is: a formula of the wrong shape (a line fitted through the lesson's examples), said as the student's own. Its
    coefficients are whole numbers, or 4 significant digits, and it must give every answer (to 1e-9)."""
    try:
        rows = np.array([[float(x) for x in a.args] + [1.0] for a in answers])
    except (TypeError, ValueError):
        return ""
    got = np.array([a.got for a in answers])
    if len(answers) < rows.shape[1] + 2 or not np.all(np.isfinite(rows)) or not np.all(np.isfinite(got)) \
            or any(len(set(column)) < 3 for column in rows[:, :-1].T):
        return ""  # (an argument held at one or two values would make any formula a line in it)
    scale = np.abs(rows).max(axis=0)
    scale[scale == 0] = 1.0
    fitted = np.linalg.lstsq(rows / scale, got, rcond=None)[0] / scale
    coefficients = [float(round(c)) if abs(c - round(c)) <= 1e-6 * max(1.0, abs(c)) else float(f"{c:.4g}")
                    for c in fitted]
    for intercept in dict.fromkeys((coefficients[-1], 0.0)):
        line = [*coefficients[:-1], intercept]
        if any(line[:-1]) and all(close(a.got, float(np.dot(r, line))) for a, r in zip(answers, rows, strict=True)):
            return f"each answer is {formula(names, line)}, a straight line in " + (
                f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else names[0])
    return ""


def formula(names, line) -> str:
    """5·P − 10 from ("P",) and [5, -10]; a coefficient of one is left out, a zero term too."""
    terms = [(c, "" if name is None else name) for c, name in zip(line, [*names, None], strict=True) if c]
    out = ""
    for i, (c, name) in enumerate(terms):
        size = abs(c)
        text = (f"{size:g}" if not name or size != 1 else "") + ("·" if name and size != 1 else "") + name
        out += (("−" if c < 0 else "") + text) if i == 0 else ((" − " if c < 0 else " + ") + text)
    return out


def quadratic(function, names, answers, reference) -> str:
    """The wrong answers of a function of one argument all a·x² + b·x + c, or that rounded down, with a, b and c
    halves (P²/2, P·(P − 1)), on at least four values of it (two for a·x² alone: P²/2 past some length), said
    with where the answers were right: the few (the lesson's examples, answered from a table), or all below
    every wrong one (a shortcut past some length), without the inputs."""
    wrong = [a for a in answers if not close(a.got, a.want)]
    try:
        xs = np.array([float(a.args[0]) for a in wrong])
    except (TypeError, ValueError, IndexError):
        return ""
    got = np.array([a.got for a in wrong])
    if len(names) != 1 or len(set(xs.tolist())) < 2 or not (np.all(np.isfinite(xs)) and np.all(np.isfinite(got))):
        return ""
    rows = np.stack([xs ** 2, xs, np.ones_like(xs)], axis=1)
    scale = np.abs(rows).max(axis=0)
    fitted = np.linalg.lstsq(rows / scale, got, rcond=None)[0] / scale
    a, b, c = (round(2 * c) / 2 for c in fitted)  # (a rounding down pulls the fit's lower terms off their halves)
    alone = round(2 * float(got[-1] / xs[-1] ** 2)) / 2  # x² alone: one coefficient, so two answers suffice
    curves = [(a, b, c), (a, b, 0.0), (a, 0.0, c), (a, 0.0, 0.0)] if len(set(xs.tolist())) >= 4 else []
    for curve in dict.fromkeys([*curves, (alone, 0.0, 0.0)]):
        exact = rows @ np.array(curve)
        for shown, values in (("", exact), (", rounded down", np.floor(exact))):
            if curve[0] and all(close(answer.got, float(v)) for answer, v in zip(wrong, values, strict=True)):
                right = sorted({answer.args[0] for answer in answers if answer not in wrong})
                where = (f"; the right ones are at {names[0]} = {', '.join(f'{x:g}' for x in right)} only"
                         if right and len(right) <= 3 else
                         f"; every {names[0]} it answered wrongly is larger than every one it answered rightly"
                         if right and min(xs) > max(right) else "")
                return f"each wrong answer is {formula((f'{names[0]}²', names[0]), list(curve))}{shown}{where}"
    return ""
