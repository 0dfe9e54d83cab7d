"""The student files, generated from the reference solution: one source of truth per lesson.

An instructor writes ``solutions/<lesson>/`` once, with every answer between solution
markers; ``grader stubs`` writes ``exercises/<lesson>/`` from it, and ``grader stubs --check``
(run by ``make test``) fails when the two have drifted apart, so a fix to the solution can
never leave the students' skeleton behind. The markers are two comment lines::

    def double(x):
        # BEGIN SOLUTION
        return 2 * x
        # END SOLUTION

What replaces a block depends on the file, so that each stub reads as if written by hand:

- ``.py``: an indented block becomes ``pass`` at the block's indentation (the function is
  then recognised as "not implemented yet"); a block at the left margin disappears (a
  helper the students do not get).
- ``.toml`` (the answers file): every ``key = value`` line becomes ``key = ""`` (not
  answered yet); comment lines in the block disappear.
- any other file: the block disappears.

Only the lesson's module and answers file are generated, and each must hold at least one
block: a solution without markers would otherwise be handed out whole. When the lesson has
a notebook template, the notebook is built from the same generated stub and answers, and so
is ``README.md``, the lesson's text beside the module (grader.authoring.readme): the
specification a student working in the module needs, which the skeleton cannot hold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from grader.exceptions import ConfigError, UsageError
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.lesson.variants import render_for

BEGIN, END = "BEGIN SOLUTION", "END SOLUTION"
_MARKER = re.compile(r"\s*#+\s*(BEGIN|END) SOLUTION\s*")
_TOML_KEY = re.compile(r"(\s*)([^=#\s][^=#]*?)\s*=")


def strip_solution(text: str, suffix: str, source: str) -> str:
    """``text`` with every solution block replaced as the module docstring describes.

    ``source`` names the file in errors: an unclosed or stray marker is a ConfigError with
    its line number, because the instructor has to find it.
    """
    out: list[str] = []
    block: list[str] | None = None
    indent, start, found = "", 0, False
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        marker = _MARKER.fullmatch(line.rstrip("\r\n"))
        if marker and marker.group(1) == "BEGIN":
            if block is not None:
                raise ConfigError(f"{source}, line {number}", f"'# {BEGIN}' inside the block opened on line "
                                  f"{start}: close it with '# {END}' first")
            block, indent, start, found = [], line[: len(line) - len(line.lstrip())], number, True
        elif marker:
            if block is None:
                raise ConfigError(f"{source}, line {number}", f"'# {END}' without a '# {BEGIN}' above it")
            out += _replacement(block, indent, suffix)
            block = None
        elif block is not None:
            block.append(line)
        else:
            out.append(line)
    if block is not None:
        raise ConfigError(f"{source}, line {start}", f"'# {BEGIN}' is never closed with '# {END}'")
    if not found:
        raise ConfigError(source, f"holds no '# {BEGIN}' / '# {END}' markers, so the student file generated "
                          "from it would be the whole solution: put each answer between markers")
    return "".join(out)


def _replacement(block: list[str], indent: str, suffix: str) -> list[str]:
    if suffix == ".py":
        return [f"{indent}pass\n"] if indent else []
    if suffix == ".toml":
        keys = (_TOML_KEY.match(line) for line in block if not line.lstrip().startswith("#"))
        return [f'{m.group(1)}{m.group(2)} = ""\n' for m in keys if m]
    return []


@dataclass(frozen=True)
class StudentFile:
    """One generated file: where it goes, what it was generated from, and its text."""

    path: Path
    source: Path
    text: str


def student_files(course: Course, lesson: Lesson, variant=None, folder: Path | None = None) -> list[StudentFile]:
    """What ``exercises/<lesson>/`` must hold, generated from ``solutions/<lesson>/``: with the lesson's own
    numbers, or ``variant``'s (a student's own, ``grader.lesson.variants``; written to ``folder``)."""
    solutions, exercises = course.solutions_dir(lesson), folder or course.exercises_dir(lesson)
    module = solutions / lesson.module
    if not module.is_file():
        raise ConfigError(_shown(course, module), "is missing: the student files are generated from it")
    files = []
    for name in (lesson.module, lesson.answers):
        source = solutions / name
        if source.is_file():
            text = render_for(lesson, _read(course, source), variant, _shown(course, source))
            files.append(StudentFile(exercises / name, source,
                                     strip_solution(text, source.suffix, _shown(course, source))))
    return files + _notebooks(lesson, files, exercises, variant) + _readme(lesson, files, exercises, variant)


def _notebooks(lesson: Lesson, files: list[StudentFile], exercises: Path, variant) -> list[StudentFile]:
    """The lesson's notebook, built from the same generated stub and answers template as the
    module (see grader.authoring.notebook), when the lesson has a notebook template."""
    from grader.authoring.notebook import TEMPLATE_NAME, lesson_notebook, notebook_text

    texts = {file.path.name: file.text for file in files}
    notebook = lesson_notebook(lesson, texts[lesson.module], texts.get(lesson.answers), variant=variant)
    if notebook is None:
        return []
    return [StudentFile(exercises / f"{lesson.module_name}.ipynb", lesson.suite_dir / TEMPLATE_NAME,
                        notebook_text(notebook))]


def _readme(lesson: Lesson, files: list[StudentFile], exercises: Path, variant) -> list[StudentFile]:
    """The lesson's README, from the notebook template's text and the generated answers file
    (see grader.authoring.readme), when the lesson has a notebook template."""
    from grader.authoring.notebook import TEMPLATE_NAME
    from grader.authoring.readme import README_NAME, lesson_readme

    texts = {file.path.name: file.text for file in files}
    text = lesson_readme(lesson, texts[lesson.module], texts.get(lesson.answers), variant)
    if text is None:
        return []
    return [StudentFile(exercises / README_NAME, lesson.suite_dir / TEMPLATE_NAME, text)]


def write_stubs(course: Course, lesson: Lesson, variant=None, folder: Path | None = None) -> list[Path]:
    """Write the generated files (``variant``'s into ``folder``: ``student_files``); return those whose
    content changed."""
    changed = []
    for file in student_files(course, lesson, variant, folder):
        if not file.path.is_file() or _read(course, file.path) != file.text:
            try:
                file.path.parent.mkdir(parents=True, exist_ok=True)
                file.path.write_text(file.text, encoding="utf-8")
            except OSError as exc:
                raise UsageError(f"cannot write {_shown(course, file.path)}: {exc.strerror}") from None
            changed.append(file.path)
    return changed


def find_drift(course: Course, lesson: Lesson) -> list[str]:
    """One sentence per student file that differs from what its solution generates."""
    problems = []
    for file in student_files(course, lesson):
        shown, source = _shown(course, file.path), _shown(course, file.source)
        if not file.path.is_file():
            problems.append(f"{shown} is missing; it is generated from {source} (run 'grader stubs')")
            continue
        have = _read(course, file.path).splitlines()
        want = file.text.splitlines()
        for number, (got, expected) in enumerate(zip([*have, None], [*want, None], strict=False), start=1):
            if got != expected:
                problems.append(f"{shown}, line {number}: has {_line(got)} but {source} generates "
                                f"{_line(expected)} (edit the solution, then run 'grader stubs')")
                break
        else:
            if _read(course, file.path) != file.text:
                problems.append(f"{shown}: differs from what {source} generates in its line endings or final "
                                "newline (run 'grader stubs')")
    return problems


def _read(course: Course, path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ConfigError(_shown(course, path), "is not UTF-8 text") from None
    except OSError as exc:
        raise ConfigError(_shown(course, path), f"cannot be read ({exc.strerror})") from None


def _line(text: str | None) -> str:
    return "the end of the file" if text is None else repr(text)


def _shown(course: Course, path: Path) -> str:
    """A path as the instructor knows it: relative to the course when it is inside."""
    try:
        return str(path.relative_to(course.root))
    except ValueError:
        return str(path)
