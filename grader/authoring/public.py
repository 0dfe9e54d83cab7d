"""The public part of a lesson's suite: what a student may hold and run on their own machine.

A check is public when the lesson manifest's ``[visibility]`` makes it "visible" (the word
Gradescope uses for a test whose output students see in full); every other check is hidden
and runs only where the full suite is. The student bundle gets, per lesson:

- the check files with every hidden check cut out of the source, together with the helpers
  and constants that only hidden checks used, so no hidden input or expected value ships;
- a manifest with the tasks that keep at least one public check, everything visible, and
  no ``[[facts]]``. Answer tasks never ship: their checks *are* the answers.

The split is made on the source (``ast``), per check function: a parametrized check is
public or hidden as a whole, and a manifest that makes some of its cases visible and
others not is refused, since the bundle cannot hold half a function.

What ships is read by students, so ``solution_code`` looks in it for the solution's own
code: a helper that computes the expected value with the solution's formula hands students
the answer. The rule (sound for what it claims, silent about paraphrases): every statement
between the solution's markers, and every expression it returns, assigns, tests or loops
over, of at least ``MIN_NODES`` nodes, is compared with every statement and expression of
the shipped check files after renaming their variables in order of appearance (``2 * N *
P`` is ``2 * n * p``); names that mean the same on both sides (builtins, imported modules
such as ``np``, the lesson's function names) keep their names. A match is a warning, not
a refusal: a check may spell out a formula the lesson text itself prints, and a comment
``# public: <why>`` on its line says so and silences the warning.
"""

from __future__ import annotations

import ast
import builtins
import copy
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from grader.exceptions import ConfigError
from grader.lesson import options
from grader.lesson.manifest import Lesson, Task

VISIBLE = "visible"
_KEPT_NAMES = ("pytestmark",)
MIN_NODES = 5  # the smallest piece of solution code worth a warning: ``2 * N * P`` has five
_MARKER = re.compile(r"\s*#+\s*(BEGIN|END) SOLUTION\s*")
_PLUMBING = (ast.expr_context, ast.operator, ast.boolop, ast.cmpop, ast.unaryop)
_ACKNOWLEDGED = re.compile(r"#\s*public:")  # the instructor's word that the lesson shows this code anyway


@dataclass
class PublicSuite:
    """The files a student bundle holds for one lesson, and what they say."""

    files: dict[str, str] = field(default_factory=dict)  # check file name -> source with hidden checks cut
    public: dict[str, list[str]] = field(default_factory=dict)  # task id -> public check names
    uses_reference: bool = False  # a public check asks for the `reference` fixture
    cut: dict[str, list[str]] = field(default_factory=dict)  # check file name -> removed top-level names

    @property
    def tasks(self) -> list[str]:
        return [task for task, names in self.public.items() if names]


def public_suite(lesson: Lesson) -> PublicSuite:
    """Split every ``test_*.py`` of the lesson; raise ConfigError naming the file for what cannot be split."""
    suite = PublicSuite(public={t.id: [] for t in lesson.code_tasks})
    for path in sorted(lesson.suite_dir.glob("test_*.py")):
        try:
            source = path.read_text(encoding="utf-8")
            tree = ast.parse(source)
        except UnicodeDecodeError:
            raise ConfigError(str(path), "is not UTF-8 text") from None
        except SyntaxError as exc:
            raise ConfigError(f"{path}, line {exc.lineno}", f"is not valid Python ({exc.msg})") from None
        module_task = _module_task(tree)
        hidden = []
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                raise ConfigError(f"{path}, line {node.lineno}", "the student bundle is cut per check function: "
                                  f"write the checks of class {node.name} as top-level test_ functions")
            if not (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")):
                continue
            task = _task_of(lesson, node, module_task, path)
            name = node.name.removeprefix("test_")
            if _is_public(lesson, task, name):
                suite.public[task.id].append(name)
                suite.uses_reference |= "reference" in {a.arg for a in node.args.args + node.args.kwonlyargs}
            else:
                hidden.append(node)
        if len(hidden) < sum(1 for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                             and n.name.startswith("test_")):
            text, removed = _cut(source, hidden)
            suite.files[path.name] = text
            suite.cut[path.name] = removed
    return suite


def _module_task(tree: ast.Module) -> str | None:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            return _task_mark([node.value] if not isinstance(node.value, (ast.List, ast.Tuple)) else node.value.elts)
    return None


def _task_mark(expressions) -> str | None:
    """The id in ``pytest.mark.task("id")`` among ``expressions``, if there is one."""
    for expr in expressions:
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "task" \
                and expr.args and isinstance(expr.args[0], ast.Constant) and isinstance(expr.args[0].value, str):
            return expr.args[0].value
    return None


def _task_of(lesson: Lesson, node, module_task: str | None, path) -> Task:
    task_id = _task_mark(node.decorator_list) or module_task
    where = f"{path}, line {node.lineno}"
    if task_id is None:
        raise ConfigError(where, f"check {node.name} has no pytest.mark.task(\"<task id>\") that can be read "
                          "without running the file (a literal string, on the function or in pytestmark)")
    try:
        task = lesson.task(task_id)
    except KeyError:
        raise ConfigError(where, f"check {node.name} is marked with task '{task_id}', which "
                          f"{lesson.manifest_path} does not declare") from None
    return task


def _is_public(lesson: Lesson, task: Task, name: str) -> bool:
    """Whether every case of check ``name`` is visible; refuse a check that is visible only in part."""
    levels = {task.visibility_of(name)} | {v for check, v in task.check_visibility if check.split("[", 1)[0] == name}
    if len(levels) > 1 and VISIBLE in levels:
        raise ConfigError(str(lesson.manifest_path), f"check '{task.id}::{name}' is visible for some of its cases "
                          "and not for others; the student bundle holds whole checks: give all its cases one "
                          "visibility, or split it into two checks", "visibility.overrides")
    return levels == {VISIBLE}


def _cut(source: str, hidden: list) -> tuple[str, list[str]]:
    """``source`` without the hidden checks, then without what only they used; and what was removed."""
    lines = source.splitlines(keepends=True)
    removed = [node.name for node in hidden]
    drop: set[int] = set()
    for node in hidden:
        drop |= _span(lines, node)
    text = "".join(line for i, line in enumerate(lines) if i not in drop)
    while True:  # a helper may only be used by another helper that just went
        tree = ast.parse(text)
        lines = text.splitlines(keepends=True)
        unused = [node for node in tree.body if _defined(node) and not (_defined(node) & _used_outside(tree, node))]
        if not unused:
            break
        removed += [name for node in unused for name in sorted(_defined(node))]
        drop = set().union(*(_span(lines, node) for node in unused))
        text = "".join(line for i, line in enumerate(lines) if i not in drop)
    return re.sub(r"\n{4,}", "\n\n\n", text).rstrip("\n") + "\n", removed


def _span(lines: list[str], node) -> set[int]:
    """0-based line numbers of a top-level statement, its decorators and the comments just above it."""
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]) - 1
    while first > 0 and lines[first - 1].lstrip().startswith("#"):
        first -= 1
    return set(range(first, node.end_lineno))


def _defined(node) -> set[str]:
    """Names a top-level helper or constant defines; nothing for checks, imports and pytestmark."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return set() if node.name.startswith(("test_", "Test")) else {node.name}
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
        if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
    names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set() if names & set(_KEPT_NAMES) or any(n.startswith("__") for n in names) else names


def _used_outside(tree: ast.Module, owner) -> set[str]:
    return {n.id for node in tree.body if node is not owner for n in ast.walk(node) if isinstance(n, ast.Name)}


def student_manifest(lesson: Lesson, tasks: list[str], hurried: bool = False,
                     not_by_hand: list[int] | None = None) -> str:
    """The manifest of the student bundle: the given code tasks, all checks visible, no facts.

    ``hurried``: every call limited to one second, for recording wrong answers (grader.authoring.release).
    ``not_by_hand``: in a lesson with parameters, the draws whose answers are not by hand
    (``grader.lesson.variants.not_by_hand``), as ``[draws]``: the bundle has no answers to tell, and
    draws a student's numbers as the autograder does only with them.
    """
    data = tomllib.loads(lesson.manifest_path.read_text(encoding="utf-8"))
    data.pop("facts", None)
    if not_by_hand is not None:
        data["draws"] = {"of": lesson.parameters.combinations(), "not_by_hand": not_by_hand}
    data["visibility"] = {"default": VISIBLE}
    data["tasks"] = [t for t in data["tasks"] if "answer" not in t and t.get("id") in tasks]
    if hurried:
        data["call_seconds"] = min(data.get("call_seconds", options.default("call_seconds")), 1.0)
        for task in data["tasks"]:
            task.pop("call_seconds", None)
    header = (f"# Generated by `grader release` from suites/{lesson.id}/lesson.toml: the tasks you can grade\n"
              "# on your own machine. The by-hand answers, the quiz and the hidden checks are graded when\n"
              "# you hand in.\n\n")
    return header + "".join(f"{_key(k)} = {_value(v, top=True)}\n" for k, v in data.items())


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _string(key)


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, except that TOML also forbids a raw DEL."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(value, top: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list) and top and any(isinstance(v, dict) for v in value):
        return "[\n" + "".join(f"  {_value(v)},\n" for v in value) + "]"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise ConfigError("lesson.toml", f"holds a value the student manifest cannot carry ({type(value).__name__})")


def solution_code(suite: PublicSuite, solution: Path, lesson: Lesson) -> list[str]:
    """One warning per piece of the solution's marked code that a shipped check file repeats (see the
    module docstring for the rule); none when the solution cannot be read (validation says why)."""
    try:
        source = solution.read_text(encoding="utf-8")
        tree = ast.parse(source)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return []
    inside = _marked_lines(source)
    fixed = set(dir(builtins)) | _imported(tree) | {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    pieces: dict[str, tuple[int, str]] = {}  # normalised piece -> (its line, its text)
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno in inside and not _is_docstring(node):
            for piece in (node, *_roots(node)):
                if _size(piece) >= MIN_NODES:
                    pieces.setdefault(_normalised(piece, fixed), (piece.lineno, ast.unparse(piece)))
    warnings = []
    for name, text in sorted(suite.files.items()):
        shipped, lines = ast.parse(text), text.splitlines()
        names = fixed | _imported(shipped)
        seen: set[int] = set()  # lines already warned about
        for owner in shipped.body:
            for node in ast.walk(owner):
                if not isinstance(node, (ast.stmt, ast.expr)) or node.lineno in seen or _size(node) < MIN_NODES \
                        or any(_ACKNOWLEDGED.search(line) for line in lines[node.lineno - 1:node.end_lineno]):
                    continue
                key = _normalised(node, names)
                if key in pieces:
                    seen.add(node.lineno)
                    line, code = pieces[key]
                    code = code.splitlines()[0] + (" …" if "\n" in code else "")
                    what = f"check {owner.name}" if getattr(owner, "name", "").startswith("test_") else \
                        f"helper {owner.name}" if hasattr(owner, "name") else "top-level code"
                    warnings.append(f"suites/{lesson.id}/{name}, line {node.lineno} ({what}) ships to students "
                                    f"and holds the solution's code `{code[:80]}` ({solution.name}, line {line})")
    return warnings


def _marked_lines(source: str) -> set[int]:
    """The 1-based numbers of the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION``."""
    lines, start = set(), None
    for number, line in enumerate(source.splitlines(), start=1):
        marker = _MARKER.fullmatch(line)
        if marker and marker.group(1) == "BEGIN":
            start = number
        elif marker and start is not None:
            lines |= set(range(start + 1, number))
            start = None
    return lines


def _imported(tree: ast.Module) -> set[str]:
    return {(alias.asname or alias.name).split(".")[0] for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}


def _roots(node: ast.stmt) -> list[ast.expr]:
    """What a statement computes: the value it returns or assigns, what it tests or loops over."""
    found = [getattr(node, name, None) for name in ("value", "test", "iter")]
    return [each for each in found if isinstance(each, ast.expr)]


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _size(node: ast.AST) -> int:
    return sum(1 for each in ast.walk(node) if not isinstance(each, _PLUMBING))


def _normalised(node: ast.AST, fixed: set[str]) -> str:
    """``node`` with its variables renamed v0, v1, … in order of appearance; ``fixed`` names kept."""
    node = copy.deepcopy(node)
    renamed: dict[str, str] = {}
    for each in ast.walk(node):
        if isinstance(each, ast.Name) and each.id not in fixed:
            each.id = renamed.setdefault(each.id, f"v{len(renamed)}")
        elif isinstance(each, ast.arg):
            each.arg = renamed.setdefault(each.arg, f"v{len(renamed)}")
            each.annotation = None
    return ast.dump(node, annotate_fields=False, include_attributes=False)
