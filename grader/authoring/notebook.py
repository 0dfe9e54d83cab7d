"""Writing a lesson's notebook from its module and answers: one source, two forms.

The exercise notebook is never edited by hand. ``grader stubs`` builds it from the same
generated stub as ``prefill.py`` (and the reference notebook, for tests, from the
solution), so the two forms cannot drift apart; ``grader stubs --check`` fails when the
committed notebook differs from what its sources build.

What goes around the code is the lesson's own text, ``suites/<lesson>/notebook.md``:
markdown, with ``+++`` lines between cells and one directive per code cell:

- ``{{ code NAME }}``: the module's block that defines NAME (a function or class);
- ``{{ code }}``: every block no directive names (the imports, helpers), one cell each;
- ``{{ answers KEY ... }}``: an ANSWERS cell holding those keys' paragraphs of the
  answers file (the comment lines that ask the question, then ``key = ...``);
- ``{{ empty }}``: an empty code cell, for the student to try things;
- ``{{ check }}``: the cell that grades the saved notebook from inside it.

The same text is the lesson's README beside its module (``grader.authoring.readme``), so a
sentence that is true of one form only is marked: the lines between ``{{ only notebook }}``
(or ``{{ only readme }}``) and ``{{ end }}`` belong to that form alone ("the **ANSWERS**
cell below" in the notebook, "``answers.toml``" in the README). These lines never split a
cell: the other form simply reads on without them.

Cell ids are derived from what a cell holds (``code-causal-mask``, ``md-3``), so building
twice gives the same file, byte for byte.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from grader.exceptions import ConfigError
from grader.lesson.manifest import Lesson
from grader.lesson.variants import render_for
from grader.submission.cells import CellSource, read_answers
from grader.submission.notebook import KERNEL

TEMPLATE_NAME = "notebook.md"
FORMS = ("notebook", "readme")  # what {{ only FORM }} may name: the two files built from the template
ANSWERS_HEADER = ("# ANSWERS: the grader reads these lines as text (it never runs them to grade you), so type\n"
                  "# plain values: a number, or text in quotes; not calculations.\n")
_DIRECTIVE = re.compile(r"\{\{\s*(\w+)((?:\s+[\w.-]+)*)\s*\}\}")
_SOLUTION_MARKER = re.compile(r"\s*#+\s*(BEGIN|END) SOLUTION\s*")
_TOP_LEVEL_DEF = re.compile(r"(?:async\s+def|def|class)\s+(\w+)|@")
_CHECK = '''\
# CHECK YOUR WORK: save the notebook (Ctrl/⌘ + S), then run this cell to grade the saved file.
import os
import subprocess
import sys

if os.environ.get("GRADER_NOTEBOOK") != "1":  # the grader runs every cell too, but never grades itself
    result = subprocess.run([sys.executable, "-m", "grader", "grade", "{notebook}"], capture_output=True, text=True)
    print(result.stdout or result.stderr or "the grader printed nothing")'''


@dataclass(frozen=True)
class Block:
    """A top-level piece of the module: one function or class, or a run of other statements."""

    name: str | None  # the function or class it defines; None for imports and the like
    text: str


def module_blocks(source: str) -> list[Block]:
    """The module cut into cells; ``"\\n\\n".join`` of the texts gives the module back
    (up to blank lines between blocks). Comments just above a statement go with it."""
    lines = source.splitlines()
    try:
        tree = ast.parse(source)
        starts = [(min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]),
                   node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else None)
                  for node in tree.body]
    except SyntaxError:  # still cut where definitions start, so that one broken function is one broken cell
        starts, decorated = [(1, None)], None
        for number, line in enumerate(lines, start=1):
            match = _TOP_LEVEL_DEF.match(line)
            if match and match.group(1):
                starts.append((decorated or number, match.group(1)))
                decorated = None
            elif match:
                decorated = decorated or number
    blocks: list[tuple[int, str | None]] = []
    for start, name in starts:
        if not blocks:
            start = 1  # the module's leading comments and docstring open its first cell
        while blocks and start - 1 > blocks[-1][0] and lines[start - 2].startswith("#"):
            start -= 1
        if name is None and blocks and blocks[-1][1] is None:
            continue  # a run of imports and other statements is one cell
        blocks.append((start, name))
    out = []
    for i, (start, name) in enumerate(blocks):
        end = blocks[i + 1][0] - 1 if i + 1 < len(blocks) else len(lines)
        text = "\n".join(lines[start - 1:end]).strip("\n")
        if text.strip():
            out.append(Block(name, text))
    return out


def answer_paragraphs(source: str) -> dict[str, str]:
    """Each answer key's paragraph of the answers file; a paragraph without a key (an
    introduction) goes with the next one that has one."""
    groups: dict[str, str] = {}
    pending: list[str] = []
    for paragraph in re.split(r"\n\s*\n", source.strip("\n")):
        keys = re.findall(r"(?m)^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=", paragraph)
        pending.append(paragraph.strip("\n"))
        if keys:
            groups[keys[0]] = "\n\n".join(pending)
            pending = []
    if pending and groups:
        last = list(groups)[-1]
        groups[last] += "\n\n" + "\n\n".join(pending)
    return groups


def without_solution_markers(text: str) -> str:
    """The solution as students would read it once finished: the marker lines dropped."""
    lines = text.splitlines(keepends=True)
    return "".join(line for line in lines if not _SOLUTION_MARKER.fullmatch(line.rstrip("\r\n")))


def build_notebook(lesson: Lesson, module_source: str, answers_source: str | None, template: str, *,
                   strict: bool = True, source_name: str = TEMPLATE_NAME):
    """The lesson's notebook (an ``nbformat.NotebookNode``, valid at format 4.5, no outputs).

    ``module_source`` and ``answers_source`` are the stub's (for the exercise) or the
    solution's (for the reference). ``strict`` (for generating the exercise) refuses a
    template that leaves a block or an answer out, or names one the sources lack; without
    it (a mutant built for a test) such cells are simply missing.
    """
    from nbformat import v4

    blocks = module_blocks(module_source)
    by_name = {block.name: block for block in blocks if block.name}
    answers = answer_paragraphs(answers_source) if answers_source else {}
    parts = template_parts(template, "notebook", source_name)
    named = {name for kind, args in parts if kind == "code" for name in args}
    placed_keys: list[str] = []
    cells = []
    for kind, args in parts:
        if kind == "markdown":
            cells.append(v4.new_markdown_cell(args[0], id=f"md-{len(cells) + 1}"))
        elif kind == "code" and args:
            for name in args:
                if name in by_name:
                    cells.append(v4.new_code_cell(by_name[name].text, id=_slug("code", name)))
                elif strict:
                    raise ConfigError(source_name, f"'{{{{ code {name} }}}}' names no function of {lesson.module}")
        elif kind == "code":
            for i, block in enumerate(b for b in blocks if b.name not in named):
                cells.append(v4.new_code_cell(block.text, id=_slug("code", block.name or f"module-{i + 1}")))
        elif kind == "answers":
            given = [answers[key] for key in args if key in answers]
            missing = [key for key in args if key not in answers]
            if missing and strict:
                raise ConfigError(source_name, f"'{{{{ answers {' '.join(args)} }}}}': {lesson.answers} has no "
                                  f"{', '.join(missing)}")
            placed_keys += args
            cells.append(v4.new_code_cell(ANSWERS_HEADER + "\n" + "\n\n".join(given), id=_slug("answers", args[0])))
        elif kind == "empty":
            cells.append(v4.new_code_cell("", id=f"scratch-{len(cells) + 1}"))
        elif kind == "check":
            cells.append(v4.new_code_cell(_CHECK.format(notebook=f"{lesson.module_name}.ipynb"), id="check-your-work"))
        else:
            raise ConfigError(source_name, f"unknown directive '{{{{ {kind} }}}}' (use code, answers, empty or check)")
    if strict:
        _check_complete(lesson, source_name, blocks, named, parts, answers, placed_keys)
    notebook = v4.new_notebook(cells=cells, metadata={"kernelspec": dict(KERNEL),
                                                      "language_info": {"name": "python"}})
    notebook.nbformat_minor = 5
    return notebook


def _check_complete(lesson, source_name, blocks, named, parts, answers, placed_keys) -> None:
    if not any(kind == "code" and not args for kind, args in parts):
        left = [block.name or block.text.splitlines()[0] for block in blocks if block.name not in named]
        if left:
            raise ConfigError(source_name, f"places no cell for {', '.join(left)} of {lesson.module}: add "
                              "'{{ code NAME }}' or '{{ code }}'")
    left_keys = [key for key in answers if key not in placed_keys]
    if left_keys:
        raise ConfigError(source_name, f"places no ANSWERS cell for {', '.join(left_keys)} of {lesson.answers}")
    cells = [CellSource(i + 1, ANSWERS_HEADER + "\n" + answers[key]) for i, key in enumerate(placed_keys)]
    parsed, problem = read_answers(cells)
    if problem or set(parsed or {}) != set(placed_keys):
        raise ConfigError(lesson.answers, "cannot be an ANSWERS cell of the notebook: every answer must be a line "
                          f"key = value that reads the same in Python ({problem or 'keys differ'})")


def for_form(template: str, form: str, source_name: str = TEMPLATE_NAME) -> str:
    """The template's lines that ``form`` shows: those of the other form's ``{{ only ... }}``
    blocks dropped, the block lines themselves too. A block left open, an ``{{ end }}`` without
    one, a block inside a block or an unknown form is refused with its line."""
    kept: list[str] = []
    opened: tuple[int, str] | None = None  # the line number and form of the open block
    for number, line in enumerate(template.splitlines(), start=1):
        directive = _DIRECTIVE.fullmatch(line.strip())
        kind, args = (directive.group(1), directive.group(2).split()) if directive else (None, [])
        if kind == "only":
            if len(args) != 1 or args[0] not in FORMS:
                raise ConfigError(f"{source_name}, line {number}", "'{{ only FORM }}' takes one of "
                                  f"{', '.join(FORMS)}")
            if opened:
                raise ConfigError(f"{source_name}, line {number}", "'{{ only ... }}' inside the block opened "
                                  f"on line {opened[0]}: close it with '{{{{ end }}}}' first")
            opened = (number, args[0])
        elif kind == "end":
            if not opened:
                raise ConfigError(f"{source_name}, line {number}", "'{{ end }}' without an '{{ only ... }}' above it")
            opened = None
        elif opened is None or opened[1] == form:
            kept.append(line)
    if opened:
        raise ConfigError(f"{source_name}, line {opened[0]}", "'{{ only ... }}' is never closed with '{{ end }}'")
    return "\n".join(kept) + "\n"


def template_parts(template: str, form: str, source_name: str = TEMPLATE_NAME) -> list[tuple[str, list[str]]]:
    """The template as ``form`` shows it, as (kind, args): markdown text, or a directive and its names."""
    return _parts(for_form(template, form, source_name))


def _parts(template: str) -> list[tuple[str, list[str]]]:
    """The template as (kind, args): markdown text, or a directive and its names."""
    parts: list[tuple[str, list[str]]] = []
    text: list[str] = []

    def flush():
        markdown = "\n".join(text).strip("\n")
        if markdown.strip():
            parts.append(("markdown", [markdown]))
        text.clear()

    for line in template.splitlines():
        directive = _DIRECTIVE.fullmatch(line.strip())
        if line.strip() == "+++":
            flush()
        elif directive:
            flush()
            parts.append((directive.group(1), directive.group(2).split()))
        else:
            text.append(line)
    flush()
    return parts


def _slug(kind: str, name: str) -> str:
    return f"{kind}-{re.sub(r'[^A-Za-z0-9]+', '-', name).strip('-').lower()}"[:64]


def notebook_text(notebook) -> str:
    """The notebook as its file holds it: nbformat's own layout, so that Jupyter saving it
    unchanged gives the same bytes."""
    import nbformat

    return nbformat.writes(notebook) + "\n"


def lesson_notebook(lesson: Lesson, module_source: str, answers_source: str | None, *, strict: bool = True,
                    variant=None):
    """The lesson's notebook built from its template, or None when the lesson has no template; its texts with
    ``variant``'s numbers, or the lesson's own (``grader.lesson.variants.render_for``)."""
    path = lesson.suite_dir / TEMPLATE_NAME
    if not path.is_file():
        return None
    module_source, answers_source, template = (None if text is None else render_for(lesson, text, variant) for text
                                               in (module_source, answers_source, path.read_text(encoding="utf-8")))
    return build_notebook(lesson, module_source, answers_source, template, strict=strict, source_name=str(path))


def reference_notebook(lesson: Lesson, solution_dir) -> str:
    """The reference notebook's text, from the solution (markers dropped): for tests and
    ``grader validate``-style comparisons, never committed twice."""
    module = without_solution_markers((solution_dir / lesson.module).read_text(encoding="utf-8"))
    answers_path = solution_dir / lesson.answers
    answers = without_solution_markers(answers_path.read_text(encoding="utf-8")) if answers_path.is_file() else None
    notebook = lesson_notebook(lesson, module, answers)
    if notebook is None:
        raise ConfigError(str(lesson.suite_dir / TEMPLATE_NAME), "is missing: the lesson has no notebook")
    return notebook_text(notebook)

