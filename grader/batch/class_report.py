"""The class report: one self-contained HTML page about a whole class, for its instructor.

``grader batch ... --class-report FILE`` writes it at the end of a batch, and ``grader
gradebook class-report --output FILE`` from a gradebook afterwards (the gradebook keeps every
student's report). It shows what the printed summary (``grader.batch.summary``) says, drawn:
the histogram of totals, each task's difficulty (the mean score and the share of full marks,
the hardest marked), the misconceptions ranked by how many students show them with every
student reachable, and every refused or failed entry with its reason. It reads the same
``ClassSummary`` as the printed summary, so the two cannot disagree.

For the Monday after a deadline it also says who needs help (``grader.batch.needs_help``), each
task's distribution of scores, the item analysis of every check (``grader.batch.item_analysis``),
sections side by side and missing and late students when the rows carry them
(``grader.batch.class_view``), drawn by ``grader.batch.class_parts``. With a ``reports`` folder,
``from_gradebook`` also writes each student's HTML report there and every name links to it.

It names students, so it is for the instructor only, never a student's artifact. Like the
student report (``grader.formats.html``, whose style and policy it shares) it fetches
nothing and runs nothing: inline CSS, no scripts, a Content-Security-Policy that forbids
every fetch. Student names, reasons and notes come from the class folder and from what
submissions raised: each passes ``shown`` (one inert line, bounded) and is HTML-escaped
into a text node, never into an attribute or a tag.
"""

from __future__ import annotations

import statistics
from html import escape
from pathlib import Path

from grader import atomic
from grader.batch import class_parts
from grader.batch.class_parts import names, text
from grader.batch.class_view import enrol
from grader.batch.exports import lines
from grader.batch.gradebook import Gradebook
from grader.batch.integrity import MAX_NAMED, LessonJudge, sources, whose
from grader.batch.item_analysis import analyse
from grader.batch.needs_help import needs_help
from grader.batch.override_report import overrides_part
from grader.batch.student_pages import write_pages
from grader.batch.summary import REASON_LIMIT, ClassSummary, first_line, headline, summarize, wording
from grader.exceptions import GraderError, UsageError
from grader.formats._common import fraction, markup_text, points
from grader.formats.html import CSS as REPORT_CSS
from grader.formats.html import POLICY

MAX_EXAMPLES = class_parts.MAX_EXAMPLES  # students named per misconception; the rest fold into <details>
MAX_MISCONCEPTIONS = 200
MAX_PROBLEMS = 1000  # refused or failed entries listed one by one; the rest are counted
HISTOGRAM_HEIGHT = 12  # rem, the tallest column

CSS = REPORT_CSS + class_parts.CSS + """
main { max-width: 72rem; }
.audience { display: inline-block; font-size: .8rem; font-weight: 600; color: var(--part); border: 1px solid;
            border-radius: .25rem; padding: 0 .4rem; margin-left: .5rem; vertical-align: middle; }
.stats { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
.stat { background: #fff; border: 1px solid var(--off); border-radius: .375rem; padding: .5rem 1rem;
        min-width: 8rem; }
.stat b { display: block; font-size: 1.6rem; }
.histogram { display: flex; align-items: flex-end; gap: .35rem; background: #fff; border: 1px solid var(--off);
             border-radius: .375rem; padding: 1rem 1rem .5rem; }
.histogram .column { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: flex-end;
                     min-width: 1.5rem; }
.histogram .count { font-size: .8rem; color: var(--muted); }
.histogram .column-bar { width: 100%; background: var(--blue); border-radius: 3px 3px 0 0; }
.histogram .label { font-size: .8rem; border-top: 1px solid var(--muted); width: 100%; text-align: center; }
table.tasks td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.hardest td { background: #fef2f2; }
.tag { font-size: .75rem; font-weight: 700; color: var(--bad); margin-left: .4rem; }
td.holders { min-width: 9rem; }
td.holders small { white-space: nowrap; }
.share { display: flex; align-items: center; gap: .5rem; }
.share .bar { flex: 1; }
.bar.holders > span { background: var(--part); }
ul.names { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem; }
ul.names li { background: #f3f4f6; border-radius: .25rem; padding: 0 .4rem; font-size: .875rem; }
td.reason { font-size: .9rem; }
tr.problem.rejected .status { color: var(--bad); }
tr.problem.error .status, tr.problem.kept .status { color: var(--part); }
"""
STATUS_WORDS = {"rejected": "refused", "error": "failed", "kept": "failed, earlier grade kept"}


def write(summary: ClassSummary, path: Path, links: dict[str, str] | None = None) -> None:
    """Write the class report of ``summary`` to ``path`` (atomically: a reader never sees half a page).
    ``links``: student -> the relative path of their own report, which each name then links to."""
    atomic.write(Path(path), render(summary, links))


def from_gradebook(gradebook: Path, output: Path, lesson: str | None = None, course=None,
                   reports: Path | None = None) -> int:
    """Write the class report of ``lesson`` (the gradebook's only one by default) from what ``gradebook``
    holds; return how many students it is about. ``course``, when there is one, words the misconceptions
    in its catalogue's terms; without it they are worded by the first sentence of their hint. ``reports``:
    a folder to write each graded student's HTML report in (``<student>.html``), linked from every name."""
    links = None
    with Gradebook(gradebook, create=False) as book:
        lesson_id = book.pick_lesson(lesson)
        known = None
        if course is not None:
            try:
                known = course.lesson(lesson_id)
            except GraderError:  # a lesson the course no longer has (or cannot read): graded all the same
                known = None
        summary = summarize(lesson_id, book.tasks(lesson_id), book.rows(lesson_id), reports=book.reports(lesson_id),
                            wording=wording(known) if known else None, title=known.title if known else "",
                            judge=LessonJudge(known) if known else None)
        roster = book.roster()  # the one 'grader batch --roster' kept: who is missing, each one's section
        if roster is not None:
            enrol(summary.view, lines(book.rows(lesson_id), roster)[0])
        if reports is not None:
            links = student_pages(book, lesson_id, Path(reports), Path(output), summary)
    write(summary, output, links)  # a file that cannot be written is a UsageError naming it
    return summary.submissions


def student_pages(book: Gradebook, lesson_id: str, reports: Path, output: Path, summary: ClassSummary) -> dict:
    """Each graded student's HTML report written in ``reports`` (``<student>.html``, the scores a person set
    first), and student -> its path relative to the class report ``output``, for every name to link to: from
    ``gradebook class-report --reports`` and from a batch given both ``--reports`` and ``--class-report``."""
    rows = book.rows(lesson_id)
    pages = ((row.student, book.student_report(lesson_id, row.student)) for row in rows if row.status == "graded")
    try:
        links, skipped = write_pages(((s, t) for s, t in pages if t), reports, output,
                                     {row.student: row for row in rows if row.overrides})
    except OSError as exc:
        raise UsageError(f"{reports}: cannot write the students' reports there ({exc})") from None
    if skipped:
        summary.notes.append(f"{skipped} student reports could not be rebuilt from the gradebook: their "
                             "names are not linked")
    return links


def render(summary: ClassSummary, links: dict[str, str] | None = None) -> str:
    title = _text(summary.title or summary.lesson)
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Class report: {title}</title>",
        f"<style>{CSS}</style></head><body><main>",
        f'<header><h1>{title} <span class="audience">instructors only: names students</span></h1>',
        f'<p class="muted" id="headline">{_text(headline(summary), limit=2000)}</p>',
        _stats(summary),
        "</header>",
    ]
    view = summary.view
    # who to write to first, then how the class did, then what it got wrong, then the reference parts
    parts += [class_parts.help_part(needs_help(view), links, len(summary.totals)),
              class_parts.missing_late_part(view, links)]
    if summary.totals:
        parts += [_histogram(summary), _tasks(summary), class_parts.distributions_part(summary, view)]
    parts += [class_parts.sections_part(summary, view), class_parts.items_part(analyse(view))]
    parts.append(overrides_part(view, links))  # grader.batch.override_report: a person's scores, who and why
    parts.append(_misconceptions(summary, links))
    parts.append(_matches(summary))
    parts.append(_by_choice(summary))
    parts.append(_problems(summary))
    parts.append(class_parts.roll_part(summary, view, links))
    if summary.notes:
        parts.append('<h2>Notes</h2><ul id="notes">'
                     + "".join(f"<li>{_text(note, limit=REASON_LIMIT)}</li>" for note in summary.notes) + "</ul>")
    parts.append("<footer>Each student's full report is in the gradebook; the diagnosis codes are listed in "
                 "docs/feedback.md with what triggers them and the hint students read.</footer></main></body></html>")
    return markup_text("\n".join(parts) + "\n")


_text = text  # any text as one inert, escaped line: for a text node only


def _stats(summary: ClassSummary) -> str:
    counts, totals = summary.counts, summary.totals
    items = [("submissions", str(summary.submissions)), ("graded", str(counts["graded"]))]
    if totals:
        top = summary.max_score
        full = sum(1 for t in totals if t >= top - 1e-9)
        items += [("mean total", f"{points(statistics.fmean(totals))} / {points(top)}"),
                  ("median total", f"{points(statistics.median(totals))} / {points(top)}"),
                  ("full marks", f"{full / len(totals):.0%}")]
    items += [("refused", str(counts["refused"])), ("failed", str(counts["failed"]))]
    return ('<div class="stats" id="stats">'
            + "".join(f'<div class="stat"><b>{escape(value)}</b> {escape(name)}</div>' for name, value in items)
            + "</div>")


def _histogram(summary: ClassSummary) -> str:
    bins = summary.histogram()
    peak = max(count for _, count in bins) or 1
    columns = []
    for label, count in bins:
        height = HISTOGRAM_HEIGHT * count / peak
        columns.append(f'<div class="column" data-count="{count}"><span class="count">{count or ""}</span>'
                       f'<div class="column-bar" style="height: {height:.2f}rem"></div>'
                       f'<span class="label">{escape(label)}</span></div>')
    described = ", ".join(f"{count} at {label}" for label, count in bins if count)
    return (f'<h2>Totals <small>(out of {points(summary.max_score)}, {len(summary.totals)} graded)</small></h2>'
            f'<div class="histogram" id="histogram" role="img" aria-label="{escape(described)}">'
            f'{"".join(columns)}</div>')


def _tasks(summary: ClassSummary) -> str:
    hardest = summary.hardest
    rows = []
    for task in summary.tasks:
        mark = '<span class="tag">hardest</span>' if task in hardest else ""
        state = "passed" if task.mean_share >= 0.8 else "partial" if task.mean_share >= 0.5 else "failed"
        rows.append(f'<tr class="task{" hardest" if mark else ""}" id="task-{escape(task.id)}">'
                    f"<td><code>{_text(task.id)}</code>{mark}<br><small>{_text(task.title)}</small></td>"
                    f'<td class="number">{points(task.max_score)}</td>'
                    f'<td class="number">{points(task.mean)}</td>'
                    f"<td>{_bar(task.mean, task.max_score, state)}</td>"
                    f'<td class="number">{task.full_share:.0%}</td></tr>')
    return ('<h2>Tasks <small>(how hard the class found each)</small></h2><table class="tasks" id="tasks">'
            "<thead><tr><th>task</th><th>max</th><th>mean</th><th>mean share of the points</th>"
            f"<th>full marks</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _misconceptions(summary: ClassSummary, links=None) -> str:
    found = summary.misconceptions
    graded = len(summary.totals)
    head = ('<h2>Misconceptions <small>(ranked by how many students show them; each student counted once per '
            "task)</small></h2>")
    if not found:
        return head + '<p class="muted" id="misconceptions">No diagnosed misconception in this class.</p>'
    rows = []
    for rank, item in enumerate(found[:MAX_MISCONCEPTIONS], 1):
        share = _bar(item.count, graded, "holders")
        rows.append(f'<tr class="misconception"><td class="number">{rank}</td>'
                    f'<td class="holders"><div class="share"><b>{item.count}</b>{share}</div>'
                    f"<small>{fraction(item.count, graded):.0%} of the graded</small></td>"
                    f"<td><code>{_text(item.task)}</code></td>"
                    f"<td>{_text(item.wording, limit=REASON_LIMIT)}<br><small><code>{_text(item.code)}</code>"
                    f"</small></td><td>{names(item.students, links)}</td></tr>")
    if len(found) > MAX_MISCONCEPTIONS:
        rows.append(f'<tr><td colspan="5">... and {len(found) - MAX_MISCONCEPTIONS} more</td></tr>')
    return (head + '<table class="tasks" id="misconceptions"><thead><tr><th>#</th><th>students</th><th>task</th>'
            f"<th>misconception</th><th>for example</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _matches(summary: ClassSummary) -> str:
    """Who handed in answers right for whose numbers (``grader.batch.integrity``): never a penalty, a lead."""
    if not summary.matches:
        return _claimed(summary)
    rows = []
    for match in summary.matches[:MAX_PROBLEMS]:
        others = "".join(f"<li>{_text(name)}</li>" for name in match.others[:MAX_NAMED])
        if len(match.others) > MAX_NAMED:
            others += f'<li class="more">and {len(match.others) - MAX_NAMED} more</li>'
        rows.append(f'<tr class="match"><td>{_text(match.student)}</td><td><ul class="names">{others}</ul></td>'
                    f"<td>{', '.join(f'<code>{_text(task)}</code>' for task in match.tasks)}</td>"
                    f'<td class="number">{len(match.tasks)} of {match.wrong}</td></tr>')
    grouped = "".join(f"<li>{escape(whose(source))}: in the answers of {len(students)} students "
                      f"({', '.join(_text(s) for s in students[:MAX_EXAMPLES])}"
                      f"{', …' if len(students) > MAX_EXAMPLES else ''})</li>"
                      for source, students in sources(summary.matches))
    return (_claimed(summary) + '<h2>Answers right for another student\'s numbers <small>(wrong for their own; '
            'never penalised: ask the students)</small></h2>' + (f'<ul id="sources">{grouped}</ul>' if grouped else "")
            + '<table class="tasks" id="matches"><thead><tr><th>student</th><th>right for the numbers of</th>'
            f"<th>on</th><th>of their wrong answers</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _claimed(summary: ClassSummary) -> str:
    """The submissions that name another student than the one they came from (never used to grade)."""
    if not summary.claimed:
        return ""
    rows = "".join(f"<tr><td>{_text(student)}</td><td>{_text(other)}</td></tr>"
                   for student, other in summary.claimed[:MAX_PROBLEMS])
    return ('<h2>Submissions naming another student <small>(in their answers file or notebook; never used to grade: '
            'the numbers are those of the student it came from)</small></h2><table class="tasks" id="claimed"><thead>'
            f"<tr><th>student</th><th>names</th></tr></thead><tbody>{rows}</tbody></table>")


def _by_choice(summary: ClassSummary) -> str:
    """Each by-hand question whose answer varies, per parameter choice: the share of full marks."""
    if not summary.by_choice:
        return ""
    rows = []
    for item in summary.by_choice:
        mark = '<span class="tag">harder</span>' if item.harder else ""
        rows.append(f'<tr class="choice{" hardest" if item.harder else ""}"><td><code>{_text(item.task)}</code></td>'
                    f"<td>{_text(item.parameter)} = {_text(item.value)}{mark}</td>"
                    f'<td class="number">{item.students}</td><td>{_bar(item.full, item.students, "passed")}</td>'
                    f'<td class="number">{item.share:.0%} <small>(class: {item.overall:.0%})</small></td></tr>')
    return ('<h2>By-hand questions per choice of numbers <small>(the share of full marks among the students given '
            'each value; a choice well below the question\'s share is marked)</small></h2><table class="tasks" '
            'id="by-choice"><thead><tr><th>question</th><th>numbers</th><th>students</th><th>full marks</th><th>share'
            f"</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _problems(summary: ClassSummary) -> str:
    problems = [p for p in summary.problems if p[1] != "missing"]  # a roster's absent students: under Missing
    if not problems:
        return ""
    rows = [f'<tr class="problem {escape(status)}"><td>{_text(student)}</td>'
            f'<td class="status">{STATUS_WORDS.get(status, "failed")}</td>'
            f'<td class="reason">{escape(first_line(reason))}</td></tr>'
            for student, status, reason in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        rows.append(f'<tr><td colspan="3">... and {len(problems) - MAX_PROBLEMS} more (see the gradebook)'
                    "</td></tr>")
    return ('<h2>Not graded <small>(refused entries are final until they change; failed ones are retried on the '
            'next run)</small></h2><table class="tasks" id="problems"><thead><tr><th>student</th><th>status</th>'
            f"<th>reason</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _bar(score: float, max_score: float, kind: str = "") -> str:
    share = fraction(score, max_score)
    return (f'<div class="bar {kind}" role="img" aria-label="{share:.0%}">'
            f'<span style="width: {share * 100:.1f}%"></span></div>')
