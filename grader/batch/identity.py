"""Whose numbers a class folder's entry is graded with: the student's id, as the folder's layout gives it.

Each student has a variant of the lesson (their own numbers), chosen by their id. The id comes
from where the submission comes from, never from inside it (``grader.submission.claims``), and it
must be the id the instructor used for the student's exercises (``grader stubs --student``), the
one Gradescope's autograder and GitHub Classroom's workflow read. The gradebook keeps keying rows
on the entry's name, as it always has; the id is what the entry's name, or its export's own
records, say about who the student is:

- **Canvas** (``<name>_[LATE_]<user id>_…``): the user id, the "ID" column of Canvas's gradebook
  export (a name is not an id: Canvas writes it from the student's display name);
- **Moodle** (``<full name>_<participant id>_assignsubmission_…``): the participant id, the
  "Identifier" of Moodle's grading worksheet (``Participant 123``);
- **Blackboard** (``<assignment>_<username>_attempt_…``): the username;
- **Gradescope**'s export (``submission_<n>/`` beside ``submission_metadata.yml``): the submitter's
  e-mail as that file records it (a group: the first of its members' e-mails, as the autograder
  takes it: ``grader.authoring.autograder.metadata_student``);
- **GitHub Classroom** (``gh classroom clone student-repos`` writes ``<assignment>-submissions/``
  holding ``<assignment>-<username>``): the GitHub username, as the workflow of ``ci/github``
  reads it from the repository's name;
- any other folder: the entry's name (``alice.py`` is ``alice``).

Every id then passes one normalisation (``grader.lesson.variants.normalise_id``), whatever layout it
came from, so that ``Alice`` in one place and ``alice`` in another are one student with one variant.
"""

from __future__ import annotations

import re
from pathlib import Path

from grader.exceptions import GraderError
from grader.lesson.variants import normalise_id

GRADESCOPE_METADATA = "submission_metadata.yml"
CLASSROOM_FOLDER = re.compile(r"(?P<assignment>.+)-submissions")
MAX_METADATA_BYTES = 32 * 2**20
_TOP_KEY = re.compile(r"(?P<key>submission_[0-9]+):\s*")
_SUBMITTERS = re.compile(r"  :submitters:\s*")
_EMAIL = re.compile(r"(?:  - |    ):email:\s*(?P<value>.*?)\s*")


def identities(folder: Path, students: list[str], exported: str | None,
               names: dict[str, str] | None = None) -> dict[str, str]:
    """Student key (as the gradebook names the entry) -> the normalised id whose numbers grade it ("" for
    a name that gives no id: a name of only blanks or invisible characters, which the coordinator refuses,
    naming the entry, where an id is needed).

    ``exported``: which LMS export the keys are the groups of (``lms.export``: "canvas", "moodle",
    "blackboard"), None for a folder read as it is. ``names``: each key's name as the layout gave it,
    before ``entries.student_key`` made it inert (a zero-width joiner is no part of an id; its escape,
    ``\\u200d``, would be)."""
    gradescope = gradescope_submitters(folder / GRADESCOPE_METADATA)
    classroom = CLASSROOM_FOLDER.fullmatch(folder.resolve().name)
    found = {}
    for student in students:
        name = (names or {}).get(student, student)
        if exported in ("canvas", "moodle"):
            raw = name.rsplit("_", 1)[-1]  # <name>_<user id>: the export's number for the student
        elif exported:
            raw = name  # Blackboard's groups are its usernames
        elif student in gradescope:
            raw = gradescope[student]
        elif classroom and name.startswith(f"{classroom['assignment']}-") and \
                len(name) > len(classroom["assignment"]) + 1:
            raw = name[len(classroom["assignment"]) + 1:]
        else:
            raw = name
        found[student] = _normalised(raw, fallback=student)
    return found


def _normalised(raw: str, fallback: str | None = None) -> str:
    """``normalise_id``'s reading of ``raw``; "" for none (blank, or only invisible characters). What is no id
    (too long, a control character, bytes that are not UTF-8) is ``fallback``'s reading (the key, made
    inert), or "" without one: that entry's student has no id (``grader.batch.coordinator`` refuses it
    where it needs one)."""
    try:
        found = normalise_id(raw) or ""
        found.encode("utf-8")  # a name that is not UTF-8 (bytes a file system kept) is no id as it is
        return found
    except (GraderError, UnicodeEncodeError):
        return _normalised(fallback) if fallback is not None else ""


def manifest_lines(metadata: Path) -> list[str]:
    """The lines of Gradescope's export manifest (``submission_metadata.yml``); [] when there is none, it cannot
    be read, or it is bigger than any manifest (``MAX_METADATA_BYTES``): its readers then find nothing."""
    try:
        if not metadata.is_file() or metadata.stat().st_size > MAX_METADATA_BYTES:
            return []
        return metadata.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


def gradescope_submitters(metadata: Path) -> dict[str, str]:
    """``submission_<n>`` -> the id of who handed it in, from Gradescope's export manifest: the first
    of its submitters' e-mails once normalised (one for a lone student; a group's members all have
    their group's one submission, graded with one variant). {} when there is no readable manifest.

    The manifest is YAML written by Gradescope (Ruby symbols as keys); only the ``:email:`` lines of
    each submission's ``:submitters:`` list are read, line by line, so that nothing else in it (an
    autograder's output, which quotes what the submission printed) can pass for an e-mail."""
    lines = manifest_lines(metadata)
    emails: dict[str, list[str]] = {}
    current, submitters = None, False
    for line in lines:
        top = _TOP_KEY.fullmatch(line)
        if top:
            current, submitters = top["key"], False
            continue
        if current is None:
            continue
        if _SUBMITTERS.fullmatch(line):
            submitters = True
            continue
        if submitters and not line.startswith(("  - ", "    ")):
            submitters = False
        email = _EMAIL.fullmatch(line) if submitters else None
        value = _normalised(_unquoted(email["value"])) if email else ""
        if value:
            emails.setdefault(current, []).append(value)
    return {key: min(found) for key, found in emails.items()}


def _unquoted(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value

