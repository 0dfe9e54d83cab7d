"""Recognising functions a student has not started, without running their code.

"Not implemented yet" is kinder and more useful than a list of failed checks, and the
trusted process can tell it safely: it only parses the source, it never imports it.

A module is parsed whole or not at all (``module_source``): its first MiB alone could end
between the template's stubs and the finished functions below them, and every task would
then be called "not implemented yet". What bounds the parse is the module's code (a MiB of
comments costs a parse nearly nothing) and, for the read, the module size limit.
"""

from __future__ import annotations

import ast
from pathlib import Path

from grader.submission.limits import MAX_MODULE_BYTES, MAX_SOURCE_BYTES


def module_source(path: Path | None) -> bytes | None:
    """The whole of the module at ``path`` when the trusted process may parse it: at most
    ``MAX_MODULE_BYTES`` in all and ``MAX_SOURCE_BYTES`` of lines other than comments and
    blanks; else (or when it cannot be read) None, and nothing is said about it from its source."""
    if path is None:
        return None
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_MODULE_BYTES + 1)
    except OSError:
        return None
    if len(raw) > MAX_MODULE_BYTES or code_bytes(raw) > MAX_SOURCE_BYTES:
        return None
    return raw


def code_bytes(raw: bytes) -> int:
    """Bytes of ``raw`` on lines that are neither blank nor only a comment: what a parse costs."""
    if len(raw) <= MAX_SOURCE_BYTES:
        return len(raw)
    return sum(len(line) for line in raw.splitlines() if (stripped := line.strip()) and not stripped.startswith(b"#"))


def unimplemented_functions(path: Path | None) -> set[str]:
    """Top-level functions whose body is only a docstring, ``pass`` or ``...``; none when the module
    cannot be parsed whole (``module_source``)."""
    source = module_source(path)
    if source is None:
        return set()
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    last = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return {name for name, node in last.items() if is_empty_body(node.body)}  # the last definition is the one used


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
