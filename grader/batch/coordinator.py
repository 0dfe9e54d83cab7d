"""Grading a whole class: ``grader batch SUBMISSIONS``, resumable and idempotent.

The coordinator (this module) reads the submissions folder (``grader.batch.entries``), freezes the
lesson it grades with (``grader.batch.snapshot``), asks the gradebook what is already graded,
hands the rest to an executor (local worker processes, or a Dask cluster) and writes each
result as it arrives, one transaction per result. It is the gradebook's only writer.

Why this order: a result is committed the moment it exists, so a batch killed at any
instant (SIGKILL included) has lost at most the grades in flight, and the next run skips
every submission whose content hash and suite version match its row. A student's JSON
report is written (atomically) *before* the row is committed: a kill between the two means
a regrade next run, never a row without its report.

Every step of one entry (its name, unzipping, hashing, grading, its report, its row) runs
inside one per-entry boundary (``_Entries``): whatever goes wrong becomes that entry's row
with a one-line reason and the batch goes on to write the CSV and the summary. What the
submission is or produced is the student's (``rejected``, final until it changes); a fault
of the grader or of its environment (an unexpected exception, a disk that cannot be
written) is ``error``: retried on the next run, never a zero, never replacing a grade. An
outcome's text is made inert (``grader.batch.jobs.neutralised``) the moment it arrives.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shutil
import sqlite3
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from grader import atomic
from grader.batch import entries, late, lms, renamed, submitted
from grader.batch import regrade as regrades
from grader.batch.class_report import student_pages
from grader.batch.class_report import write as write_class_report
from grader.batch.class_view import enrol
from grader.batch.exports import export
from grader.batch.exports import lines as export_lines
from grader.batch.gradebook import Gradebook, Row
from grader.batch.identity import identities
from grader.batch.integrity import LessonJudge
from grader.batch.jobs import Job, Outcome, neutralised, place
from grader.batch.progress import BatchProgress
from grader.batch.roster import Roster, missing_score
from grader.batch.snapshot import LessonSnapshot, content_hash
from grader.batch.summary import ClassSummary, render, summarize, wording
from grader.exceptions import GraderError, SubmissionError, UsageError
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.result.text import shown
from grader.submission.files import choose_lesson
from grader.submission.limits import MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES

EXECUTORS = ("local", "dask")
SLACK_SECONDS = 60  # on top of the lesson's own import and submission limits, before a worker is stopped


@dataclass
class BatchResult:
    lesson: str
    students: set[str] = field(default_factory=set)
    this_run: dict[str, str] = field(default_factory=dict)  # student -> what this run did (summary.RUN_KINDS)
    kept: list[tuple[str, str]] = field(default_factory=list)  # (student, reason): failed now, earlier grade kept
    unrecorded: list[tuple[str, str]] = field(default_factory=list)  # (student, reason): not even recorded
    notes: list[str] = field(default_factory=list)  # what failed after grading (the CSV export)
    summary: ClassSummary | None = None

    @property
    def graded_now(self) -> int:
        return sum(1 for kind in self.this_run.values() if kind == "graded")

    @property
    def unchanged(self) -> int:
        return sum(1 for kind in self.this_run.values() if kind == "unchanged")

    @property
    def complete(self) -> bool:
        """True when every student of the folder was graded or finally refused: no grading failed."""
        return (self.summary is not None and not self.notes
                and not any(p[1] in ("error", "kept") for p in self.summary.problems))


def pick_lesson(course: Course, lesson: str | None, found: dict[str, entries.Entry] | None = None) -> Lesson:
    """``--lesson``, else the lesson the entries' files name, by the rule ``grader grade`` applies to one
    submission (``choose_lesson``): entries whose files name no lesson follow the others; entries naming
    different lessons are a usage error; none naming one, the course's default lesson."""
    if lesson:
        return course.lesson(lesson)
    if len(course.lesson_ids()) < 2:
        return course.default_lesson()  # the only lesson (or the error that there is none)
    named: dict[str, list[str]] = {}
    for student, entry in (found or {}).items():
        if entry.path is not None:
            try:
                choice = choose_lesson(course, entry.path)
            except GraderError:  # files of several lessons: graded as the class's lesson, refused if they lack it
                continue
            if choice.from_files:
                named.setdefault(choice.lesson.id, []).append(student)
    if len(named) > 1:
        said = "; ".join(f"{lesson_id}: {', '.join(students[:3])}{', ...' if len(students) > 3 else ''}"
                         for lesson_id, students in sorted(named.items()))
        raise UsageError(f"the submissions are for several lessons ({said}): grade each lesson's with --lesson")
    if named:
        return course.lesson(next(iter(named)))
    try:
        return course.default_lesson()
    except UsageError as exc:
        raise UsageError(f"no submission's files say which lesson it is for, and {exc}") from None


def run_batch(folder: Path, course: Course, *, gradebook: Path, lesson: str | None = None, jobs: int = 2,
              reports: Path | None = None, csv: Path | None = None, solutions: Path | None = None,
              executor: str = "local", scheduler: str | None = None, regrade: bool = False,
              keep: str | None = None, session: str | None = None, class_report: Path | None = None, out=None,
              err=None, roster: Roster | None = None) -> BatchResult:
    """Grade every submission in ``folder`` that the gradebook does not already hold as it is.

    ``roster``: the class list (``grader.batch.roster``), kept in the gradebook for later exports and
    reports; without one, the gradebook's kept roster, if any, says who is missing.

    The entries are read (unzipped, hashed) first: which lesson they are for is in their files.
    The lesson's snapshot is taken before the gradebook opens: a wrong --solutions writes none."""
    out = out if out is not None else sys.stdout
    _check_options(folder, jobs, executor, scheduler, reports)
    if lesson:
        course.lesson(lesson)  # an unknown --lesson is said before anything is read
    missing = missing_score(course.course_file)  # a wrong course.toml too
    rules = late.read(course.course_file, course.lesson_ids())  # due dates and late policy (docs/class.md)
    ours = {Path(f"{gradebook}{suffix}") for suffix in ("", "-wal", "-shm", "-journal")} | {reports, csv,
                                                                                              class_report}
    with _scratch() as scratch, contextlib.ExitStack() as stack:
        found = _read_entries(folder, scratch, {p.resolve() for p in ours if p is not None}, keep)
        the_lesson = pick_lesson(course, lesson, found)
        if not lesson and len(course.lesson_ids()) > 1:
            print(f"grading lesson {the_lesson.id} (chosen as for 'grader grade': pass --lesson for another)",
                  file=out)
        snapshot = LessonSnapshot.take(course, the_lesson, solutions)
        if rules is not None:  # a wrong extension in the roster given: said before it is kept or anything graded
            rules.check(the_lesson.id, roster)
        book = stack.enter_context(Gradebook(gradebook))
        if roster is not None:
            book.store_roster(roster)
        roster = roster or book.roster()
        version = snapshot.version
        book.set_lesson(the_lesson.id, the_lesson.title, version,
                        [(t.id, t.title, t.points) for t in the_lesson.tasks])
        result = BatchResult(the_lesson.id)
        planner = _Entries(book, the_lesson.id, version, reports, result, scratch,
                           needs_id=the_lesson.parameters is not None)
        planner.marks = submitted.marks(folder, found, rules, the_lesson.id, roster)  # each one's lateness
        todo = planner.plan(found, regrades.start(book, the_lesson.id, version, regrade))  # a killed regrade resumes
        runner = _executor(executor, scheduler, snapshot, scratch, the_lesson, jobs, session)
        with BatchProgress(len(todo), f"grading {the_lesson.id}", stream=err) as progress:
            for outcome in runner.results(todo):
                progress.advance(planner.finish(outcome))
        regrades.finish(book, the_lesson.id, failed=bool({"failed", "kept"} & set(result.this_run.values())))
        try:  # every row of the folder under today's policy and extensions: an unchanged one too
            book.set_late(the_lesson.id, {s: planner.marks.get(s) for s in result.students})
        except sqlite3.Error as exc:
            result.notes.append(f"the late penalties were not all written ({exc}): rerun to write them")
        result.summary = _summary(book, result, the_lesson, roster)
        if csv is not None:
            try:
                export(book, csv, the_lesson.id, roster=roster, missing_score=missing)
            except (GraderError, OSError, sqlite3.Error) as exc:
                result.notes.append(f"the CSV export was not written: {exc}")
        result.summary.notes = result.notes
        if class_report is not None:
            try:
                links = student_pages(book, the_lesson.id, reports, class_report, result.summary) if reports else None
                write_class_report(result.summary, class_report, links)  # each name opens the student's page
            except (GraderError, OSError) as exc:
                result.notes.append(f"the class report was not written ({exc}); every grade is kept: "
                                    "'grader gradebook class-report --output FILE' writes it again")
    render(result.summary, out)
    return result


def _read_entries(folder: Path, scratch: Path, ignore: set[Path], keep: str | None) -> dict[str, entries.Entry]:
    """Every student's entry read (copied or unzipped into ``scratch``, hashed); one that could not be read
    for a reason of the grader's is a ``fault`` entry: its row says so, and the batch goes on.

    Every layout's names become keys by one rule (``entries.student_key``) and ids by one rule
    (``grader.batch.identity``, from the name as the layout gave it)."""
    listing = entries.scan(folder, ignore)
    exported = lms.export([source for sources in listing.values() for source in sources])
    found: dict[str, entries.Entry] = {}
    names: dict[str, str] = {}  # key -> the name as the layout gave it
    pieces: dict[str, tuple[Path, ...]] = {}  # key -> an export's files that make it (grader.batch.submitted)
    if exported is not None:  # an LMS's export (Canvas, Moodle, Blackboard): each student's parts, one submission
        keyed: dict[str, list[tuple[str, list[tuple[Path, str]]]]] = {}
        for group, parts in exported[1].items():
            keyed.setdefault(entries.student_key(group), []).append((group, parts))
        for student, groups in keyed.items():
            names[student] = groups[0][0]
            pieces[student] = tuple(path for _, group in groups for path, _ in group)
            if len(groups) > 1:  # two of the export's names are one once normalised: never one merged grade
                found[student] = entries.conflict(student, [parts[0][0] for _, parts in groups],
                                                 "their names are one student's once normalised: keep one")
            else:
                found[student] = _read_export(student, groups[0][1], scratch)
    for student, sources in listing.items() if exported is None else ():
        names[student] = entries.name_of(sources[0])
        try:
            found[student] = entries.prepare(student, sources, scratch, keep, copy=False)  # copied if graded: plan
        except Exception as exc:  # noqa: BLE001 - the grader's own fault, this entry's row
            found[student] = entries.Entry(student, sources[0], None, "", _fault("while reading this entry", exc),
                                          fault=True)
    ids = identities(folder, list(found), exported and exported[0], names)  # whose numbers (docs/class.md)
    return {student: dataclasses.replace(entry, identity=ids[student], layout=exported[0] if exported else "",
                                         parts=pieces.get(student, ())) for student, entry in found.items()}


def _read_export(student: str, parts: list[tuple[Path, str]], scratch: Path) -> entries.Entry:
    """One student's parts of an LMS's export as one entry: a lone zip or folder as it is, else a folder
    of their files under the names they gave them, zips among them opened (``grader.batch.lms.gather``),
    named in reports by its first. Either way a copy in ``scratch``, hashed as it is graded."""
    first = lms.main_part(parts)  # the module graded names it, never an answers.toml listed first
    try:
        lone = len(parts) == 1 and (first.suffix == ".zip" or (parts[0][1] == lms.FOLDER and not lms.holds_zip(parts)))
        if lone:
            return entries.prepare(student, [first], scratch, copy=False)  # copied if graded (_Entries.plan)
        gathered = lms.gather(entries.safe_stem(student), parts, scratch)
        return entries.Entry(student, first, gathered,
                            content_hash(gathered, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES))
    except SubmissionError as exc:
        return entries.Entry(student, first, None, "", shown(str(exc), lines=False))
    except Exception as exc:  # noqa: BLE001 - the grader's own fault, this entry's row
        return entries.Entry(student, first, None, "", _fault("while reading this entry", exc), fault=True)


class _Entries:
    """The per-entry boundary: whatever goes wrong with one entry (its name, its zip, its hash, its
    grade, its report, its row) becomes that entry's row with a one-line reason, and the batch goes on.

    Faults of the grader or its environment are status ``error`` (retried next run, never a
    student's zero, never replacing a grade); only the submission's own problems are ``rejected``.
    """

    def __init__(self, book: Gradebook, lesson: str, version: str, reports: Path | None, result: BatchResult,
                 scratch: Path, needs_id: bool = False):
        self.book, self.lesson, self.version, self.reports, self.result = book, lesson, version, reports, result
        self.scratch = scratch  # where each entry to grade is copied (entries.frozen)
        self.needs_id = needs_id  # the lesson gives each student their own numbers: an entry needs a student id
        self.sources: dict[str, tuple[str, str]] = {}  # student -> (the entry as shown, content hash)
        self.identities: dict[str, str] = {}  # student -> the id whose numbers grade them (grader.batch.identity)
        self.conflicts: set[str] = set()  # students with several entries in the folder
        self.marks: dict[str, late.Mark] = {}  # student -> their lateness, under a late policy (grader.batch.late)

    def plan(self, found: dict[str, entries.Entry], redo: set[str] | None) -> list[Job]:
        """The jobs still to grade; refusals found while reading the folder are recorded right away.
        ``redo``: students graded again whatever their row says (``grader.batch.regrade``); None: everyone."""
        known = self.book.known(self.lesson)
        if renamed.follow(self.book.db, self.lesson, known, found):  # a student's new entry name: one row still
            known = self.book.known(self.lesson)
        todo: list[Job] = []
        for student, entry in found.items():
            self.result.students.add(student)
            self.sources[student] = (entry.shown_source, "")
            if entry.conflict:
                self.conflicts.add(student)
            try:
                job = self._plan_one(student, entry, known.get(student), redo is None or student in redo)
            except Exception as exc:  # noqa: BLE001 - the grader's own fault, this entry's row
                self.record(Outcome(student, "error", reason=_fault("while reading this entry", exc),
                                    worker="coordinator"))
                continue
            if job is not None:
                todo.append(job)
        return todo

    def _plan_one(self, student: str, entry: entries.Entry, before, regrade: bool) -> Job | None:
        self.sources[student] = (entry.shown_source, entry.content_hash)
        self.identities[student] = entry.identity
        # a row of before variants ("") was graded with the lesson's numbers, as its suite version says
        unchanged = (not regrade and before is not None and entry.content_hash
                     and before.content_hash == entry.content_hash and before.suite_version == self.version
                     and before.status in ("graded", "rejected") and before.identity in ("", entry.identity))
        if unchanged:
            self.result.this_run[student] = "unchanged"
            if self.reports is not None and before.status == "graded":
                try:
                    self._restore_report(student)
                except Exception as exc:  # noqa: BLE001 - the grade stands; its report is missing
                    self.record(Outcome(student, "error", reason=_fault("while writing its report", exc),
                                        worker="coordinator"))
        elif entry.problem:
            self.record(Outcome(student, "error" if entry.fault else "rejected", reason=entry.problem,
                                worker="coordinator"))
        elif self.needs_id and not entry.identity:  # never graded with numbers that are not the student's
            self.record(Outcome(student, "rejected", worker="coordinator", reason=(
                f"{entry.shown_source}: its name gives no student id (an id is at most 1100 characters, with no "
                "control character), and each student is graded with their own numbers: rename the entry")))
        else:  # graded from a copy hashed as copied: a file changed from now on is the next run's (entries.frozen)
            entry = entries.frozen(entry, self.scratch)
            self.sources[student] = (entry.shown_source, entry.content_hash)
            if not entry.problem:
                return Job(student, entry.path, entry.content_hash, shown_as=entry.shown_source,
                           identity=entry.identity)
            self.record(Outcome(student, "error" if entry.fault else "rejected", reason=entry.problem,
                                worker="coordinator"))
        return None

    def finish(self, outcome: Outcome) -> Outcome:
        """Record one result (its report first, then its row), whatever it holds."""
        student = outcome.student
        try:
            outcome = neutralised(outcome)
            place(outcome, self.sources[student][0])
            if self.reports is not None and outcome.student_report:
                atomic.write(self.reports / entries.report_name(student), outcome.student_report)
        except Exception as exc:  # noqa: BLE001 - no report without its row, no row without its report
            outcome = Outcome(student, "error", reason=_fault("while writing its report", exc),
                              seconds=outcome.seconds, attempts=outcome.attempts, worker=outcome.worker)
            self.record(outcome)
        else:
            self.record(outcome, inert=True)
        return outcome

    def record(self, outcome: Outcome, inert: bool = False) -> bool:
        """Commit ``outcome`` as its student's row; False (and the summary says why) when it could not be.
        ``inert``: its text passed ``neutralised`` already (``finish``: a report's 700 strings, not twice)."""
        source, content_hash = self.sources.get(outcome.student, ("", ""))
        run = self.result.this_run
        try:
            if not self.book.record(self.lesson, self.version, source, content_hash,
                                    outcome if inert else neutralised(outcome),
                                    self.identities.get(outcome.student, ""), self.marks.get(outcome.student)):
                self.result.kept.append((outcome.student, outcome.reason))
                run[outcome.student] = "kept"
            else:
                run[outcome.student] = {"graded": "graded", "error": "failed"}.get(
                    outcome.status, "conflict" if outcome.student in self.conflicts else "refused")
            return True
        except Exception as exc:  # noqa: BLE001 - a full disk, a locked file: the batch goes on
            run[outcome.student] = "failed"
            self.result.unrecorded.append((outcome.student, f"{_first(outcome.reason) or outcome.status}; and the "
                                           f"gradebook could not record it ({type(exc).__name__}: {exc})"))
            return False

    def _restore_report(self, student: str) -> None:
        """An unchanged submission graded by an earlier run without --reports still gets its file."""
        target = self.reports / entries.report_name(student)
        if not target.exists():
            text = self.book.student_report(self.lesson, student)
            if text:
                atomic.write(target, text)


def _summary(book: Gradebook, result: BatchResult, lesson: Lesson, roster: Roster | None = None) -> ClassSummary:
    """The summary of this folder's rows, with the failures that not even the gradebook could keep; with a
    roster, who on it has no row and which rows are no one on it."""
    rows = {row.student: row for row in book.rows(result.lesson, result.students)}
    kept = list(result.kept)
    for student, reason in result.unrecorded:
        if student in rows and rows[student].status == "graded":
            kept.append((student, reason))
            result.this_run[student] = "kept"
        else:
            rows[student] = Row(student, "error", None, None, reason, {})
    summary = summarize(result.lesson, book.tasks(result.lesson), [rows[s] for s in sorted(rows)],
                        run=Counter(result.this_run.values()), kept=kept, title=lesson.title,
                        reports=book.reports(result.lesson, result.students), wording=wording(lesson),
                        judge=LessonJudge(lesson))
    if roster is not None:  # every row of the lesson: a student graded by an earlier run is not missing
        lines, summary.missing, summary.unmatched = export_lines(book.rows(result.lesson), roster)
        enrol(summary.view, lines)  # the class report's missing students and sections
    return summary


def _fault(doing: str, exc: BaseException) -> str:
    """The one-line reason of a fault of the grader (an unexpected exception) or of its environment."""
    if isinstance(exc, (GraderError, OSError)):  # a folder or a disk that cannot be written or read
        what = f"{exc}" if isinstance(exc, GraderError) else f"{exc.strerror or exc}"
        return f"failed {doing} ({what}); a fault of the environment, not of the submission: it will be tried again"
    return (f"internal error {doing} ({type(exc).__name__}: {exc}): a fault of the grader, not of the submission; "
            "it will be tried again on the next run")


def _first(text: str) -> str:
    return text.split("\n", 1)[0] if text else ""


@contextlib.contextmanager
def _scratch():
    """A private folder for unzipped submissions and the frozen lesson, removed whatever happens."""
    path = Path(tempfile.mkdtemp(prefix="grader-batch-"))
    try:
        yield path
    finally:
        with contextlib.suppress(Exception):  # a tree too odd to remove must not cost the summary
            shutil.rmtree(path, ignore_errors=True)


def _check_options(folder: Path, jobs: int, executor: str, scheduler: str | None, reports: Path | None) -> None:
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a folder of submissions")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if executor not in EXECUTORS:
        raise UsageError(f"unknown executor '{executor}' (choose from {', '.join(EXECUTORS)})")
    if executor == "dask" and not scheduler:
        raise UsageError("--executor dask needs --scheduler ADDRESS (e.g. tcp://scheduler:8786)")
    if executor != "dask" and scheduler:
        raise UsageError("--scheduler is for --executor dask")
    if reports is not None:
        try:  # an unwritable folder is found now, not after half the class
            reports.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--reports {reports}: cannot create the folder ({exc.strerror or exc})") from None


def _executor(name: str, scheduler: str | None, snapshot: LessonSnapshot, scratch: Path, lesson: Lesson,
              jobs: int, session: str | None):
    if name == "dask":
        from grader.batch.executors.dask import DaskExecutor

        return DaskExecutor(scheduler, snapshot)
    from grader.batch.executors.local import SESSION, LocalExecutor, WorkerConfig

    root = scratch / "course"
    snapshot.materialize(root)
    (scratch / "logs").mkdir()
    config = WorkerConfig(lesson.id, str(root), None, session=session or SESSION, log_dir=str(scratch / "logs"))
    return LocalExecutor(config, jobs, timeout=lesson.import_seconds + lesson.submission_seconds + SLACK_SECONDS)

