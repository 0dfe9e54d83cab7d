"""Reading a submitted notebook in the trusted process: JSON data, nothing more.

An ``.ipynb`` file is JSON that the student's editor (or the student) wrote. The trusted
process parses it with ``json`` only: neither nbformat's readers nor anything that could
run code ever sees it here, and nbformat stays out of the trusted process's start-up.
Every defect becomes one sentence a student can act on:

- fatal (``Notebook.problem``): the file cannot be read, is not UTF-8 or not JSON, is in an
  old (3) or unknown format, is too large, has no code cells, or its code cells together hold
  more than ``MAX_CODE_CHARS`` (the trusted process parses them; a module file is read as far
  as the same size). No code from it runs; the answers are still graded from wherever else
  they were given.

Each notebook is read once per grade: choosing the lesson, choosing between a module and its
notebook twin and grading all ask ``read_notebook``, which keeps its last answer while the file
holds the same bytes (its path, length and hash: reading and hashing cost little of what
parsing does). What it returns is read, never
changed, by those who ask; each cell's syntax tree is made once too (``CellSource.tree``). A
16 MB notebook of 1,900 code cells was parsed six times before its worker started (tens of
seconds); now once, and refused, saying why, past the code budget.
- notes (``Notebook.notes``): missing or duplicate cell ids, stored outputs and
  attachments, a kernel that is not installed here. The notebook is graded anyway.

``clean_json`` is what the worker gets: the cells' sources under fresh ids, no outputs,
no attachments, no metadata but what the grader itself sets.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path

from grader.submission.cells import CellSource, is_answers
from grader.submission.limits import MAX_NOTEBOOK_BYTES, MAX_PARSE_TOKENS, MAX_SOURCE_BYTES, parse_tokens

MAX_CELLS = 2000
MAX_CODE_CHARS = MAX_SOURCE_BYTES  # the code cells' text together: what the trusted process parses, as of a module
LARGE_STORED_BYTES = 1024 * 1024  # stored outputs and attachments above this earn a note
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
_KINDS = ("code", "markdown", "raw")


@dataclass
class Notebook:
    """A submitted notebook as the grader sees it."""

    path: Path
    cells: list[CellSource] = field(default_factory=list)  # every cell, code or not, in order
    code_numbers: frozenset[int] = frozenset()  # numbers of the code cells
    notes: list[str] = field(default_factory=list)
    problem: str | None = None  # why none of its code can run; None when it can
    metadata: dict = field(default_factory=dict)  # the notebook's own metadata: read as data, never trusted
    cell_metadata: list = field(default_factory=list)  # each cell's metadata dict, as data (grader.submission.claims)

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def code_cells(self) -> list[CellSource]:
        return [cell for cell in self.cells if cell.number in self.code_numbers]

    def cell(self, number: int) -> CellSource | None:
        return self.cells[number - 1] if 1 <= number <= len(self.cells) else None


_last: tuple[tuple, Notebook] | None = None  # the last notebook read, and which bytes it was
_last_lock = threading.Lock()


def read_notebook(path: Path) -> Notebook:
    """Parse and check ``path``, once while it holds the same bytes (see the module docstring);
    never raises for anything the file itself contains."""
    global _last
    path = Path(path)
    notebook = Notebook(path)
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_NOTEBOOK_BYTES:
            notebook.problem = (f"{name} is {_megabytes(size)}, more than the {_megabytes(MAX_NOTEBOOK_BYTES)} "
                                "a notebook may have (stored outputs or images? clear all outputs and save again)")
            return notebook
        raw = path.read_bytes()
    except OSError as exc:
        notebook.problem = f"{name} cannot be read ({exc.strerror or exc})"
        return notebook
    # the bytes themselves, not the file's times: a file rewritten within one clock tick is read again
    identity = (os.path.abspath(path), len(raw), hashlib.blake2b(raw, digest_size=16).digest())
    with _last_lock:
        if _last is not None and _last[0] == identity:
            return _last[1]
    _parse(notebook, raw)
    with _last_lock:
        _last = (identity, notebook)
    return notebook


def _parse(notebook: Notebook, raw: bytes) -> None:
    name = notebook.name
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        notebook.problem = (f"{name} is not UTF-8 text (byte {exc.start} is not valid UTF-8): save it again from "
                            "Jupyter or VS Code, which write notebooks as UTF-8")
        return
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        notebook.problem = (f"{name} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
                            "was it saved completely, or edited by hand?")
        return
    except RecursionError:
        notebook.problem = f"{name} is not valid JSON (it is nested too deeply to read)"
        return
    except ValueError as exc:  # e.g. a number of more digits than Python converts
        notebook.problem = f"{name} is not valid JSON ({str(exc).splitlines()[0][:200]})"
        return
    notebook.problem = _format_problem(name, data)
    if isinstance(data, dict) and isinstance(data.get("metadata"), dict):
        notebook.metadata = data["metadata"]  # a claimed student id may be there (grader.submission.claims)
    if notebook.problem is None:
        _read_cells(notebook, data)


def _format_problem(name: str, data) -> str | None:
    if not isinstance(data, dict) or "nbformat" not in data:
        return f"{name} is not a Jupyter notebook (its JSON has no 'nbformat' version)"
    version = data["nbformat"]
    if type(version) is not int:
        return f"{name} is not a Jupyter notebook (its 'nbformat' version is {str(version)[:20]!r}, not a number)"
    if version < 4:
        return (f"{name} is in notebook format {version}, from before 2015, which the grader does not run: open it "
                "in JupyterLab or VS Code and save it, which converts it to format 4")
    if version > 4:
        return f"{name} is in notebook format {version}, newer than the format 4 the grader knows"
    if not isinstance(data.get("cells"), list):
        return f"{name} has no list of cells (the notebook's 'cells' entry is missing or not a list)"
    if len(data["cells"]) > MAX_CELLS:
        return f"{name} has {len(data['cells'])} cells; the grader runs notebooks of at most {MAX_CELLS} cells"
    return None


def _over_budget(notebook: Notebook) -> None:
    """Code cells past the trusted process's parse budget (``limits.MAX_PARSE_TOKENS``, for the cells together, in
    order, as for a module) are marked not to be parsed, with a note: they still run, but what they define is not
    read before (a stub in them is not told apart). 900 KB of ``x = 1`` lines in one cell once cost the trusted
    process 390 MB, its syntax tree kept for the whole grade."""
    left, skipped = MAX_PARSE_TOKENS, []
    for index, cell in enumerate(notebook.cells):
        if cell.number not in notebook.code_numbers or is_answers(cell):
            continue
        cost = parse_tokens(cell.source, left) if left >= 0 else 1
        left -= cost
        if left < 0:
            notebook.cells[index] = replace(cell, parsable=False)
            skipped.append(cell.number)
    if skipped:
        one = len(skipped) == 1
        notebook.notes.append(f"{notebook.name}: {_cells(skipped)} {'holds' if one else 'hold'} more code than the "
                              f"grader reads before running a notebook; {'it runs' if one else 'they run'} as written, "
                              f"but the grader did not look in {'it' if one else 'them'} for unfinished functions")


def _read_cells(notebook: Notebook, data: dict) -> None:
    name = notebook.name
    minor = data.get("nbformat_minor") if type(data.get("nbformat_minor")) is int else 0
    ids: dict[str, int] = {}
    missing, duplicates, odd, stored = [], [], [], 0
    code = set()
    for number, cell in enumerate(data["cells"], start=1):
        if not isinstance(cell, dict):
            odd.append(number)
            notebook.cells.append(CellSource(number, ""))
            continue
        kind, source = cell.get("cell_type"), _text(cell.get("source"))
        if kind not in _KINDS or source is None:
            odd.append(number)
            source = ""
        notebook.cells.append(CellSource(number, source))
        if isinstance(cell.get("metadata"), dict):
            notebook.cell_metadata.append(cell["metadata"])
        if kind == "code" and source.strip():
            code.add(number)
        cell_id = cell.get("id")
        if not isinstance(cell_id, str) or not cell_id:
            missing.append(number)
        elif cell_id in ids:
            duplicates.append((ids[cell_id], number, cell_id))
        else:
            ids[cell_id] = number
        stored += _stored_bytes(cell)
    notebook.code_numbers = frozenset(code)
    written = sum(len(cell.source) for cell in notebook.cells if cell.number in code)
    if written > MAX_CODE_CHARS:
        notebook.problem = (f"{name} holds {_megabytes(written)} of code in its code cells, more than the "
                            f"{_megabytes(MAX_CODE_CHARS)} the grader reads (data pasted into a cell? read it from a "
                            "file beside the notebook instead)")
        notebook.code_numbers = frozenset()  # nothing of it is parsed, nor run
        return
    if not code:
        notebook.problem = (f"{name} has no code cells with code in them: write each function of the exercise in a "
                            "code cell")
        return
    _over_budget(notebook)
    if missing and minor >= 5:
        notebook.notes.append(f"{name}: {_cells(missing)} {'has' if len(missing) == 1 else 'have'} no id, which "
                              f"notebook format 4.{minor} requires; the grader numbered them itself")
    for first, second, cell_id in duplicates[:3]:
        notebook.notes.append(f"{name}: cells {first} and {second} have the same id {cell_id[:40]!r}; the grader "
                              "gave them ids of their own (an editor that copies cells by hand can cause this)")
    if odd:
        notebook.notes.append(f"{name}: {_cells(odd)} {'is' if len(odd) == 1 else 'are'} not a code, markdown or "
                              "raw cell with text, and the grader skipped them")
    if stored > LARGE_STORED_BYTES:
        notebook.notes.append(f"{name} stores {_megabytes(stored)} of outputs and attachments; the grader ignores "
                              "them and runs every cell again (clearing all outputs before saving keeps the file "
                              "small)")
    kernel = data.get("metadata", {}).get("kernelspec") if isinstance(data.get("metadata"), dict) else None
    if isinstance(kernel, dict) and kernel.get("name") not in (None, KERNEL["name"]):
        language = str(kernel.get("language") or "an unknown language")[:40]
        wanted = str(kernel.get("name"))[:60]
        if language.lower() == "python":
            notebook.notes.append(f"{name} asks for the kernel {wanted!r}, which is not installed here; the grader "
                                  "runs every Python notebook with its own Python 3 kernel (ipykernel)")
        else:
            notebook.notes.append(f"{name} asks for the kernel {wanted!r} ({language}), which is not installed "
                                  "here; the grader ran it with Python 3 (ipykernel), so code in another language "
                                  "fails")


def _text(source) -> str | None:
    """A cell's source: a string, or (as nbformat writes it) a list of lines."""
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        return "".join(source)
    return None


def _stored_bytes(cell: dict) -> int:
    """Roughly how much of the file a cell's outputs and attachments take."""
    total = 0
    for key in ("outputs", "attachments"):
        if cell.get(key):
            try:
                total += len(json.dumps(cell[key]))
            except (TypeError, ValueError, RecursionError):
                continue
    return total


def _cells(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:8])) + (", …" if len(numbers) > 8 else "")
    return f"cell {shown}" if len(numbers) == 1 else f"cells {shown}"


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def clean_json(notebook: Notebook, grader_metadata: dict) -> str:
    """The notebook the worker runs: every cell's source under a fresh id, no outputs.

    Cells keep their places (markdown included), so that the worker's cell numbers are
    the student's. ``grader_metadata`` (time limits) travels in the notebook's metadata;
    nothing of the student's metadata does.
    """
    cells = []
    for cell in notebook.cells:
        if cell.number in notebook.code_numbers:
            cells.append({"cell_type": "code", "id": f"c{cell.number}", "source": cell.source, "metadata": {},
                          "outputs": [], "execution_count": None})
        else:
            cells.append({"cell_type": "markdown", "id": f"c{cell.number}", "source": "", "metadata": {}})
    metadata = {"kernelspec": KERNEL, "language_info": {"name": "python"}, "grader": grader_metadata}
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": metadata, "cells": cells})
