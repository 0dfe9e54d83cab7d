"""What a notebook's cells say, read by parsing only: definitions, stubs, ANSWERS cells.

The trusted process must recognise untouched stubs, know which cell defines which graded
function (to name that cell when it failed) and read the by-hand answers, all without
running a line of the notebook. Cells are Python plus IPython syntax (``%magic``,
``!shell``), which ``ast`` cannot parse, so such lines are blanked first, keeping every
other line where it was; a cell that still does not parse defines nothing here (running
it will say why).

It uses only ``ast``, ``re`` and the answers file's merging rules (``answers_file.put``):
parsing a notebook must cost the trusted process nothing more.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from functools import cached_property

from grader.submission.answers_file import Answers, opens, put
from grader.submission.stubs import last_bindings, stubs_among  # the same rule as for a module file
from grader.submission.stubs import parse as parse_source

MAX_CELL_CHARS = 1 << 20  # a cell longer than this is not parsed (it is still run)
ANSWERS_MARK = re.compile(r"#\s*ANSWERS\b")
# cell magics whose body is ordinary Python run in the notebook's namespace
_PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun"}
_TEXT_DEF = re.compile(r"(?m)^(?:async[ \t]+)?def[ \t]+(\w+)")
_MAGIC_ASSIGNMENT = re.compile(r"[\w, ]+=\s*[!%]")  # files = !ls, t = %timeit -o f()
MAX_STRAY_LINES = 50  # of one ANSWERS cell: past these the rest of the cell is not read
MAX_STATEMENT_LINES = 50  # of one answer that spans lines (an open bracket or string)
_TYPED = re.compile(r"([A-Za-z_]\w*)\s*=(?!=)\s*(\S.*)")  # key = what was typed, at the left margin


@dataclass(frozen=True)
class CellSource:
    """The part of a cell these functions read: its position (1-based, counted over all
    cells from the top, as a student scrolls) and its text."""

    number: int
    source: str
    parsable: bool = True  # False past the notebook's parse budget (``limits.MAX_PARSE_TOKENS``): run, never parsed

    @property
    def first_line(self) -> str:
        """The cell's first non-blank line, shortened: how a student recognises the cell."""
        line = next((text.strip() for text in self.source.splitlines() if text.strip()), "")
        return line if len(line) <= 60 else line[:59] + "…"

    @property
    def label(self) -> str:
        return f"cell {self.number} (`{self.first_line}`)" if self.first_line else f"cell {self.number}"

    @cached_property
    def tree(self) -> ast.Module | None:
        """``parse``'s tree, made once per cell: the stubs, the definitions and the facts all ask for it,
        and a notebook's cells parsed again for each cost the trusted process seconds (issue 25). Read, never
        changed, by those who ask."""
        if not self.parsable or len(self.source) > MAX_CELL_CHARS:
            return None
        try:
            return parse_source(python_source(self.source))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None


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


def magic_modules(source: str) -> set[str]:
    """The modules a cell's magics import: matplotlib for ``%matplotlib`` and ``%pylab``, the
    extension for ``%load_ext``."""
    found = set()
    for line in source.splitlines():
        words = line.strip().split()
        if words and words[0] in ("%matplotlib", "%pylab"):
            found.add("matplotlib")
        elif len(words) > 1 and words[0] == "%load_ext" and words[1].split(".")[0].isidentifier():
            found.add(words[1].split(".")[0])
    return found


def parse(cell: CellSource) -> ast.Module | None:
    """The cell's syntax tree, or None when it is not Python this module can read (made once: ``CellSource.tree``)."""
    return cell.tree


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
    """Functions whose last binding, in cell order, is a definition with only a docstring, ``pass`` or ``...`` in
    its body (``stubs.last_bindings``: a name assigned again later is no stub)."""
    found: dict = {}
    for cell in cells:
        tree = None if is_answers(cell) else parse(cell)
        if tree is not None:
            last_bindings(tree.body, found)
    return stubs_among(found)


def is_answers(cell: CellSource) -> bool:
    """An ANSWERS cell starts with a ``# ANSWERS`` comment line."""
    first = next((line.strip() for line in cell.source.splitlines() if line.strip()), "")
    return bool(ANSWERS_MARK.match(first))


def read_answers(cells: list[CellSource]) -> tuple[Answers | None, str | None]:
    """The answers given in the ANSWERS cells, as ``answers.toml`` would give them.

    Each ``key = value`` line counts: a literal (``"1.4e13"``, ``10``, ``0.28``) as itself,
    anything else (``2 * 7e9 * 1000``, ``1.4 × 10^13``, even a line Python cannot parse) as
    its text, which the answer's grading then reads like a typed answer or refuses with the
    accepted forms. Nothing is evaluated. A line that is not an answer at all is said once
    in the notes. Answers are gathered over the cells in order, so that a typed answer is
    never replaced by a later empty one (the template's ``quiz = ""`` in another ANSWERS
    cell); two typed ones are kept as a conflict for grading to decide
    (``grader.submission.answers_file.put``). Returns (None, None) without ANSWERS cells.
    """
    marked = [cell for cell in cells if is_answers(cell)]
    if not marked:
        return None, None
    answers = Answers()
    for cell in marked:
        if len(cell.source) > MAX_CELL_CHARS:
            return None, f"the ANSWERS {cell.label} is longer than {MAX_CELL_CHARS} characters"
        stray: list[tuple[int, str]] = []
        for number, key, value in _assignments(cell.source, stray):
            put(answers, key, value, f"cell {cell.number}, line {number}")
        if stray:
            number, what = stray[0]
            more = f" (and {len(stray) - 1} more)" if len(stray) > 1 else ""
            answers.notes.append(f"the ANSWERS cell {cell.number} has a line that is not an answer{more}: line "
                                 f"{number}, {what}; write one answer per line, like name = \"your answer\"")
    return answers, None


def _assignments(source: str, stray: list[tuple[int, str]]) -> list[tuple[int, str, object]]:
    """(line number, key, value) of each answer in a cell, in order; lines that cannot be read
    as Python are read one statement at a time, and what answers nothing goes to ``stray``."""
    try:
        return _from_tree(parse_source(source), source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        pass
    found, lines, i = [], source.splitlines(), 0
    while i < len(lines) and len(stray) <= MAX_STRAY_LINES:
        if not lines[i].strip() or lines[i].lstrip().startswith("#"):
            i += 1
            continue
        end, read = _statement(lines, i)
        if isinstance(read, list):
            found += [(number + i, key, value) for number, key, value in read]
        elif typed := _TYPED.match(lines[i]):  # flops = 1.4 × 10^13: not Python, but a typed answer all the same
            found.append((i + 1, typed.group(1), _typed_text(typed.group(2))))
        else:
            stray.append((i + 1, f"{lines[i].strip()[:60]!r} ({getattr(read, 'msg', None) or type(read).__name__})"))
        i = end
    return found


def _statement(lines: list[str], i: int) -> tuple[int, list | Exception]:
    """(the line after the statement at ``i``, its answers) or (i + 1, why it does not parse): a
    statement is one line, or as many as its open bracket or string needs."""
    error: Exception = SyntaxError("invalid syntax")
    for end in range(i + 1, min(len(lines), i + MAX_STATEMENT_LINES) + 1):
        chunk = textwrap.dedent("\n".join(lines[i:end]))
        try:
            return end, _from_tree(parse_source(chunk), chunk)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
            error = error if end > i + 1 else exc
            if not opens(lines[i]):
                break
    return i + 1, error


def _from_tree(tree: ast.Module, source: str) -> list[tuple[int, str, object]]:
    lines = source.splitlines()
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found.append((node.lineno, node.targets[0].id, _value(node.value, lines)))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            found.append((node.lineno, node.target.id, _value(node.value, lines)))
    return found


def _typed_text(text: str) -> str:
    """The answer typed after ``=`` on a line that is not Python: its comment and its quotes left out."""
    text = text.strip()
    if text[:1] in "\"'":  # a string whose quotes do not close: what is between them is what was typed
        return text.strip(text[0]).strip()
    return re.sub(r"\s+#.*$", "", text).strip()


def _value(node: ast.expr, lines: list[str]):
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return ast.get_source_segment("\n".join(lines), node) or ""
