"""grader.sandbox.inside.standins: a module the grader lacks costs only what uses it.

In-process on files written here (tracebacks point at the "student's" lines); the rewrite in a
real IPython shell runs in a subprocess (it installs into ``builtins``); the module worker and
the kernel carry the result through the protocol in tests/sandbox/inside/test_worker.py and
tests/grading/test_notebook.py, and whole submissions in both sandbox modes in
tests/e2e/test_corpus_import.py.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
import textwrap
import traceback
import types

import numpy as np
import pytest

from grader.sandbox.inside import standins
from grader.sandbox.inside.standins import HOLDER, StandIn, StandIns, rewrite

from paths import ROOT

SECONDS = 60  # for a subprocess on a busy machine; never a measure of speed


def load(tmp_path, source: str, name: str = "student_module"):
    """The module at tmp_path/<name>.py imported as the worker imports a submission: (module, stood in for)."""
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    return module, standins.exec_module(module, str(path), spec.loader)


def raises_missing(call, module: str) -> ModuleNotFoundError:
    with pytest.raises(ModuleNotFoundError) as caught:
        call()
    assert type(caught.value) is ModuleNotFoundError  # the built-in type: the worker sends it as such
    assert str(caught.value) == f"No module named '{module}'" and caught.value.name == module
    return caught.value


# -- the forms of import ------------------------------------------------------------------------


def test_each_form_of_top_level_import_binds_a_stand_in_and_the_rest_of_the_module_runs(tmp_path):
    module, used = load(tmp_path, """
        import numpy as np, matplotlib.pyplot as plt
        import matplotlib.colors
        from scipy.special import comb, gamma as g
        import nupmy as typo
        import os.path

        def fine():
            return int(np.arange(4).sum()) + len(os.path.basename("a/b"))
    """)
    assert used == ["matplotlib", "scipy", "nupmy"]
    assert module.fine() == 7
    assert isinstance(module.plt, StandIn) and module.plt.__name__ == "matplotlib.pyplot"
    assert module.matplotlib.__name__ == "matplotlib"  # `import a.b` binds a
    assert (module.comb.__name__, module.g.__name__) == ("scipy.special.comb", "scipy.special.gamma")
    raises_missing(lambda: module.plt.imshow, "matplotlib")
    raises_missing(lambda: module.comb(5, 2), "scipy")
    raises_missing(lambda: module.typo.zeros(3), "nupmy")
    assert HOLDER not in vars(module)  # the helper was there only while the module ran


def test_a_stand_in_fails_on_any_use_but_a_dunder(tmp_path):
    plt = StandIn("matplotlib.pyplot", "matplotlib")
    for use in (lambda: plt.imshow, lambda: plt(), lambda: plt["x"], lambda: list(plt),
                lambda: setattr(plt, "rcParams", {}), lambda: delattr(plt, "show"), lambda: hasattr(plt, "show")):
        raises_missing(use, "matplotlib")
    assert not hasattr(plt, "__array__") and not hasattr(plt, "__len__")  # probes of dunders: "not there"
    assert "no module named 'matplotlib'" in repr(plt)  # a traceback or a debugger can show it


def test_using_a_stand_in_fails_at_the_students_line_naming_the_module(tmp_path):
    module, _ = load(tmp_path, """
        import matplotlib.pyplot as plt

        def show(mask):
            plt.imshow(mask)
            return mask
    """)
    error = raises_missing(lambda: module.show([[1]]), "matplotlib")
    student = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith("student_module.py")]
    assert [(f.name, f.lineno, f.line) for f in student] == [("show", 5, "plt.imshow(mask)")]


@pytest.mark.parametrize("source", [
    "try:\n    import matplotlib.pyplot as plt\nexcept ImportError:\n    plt = None\n",
    "if True:\n    import matplotlib\n",
    "def f():\n    import matplotlib\n",
    "from matplotlib.pyplot import *\n",
    "from . import matplotlib_helpers\n",
    "import numpy as np\nimport os, sys, builtins, grader\n",
], ids=["try", "if", "function", "star", "relative", "found"])
def test_only_top_level_imports_of_missing_modules_are_rewritten(source):
    """A student's own fallback keeps working, a `*` import cannot name what it binds, and a module
    this Python has (numpy, os, builtins, the grader itself) is never stood in for."""
    assert rewrite(ast.parse(source)) is None


def test_a_students_try_except_fallback_still_runs(tmp_path):
    module, used = load(tmp_path, """
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            plt = None
    """)
    assert module.plt is None and used == []


def test_the_rewrite_keeps_every_line_where_it_was(tmp_path):
    source = "import numpy as np\n\nimport matplotlib.pyplot as plt  # line 3\nx = 1\n"
    tree = rewrite(ast.parse(source))
    assert [node.lineno for node in tree.body] == [1, 3, 4]
    assert all(node.lineno == 3 for node in ast.walk(tree.body[1]) if "lineno" in node._attributes)
    compile(tree, "<student>", "exec")  # every node has a place


def test_an_import_the_module_makes_possible_first_is_the_real_module(tmp_path):
    """The rewritten import tries the real one first: a module found by then (here through a
    sys.path entry the student's file adds) is imported, not stood in for."""
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "stand_in_probe_helper.py").write_text("VALUE = 42\n", encoding="utf-8")
    try:
        module, used = load(tmp_path, f"""
            import sys
            sys.path.insert(0, {str(tmp_path / "lib")!r})
            import stand_in_probe_helper as helper
        """)
    finally:
        sys.path[:] = [p for p in sys.path if p != str(tmp_path / "lib")]
        sys.modules.pop("stand_in_probe_helper", None)
    assert module.helper.VALUE == 42 and used == []


def test_a_missing_dependency_of_a_found_module_fails_as_python_says():
    """A stand-in is for the module the student named, not for what that module itself lacks."""
    error = ModuleNotFoundError("No module named 'kiwisolver'", name="kiwisolver")
    with pytest.raises(ModuleNotFoundError, match="kiwisolver"):
        StandIns().bind(error, "matplotlib", ("matplotlib.pyplot",))
    assert StandIns().bind(ModuleNotFoundError(name="matplotlib.pyplot"), "matplotlib", ("x",)).__name__ == "x"


def test_a_file_python_cannot_read_is_imported_as_usual_so_it_fails_as_usual(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("import matplotlib\ndef f(:\n", encoding="utf-8")
    assert standins.compile_module(str(path)) is None
    with pytest.raises(SyntaxError):
        load(tmp_path, "import matplotlib\ndef f(:\n", name="broken")


def test_past_the_cap_imports_fail_as_in_python():
    source = "".join(f"import missing_module_{i}\n" for i in range(standins.MAX_STAND_INS + 3))
    tree = rewrite(ast.parse(source))
    assert sum(isinstance(node, ast.Try) for node in tree.body) == standins.MAX_STAND_INS


# -- what a stand-in cannot do ------------------------------------------------------------------


def test_a_stand_in_never_enters_sys_modules_so_nothing_else_resolves_differently(tmp_path):
    before = set(sys.modules)
    load(tmp_path, "import matplotlib.pyplot as plt\nimport seaborn\n")
    assert {"matplotlib", "matplotlib.pyplot", "seaborn"}.isdisjoint(sys.modules)
    assert not any(isinstance(m, StandIn) for m in sys.modules.values())
    assert set(sys.modules) - before == set()
    with pytest.raises(ModuleNotFoundError):  # a later import anywhere is Python's own
        importlib.import_module("matplotlib")


def test_the_stand_in_module_reaches_nothing_of_the_trusted_side():
    """What a submission can reach from a stand-in (its class, its methods' globals) is this module:
    the standard library and nothing of the grader, not even the codec."""
    reachable = {name for name, value in vars(standins).items() if isinstance(value, types.ModuleType)}
    assert reachable <= {"ast", "builtins", "importlib", "sys", "types"}
    plt = StandIn("matplotlib.pyplot", "matplotlib")
    assert type(plt).__getattr__.__globals__ is vars(standins)
    assert not any(name.startswith("grader") and name != standins.__name__
                   for name, value in vars(standins).items() if isinstance(value, types.ModuleType))


def test_a_name_the_student_gives_cannot_put_a_stand_in_in_place_of_a_module_the_grader_has(tmp_path):
    module, used = load(tmp_path, "import numpy\nimport builtins\nimport os\nimport grader\nimport sys\n")
    assert used == [] and not any(isinstance(v, StandIn) for v in vars(module).values())
    assert module.numpy is sys.modules["numpy"] and module.builtins is sys.modules["builtins"]


# -- in a notebook's kernel ---------------------------------------------------------------------

_SHELL = """
import json
from IPython.core.interactiveshell import InteractiveShell
from grader.sandbox.inside import standins

shell = InteractiveShell.instance()
stand_ins = standins.install(shell)
results = {}
for name, cell in CELLS:
    result = shell.run_cell(cell, silent=True)
    results[name] = type(result.error_in_exec or result.error_before_exec).__name__
results["np"] = type(shell.user_ns.get("np")).__name__
results["plt"] = repr(shell.user_ns.get("plt"))
results["later"] = "later" in shell.user_ns and "fig" not in shell.user_ns
results["used"] = standins.used_in_kernel()
results["transformers"] = len(shell.ast_transformers)
print(json.dumps(results))
"""


def test_in_a_kernel_magics_and_top_level_lines_that_need_a_missing_module_do_nothing_and_imports_get_stand_ins():
    cells = [("magic", "%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.style.use('ggplot')\n"
                       "fig = plt.figure()\nimport numpy as np"),  # lines that need matplotlib do nothing
             ("later_cell", "plt.rcParams['figure.dpi'] = 100\nimport os as later"),
             ("other_error", "x = __import__('zzz_not_a_module') or plt"),
             ("extension", "%load_ext line_profiler"), ("builtin_extension", "%load_ext autoreload"),
             ("config", "%config InlineBackend.figure_format = 'retina'"),
             ("use", "def draw():\n    plt.plot([1, 2])\ndraw()"), ("raw_import", "def f():\n    import seaborn\nf()"),
             ("missing_extension_twice", "%load_ext line_profiler")]
    code = f"CELLS = {cells!r}\n{_SHELL}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=SECONDS, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout.strip().splitlines()[-1])
    assert results["magic"] == results["extension"] == results["builtin_extension"] == results["config"] == "NoneType"
    assert results["np"] == "module" and "stand-in for matplotlib.pyplot" in results["plt"]
    assert results["later"] and results["later_cell"] == "NoneType"  # a later cell's use of plt: skipped too
    assert results["other_error"] == "ModuleNotFoundError"  # for another module: the statement fails as written
    # a use inside a function fails, naming the module, and so does an import in a function
    assert results["use"] == results["raw_import"] == "ModuleNotFoundError"
    assert results["used"] == ["matplotlib", "line_profiler"] and results["transformers"] >= 1


def test_in_a_module_file_a_top_level_line_that_needs_a_stand_in_does_nothing_and_the_rest_runs(tmp_path):
    """A file that shows the mask at its top level runs wherever matplotlib is installed: the line
    that needs it does nothing here, and the functions are graded; any other error still fails."""
    module, used = load(tmp_path, """
        import matplotlib.pyplot as plt
        import numpy as np
        plt.imshow(np.eye(2))
        plt.show()
        AFTER = 1
        def f():
            return plt.gca()
    """)
    assert used == ["matplotlib"] and module.AFTER == 1 and module.np is np
    raises_missing(module.f, "matplotlib")
    with pytest.raises(ZeroDivisionError):
        load(tmp_path, "import matplotlib.pyplot as plt\nshape = (1 / 0, plt.gcf())\n", "divides")
    imports_only = rewrite(ast.parse("import matplotlib.pyplot as plt\nplt.imshow([[1]])\n"))
    assert [type(node).__name__ for node in imports_only.body] == ["Try", "Expr"]
    cell = rewrite(ast.parse("import matplotlib.pyplot as plt\nplt.imshow([[1]])\ndef f():\n    plt.show()\n"),
                   frozenset())
    assert [type(node).__name__ for node in cell.body] == ["Try", "Try", "FunctionDef"]
