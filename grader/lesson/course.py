"""Where a course's lessons live, which lessons it declares, and which one is graded by default.

A course is a folder with three mirrored trees: ``exercises/<lesson>/`` (what students
edit), ``solutions/<lesson>/`` (the reference) and ``suites/<lesson>/`` (the manifest and
the hidden checks). The engine learns every lesson from ``suites/``, so adding a lesson
needs no code.

``course.toml`` beside ``suites/`` declares the lessons in teaching order
(``lessons = ["prefill", "latency"]``): the first is the *default lesson*, graded when
neither ``--lesson`` nor the submission's files say which (the rule itself, one function
for every tool, is ``grader.submission.files.choose_lesson``). Without ``course.toml`` a
course with one lesson defaults to it, and a course with several has no default: a
submission whose files do not say which lesson it is for needs ``--lesson``. Never the
alphabetically first lesson: an order that nobody declared is not a teaching order.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from grader.exceptions import ConfigError, UsageError
from grader.lesson.manifest import MANIFEST_NAME, Lesson, load_lesson

SUITES, SOLUTIONS, EXERCISES = "suites", "solutions", "exercises"
COURSE_FILE = "course.toml"


@dataclass(frozen=True)
class Course:
    root: Path

    @property
    def suites_dir(self) -> Path:
        return self.root / SUITES

    @property
    def course_file(self) -> Path:
        return self.root / COURSE_FILE

    def lesson_ids(self) -> list[str]:
        """Every lesson of ``suites/``, sorted by id (a stable order for tools; the teaching
        order is ``ordered_ids``)."""
        return sorted(p.parent.name for p in self.suites_dir.glob(f"*/{MANIFEST_NAME}"))

    def declared(self) -> list[str] | None:
        """The lessons ``course.toml`` lists, in its order; None when the course has no course.toml.

        Every listed lesson must exist in ``suites/``; a lesson of ``suites/`` that the list
        leaves out is still a lesson (``grader new`` adds it to the list, last), just never the
        default."""
        path = self.course_file
        source = str(path)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(source, f"cannot be read ({exc})") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(source, f"is not valid TOML: {exc}") from None
        lessons = data.get("lessons")
        if not isinstance(lessons, list) or not lessons:
            raise ConfigError(source, "must list the course's lessons in teaching order, e.g. "
                              'lessons = ["prefill", "latency"]', "lessons")
        known = self.lesson_ids()
        for i, lesson_id in enumerate(lessons):
            if not isinstance(lesson_id, str):
                raise ConfigError(source, "must be a lesson id (a string)", f"lessons[{i}]")
            if lesson_id in lessons[:i]:
                raise ConfigError(source, f"lesson '{lesson_id}' is listed twice", f"lessons[{i}]")
            if lesson_id not in known:
                raise ConfigError(source, f"names no lesson of {self.suites_dir} (it has: "
                                  f"{', '.join(known) or 'none'})", f"lessons[{i}]")
        return list(lessons)

    def salt(self) -> str | None:
        """The term's salt (``[term] salt`` of course.toml), which every student's numbers are drawn with
        (grader.lesson.variants): another term, another salt, other numbers. None when there is none."""
        path = self.course_file
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(str(path), f"cannot be read ({exc})") from None
        term = data.get("term", {})
        salt = term.get("salt") if isinstance(term, dict) else None
        if not isinstance(term, dict) or (salt is not None and not (isinstance(salt, str) and salt.strip()
                                                                    and salt.isprintable())):
            raise ConfigError(str(path), "must be a table [term] whose salt is a non-empty line of text", "term.salt")
        return salt

    def ordered_ids(self) -> list[str]:
        """The lessons in teaching order: course.toml's, then any it leaves out, sorted."""
        declared = self.declared() or []
        return declared + [i for i in self.lesson_ids() if i not in declared]

    def default_lesson(self) -> Lesson:
        """The lesson graded when nothing else says which: course.toml's first, or the only one."""
        declared = self.declared()
        if declared:
            return self.lesson(declared[0])
        ids = self.lesson_ids()
        if len(ids) == 1:
            return self.lesson(ids[0])
        if not ids:
            raise UsageError(f"no lessons found: {self.suites_dir} holds no */{MANIFEST_NAME}")
        raise UsageError(f"the course has lessons {', '.join(ids)} and no {self.course_file} declaring their "
                         f"order, so none is the default: pass --lesson, or list them there "
                         f"(lessons = [\"{ids[0]}\", ...]; the first is the default)")

    def lesson(self, lesson_id: str) -> Lesson:
        if lesson_id not in self.lesson_ids():
            known = ", ".join(self.lesson_ids()) or "none"
            raise UsageError(f"unknown lesson '{lesson_id}' (lessons in {self.suites_dir}: {known})")
        return load_lesson(self.suites_dir / lesson_id)

    def solutions_dir(self, lesson: Lesson) -> Path:
        return self.root / SOLUTIONS / lesson.id

    def exercises_dir(self, lesson: Lesson) -> Path:
        return self.root / EXERCISES / lesson.id


def course_toml(lesson_ids: list[str], salt: str | None = None) -> str:
    """A course.toml declaring ``lesson_ids`` in this order (what ``grader release`` writes in a bundle), and
    the term's ``salt`` when given (a bundle that grades each student's own numbers needs it)."""
    listed = ", ".join(json.dumps(i) for i in lesson_ids)  # a JSON string is a TOML basic string
    term = f"\n[term]\nsalt = {json.dumps(salt)}  # each student's own numbers are drawn with it\n" if salt else ""
    return ("# The course's lessons in teaching order. The first is the default lesson: graded when neither\n"
            "# --lesson nor the submission's files say which (the grader's docs/ci.md, \"Which lesson is graded\").\n"
            f"lessons = [{listed}]\n{term}")


def find_course(start: Path | None = None) -> Course:
    """The course holding ``start`` (default: the working folder), else the grader's own."""
    env = os.environ.get("GRADER_COURSE")
    if env:
        root = Path(env)
        if not (root / SUITES).is_dir():
            raise UsageError(f"GRADER_COURSE={env} has no '{SUITES}' folder")
        return Course(root.resolve())
    here = Path(start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / SUITES).is_dir():
            return Course(folder)
    package_root = Path(__file__).resolve().parents[2]  # the repository holding grader/
    if (package_root / SUITES).is_dir():
        return Course(package_root)
    raise UsageError(f"no course found: neither {here} nor its parents hold a '{SUITES}' folder "
                     "(pass --course DIR)")
