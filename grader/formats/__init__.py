"""Output formats, one module each, registered by name.

A format is a class with ``write(report, stream)``; ``--format NAME`` picks it. Formats
are imported only when asked for, so grading never pays for one it does not print.
"""

from __future__ import annotations

import importlib

from grader.exceptions import UsageError

# name -> "module:Class"; a new format is one module plus one line here.
_REGISTRY = {
    "text": "grader.formats.text:TextFormat",
    "json": "grader.formats.json:JsonFormat",
    "gradescope": "grader.formats.gradescope:GradescopeFormat",
    "junit": "grader.formats.junit:JunitFormat",
    "markdown": "grader.formats.markdown:MarkdownFormat",
    "github": "grader.formats.github:GithubFormat",
    "html": "grader.formats.html:HtmlFormat",
}


def names() -> list[str]:
    return sorted(_REGISTRY)


def get(name: str):
    """An instance of the format called ``name``."""
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise UsageError(f"unknown format '{name}' (choose from {', '.join(names())})") from None
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)()
