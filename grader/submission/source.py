"""What a student's module says about itself, read by compiling and parsing it, never running it.

The failures that come before any call (a SyntaxError, a name defined twice, ``numpy``
imported under its own name while the code says ``np``, a line at the top of the file that
raises when the grader imports it) are the same in every lesson, and most of them can be
told from the source alone. ``analyse`` reads the module once and returns the facts the
engine's diagnoses need (``grader/lesson/engine_diagnoses.toml``); ``grader.submission.failures``
puts a failed import into words with them.

A SyntaxError inside one top-level function need not cost the others: ``analyse`` also
writes a *repaired* copy of the source in which each function that does not compile is
replaced, on its own first line, by one that raises when called (every other line keeps its
number). The worker imports that copy, the other functions are graded, and the broken one's
task says what Python said, where, with a caret. Python itself would refuse the whole file,
and the report says that too.

The trusted process compiles the source (``compile`` builds code objects; nothing runs), so
the errors it finds are exactly those the worker's import would raise first, including the
ones ``ast.parse`` alone misses (``return`` outside a function, a duplicate argument).
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import io
import re
import tokenize
import warnings
from dataclasses import dataclass, field, replace
from pathlib import Path

from grader.submission.cells import CellSource, is_answers, magic_modules, parse
from grader.submission.stubs import is_empty_body, last_bindings, module_source
from grader.submission.stubs import parse as parse_source

MAX_REPAIRS = 20  # functions left out of one module before the grader stops repairing it
_DEF = re.compile(r"(?:async[ \t]+)?def[ \t]+([A-Za-z_][A-Za-z0-9_]*)")
_ON_LINE = re.compile(r"expected an indented block after .* on line (\d+)")  # Python points at the line after
_MODULE_NAMES = frozenset({"__name__", "__file__", "__doc__", "__spec__", "__loader__", "__package__",
                           "__builtins__", "__path__", "__cached__", "__annotations__", "__dict__"})


@dataclass(frozen=True)
class SyntaxProblem:
    """One SyntaxError as Python reports it, and the top-level function it lies in (if any)."""

    message: str  # Python's words: "expected ':'"
    lineno: int | None
    offset: int | None  # 1-based column of the caret
    end_offset: int | None
    text: str  # the line, as written
    function: str | None = None
    kind: str = "SyntaxError"  # or IndentationError, TabError

    def picture(self) -> str:
        """The line and a caret under the spot, as Python's traceback draws them (indented by 4)."""
        stripped = self.text.rstrip("\r\n")
        if not stripped.strip():
            return ""
        lead = len(stripped) - len(stripped.lstrip())
        line = "    " + stripped.strip()
        if self.offset is None or not 0 < self.offset - lead <= len(stripped) - lead + 1:
            return line
        width = 1
        if self.end_offset is not None and self.end_offset > self.offset:
            width = min(self.end_offset, len(stripped) + 1) - self.offset
        return f"{line}\n    {' ' * (self.offset - 1 - lead)}{'^' * max(width, 1)}"

    def where(self, filename: str) -> str:
        """``line 19 of prefill.py, inside causal_pairs``."""
        place = f"line {self.lineno} of {filename}" if self.lineno else filename
        return f"{place}, inside {self.function}" if self.function else place


@dataclass(frozen=True)
class Definition:
    """One top-level ``def``: where it starts and whether it is still a stub (only ``pass``)."""

    name: str
    lineno: int
    stub: bool
    params: tuple[str, ...] = ()  # its positional parameters' names, in order (a call passes values by position)


@dataclass(frozen=True)
class SourceFacts:
    """What the engine knows about a module without running it (see the module docstring)."""

    syntax: SyntaxProblem | None = None  # the first error Python reports for the file as handed in
    broken: dict[str, SyntaxProblem] = field(default_factory=dict)  # functions left out of ``repaired``
    repaired: str | None = None  # the source with ``broken`` left out; None when it needs no repair or has none
    definitions: dict[str, tuple[Definition, ...]] = field(default_factory=dict)  # every top-level def, in order
    unbound: frozenset[str] = frozenset()  # names read but bound nowhere in the module, nor built in
    plain_numpy: int | None = None  # line of an ``import numpy`` without ``as np`` when ``np`` is read but unbound
    statements: tuple[tuple[int, int, str], ...] = ()  # (first line, last line, kind) of each top-level statement
    imports: frozenset[str] = frozenset()  # top-level modules the source imports anywhere (a notebook: its magics too)
    encoding: str = "utf-8"  # of the file as handed in: ``repaired`` is written back in it
    parsed: bool = False  # the module (as repaired) was parsed: the facts above are complete
    bound_again: frozenset[str] = frozenset()  # defined, then bound last by something else (``f = lambda ...``)

    def stubs(self) -> set[str]:
        """Top-level functions whose last binding is a stub's definition (``grader.submission.stubs``' rule)."""
        return {name for name, found in self.definitions.items() if found[-1].stub} - self.bound_again

    def stub_shadows_work(self, name: str) -> tuple[tuple[int, ...], int] | None:
        """(the lines of the definitions holding work, the line of the stub) when the definition
        Python keeps, the last, is a stub and an earlier one of the same name is not."""
        found = self.definitions.get(name, ())
        if len(found) < 2 or not found[-1].stub:
            return None
        work = tuple(d.lineno for d in found[:-1] if not d.stub)
        return (work, found[-1].lineno) if work else None

    def defined_again(self, name: str) -> tuple[int, ...]:
        """The lines of every definition of ``name`` when there are several, else ()."""
        found = self.definitions.get(name, ())
        return tuple(d.lineno for d in found) if len(found) > 1 else ()

    def reordered(self, name: str, lesson: tuple[str, ...]) -> tuple[str, ...] | None:
        """The parameters of the definition of ``name`` that Python keeps when they are the lesson's ``lesson``
        in another order (``def request_output_rate(elapsed, n_out)``): a fact of the file, and a call made as
        the lesson writes it puts each value in the parameter of another name. None otherwise, or unknown."""
        found = self.definitions.get(name, ())
        params = found[-1].params[:len(lesson)] if found and name not in self.bound_again else ()
        return params if len(lesson) > 1 and sorted(params) == sorted(lesson) and params != lesson else None

    def statement(self, lineno: int | None) -> str:
        """The kind of top-level statement holding ``lineno``: import, definition, other, or ''."""
        for first, last, kind in self.statements:
            if lineno is not None and first <= lineno <= last:
                return kind
        return ""


def analyse(path: Path | None) -> SourceFacts:
    """The facts of the module at ``path``; empty facts when it cannot be read or is too large to parse
    (``grader.submission.stubs.module_source``: a MiB of comments is not too large)."""
    if path is None:
        return SourceFacts()
    raw = module_source(path)  # whole, or not at all: a part could end between stubs and finished functions
    if raw is None:
        return SourceFacts()
    try:
        text = importlib.util.decode_source(raw)
        encoding = tokenize.detect_encoding(io.BytesIO(raw).readline)[0]
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError, ValueError):
        return SourceFacts()
    return replace(analyse_text(text, str(path)), encoding=encoding)


def analyse_text(text: str, filename: str = "<submission>") -> SourceFacts:
    """The facts of module source ``text`` (``filename`` only labels Python's errors)."""
    lines = text.splitlines(keepends=True)
    first, broken, repaired = None, {}, None
    for _ in range(MAX_REPAIRS + 1):
        problem = _compile_problem(text, filename, lines)
        if problem is None:
            break
        said = _ON_LINE.search(problem.message) if problem.lineno else None
        if said and 0 < int(said.group(1)) <= len(lines):  # an empty body: Python points at the line after it
            problem = replace(problem, lineno=int(said.group(1)), offset=None, end_offset=None,
                              text=lines[int(said.group(1)) - 1].split("\n")[0])
        span = _function_span(lines, problem)
        problem = replace(problem, function=span[0]) if span else problem
        first = first or problem
        if span is None or len(broken) == MAX_REPAIRS:
            broken, repaired = {}, None  # not confined to functions: the whole module fails, as in Python
            break
        name, start, end = span
        if name in broken and broken[name].lineno == problem.lineno:
            broken, repaired = {}, None  # the stub itself does not compile (should not happen): give up
            break
        broken.setdefault(name, problem)
        lines = _left_out(lines, name, start, end, problem)
        text = repaired = "".join(lines)
    else:
        broken, repaired = {}, None
    if first is not None and repaired is None:
        return SourceFacts(syntax=first)
    try:
        tree = parse_source(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return SourceFacts(syntax=first)
    unbound, plain_numpy = _names(tree)
    return SourceFacts(syntax=first, broken=broken, repaired=repaired, definitions=_definitions(tree),
                       unbound=unbound, plain_numpy=plain_numpy if "np" in unbound else None,
                       statements=tuple(_statement(node) for node in tree.body), imports=_imports(tree),
                       parsed=True, bound_again=_bound_again(tree.body))


def analyse_cells(cells: list[CellSource]) -> SourceFacts:
    """A notebook's facts, from its code cells parsed as ``grader.submission.cells`` parses them:
    its top-level definitions in order (``Definition.lineno`` is then the cell's number) and the
    names its cells read but bind nowhere. A notebook is never repaired: a cell that does not
    compile fails on its own when it runs."""
    definitions: dict[str, list[Definition]] = {}
    statements: list[ast.stmt] = []
    magics: set[str] = set()
    for cell in cells:
        magics |= set() if is_answers(cell) else magic_modules(cell.source)
        tree = None if is_answers(cell) else parse(cell)
        for node in tree.body if tree else ():
            statements.append(node)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                definitions.setdefault(node.name, []).append(Definition(node.name, cell.number,
                                                                        is_empty_body(node.body), positional(node)))
    module = ast.Module(body=statements, type_ignores=[])
    unbound, plain_numpy = _names(module)
    return SourceFacts(definitions={name: tuple(each) for name, each in definitions.items()}, unbound=unbound,
                       plain_numpy=plain_numpy if "np" in unbound else None,
                       imports=_imports(module) | frozenset(magics), parsed=True, bound_again=_bound_again(statements))


def _bound_again(statements: list[ast.stmt]) -> frozenset[str]:
    """Functions a later top-level statement binds again with no ``def`` (``stubs.last_bindings``)."""
    return frozenset(name for name, node in last_bindings(statements).items() if node is None)


def _compile_problem(text: str, filename: str, lines: list[str]) -> SyntaxProblem | None:
    try:
        with warnings.catch_warnings():  # the compiler's warnings about the submission are not the grader's stderr
            warnings.simplefilter("ignore")
            compile(text, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        lineno = exc.lineno if type(exc.lineno) is int else None
        line = exc.text if isinstance(exc.text, str) else ""
        if lineno and not line and 0 < lineno <= len(lines):
            line = lines[lineno - 1]
        return SyntaxProblem(message=str(exc.msg), lineno=lineno, offset=exc.offset,
                             end_offset=getattr(exc, "end_offset", None), text=line.split("\n")[0],
                             kind=type(exc).__name__)
    except (ValueError, RecursionError, MemoryError, OverflowError) as exc:  # null bytes, absurd nesting
        return SyntaxProblem(message=str(exc), lineno=None, offset=None, end_offset=None, text="",
                             kind=type(exc).__name__)
    return None


def _function_span(lines: list[str], problem: SyntaxProblem) -> tuple[str, int, int] | None:
    """(name, first line index, index after its last line) of the top-level ``def`` holding the
    error, found by indentation (the source does not parse); None when it lies outside every def."""
    if problem.lineno is None:
        return None
    index = problem.lineno - 1
    if not 0 <= index < len(lines):
        return None
    start = None
    for number in range(index, -1, -1):
        line = lines[number]
        if _top_level(line):
            match = _DEF.match(line)
            if match:
                start = number
                break
            if not line.startswith("@"):
                return None  # top-level code that is not a def holds the error
    if start is None:
        return None
    end = start + 1
    while end < len(lines) and not (_top_level(lines[end]) and not lines[end].startswith((")", "]", "}"))):
        end += 1  # a closing bracket at column 0 still belongs to the function's last statement
    return _DEF.match(lines[start]).group(1), start, end


def _top_level(line: str) -> bool:
    """A line that starts at column 0 with something other than a comment or blanks."""
    return bool(line) and not line[0].isspace() and not line.startswith("#")


def _left_out(lines: list[str], name: str, start: int, end: int, problem: SyntaxProblem) -> list[str]:
    """``lines`` with the function at [start, end) replaced by one that raises, on the same lines."""
    why = (f"{name} was left out because it does not compile ({problem.kind} at line {problem.lineno}: "
           f"{problem.message})")
    stub = f"def {name}(*args, **kwargs): raise SyntaxError({why!r})\n"
    return lines[:start] + [stub] + ["\n"] * (end - start - 1) + lines[end:]


def _definitions(tree: ast.Module) -> dict[str, tuple[Definition, ...]]:
    found: dict[str, list[Definition]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.setdefault(node.name, []).append(Definition(node.name, node.lineno, is_empty_body(node.body),
                                                              positional(node)))
    return {name: tuple(each) for name, each in found.items()}


def positional(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """The names of a definition's parameters that a call fills by position, in order."""
    return tuple(a.arg for a in (*node.args.posonlyargs, *node.args.args))


def _names(tree: ast.Module) -> tuple[frozenset[str], int | None]:
    """(the names the module reads but binds nowhere, in any scope, and that are not built in;
    the line of the first ``import numpy`` that binds the name numpy, not np), in one walk.

    Scopes are not told apart: a name bound anywhere counts as bound, so this never calls a
    name unbound that might be bound; a ``from ... import *`` binds unknown names, so then
    nothing is called unbound."""
    read, bound, plain_numpy = set(), set(), None
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return frozenset(), None
                bound.add(alias.asname or alias.name.split(".")[0])
                if isinstance(node, ast.Import) and alias.asname is None and alias.name.split(".")[0] == "numpy":
                    plain_numpy = node.lineno if plain_numpy is None else min(plain_numpy, node.lineno)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
    return frozenset(read - bound - set(dir(builtins)) - _MODULE_NAMES), plain_numpy


def _imports(tree: ast.Module) -> frozenset[str]:
    """The top-level names of the modules imported anywhere in ``tree`` (relative imports aside):
    a module the grader lacks can only be named in a report when the source names it."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return frozenset(found)


def _statement(node: ast.stmt) -> tuple[int, int, str]:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        kind = "import"
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        kind = "definition"
    else:
        kind = "other"
    decorators = getattr(node, "decorator_list", [])
    first = min([node.lineno] + [d.lineno for d in decorators])
    return first, node.end_lineno or node.lineno, kind
