"""What the class did: per-task means and full-marks shares, a histogram of totals, and the
misconceptions the class holds.

Printed at the end of a batch so that the instructor sees at a glance which task the
class found hardest (the lowest mean share of its points is marked), how totals spread,
which misconceptions are most common on each task (counted from the diagnoses in the
reports, one per student, in the catalogue's short wording), and which submissions were
refused or failed, with the reason. Rendered with rich tables on a terminal
(``grader.terminal``) and as plain aligned text elsewhere (CI logs, files, pipes). The
same ``ClassSummary`` feeds the HTML class report (``grader.batch.class_report``).

The headline counts the class twice, and each count adds up to the number of students:
once by what the gradebook holds (graded, refused, failed) and once by what this run did
with each entry (``RUN_KINDS``: graded now, unchanged, refused, a conflict, failed, failed
while an earlier grade stays). Every entry is in exactly one category of each, so an
instructor can check that nobody was lost.

Student names and reasons come from the class folder (a file name may hold a newline, an
ESC, a bidi override) and from what a submission raised, so each is shown through
``grader.result.text.shown`` as one inert line, and the whole text, plain or rich, through
``ci_safe``: a CI log that prints the summary must not obey a line a student wrote (rich
drops BEL and CR, but would pass ESC and ``::error::`` through).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from grader import terminal
from grader.batch import integrity
from grader.batch.class_view import ClassView, gather
from grader.batch.integrity import AnswerJudge, ChoiceDifficulty, Match
from grader.result.text import ci_safe, shown

if TYPE_CHECKING:
    from rich.console import Console

MAX_LISTED = 10  # refused or failed submissions named one by one; the rest are counted
MAX_MISCONCEPTIONS = 3  # per task, in the printed summary (the class report lists them all)
BAR_WIDTH = 40
NAME_LIMIT = 120  # characters of a student's name in the list of problems
REASON_LIMIT = 300  # characters of the first line of a reason
WORDING_LIMIT = 100  # characters of a misconception's wording in the printed summary

# what this run did with each entry of the folder: every entry is exactly one of these
RUN_KINDS = ("graded", "unchanged", "refused", "conflict", "failed", "kept")
_RUN_WORDS = {"refused": "{} refused", "conflict": "{} refused as a conflict (several entries for one student)",
              "failed": "{} failed", "kept": "{} failed while an earlier grade stays"}


@dataclass(frozen=True)
class TaskSummary:
    id: str
    title: str
    max_score: float
    mean: float  # over graded submissions
    full_share: float  # the share of graded submissions with full marks on this task

    @property
    def mean_share(self) -> float:
        return self.mean / self.max_score if self.max_score else 1.0


@dataclass(frozen=True)
class Misconception:
    """One diagnosis on one task, with the students whose report shows it (each once)."""

    task: str
    code: str
    wording: str  # the catalogue's short wording (its ``when``), else the first sentence of the hint
    students: tuple[str, ...]  # sorted

    @property
    def count(self) -> int:
        return len(self.students)


@dataclass
class ClassSummary:
    lesson: str
    max_score: float
    tasks: list[TaskSummary]
    totals: list[float]  # of graded submissions
    run: dict[str, int] | None = None  # RUN_KINDS -> entries, when the summary ends a batch
    problems: list[tuple[str, str, str]] = field(default_factory=list)  # (student, status, reason)
    # status "kept": grading failed this run but an earlier grade of the student stays in the gradebook
    notes: list[str] = field(default_factory=list)  # what went wrong after grading (the CSV could not be written)
    misconceptions: list[Misconception] = field(default_factory=list)  # most students first
    title: str = ""  # the lesson's title, when known
    matches: list[Match] = field(default_factory=list)  # answers right for another's numbers (grader.batch.integrity)
    by_choice: list[ChoiceDifficulty] = field(default_factory=list)  # each varying question per parameter choice
    claimed: list[tuple[str, str]] = field(default_factory=list)  # (student, another id their submission names)
    view: ClassView = field(default_factory=ClassView)  # each row and graded report, for the class report
    # with a roster (grader.batch.roster): who is enrolled without a submission, which entries are no one enrolled
    missing: list[str] | None = None  # roster ids; None: no roster
    unmatched: list[str] = field(default_factory=list)  # gradebook students

    @property
    def graded_now(self) -> int:
        return (self.run or {}).get("graded", 0)

    @property
    def unchanged(self) -> int:
        return (self.run or {}).get("unchanged", 0)

    @property
    def counts(self) -> dict[str, int]:
        """The gradebook's partition of the class: graded, refused (status rejected), failed (error)."""
        statuses = [p[1] for p in self.problems]
        return {"graded": len(self.totals), "refused": statuses.count("rejected"), "failed": statuses.count("error")}

    @property
    def submissions(self) -> int:
        """How many students the summary is about: each is counted once in ``counts`` (and in ``run``)."""
        return sum(self.counts.values())

    @property
    def hardest(self) -> list[TaskSummary]:
        """The tasks with the lowest mean share of their points (ties are all hardest)."""
        if not self.tasks or not self.totals:
            return []
        low = min(t.mean_share for t in self.tasks)
        return [t for t in self.tasks if t.mean_share <= low + 1e-9]

    def histogram(self) -> list[tuple[str, int]]:
        """(bin label, count): one bin per point when the maximum is a small whole number, else ten."""
        top = self.max_score
        if top <= 0:
            return []
        if top == int(top) and top <= 25:
            counts = [0] * (int(top) + 1)
            for total in self.totals:
                counts[min(math.floor(total + 1e-9), int(top))] += 1
            return [(f"{i:g}", c) for i, c in enumerate(counts)]
        width = top / 10
        counts = [0] * 10
        for total in self.totals:
            counts[min(int(total / width), 9)] += 1
        return [(f"{i * width:.3g}–{(i + 1) * width:.3g}", c) for i, c in enumerate(counts)]


def summarize(lesson: str, tasks: list[tuple[str, str, float]], rows, *, run: dict[str, int] | None = None,
              kept: list[tuple[str, str]] = (), reports=(), wording: dict[str, str] | None = None,
              title: str = "", judge: AnswerJudge | None = None) -> ClassSummary:
    """A summary of gradebook ``rows`` (grader.gradebook.Row) for ``tasks`` ((id, title, max) in order).

    ``run``: what this run did with the entries (RUN_KINDS -> count); ``kept`` lists (student,
    reason) whose grading failed this run while an earlier grade stays; ``reports``: (student,
    report dict) of graded students, whose diagnoses are counted (``misconceptions``) in the
    catalogue's ``wording`` (code -> short wording). With ``judge`` (the lesson's comparison of answers),
    answers right for another student's numbers are found (``grader.batch.integrity``)."""
    graded = [r for r in rows if r.status == "graded"]
    summaries = []
    for task_id, task_title, top in tasks:
        scores = [r.tasks.get(task_id, 0.0) for r in graded]
        mean = sum(scores) / len(scores) if scores else 0.0
        full = sum(1 for s in scores if s >= top - 1e-9) / len(scores) if scores else 0.0
        summaries.append(TaskSummary(task_id, task_title, top, mean, full))
    problems = [(r.student, r.status, r.reason) for r in rows if r.status != "graded"]
    problems += [(student, "kept", reason) for student, reason in kept]
    graded_students = {r.student for r in graded}
    reports = [(s, r) for s, r in reports if s in graded_students]
    order = [t[0] for t in tasks]
    found = misconceptions(reports, order, wording)
    variants = integrity.graded_variants(reports)
    return ClassSummary(lesson, round(sum(t[2] for t in tasks), 6), summaries, [r.score or 0.0 for r in graded],
                        dict(run) if run is not None else None, problems, misconceptions=found,
                        title=shown(title, lines=False) if title else "",
                        matches=integrity.matches(variants, judge, order) if judge is not None else [],
                        by_choice=integrity.difficulty(variants, order), claimed=integrity.claims(reports),
                        view=gather(rows, reports, order))


def headline(summary: ClassSummary) -> str:
    """One line: how many submissions and how they stand; then what this run did with each.

    Both parts add up to the number of submissions (students): a failure that kept an
    earlier grade is graded in the first, "failed while an earlier grade stays" in the second."""
    counts = summary.counts
    parts = [f"{counts['graded']} graded"] + ([f"{counts['refused']} refused"] if counts["refused"] else []) \
        + ([f"{counts['failed']} failed (retried on the next run)"] if counts["failed"] else [])
    noun = "submission" if summary.submissions == 1 else "submissions"
    line = f"{summary.lesson}: {summary.submissions} {noun}, {', '.join(parts)}"
    if summary.run is None:
        return line
    run = summary.run
    this_run = [f"this run graded {run.get('graded', 0)}", f"{run.get('unchanged', 0)} unchanged since an earlier run"]
    this_run += [_RUN_WORDS[kind].format(run[kind]) for kind in RUN_KINDS[2:] if run.get(kind)]
    return f"{line}; {', '.join(this_run)}"


def render_plain(summary: ClassSummary, stream) -> None:
    lines: list[str] = []

    def write(line: str = "") -> None:
        lines.append(line)
    write(headline(summary))
    if summary.totals:
        width = max(len(t.id) for t in summary.tasks)
        write()
        write(f"{'task':<{width}}  {'max':>5}  {'mean':>6}  {'full marks':>10}")
        for task in summary.tasks:
            mark = "  <- hardest" if task in summary.hardest else ""
            write(f"{task.id:<{width}}  {task.max_score:>5g}  {task.mean:>6.2f}  {task.full_share:>10.0%}{mark}")
        mean = sum(summary.totals) / len(summary.totals)
        write(f"{'total':<{width}}  {summary.max_score:>5g}  {mean:>6.2f}  "
              f"{sum(1 for t in summary.totals if t >= summary.max_score - 1e-9) / len(summary.totals):>10.0%}")
        write()
        write(f"totals (out of {summary.max_score:g})")
        bins = summary.histogram()
        label_width = max(len(label) for label, _ in bins)
        peak = max(count for _, count in bins) or 1
        for label, count in bins:
            write(f"{label:>{label_width}} | {'█' * round(BAR_WIDTH * count / peak):<{BAR_WIDTH}} {count}")
    _misconceptions(summary, write)
    for line in integrity.lines(summary.matches, summary.by_choice, MAX_LISTED, summary.claimed):
        write(line)
    _problems(summary, write)
    stream.write(ci_safe("".join(line + "\n" for line in lines)))


def render_rich(summary: ClassSummary, console: Console) -> None:
    """The summary as rich tables, captured and written through ``ci_safe`` as a whole."""
    with console.capture() as captured:
        _rich(summary, console)
    console.file.write(ci_safe(captured.get()))
    console.file.flush()


def _rich(summary: ClassSummary, console: Console) -> None:
    from rich.table import Table

    console.print(f"[bold]{headline(summary)}[/bold]")
    if summary.totals:
        table = Table(title="per task", title_justify="left")
        for name, justify in (("task", "left"), ("max", "right"), ("mean", "right"), ("full marks", "right")):
            table.add_column(name, justify=justify)
        for task in summary.tasks:
            style = "bold red" if task in summary.hardest else None
            table.add_row(task.id + ("  (hardest)" if style else ""), f"{task.max_score:g}", f"{task.mean:.2f}",
                          f"{task.full_share:.0%}", style=style)
        console.print(table)
        bins = summary.histogram()
        peak = max(count for _, count in bins) or 1
        histogram = Table(title=f"totals (out of {summary.max_score:g})", title_justify="left", show_header=False,
                          box=None)
        histogram.add_column(justify="right")
        histogram.add_column()
        histogram.add_column(justify="right")
        for label, count in bins:
            histogram.add_row(label, f"[cyan]{'█' * round(BAR_WIDTH * count / peak)}[/cyan]", str(count))
        console.print(histogram)
    if summary.misconceptions:
        from rich.text import Text

        table = Table(title=_MISCONCEPTIONS_TITLE.format(len(summary.totals)), title_justify="left")
        for name, justify in (("task", "left"), ("students", "right"), ("misconception", "left"), ("code", "left")):
            table.add_column(name, justify=justify)
        for task, shown_items, more in _most_common(summary):
            for i, item in enumerate(shown_items):  # Text, never markup: a wording may come from a report
                table.add_row(Text(task if i == 0 else ""), str(item.count), Text(short(item.wording, WORDING_LIMIT)),
                              Text(shown(item.code, lines=False, limit=NAME_LIMIT), style="dim"))
            if more:
                table.add_row("", "", Text(_MORE.format(more)), "")
            table.add_section()
        console.print(table)
    for line in integrity.lines(summary.matches, summary.by_choice, MAX_LISTED, summary.claimed):
        console.print(line, markup=False, highlight=False)
    _problems(summary, lambda line: console.print(line, markup=False, highlight=False))


_MISCONCEPTIONS_TITLE = "most common misconceptions (students showing each, of {} graded)"
_MORE = "... and {} more (see the class report: --class-report FILE)"


def _most_common(summary: ClassSummary):
    """(task id shown, its most common misconceptions, how many more) for each task that has any."""
    for task in summary.tasks:
        found = [m for m in summary.misconceptions if m.task == task.id]
        if found:
            yield shown(task.id, lines=False, limit=NAME_LIMIT), found[:MAX_MISCONCEPTIONS], \
                max(0, len(found) - MAX_MISCONCEPTIONS)


def _misconceptions(summary: ClassSummary, write) -> None:
    """The most common misconceptions of each task, with how many students show each (``write(line)``)."""
    if not summary.misconceptions:
        return
    write("")
    write(_MISCONCEPTIONS_TITLE.format(len(summary.totals)))
    for task, items, more in _most_common(summary):
        write(f"  {task}")
        width = len(str(items[0].count))
        for item in items:
            code = shown(item.code, lines=False, limit=NAME_LIMIT)
            write(f"    {item.count:>{width}}  {short(item.wording, WORDING_LIMIT)} ({code})")
        if more:
            write(f"    {_MORE.format(more)}")


def _problems(summary: ClassSummary, write) -> None:
    """Every refused or failed submission, one inert line each (``write(line)``); then the notes."""
    if summary.problems:
        write("")
        write("not graded:")
    for student, status, reason in summary.problems[:MAX_LISTED]:
        label = {"rejected": "refused", "error": "failed", "kept": "failed, earlier grade kept"}[status]
        write(f"  {shown(student, lines=False, limit=NAME_LIMIT)} ({label}): {first_line(reason)}")
    if len(summary.problems) > MAX_LISTED:
        write(f"  ... and {len(summary.problems) - MAX_LISTED} more (see the gradebook)")
    _roster(summary, write)
    if summary.notes:
        write("")
    for note in summary.notes:
        write(shown(note, lines=False, limit=REASON_LIMIT))


def _roster(summary: ClassSummary, write) -> None:
    """With a roster: the enrolled students without a submission, then every entry that is no one enrolled."""
    if summary.missing is None:
        return
    for label, students, more in (("on the roster without a submission (missing)", summary.missing, "the export"),
                                  ("entries matching no student of the roster (kept, graded as they are)",
                                   summary.unmatched, "the CSV's on_roster column")):
        if not students:
            continue
        write("")
        write(f"{len(students)} {label}:")
        write("  " + ", ".join(shown(s, lines=False, limit=NAME_LIMIT) for s in students[:MAX_LISTED])
              + (f" ... and {len(students) - MAX_LISTED} more (see {more})" if len(students) > MAX_LISTED else ""))


def short(text: str, limit: int) -> str:
    """``text`` as one inert line of at most about ``limit`` characters: a closing aside in
    parentheses goes first (the wording stands without its example), then it is cut at a word with "…"."""
    line = shown(text, lines=False, limit=limit * 4)
    if len(line) > limit and line.endswith(")"):
        depth, start = 0, len(line) - 1
        while start > 0:
            depth += {")": 1, "(": -1}.get(line[start], 0)
            if depth == 0:
                break
            start -= 1
        if depth == 0 and start > 0:
            line = shown(line[:start].rstrip(" ,;:"), lines=False)
    if len(line) <= limit:
        return line
    cut = line[:limit].rsplit(" ", 1)[0] if " " in line[:limit] else line[:limit]
    return shown(cut.rstrip(" ,;:") + "…", lines=False)


def first_line(reason: str, limit: int = REASON_LIMIT) -> str:
    """A reason's first line as one inert line: what a summary or a CSV cell shows of it."""
    text = shown(reason, limit=limit * 4)  # CR, U+2028 and their kind become escapes: only a newline splits
    return shown(text.split("\n", 1)[0], lines=False, limit=limit)


def render(summary: ClassSummary, stream: TextIO) -> None:
    """Rich tables on a terminal, plain text elsewhere."""
    console = terminal.console(stream)
    if console is not None:
        render_rich(summary, console)
    else:
        render_plain(summary, stream)


def count_misconceptions(reports) -> Counter:
    """How many submissions show each misconception (once per submission, however many checks
    saw it). ``reports``: Reports or their ``to_dict()`` (what a gradebook keeps)."""
    counts: Counter = Counter()
    for report in reports:
        tasks = report["tasks"] if isinstance(report, dict) else [t.to_dict() for t in report.tasks]
        counts.update({code for task in tasks for code, _ in _diagnoses(task)})
    return counts


def misconceptions(reports, task_order=(), wording: dict[str, str] | None = None) -> list[Misconception]:
    """Each (task, diagnosis) with the students who show it, most students first (then in task
    order, then by code). ``reports``: (student, Report or its ``to_dict()``) pairs.

    A task's ``diagnoses`` say it once per student however many checks saw it; a report
    without that list (an older gradebook) gives its failing checks' ``diagnosis``."""
    holders: dict[tuple[str, str], set[str]] = {}
    hints: dict[str, str] = {}
    for student, report in reports:
        data = report if isinstance(report, dict) else report.to_dict()
        tasks = data.get("tasks") if isinstance(data, dict) else None
        for task in tasks if isinstance(tasks, list) else []:
            if not isinstance(task, dict) or not isinstance(task.get("id"), str):
                continue
            for code, hint in _diagnoses(task):
                holders.setdefault((task["id"], code), set()).add(student)
                hints.setdefault(code, hint)
    order = {task: i for i, task in enumerate(task_order)}
    wording = wording or {}
    found = [Misconception(shown(task, lines=False), shown(code, lines=False),
                           shown(wording.get(code) or _first_sentence(hints[code]) or code, lines=False),
                           tuple(sorted(students))) for (task, code), students in holders.items()]
    return sorted(found, key=lambda m: (-m.count, order.get(m.task, len(order)), m.task, m.code))


def wording(lesson) -> dict[str, str]:
    """Code -> the short wording of a lesson's catalogue (``when``: what the misconception does)."""
    return {entry.code: entry.when for entry in lesson.diagnoses}


def _diagnoses(task: dict) -> list[tuple[str, str]]:
    """(code, hint) of the diagnoses a task's dict holds, each once."""
    listed = task.get("diagnoses")
    if listed is None:
        checks = task.get("checks") if isinstance(task.get("checks"), list) else []
        listed = [c.get("diagnosis") for c in checks if isinstance(c, dict) and not c.get("passed")]
    found: dict[str, str] = {}
    for item in listed if isinstance(listed, list) else []:
        if isinstance(item, dict) and isinstance(item.get("code"), str) and item["code"]:
            hint = item.get("hint")
            found.setdefault(item["code"], hint if isinstance(hint, str) else "")
    return list(found.items())


def _first_sentence(text: str) -> str:
    """A hint's first sentence: the short wording of a diagnosis the lesson's catalogue does not hold."""
    first = text.split("\n", 1)[0]
    ends = [i for i in (first.find(". "), first.find("? "), first.find("! ")) if i >= 0]
    return (first[:min(ends) + 1] if ends else first).strip()
