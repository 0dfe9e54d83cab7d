"""A student's variant where the grading happens: the reference solution and the term's salt at hand.

``grader.lesson.variants`` draws a student's numbers and computes their answers from any
object holding the lesson's functions; here those are the reference solution's, loaded as
the checks load it (``grader.grading.reference``), and the salt is the course's. The engine
asks ``student_variant`` once per grade (a GradingSession hands it the reference it loaded
once); ``variants_for`` gives a class's variants at once, for whoever compares them (a batch's
integrity flags, ``grader variant``, ``grader stubs --roster``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from grader.exceptions import ConfigError
from grader.grading.reference import load_reference
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.lesson.solutions import resolve_solutions
from grader.lesson.variants import SALT_KEY, Variant, normalise_id, own_numbers, specialise, variant_for


def reference_of(lesson: Lesson, folder: Path):
    """The reference solution of ``lesson`` in ``folder``, for computing answers: a ConfigError where it is
    missing (a student bundle's recording answers only the public checks' calls, never a student's numbers)."""
    reference = load_reference(Path(folder) / lesson.module, lesson)
    if reference is None or not hasattr(reference, "__file__"):
        raise ConfigError(str(Path(folder) / lesson.module), "is missing, and each student's answers are computed "
                          "by the reference solution's functions on their own numbers")
    return reference


def student_variant(course: Course, lesson: Lesson, student: str | None, folder: Path, reference=None):
    """(the lesson as ``student`` reads it, their Variant, the reference used): their own numbers when
    ``lesson`` has parameters and ``student`` is an id, else the lesson and its own numbers unchanged."""
    if lesson.parameters is None or normalise_id(student) is None:
        return lesson, None, reference
    if reference is None and any(a.source is not None for a in lesson.parameters.answers):
        reference = reference_of(lesson, folder)  # not in a student bundle: it grades no answer, asks no own number
    variant = variant_for(lesson, student, term_salt(course), reference)
    return specialise(lesson, variant), variant, reference


def term_salt(course: Course) -> str:
    """The course's salt; a ConfigError naming course.toml where it has none (the numbers would be the same
    every term)."""
    salt = course.salt()
    if not salt:
        raise ConfigError(str(course.course_file), "has no salt for this term, and the lesson gives each student "
                          "their own numbers: add [term] with salt = \"...\" (any text; change it every term)",
                          SALT_KEY)
    return salt


def variants_for(course: Course, lesson: Lesson, students, solutions: str | Path | None = None
                 ) -> dict[str | None, Variant]:
    """Each of ``students``' variants of ``lesson``, keyed by normalised id (None: the lesson's own numbers);
    the reference is loaded once, and only when the lesson has parameters."""
    ids = list(dict.fromkeys(normalise_id(s) for s in students))
    if lesson.parameters is None or all(i is None for i in ids):
        return {i: own_numbers(lesson) if i is None else _unchanged(lesson, i) for i in ids}
    reference = reference_of(lesson, resolve_solutions(course, lesson, solutions))
    salt = term_salt(course)
    return {i: variant_for(lesson, i, salt, reference) for i in ids}


def _unchanged(lesson: Lesson, student: str) -> Variant:
    """A lesson without parameters: every student has its own numbers (their id noted)."""
    return replace(own_numbers(lesson), student=student)
