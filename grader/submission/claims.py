"""The student id a submission names itself, read as data and never trusted.

A student's variant (their own numbers) comes from an id the grader gets from where the
submission comes from: a batch entry's name, Gradescope's metadata, GitHub Classroom's
repository, ``grader grade --student`` (docs/class.md, "Whose numbers: student ids"). The
submission may also name a student: a line ``student = "..."`` at the top of the answers file,
or ``"student"`` in a notebook's metadata. Anyone can
type any name there, so it never chooses a variant; when it disagrees with the trusted id
the report keeps it for the instructor (``Report.claimed_student``: a copied file often
still names its first owner), and the student's copy never shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from grader.exceptions import GraderError
from grader.lesson.variants import normalise_id

CLAIM_KEYS = ("student", "student_id")  # the answers file's top-level keys, the notebook metadata's
MAX_CLAIM = 200  # characters kept of what the submission says: it is the student's text


def claimed(answers, metadata=None) -> str:
    """The id the submission names: the answers' ``student`` (or ``student_id``) key, else the
    notebook metadata's; "" when it names none. Only a string or a whole number counts."""
    for source in (answers, metadata):
        if not isinstance(source, dict):
            continue
        for key in CLAIM_KEYS:
            value = source.get(key)
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                continue
            text = str(value).strip()[:MAX_CLAIM]
            if text:
                return text
    return ""


def disagreeing(claim: str, trusted: str | None, normalise: Callable[[str], str | None] = normalise_id) -> str:
    """``claim`` when it names someone other than ``trusted`` (compared as ``normalise`` makes ids alike:
    ``grader.lesson.variants.normalise_id``); "" when it agrees, names nobody, or there is no trusted id."""
    if not claim or not trusted:
        return ""
    try:
        return "" if normalise(claim) == normalise(trusted) else claim
    except (ValueError, GraderError):  # the normaliser refuses what the submission wrote: not the trusted id
        return claim
