"""The failures that come before any call, in words, with the engine's diagnosis of each.

Every lesson shares them, so their words live here and their codes and hints in the
engine's catalogue (``grader/lesson/engine_diagnoses.toml``):

- ``import.syntax-error``: the file does not compile; the line, a caret under the spot, and
  the function it is in (``syntax_error``, and ``broken_function`` for a function the grader
  left out so that the others could be graded);
- ``import.raises-at-top-level``: a line outside every function raised when the grader
  imported the file: which line, what it raised, and where demos belong (``import_error``);
- ``import.numpy-without-np``: ``import numpy`` binds the name numpy, and the code says np
  (``import_error`` at import, ``uses_np_unbound`` for a call);
- ``import.defined-twice``: the template's stub left below a finished function replaces it
  (``stub_shadows_work``);
- ``import.parameters-reordered``: a graded function names the lesson's parameters in another order
  (``reordered``, said on its task's failed checks with the two ``def`` lines);
- ``import.module-unavailable``: a module the grader's Python does not have (matplotlib to
  draw the mask, a misspelled name). The worker gives each top-level import of one a
  stand-in (``grader.sandbox.inside.standins``), so only what uses the module fails: a call
  that raised ModuleNotFoundError for a module the source imports (``engine_code``,
  ``missing_module``), with a note naming the modules (``stand_in_note``); an import no
  stand-in can take (``from x import *``) still fails the whole file (``import_error``).

What the worker reported (``info``: the import_error frame's fields, see
``grader.sandbox.inside.worker.describe_exception``) is the submission's data: every field
is type-checked here, and the sentences reach the report only through the result model,
which passes them through ``grader.result.text.shown``.
"""

from __future__ import annotations

import difflib
import functools
import re
import sys

from grader.exceptions import ImportFailed, NotGradable, StudentCodeError
from grader.lesson.catalogue import engine_catalogue, find
from grader.submission.source import SourceFacts, SyntaxProblem

SYNTAX_ERROR = "import.syntax-error"
RAISES_AT_TOP_LEVEL = "import.raises-at-top-level"
NUMPY_WITHOUT_NP = "import.numpy-without-np"
DEFINED_TWICE = "import.defined-twice"
MODULE_UNAVAILABLE = "import.module-unavailable"
PARAMETERS_REORDERED = "import.parameters-reordered"
_SYNTAX_TYPES = ("SyntaxError", "IndentationError", "TabError")
_NAME_ERROR = re.compile(r"name '([A-Za-z_][A-Za-z0-9_]*)' is not defined")
_NO_MODULE = re.compile(r"No module named '([A-Za-z_][A-Za-z0-9_.]*)'")
_STAR = re.compile(r"\bimport\s*\*")
_MODULE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")
MAX_FRAMES = 20
MAX_STAND_INS = 20  # modules a worker may say it stood in for (inside/standins.MAX_STAND_INS)


def before_any_call(facts: SourceFacts, filename: str, functions,
                    unit: str = "line") -> tuple[dict[str, StudentCodeError], list[str]]:
    """What the source alone shows about the graded ``functions``: {function: the error its calls
    raise instead of running} and the report's notes about the module.

    A function that does not compile (left out of the repaired module) fails its task as an
    error of the code; a stub defined after the student's work fails it as a wrong answer,
    naming both definitions. A function defined twice with work in the one Python keeps is
    graded as usual, with a note. ``unit``: what a definition's place counts, a module's
    line or a notebook's cell."""
    blocked: dict[str, StudentCodeError] = {}
    notes = [broken_note(filename, facts.broken)] if facts.broken else []
    for name, problem in facts.broken.items():
        blocked[name] = ImportFailed(broken_function(filename, name, problem), diagnosis=SYNTAX_ERROR)
    for name in functions:
        shadow = facts.stub_shadows_work(name)
        if name in blocked:
            continue
        if shadow:
            blocked[name] = NotGradable(stub_shadows_work(filename, name, *shadow, unit), diagnosis=DEFINED_TWICE)
        elif facts.defined_again(name) and any(not d.stub for d in facts.definitions[name][:-1]) \
                and not facts.definitions[name][-1].stub:
            notes.append(defined_again_note(filename, name, facts.defined_again(name), unit))
    return blocked, notes


def import_error(filename: str, info: dict, facts: SourceFacts) -> tuple[str, str | None]:
    """(what a student reads, the diagnosis code or None) for a module whose import failed."""
    name, message = _text(info.get("name"), "Exception"), _text(info.get("message"))
    if facts.syntax is not None and info.get("type") in _SYNTAX_TYPES:
        return syntax_error(filename, facts.syntax), SYNTAX_ERROR
    frames = frames_of(info)
    top = frames[0] if frames and frames[0][0] == "<module>" else None
    if top is None:
        return generic(filename, info), None
    lineno, line = top[1], top[2]
    raised = f"{name}: {_one_line(message)}" if message else name
    inner = next((f for f in reversed(frames) if f[0] != "<module>"), None)
    inside = f" (inside {inner[0]}, line {inner[1]})" if inner else ""
    if name == "NameError" and _missing_name(message) == "np" and facts.plain_numpy is not None:
        return (f"line {lineno} of {filename} uses np when the grader imports the file, and np is not defined: "
                f"line {facts.plain_numpy} imports numpy under its own name (NameError). {hint(NUMPY_WITHOUT_NP)}"
                f"\n    {line.strip()}"), NUMPY_WITHOUT_NP
    kind = facts.statement(lineno)
    missing = _NO_MODULE.fullmatch(message.strip()) if name == "ModuleNotFoundError" else None
    module = missing.group(1).split(".")[0] if missing else None
    if kind == "import" and missing and not re.search(rf"\b{re.escape(module)}\b", line):  # a module that imports it
        return (f"line {lineno} of {filename} imports a module that imports {missing.group(1)}, which the grader's "
                f"Python does not have (ModuleNotFoundError): only the imports {filename} itself makes get a "
                f"stand-in, so the file cannot be loaded. {hint(MODULE_UNAVAILABLE)}\n    {line.strip()}"
                ), MODULE_UNAVAILABLE
    if kind == "import" and missing:
        star = _STAR.search(line) is not None
        return (f"line {lineno} of {filename} imports {missing.group(1)}, which the grader's Python does not have "
                f"(ModuleNotFoundError){near_module(missing.group(1))}"
                f"{'; a `*` import cannot be given a stand-in, so the file cannot be loaded' if star else ''}. "
                f"{hint(MODULE_UNAVAILABLE)}\n    {line.strip()}"), MODULE_UNAVAILABLE
    if kind == "definition" and module in facts.imports:  # a stand-in used by a decorator, default or annotation
        return (f"line {lineno} of {filename} uses {module} when the grader imports the file (a decorator, a default "
                "value or an annotation runs then), and the grader's Python does not have it (ModuleNotFoundError). "
                f"{hint(MODULE_UNAVAILABLE)}\n    {line.strip()}"), MODULE_UNAVAILABLE
    if kind != "other":  # an import that fails, a decorator or a default value: no demo to move
        return generic(filename, info, lineno, line), None
    if module in facts.imports:  # a stand-in used at the top level: the line is the demo to move
        raised += f" (the grader's Python does not have {module})"
    return (f"line {lineno} of {filename} runs when the grader imports the file, and it raised {raised}"
            f"{inside}{_did_you_mean(name, message, facts)}. {hint(RAISES_AT_TOP_LEVEL)}\n    {line.strip()}"
            ), RAISES_AT_TOP_LEVEL


def syntax_error(filename: str, problem: SyntaxProblem) -> str:
    """The whole module does not compile: Python refuses every function in it. The first line is
    prose (what, where, what it means), the next ones the line and its caret, as written."""
    picture = problem.picture()
    return (f"{filename} does not compile: {problem.kind} at {problem.where(filename)}: "
            f"{_sentence(problem.message)} {hint(SYNTAX_ERROR)}" + (f"\n{picture}" if picture else ""))


def broken_function(filename: str, function: str, problem: SyntaxProblem) -> str:
    """One function does not compile; the grader graded the others without it."""
    picture = problem.picture()
    return (f"{function} does not compile: {problem.kind} at line {problem.lineno} of {filename}: "
            f"{_sentence(problem.message)} The grader left {function} out to grade your other functions. "
            f"{hint(SYNTAX_ERROR)}" + (f"\n{picture}" if picture else ""))


def broken_note(filename: str, broken: dict[str, SyntaxProblem]) -> str:
    """The report's note about a module graded without the functions that do not compile."""
    names = ", ".join(f"{name} (line {problem.lineno})" for name, problem in broken.items())
    one = len(broken) == 1
    return (f"{filename} does not compile as handed in: {names} {'has a SyntaxError' if one else 'have SyntaxErrors'}"
            f". Your other functions were graded without {'it' if one else 'them'}, but Python refuses the whole file "
            "until every error is fixed.")


def stub_shadows_work(filename: str, function: str, work: tuple[int, ...], stub: int, unit: str = "line") -> str:
    """The template's stub defined after the student's work: Python keeps the stub."""
    places = " and ".join(str(n) for n in work)
    return (f"{filename} defines {function} {len(work) + 1} times: your work at {unit}{'s' if len(work) > 1 else ''} "
            f"{places}, the stub at {unit} {stub}. {hint(DEFINED_TWICE)}")


def defined_again_note(filename: str, function: str, places: tuple[int, ...], unit: str = "line") -> str:
    """Two versions with work: Python keeps the last (worth knowing when it is the wrong one)."""
    return (f"{filename} defines {function} {len(places)} times ({unit}s {', '.join(map(str, places))}): Python "
            f"keeps the last one, at {unit} {places[-1]}, and that is the one graded.")


def module_names(value) -> tuple[str, ...]:
    """The modules a worker's ``ready`` says it stood in for (the submission's data): top-level
    module names only, each once, at most MAX_STAND_INS; anything else is dropped."""
    if type(value) is not list:
        return ()
    names: list[str] = []
    for item in value[:MAX_STAND_INS]:
        if type(item) is str and item.isascii() and _MODULE_NAME.fullmatch(item) and item not in names:
            names.append(item)
    return tuple(names)


def stand_in_note(filename: str, modules, facts: SourceFacts, cells: bool = False) -> str:
    """The report's note about the modules the grader stood in for: those the source imports. A
    line outside every function that needs one does nothing (``cells``: a notebook's, said so)."""
    named = [m for m in modules if m in facts.imports]
    if not named:
        return ""
    which = " and ".join(filter(None, [", ".join(named[:-1]), named[-1]]))
    near = "".join(near_module(m) for m in named)
    one = len(named) == 1
    it = "it" if one else "them"
    return (f"{filename} imports {which}, which the grader's Python does not have{near}: the grader put "
            f"{'a stand-in' if one else 'stand-ins'} in {'its' if one else 'their'} place, so that the functions that "
            f"do not use {it} are graded as usual, and whatever uses {it} fails, naming {it}"
            + (f"; a line of a cell, outside every function, that needs {it} does nothing." if cells else
               f"; a line outside every function that needs {it} does nothing (a demo belongs under "
               "`if __name__ == \"__main__\":`, which the grader does not run)."))


def missing_module(exc: BaseException, facts: SourceFacts | None) -> str | None:
    """The module a call's ModuleNotFoundError names, when the source imports it (a stand-in's, or
    an import inside the function): a fact of the file, so even a secret check may say it."""
    if facts is None or type(exc) is not ModuleNotFoundError:
        return None
    match = _NO_MODULE.fullmatch(str(exc).strip())
    top = match.group(1).split(".")[0] if match else None
    return top if top in facts.imports else None


def engine_code(exc: BaseException, facts: SourceFacts | None) -> str | None:
    """The engine's diagnosis of an exception a call raised, from what the source shows: numpy
    imported without ``as np``, or a module the grader's Python lacks; None otherwise."""
    if uses_np_unbound(exc, facts):
        return NUMPY_WITHOUT_NP
    return MODULE_UNAVAILABLE if missing_module(exc, facts) else None


def reordered(function: str, lesson: tuple[str, ...], facts: SourceFacts | None) -> str:
    """The sentence that says ``function``'s parameters are the lesson's in another order, or "" when they
    are not (or the source was not read). The names are the lesson's own, in the file's order: the
    submission chooses none of the text."""
    theirs = facts.reordered(function, lesson) if facts is not None else None
    if theirs is None:
        return ""
    return (f"Your file defines {function}({', '.join(theirs)}); the lesson's is {function}({', '.join(lesson)}), "
            "and every check calls it that way.")


def uses_np_unbound(exc: BaseException, facts: SourceFacts | None) -> bool:
    """Whether a call failed with NameError for np in a module that imports numpy as numpy."""
    return (facts is not None and facts.plain_numpy is not None and type(exc) is NameError
            and _missing_name(str(exc)) == "np")


def unbound_name(exc: BaseException, facts: SourceFacts | None) -> str | None:
    """The name of a NameError when the source alone shows it is bound nowhere in the module.

    Such a name is the same whatever a check's inputs are (it is in the file), so even a
    secret check may say it."""
    if facts is None or type(exc) is not NameError:
        return None
    name = _missing_name(str(exc))
    return name if name in facts.unbound else None


def frames_of(info: dict) -> list[tuple[str, int | None, str]]:
    """The worker's frames as (function, line number, line), checked, at most MAX_FRAMES."""
    frames = info.get("frames") if isinstance(info, dict) else None
    if type(frames) is not list:
        return []
    out = []
    for frame in frames[:MAX_FRAMES]:
        if type(frame) is not dict:
            continue
        lineno = frame.get("lineno")
        out.append((_text(frame.get("function"), "?")[:200], lineno if type(lineno) is int else None,
                    _text(frame.get("line"))[:200]))
    return out


def generic(filename: str, info: dict, lineno: int | None = None, line: str = "") -> str:
    """The import error as Python would name it, with its line."""
    lineno = lineno if lineno is not None else (info.get("lineno") if type(info.get("lineno")) is int else None)
    line = line or _text(info.get("line"))
    where = f", line {lineno}" if lineno is not None else ""
    name = _text(info.get("name"), "Exception")
    text = f"{filename} could not be imported ({name}{where}): {_text(info.get('message'))}"
    return text + (f"\n    {line.strip()}" if line.strip() else "")


def hint(code: str) -> str:
    """The engine catalogue's hint for ``code``: the messages above end with it, so that a
    report shows the facts of this file and what they mean in one item."""
    entry = find(engine_catalogue(), code)
    return entry.hint if entry is not None else ""


def _did_you_mean(name: str, message: str, facts: SourceFacts) -> str:
    missing = _missing_name(message) if name == "NameError" else None
    if missing is None:
        return ""
    near = difflib.get_close_matches(missing, list(facts.definitions), n=1)
    return f" (did you mean {near[0]}?)" if near else ""


def near_module(module: str) -> str:
    """" (did you mean numpy?)" for a misspelled module the grader's Python has, else "". The
    installed packages are asked first: a student misspells numpy more often than runpy."""
    for known in _known_modules():
        near = difflib.get_close_matches(module, known, n=1, cutoff=0.75)
        if near:
            return f" (did you mean {near[0]}?)" if near[0] != module else ""
    return ""


@functools.cache
def _known_modules() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the installed packages' top-level modules, the standard library's): the worker's Python is this one."""
    import importlib.metadata  # here: a grade that suggests no module name never pays for its import

    try:
        installed = set(importlib.metadata.packages_distributions())
    except Exception:  # noqa: BLE001 - broken metadata costs only the suggestion
        installed = set()
    return (tuple(sorted(n for n in installed - set(sys.stdlib_module_names) if not n.startswith("_"))),
            tuple(sorted(n for n in sys.stdlib_module_names if not n.startswith("_"))))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _sentence(text: str) -> str:
    text = _one_line(text)
    return text if text.endswith((".", "?", "!")) else text + "."


def _missing_name(message: str) -> str | None:
    match = _NAME_ERROR.fullmatch(message.strip())
    return match.group(1) if match else None


def _text(value, default: str = "") -> str:
    return value if type(value) is str else default
