"""grader.submission.source: what a module says about itself, compiled and parsed, never run."""

from __future__ import annotations

import pytest

from grader.submission.cells import CellSource
from grader.submission.limits import MAX_SOURCE_BYTES
from grader.submission.source import analyse, analyse_cells, analyse_text

THREE = "import numpy as np\n\ndef a(P):\n    return 1\n\ndef b(P):\n    return 2\n\ndef c(P):\n    return 3\n"


def test_a_module_that_compiles_needs_no_repair():
    facts = analyse_text(THREE)
    assert facts.syntax is None and facts.repaired is None and facts.broken == {}
    assert [d.lineno for d in facts.definitions["b"]] == [6] and facts.stubs() == set()


def test_a_syntax_error_inside_a_function_leaves_that_function_out_on_the_same_lines():
    source = THREE.replace("def b(P):", "def b(P)")
    facts = analyse_text(source)
    assert (facts.syntax.message, facts.syntax.lineno, facts.syntax.function) == ("expected ':'", 6, "b")
    assert list(facts.broken) == ["b"]
    lines = facts.repaired.splitlines()
    assert len(lines) == len(source.splitlines())  # every other line keeps its number
    assert lines[5].startswith("def b(*args, **kwargs): raise SyntaxError(") and lines[6] == ""
    assert lines[2:4] == ["def a(P):", "    return 1"] and lines[8:] == ["def c(P):", "    return 3"]
    namespace: dict = {}
    exec(compile(facts.repaired, "repaired", "exec"), namespace)  # noqa: S102 - the test's own text
    assert namespace["a"](1) == 1 and namespace["c"](1) == 3
    with pytest.raises(SyntaxError, match="b was left out because it does not compile"):
        namespace["b"](1)


@pytest.mark.parametrize("broken, function, lineno", [
    ("def a(P):\n    x = (1 +\n    return x\n", "a", 2),  # a bracket never closed: Python names its line
    ("def a(P):\n    x = 1\n      y = 2\n    return x\n", "a", 3),  # unexpected indent
    ("def a(P):\n    total = 0\n  return total\n", "a", 3),  # unindent that matches nothing
    ('def a(P):\n    """doc\n    return 1\n', "a", 2),  # a docstring never closed
    ("def a(x, x):\n    return 1\n", "a", 1),  # only compile() sees it, not ast.parse
    ("def a(P):\n# TODO\n", "a", 1),  # no body: Python points at the line after, the grader at the def
], ids=["unclosed", "indent", "dedent", "docstring", "duplicate-argument", "empty-body"])
def test_the_function_holding_the_error_is_found_and_left_out(broken, function, lineno):
    facts = analyse_text(broken + "\n\ndef z(P):\n    return 26\n")
    assert (facts.syntax.function, facts.syntax.lineno) == (function, lineno)
    assert list(facts.broken) == [function] and "def z(P):" in facts.repaired


def test_two_broken_functions_are_both_left_out():
    facts = analyse_text("def a(P)\n    return 1\ndef b(P):\n    return 2 +\ndef c():\n    return 3\n")
    assert list(facts.broken) == ["a", "b"] and facts.syntax.function == "a"
    assert "def c():" in facts.repaired


@pytest.mark.parametrize("source", [
    "def a(P):\n    return 1\nprint(a(2)\n",  # at the top level
    "return 5\ndef a():\n    return 1\n",  # 'return' outside a function: only compile() sees it
    "print 'hello'\ndef a():\n    return 1\n",
], ids=["top-level", "return-outside", "print-statement"])
def test_an_error_outside_every_function_is_not_repaired(source):
    facts = analyse_text(source)
    assert facts.syntax is not None and facts.syntax.function is None
    assert facts.repaired is None and facts.broken == {} and facts.definitions == {}


def test_the_picture_is_the_line_and_a_caret_under_the_spot():
    facts = analyse_text("def a(P):\n    return (1 +\n\n")
    assert facts.syntax.picture() == "    return (1 +\n           ^"
    tabbed = analyse_text("def a(P)\n\treturn 1\n").syntax
    assert tabbed.picture() == "    def a(P)\n            ^"


def test_a_stub_defined_after_the_work_shadows_it():
    facts = analyse_text("def a(P):\n    return 1\n\ndef b():\n    return 2\n\ndef a(P):\n    pass\n")
    assert facts.stub_shadows_work("a") == ((1,), 7) and facts.stub_shadows_work("b") is None
    assert facts.stubs() == {"a"} and facts.defined_again("a") == (1, 7) and facts.defined_again("b") == ()
    above = analyse_text("def a(P):\n    pass\n\ndef a(P):\n    return 1\n")
    assert above.stub_shadows_work("a") is None and above.stubs() == set()  # the later one, with work, wins


def test_a_stub_bound_again_below_is_no_stub_in_a_module_or_in_cells():
    """``prefill_flops = lambda N, P: 2 * N * P`` below its ``pass`` stub is what a call uses: full marks were
    told 'not implemented yet' (issue 25's second battery, 9d)."""
    text = "def a(P):\n    pass\n\ndef b(P):\n    pass\n\na = lambda P: P\n"
    assert analyse_text(text).stubs() == {"b"}
    cells = [CellSource(1, "def a(P):\n    pass"), CellSource(2, "a = lambda P: P"),
             CellSource(3, "def b(P):\n    pass")]
    assert analyse_cells(cells).stubs() == {"b"}


def test_numpy_imported_under_its_own_name_while_np_is_used():
    facts = analyse_text("import math\nimport numpy\n\ndef a(P):\n    return np.zeros(P)\n")
    assert facts.unbound == {"np"} and facts.plain_numpy == 2
    assert analyse_text("import numpy as np\n\ndef a(P):\n    return np.zeros(P)\n").plain_numpy is None
    assert analyse_text("import numpy\n\ndef a(P):\n    return numpy.zeros(P)\n").plain_numpy is None
    assert analyse_text("import numpy\nnp = numpy\n\ndef a(P):\n    return np.zeros(P)\n").plain_numpy is None


def test_unbound_names_are_those_bound_nowhere_and_not_built_in():
    source = ("import os.path\nfrom math import comb as c\n\ndef f(x, *args, y=1, **kw):\n    global G\n"
              "    G = [i for i in range(x)]\n    try:\n        pass\n    except ValueError as e:\n        print(e)\n"
              "    if (n := len(args)):\n        pass\n    return os, c, n, kw, y, __name__, prefil_flops\n")
    assert analyse_text(source).unbound == {"prefil_flops"}
    assert analyse_text("from numpy import *\n\ndef f():\n    return anything\n").unbound == frozenset()


def test_top_level_statements_are_told_apart():
    facts = analyse_text("import numpy as np\n\ndef a():\n    return 1\n\nprint(\n    a()\n)\n")
    assert [facts.statement(n) for n in (1, 3, 4, 6, 7, 8, 2)] == \
        ["import", "definition", "definition", "other", "other", "other", ""]


def test_files_that_cannot_be_read_or_are_too_large_give_no_facts(tmp_path):
    big = tmp_path / "big.py"
    big.write_bytes(b"x = 1\n" * (MAX_SOURCE_BYTES // 6 + 1))
    assert analyse(big).definitions == {} and analyse(tmp_path / "absent.py").syntax is None
    assert analyse(None).repaired is None


def test_a_file_in_another_encoding_is_repaired_in_that_encoding(tmp_path):
    path = tmp_path / "latin.py"
    path.write_bytes("# -*- coding: latin-1 -*-\ndef a(P):\n    return 'café'\n\ndef b(P)\n    return 2\n"
                     .encode("latin-1"))
    facts = analyse(path)
    assert facts.encoding == "iso-8859-1" and list(facts.broken) == ["b"]
    assert "return 'café'" in facts.repaired.encode(facts.encoding).decode("latin-1")


def test_a_notebook_s_cells_give_definitions_by_cell_and_the_names_they_read():
    cells = [CellSource(1, "import numpy\n%timeit 1"), CellSource(2, "def a(P):\n    return np.ones(P)\n"),
             CellSource(3, "# ANSWERS\nflops = 1"), CellSource(4, "def a(P):\n    pass\n"), CellSource(5, "def (")]
    facts = analyse_cells(cells)
    assert facts.stub_shadows_work("a") == ((2,), 4) and facts.parsed
    assert facts.unbound == {"np"} and facts.plain_numpy == 1 and facts.repaired is None


def test_the_modules_a_source_imports_anywhere_are_known_by_their_top_level_name():
    """What a report may name as a module the grader lacks: only what the file itself imports."""
    facts = analyse_text("import numpy as np, os.path\nfrom scipy.special import comb\nfrom . import sibling\n"
                         "try:\n    import seaborn\nexcept ImportError:\n    pass\n\n"
                         "def f():\n    import matplotlib.pyplot as plt\n")
    assert facts.imports == {"numpy", "os", "scipy", "seaborn", "matplotlib"}


def test_a_notebooks_imports_include_the_modules_its_magics_load():
    cells = [CellSource(1, "%matplotlib inline\nimport numpy as np"), CellSource(2, "%load_ext line_profiler"),
             CellSource(3, "# ANSWERS\n%load_ext never_read")]
    assert analyse_cells(cells).imports == {"matplotlib", "numpy", "line_profiler"}


def test_a_module_past_a_mib_of_comments_is_analysed_whole(tmp_path):
    """Before: a module over a MiB gave no facts, and the stubs above the comments were read alone."""
    path = tmp_path / "prefill.py"
    path.write_text("def f():\n    pass\n" + ("# " + "x" * 98 + "\n") * 11_000 + "def f():\n    return 1\n",
                    encoding="utf-8")
    facts = analyse(path)
    assert facts.parsed and facts.stubs() == set() and [d.lineno for d in facts.definitions["f"]] == [1, 11_003]


def test_the_compilers_warnings_about_a_submission_are_never_the_graders(tmp_path):
    """Issue 25's fourth battery (9e): a helper never called, that the compiler warns about ('"is" with a literal',
    an assert on a tuple, an invalid escape), printed a SyntaxWarning quoting the submission's path on the
    grader's stderr when the trusted process read the source."""
    import warnings

    from grader.submission.cells import CellSource
    from grader.submission.source import analyse_cells
    from grader.submission.stubs import unimplemented_functions

    source = "def helper(x):\n    assert (x, 'why')\n    return x is 1 or '\\d'\n\ndef f():\n    pass\n"
    path = tmp_path / "prefill.py"
    path.write_text(source, encoding="utf-8")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        assert analyse(path).definitions and analyse_text(source).definitions
        assert unimplemented_functions(path) == {"f"} and analyse_cells([CellSource(1, source)]).definitions
    assert [str(w.message) for w in said] == []
