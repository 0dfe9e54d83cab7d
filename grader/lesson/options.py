"""Every setting a lesson's manifest may give, declared once with its type, default and help.

The manifest reader (``manifest.load_lesson``), the manifest that ``grader new`` writes
(``authoring.scaffold``) and the table in docs/authoring.md (``markdown_table``; a test keeps
the file in step) all come from the declarations below, so a limit's default or meaning
cannot differ between what the grader does, what a new lesson says and what the docs say.

Settings at the top of ``lesson.toml`` are ``LESSON``; those of one ``[[tasks]]`` entry are
``TASK``. The tables ``[visibility]``, ``[[facts]]`` and ``[tasks.answer]`` have structure of
their own and are described in docs/authoring.md.
"""

from __future__ import annotations

from dataclasses import dataclass


class _Required:
    def __repr__(self) -> str:
        return "required"


REQUIRED = _Required()


@dataclass(frozen=True)
class Option:
    """One setting: its TOML key, its type, its default (``REQUIRED`` when it has none), and why it exists."""

    name: str
    kind: type  # str, or float for a number (an int in the file is read as a float)
    default: object
    help: str
    positive: bool = False  # a number that must be finite and above zero

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def shown_default(self) -> str:
        """The default as the manifest would spell it."""
        if self.required:
            return "required"
        if self.default is None:
            return "none"
        if isinstance(self.default, float):
            return f"{self.default:g}"
        return f'"{self.default}"' if isinstance(self.default, str) else str(self.default)


LESSON = (
    Option("id", str, REQUIRED, "the lesson's id: its folder in suites/, solutions/ and exercises/"),
    Option("title", str, "", "what reports call the lesson"),
    Option("module", str, REQUIRED, "the file students fill in, e.g. prefill.py (a notebook is its .ipynb twin)"),
    Option("answers", str, "answers.toml", "the students' file of by-hand answers and the quiz"),
    Option("call_seconds", float, 5.0, "time limit of one call into student code", positive=True),
    Option("import_seconds", float, 10.0, "time limit of importing the module (a notebook: of each cell)",
           positive=True),
    Option("submission_seconds", float, 60.0, "time limit of all calls into one submission together, shared "
           "equally by the code tasks (a notebook: of all its cells, too)", positive=True),
    Option("memory_mb", float, 4096.0, "address space of the process that runs the submission, in MiB",
           positive=True),
)

TASK = (
    Option("id", str, REQUIRED, "the task's id in every report (a contract: choose it once)"),
    Option("title", str, "", "what reports call the task"),
    Option("points", float, REQUIRED, "the task's points; its score is this times the weighted share of "
           "its checks that pass", positive=True),
    Option("function", str, None, "a code task: the student function its checks call (else an [tasks.answer] "
           "table makes it an answer task)"),
    Option("call_seconds", float, None, "this task's own limit of one call, instead of the lesson's",
           positive=True),
)

TABLES = ("tasks", "visibility", "facts")  # the other top-level keys of lesson.toml


def default(name: str, options: tuple[Option, ...] = LESSON):
    """The declared default of setting ``name`` (for a dataclass field, say)."""
    return next(option.default for option in options if option.name == name)


def markdown_table() -> str:
    """The settings as docs/authoring.md shows them, between its ``options`` markers."""
    out = []
    for title, options in (("top of `lesson.toml`", LESSON), ("each `[[tasks]]` entry", TASK)):
        out += [f"| {title} | type | default | what it is |", "| --- | --- | --- | --- |"]
        for option in options:
            kind = "positive number" if option.positive else "number" if option.kind is float else "string"
            out.append(f"| `{option.name}` | {kind} | {option.shown_default()} | {option.help} |")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
