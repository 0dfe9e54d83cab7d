"""grader.batch.regrade: a dry run that lists exactly whose grade changes, and a regrade that finishes after SIGKILL.

Real submissions graded by the real session in local workers. The slow one is the kill test (two batches
killed with SIGKILL and resumed, about 40 s).
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from grader.batch import history, regrade
from grader.batch.coordinator import run_batch
from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Outcome
from grader.cli import main
from grader.lesson.course import Course

from class_folder import place
from mutated import mutant_module
from paths import ROOT

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def graded(student: str, flops: float = 2.0, mask: float = 3.0, codes: tuple[str, ...] = ()) -> Outcome:
    return Outcome(student, "graded", seconds=0.1, student_report="{}", report={
        "score": flops + mask, "max_score": 5.0,
        "tasks": [{"id": "flops", "score": flops, "max_score": 2.0, "status": "failed",
                   "diagnoses": [{"code": code} for code in codes]},
                  {"id": "mask", "score": mask, "max_score": 3.0, "status": "passed"}]})


def test_a_regrade_under_way_is_resumed_by_a_plain_run_then_forgotten(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as book:
        book.set_lesson("prefill", "Prefill", "v1", TASKS)
        for student in ("alice", "bob", "carol"):
            book.record("prefill", "v1", f"{student}.py", "h", graded(student))
        assert regrade.start(book, "prefill", "v1", regrade=False) == set()  # no regrade under way: nobody
        assert regrade.start(book, "prefill", "v1", regrade=True) is None  # a new --regrade: everyone
        run = regrade.under_way(book, "prefill")["run"]
        book.record("prefill", "v1", "alice.py", "h", graded("alice"))  # the regrade reached alice, then was killed
        assert regrade.start(book, "prefill", "v1", regrade=False) == {"bob", "carol"}
        assert regrade.under_way(book, "prefill")["run"] == run  # a plain run continues it, it starts none
        regrade.finish(book, "prefill", failed=True)  # a failure keeps it open
        assert regrade.start(book, "prefill", "v1", regrade=False) == {"bob", "carol"}
        regrade.finish(book, "prefill", failed=False)
        assert regrade.under_way(book, "prefill") is None
        assert regrade.start(book, "prefill", "v1", regrade=False) == set()
        assert [e.run for e in history.entries(book.db, "prefill", "alice")] == ["", run]


def test_the_diff_lists_who_changes_with_tasks_and_diagnoses_and_counts_the_rest(tmp_path):
    with Gradebook(tmp_path / "old.sqlite") as old, Gradebook(tmp_path / "new.sqlite") as new:
        for book in (old, new):
            book.set_lesson("prefill", "Prefill", "v1", TASKS)
        old.record("prefill", "v1", "a.py", "h", graded("alice", flops=0.0, codes=("forgot-2",)))
        new.record("prefill", "v2", "a.py", "h", graded("alice", flops=2.0))
        old.record("prefill", "v1", "b.py", "h", graded("bob", mask=1.0))
        new.record("prefill", "v2", "b.py", "h", graded("bob", mask=1.0, codes=("=new-code",)))
        old.record("prefill", "v1", "c.py", "h", graded("carol"))
        new.record("prefill", "v2", "c.py", "h", graded("carol"))
        old.record("prefill", "v1", "d.py", "h", graded("dan"))
        new.record("prefill", "v2", "d.py", "h", Outcome("dan", "rejected", reason="unreadable"))
        found = regrade.diff(old, new, "prefill", {"alice", "bob", "carol", "dan"})
    assert found.unchanged == 1
    assert [(c.student, c.old_total, c.new_total, c.tasks, c.gained, c.lost) for c in found.changes] == [
        ("alice", 3.0, 5.0, (("flops", 0.0, 2.0),), (), ("flops:forgot-2",)),
        ("bob", 3.0, 3.0, (), ("flops:=new-code",), ()),
        ("dan", 5.0, 0.0, (("flops", 2.0, None), ("mask", 3.0, None)), (), ())]
    regrade.write_csv(found, tmp_path / "diff.csv")
    with (tmp_path / "diff.csv").open(newline="") as stream:
        table = list(csv.DictReader(stream))
    assert [(r["student"], r["old_total"], r["new_total"], r["change"], r["tasks"]) for r in table] == [
        ("alice", "3", "5", "+2", "flops 0 -> 2"), ("bob", "3", "3", "+0", ""),
        ("dan", "5", "0", "-5", "flops 2 -> ; mask 3 -> ")]
    assert table[1]["diagnoses_gained"] == "flops:=new-code"  # mid-cell: not a formula
    assert (table[2]["old_status"], table[2]["new_status"]) == ("graded", "refused")
    out = io.StringIO()
    regrade.render(found, tmp_path / "diff.csv", out)
    assert "3 students' grades would change, 1 unchanged; nothing was applied" in out.getvalue()
    assert "  alice: 3 -> 5; flops 0 -> 2; loses flops:forgot-2" in out.getvalue()


# -- a real class -----------------------------------------------------------------------------------------

COURSE = Course(ROOT)
REFERENCE, STUBS = ROOT / "solutions" / "prefill", ROOT / "exercises" / "prefill"


def own_course(tmp_path: Path) -> Course:
    """A copy of the course whose suite a test may change (as an instructor fixing a check would)."""
    root = tmp_path / "course"
    for tree in ("suites", "solutions"):
        shutil.copytree(ROOT / tree, root / tree, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "course.toml", root / "course.toml")  # the term's salt
    return Course(root)


def make_class(folder: Path, count: int) -> None:
    sources = [REFERENCE, STUBS, *(mutant_module(COURSE.lesson("prefill"), name, REFERENCE)
                                   for name in ("forgot_factor_2", "transposed_mask", "pairs_off_by_one"))]
    folder.mkdir()
    for i in range(count):
        place(sources[i % len(sources)], folder, f"s{i:03d}", zipped=i % 3 == 2)


def relax_the_shape_check(course: Course) -> None:
    """The instructor "fixes" a check: test_shape_and_dtype now passes whatever the mask is."""
    suite = course.root / "suites" / "prefill" / "test_causal_mask.py"
    text = suite.read_text()
    marker = '    """A (P, P) numpy array of dtype bool."""\n'
    assert marker in text
    suite.write_text(text.replace(marker, marker + "    return\n"))


def totals(book: Path) -> dict[str, tuple]:
    with sqlite3.connect(book) as db:
        return {r[0]: r[1:] for r in db.execute("SELECT student, status, score, suite_version FROM submissions")}


def counts(book: Path) -> tuple:
    with sqlite3.connect(book) as db:
        return (db.execute("SELECT count(*) FROM history").fetchone()[0],
                db.execute("SELECT count(*) FROM settings").fetchone()[0])


def test_the_dry_run_lists_exactly_the_students_a_regrade_changes_and_applies_nothing(tmp_path, capsys):
    course = own_course(tmp_path)
    folder = tmp_path / "class"
    make_class(folder, 5)
    book = tmp_path / "gb.sqlite"
    run_batch(folder, course, lesson="prefill", gradebook=book, jobs=2, out=io.StringIO())
    relax_the_shape_check(course)
    before, kept = totals(book), counts(book)

    assert main(["--course", str(course.root), "batch", str(folder), "--lesson", "prefill", "--jobs", "2",
                 "--gradebook", str(book), "--dry-run"]) == 0
    said = capsys.readouterr().out
    assert (totals(book), counts(book)) == (before, kept)  # nothing applied: no row, no entry, no marker
    with regrade.default_path(book).open(newline="") as stream:
        listed = {row["student"]: (float(row["old_total"]), float(row["new_total"])) for row in csv.DictReader(stream)}

    run_batch(folder, course, lesson="prefill", gradebook=book, jobs=2, out=io.StringIO())  # the real regrade
    after = totals(book)
    changed = {s: (before[s][1], after[s][1]) for s in before if abs(before[s][1] - after[s][1]) > 1e-9}
    assert changed and len(changed) < len(before)  # the fix matters to some students, not to all
    assert listed == {s: (round(a, 2), round(b, 2)) for s, (a, b) in changed.items()}  # exactly those, both totals
    assert f"{len(changed)} students' grades would change, {len(before) - len(changed)} unchanged" in said
    assert all(f"  {student}: " in said for student in changed)
    assert main(["--course", str(course.root), "batch", str(folder), "--gradebook", str(book), "--dry-run",
                 "--csv", str(tmp_path / "x.csv")]) == 2
    assert "--dry-run applies nothing" in capsys.readouterr().err


def _regraded(book: Path, suite: str | None = None) -> int:
    """Rows a running regrade has written: of the new suite version, or of the run under way."""
    with sqlite3.connect(f"file:{book}?mode=ro", uri=True, timeout=5) as db:
        if suite is not None:
            return db.execute("SELECT count(*) FROM submissions WHERE suite_version = ?", (suite,)).fetchone()[0]
        marker = db.execute("SELECT value FROM settings WHERE key = 'regrade:prefill'").fetchone()
        if marker is None:
            return 0
        return db.execute("SELECT count(*) FROM history WHERE run = ?", (json.loads(marker[0])["run"],)).fetchone()[0]


def _kill_midway(command: list[str], cwd: Path, written) -> None:
    """Start ``command`` in a session of its own, wait until ``written()`` says 3 rows are regraded, SIGKILL
    its whole process group (the coordinator and its workers)."""
    batch = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             start_new_session=True)
    group = os.getpgid(batch.pid)
    assert group > 0
    deadline = time.monotonic() + 120
    done = 0
    while done < 3 and time.monotonic() < deadline and batch.poll() is None:
        try:
            done = written()
        except sqlite3.OperationalError:
            pass
        time.sleep(0.005)
    os.killpg(group, signal.SIGKILL)
    assert batch.wait(timeout=30) == -signal.SIGKILL, batch.stderr.read().decode()


def test_a_regrade_killed_with_sigkill_is_finished_by_the_next_plain_run(tmp_path):
    course = own_course(tmp_path)
    folder = tmp_path / "class"
    size = 15
    make_class(folder, size)
    book = tmp_path / "gb.sqlite"
    run_batch(folder, course, lesson="prefill", gradebook=book, jobs=2, out=io.StringIO())
    old = {v[2] for v in totals(book).values()}
    relax_the_shape_check(course)
    plain = [sys.executable, "-m", "grader", "--course", str(course.root), "batch", str(folder), "--lesson",
             "prefill", "--jobs", "2", "--gradebook", str(book)]

    # 1. after a change of the suite: killed part way, a plain run finishes it
    _kill_midway([*plain, "--regrade"], tmp_path, lambda: _regraded(book, suite=None))
    rows = totals(book)
    (new,) = {v[2] for v in rows.values()} - old
    survivors = sum(1 for v in rows.values() if v[2] == new)
    assert 3 <= survivors < size, "the kill came too late to test anything"
    resumed = subprocess.run(plain, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert f"this run graded {size - survivors}, {survivors} unchanged" in resumed.stdout
    assert {v[2] for v in totals(book).values()} == {new}  # every row of the new suite
    with Gradebook(book) as opened:
        for student in totals(book):
            versions = [e.suite_version for e in history.entries(opened.db, "prefill", student)]
            assert versions[0] in old and versions[1:] == [new], (student, versions)  # both versions, each once
        assert regrade.under_way(opened, "prefill") is None  # finished: forgotten

    # 2. --regrade with the suite unchanged: the rows it did not reach still match; it must finish all the same
    _kill_midway([*plain, "--regrade"], tmp_path, lambda: _regraded(book))
    with Gradebook(book) as opened:
        run = regrade.under_way(opened, "prefill")["run"]
        reached = history.done_in(opened.db, "prefill", run)
    assert 3 <= len(reached) < size, "the kill came too late to test anything"
    resumed = subprocess.run(plain, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert f"this run graded {size - len(reached)}, {len(reached)} unchanged" in resumed.stdout
    with Gradebook(book) as opened:
        assert history.done_in(opened.db, "prefill", run) == set(totals(book))  # everyone, by that regrade
        assert regrade.under_way(opened, "prefill") is None
        assert all(len([e for e in history.entries(opened.db, "prefill", s) if e.run == run]) == 1
                   for s in totals(book))  # nobody graded twice by it
    again = subprocess.run(plain, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert f"this run graded 0, {size} unchanged" in again.stdout
