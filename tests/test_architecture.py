"""The layout's promises, checked: the trust boundary, the layers, the public surface, module size.

`lint-imports` (run by `make test`) checks the import-linter contracts of pyproject.toml;
these tests check what a contract cannot: that its list of forbidden modules is complete,
that no import cycle hides in a function body, what a started worker really has loaded, and
that the documents naming the layout name what exists.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import grader
from grader.grading.notebook import NotebookSubmission
from grader.lesson.course import Course
from grader.sandbox import confine
from grader.sandbox.channel import WorkerSpec
from grader.sandbox.forkserver import ForkServer
from grader.sandbox.proxy import StudentModule
from grader.submission.files import Submission

from paths import ROOT

PACKAGE = ROOT / "grader"
INSIDE = "grader.sandbox.inside"
CODEC = "grader.sandbox.codec"
MAX_LINES = 450


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The grader modules ``path`` imports anywhere in it: at the top, in functions, lazily."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                      for a in node.names}
    resolved = set()
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name.startswith("grader"):
            resolved.add(name)
    return resolved


def is_inside(name: str) -> bool:
    return name == INSIDE or name.startswith(INSIDE + ".")


# ---------------------------------------------------------------------------- imports

def test_no_import_cycle_even_through_imports_inside_functions():
    known = modules()
    graph = {name: imports(path, known) - {name, "grader"} for name, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in graph:
        if name not in index:
            visit(name)
    assert cycles == []


def test_the_inside_contract_forbids_every_trusted_module():
    """A module added to the trusted side must join the forbidden list, or it is a hole in the boundary."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    contract = next(c for c in config["contracts"] if c["id"] == "inside")
    forbidden = set(contract["forbidden_modules"])
    known = set(modules())
    assert forbidden <= known, forbidden - known
    uncovered = {m for m in known - {"grader", "grader.sandbox", CODEC} if not is_inside(m)
                 and not any(m == f or m.startswith(f + ".") for f in forbidden)}
    assert uncovered == set()


def test_the_code_that_runs_inside_imports_only_inside_and_the_codec():
    known = modules()
    for name, path in known.items():
        if is_inside(name):
            outside = {m for m in imports(path, known) if not is_inside(m)} - {CODEC, "grader.sandbox", "grader"}
            assert outside == set(), name


def test_the_packages_a_worker_loads_on_its_way_to_the_codec_define_nothing():
    for package in ("grader/__init__.py", "grader/sandbox/__init__.py", "grader/sandbox/inside/__init__.py"):
        tree = ast.parse((ROOT / package).read_text(encoding="utf-8"))
        assert not [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
                    and not (isinstance(n, ast.ImportFrom) and n.module == "__future__")], package


# ---------------------------------------------------------------------------- what a worker holds

PROBE = textwrap.dedent('''
    import sys

    def grader_modules():
        return sorted(name for name in sys.modules if name == "grader" or name.startswith("grader."))
''')


def allowed_in_a_worker(name: str) -> bool:
    return name in ("grader", "grader.sandbox", CODEC) or is_inside(name)


def _spec(tmp_path: Path, source: str, launcher=None) -> WorkerSpec:
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "prefill.py").write_text(source, encoding="utf-8")
    folder.chmod(0o755)
    tmp_path.chmod(0o755)
    return WorkerSpec("prefill", folder / "prefill.py", import_seconds=30, limits=confine.limits(60, 4096),
                      box=confine.current(), launcher=launcher)


def test_a_started_module_worker_has_loaded_only_inside_modules_and_the_codec(tmp_path):
    student = StudentModule(_spec(tmp_path, PROBE), timeout=30)
    try:
        loaded = student.call("grader_modules")
    finally:
        student.close()
    assert "grader.sandbox.inside.worker" in loaded and CODEC in loaded  # the probe really ran in a worker
    assert [name for name in loaded if not allowed_in_a_worker(name)] == []


def test_a_worker_forked_from_the_template_has_loaded_only_inside_modules_and_the_codec(tmp_path):
    server = ForkServer(confine.current(), confine.limits(60, 4096))
    try:
        student = StudentModule(_spec(tmp_path, PROBE, launcher=server.spawn), timeout=30)
        try:
            loaded = student.call("grader_modules")
        finally:
            student.close()
    finally:
        server.close()
    assert "grader.sandbox.inside.template" in loaded  # forked from the template, not started afresh
    assert [name for name in loaded if not allowed_in_a_worker(name)] == []


@pytest.mark.kernel
def test_a_notebook_kernel_serving_calls_has_loaded_only_inside_modules_and_the_codec(tmp_path):
    import nbformat

    lesson = Course(ROOT).lesson("prefill")
    notebook = tmp_path / "prefill.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PROBE)]), notebook)
    student = NotebookSubmission(Submission.locate(notebook, lesson), lesson).start(tmp_path)
    try:
        loaded = student.call("grader_modules")
    finally:
        student.close()
    assert "grader.sandbox.inside.kernel_server" in loaded
    assert [name for name in loaded if not allowed_in_a_worker(name)] == []


@pytest.mark.parametrize("program", ["worker", "template", "notebook_worker", "kernel_server", "kernel_launch"])
def test_each_sandboxed_program_loads_nothing_of_the_trusted_side(program):
    code = (f"import sys, grader.sandbox.inside.{program}\n"
            "print(' '.join(n for n in sys.modules if n == 'grader' or n.startswith('grader.')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert [name for name in done.stdout.split() if not allowed_in_a_worker(name)] == []


# ---------------------------------------------------------------------------- the house

def test_no_module_is_over_450_lines():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_no_test_module_or_helper_is_over_450_lines():
    """The tests are code for the next engineer too; the corpora (students' code, attacks) are data."""
    data = {ROOT / "tests" / "corpus", ROOT / "tests" / "attacks", ROOT / "tests" / "data",
            *(each for each in (ROOT / "tests" / "heldout").iterdir() if each.is_dir())}  # held-out sets: others' work
    long = {str(path.relative_to(ROOT)): n for path in sorted((ROOT / "tests").rglob("*.py"))
            if not any(path.is_relative_to(folder) for folder in data)
            and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_every_module_says_why_in_a_docstring():
    bare = [name for name, path in modules().items()
            if name != "grader.__main__" and ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) is None]
    assert bare == []


def test_the_public_surface_is_what_the_architecture_page_documents():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = page.split("## Python API", 1)[1].split("\n## ", 1)[0]
    items = re.findall(r"^- (.*?) —", section, re.M)  # each item leads with the names it documents
    documented = {name for item in items for name in re.findall(r"`grader\.(\w+)`", item)}
    assert documented == set(grader.__all__)
    for name in grader.__all__:
        assert getattr(grader, name) is not None  # every name really loads


def test_the_version_is_the_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert grader.__version__ == project["version"]


def test_security_names_every_program_that_runs_in_the_sandbox():
    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    for path in sorted((PACKAGE / "sandbox" / "inside").glob("*.py")):
        if path.name != "__init__.py":
            assert f"grader/sandbox/inside/{path.name}" in text, path.name
