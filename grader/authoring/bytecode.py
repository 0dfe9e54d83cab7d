"""Bytecode for what a grade imports, written once at set-up: ``python -m grader.authoring.bytecode``.

Why: uv installs without compiling (pip compiled every installed module, a third of its 30 s),
and where ``PYTHONDONTWRITEBYTECODE`` is set (CI machines, this project's own) Python never
writes a ``.pyc`` itself, so every grade would compile numpy, pytest and the kernel's modules
from source again: a second or more per grade. Compiling the whole environment costs more
than the rest of the set-up; compiling what a grade actually imports costs about three seconds
of CPU. So this imports every module of the ``grader`` package and every module any of them
imports, at the top or inside a function (the grader imports rich, nbformat and nbclient only
where they are used, so importing the package alone would miss them), and the kernel's own
modules, with bytecode writing allowed: the import compiles each module anyway, and writing
what it compiled is nearly free. (A read-only tree is left as it is: Python skips the write.) The course's
suites and solutions are compiled as files (they are loaded by path, not imported by name);
mutants are left out: some are broken on purpose, and they are graded as student code anyway.
"""

from __future__ import annotations

import ast
import compileall
import importlib
import re
import sys
from pathlib import Path

import grader

KERNEL = ("ipykernel.kernelapp", "ipykernel.ipkernel", "IPython")  # imported by the kernel, not by grader
ROOT = Path(grader.__file__).resolve().parent.parent


def imported_names(package: Path) -> list[str]:
    """Every module a file of ``package`` names in an absolute import, wherever the import stands."""
    names = {f"grader.{'.'.join(path.relative_to(package).with_suffix('').parts)}".removesuffix(".__init__")
             for path in package.rglob("*.py")}
    for path in package.rglob("*.py"):
        try:
            tree = ast.parse(path.read_bytes())
        except (OSError, SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(name for name in names if not name.endswith("__main__"))


def load_everything() -> None:
    """Import what ``grader`` imports and the kernel's modules; one that cannot load here (an extra that is
    not installed, a platform's module) is skipped."""
    for name in (*imported_names(ROOT / "grader"), *KERNEL):
        try:
            importlib.import_module(name)
        except (Exception, SystemExit):  # noqa: BLE001, S112 - dask without its extra, say: nothing to compile
            continue


def main() -> int:
    # Python writes a module's bytecode as it compiles it for the import; it only has to be allowed to
    sys.dont_write_bytecode = False
    load_everything()
    for tree in ("grader", "suites", "solutions"):
        if (ROOT / tree).is_dir():
            compileall.compile_dir(ROOT / tree, quiet=2, rx=re.compile(r"[/\\]mutants[/\\]"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
