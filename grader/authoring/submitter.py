"""Who handed a Gradescope submission in: the id ``run_autograder`` grades the student's numbers with.

Gradescope writes ``/autograder/submission_metadata.json`` beside the submission, outside the
folder the student uploaded (its autograder specification, "Submission Metadata"): the student
cannot write it, so it is where a trusted id comes from. Its ``users`` list has each submitter's
``email``, ``id`` (Gradescope's own number) and ``name``. The id taken is the **e-mail**: it is
the one field the specification promises for every user, the instructor's roster (Gradescope's
and the LMS's) lists it, and it is the same for every assignment of the term, so that the
variant ``grader stubs --student EMAIL`` wrote the student's exercises with is the one graded.
Gradescope's number is stable too, but no roster the instructor holds shows it; ``sid`` is not
in the specification and is empty unless the instructor filled it in.

A group submission lists every member: it is graded with the variant of the member whose
(normalised) e-mail sorts first, the rule a batch of Gradescope's export follows
(``grader.batch.identity``), so that a regrade from the export gives the same numbers.

``python -m grader.authoring.submitter FILE`` prints that id (nothing when FILE does not exist:
a local run of the autograder without metadata grades with the lesson's own numbers) and exits
2 with one line when FILE exists but names no one: then ``run_autograder`` writes no score
rather than grade someone's work with numbers that are not theirs. It imports only the id's
normalisation: it runs before the grade.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from grader.exceptions import GraderError
from grader.lesson.variants import normalise_id

MAX_METADATA_BYTES = 16 * 2**20  # the file lists previous submissions too; far more than any holds


class NoSubmitter(ValueError):
    """The metadata exists but names no submitter with an e-mail."""


def metadata_student(path: Path) -> str:
    """The normalised e-mail of the submission's submitter (a group: the first of its members'),
    "" when ``path`` does not exist; NoSubmitter when it exists and names no one readable."""
    if not path.exists():
        return ""
    try:
        if path.stat().st_size > MAX_METADATA_BYTES:
            raise NoSubmitter(f"{path}: larger than {MAX_METADATA_BYTES // 2**20} MiB")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise NoSubmitter(f"{path}: cannot be read as JSON ({exc})") from None
    users = data.get("users") if isinstance(data, dict) else None
    emails = sorted(filter(None, (_normalised(user.get("email")) for user in users if isinstance(user, dict)))) \
        if isinstance(users, list) else []
    if not emails:
        raise NoSubmitter(f"{path}: names no submitter with an e-mail (its 'users' list)")
    return emails[0]


def _normalised(email) -> str:
    """An e-mail as every source's id is read (``grader.lesson.variants.normalise_id``); "" for what is none."""
    try:
        return normalise_id(email) or "" if isinstance(email, str) else ""
    except GraderError:  # a control character, more than an id may hold: no one
        return ""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m grader.authoring.submitter SUBMISSION_METADATA_JSON", file=sys.stderr)
        return 2
    try:
        student = metadata_student(Path(args[0]))
    except NoSubmitter as exc:
        print(f"submitter: {exc}", file=sys.stderr)
        return 2
    if student:
        print(student)
    return 0


if __name__ == "__main__":
    sys.exit(main())
