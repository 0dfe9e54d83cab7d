"""Stand-ins for the modules a submission imports and the grader's Python does not have.

A student who plots the mask (``import matplotlib.pyplot as plt``), times a call or
misspells a module should lose what uses that module, not every function of the file. So,
before the submission runs, each import statement at the top level of the student's own
source (a module file's body, or a notebook cell's) whose top-level module cannot be found
here is rewritten to try the real import first and, when that fails for that very module,
to bind a stand-in instead (``rewrite``): an object that raises ``ModuleNotFoundError:
No module named 'matplotlib'`` as soon as anything of it is used (an attribute other than a
dunder, a call, an item, iteration, setting an attribute). A function that plots fails its
checks, naming the module; the others are graded as usual.

Why a rewrite of those statements and nothing global: stand-ins never enter ``sys.modules``
and no import hook is installed, so numpy, ipykernel and this program resolve their own
optional imports exactly as before, and only the student's own statements change. A
module that is found is never stood in for (numpy, ``os``, ``builtins``, ``grader``): a
student cannot name a stand-in into place. An import inside a ``try`` (a student's own
fallback), a function or an ``if`` block is left alone, and so is ``from x import *``
(which names it cannot know): those fail as Python makes them fail.

A statement outside every function that reads a name bound to a stand-in and fails for want
of its module does nothing, in a module file as in a notebook cell: a student's file that shows
the mask with ``plt.imshow(causal_mask(5))`` at its top level runs wherever matplotlib is
installed, so failing its import here would be the grader's environment costing every function
(and ``plt.rcParams[...] = ...`` above ``import numpy as np`` in one cell must not cost np). A
line that fails for any other reason still fails as Python makes it fail (the engine names the
line). In a notebook the same rewrite runs on each cell as IPython's AST transformer. The
magics that need matplotlib (``%matplotlib inline``, ``%pylab``) or load a missing
extension (``%load_ext``) do nothing instead of failing, so the rest of their cell runs
(``install``): the magic runs, and only its ModuleNotFoundError for that module is
swallowed. Which modules were stood in for is recorded (``StandIns.used``) and sent with
the ``ready`` frame, for the report's note.

This module runs inside the sandbox, beside the student's code, and imports only the
standard library.
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import sys
import types

HOLDER = "__grader_stand_ins__"  # the name the rewritten statements find the StandIns under
_ERROR = "__grader_stand_in_error__"  # the except clause's name for the real import's error
MAX_STAND_INS = 20  # modules stood in for per submission; past these, imports fail as in Python
_MAGICS = ("matplotlib", "pylab", "load_ext")  # line magics that do nothing when their module is missing


def _missing(standin: StandIn) -> ModuleNotFoundError:
    top = standin.__dict__["__grader_missing__"]
    return ModuleNotFoundError(f"No module named '{top}'", name=top)


class StandIn(types.ModuleType):
    """What a missing module's import binds: unusable, and saying so in Python's own words.

    Dunders answer as for an object without them (AttributeError), so that ``hasattr``,
    ``copy`` or a repr in a traceback behave; everything else raises ModuleNotFoundError."""

    def __init__(self, name: str, missing: str):
        super().__init__(name)
        self.__dict__["__grader_missing__"] = missing

    def __getattr__(self, attr: str):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        raise _missing(self)

    def __setattr__(self, attr: str, value) -> None:
        if attr.startswith("__") and attr.endswith("__"):
            super().__setattr__(attr, value)
            return
        raise _missing(self)

    def __delattr__(self, attr: str) -> None:
        raise _missing(self)

    def __call__(self, *args, **kwargs):
        raise _missing(self)

    def __getitem__(self, key):
        raise _missing(self)

    def __iter__(self):
        raise _missing(self)

    def __repr__(self) -> str:
        return f"<stand-in for {self.__name__}: the grader's Python has no module named {self.__grader_missing__!r}>"


class StandIns:
    """The rewritten statements' helper (bound as ``HOLDER``): makes stand-ins, records which modules."""

    def __init__(self):
        self.used: list[str] = []  # top-level module names stood in for, in the order met

    def bind(self, error: BaseException, top: str, names: tuple[str, ...]):
        """Stand-ins for ``names`` (one, or a tuple) when the real import failed because ``top`` (or
        a submodule of it) is missing; else the real import's error, raised again."""
        missing = getattr(error, "name", None)
        if not isinstance(missing, str) or not (missing == top or missing.startswith(top + ".")):
            raise error
        self.note(top)
        made = tuple(StandIn(name, top) for name in names)
        return made[0] if len(made) == 1 else made

    def skip(self, error: BaseException) -> None:
        """A top-level statement failed: nothing more when it is for want of a module stood in for (the
        statement does nothing, the module or cell goes on), else the error, raised again."""
        missing = getattr(error, "name", None)
        if not isinstance(missing, str) or missing.split(".")[0] not in self.used:
            raise error

    def note(self, top: str) -> None:
        if top not in self.used:
            self.used.append(top)


def available(top: str) -> bool:
    """Whether the top-level module ``top`` can be imported here. A finder that fails counts as
    "found": then the import runs as written and fails, if it fails, as Python makes it fail."""
    if top in sys.modules:
        return True
    try:
        return importlib.util.find_spec(top) is not None
    except Exception:  # noqa: BLE001 - a broken finder or name: leave the statement as it is
        return True


def rewrite(tree: ast.Module, stood_in: frozenset[str] | None = None) -> ast.Module | None:
    """``tree`` with each top-level import of a missing module wrapped in a fallback to stand-ins
    (see the module docstring); None when it has none. ``tree`` itself is left unchanged.

    ``stood_in`` (the names bound to stand-ins before: none for a module file, earlier cells' for a
    notebook cell; None: imports only) also wraps each other top-level statement that reads such a
    name, or one this source stands in for, so that when it fails for want of that module it does
    nothing and the rest runs: a cell's `plt.rcParams[...] = ...` must not keep its `import numpy
    as np` from running, nor a file's `plt.imshow(...)` its functions from being graded."""
    body, changed, seen = [], False, set()
    names = set(stood_in) if stood_in is not None else None
    for node in tree.body:
        for part in _split(node):
            top = _missing_top(part)
            if top is not None and (top in seen or len(seen) < MAX_STAND_INS):
                seen.add(top)
                body.append(_wrapped(part, top))
                changed = True
                if names is not None:
                    names.update(bound for bound, _ in _targets(part))
            elif names and _uses(part, names):
                body.append(_skipped(part))
                changed = True
            else:
                body.append(part)
    return ast.Module(body=body, type_ignores=tree.type_ignores) if changed else None


def _uses(node: ast.stmt, names: set[str]) -> bool:
    """Whether a statement (not a definition or an import) reads one of ``names``."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
        return False
    return any(isinstance(each, ast.Name) and each.id in names for each in ast.walk(node))


def _skipped(node: ast.stmt) -> ast.Try:
    """try: <the statement> / except ModuleNotFoundError as e: HOLDER.skip(e)."""
    skip = ast.Expr(ast.Call(func=ast.Attribute(value=ast.Name(id=HOLDER, ctx=ast.Load()), attr="skip",
                                                ctx=ast.Load()),
                             args=[ast.Name(id=_ERROR, ctx=ast.Load())], keywords=[]))
    handler = ast.ExceptHandler(type=ast.Name(id="ModuleNotFoundError", ctx=ast.Load()), name=_ERROR, body=[skip])
    return _placed(ast.Try(body=[node], handlers=[handler], orelse=[], finalbody=[]), node)


def _split(node: ast.stmt) -> list[ast.stmt]:
    """``import numpy as np, matplotlib.pyplot as plt`` as one statement per module, in order."""
    if isinstance(node, ast.Import) and len(node.names) > 1:
        return [ast.copy_location(ast.Import(names=[alias]), node) for alias in node.names]
    return [node]


def _missing_top(node: ast.stmt) -> str | None:
    if isinstance(node, ast.Import):
        name = node.names[0].name
    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
            and not any(alias.name == "*" for alias in node.names):
        name = node.module
    else:
        return None
    top = name.split(".")[0]
    return None if available(top) else top


def _targets(node: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """(the name bound, the module it stands for) of each alias of an import statement."""
    if isinstance(node, ast.Import):
        alias = node.names[0]
        return [(alias.asname, alias.name) if alias.asname else (alias.name.split(".")[0], alias.name.split(".")[0])]
    return [(alias.asname or alias.name, f"{node.module}.{alias.name}") for alias in node.names]


def _wrapped(node: ast.Import | ast.ImportFrom, top: str) -> ast.Try:
    """try: <the import> / except ModuleNotFoundError as e: <its names> = HOLDER.bind(e, top, <modules>)."""
    targets = _targets(node)
    names = [ast.Name(id=bound, ctx=ast.Store()) for bound, _ in targets]
    bind = ast.Call(func=ast.Attribute(value=ast.Name(id=HOLDER, ctx=ast.Load()), attr="bind", ctx=ast.Load()),
                    args=[ast.Name(id=_ERROR, ctx=ast.Load()), ast.Constant(top),
                          ast.Tuple(elts=[ast.Constant(module) for _, module in targets], ctx=ast.Load())],
                    keywords=[])
    target = names[0] if len(names) == 1 else ast.Tuple(elts=names, ctx=ast.Store())
    handler = ast.ExceptHandler(type=ast.Name(id="ModuleNotFoundError", ctx=ast.Load()), name=_ERROR,
                                body=[ast.Assign(targets=[target], value=bind)])
    return _placed(ast.Try(body=[node], handlers=[handler], orelse=[], finalbody=[]), node)


def _placed(wrapped: ast.Try, node: ast.stmt) -> ast.Try:
    """Every new node on the lines of the statement it wraps: a traceback shows the student's line."""
    old = {id(each) for each in ast.walk(node)}
    for each in ast.walk(wrapped):
        if id(each) not in old and "lineno" in each._attributes:
            ast.copy_location(each, node)
    return wrapped


def compile_module(path: str):
    """(code, StandIns) of the module at ``path`` with its missing imports stood in for; None when
    it has none or cannot be read as Python here (then it is imported as usual, and fails as usual)."""
    try:
        with open(path, "rb") as stream:
            source = importlib.util.decode_source(stream.read())
        tree = rewrite(ast.parse(source, filename=path), frozenset())
        if tree is None:
            return None
        return compile(tree, path, "exec", dont_inherit=True), StandIns()
    except Exception:  # noqa: BLE001 - SyntaxError, a bad encoding, absurd nesting: the usual import says it
        return None


def exec_module(module: types.ModuleType, path: str, loader) -> list[str]:
    """Run the submission's module as ``loader.exec_module`` would, its missing imports stood in
    for; the modules stood in for. The helper is in the module's namespace only while it runs."""
    compiled = compile_module(path)
    if compiled is None:
        loader.exec_module(module)
        return []
    code, stand_ins = compiled
    module.__dict__[HOLDER] = stand_ins
    try:
        exec(code, module.__dict__)  # noqa: S102 - the student's module, in the sandbox, as its import would
    finally:
        module.__dict__.pop(HOLDER, None)
    return list(stand_ins.used)


# -- a notebook's kernel ------------------------------------------------------------------------


class _CellRewriter(ast.NodeTransformer):
    """IPython's AST transformer: each cell's top-level imports, as ``rewrite`` does a module's, and
    its top-level statements that use a stand-in (``rewrite``'s ``stood_in``: the names the
    shell's namespace binds to one). IPython drops a transformer that raises, so this one never does."""

    def __init__(self, shell):
        super().__init__()
        self.shell = shell

    def visit(self, node):
        try:
            if not isinstance(node, ast.Module):
                return node
            names = frozenset(name for name, value in self.shell.user_ns.items() if isinstance(value, StandIn))
            return rewrite(node, names) or node
        except Exception:  # noqa: BLE001 - the cell runs as written
            return node


def install(shell) -> StandIns:
    """Stand-ins for a kernel's cells (``shell``: its InteractiveShell), before the first cell runs:
    the helper goes into ``builtins`` (a cell's namespace may be reset), the rewrite into the
    shell's AST transformers, and the magics of ``_MAGICS`` do nothing when their module is missing."""
    stand_ins = getattr(builtins, HOLDER, None)
    if not isinstance(stand_ins, StandIns):
        stand_ins = StandIns()
        setattr(builtins, HOLDER, stand_ins)
    shell.ast_transformers.append(_CellRewriter(shell))
    for magic in _MAGICS:
        original = shell.find_line_magic(magic)
        if original is not None:
            shell.register_magic_function(_quiet_magic(magic, original, stand_ins), "line", magic)
    return stand_ins


def _quiet_magic(magic: str, original, stand_ins: StandIns):
    """``original``, except that when it fails because its module is missing (matplotlib for
    ``%matplotlib``, the extension for ``%load_ext``) it does nothing and the module is noted."""
    def run(line: str):
        words = line.split()
        top = ("matplotlib" if magic != "load_ext" else (words[0] if words else "")).split(".")[0]
        try:
            return original(line)
        except ModuleNotFoundError as exc:
            missing = getattr(exc, "name", None)
            if not top or not isinstance(missing, str) or missing.split(".")[0] != top:
                raise
            stand_ins.note(top)
            return None
    run.__name__ = magic
    return run


def used_in_kernel() -> list[str]:
    """The modules stood in for in this kernel so far (for kernel_server's ``ready``)."""
    stand_ins = getattr(builtins, HOLDER, None)
    used = getattr(stand_ins, "used", None)
    return [name for name in used if type(name) is str][:MAX_STAND_INS] if type(used) is list else []
