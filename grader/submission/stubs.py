"""Recognising functions a student has not started, without running their code.

"Not implemented yet" is kinder and more useful than a list of failed checks, and the
trusted process can tell it safely: it only parses the source, it never imports it.

A module is parsed whole or not at all (``module_source``): its first MiB alone could end
between the template's stubs and the finished functions below them, and every task would
then be called "not implemented yet". What bounds the parse is the module's code, counted in the tokens
``ast`` makes nodes of (``limits.parse_tokens``: a MiB of comments costs a parse nearly nothing, 900 KB of
``x = 1`` lines cost 390 MB), and, for the read, the module size limit.
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

from grader.submission.limits import MAX_MODULE_BYTES, MAX_PARSE_TOKENS, MAX_SOURCE_BYTES, parse_tokens


def module_source(path: Path | None) -> bytes | None:
    """The whole of the module at ``path`` when the trusted process may parse it: at most
    ``MAX_MODULE_BYTES`` in all, ``MAX_SOURCE_BYTES`` of lines other than comments and blanks and
    ``MAX_PARSE_TOKENS`` tokens; else (or when it cannot be read) None, and nothing is said about it from its
    source."""
    if path is None:
        return None
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_MODULE_BYTES + 1)
    except OSError:
        return None
    if len(raw) > MAX_MODULE_BYTES or code_bytes(raw) > MAX_SOURCE_BYTES or parse_tokens(raw) > MAX_PARSE_TOKENS:
        return None
    return raw


def code_bytes(raw: bytes) -> int:
    """Bytes of ``raw`` on lines that are neither blank nor only a comment: what a parse costs."""
    if len(raw) <= MAX_SOURCE_BYTES:
        return len(raw)
    return sum(len(line) for line in raw.splitlines() if (stripped := line.strip()) and not stripped.startswith(b"#"))


def parse(source: str | bytes) -> ast.Module:
    """``ast.parse`` of submitted source, as data: what the compiler warns of while reading it (``"is" with a
    literal``, an invalid escape) is the submission's business, and never reaches the grader's stderr with the
    submission's path (issue 25's fourth battery, 9e). Raises what ``ast.parse`` raises."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(source)


def unimplemented_functions(path: Path | None) -> set[str]:
    """Top-level functions whose body is only a docstring, ``pass`` or ``...``; none when the module
    cannot be parsed whole (``module_source``)."""
    source = module_source(path)
    if source is None:
        return set()
    try:
        tree = parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    return stubs_among(last_bindings(tree.body))


def last_bindings(statements: list[ast.stmt], found: dict | None = None) -> dict:
    """Each name bound at the top level -> the function definition that binds it last, or None where something
    else binds it last (an assignment, an import, a class): the last binding is the one a call uses, so
    ``prefill_flops = lambda N, P: 2 * N * P`` below a ``pass`` stub finishes it (issue 25's second battery:
    full marks reported as 'not implemented yet'). ``found``: carried over from earlier cells of a notebook."""
    found = {} if found is None else found
    for node in statements:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            found[node.name] = None
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update({(alias.asname or alias.name).split(".")[0]: None for alias in node.names})
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                found.update(dict.fromkeys(_bound(target)))
    return found


def _bound(target: ast.expr) -> list[str]:
    """The names an assignment's target binds (``a``, ``a, (b, *c)``), not those it only indexes (``a[0]``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Starred):
        return _bound(target.value)
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _bound(element)]
    return []


def stubs_among(bindings: dict) -> set[str]:
    """The names ``last_bindings`` gives a definition whose body is a stub's."""
    return {name for name, node in bindings.items() if node is not None and is_empty_body(node.body)}


def is_empty_body(body: list[ast.stmt]) -> bool:
    """Only a docstring, ``pass`` or ``...``: the shape of a stub (the same rule for modules and cells)."""
    for statement in body:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                and (isinstance(statement.value.value, str) or statement.value.value is Ellipsis):
            continue
        return False
    return True
