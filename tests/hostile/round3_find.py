"""Issue 25, class 3 (and class 9's stub detection): the work is where the student put it, and the
grader must find it. Each case builds a hand-in as a student would make it (a repository with a stray
template at its top or a virtual environment inside, a module saved on macOS or Windows as
``Prefill.py``, a module with a MiB of comments), and says what ``grader grade`` must make of it:
the score, what the report must say, and what it must not. tests/e2e/test_round3_find.py grades
them, through ``grader grade`` and Gradescope's ``run_autograder``.

Before the fix (main at add5bf7), as measured: stray templates 0/17 or 4/17, the venv "holds neither
prefill.py nor answers.toml" (exit 2; on Gradescope a zero), every case variant 4/17 with "no
prefill.py was handed in", and the commented module 17/17 with "not implemented yet" on every task.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from paths import ROOT

TEMPLATE = ROOT / "exercises" / "prefill"
FINISHED = ROOT / "solutions" / "prefill"
FULL = 17.0
ANSWERS_ONLY = 4.0


@dataclass(frozen=True)
class Case:
    id: str
    what: str
    build: Callable[[Path], Path]  # a folder to build in -> the submission
    score: float | None  # None: refused (exit 2)
    says: tuple[str, ...] = ()  # in the student's text report (or, refused, in the one line on stderr)
    never: tuple[str, ...] = ()  # nowhere in it
    gradescope: bool = False  # graded through run_autograder too


def lay(target: Path, source: Path, module: str | None = "prefill.py", answers: str | None = "answers.toml") -> Path:
    target.mkdir(parents=True, exist_ok=True)
    if module:
        shutil.copyfile(source / "prefill.py", target / module)
    if answers:
        shutil.copyfile(source / "answers.toml", target / answers)
    return target


def repository(*stray: str) -> Callable[[Path], Path]:
    """A course repository with ``exercises/prefill/`` finished and the template's ``stray`` files at its top."""
    def build(tmp: Path) -> Path:
        repo = tmp / "repo"
        lay(repo / "exercises" / "prefill", FINISHED)
        for name in stray:
            shutil.copyfile(TEMPLATE / name, repo / name)
        (repo / "README.md").write_text("# my course\n", encoding="utf-8")
        return repo
    return build


def with_venv(files: int, name: str = "venv") -> Callable[[Path], Path]:
    """A repository whose ``name``/ is an environment of ``files`` tiny files, walked before the work."""
    def build(tmp: Path) -> Path:
        repo = tmp / "repo"
        lib = repo / name / "lib" / "python3.11" / "site-packages"
        for n in range(files):
            package = lib / f"p{n // 500}"
            if n % 500 == 0:
                package.mkdir(parents=True)
            (package / f"m{n}.py").write_bytes(b"")
        (repo / name / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
        lay(repo / "week2", FINISHED)  # after env/ and venv/ in name order: a search by count stopped first
        return repo
    return build


def venv_at_top(name: str) -> Callable[[Path], Path]:
    """prefill.py at the repository's top with a 1 500-file environment ``name``/ beside it: the folder
    graded holds the environment, which is neither copied nor counted against the file limit."""
    def build(tmp: Path) -> Path:
        repo = lay(tmp / "repo", FINISHED)
        package = repo / name / "lib" / "python3.11" / "site-packages" / "p"
        package.mkdir(parents=True)
        for n in range(1_500):
            (package / f"m{n}.py").write_bytes(b"")
        return repo
    return build


def variant(name: str) -> Callable[[Path], Path]:
    return lambda tmp: lay(tmp / "s", FINISHED, module=name)


def only(*names: str, answers: bool = False) -> Callable[[Path], Path]:
    """A folder holding ``names`` (each the finished module's text) and perhaps the answers, but no prefill.py."""
    def build(tmp: Path) -> Path:
        folder = lay(tmp / "s", FINISHED, module=None, answers="answers.toml" if answers else None)
        for name in names:
            (folder / name).write_bytes((FINISHED / "prefill.py").read_bytes())
        return folder
    return build


def commented(tmp: Path) -> Path:
    """The template's stubs, 1.1 MB of comments, then the finished functions (the last definitions count)."""
    folder = lay(tmp / "s", FINISHED, module=None)
    (folder / "prefill.py").write_text((TEMPLATE / "prefill.py").read_text(encoding="utf-8")
                                       + ("# " + "scratch " * 12 + "\n") * 11_000
                                       + (FINISHED / "prefill.py").read_text(encoding="utf-8"), encoding="utf-8")
    return folder


CASES = [
    Case("stray-answers-template", "the answers template at the repository's top, exercises/prefill/ finished",
         repository("answers.toml"), FULL, ("graded the files in exercises/prefill/, which show the most work",),
         gradescope=True),
    Case("stray-stub-module", "the stub module at the top", repository("prefill.py"), FULL,
         ("graded the files in exercises/prefill/, which show the most work",)),
    Case("stray-template", "the whole template at the top", repository("prefill.py", "answers.toml"), FULL,
         ("graded the files in exercises/prefill/, which show the most work",)),
    Case("venv-20000", "a 20 000-file venv/ beside the work", with_venv(20_000), FULL, gradescope=True),
    Case("venv-at-top", "prefill.py at the top, a 1 500-file venv/ beside it", venv_at_top("venv"), FULL),
    Case(".venv-at-top", "prefill.py at the top, a 1 500-file .venv/ beside it", venv_at_top(".venv"), FULL),
    Case("env-pyvenv", "an environment named env/ (pyvenv.cfg)", with_venv(1_500, "env"), FULL),
    Case("Prefill.py", "saved on macOS", variant("Prefill.py"), FULL, ("graded Prefill.py as prefill.py",),
         ("no prefill.py was handed in",), gradescope=True),
    Case("PREFILL.PY", "saved on Windows", variant("PREFILL.PY"), FULL, ("graded PREFILL.PY as prefill.py",)),
    Case("prefill.PY", "an upper-case suffix", variant("prefill.PY"), FULL, ("graded prefill.PY as prefill.py",)),
    Case("nothing-fits", "a module of another name and notes", only("Prefill_v2.py", "notes.txt"), None,
         ("found: Prefill_v2.py, notes.txt",)),
    Case("answers-and-another-module", "answers, and a module of another name", only("Prefill_v2.py", answers=True),
         ANSWERS_ONLY, ("no prefill.py was handed in; found: Prefill_v2.py",)),
    Case("hostile-name", "nothing fits, and a file's name holds escapes", only("x\x1b]0;pwned\x07.py"), None,
         ("found: x",), ("\x1b", "\x07")),
    Case("mib-of-comments", "stubs, 1.1 MB of comments, then the finished functions", commented, FULL,
         never=("not implemented yet",)),
]
