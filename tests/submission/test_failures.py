"""grader.submission.failures: the failures before any call in words, with the engine's diagnoses."""

from __future__ import annotations

import pytest

from grader.exceptions import ImportFailed, NotGradable
from grader.lesson.catalogue import engine_catalogue, find
from grader.submission.failures import (
    DEFINED_TWICE,
    MODULE_UNAVAILABLE,
    NUMPY_WITHOUT_NP,
    PARAMETERS_REORDERED,
    RAISES_AT_TOP_LEVEL,
    SYNTAX_ERROR,
    before_any_call,
    engine_code,
    frames_of,
    import_error,
    missing_module,
    module_names,
    near_module,
    reordered,
    stand_in_note,
    unbound_name,
    uses_np_unbound,
)
from grader.submission.source import analyse_text

MODULE = ("import numpy as np\n\n\ndef prefill_flops(N, P):\n    return 2 * N * P\n\n\n"
          "def causal_pairs(P):\n    return P * (P + 1) // 2\n\n\nprint(prefil_flops(7e9, 1000))\n")


def raised(name: str, message: str, *frames, kind: str = "") -> dict:
    """An import_error frame as the worker sends it."""
    return {"op": "import_error", "type": kind or name, "name": name, "message": message,
            "lineno": frames[-1][1] if frames else None, "line": frames[-1][2] if frames else "",
            "frames": [{"function": f, "lineno": n, "line": text} for f, n, text in frames]}


def test_every_code_is_in_the_engine_catalogue_and_every_message_ends_with_its_hint():
    assert {e.code for e in engine_catalogue()} == {SYNTAX_ERROR, RAISES_AT_TOP_LEVEL, NUMPY_WITHOUT_NP,
                                                    DEFINED_TWICE, MODULE_UNAVAILABLE, PARAMETERS_REORDERED}


def test_a_demo_line_that_raises_at_import_names_its_line_the_error_and_where_demos_go():
    facts = analyse_text(MODULE)
    text, code = import_error("prefill.py", raised("NameError", "name 'prefil_flops' is not defined",
                                                   ("<module>", 12, "print(prefil_flops(7e9, 1000))")), facts)
    assert code == RAISES_AT_TOP_LEVEL
    first, code_line = text.split("\n")
    assert first.startswith("line 12 of prefill.py runs when the grader imports the file, and it raised NameError: "
                            "name 'prefil_flops' is not defined (did you mean prefill_flops?). ")
    assert first.endswith(find(engine_catalogue(), RAISES_AT_TOP_LEVEL).hint) and '__name__ == "__main__"' in first
    assert code_line == "    print(prefil_flops(7e9, 1000))"


def test_a_demo_that_raises_inside_a_function_says_which():
    facts = analyse_text(MODULE)
    text, code = import_error("prefill.py", raised(
        "ValueError", "bad", ("<module>", 12, "print(prefill_seconds(1, 2, 3, 0))"),
        ("prefill_seconds", 7, "raise ValueError('bad')")), facts)
    assert code == RAISES_AT_TOP_LEVEL and "raised ValueError: bad (inside prefill_seconds, line 7)" in text


def test_np_unbound_at_import_is_numpy_without_np():
    facts = analyse_text("import numpy\n\nEPS = np.float64(1e-9)\n")
    text, code = import_error("prefill.py", raised("NameError", "name 'np' is not defined",
                                                   ("<module>", 3, "EPS = np.float64(1e-9)")), facts)
    assert code == NUMPY_WITHOUT_NP and "line 1 imports numpy under its own name" in text


@pytest.mark.parametrize("source, module, said", [
    ("import numpy as np\nimport matplotlib.pyplot as plt\n", "matplotlib", ""),
    ("import nunpy as np\n", "nunpy", " (did you mean numpy?)"),
    ("from matplotlib import pyplot\n", "matplotlib", ""),
    ("from matplotlib.pyplot import *\n", "matplotlib",
     "; a `*` import cannot be given a stand-in, so the file cannot be loaded"),
], ids=["plotting", "misspelled", "from", "star"])
def test_an_import_of_a_module_the_grader_lacks_names_the_module_and_where_such_imports_go(source, module, said):
    """The worker stands in for such imports (grader.sandbox.inside.standins); one that still fails
    at import (a `*` import, or one the worker could not rewrite) is said like this."""
    line = source.splitlines()[-1]
    text, code = import_error("prefill.py", raised("ModuleNotFoundError", f"No module named '{module}'",
                                                   ("<module>", len(source.splitlines()), line)), analyse_text(source))
    first, code_line = text.split("\n")
    assert code == MODULE_UNAVAILABLE
    assert first.startswith(f"line {len(source.splitlines())} of prefill.py imports {module}, which the grader's "
                            f"Python does not have (ModuleNotFoundError){said}. ")
    assert first.endswith(find(engine_catalogue(), MODULE_UNAVAILABLE).hint) and code_line == f"    {line}"


@pytest.mark.parametrize("source, line, words", [
    ("import scipy\n", 1, "could not be imported (ModuleNotFoundError, line 1)"),
    ("def f(x=undefined):\n    return x\n", 1, "could not be imported (NameError, line 1)"),
], ids=["import", "default-value"])
def test_an_import_or_a_definition_that_raises_has_no_demo_to_move(source, line, words):
    text, code = import_error("prefill.py", raised("ModuleNotFoundError" if "import" in source else "NameError",
                                                   "whatever", ("<module>", line, source.splitlines()[0])),
                              analyse_text(source))
    assert code is None and words in text


def test_an_error_from_outside_the_file_is_said_as_python_names_it():
    text, code = import_error("prefill.py", raised("MemoryError", ""), analyse_text(MODULE))
    assert code is None and text == "prefill.py could not be imported (MemoryError): "


def test_a_module_that_does_not_compile_shows_the_line_the_caret_and_the_function():
    facts = analyse_text("def a(P):\n    return 1\nprint(a(2)\n")
    text, code = import_error("prefill.py", raised("SyntaxError", "'(' was never closed"), facts)
    assert code == SYNTAX_ERROR
    assert text.startswith("prefill.py does not compile: SyntaxError at line 3 of prefill.py: '(' was never closed.")
    assert text.endswith("\n    print(a(2)\n         ^")


def test_what_the_source_shows_before_any_call():
    facts = analyse_text("def a(P)\n    return 1\n\ndef b(P):\n    return 2\n\ndef c(P):\n    return 3\n\n"
                         "def b(P):\n    pass\n\ndef c(P):\n    return 33\n")
    blocked, notes = before_any_call(facts, "prefill.py", ["a", "b", "c"])
    assert isinstance(blocked["a"], ImportFailed) and blocked["a"].diagnosis == SYNTAX_ERROR
    assert "a does not compile: SyntaxError at line 1 of prefill.py: expected ':'." in str(blocked["a"])
    assert isinstance(blocked["b"], NotGradable) and blocked["b"].diagnosis == DEFINED_TWICE
    assert str(blocked["b"]).startswith("prefill.py defines b 2 times: your work at line 4, the stub at line 10.")
    assert "c" not in blocked
    assert notes[0].startswith("prefill.py does not compile as handed in: a (line 1) has a SyntaxError.")
    assert notes[1] == ("prefill.py defines c 2 times (lines 7, 13): Python keeps the last one, at line 13, "
                        "and that is the one graded.")


def test_a_name_error_is_numpy_without_np_only_with_the_source_behind_it():
    facts = analyse_text("import numpy\n\ndef a():\n    return np.ones(2)\n")
    assert uses_np_unbound(NameError("name 'np' is not defined"), facts)
    assert not uses_np_unbound(NameError("name 'np' is not defined"), analyse_text("import numpy as np\n"))
    assert not uses_np_unbound(NameError("name 'x' is not defined"), facts)
    assert not uses_np_unbound(ValueError("name 'np' is not defined"), facts) and not uses_np_unbound(
        NameError("name 'np' is not defined"), None)
    assert unbound_name(NameError("name 'np' is not defined"), facts) == "np"
    assert unbound_name(NameError("name 'P=1000' is not defined"), facts) is None  # not a name of the file


def test_frames_from_the_worker_are_checked_and_bounded():
    info = {"frames": [{"function": "f", "lineno": 3, "line": "x"}, {"function": 7, "lineno": "3"}, "junk",
                       *({"function": "g" * 500, "lineno": 1, "line": ""} for _ in range(100))]}
    frames = frames_of(info)
    assert frames[:2] == [("f", 3, "x"), ("?", None, "")] and len(frames) == 19 and len(frames[2][0]) == 200
    assert frames_of({"frames": "no"}) == [] and frames_of("no") == []


# -- modules the grader lacks (stood in for by the worker: grader.sandbox.inside.standins) ------


def test_a_stand_in_used_at_the_top_level_is_the_demo_to_move_and_says_which_module():
    source = "import matplotlib.pyplot as plt\n\nplt.imshow([[1]])\n"
    text, code = import_error("prefill.py", raised("ModuleNotFoundError", "No module named 'matplotlib'",
                                                   ("<module>", 3, "plt.imshow([[1]])")), analyse_text(source))
    assert code == RAISES_AT_TOP_LEVEL
    assert text.startswith("line 3 of prefill.py runs when the grader imports the file, and it raised "
                           "ModuleNotFoundError: No module named 'matplotlib' (the grader's Python does not have "
                           "matplotlib). ")


def test_a_stand_in_a_decorator_uses_at_import_names_the_module_and_what_runs_then():
    source = "from numba import njit\n\n@njit\ndef causal_pairs(P):\n    return P * (P + 1) // 2\n"
    text, code = import_error("prefill.py", raised("ModuleNotFoundError", "No module named 'numba'",
                                                   ("<module>", 3, "@njit")), analyse_text(source))
    assert code == MODULE_UNAVAILABLE
    assert text.startswith("line 3 of prefill.py uses numba when the grader imports the file (a decorator, a default "
                           "value or an annotation runs then), and the grader's Python does not have it")


@pytest.mark.parametrize("value, names", [
    (["matplotlib", "scipy"], ("matplotlib", "scipy")),
    (["matplotlib", "matplotlib", "seaborn"], ("matplotlib", "seaborn")),
    ("matplotlib", ()), ({"matplotlib": 1}, ()), (None, ()),
    (["matplotlib.pyplot", "a b", "\x1b[31mred", "caf\u00e9", "", 3, None, ["x"], "x" * 101], ()),
    ([f"m{i}" for i in range(50)], tuple(f"m{i}" for i in range(20))),
], ids=["two", "twice", "a-string", "a-dict", "none", "not-module-names", "too-many"])
def test_the_modules_a_worker_names_are_checked_like_any_data_from_the_sandbox(value, names):
    assert module_names(value) == names


def test_the_note_names_only_modules_the_source_imports_and_suggests_a_spelling():
    facts = analyse_text("import nupmy as np\nimport matplotlib.pyplot as plt\nimport seaborn\n")
    assert stand_in_note("prefill.py", ("numpy", "os"), facts) == ""  # what the file never imports is never said
    assert stand_in_note("prefill.py", ("nupmy",), facts) == (
        "prefill.py imports nupmy, which the grader's Python does not have (did you mean numpy?): the grader put a "
        "stand-in in its place, so that the functions that do not use it are graded as usual, and whatever uses it "
        "fails, naming it; a line outside every function that needs it does nothing (a demo belongs under "
        "`if __name__ == \"__main__\":`, which the grader does not run).")
    assert stand_in_note("prefill.py", ("matplotlib", "nupmy", "seaborn"), facts).startswith(
        "prefill.py imports matplotlib, nupmy and seaborn, which the grader's Python does not have (did you mean "
        "numpy?): the grader put stand-ins in their place, so that the functions that do not use them")


@pytest.mark.parametrize("module, said", [("nunpy", "numpy"), ("nupmy", "numpy"), ("maths", "math"),
                                          ("matplotlib", None), ("numpy", None), ("zzzzqqq", None)])
def test_a_misspelled_module_is_matched_to_one_this_python_has_installed_packages_first(module, said):
    assert near_module(module) == (f" (did you mean {said}?)" if said else "")


def test_a_calls_module_not_found_error_is_the_engines_diagnosis_only_for_a_module_the_file_imports():
    facts = analyse_text("import numpy as np\n\ndef f():\n    import matplotlib.pyplot as plt\n    plt.show()\n")
    error = ModuleNotFoundError("No module named 'matplotlib'")
    assert missing_module(error, facts) == "matplotlib" and engine_code(error, facts) == MODULE_UNAVAILABLE
    assert missing_module(ModuleNotFoundError("No module named 'matplotlib.pyplot'"), facts) == "matplotlib"
    for other in (ModuleNotFoundError("No module named 'requests'"),  # imported by nothing in the file
                  ImportError("No module named 'matplotlib'"), ValueError("No module named 'matplotlib'")):
        assert missing_module(other, facts) is None and engine_code(other, facts) is None
    assert missing_module(error, None) is None


def test_a_helper_module_that_imports_a_missing_module_is_named_as_such():
    """Only the graded file's own imports get stand-ins: a module of the student's that imports
    matplotlib fails the import, and the line that imports it is not said to import matplotlib."""
    source = "from plotting import show\nimport numpy as np\n"
    text, code = import_error("prefill.py", raised("ModuleNotFoundError", "No module named 'matplotlib'",
                                                   ("<module>", 1, "from plotting import show")), analyse_text(source))
    assert code == MODULE_UNAVAILABLE
    assert text.startswith("line 1 of prefill.py imports a module that imports matplotlib, which the grader's Python "
                           "does not have (ModuleNotFoundError): only the imports prefill.py itself makes get a "
                           "stand-in, so the file cannot be loaded. ")


SAID = ("Your file defines rate(elapsed, n_out); the lesson's is rate(n_out, elapsed), and every check calls it "
        "that way.")


@pytest.mark.parametrize("source, said", [
    ("def rate(elapsed, n_out):\n    return n_out / elapsed\n", SAID),
    ("def rate(n_out, elapsed):\n    return n_out / elapsed\n", ""),  # the lesson's order
    ("def rate(n, t):\n    return n / t\n", ""),  # names of its own: the order cannot be read from them
    ("def rate(elapsed, n_out, extra=1):\n    return 1\n", SAID),
    ("def rate(elapsed, n_out):\n    return 1\n\nrate = lambda n_out, elapsed: n_out / elapsed\n", ""),  # bound again
    ("def rate(elapsed, n_out):\n    return 1\n\ndef rate(n_out, elapsed):\n    return 2\n", ""),  # the last counts
])
def test_parameters_in_another_order_are_said_only_when_the_def_names_the_lessons_in_another_order(source, said):
    """Issue 21's third held-out round: ``request_output_rate(elapsed, n_out)`` was told of a bound on elapsed and
    of a message that must name elapsed, both symptoms of the order. The names are the file's fact."""
    assert reordered("rate", ("n_out", "elapsed"), analyse_text(source)) == said
    assert reordered("rate", ("n_out",), analyse_text(source)) == ""  # one parameter has no order
    assert reordered("rate", ("n_out", "elapsed"), None) == ""
