"""grader.authoring.exercises and `grader stubs`: the student files come from the solution's markers."""

from __future__ import annotations

import re
import shutil
import textwrap

import pytest

from grader.authoring.exercises import find_drift, strip_solution, student_files, write_stubs
from grader.cli import main
from grader.exceptions import ConfigError
from grader.lesson.course import Course

from paths import ROOT

LESSON_TEXT = ROOT.parent / "shared" / "lesson" / "e1.2-lesson2-prefill.txt"


def strip(text: str, suffix: str = ".py") -> str:
    return strip_solution(textwrap.dedent(text), suffix, "solution.py")


@pytest.fixture
def course(tmp_path) -> Course:
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    return Course(tmp_path)


def test_an_indented_block_becomes_pass_at_its_indentation():
    assert strip("""\
        def f(x):
            # BEGIN SOLUTION
            y = 2 * x
            return y
            # END SOLUTION

        class A:
            def g(self):
                # BEGIN SOLUTION
                return 1
                # END SOLUTION
        """) == "def f(x):\n    pass\n\nclass A:\n    def g(self):\n        pass\n"


def test_code_before_the_block_stays():
    assert strip("""\
        def f(x):
            y = x
            # BEGIN SOLUTION
            return y
            # END SOLUTION
        """) == "def f(x):\n    y = x\n    pass\n"


def test_a_block_at_the_margin_disappears():
    assert strip("""\
        import numpy as np
        # BEGIN SOLUTION
        def _helper():
            return 1
        # END SOLUTION
        def f():
            # BEGIN SOLUTION
            return _helper()
            # END SOLUTION
        """) == "import numpy as np\ndef f():\n    pass\n"


def test_nbgrader_style_markers_are_accepted():
    assert strip("def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n") == "def f():\n    pass\n"


def test_toml_assignments_become_empty_answers_and_comments_in_the_block_go():
    text = '# question\n# BEGIN SOLUTION\n# worked: 2 * 7e9 * 1000\nflops = "1.4e13"\npairs = 10\n# END SOLUTION\n'
    assert strip(text, ".toml") == '# question\nflops = ""\npairs = ""\n'


def test_other_files_lose_the_block():
    assert strip("a\n# BEGIN SOLUTION\nb\n# END SOLUTION\nc\n", ".md") == "a\nc\n"


@pytest.mark.parametrize("text, where, message", [
    ("def f():\n    # BEGIN SOLUTION\n    return 1\n", "line 2", "never closed"),
    ("def f():\n    return 1\n    # END SOLUTION\n", "line 3", "without a '# BEGIN SOLUTION'"),
    ("# BEGIN SOLUTION\n# BEGIN SOLUTION\n# END SOLUTION\n", "line 2", "inside the block opened on line 1"),
    ("def f():\n    return 1\n", "solution.py", "holds no '# BEGIN SOLUTION'"),
], ids=["unclosed", "stray-end", "nested", "no-markers"])
def test_marker_mistakes_name_the_file_and_line(text, where, message):
    with pytest.raises(ConfigError, match=message) as error:
        strip_solution(text, ".py", "solution.py")
    assert str(error.value).startswith("solution.py")
    assert where in str(error.value)


@pytest.mark.skipif(not LESSON_TEXT.exists(), reason=f"the lesson text is not at {LESSON_TEXT}")
def test_the_prefill_solution_generates_exactly_the_lessons_skeleton():
    lesson = LESSON_TEXT.read_text(encoding="utf-8")
    start = lesson.index("import numpy as np")
    skeleton = lesson[start:lesson.index("Ctrl/", start)].strip() + "\n"
    text = (ROOT / "solutions" / "prefill" / "prefill.py").read_text(encoding="utf-8")
    assert strip_solution(text, ".py", "prefill.py") == skeleton


def test_the_course_has_not_drifted():
    course = Course(ROOT)
    for lesson_id in course.lesson_ids():
        assert find_drift(course, course.lesson(lesson_id)) == []


def test_student_files_are_the_module_the_answers_template_the_notebook_and_the_readme(course):
    files = student_files(course, course.lesson("prefill"))
    assert [f.path.name for f in files] == ["prefill.py", "answers.toml", "prefill.ipynb", "README.md"]
    assert all(f.source.parent == course.root / "solutions" / "prefill" for f in files[:2])
    assert files[2].source == files[3].source == course.root / "suites" / "prefill" / "notebook.md"


def test_the_notebook_is_built_from_the_stub_not_the_solution(course):
    notebook = student_files(course, course.lesson("prefill"))[2].text
    assert "def causal_mask(P):\\n" in notebook and "return np.tril" not in notebook
    assert "BEGIN SOLUTION" not in notebook and '1.4e13\\"' not in notebook


def test_a_lesson_without_a_notebook_template_gets_no_notebook_and_no_readme(course):
    (course.root / "suites" / "prefill" / "notebook.md").unlink()
    assert [f.path.name for f in student_files(course, course.lesson("prefill"))] == ["prefill.py", "answers.toml"]


def test_a_hand_edited_notebook_is_drift(course):
    notebook = course.root / "exercises" / "prefill" / "prefill.ipynb"
    notebook.write_text(notebook.read_text().replace("pass", "return 0", 1))
    (problem,) = find_drift(course, course.lesson("prefill"))
    assert problem.startswith("exercises/prefill/prefill.ipynb, line ") and "suites/prefill/notebook.md" in problem


def test_drift_names_the_file_and_the_first_differing_line(course):
    stub = course.root / "exercises" / "prefill" / "prefill.py"
    stub.write_text(stub.read_text().replace("def causal_pairs(P):\n    pass", "def causal_pairs(P):\n    return 0"))
    (problem,) = find_drift(course, course.lesson("prefill"))
    assert problem.startswith("exercises/prefill/prefill.py, line 10: has '    return 0'")
    assert "solutions/prefill/prefill.py generates '    pass'" in problem


def test_drift_reports_a_missing_file_and_a_missing_final_newline(course):
    (course.root / "exercises" / "prefill" / "answers.toml").unlink()
    stub = course.root / "exercises" / "prefill" / "prefill.py"
    stub.write_text(stub.read_text().rstrip("\n"))
    problems = find_drift(course, course.lesson("prefill"))
    assert any("final newline" in p and "prefill.py" in p for p in problems)
    assert any(p.startswith("exercises/prefill/answers.toml is missing") for p in problems)


def test_extra_lines_in_the_student_file_are_drift(course):
    stub = course.root / "exercises" / "prefill" / "prefill.py"
    stub.write_text(stub.read_text() + "\ndef extra():\n    pass\n")
    (problem,) = find_drift(course, course.lesson("prefill"))
    assert "line 17: has ''" in problem and "the end of the file" in problem


def test_write_stubs_repairs_drift_and_reports_only_what_changed(course):
    stub = course.root / "exercises" / "prefill" / "prefill.py"
    original = stub.read_text()
    stub.write_text("drifted\n")
    assert write_stubs(course, course.lesson("prefill")) == [stub]
    assert stub.read_text() == original
    assert write_stubs(course, course.lesson("prefill")) == []


def test_a_solution_without_markers_is_refused(course):
    solution = course.root / "solutions" / "prefill" / "prefill.py"
    solution.write_text(solution.read_text().replace("# BEGIN SOLUTION\n", "").replace("# END SOLUTION\n", ""))
    with pytest.raises(ConfigError, match=re.escape("solutions/prefill/prefill.py: holds no")):
        student_files(course, course.lesson("prefill"))


def test_cli_check_exits_1_naming_the_line_and_writes_nothing(course, capsys):
    stub = course.root / "exercises" / "prefill" / "answers.toml"
    stub.write_text(stub.read_text().replace('flops = ""', 'flops = "1.4e13"'))
    before = stub.read_text()
    assert main(["--course", str(course.root), "stubs", "--check"]) == 1
    err = capsys.readouterr().err
    assert "exercises/prefill/answers.toml, line 6: has 'flops = \"1.4e13\"'" in err
    assert stub.read_text() == before
    assert main(["--course", str(course.root), "stubs"]) == 0
    assert main(["--course", str(course.root), "stubs", "--check", "--lesson", "prefill"]) == 0


def test_an_undecodable_solution_is_one_sentence(course):
    (course.root / "solutions" / "prefill" / "answers.toml").write_bytes(b"flops = \"\xff\"\n# BEGIN SOLUTION\n")
    with pytest.raises(ConfigError, match=re.escape("solutions/prefill/answers.toml: is not UTF-8 text")):
        find_drift(course, course.lesson("prefill"))


def test_an_unwritable_exercises_folder_is_a_usage_error(course, capsys):
    shutil.rmtree(course.root / "exercises" / "prefill")
    (course.root / "exercises" / "prefill").write_text("a file where the folder should be")
    assert main(["--course", str(course.root), "stubs"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grader: cannot write exercises/prefill/prefill.py") and len(err.splitlines()) == 1


def test_a_students_files_go_to_their_folder_with_their_numbers(tmp_path):
    from grader.authoring.exercises import student_files, write_stubs
    from grader.grading.variants import variants_for

    course = Course(ROOT)
    lesson = course.lesson("latency")
    variant = variants_for(course, lesson, ["bo"])["bo"]
    written = write_stubs(course, lesson, variant, tmp_path / "bo")
    assert sorted(p.name for p in written) == ["README.md", "answers.toml", "latency.ipynb", "latency.py"]
    answers = (tmp_path / "bo" / "answers.toml").read_text(encoding="utf-8")
    assert f"{variant.parameters['itl']}-second intervals" in answers
    assert answers != {f.path.name: f.text for f in student_files(course, lesson)}["answers.toml"]
    assert write_stubs(course, lesson, variant, tmp_path / "bo") == []  # the same id, the same files
