"""What a notebook's cells say, read by parsing only: definitions, stubs, ANSWERS cells.

The trusted process must recognise untouched stubs, know which cell defines which graded
function (to name that cell when it failed) and read the by-hand answers, all without
running a line of the notebook. Cells are Python plus IPython syntax (``%magic``,
``!shell``), which ``ast`` cannot parse, so such lines are blanked first, keeping every
other line where it was; a cell that still does not parse defines nothing here (running
it will say why).

It uses only ``ast`` and ``re``: parsing a notebook must cost the trusted process nothing more.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from grader.submission.stubs import is_empty_body  # the same rule as for a module file

MAX_CELL_CHARS = 1 << 20  # a cell longer than this is not parsed (it is still run)
ANSWERS_MARK = re.compile(r"#\s*ANSWERS\b")
# cell magics whose body is ordinary Python run in the notebook's namespace
_PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun"}
_TEXT_DEF = re.compile(r"(?m)^(?:async[ \t]+)?def[ \t]+(\w+)")
_MAGIC_ASSIGNMENT = re.compile(r"[\w, ]+=\s*[!%]")  # files = !ls, t = %timeit -o f()


@dataclass(frozen=True)
class CellSource:
    """The part of a cell these functions read: its position (1-based, counted over all
    cells from the top, as a student scrolls) and its text."""

    number: int
    source: str

    @property
    def first_line(self) -> str:
        """The cell's first non-blank line, shortened: how a student recognises the cell."""
        line = next((text.strip() for text in self.source.splitlines() if text.strip()), "")
        return line if len(line) <= 60 else line[:59] + "…"

    @property
    def label(self) -> str:
        return f"cell {self.number} (`{self.first_line}`)" if self.first_line else f"cell {self.number}"


def python_source(source: str) -> str:
    """The cell as plain Python for ``ast``: IPython-only lines blanked, line numbers kept.

    A cell magic such as ``%%bash`` makes the whole cell something else; ``%%time`` and
    its kind run the rest of the cell as Python, so only their first line goes.
    """
    lines = source.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and lines[first].lstrip().startswith("%%"):
        name = lines[first].lstrip()[2:].split(maxsplit=1)[0] if lines[first].strip() != "%%" else ""
        if name not in _PYTHON_CELL_MAGICS:
            return ""
        lines[first] = ""
    out = []
    for line in lines:
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")) or _MAGIC_ASSIGNMENT.match(stripped):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}pass" if indent else "")
        else:
            out.append(line)
    return "\n".join(out)


def parse(cell: CellSource) -> ast.Module | None:
    """The cell's syntax tree, or None when it is not Python this module can read."""
    if len(cell.source) > MAX_CELL_CHARS:
        return None
    try:
        return ast.parse(python_source(cell.source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def definitions(cells: list[CellSource]) -> dict[str, tuple[CellSource, ast.FunctionDef | ast.AsyncFunctionDef | None]]:
    """For every top-level function, the cell of its last definition (the one that is used)
    and its node. A cell that does not parse still names the functions it tries to define
    (``def name(`` at the left margin), without a node: when it fails, the report can say
    which cell should have defined the function."""
    found: dict = {}
    for cell in cells:
        if is_answers(cell):
            continue
        tree = parse(cell)
        if tree is None:
            for name in _TEXT_DEF.findall(cell.source[:MAX_CELL_CHARS]):
                found[name] = (cell, None)
        for node in tree.body if tree else ():
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found[node.name] = (cell, node)
    return found


def unimplemented(cells: list[CellSource]) -> set[str]:
    """Functions whose last definition has only a docstring, ``pass`` or ``...`` in its body."""
    return {name for name, (_, node) in definitions(cells).items() if node is not None and is_empty_body(node.body)}


def is_answers(cell: CellSource) -> bool:
    """An ANSWERS cell starts with a ``# ANSWERS`` comment line."""
    first = next((line.strip() for line in cell.source.splitlines() if line.strip()), "")
    return bool(ANSWERS_MARK.match(first))


def read_answers(cells: list[CellSource]) -> tuple[dict | None, str | None]:
    """The answers given in the ANSWERS cells, as ``answers.toml`` would give them.

    Each ``key = value`` line counts: a literal (``"1.4e13"``, ``10``, ``0.28``) as itself,
    anything else (``2 * 7e9 * 1000``) as its text, which the answer's grading then reads
    like a typed answer or refuses with the accepted forms. Nothing is evaluated. Returns
    (None, None) without ANSWERS cells, and (None, reason) when one is not Python.
    """
    marked = [cell for cell in cells if is_answers(cell)]
    if not marked:
        return None, None
    answers: dict = {}
    for cell in marked:
        if len(cell.source) > MAX_CELL_CHARS:
            return None, f"the ANSWERS {cell.label} is longer than {MAX_CELL_CHARS} characters"
        try:
            tree = ast.parse(cell.source)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
            where = f"line {exc.lineno}: " if getattr(exc, "lineno", None) else ""
            what = getattr(exc, "msg", None) or type(exc).__name__
            return None, (f"the ANSWERS {cell.label} cannot be read ({where}{what}); write one answer per line, "
                          'like name = "your answer"')
        lines = cell.source.splitlines()
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                answers[node.targets[0].id] = _value(node.value, lines)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                answers[node.target.id] = _value(node.value, lines)
    return answers, None


def _value(node: ast.expr, lines: list[str]):
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return ast.get_source_segment("\n".join(lines), node) or ""
