"""A lesson's mutants: realistic wrong solutions, each holding only what it changes.

A mutant lives in ``suites/<lesson>/mutants/`` and declares itself in leading comments::

    # mistake: forgot the factor 2 for the multiply-add
    # fails: prefill_flops
    # hint: factor 2          (optional: text the feedback must contain)
    # diagnosis: flops.missing-factor-2   (optional: the catalogue codes its failing tasks must carry)
    # base: none              (optional: the file is whole, not laid over the reference)

A corpus of students' code kept elsewhere (``tests/corpus/<task>/``, read with
``load_mutants(lesson, folder)``) uses the same format and a few more labels, which
``grader validate`` does not need: ``# right: <what is unusual>`` for a correct solution
(it declares no ``# fails:``, and must score full marks), ``# slow: <why>`` for one that is
right but too slow for the lesson's sizes, ``# expect: <the misconception>`` and
``# no-diagnosis: <why none is possible>`` for the diagnosis a wrong one should get, and
``# xfail: <reason>`` for an entry the grader is known to judge wrongly today.

and holds only the part of the solution it gets wrong, laid over the reference when it is
graded (``materialize``):

- ``<name>.py`` overlays the lesson's module: each top-level function or class replaces the
  reference's definition of the same name where it stands (a new one is added at the end),
  and an import the reference lacks goes after the reference's imports. So the graded
  module reads like a student's file with one function wrong, its other lines unchanged.
- ``<name>.toml`` overlays the answers file: each ``key = value`` line replaces the
  reference's line for that key (as text, so an unreadable value stays unreadable).
- ``<name>/`` is a folder of such files, for a mistake that spans both.

``# base: none`` makes a file the whole module or answers file: for a mistake no overlay can
express (a syntax error, a function taken away, code at module level).

Why overlays: a mutant that copies the whole solution repeats every line the mistake does
not touch, so a change to the solution must be made in forty places and the repository's
real duplication hides behind the copies.
"""

from __future__ import annotations

import ast
import re
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from grader.exceptions import ConfigError
from grader.lesson.catalogue import CATALOGUE_NAME
from grader.lesson.manifest import Lesson

FOLDER = "mutants"
_HEADER = re.compile(r"#\s*(mistake|fails|hint|diagnosis|base|right|slow|expect|no-diagnosis|xfail)\s*:\s*(.*)")
_MARKER = re.compile(r"\s*#+\s*(BEGIN|END) SOLUTION\s*")
_TOML_KEY = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")
_SUFFIXES = (".py", ".toml")


@dataclass(frozen=True)
class Mutant:
    name: str
    path: Path
    mistake: str
    fails: frozenset[str]
    hint: str = ""
    diagnoses: frozenset[str] = frozenset()  # the catalogue codes its failing tasks must carry, exactly
    whole: bool = False  # ``# base: none``: its files replace the reference's instead of overlaying them
    # a corpus's labels (see the module doc); grader validate reads none of them
    right: str = ""  # what is unusual about a correct solution, which fails nothing
    slow: str = ""  # why a correct solution is too slow for the lesson's sizes
    expect: str = ""  # the misconception the feedback should name, in words
    no_diagnosis: str = ""  # why no specific diagnosis is possible
    xfail: str = ""  # why the grader judges it wrongly today (the harness expects that, strictly)

    def files(self, lesson: Lesson) -> list[tuple[Path, str]]:
        """(the mutant's file, the submission file it stands for): a ``.py`` is the module and a
        ``.toml`` the answers file; a folder's files keep their names."""
        if self.path.is_dir():
            return [(file, file.name) for file in sorted(self.path.iterdir()) if file.is_file()]
        return [(self.path, lesson.module if self.path.suffix == ".py" else lesson.answers)]

    def changes(self, lesson: Lesson, name: str) -> bool:
        """Whether it changes the submission file ``name`` (the module, the answers file)."""
        return any(target == name for _, target in self.files(lesson))


def load_mutants(lesson: Lesson, folder: Path | None = None) -> list[Mutant]:
    """Every mutant of the lesson (or in ``folder``: a corpus kept elsewhere), in name order; a
    ConfigError names the file of a bad header."""
    folder = lesson.suite_dir / FOLDER if folder is None else folder
    if not folder.is_dir():
        return []
    mutants = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith((".", "_")) or path.name == "__pycache__":
            continue
        if path.is_file() and path.suffix not in _SUFFIXES:
            raise ConfigError(str(path), "a mutant is a .py (overlays the module), a .toml (overlays the answers) "
                              "or a folder of those")
        mutants.append(_mutant(lesson, path))
    return mutants


def _mutant(lesson: Lesson, path: Path) -> Mutant:
    files = sorted(path.glob("*")) if path.is_dir() else [path]
    fields: dict[str, str] = {}
    for file in files:
        for line in file.read_text(encoding="utf-8").splitlines():
            match = _HEADER.match(line.strip())
            if match:
                fields.setdefault(match.group(1), match.group(2).strip())
    correct = "right" in fields or "slow" in fields
    if "fails" not in fields and not correct:
        raise ConfigError(str(path), "a mutant must declare the tasks it fails in a '# fails: <task ids>' line "
                          "(or, right after all, say what is unusual about it in '# right: ...')")
    fails = frozenset(t.strip() for t in fields.get("fails", "").split(",") if t.strip())
    if fails and correct:
        raise ConfigError(str(path), "declares '# right:' or '# slow:' (a correct solution) and tasks it fails",
                          "fails")
    unknown = fails - {t.id for t in lesson.tasks}
    if unknown:
        raise ConfigError(str(path), f"declares unknown task(s): {', '.join(sorted(unknown))}", "fails")
    codes = frozenset(c.strip() for c in fields.get("diagnosis", "").split(",") if c.strip())
    unknown_codes = sorted(code for code in codes if lesson.diagnosis(code) is None)
    if unknown_codes:
        raise ConfigError(str(path), f"declares diagnoses that {lesson.suite_dir / CATALOGUE_NAME} does not hold: "
                          f"{', '.join(unknown_codes)}", "diagnosis")
    base = fields.get("base", "reference")
    if base not in ("reference", "none"):
        raise ConfigError(str(path), f"must be 'reference' (laid over the solution) or 'none' (whole), not '{base}'",
                          "base")
    return Mutant(path.stem, path, fields.get("mistake", ""), fails, fields.get("hint", ""), codes, base == "none",
                  fields.get("right", ""), fields.get("slow", ""), fields.get("expect", ""),
                  fields.get("no-diagnosis", ""), fields.get("xfail", ""))


def materialize(mutant: Mutant, lesson: Lesson, reference: Path, folder: Path) -> Path:
    """Write the submission the mutant stands for into the new ``folder``: the reference
    folder's files (solution markers taken out) with the mutant laid over them."""
    shutil.copytree(reference, folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in (lesson.module, lesson.answers):
        if (folder / name).is_file():
            (folder / name).write_text(without_markers((folder / name).read_text(encoding="utf-8")), encoding="utf-8")
    for file, name in mutant.files(lesson):
        target = folder / name
        text = file.read_text(encoding="utf-8")
        if not mutant.whole and target.is_file() and name == lesson.module:
            text = overlay_module(target.read_text(encoding="utf-8"), text, str(file))
        elif not mutant.whole and target.is_file() and name == lesson.answers:
            text = overlay_answers(target.read_text(encoding="utf-8"), text)
        target.write_text(text, encoding="utf-8")
    return folder


@dataclass(frozen=True)
class Fitted:
    """A mutant's labels as they hold for one solution (``fit``): ``mutant`` with the tasks it cannot
    reach there taken out (``dropped``); ``carried``: tasks it does not declare but may fail there too,
    through that solution's own calls."""

    mutant: Mutant
    dropped: frozenset[str] = frozenset()
    carried: frozenset[str] = frozenset()


def fit(mutant: Mutant, lesson: Lesson, solution: Path, written_for: Path) -> Fitted:
    """The mutant's labels as they hold for ``solution`` (the module under validation), when they were
    written (and proved) for the course's own solution module ``written_for``.

    A mutant that only redefines functions (``prefill_flops``) and declares a task of another
    function (``prefill_seconds``) fails it through the solution's own call: laid over a solution
    whose ``prefill_seconds`` computes ``2 * N * P`` itself, nothing reaches the mistake, and that
    task (with a diagnosis only of it) is no claim on this solution. The other way round, over a
    solution whose ``request_seconds`` calls ``steady_decode_rate`` where the course's does not, a
    wrong ``steady_decode_rate`` may cost ``request_seconds`` too. Either way a correct solution
    written otherwise is neither the suite's fault nor its own. Only where the two solutions' calls
    differ do the labels change, so the course's own solution is held to them exactly. A mutant
    with code at module level, or a module that does not parse, keeps its labels as they are."""
    changed: set[str] = set()
    for file, name in mutant.files(lesson):
        if name != lesson.module:
            continue
        tree = _parsed(without_markers(file.read_text(encoding="utf-8")))
        if mutant.whole or tree is None:
            return Fitted(mutant)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                changed.add(node.name)
            elif not (isinstance(node, (ast.Import, ast.ImportFrom)) or _is_docstring(node)):
                return Fitted(mutant)
    ours, theirs = _reached(lesson, changed, solution), _reached(lesson, changed, written_for)
    if not changed or ours is None or theirs is None:
        return Fitted(mutant)
    differs = {task_id for task_id in ours.keys() & theirs.keys() if ours[task_id] != theirs[task_id]}
    dropped = frozenset(task_id for task_id in differs if task_id in mutant.fails and not ours[task_id])
    carried = frozenset(task_id for task_id in differs if task_id not in mutant.fails and ours[task_id])
    if not dropped:
        return Fitted(mutant, dropped, carried)
    entries = {code: lesson.diagnosis(code) for code in mutant.diagnoses}
    kept = frozenset(code for code, entry in entries.items() if not (entry and set(entry.tasks) <= dropped))
    return Fitted(replace(mutant, fails=mutant.fails - dropped, diagnoses=kept), dropped, carried)


def _reached(lesson: Lesson, changed: set[str], module: Path) -> dict[str, bool] | None:
    """For each code task whose function ``module`` binds and ``changed`` does not hold: whether that
    function refers to one of ``changed``, directly or through other top-level names. None when the
    module cannot be read or parsed."""
    try:
        tree = _parsed(without_markers(module.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return None
    if tree is None:
        return None
    uses: dict[str, set[str]] = {}  # a top-level name -> the names its statement refers to
    for node in tree.body:
        refers = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        for bound in _binds(node):
            uses.setdefault(bound, set()).update(refers)
    return {task.id: _reaches(task.function, changed, uses) for task in lesson.code_tasks
            if task.function not in changed and task.function in uses}


def _parsed(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _binds(node: ast.stmt) -> set[str]:
    """The names a top-level statement binds: a definition's, an assignment's, an import's."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return names | {a.asname or a.name.split(".")[0] for a in ast.walk(node) if isinstance(a, ast.alias)}


def _reaches(start: str, targets: set[str], uses: dict[str, set[str]]) -> bool:
    """Whether the top-level name ``start`` refers to any of ``targets``, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        for used in uses.get(name, ()):
            if used in targets:
                return True
            if used not in seen:
                seen.add(used)
                todo.append(used)
    return False


def without_markers(text: str) -> str:
    """The solution as a student would have written it: the ``# BEGIN/END SOLUTION`` lines gone."""
    return "".join(line for line in text.splitlines(keepends=True) if not _MARKER.fullmatch(line.rstrip("\r\n")))


def overlay_module(reference: str, mutant: str, source: str) -> str:
    """``reference`` with the mutant's top-level definitions in place of its own (see the module doc)."""
    try:
        theirs = ast.parse(mutant)
    except SyntaxError as exc:
        raise ConfigError(f"{source}, line {exc.lineno}", "does not parse, so it cannot be laid over the reference: "
                          "declare '# base: none' to grade it as the whole module") from None
    ours = ast.parse(reference)
    lines = reference.splitlines(keepends=True)
    mutant_lines = [_ended(line) for line in mutant.splitlines(keepends=True)]  # a last line without its newline
    spans = {name: _span(node) for node in ours.body for name in [_name(node)] if name}
    replaced: dict[int, list[str]] = {}  # first line (0-based) of a replaced definition -> its new lines
    dropped: set[int] = set()
    added: list[str] = []
    imports: list[str] = []
    known = {ast.unparse(node) for node in ours.body if isinstance(node, (ast.Import, ast.ImportFrom))}
    for index, node in enumerate(theirs.body):
        name = _name(node)
        first, last = _span(node)
        text = mutant_lines[first:last]
        if name and name in spans:
            start, end = spans[name]
            replaced[start] = text
            dropped |= set(range(start, end))
        elif name:
            added += ["\n", "\n", *text]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if ast.unparse(node) not in known:
                imports += text
        elif not (index == 0 and _is_docstring(node)):  # the mutant's own docstring describes the mutant
            raise ConfigError(source, f"line {node.lineno} is neither a definition nor an import, so it has no place "
                              "in the reference: declare '# base: none' to grade the file as the whole module")
    # new imports go after the reference's imports, or else after its docstring (which must stay first)
    after = max((_span(n)[1] for n in ours.body if isinstance(n, (ast.Import, ast.ImportFrom))), default=0)
    if not after and ours.body and _is_docstring(ours.body[0]):
        after = _span(ours.body[0])[1]
    out: list[str] = [] if after else list(imports)
    for number, line in enumerate(lines):
        if number in replaced:
            out += replaced[number]
        if number not in dropped:
            out.append(line)
        if number == after - 1:
            out[-1] = _ended(out[-1])
            out += imports
    if added and out:
        out[-1] = _ended(out[-1])
    return "".join(out + added)


def overlay_answers(reference: str, mutant: str) -> str:
    """``reference`` with each ``key = value`` line of the mutant in place of the line for its key.

    Keys are matched as text (the answers files are flat tables of one line per key), so a
    value that does not parse stays exactly as the mutant wrote it."""
    ours = reference.splitlines(keepends=True)
    where: dict[str, int] = {}
    for number, line in enumerate(ours):
        if match := _TOML_KEY.match(line):  # a comment line never matches: the key must start the line
            where.setdefault(match.group(1), number)
    extra = []
    for line in mutant.splitlines(keepends=True):
        if match := _TOML_KEY.match(line):
            if match.group(1) in where:
                ours[where[match.group(1)]] = _ended(line)
            else:
                extra.append(_ended(line))
    if extra and ours:
        ours[-1] = _ended(ours[-1])
    return "".join(ours + extra)


def _ended(line: str) -> str:
    return line if line.endswith("\n") else line + "\n"


def _name(node: ast.stmt) -> str | None:
    return node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else None


def _span(node: ast.stmt) -> tuple[int, int]:
    """0-based first line (its decorators included) and the line after its last."""
    decorators = node.decorator_list if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else []
    first = min([node.lineno] + [d.lineno for d in decorators])
    return first - 1, node.end_lineno or node.lineno


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
