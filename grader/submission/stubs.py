"""Recognising functions a student has not started, without running their code.

"Not implemented yet" is kinder and more useful than a list of failed checks, and the
trusted process can tell it safely: it only parses the source, it never imports it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from grader.submission.limits import MAX_SOURCE_BYTES


def unimplemented_functions(path: Path | None) -> set[str]:
    """Top-level functions whose body is only a docstring, ``pass`` or ``...``."""
    if path is None:
        return set()
    try:
        source = path.read_bytes()[:MAX_SOURCE_BYTES]
        tree = ast.parse(source)
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
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
