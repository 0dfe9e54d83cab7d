"""grader.grading.collect: a suite collected without pytest is collected as pytest collects it, or not at all."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap

import pytest

from grader.grading import collect, suite
from grader.grading.pytest_run import invoke_pytest
from grader.lesson.course import Course

from paths import ROOT


class _Collector(suite.SuitePlugin):
    """pytest's collection of a suite, kept, without running a check."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        self.items = list(session.items)
        return True


def _seen(item) -> tuple:
    """What of a collected check decides how it runs and what its result says."""
    plan = item.direct_plan if isinstance(item, collect.DirectCheck) else suite._direct_plan(item)
    weight = item.get_closest_marker("weight")
    return (item.name, item.nodeid, item.obj.__name__, item.get_closest_marker("task").args,
            weight.args if weight else None, [m.name for m in item.iter_markers()], plan)


def _by_pytest(lesson) -> list[tuple]:
    collector = _Collector(lesson, None, None)
    invoke_pytest(lesson, collector)
    assert not collector.problems
    return [_seen(item) for item in collector.lesson_checks(collector.items)]


@pytest.fixture
def course(tmp_path) -> Course:
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    return Course(tmp_path)


def _with_file(course: Course, text: str):
    (course.root / "suites" / "prefill" / "test_extra.py").write_text(textwrap.dedent(text), encoding="utf-8")
    return course.lesson("prefill")


@pytest.mark.parametrize("lesson_id", ["prefill", "latency"])
def test_every_lesson_s_suite_is_collected_as_pytest_collects_it(lesson_id):
    lesson = Course(ROOT).lesson(lesson_id)
    direct = collect.direct_checks(lesson)
    assert direct is not None, "the lesson's suite no longer fits grading.collect: single grades pay for pytest"
    assert [_seen(item) for item in direct] == _by_pytest(lesson)


_FITTING = {
    "explicit ids, names in one string": """
        import pytest
        pytestmark = pytest.mark.task("causal_pairs")
        @pytest.mark.parametrize("P, d", [(1, 2), (3, 4)], ids=["one", "two.x-y"])
        def test_shapes(student, P, d):
            pass
        """,
    "ids from values, names in a tuple": """
        import pytest
        pytestmark = [pytest.mark.task("causal_pairs")]
        @pytest.mark.parametrize(("n", "what"), [(1, "a_b"), (2.5, None), (-3, True), (1e-06, "x.y-z")])
        def test_values(rng, n, what):
            pass
        """,
    "stacked and module marks, the closest first": """
        import pytest
        pytestmark = [pytest.mark.task("causal_mask"), pytest.mark.weight(7)]
        @pytest.mark.weight(3)
        @pytest.mark.weight(2)
        @pytest.mark.task("causal_pairs")
        def test_inner_first(student):
            pass
        def test_module_weight(student, diagnose, domain, reference):
            pass
        test_not_callable = 3
        def helper_test(student):
            pass
        """,
}


@pytest.mark.parametrize("text", _FITTING.values(), ids=_FITTING.keys())
def test_a_suite_within_the_rules_is_collected_as_pytest_collects_it(course, text):
    lesson = _with_file(course, text)
    direct = collect.direct_checks(lesson)
    assert direct is not None
    assert [_seen(item) for item in direct] == _by_pytest(lesson)


_NEEDING_PYTEST = {
    "a fixture of its own": "@pytest.fixture\ndef prompt():\n    return 6\ndef test_x(student, prompt):\n    pass\n",
    "a skip mark": "@pytest.mark.skip(reason='later')\ndef test_x(student):\n    pass\n",
    "pytest.param": "@pytest.mark.parametrize('P', [pytest.param(1, id='one')])\ndef test_x(student, P):\n    pass\n",
    "a class": "class TestPairs:\n    def test_x(self, student):\n        pass\n",
    "an id with a space": "@pytest.mark.parametrize('P', [1], ids=['one token'])\ndef test_x(student, P):\n    pass\n",
    "an id twice": "@pytest.mark.parametrize('P', [1, 1])\ndef test_x(student, P):\n    pass\n",
    "a value named by position": "@pytest.mark.parametrize('P', [[1]])\ndef test_x(student, P):\n    pass\n",
    "two parametrize": "@pytest.mark.parametrize('P', [1])\n@pytest.mark.parametrize('d', [2])\n"
                       "def test_x(student, P, d):\n    pass\n",
    "a default": "def test_x(student, P=3):\n    pass\n",
    "a keyword-only parameter": "def test_x(student, *, P):\n    pass\n",
    "the request": "def test_x(student, request):\n    pass\n",
    "a hook": "def pytest_generate_tests(metafunc):\n    pass\ndef test_x(student):\n    pass\n",
    "__test__": "__test__ = True\ndef test_x(student):\n    pass\n",
    "a refusal caught": "try:\n    approx = pytest.approx\nexcept Exception:\n    approx = None\n"
                        "def test_x(student):\n    pass\n",
    "from pytest import": "from pytest import approx\ndef test_x(student):\n    pass\n",
    "a file that does not import": "1 / 0\n",
    "a generator": "def test_x(student):\n    yield 1\n",
}


@pytest.mark.parametrize("text", _NEEDING_PYTEST.values(), ids=_NEEDING_PYTEST.keys())
def test_a_suite_outside_the_rules_goes_to_pytest_whole(course, text):
    lesson = _with_file(course, "import pytest\npytestmark = pytest.mark.task('causal_pairs')\n" + text)
    imported: list[str] = []
    assert collect.direct_checks(lesson, imported) is None
    assert sys.modules.get("pytest") is pytest  # never replaced: the stand-in is the check files' own
    for name in imported:
        sys.modules.pop(name, None)


def test_a_conftest_beside_the_checks_goes_to_pytest(course):
    (course.root / "suites" / "prefill" / "conftest.py").write_text("", encoding="utf-8")
    assert collect.direct_checks(course.lesson("prefill")) is None


def test_a_check_uses_the_real_pytest_once_its_file_is_imported(course):
    """The stand-in hands pytest.raises, pytest.approx... to pytest itself, imported then."""
    lesson = _with_file(course, """
        import pytest
        pytestmark = pytest.mark.task("causal_pairs")
        def test_raises(student):
            with pytest.raises(ValueError):
                raise ValueError
        """)
    direct = collect.direct_checks(lesson)
    check = next(item for item in direct if item.name == "test_raises")
    check.obj(student=None)
    assert check.obj.__globals__["pytest"].raises is pytest.raises


def test_a_single_grade_never_imports_pytest_for_a_suite_within_the_rules():
    """The point of it all: pytest's import and start-up are about as much as numpy's import."""
    code = ("import sys\nfrom grader.grading.engine import grade\n"
            "report = grade('solutions/prefill', 'prefill')\n"
            "assert report.score == report.max_score, report.score\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pytest', '_pytest', 'pluggy')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_an_own_number_check_is_collected_directly_and_run_only_with_a_students_numbers():
    lesson = Course(ROOT).lesson("prefill")
    checks = collect.direct_checks(lesson)
    own = [c for c in checks if c.name == "test_own_numbers"]
    assert len(own) == 3 and all("variant" in c.fixturenames for c in own)  # none of them sends it to pytest
    from grader.grading.runner import Checks, takes_variant

    runner = Checks(lesson, None, None)
    runner.run_items(own)  # without a student's numbers: not run, not recorded
    assert runner.results == {t.id: [] for t in lesson.code_tasks} and all(takes_variant(c) for c in own)
