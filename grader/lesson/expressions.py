"""The arithmetic a lesson writes about its parameters, and the texts that show them.

A lesson with parameters (``grader.lesson.parameters``) says where each answer comes from
(``from = "prefill_seconds(N, P, peak, utilization)"``) and writes its questions as templates
(``"a {=N:pow}-parameter model"``). Both are text from ``lesson.toml`` and from the solution's
files, so neither is ever given to ``eval``: an expression is parsed by ``ast`` and only these
forms are accepted, each checked against what the lesson declares before anything is computed:

- a number (``2``, ``1e3``), a parameter's name (``N``), or, in a text only, an answer's key
  (``flops``: that answer's expected value);
- ``+ - * / **`` and unary ``-`` between them, and parentheses;
- in an answer's ``from`` only, a call of one of the lesson's functions (its code tasks'),
  with positional arguments that are themselves such expressions: the function is the
  reference solution's, so the truth comes from the same code the checks compare with.

A text's placeholders are ``{=EXPRESSION}`` or ``{=EXPRESSION:FORMAT}``: ``{=`` appears in no
valid Python (an f-string's ``{=x}`` is a syntax error) and in no TOML key, so a solution's
code and its other braces are never taken for one. The formats write a number as a lesson
does (``FORMATS``); a Python format spec (``.2f``) is taken too.
"""

from __future__ import annotations

import ast
import functools
import math
import operator
import re
from dataclasses import dataclass

from grader.exceptions import ConfigError

PLACEHOLDER = re.compile(r"\{=\s*([^{}:]+?)\s*(?::\s*([^{}]*?)\s*)?\}")
_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
              ast.Pow: operator.pow}
_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
FORMATS = {
    "auto": "as a person writes it: 1000, 0.05, 12.5, and a power of ten past a million or below 0.0001: 1.4e13 "
            "(the default)",
    "plain": "every digit: 1000, 0.05, 7000000000",
    "e": "a power of ten as code writes it: 7e9, 1.4e13",
    "pow": "a power of ten as the lesson writes it: 7·10⁹, 10¹⁴",
    "2+": "at least two decimals, as times are written: 0.20, 0.40, 0.325",
    "comma": "thousands separated: 1,000",
    "words": "a whole number up to twelve in words: four",
    "sum": "the sum 1 + 2 + … + n of a whole number n: 1 + 2 + 3 + 4",
    "percent": "a fraction as a percentage: 50 %",
}


@dataclass(frozen=True)
class Expression:
    """A parsed expression and the text it came from."""

    text: str
    tree: ast.expr

    def names(self) -> tuple[str, ...]:
        """The names it reads (parameters or answer keys), in order, each once; not the functions it calls."""
        called = {id(n.func) for n in ast.walk(self.tree) if isinstance(n, ast.Call)}
        return tuple(dict.fromkeys(n.id for n in ast.walk(self.tree)
                                   if isinstance(n, ast.Name) and id(n) not in called))

    def functions(self) -> tuple[str, ...]:
        """The functions it calls, in order, each once."""
        return tuple(dict.fromkeys(n.func.id for n in ast.walk(self.tree) if isinstance(n, ast.Call)))

    def evaluate(self, values: dict, functions=None, calls: list | None = None):
        """Its value with ``values`` for the names and ``functions`` (an object whose attributes are the
        lesson's functions: the reference solution) for the calls; every call made is appended to ``calls``
        as (function, args). A value that is not a finite number is a ValueError saying where."""
        return _evaluate(self.tree, values, functions, calls if calls is not None else [], self.text)


def parse(text: str, source: str, key: str, names: tuple[str, ...], functions: tuple[str, ...] = ()) -> Expression:
    """``text`` parsed as an expression of ``names`` (and calls of ``functions``); ConfigError naming
    ``source`` and ``key`` for anything else."""
    if not isinstance(text, str) or not text.strip() or len(text) > 500:
        raise ConfigError(source, "must be an expression (at most 500 characters) such as \"prefill_flops(N, P)\"",
                          key)
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise ConfigError(source, f"{text!r} is not an expression", key) from None
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}  # a call's name is checked by the call
    for node in ast.walk(tree):
        problem = "" if id(node) in called and isinstance(node, ast.Name) else _refused(node, names, functions)
        if problem:
            raise ConfigError(source, f"{text!r}: {problem}", key)
    return Expression(text.strip(), tree)


def _refused(node: ast.AST, names: tuple[str, ...], functions: tuple[str, ...]) -> str:
    """Why ``node`` is not allowed, or "" when it is (the module docstring's list)."""
    if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop, ast.Load)):
        if isinstance(node, ast.BinOp) and type(node.op) not in _OPERATORS:
            return "only + - * / ** are allowed"
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, (ast.USub, ast.UAdd)):
            return "only a minus sign is allowed before a value"
        return ""
    if isinstance(node, ast.Constant):
        ok = isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
        return "" if ok else f"{node.value!r} is not a number"
    if isinstance(node, ast.Name):
        return "" if node.id in names else f"'{node.id}' is not one of {', '.join(names) or 'no names'}"
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in functions:
            what = node.func.id if isinstance(node.func, ast.Name) else "this"
            return (f"'{what}' is not a function of the lesson ({', '.join(functions)})" if functions
                    else "calls are allowed in an answer's 'from' only")
        return "a function takes positional arguments only" if node.keywords else ""
    return f"'{ast.unparse(node)}' is not allowed (numbers, names, + - * / **, calls of the lesson's functions)"


def _evaluate(node: ast.expr, values: dict, functions, calls: list, text: str):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return values[node.id]
    if isinstance(node, ast.UnaryOp):
        value = _evaluate(node.operand, values, functions, calls, text)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp):
        left = _evaluate(node.left, values, functions, calls, text)
        right = _evaluate(node.right, values, functions, calls, text)
        try:
            value = _OPERATORS[type(node.op)](left, right)
        except (ZeroDivisionError, OverflowError) as exc:
            raise ValueError(f"{text}: {exc}") from None
        return _number(value, text)
    args = tuple(_evaluate(arg, values, functions, calls, text) for arg in node.args)
    value = getattr(functions, node.func.id)(*args)
    calls.append((node.func.id, args))
    return _number(value, f"{node.func.id}{args}")


def _number(value, where: str):
    """``value`` as a plain int or float (a numpy scalar too); ValueError for anything else."""
    if isinstance(value, bool) or not hasattr(value, "__float__"):
        raise ValueError(f"{where} gives {type(value).__name__}, not a number")
    if isinstance(value, int) or (hasattr(value, "dtype") and value.dtype.kind in "iu"):
        return int(value)
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{where} gives {number}, not a finite number")
    return float(f"{number:.12g}")  # 0.2 + 6 × 0.025 is 0.7, not 0.7000000000000001: what a person computes


# -- texts --------------------------------------------------------------------------------------


def placeholders(text: str) -> list[tuple[str, str]]:
    """(expression, format) of every placeholder of ``text``, in order."""
    return [(m.group(1), m.group(2) or "auto") for m in PLACEHOLDER.finditer(text)]


def check_text(text: str, source: str, key: str, names: tuple[str, ...]) -> None:
    """ConfigError naming ``source`` and ``key`` for a placeholder that could not be rendered: an
    expression of other names, or an unknown format."""
    for expression, form in placeholders(text):
        parse(expression, source, key, names)
        if form not in FORMATS:
            try:
                format(1.5, form)
            except ValueError:
                raise ConfigError(source, f"'{form}' is not a format (use {', '.join(FORMATS)}, or a Python "
                                  "format such as .2f)", key) from None


def render(text: str, values: dict) -> str:
    """``text`` with each placeholder replaced by its value; ValueError naming the first placeholder that
    cannot be (``check_text`` refuses such a text where it is declared)."""
    names = tuple(values)

    def one(match: re.Match) -> str:
        try:
            expression = _parsed(match.group(1), names)
            return show(expression.evaluate(values), match.group(2) or "auto")
        except (ConfigError, ValueError, TypeError) as exc:
            why = exc.problem if isinstance(exc, ConfigError) else str(exc)
            raise ValueError(f"placeholder {match.group(0)!r} cannot be written: {why}") from None
    return PLACEHOLDER.sub(one, text)


@functools.lru_cache(maxsize=1024)
def _parsed(text: str, names: tuple[str, ...]) -> Expression:
    """A placeholder's expression, parsed once for these names (a class's texts render the same few hundred)."""
    return parse(text, "", "", names)


def show(value, form: str = "auto") -> str:
    """``value`` written in ``form`` (``FORMATS``, or a Python format spec)."""
    if form == "auto":
        return plain(value) if value == 0 or 1e-4 <= abs(value) < 1e6 else _power(value, "e")
    if form == "plain":
        return plain(value)
    if form == "e":
        return _power(value, "e")
    if form == "pow":
        return _power(value, "·10")
    if form == "2+":
        text = plain(value)
        whole, _, decimals = text.partition(".")
        return f"{whole}.{decimals.ljust(2, '0')}"
    if form == "comma":
        return f"{int(value):,}" if _whole(value) else f"{value:,}"
    if form == "words":
        return _WORDS[int(value)] if _whole(value) and 0 <= value < len(_WORDS) else plain(value)
    if form == "sum":
        n = int(value)
        terms = [str(i) for i in range(1, n + 1)] if n <= 5 else ["1", "2", "…", str(n)]
        return " + ".join(terms)
    if form == "percent":
        return f"{plain(round(value * 100, 10))} %"
    return format(value, form)


def plain(value) -> str:
    """The shortest decimal that reads back as ``value``: 1000, 0.05, 12.5 (never 1e+03 or 1000.0)."""
    value = value if isinstance(value, int) else float(f"{float(value):.12g}")  # no float noise in a text
    if _whole(value) and abs(value) < 1e16:
        return str(int(value))
    text = repr(value)
    if "e" in text:  # a very small or large float: written out without an exponent
        text = format(float(value), "f").rstrip("0").rstrip(".")
    return text


def _whole(value) -> bool:
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value) and value == int(value))


def _power(value, times: str) -> str:
    """``value`` as mantissa and power of ten: "1.4e13" (``times`` "e") or "1.4·10¹³" ("·10", where a
    mantissa of 1 is left out: "10¹⁴")."""
    if value == 0:
        return "0"
    exponent = math.floor(math.log10(abs(value)))
    mantissa = float(f"{value / 10 ** exponent:.12g}")
    if abs(mantissa) >= 10:  # 9.9999999999 rounded up
        mantissa, exponent = mantissa / 10, exponent + 1
    digits = plain(mantissa)
    if times == "e":
        return f"{digits}e{exponent}"
    power = f"10{str(exponent).translate(_SUPERSCRIPT)}"
    return power if digits == "1" else f"{digits}·{power}"


def significant_figures(value) -> int:
    """How many significant figures write ``value`` exactly (to a relative 1e-9): 1.4e13 has 2, 0.175 has 3."""
    if value == 0:
        return 1
    for figures in range(1, 16):
        if math.isclose(float(f"{float(value):.{figures - 1}e}"), float(value), rel_tol=1e-9):
            return figures
    return 16
