"""grader.authoring.public: which checks a student may hold, cut out of the suite's source."""

from __future__ import annotations

import ast
import textwrap
import tomllib
from pathlib import Path

import pytest

from grader.authoring.public import public_suite, solution_code, student_manifest
from grader.exceptions import ConfigError
from grader.lesson.manifest import load_lesson

from paths import ROOT

MANIFEST = '''id = "l"
title = "A \\"quoted\\" title · ünïcode"
module = "l.py"
call_seconds = 2
[visibility]
default = "hidden"
{overrides}
[[tasks]]
id = "f"
function = "f"
points = 2
[[tasks]]
id = "g"
function = "g"
points = 1
call_seconds = 3
[[tasks]]
id = "a"
points = 1
[tasks.answer]
key = "x"
kind = "number"
expected = 42
rtol = 1e-9
hints = [{{ value = 21, message = "half of it" }}]
[[facts]]
function = "f"
args = [1]
expected = 2
says = "secret fact"
'''

CHECKS_F = '''\
"""f(x) = 2x."""

import pytest

from grader.checks import fail

pytestmark = pytest.mark.task("f")

SECRET_INPUTS = [123456.789, -98765.4321]
SHARED = 3


def _only_hidden_uses_me(x):
    return x * 7777


def _public_helper(x):
    return x + SHARED


def test_small(student):
    """Public."""
    if student.f(_public_helper(0)) != 6:
        fail("f(3) must be 6")


# a comment about the secret inputs 123456.789
@pytest.mark.parametrize("x", SECRET_INPUTS)
@pytest.mark.weight(2)
def test_secret(student, reference, x):
    """Hidden."""
    if student.f(x) != reference.f(_only_hidden_uses_me(x)):
        fail("f must double 'the hidden sentence'")


def test_against_reference(student, reference):
    """Public, differential."""
    assert student.f(1) == reference.f(1)
'''

CHECKS_G = '''\
import pytest


@pytest.mark.task("g")
def test_only_hidden(student):
    assert student.g() == "hidden literal of g"
'''


def lesson_with(tmp_path: Path, overrides: dict[str, str], files: dict[str, str] | None = None):
    folder = tmp_path / "suites" / "l"
    folder.mkdir(parents=True)
    table = "[visibility.overrides]\n" + "".join(f'"{k}" = "{v}"\n' for k, v in overrides.items()) if overrides else ""
    (folder / "lesson.toml").write_text(MANIFEST.format(overrides=table), encoding="utf-8")
    for name, text in (files or {"test_f.py": CHECKS_F, "test_g.py": CHECKS_G}).items():
        (folder / name).write_text(text, encoding="utf-8")
    return load_lesson(folder)


def test_only_visible_checks_are_public(tmp_path):
    suite = public_suite(lesson_with(tmp_path, {"f::small": "visible", "f::against_reference": "visible"}))
    assert suite.public == {"f": ["small", "against_reference"], "g": []}
    assert suite.tasks == ["f"]
    assert suite.uses_reference
    assert list(suite.files) == ["test_f.py"]  # test_g.py has no public check: it does not ship


def test_hidden_checks_and_what_only_they_use_are_cut_from_the_source(tmp_path):
    suite = public_suite(lesson_with(tmp_path, {"f::small": "visible", "f::against_reference": "visible"}))
    text = suite.files["test_f.py"]
    for secret in ("test_secret", "SECRET_INPUTS", "123456.789", "_only_hidden_uses_me", "7777",
                   "the hidden sentence", "a comment about", "weight(2)"):
        assert secret not in text
    for kept in ("def test_small", "def _public_helper", "SHARED = 3", "def test_against_reference",
                 'pytestmark = pytest.mark.task("f")', '"""f(x) = 2x."""'):
        assert kept in text
    ast.parse(text)
    assert suite.cut["test_f.py"] == ["test_secret", "SECRET_INPUTS", "_only_hidden_uses_me"]
    assert "\n\n\n\n" not in text


def test_a_task_level_visibility_makes_all_its_checks_public(tmp_path):
    suite = public_suite(lesson_with(tmp_path, {"g": "visible"}))
    assert suite.public == {"f": [], "g": ["only_hidden"]}
    assert suite.files == {"test_g.py": CHECKS_G}
    assert not suite.uses_reference


def test_gradescopes_other_words_are_not_public(tmp_path):
    suite = public_suite(lesson_with(tmp_path, {"f::small": "after_due_date", "g": "after_published"}))
    assert suite.tasks == [] and suite.files == {}


def test_a_check_visible_for_only_some_cases_is_refused(tmp_path):
    lesson = lesson_with(tmp_path, {"f": "visible", "f::secret[123456.789]": "hidden"})
    with pytest.raises(ConfigError, match="'f::secret' is visible for some of its cases") as error:
        public_suite(lesson)
    assert f"{lesson.manifest_path}, key 'visibility.overrides'" in str(error.value)


def test_all_cases_hidden_one_by_one_is_not_mixed(tmp_path):
    lesson = lesson_with(tmp_path, {"f::small": "visible", "f::secret[a]": "hidden"})
    assert public_suite(lesson).public["f"] == ["small"]


@pytest.mark.parametrize("source, message", [
    ("def test_x(student):\n    pass\n", "check test_x has no pytest.mark.task"),
    ("import pytest\npytestmark = pytest.mark.task('nope')\ndef test_x(student):\n    pass\n",
     "marked with task 'nope', which"),
    ("import pytest\npytestmark = pytest.mark.task('f')\nclass TestX:\n    def test_y(self):\n        pass\n",
     "write the checks of class TestX as top-level test_ functions"),
    ("def test_x(:\n", "is not valid Python"),
], ids=["no-task", "unknown-task", "class", "syntax"])
def test_what_cannot_be_split_names_file_and_line(tmp_path, source, message):
    lesson = lesson_with(tmp_path, {"f": "visible"}, {"test_x.py": source})
    with pytest.raises(ConfigError, match=message) as error:
        public_suite(lesson)
    assert str(error.value).startswith(f"{lesson.suite_dir / 'test_x.py'}, line ")


def test_a_pytestmark_list_and_a_function_mark_are_read(tmp_path):
    source = textwrap.dedent('''\
        import pytest
        pytestmark = [pytest.mark.slow, pytest.mark.task("f")]

        def test_a(student):
            pass

        @pytest.mark.task("g")
        def test_b(student):
            pass
        ''')
    suite = public_suite(lesson_with(tmp_path, {"f": "visible"}, {"test_x.py": source}))
    assert suite.public == {"f": ["a"], "g": []}
    assert "test_b" not in suite.files["test_x.py"]


def test_the_student_manifest_keeps_public_code_tasks_only_and_loads(tmp_path):
    lesson = lesson_with(tmp_path, {"f::small": "visible"})
    text = student_manifest(lesson, ["f"])
    data = tomllib.loads(text)
    assert [t["id"] for t in data["tasks"]] == ["f"]
    assert "facts" not in data and data["visibility"] == {"default": "visible"}
    assert "secret fact" not in text and "half of it" not in text and "42" not in text
    folder = tmp_path / "student" / "l"
    folder.mkdir(parents=True)
    (folder / "lesson.toml").write_text(text, encoding="utf-8")
    loaded = load_lesson(folder)
    assert loaded.title == 'A "quoted" title · ünïcode' and loaded.call_seconds == 2
    assert [(t.id, t.points, t.function, t.visibility) for t in loaded.tasks] == [("f", 2.0, "f", "visible")]


def test_the_student_manifest_escapes_what_toml_forbids(tmp_path):
    lesson = lesson_with(tmp_path, {"g": "visible"})
    path = lesson.manifest_path
    path.write_text(path.read_text().replace('title = "A', 'title = "tab\\t del\\u007f back\\\\ A'), encoding="utf-8")
    data = tomllib.loads(student_manifest(load_lesson(lesson.suite_dir), ["g"]))
    assert data["title"].startswith("tab\t del\x7f back\\ A") and data["tasks"][0]["call_seconds"] == 3


def test_the_prefill_bundle_ships_exactly_the_visible_checks():
    lesson = load_lesson(ROOT / "suites" / "prefill")
    suite = public_suite(lesson)
    for path in sorted(lesson.suite_dir.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        task = next(t for t in lesson.code_tasks if f'task("{t.id}")' in path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                name = node.name.removeprefix("test_")
                assert (name in suite.public[task.id]) == (task.visibility_of(name) == "visible"), name
                if path.name in suite.files:
                    assert (f"def {node.name}(" in suite.files[path.name]) == (name in suite.public[task.id])


# ---------------------------------------------------------------------------- the solution's code in public checks

SOLUTION_L = """import numpy as np

def f(x, scale=1.0):
    # BEGIN SOLUTION
    \"\"\"Twice x, scaled.\"\"\"
    doubled = 2 * x * scale + 0
    return doubled
    # END SOLUTION

def g():
    # BEGIN SOLUTION
    return np.tril(np.ones((3, 3), dtype=bool)).sum()
    # END SOLUTION
"""


def _public_with_helper(tmp_path: Path, helper: str):
    checks = CHECKS_F.replace("def _public_helper(x):\n    return x + SHARED\n", helper)
    lesson = lesson_with(tmp_path, {"f::small": "visible"}, {"test_f.py": checks, "test_g.py": CHECKS_G})
    (tmp_path / "l.py").write_text(SOLUTION_L, encoding="utf-8")
    return solution_code(public_suite(lesson), tmp_path / "l.py", lesson)


@pytest.mark.parametrize("helper, code, line", [
    ("def _public_helper(v):\n    return 2 * v * SHARED + 0\n", "2 * x * scale + 0", 6),  # other names
    ("def _public_helper(v):\n    import numpy as np\n    total = np.tril(np.ones((3, 3), dtype=bool)).sum()\n"
     "    return total\n", "np.tril(np.ones((3, 3), dtype=bool)).sum()", 12),  # what it returns, assigned
], ids=["renamed", "expression"])
def test_a_public_helper_computing_the_solutions_code_is_a_warning(tmp_path, helper, code, line):
    (warning,) = _public_with_helper(tmp_path, helper)
    assert warning.startswith("suites/l/test_f.py, line ") and "(helper _public_helper) ships to students" in warning
    assert f"holds the solution's code `{code}` (l.py, line {line})" in warning


def test_the_same_helper_hidden_or_acknowledged_is_no_warning(tmp_path):
    helper = "def _public_helper(v):\n    return 2 * v * SHARED + 0  # public: the lesson prints 2 · x\n"
    assert _public_with_helper(tmp_path, helper) == []
    plain = "def _public_helper(v):\n    return v + SHARED\n"  # small and unlike the solution
    assert _public_with_helper(tmp_path / "plain", plain) == []


def test_the_real_lessons_ship_no_unacknowledged_solution_code():
    from grader.lesson.course import Course

    course = Course(ROOT)
    for lesson in (course.lesson(i) for i in course.lesson_ids()):
        suite = public_suite(lesson)
        assert solution_code(suite, course.solutions_dir(lesson) / lesson.module, lesson) == [], lesson.id
