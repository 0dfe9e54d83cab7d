"""The corpus of students' code (tests/corpus/): its entries, graded, and how the grader does on them.

Shared by the harness (tests/e2e/test_corpus.py), which asserts every label, and by the
report (run this file: ``.venv/bin/python tests/graded_corpus.py [--entries]``), which
counts, per task, what the labels let one measure: wrong functions that score full marks
(false passes), right ones that lose points (false fails), and how many of the caught wrong
functions carry a diagnosis. An entry is a mutant (``grader.authoring.mutants``): it holds
the functions a student wrote, laid over the reference, and says in its header what it is.

A wrong entry counts once for each task it declares in ``# fails:`` (one wrong function
each); a right one once for its folder's task, and as a false fail on each task where it
loses points; a slow one (right, too slow for the lesson's sizes) is counted apart.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from grader.authoring.mutants import Mutant, load_mutants, materialize
from grader.authoring.parallel import SessionPool, processes_for
from grader.exceptions import ConfigError
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.result import Report

from paths import ROOT, TESTS

CORPUS = TESTS / "corpus"
LESSON = "prefill"


@dataclass(frozen=True)
class Entry:
    folder: str  # tests/corpus/<folder>/: the task it was written for (or a class of mistake, e.g. import)
    mutant: Mutant

    @property
    def id(self) -> str:
        return f"{self.folder}/{self.mutant.name}"

    @property
    def right(self) -> bool:
        """A correct solution (``# right:`` or ``# slow:``): it must not lose points for being wrong."""
        return not self.mutant.fails

    @property
    def slow(self) -> bool:
        return bool(self.mutant.slow)


def lesson() -> Lesson:
    return Course(ROOT).lesson(LESSON)


OWN_HARNESS = {"import"}  # graded in both sandbox modes by tests/e2e/test_corpus_import.py, hints per task


def entries(the_lesson: Lesson | None = None) -> list[Entry]:
    """Every entry of every folder of the corpus (but those with a harness of their own), folder by
    folder in name order."""
    the_lesson = the_lesson or lesson()
    return [Entry(folder.name, mutant) for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir())
            if not folder.name.startswith((".", "_")) and folder.name not in OWN_HARNESS
            for mutant in load_mutants(the_lesson, folder)]


def grade_all(the_entries: list[Entry], the_lesson: Lesson | None = None) -> dict[str, Report | ConfigError]:
    """Each entry's report (by ``Entry.id``), graded once as a student's submission; an entry that cannot
    be laid over the reference gets its ConfigError instead, and the rest are graded.

    Graded by ``grader validate``'s SessionPool (a few sessions at once, each report from
    ``GradingSession.grade``, whatever the order: tests/authoring/test_parallel.py): in one session, the
    corpus's 700 entries were a five-minute setup, the longest single stretch of ``make test``."""
    the_lesson = the_lesson or lesson()
    course = Course(ROOT)
    reference = course.solutions_dir(the_lesson)
    reports: dict[str, Report | ConfigError] = {}
    folders: dict[str, Path] = {}
    with (SessionPool(course, the_lesson, reference, processes_for(len(the_entries))) as pool,
          tempfile.TemporaryDirectory(prefix="corpus-") as tmp):
        for number, entry in enumerate(the_entries):
            try:
                folders[entry.id] = materialize(entry.mutant, the_lesson, reference,
                                                Path(tmp) / str(number) / the_lesson.id)
            except ConfigError as exc:
                reports[entry.id] = exc
        reports.update(zip(folders, pool.grade_all(list(folders.values())), strict=True))
    return {entry.id: reports[entry.id] for entry in the_entries}


def report_of(reports: dict[str, Report | ConfigError], entry: Entry) -> Report:
    """The entry's report; its ConfigError raised again, for the test of that entry alone."""
    report = reports[entry.id]
    if isinstance(report, ConfigError):
        raise report
    return report


def full(report: Report, task: str) -> bool:
    result = next(t for t in report.tasks if t.id == task)
    return result.score >= result.max_score


@dataclass
class Figures:
    """One task's row of the report."""

    wrong: int = 0  # wrong functions (entry, declared task)
    false_passes: int = 0  # of those, full marks
    caught: int = 0  # of those, losing points
    diagnosed: int = 0  # of the caught, carrying any diagnosis on that task
    right: int = 0  # right entries written for this task
    false_fails: int = 0  # right entries (any folder) losing points on this task
    slow: int = 0  # slow-but-right entries written for this task


def figures(the_entries: list[Entry], reports: dict[str, Report], tasks: list[str]) -> dict[str, Figures]:
    rows = {task: Figures() for task in tasks}
    for entry in the_entries:
        report = reports[entry.id]
        if isinstance(report, ConfigError):
            continue
        if entry.slow:
            rows.setdefault(entry.folder, Figures()).slow += 1
            continue
        if entry.right:
            rows.setdefault(entry.folder, Figures()).right += 1
            for task in report.tasks:
                if task.score < task.max_score:
                    rows.setdefault(task.id, Figures()).false_fails += 1
            continue
        for task_id in sorted(entry.mutant.fails):
            row = rows.setdefault(task_id, Figures())
            row.wrong += 1
            if full(report, task_id):
                row.false_passes += 1
            else:
                row.caught += 1
                task = next(t for t in report.tasks if t.id == task_id)
                row.diagnosed += bool(task.diagnoses)
    return rows


def table(rows: dict[str, Figures]) -> str:
    head = ("task", "wrong fns", "full marks", "caught", "diagnosed", "right", "false fails", "slow")
    lines = [head]
    total = Figures()
    for task, row in rows.items():
        if not any(vars(row).values()):
            continue
        lines.append((task, *(str(v) for v in vars(row).values())))
        for key, value in vars(row).items():
            setattr(total, key, getattr(total, key) + value)
    lines.append(("total", *(str(v) for v in vars(total).values())))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    return "\n".join("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in
                               enumerate(zip(line, widths, strict=True))) for line in lines)


def listing(the_entries: list[Entry], reports: dict[str, Report]) -> str:
    """One line per entry: its label, what the grader did, and the diagnoses it gave."""
    out = []
    for entry in the_entries:
        report = reports[entry.id]
        if isinstance(report, ConfigError):
            out.append(f"UNREADABLE {entry.id}: {report}")
            continue
        lost = [f"{t.id} {t.score:g}/{t.max_score:g}" for t in report.tasks if t.score < t.max_score]
        codes = Counter(d.code for t in report.tasks for d in t.diagnoses)
        label = "slow" if entry.slow else "right" if entry.right else "fails " + ",".join(sorted(entry.mutant.fails))
        false_pass = [t for t in entry.mutant.fails if full(report, t)]
        flag = "FALSE PASS " if false_pass else "FALSE FAIL " if entry.right and lost and not entry.slow else ""
        out.append(f"{flag}{entry.id} [{label}] lost: {', '.join(lost) or 'nothing'}; "
                   f"diagnoses: {', '.join(codes) or 'none'}")
        wanted = entry.mutant.expect or (f"(no diagnosis: {entry.mutant.no_diagnosis})"
                                         if entry.mutant.no_diagnosis else "")
        if wanted:
            out.append(f"    expect: {wanted}")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    the_lesson = lesson()
    the_entries = entries(the_lesson)
    reports = grade_all(the_entries, the_lesson)
    print(f"The corpus: {len(the_entries)} entries in {CORPUS}\n")
    print(table(figures(the_entries, reports, [t.id for t in the_lesson.code_tasks])))
    if "--entries" in argv:
        print()
        print(listing(the_entries, reports))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
