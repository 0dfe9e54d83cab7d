"""What a working written in brackets after a result comes to: ``10 (4+3+2+1)``, ``0.28 s (1.4e13 / 5e13)``.

A student who shows the working beside the result gives a second number; ``grader.grading.numbers``
reads the answer as the result only when the working comes to the same. The working is the
submission's text, so it is never evaluated as Python: it is parsed, and only plain
arithmetic of numbers (``+ - * /`` and small powers) is worked out, in bounded time.
"""

from __future__ import annotations

import ast
import operator

_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
               ast.Pow: operator.pow}


def worked_out(working: str) -> float | None:
    """What a bracketed working comes to, when it is plain arithmetic of numbers; None otherwise."""
    source = working.translate(str.maketrans({"×": "*", "·": "*", "⋅": "*"})).replace("^", "**")
    try:
        return float(_arithmetic(ast.parse(source, mode="eval").body))
    except (SyntaxError, ValueError, TypeError, ArithmeticError, RecursionError):
        return None


def _arithmetic(node: ast.expr) -> float:
    """+ - * / and small powers of numbers, nothing else (``ValueError`` for anything else)."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _arithmetic(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = _arithmetic(node.left), _arithmetic(node.right)
        if isinstance(node.op, ast.Pow) and (abs(right) > 400 or abs(left) > 1e6):
            raise ValueError("a power too large to work out")
        return _ARITHMETIC[type(node.op)](float(left), right)
    raise ValueError("not arithmetic")
