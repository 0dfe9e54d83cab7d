"""``grader new LESSON``: the folders of a new lesson, validating out of the box.

A new lesson is a folder in each of the three trees, and an instructor learns the format
fastest from a small lesson that already works and has every kind of piece a real one has:
a manifest with a code task, a by-hand answer and a choice (quiz) task, a public and a
hidden check and a headline fact; a catalogue of diagnoses (``diagnoses.toml``) that the
check and the answer hints name; a notebook template (``notebook.md``); a solution with
markers; the stubs and the notebook generated from it; and three mutants, each declaring
the diagnosis ``grader validate`` must see on it. The notebook template is also the text of the
lesson's README beside the module (``exercises/<lesson>/README.md``, grader.authoring.readme),
so it shows where each form says something of its own. docs/authoring.md walks through
replacing each piece. Where the course holds the generated docs (docs/feedback.md, the tables of
docs/authoring.md), ``grader new`` rewrites them as ``make docs`` does (``grader.authoring.docs``).

Answer tasks need no visibility of their own: their hints are shown to students unless the
manifest names the task in ``[visibility.overrides]`` (``grader.lesson.manifest``), so a
manifest whose checks default to hidden still teaches with its wrong-answer hints.
"""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib
from pathlib import Path

from grader.authoring import docs
from grader.authoring.exercises import write_stubs
from grader.exceptions import UsageError
from grader.lesson import options
from grader.lesson.course import EXERCISES, SOLUTIONS, SUITES, Course, course_toml

_ID = re.compile(r"[a-z][a-z0-9_]*")
_LESSONS = re.compile(r"^(lessons\s*=\s*\[)([^\]]*)\]", re.M)  # course.toml's list, one or several lines

MANIFEST = '''\
# The manifest of lesson '{id}': what is graded, for how many points, and how.
# docs/authoring.md explains every key; `grader validate --lesson {id}` proves the suite.

{settings}
# The checks of code tasks are hidden unless made visible: a visible (public) check ships in
# the student bundle and shows students its inputs and expected values; a hidden one runs only
# on hand-in. Answer tasks (by_hand, quiz) show their hints unless named here as hidden.
[visibility]
default = "hidden"

[visibility.overrides]
"double::small_number" = "visible"

[[tasks]]
id = "double"
title = "double(x): twice x"
function = "double"
points = 2

[[tasks]]
id = "by_hand"
title = "Part 1: twice 21 by hand"
points = 1
[tasks.answer]
key = "doubled"
kind = "number"
question = "What is twice 21?"
expected = 42
rtol = 1e-9
wrong = "Twice 21 is 21 + 21."
hints = [
  {{ value = 21, diagnosis = "by-hand.not-doubled" }},  # the hint students read is in diagnoses.toml
]

[[tasks]]
id = "quiz"
title = "Check your understanding"
points = 1
[tasks.answer]
key = "quadruple"
kind = "choice"
question = "Is doubling a number twice the same as multiplying it by 4?"
expected = "A"
choices = {{ A = "Yes", B = "No" }}
wrong = "Doubling twice multiplies by 2 and by 2 again."
hints = [{{ value = "B", diagnosis = "quiz.doubling-adds" }}]

# Numbers the lesson text states: `grader validate` rejects a solution that changes them.
[[facts]]
function = "double"
args = [21]
expected = 42
says = "the lesson's example: twice 21 is 42"
'''

# What students get wrong, recognised by the checks and the answer hints (grader.lesson.catalogue).
DIAGNOSES = '''\
# The misconceptions of lesson '{id}': how the checks recognise each one and what students read.
# A check names one with fail(..., diagnosis="<code>"), an answer hint in lesson.toml with
# {{ value = ..., diagnosis = "<code>" }}. `hint` must not give away hidden inputs or the fixed code.
# Each entry is proved by a mutant declaring `# diagnosis: <code>` (grader validate).

[[diagnoses]]
code = "double.added-two"
task = "double"
when = "double(x) returns x + 2"
hint = "Your result is x + 2: doubling multiplies by 2, it does not add 2."

[[diagnoses]]
code = "by-hand.not-doubled"
task = "by_hand"
when = "the answer is 21, the number itself"
hint = "That is 21 itself: double it."

[[diagnoses]]
code = "quiz.doubling-adds"
task = "quiz"
when = "the quiz answer is B (No)"
hint = "Doubling twice multiplies by 2 and then by 2 again: 2 · 2 = 4."
'''

# The lesson's text: around the notebook's cells (grader.authoring.notebook; +++ separates cells), and
# beside the module as exercises/<lesson>/README.md (grader.authoring.readme), the specification students
# read where they work. {{ only notebook }} / {{ only readme }} ... {{ end }} hold what one form says alone.
NOTEBOOK = '''\
# {id}

{{{{ only notebook }}}}
Fill in the **ANSWERS** cells and the function, then check your work with the last cell.
{{{{ end }}}}
{{{{ only readme }}}}
Write the function of `{id}.py` (Part 2 says what it returns and which arguments it refuses), answer
Part 1 and the quiz in `answers.toml`, then grade your work (the end of this page).
{{{{ end }}}}

+++

## Part 1. By hand

{{{{ answers doubled }}}}

+++

## Part 2. In code

`double(x)`: twice x, for any number x (an `int` or a `float`); it returns a number and refuses nothing.

{{{{ code double }}}}

+++

## Check your understanding

Is doubling a number twice the same as multiplying it by 4? Answer A or B.

- A) Yes
- B) No

{{{{ answers quadruple }}}}

+++

## Check your work

{{{{ only notebook }}}}
Save the notebook, then run the cell below: it grades the saved file.
{{{{ end }}}}

{{{{ check }}}}
'''

CHECK = '''\
\"\"\"double(x) = 2·x: the example checks of a new lesson; replace them with your own.\"\"\"

import pytest

from grader.checks import fail, is_close, number

pytestmark = pytest.mark.task("double")


def test_small_number(student):
    \"\"\"double(3) is 6 (visible in lesson.toml, so students run it with `make grade`).\"\"\"
    got = number(student.double(3), "double(3)")
    if not is_close(got, 6):
        fail("double(x) must be twice x", f"double(3) returned {got:g}; expected 6",
             diagnosis="double.added-two" if is_close(got, 3 + 2) else None)  # a code of diagnoses.toml


@pytest.mark.weight(2)
def test_agrees_with_the_solution(student, reference, rng):
    \"\"\"Random inputs, compared with the solution (hidden: the default).\"\"\"
    for _ in range(5):
        x = round(float(rng.uniform(-1000, 1000)), 3)
        got = number(student.double(x), f"double({x})")
        want = reference.double(x)
        if not is_close(got, want):
            fail("double(x) must be twice x for every x", f"double({x}) returned {got:g}; expected {want:g}")
'''

SOLUTION = '''\
def double(x):
    # BEGIN SOLUTION
    return 2 * x
    # END SOLUTION
'''

ANSWERS = '''\
# Part 1. Work it out by hand, then type the answer between the quotes.

# What is twice 21?
# BEGIN SOLUTION
doubled = "42"
# END SOLUTION

# Check your understanding: is doubling a number twice the same as multiplying it by 4?
# Answer A or B.
#   A) Yes
#   B) No
# BEGIN SOLUTION
quadruple = "A"
# END SOLUTION
'''

# A mutant holds only what it gets wrong, laid over the solution (grader.authoring.mutants). No
# line here may equal a line of a course's solution: this file ships in every student bundle.
MUTANT = '''\
# mistake: added 2 instead of multiplying by 2
# fails: double
# diagnosis: double.added-two


def double(x):
    return x + 2
'''

ANSWER_MUTANT = '''\
# mistake: forgot to double
# fails: by_hand
# hint: double it
# diagnosis: by-hand.not-doubled
doubled = "21"
'''

QUIZ_MUTANT = '''\
# mistake: thought doubling twice adds up to less than 4 times
# fails: quiz
# diagnosis: quiz.doubling-adds
quadruple = "B"
'''


def settings(lesson_id: str) -> str:
    """The top of the new manifest: every lesson setting with its default and its help, as
    ``grader.lesson.options`` declares them (the id, title and module named after the lesson)."""
    named = {"id": lesson_id, "title": lesson_id, "module": f"{lesson_id}.py"}
    lines = []
    for option in options.LESSON:
        value = f'"{named[option.name]}"' if option.name in named else option.shown_default()
        lines.append(f"{option.name} = {value}".ljust(28) + f"# {option.help}")
    return "\n".join(lines) + "\n"


def new_lesson(course: Course, lesson_id: str) -> list[Path]:
    """Write the new lesson's files; return them. Refuses to touch an existing lesson."""
    if not _ID.fullmatch(lesson_id):
        raise UsageError(f"'{lesson_id}' cannot name a lesson: use lowercase letters, digits and _ "
                         "(it names the student's module)")
    if importlib.util.find_spec(lesson_id) is not None:
        raise UsageError(f"'{lesson_id}' is already the name of an importable module; students' "
                         f"{lesson_id}.py would clash with it: choose another name")
    before = course.lesson_ids()
    folders = [course.root / tree / lesson_id for tree in (SUITES, SOLUTIONS, EXERCISES)]
    for folder in folders:
        if folder.exists():
            raise UsageError(f"{folder} already exists: lesson '{lesson_id}' is not new")
    suite, solutions, _ = folders
    files = {
        suite / "lesson.toml": MANIFEST.format(id=lesson_id, settings=settings(lesson_id)),
        suite / "diagnoses.toml": DIAGNOSES.format(id=lesson_id),
        suite / "notebook.md": NOTEBOOK.format(id=lesson_id),
        suite / "test_double.py": CHECK,
        suite / "mutants" / "added_two.py": MUTANT,
        suite / "mutants" / "forgot_to_double.toml": ANSWER_MUTANT,
        suite / "mutants" / "quiz_no.toml": QUIZ_MUTANT,
        solutions / f"{lesson_id}.py": SOLUTION,
        solutions / "answers.toml": ANSWERS,
    }
    try:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write lesson '{lesson_id}' in {course.root}: {exc.strerror}") from None
    ordered = _in_teaching_order(course, lesson_id, before)
    # docs/feedback.md lists every lesson's diagnoses, and make test compares it with them: a new
    # lesson left it drifted, and make test failed until someone thought of `make docs`
    return [*files, *write_stubs(course, course.lesson(lesson_id)), *ordered, *docs.regenerate(course)]


def _in_teaching_order(course: Course, lesson_id: str, before: list[str]) -> list[Path]:
    """Give the new lesson its place in ``course.toml`` (last: the default lesson stays the default);
    the file written, if any.

    A course.toml that lists lessons gets the new one added to its list, its comments and layout
    kept; one written in a way this cannot follow safely is left as it is (the lesson is still
    graded when named, never the default). A course without course.toml that had one lesson
    gets one naming both, so that its lesson stays the default: two lessons and no course.toml
    would have no default, and ``make grade`` would stop asking for ``LESSON=``."""
    path = course.course_file
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        declared = course.declared() or []
        match = _LESSONS.search(text)
        if match is None or lesson_id in declared:
            return []
        items = match.group(2).rstrip()
        comma = "" if not items.strip() or items.endswith(",") else ","
        changed = f"{text[:match.start(2)]}{items}{comma} {json.dumps(lesson_id)}{text[match.end(2):]}"
        try:
            if tomllib.loads(changed).get("lessons") != [*declared, lesson_id]:
                return []
        except tomllib.TOMLDecodeError:
            return []
        path.write_text(changed, encoding="utf-8")
        return [path]
    if len(before) != 1:
        return []
    path.write_text(course_toml([*before, lesson_id]), encoding="utf-8")
    return [path]
