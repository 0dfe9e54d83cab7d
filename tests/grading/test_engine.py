"""End to end: real submissions graded by grader.engine.grade against the real prefill suite."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.authoring.mutants import load_mutants, materialize
from grader.exceptions import SubmissionError
from grader.formats import claim_note
from grader.grading.engine import grade
from grader.lesson.course import Course

from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
SOLUTION = ROOT / "solutions" / "prefill"
STUBS = ROOT / "exercises" / "prefill"
CODE_TASKS = [t.id for t in LESSON.code_tasks]


def submission(tmp_path: Path, module: str | None = None, answers: str | None = None, **extra: str) -> Path:
    """The reference folder with some files replaced: the shape of most student mistakes."""
    folder = tmp_path / "prefill"
    shutil.copytree(SOLUTION, folder, ignore=shutil.ignore_patterns("__pycache__"))
    if module is not None:
        (folder / "prefill.py").write_text(module)
    if answers is not None:
        (folder / "answers.toml").write_text(answers)
    for name, text in extra.items():
        (folder / name.replace("__", ".")).write_text(text)
    return folder


def lost(report) -> set[str]:
    return {t.id for t in report.tasks if t.score < t.max_score}


def test_reference_scores_full_marks():
    report = grade(SOLUTION, course=COURSE)
    assert report.score == report.max_score == sum(t.points for t in LESSON.tasks)
    assert all(t.status == "passed" for t in report.tasks)


def test_stubs_score_zero_and_say_not_implemented():
    report = grade(STUBS, course=COURSE)
    assert report.score == 0
    for task in report.tasks:
        assert task.status == "failed"
        assert "not implemented yet" in task.feedback or "not answered yet" in task.feedback, task.id
        assert task.to_dict()["not_started"] is True, task.id  # the flag readers use (the class report), not words
    assert "not_started" not in grade(SOLUTION, course=COURSE).tasks[0].to_dict()


def test_stubs_rebound_at_run_time_are_never_called_not_implemented_when_their_checks_pass(tmp_path):
    reference = (SOLUTION / "prefill.py").read_text(encoding="utf-8")
    stubs = (STUBS / "prefill.py").read_text(encoding="utf-8")  # every function still `pass`, as the source reads
    finished = reference.replace("def ", "def done_")
    module = stubs + "\n\n" + finished + "\n\nglobals().update({name[5:]: value for name, value in list(globals()" \
        ".items()) if name.startswith('done_')})\n"
    report = grade(submission(tmp_path, module), course=COURSE)
    for task in report.tasks:
        if task.id in CODE_TASKS and task.score == task.max_score:
            assert "not implemented" not in task.feedback and not task.to_dict().get("not_started"), task.id
    assert {t.id for t in report.tasks if t.id in CODE_TASKS and t.score == t.max_score}  # some were graded full


def test_tasks_follow_the_manifest():
    report = grade(SOLUTION, course=COURSE)
    assert [t.id for t in report.tasks] == [t.id for t in LESSON.tasks]
    assert [t.max_score for t in report.tasks] == [t.points for t in LESSON.tasks]


@pytest.mark.parametrize("mutant", load_mutants(LESSON), ids=lambda m: m.name)
def test_each_mutant_loses_exactly_its_tasks(tmp_path, mutant):
    folder = materialize(mutant, LESSON, SOLUTION, tmp_path / "prefill")
    report = grade(folder, course=COURSE)
    assert lost(report) == mutant.fails
    for task in report.tasks:
        if task.id in mutant.fails:
            assert task.feedback, f"{task.id} lost points without saying why"


def test_import_error_zeroes_code_tasks_and_keeps_answers(tmp_path):
    source = (SOLUTION / "prefill.py").read_text() + "\nprint(causal_pairs(4)\n"  # outside every function
    report = grade(submission(tmp_path, module=source), course=COURSE)
    line = len(source.splitlines())
    for task_id in CODE_TASKS:
        task = report.task(task_id)
        assert task.score == 0 and task.status == "error"
        assert "SyntaxError" in task.feedback and f"line {line}" in task.feedback
        assert [d.code for d in task.diagnoses] == ["import.syntax-error"]
    assert all(report.task(t).score == 1 for t in ("hand_flops", "hand_seconds", "hand_pairs", "quiz"))


def test_a_syntax_error_inside_one_function_costs_that_function_only(tmp_path):
    source = (SOLUTION / "prefill.py").read_text().replace("def causal_pairs(P):", "def causal_pairs(P)")
    report = grade(submission(tmp_path, module=source), course=COURSE)
    line = source.splitlines().index("def causal_pairs(P)") + 1
    assert lost(report) == {"causal_pairs"}
    task = report.task("causal_pairs")
    assert task.status == "error" and [d.code for d in task.diagnoses] == ["import.syntax-error"]
    assert f"line {line}" in task.feedback and "expected ':'" in task.feedback
    assert "    def causal_pairs(P)\n" + " " * 23 + "^" in task.feedback  # the line, and the caret under the spot
    assert any("causal_pairs (line" in note and "refuses the whole file" in note for note in report.notes)


def test_exception_at_import_is_shown_with_its_line(tmp_path):
    source = (SOLUTION / "prefill.py").read_text() + "\nraise RuntimeError('half-finished exploration')\n"
    report = grade(submission(tmp_path, module=source), course=COURSE)
    feedback = report.task("prefill_flops").feedback
    assert "RuntimeError" in feedback and "half-finished exploration" in feedback
    assert f"line {len(source.splitlines())}" in feedback


def test_hang_and_exit_cost_only_their_own_tasks(tmp_path):
    source = (SOLUTION / "prefill.py").read_text()
    source = source.replace("    return P * (P + 1) // 2", "    while True:\n        pass")
    source = source.replace("    return np.tril(np.ones((P, P), dtype=bool))", "    import os\n    os._exit(7)")
    report = grade(submission(tmp_path, module=source), course=COURSE)
    assert lost(report) == {"causal_pairs", "causal_mask"}
    assert report.task("causal_pairs").score == 0
    assert "did not return within 5 s" in report.task("causal_pairs").feedback
    timed_out = [c.name for c in report.task("causal_pairs").checks if c.to_dict().get("timed_out")]
    assert timed_out and not any(c.to_dict().get("timed_out") for c in report.task("causal_mask").checks)
    assert "exited with status 7" in report.task("causal_mask").feedback


def test_submission_folder_files_cannot_touch_pytest(tmp_path):
    """A conftest.py, pytest.ini or sitecustomize.py beside prefill.py has no effect on the grade."""
    cheat = "import pytest\n@pytest.hookimpl(tryfirst=True)\ndef pytest_runtest_makereport(item, call):\n" \
            "    raise SystemExit('conftest ran')\n"
    folder = submission(tmp_path, module=(STUBS / "prefill.py").read_text(), answers="",
                        conftest__py=cheat, pytest__ini="[pytest]\naddopts = -p no:python\n",
                        sitecustomize__py="raise SystemExit('sitecustomize ran')\n")
    report = grade(folder, course=COURSE)
    assert report.score == 0
    assert all("not implemented yet" in report.task(t).feedback for t in CODE_TASKS)


def test_shadow_numpy_beside_the_module_is_not_imported(tmp_path):
    folder = submission(tmp_path, numpy__py="raise ImportError('shadowed numpy')\n")
    assert grade(folder, course=COURSE).score == LESSON_MAX


LESSON_MAX = sum(t.points for t in LESSON.tasks)


def test_single_module_file_grades_code_and_says_answers_are_missing(tmp_path):
    module = tmp_path / "prefill.py"
    shutil.copyfile(SOLUTION / "prefill.py", module)
    report = grade(module, course=COURSE)
    assert all(report.task(t).status == "passed" for t in CODE_TASKS)
    assert report.task("quiz").score == 0 and "no answers.toml" in report.task("quiz").feedback


def test_answers_only_folder_zeroes_code_tasks(tmp_path):
    folder = tmp_path / "prefill"
    folder.mkdir()
    shutil.copyfile(SOLUTION / "answers.toml", folder / "answers.toml")
    report = grade(folder, course=COURSE)
    assert report.score == 4
    assert "no prefill.py was handed in" in report.task("causal_mask").feedback


def test_unreadable_submissions_raise_submission_error(tmp_path):
    with pytest.raises(SubmissionError, match="no such file"):
        grade(tmp_path / "missing", lesson="prefill", course=COURSE)
    (tmp_path / "empty").mkdir()
    with pytest.raises(SubmissionError, match=re.escape("neither prefill.py nor answers.toml")):
        grade(tmp_path / "empty", lesson="prefill", course=COURSE)


def test_the_same_submission_always_gets_the_same_result(tmp_path):
    source = (SOLUTION / "prefill.py").read_text().replace("return 2 * N * P", "return 2 * N * P + (P % 2) * N")
    folder = submission(tmp_path, module=source)
    first, second = grade(folder, course=COURSE), grade(folder, course=COURSE)
    strip = lambda r: [(t.id, t.score, t.feedback) for t in r.tasks]  # noqa: E731
    assert strip(first) == strip(second)
    assert first.score < first.max_score


def test_lying_return_values_fail_their_checks(tmp_path):
    source = (SOLUTION / "prefill.py").read_text() + (
        "\nclass Liar(float):\n    def __eq__(self, other):\n        return True\n    __hash__ = float.__hash__\n"
        "\ndef causal_pairs(P):\n    return Liar(0)\n")
    report = grade(submission(tmp_path, module=source), course=COURSE)
    assert lost(report) == {"causal_pairs"}
    assert "returned an unsupported type" in report.task("causal_pairs").feedback


def test_the_submission_folder_is_left_untouched(tmp_path):
    source = (SOLUTION / "prefill.py").read_text() + "\nopen('scribble.txt', 'w').write('x')\n"
    folder = submission(tmp_path, module=source)
    before = sorted(p.name for p in folder.iterdir())
    grade(folder, course=COURSE)
    assert sorted(p.name for p in folder.iterdir()) == before


def test_an_instructor_solution_defines_the_differential_truth(tmp_path):
    """Differential checks read their expected values from the solutions given."""
    other = tmp_path / "solutions"
    shutil.copytree(SOLUTION, other)
    text = (other / "prefill.py").read_text().replace("return P * (P + 1) // 2", "return P * (P + 1) // 2 + (P > 500)")
    (other / "prefill.py").write_text(text)
    report = grade(SOLUTION, course=COURSE, solutions=other)
    assert lost(report) == {"causal_pairs", "causal_mask"}


def test_in_limited_mode_a_worker_gets_a_private_temporary_folder_that_goes_with_the_grade(tmp_path, monkeypatch):
    """Bubblewrap gives each worker a /tmp of its own; without it, the grade's folder holds one (TMPDIR)."""
    from grader.grading import engine
    from grader.sandbox import confine
    from grader.submission.files import Submission

    module = (SOLUTION / "prefill.py").read_text() + (
        "\n\ndef temporary():\n    import os, tempfile\n"
        "    open(os.path.join(tempfile.gettempdir(), 'left-behind'), 'w').close()\n"
        "    return [tempfile.gettempdir(), oct(os.stat(tempfile.gettempdir()).st_mode & 0o777)]\n")
    found = Submission.locate(submission(tmp_path, module), LESSON)
    monkeypatch.setenv("GRADER_SANDBOX", "limited")
    confine.current.cache_clear()
    grade_folder = tmp_path / "grade"
    grade_folder.mkdir()
    try:
        student = engine._start_student(found, LESSON, grade_folder)
        try:
            folder, mode = student.call("temporary")
        finally:
            student.close()
    finally:
        confine.current.cache_clear()
    assert (folder, mode) == (str(grade_folder / "t"), "0o700")  # not the machine's /tmp, shared with everyone
    assert (grade_folder / "t" / "left-behind").exists()  # engine.grade removes the grade's folder, this with it


# ------------------------------------------------------------ the canary: the sandbox is proved before anyone is blamed

@pytest.fixture
def flaky_sandbox(monkeypatch):
    """fail(which): the workers numbered ``which`` (1 = this grade's first) fail the grader's canary, as a worker
    that cannot switch to nobody does; this process's verdict starts afresh over two limited sandboxes."""
    from grader.exceptions import CanaryFailed
    from grader.sandbox import canary, confine
    from grader.sandbox.channel import WorkerChannel

    first, weaker = confine.Sandbox("limited", "first choice"), confine.Sandbox("limited", "weaker", stays=True)
    monkeypatch.setattr(confine, "current", lambda: first)
    monkeypatch.setattr(confine, "fallbacks", lambda box: [first, weaker])
    monkeypatch.setattr(canary, "_state", None)
    original, started = WorkerChannel.prove, []

    def fail(*which: int):
        def prove(channel):
            if channel not in started:
                started.append(channel)
            if started.index(channel) + 1 in which:
                channel.kill()
                raise CanaryFailed("[Errno 22] setgid(65534) failed: Invalid argument", switching=True, uid=65534)
            return original(channel)
        monkeypatch.setattr(WorkerChannel, "prove", prove)
        return started
    return fail


def test_a_sandbox_that_fails_the_canary_is_never_the_students_zero_the_grade_falls_back_and_says_so(
        tmp_path, flaky_sandbox):
    started = flaky_sandbox(1)
    report = grade(SOLUTION, course=COURSE)
    assert report.score == report.max_score and len(started) == 2
    assert report.sandbox == "limited (weaker)"
    assert report.sandbox_fallback == ("graded in limited mode with the worker staying root: the grader's canary "
                                       "failed in limited mode: [Errno 22] setgid(65534) failed: Invalid argument")
    again = grade(SOLUTION, course=COURSE)  # proved once: the process grades in it from now on, with its note
    assert again.score == again.max_score and again.sandbox_fallback == report.sandbox_fallback and len(started) == 3


def test_a_worker_that_cannot_start_in_the_middle_of_a_grade_is_the_graders_fault_not_a_zero(tmp_path, flaky_sandbox):
    from grader.exceptions import SandboxFailed

    module = (SOLUTION / "prefill.py").read_text() + (
        "\n\ndef causal_pairs(n):  # takes its whole worker down: the next task needs a new one\n"
        "    import os, signal\n    os.kill(os.getppid(), signal.SIGKILL)\n    os._exit(3)\n")
    started = flaky_sandbox(2)  # the first worker passes (the sandbox is proved); its replacement does not
    with pytest.raises(SandboxFailed) as stopped:
        grade(submission(tmp_path, module), course=COURSE)
    assert len(started) == 2
    assert str(stopped.value).startswith("a sandboxed worker could not run the grader's canary (a known-good module)")
    assert "setgid(65534) failed" in str(stopped.value) and "not the submission's" in str(stopped.value)


def test_a_forced_sandbox_that_fails_the_canary_stops_the_grade(tmp_path, flaky_sandbox, monkeypatch):
    from grader.exceptions import SandboxFailed
    from grader.sandbox import confine

    forced = confine.Sandbox("limited", "GRADER_SANDBOX=limited", forced=True)
    monkeypatch.setattr(confine, "current", lambda: forced)
    monkeypatch.setattr(confine, "fallbacks", lambda box: [forced])
    flaky_sandbox(1)
    with pytest.raises(SandboxFailed, match=r"^GRADER_SANDBOX=limited: the worker cannot switch to nobody inside "):
        grade(SOLUTION, course=COURSE)


def test_a_grade_that_starts_no_worker_proves_no_sandbox(tmp_path, flaky_sandbox):
    from grader.sandbox import canary

    flaky_sandbox()
    folder = tmp_path / "answers-only"
    folder.mkdir()
    shutil.copyfile(SOLUTION / "answers.toml", folder / "answers.toml")
    grade(folder, lesson="prefill", course=COURSE)  # no prefill.py: nothing ran, so nothing was proved
    assert not canary.settled()
    grade(SOLUTION, course=COURSE)
    assert canary.settled()


def test_a_module_the_grader_lacks_costs_only_the_functions_that_use_it(tmp_path):
    """A fresh worker (``grade`` alone, no fork server): matplotlib and a misspelled module get
    stand-ins; only causal_pairs, which plots, loses, its secret checks naming the module (a fact
    of the file); a helper module beside prefill.py is found, not stood in for; the report's
    field and note name the two modules."""
    source = (SOLUTION / "prefill.py").read_text(encoding="utf-8")
    source = "import matplotlib.pyplot as plt\nimport nunpy\nimport pairs_helper\n" + source.replace(
        "    return P * (P + 1) // 2\n", "    plt.plot([pairs_helper.ONE])\n    return P * (P + 1) // 2\n")
    report = grade(submission(tmp_path, source, pairs_helper__py="ONE = 1\n"), course=COURSE)
    assert lost(report) == {"causal_pairs"}
    pairs = report.for_audience("student").task("causal_pairs")
    assert [d.code for d in pairs.diagnoses] == ["import.module-unavailable"]
    assert pairs.feedback.startswith("causal_pairs uses matplotlib, which the grader's Python does not have.")
    secret = [c for c in pairs.checks if c.secret and not c.passed]
    # a call labelled with its size (the long prompts') says it: "... ModuleNotFoundError for a prompt of ...: it uses"
    assert secret and all(re.match(r"causal_pairs raised ModuleNotFoundError( for [^:]+)?: it uses matplotlib, which "
                                   "the grader's Python does not have", c.message) for c in secret)
    assert report.stand_ins == ("matplotlib", "nunpy") and report.to_dict()["stand_ins"] == ["matplotlib", "nunpy"]
    assert report.notes == ["prefill.py imports matplotlib and nunpy, which the grader's Python does not have (did "
                            "you mean numpy?): the grader put stand-ins in their place, so that the functions that do "
                            "not use them are graded as usual, and whatever uses them fails, naming them; a line "
                            "outside every function that needs them does nothing (a demo belongs under `if __name__ "
                            "== \"__main__\":`, which the grader does not run)."]


def test_answers_all_under_a_table_header_are_read_from_it_with_a_note(tmp_path):
    answers = '[answers]\nflops = "Answer: 1.4e13"\nseconds = "0.28 s"\npairs = "The answer is 10."\nquiz = "B"\n'
    report = grade(submission(tmp_path, answers=answers), course=COURSE)
    assert report.score == report.max_score
    assert report.notes == ["answers.toml gives answers under [answers], so they were read from there; answers go at "
                            "the top of the file, before any [header]"]


def test_the_worker_is_started_before_the_grader_imports_numpy_or_anything_it_can_do_without():
    """The worker imports numpy on one core while the grader does its own work on the other: the lesson's
    contract imported numpy first, and a grade waited for the worker's start-up. It is started into the
    empty folder the copy will be made in (it reads nothing before its hello), before the source is read;
    nor does a grade pay before that for what it may never use (the installed packages' metadata, read
    only to suggest a module name; hmac, for a random token)."""
    code = ("import sys\nfrom grader.sandbox import spawn\nseen = []\noriginal = spawn.SpawnedProcess.__init__\n"
            "def started(self, name, path, *a, **k):\n"
            "    seen.extend(m for m in ('numpy', 'pytest', 'importlib.metadata', 'hmac', 'grader.submission.source',"
            " 'grader.grading.answers') if m in sys.modules)\n"
            "    seen.extend(['copied'] if path.exists() else [])\n"
            "    original(self, name, path, *a, **k)\n"
            "spawn.SpawnedProcess.__init__ = started\nfrom grader.grading.engine import grade\n"
            "report = grade('solutions/prefill', 'prefill')\nassert report.score == report.max_score\nprint(seen)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_worker_started_for_a_grade_that_stops_before_the_copy_does_not_outlive_it(monkeypatch):
    from grader.grading import engine
    from grader.sandbox import spawn, stage

    started = []
    original = spawn.SpawnedProcess.__init__
    monkeypatch.setattr(spawn.SpawnedProcess, "__init__",
                        lambda self, *a, **k: (started.append(self), original(self, *a, **k))[1])

    def too_big(folder):
        raise SubmissionError(f"{folder}: too big")

    monkeypatch.setattr(stage, "check_size", too_big)
    with pytest.raises(SubmissionError, match="too big"):
        engine.grade(ROOT / "solutions" / "prefill", "prefill")
    assert len(started) == 1 and started[0].proc.poll() is not None  # started early, and ended with the grade


def test_an_id_written_in_the_submission_that_is_not_the_trusted_one_is_the_instructors_note(tmp_path):
    """A copied answers file often still names its first owner: kept for the instructor, never used, never
    in the student's copy; the trusted id alone says whose the submission is."""
    answers = (SOLUTION / "answers.toml").read_text()
    folder = submission(tmp_path / "claims", answers='student = "Alice"\n' + answers)
    report = grade(folder, course=COURSE, student="bob")
    plain = grade(submission(tmp_path / "plain"), course=COURSE, student="bob")
    assert report.score == plain.score  # neither penalised nor graded as Alice's: the note is the instructor's
    assert report.variant == plain.variant and report.variant.student == "bob"
    assert report.claimed_student == "Alice" and report.to_dict()["claimed_student"] == "Alice"
    assert "claimed_student" not in report.for_audience("student").to_dict()
    assert grade(folder, course=COURSE, student="ALICE").claimed_student == ""  # the same student, however typed
    assert grade(folder, course=COURSE).claimed_student == ""  # no trusted id: nothing to disagree with


def test_a_submission_naming_its_own_numbers_is_never_used_and_is_the_instructors_note(tmp_path):
    """variant/salt/seed or a parameter's key in the answers file, an id under a table, and a copy of
    Gradescope's submission_metadata.json among the files: none chooses the numbers, each is told
    to the instructor (grader.submission.claims), never to the student."""
    answers = (SOLUTION / "answers.toml").read_text()
    claims = 'variant = 0\nsalt = "2024-fall"\nseed = 1\nN = 1e9\nT = 3\n'
    folder = submission(tmp_path / "claims", answers=claims + answers + '\n[grading]\nstudent = "Alice"\n')
    (folder / "submission_metadata.json").write_text('{"users": [{"name": "Alice", "sid": "alice"}]}')
    report = grade(folder, course=COURSE, student="bob")
    plain = grade(submission(tmp_path / "plain"), course=COURSE, student="bob")
    assert report.score == plain.score and report.variant == plain.variant and report.variant.student == "bob"
    assert report.claimed_student == "Alice"
    for said in ("variant = 0", "salt = '2024-fall'", "seed = 1", "N = 1000000000.0", "T = 3",
                 "submission_metadata.json"):
        assert said in report.claimed_variant and said in claim_note(report), said
    assert "claimed_variant" in report.to_dict() and "claimed_variant" not in report.for_audience("student").to_dict()
    assert claim_note(report.for_audience("student")) == ""
    assert plain.claimed_variant == "" and claim_note(plain) == ""


def test_the_answers_as_written_go_to_the_instructors_report_only(tmp_path):
    report = grade(submission(tmp_path, answers='FLOPS = "1.4e13"\nseconds = 0.28\n'), course=COURSE)
    given = report.to_dict()["answers_given"]
    assert given == {"hand_flops": "1.4e13", "hand_seconds": 0.28}  # the key in other capitals too
    assert "answers_given" not in report.for_audience("student").to_dict()
