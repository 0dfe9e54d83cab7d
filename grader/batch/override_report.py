"""The overrides on the class report and on a student's page: a person's score, shown with who, when and why.

Why shown at all: an override changes a final score that the checks no longer explain; the instructor
reading the class report must see every such decision (to audit it, and to know which totals are not
the grader's), and the student reading their page must see that a score was set by hand and why,
rather than a total their checks do not add up to. Same policy as the class report: every name,
task and reason is text from a class folder or a TA's typing, escaped into a text node (``text``).
"""

from __future__ import annotations

from html import escape

from grader.batch.class_parts import text, who
from grader.batch.class_view import ClassView
from grader.formats._common import points


def overrides_part(view: ClassView, links=None) -> str:
    """A table of every override holding, student by student; nothing when none holds."""
    rows = []
    for standing in sorted(view.standings, key=lambda s: s.student):
        for item in standing.overrides:
            computed = "—" if item.computed is None else points(item.computed)
            rows.append(f'<tr class="override"><td>{who(standing.student, links)}</td><td><code>{text(item.task)}'
                        f'</code></td><td class="number">{points(item.score)}</td><td class="number">{computed}</td>'
                        f"<td>{text(item.by)}</td><td>{text(item.at[:10])}</td>"
                        f"<td>{text(item.reason, limit=500)}</td></tr>")
    if not rows:
        return ""
    return (f'<h2>Scores set by hand <small>({len(rows)} overrides: they decide the scores above; a regrade keeps '
            'them, and records its own score beside them)</small></h2><table class="tasks" id="overrides"><thead><tr>'
            "<th>student</th><th>task</th><th>score</th><th>computed</th><th>by</th><th>on</th><th>why</th></tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")


def student_banner(row) -> str:
    """What a student's page says first when a person set some of their scores: the final total and each
    override (the page's task table below shows what the checks gave)."""
    items = "".join(f"<li><code>{text(item.task)}</code>: {points(item.score)} (the checks gave "
                    f"{'—' if item.computed is None else points(item.computed)}), set by {text(item.by)} on "
                    f"{text(item.at[:10])}: {text(item.reason, limit=500)}</li>" for item in row.overrides)
    total = f"{points(row.score or 0.0)} / {points(row.max_score or 0.0)}"
    return (f'<section class="overrides" id="overrides"><h2>Scores set by hand</h2><p>Your final total is '
            f"<b>{escape(total)}</b>: a person set these scores after the grading, and a regrade keeps them."
            f"</p><ul>{items}</ul></section>")
