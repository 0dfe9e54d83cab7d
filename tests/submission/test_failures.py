"""grader.submission.failures: the failures before any call in words, with the engine's diagnoses."""

from __future__ import annotations

import pytest

from grader.exceptions import ImportFailed, NotGradable
from grader.lesson.catalogue import engine_catalogue, find
from grader.submission.failures import (
    DEFINED_TWICE,
    MODULE_UNAVAILABLE,
    NUMPY_WITHOUT_NP,
    RAISES_AT_TOP_LEVEL,
    SYNTAX_ERROR,
    before_any_call,
    frames_of,
    import_error,
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
                                                    DEFINED_TWICE, MODULE_UNAVAILABLE}


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


@pytest.mark.parametrize("source, module", [
    ("import numpy as np\nimport matplotlib.pyplot as plt\n", "matplotlib"),
    ("import nunpy as np\n", "nunpy"),
    ("from matplotlib import pyplot\n", "matplotlib"),
], ids=["plotting", "misspelled", "from"])
def test_an_import_of_a_module_the_grader_lacks_names_the_module_and_where_such_imports_go(source, module):
    line = source.splitlines()[-1]
    text, code = import_error("prefill.py", raised("ModuleNotFoundError", f"No module named '{module}'",
                                                   ("<module>", len(source.splitlines()), line)), analyse_text(source))
    first, code_line = text.split("\n")
    assert code == MODULE_UNAVAILABLE
    assert first.startswith(f"line {len(source.splitlines())} of prefill.py imports {module}, which the grader's "
                            "Python does not have (ModuleNotFoundError). ")
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
