"""The class report's parts for the week after a deadline: who needs help, each task's distribution of
scores, the item analysis of every check, sections side by side, missing and late students.

Same policy as ``grader.batch.class_report``: every name, code and section comes from the class
folder, so it passes ``text`` (one inert, bounded, escaped line) into a text node; the only
attribute that may hold something derived from a student is a link's ``href``, and that is a
percent-quoted relative path to a file name the grader made (``grader.batch.entries.safe_stem``).
No scripts: long lists fold into ``<details>``, which opens without JavaScript.
"""

from __future__ import annotations

import statistics
from html import escape
from urllib.parse import quote

from grader.batch.class_view import ClassView
from grader.batch.item_analysis import Item
from grader.batch.needs_help import BUCKETS, Help, distribution
from grader.batch.summary import NAME_LIMIT
from grader.formats._common import points
from grader.result.text import shown

MAX_EXAMPLES = 5  # names shown before the rest fold into <details>
BUCKET_CLASSES = ("b0", "b1", "b2", "b3", "b4", "b5")

CSS = """
details.more { display: inline; }
details.more > summary { cursor: pointer; color: var(--blue); font-size: .875rem; display: inline; }
details.more[open] > ul.names { margin-top: .25rem; }
.help { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; }
.help section { background: #fff; border: 1px solid var(--off); border-radius: .375rem; padding: .5rem 1rem; }
.help h3 { margin: .25rem 0 .5rem; font-size: 1rem; }
.stack { display: flex; height: 1rem; min-width: 16rem; border-radius: .25rem; overflow: hidden;
         background: var(--off); }
.stack > span { display: block; height: 100%; }
.b0 { background: var(--bad); } .b1 { background: #f59e0b; } .b2 { background: #fbbf24; }
.b3 { background: #a3e635; } .b4 { background: #4ade80; } .b5 { background: var(--ok); }
.key { display: inline-block; width: .75rem; height: .75rem; border-radius: 2px; vertical-align: middle; }
tr.flagged td { background: #fef2f2; }
p.explain { font-size: .9rem; color: var(--muted); margin: .25rem 0; }
table#sections th { font-size: .8rem; }
table#sections th:nth-child(n+7) { overflow-wrap: anywhere; }  /* nine task ids side by side fit the page */
table#items td, table#students td { padding-top: .1rem; padding-bottom: .1rem; font-size: .875rem; }
"""


def text(value, limit: int = NAME_LIMIT) -> str:
    """Any text as one inert, escaped line: for a text node only."""
    return escape(shown(value, lines=False, limit=limit))


def who(student: str, links: dict[str, str] | None) -> str:
    """A student's name, a link to their report when one was written beside the class report."""
    href = (links or {}).get(student)
    return f'<a href="{escape(quote(href))}">{text(student)}</a>' if href else text(student)


def names(students, links: dict[str, str] | None = None, limit: int = MAX_EXAMPLES, extra=None) -> str:
    """Every student, the first ``limit`` shown and the rest in a <details> to open: all reachable, no script.
    ``extra(student)``: what follows a name (escaped markup), e.g. their total."""
    items = [f"<li>{who(s, links)}{extra(s) if extra else ''}</li>" for s in students]
    shown_part = f'<ul class="names">{"".join(items[:limit])}</ul>'
    if len(items) <= limit:
        return shown_part
    return (shown_part + f'<details class="more"><summary>and {len(items) - limit} more</summary>'
            f'<ul class="names">{"".join(items[limit:])}</ul></details>')


def help_part(found: Help, links, graded: int) -> str:
    head = ('<h2>Who needs help <small>(a student may be on several lists; each name opens their report when '
            'the reports were written beside this page)</small></h2>')
    if not graded:
        return head + '<p class="muted" id="needs-help">Nobody graded yet.</p>'
    totals = dict(found.lowest)
    lists = [("lowest", f"The {len(found.lowest)} lowest totals <small>(below the median)</small>",
              names([s for s, _ in found.lowest], links, len(found.lowest), lambda s: f" <small>{points(totals[s])}"
                    "</small>")),
             ("untouched", f"Untouched: every task still the stub ({len(found.untouched)})",
              names(found.untouched, links) if found.untouched else '<p class="muted">none</p>'),
             ("several", f"Several misconceptions ({len(found.several)})",
              names([s for s, _ in found.several], links, extra=_codes(found.several))
              if found.several else '<p class="muted">none</p>'),
             ("timeouts", f"Timeouts and hangs ({len(found.timeouts)})",
              names([s for s, _ in found.timeouts], links, extra=_tasks(found.timeouts))
              if found.timeouts else '<p class="muted">none</p>')]
    return head + '<div class="help" id="needs-help">' + "".join(
        f'<section id="help-{key}"><h3>{title}</h3>{body}</section>' for key, title, body in lists) + "</div>"


def _codes(several):
    held = dict(several)
    return lambda s: f" <small>{len(held[s])}: {', '.join(text(code) for _, code in held[s])}</small>"


def _tasks(timeouts):
    held = dict(timeouts)
    return lambda s: f" <small>{', '.join(text(task) for task in held[s])}</small>"


def distributions_part(summary, view: ClassView) -> str:
    """Each task's scores in six bands (nothing, four bands of partial credit, full marks), as a stacked bar."""
    graded = [s for s in view.standings if s.status == "graded"]
    if not graded or not summary.tasks:
        return ""
    key = " ".join(f'<span class="key {cls}"></span> {escape(label)}' for cls, label in zip(BUCKET_CLASSES, BUCKETS,
                                                                                           strict=True))
    rows = []
    for task in summary.tasks:
        counts = distribution([s.tasks.get(task.id, 0.0) for s in graded], task.max_score)
        bar = "".join(f'<span class="{cls}" style="width: {100 * n / len(graded):.1f}%"></span>'
                      for cls, n in zip(BUCKET_CLASSES, counts, strict=True) if n)
        said = ", ".join(f"{n} at {label}" for label, n in zip(BUCKETS, counts, strict=True) if n)
        rows.append(f'<tr class="distribution"><td><code>{text(task.id)}</code></td>'
                    f'<td><div class="stack" role="img" aria-label="{escape(said)}">{bar}</div></td>'
                    + "".join(f'<td class="number">{n}</td>' for n in counts) + "</tr>")
    return ('<h2>Scores per task <small>(how many students earned nothing, each quarter of partial credit, '
            f'or full marks)</small></h2><p class="explain">{key}</p><table class="tasks" id="distributions">'
            '<thead><tr><th>task</th><th>students</th>' + "".join(f"<th>{escape(b)}</th>" for b in BUCKETS)
            + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def items_part(items: list[Item]) -> str:
    """The figures explained, the flagged checks in view, and every check's figures in a table to unfold."""
    if not items:
        return ""
    flagged = [item for item in items if item.flagged]
    head = ["<th>task</th><th>check</th><th>students</th><th>difficulty</th><th>discrimination</th>"]
    every = (f'<details id="every-item"><summary>Every check ({len(items)})</summary><table class="tasks" '
             f'id="items"><thead><tr>{head[0]}</tr></thead><tbody>{"".join(map(_item, items))}</tbody></table>'
             "</details>")
    shown_flagged = (f'<table class="tasks" id="flagged"><thead><tr>{head[0]}</tr></thead><tbody>'
                     f'{"".join(map(_item, flagged))}</tbody></table>' if flagged else
                     '<p class="muted" id="flagged">No check has a discrimination below zero.</p>')
    return (f'<h2>Item analysis of every check <small>({len(flagged)} of {len(items)} flagged)</small></h2>'
            '<p class="explain"><b>Difficulty</b> is the share of the graded students who pass the check.</p>'
            '<p class="explain"><b>Discrimination</b> is the correlation (point-biserial) of passing the check with '
            "the rest of the student's total, the check's own points left out: near +1 the stronger students "
            "pass it, near 0 it is unrelated to the rest, — when everyone or nobody passes.</p>"
            '<p class="explain">A check is <b>flagged</b> when its discrimination is below zero: strong students fail '
            "it more often than weak ones, which is more often a broken check than a hard one.</p>"
            + shown_flagged + every)


def _item(item: Item) -> str:
    figure = "—" if item.discrimination is None else f"{item.discrimination:+.2f}"
    mark = '<span class="tag">check it</span>' if item.flagged else ""
    return (f'<tr class="item{" flagged" if item.flagged else ""}"><td><code>{text(item.task)}</code></td>'
            f"<td><code>{text(item.check)}</code>{mark}</td><td class=\"number\">{item.students}</td>"
            f'<td class="number">{item.difficulty:.0%}</td><td class="number">{figure}</td></tr>')


def sections_part(summary, view: ClassView) -> str:
    head = "<h2>Sections side by side</h2>"
    if not view.known("section"):
        return head + ('<p class="muted" id="sections">Needs a roster: sections come from its <code>section</code> '
                       "column (<code>grader batch --roster FILE</code>).</p>")
    groups: dict[str, list] = {}
    for s in view.standings:
        groups.setdefault(s.section or "(none)", []).append(s)
    rows = []
    for section in sorted(groups):
        members = groups[section]
        graded = [s for s in members if s.status == "graded"]
        totals = [s.score or 0.0 for s in graded]
        means = [statistics.fmean([s.tasks.get(t.id, 0.0) for s in graded]) if graded else None
                 for t in summary.tasks]
        rows.append(f'<tr class="section"><td>{text(section)}</td><td class="number">{len(members)}</td>'
                    f'<td class="number">{len(graded)}</td>'
                    f'<td class="number">{sum(1 for s in members if s.missing)}</td>'
                    f'<td class="number">{points(statistics.fmean(totals)) if totals else "—"}</td>'
                    f'<td class="number">{points(statistics.median(totals)) if totals else "—"}</td>'
                    + "".join(f'<td class="number">{"—" if m is None else points(m)}</td>' for m in means) + "</tr>")
    return (head + '<table class="tasks" id="sections"><thead><tr><th>section</th><th>students</th><th>graded</th>'
            "<th>missing</th><th>mean total</th><th>median total</th>"
            + "".join(f"<th>{text(t.id)}</th>" for t in summary.tasks) + f"</tr></thead><tbody>{''.join(rows)}"
            "</tbody></table>")


def missing_late_part(view: ClassView, links) -> str:
    missing = [s.student for s in view.standings if s.missing]
    if missing:
        absent = f'<p id="missing">{len(missing)} on the roster handed in nothing:</p>{names(missing)}'
    elif view.known("missing") or view.known("section"):
        absent = '<p class="muted" id="missing">Every student on the roster handed something in.</p>'
    else:
        absent = ('<p class="muted" id="missing">Needs a roster (<code>grader batch --roster FILE</code>) to know '
                  "who handed in nothing.</p>")
    late = [s for s in view.standings if s.is_late]
    if late:
        penalty = {s.student: s for s in late}
        lateness = names([s.student for s in late], links, extra=lambda n: _late(penalty[n]))
        lateness = f'<p id="late">{len(late)} handed in late:</p>{lateness}'
    elif view.known("late"):
        lateness = '<p class="muted" id="late">Nobody handed in late.</p>'
    else:
        lateness = ('<p class="muted" id="late">Needs a late policy (a due date in <code>course.toml</code>) to know '
                    "who handed in late.</p>")
    return "<h2>Missing and late</h2>" + absent + lateness


def _late(s) -> str:
    if isinstance(s.late, bool):
        hours = "late"
    else:  # two days and more read better in days
        hours = f"{s.late:g} h late" if s.late < 48 else f"{s.late / 24:.1f} days late"
    penalty = f", −{points(s.penalty)}" if s.penalty else ""
    return f" <small>{escape(hours)}{penalty}</small>"


def roll_part(summary, view: ClassView, links) -> str:
    """Every student of the gradebook, lowest total first, folded: a name appears at least once on the page
    (each linked to their report when one was written), whatever lists they are on."""
    if not view.standings:
        return ""
    order = sorted(view.standings, key=lambda s: (s.status != "graded", s.score or 0.0, s.student))
    words = {"graded": "graded", "rejected": "refused", "error": "failed", "missing": "missing"}
    rows = "".join(
        f'<tr class="student"><td>{who(s.student, links)}</td><td>{escape(words.get(s.status, "failed"))}</td>'
        f'<td class="number">{points(s.score) if s.status == "graded" and s.score is not None else "—"}</td>'
        + "".join(f'<td class="number">{points(s.tasks[t.id]) if t.id in s.tasks else "—"}</td>'
                  for t in summary.tasks) + "</tr>" for s in order)
    return (f'<h2>Every student</h2><details id="roll"><summary>All {len(order)}, lowest total first</summary>'
            '<table class="tasks" id="students"><thead><tr><th>student</th><th>status</th><th>total</th>'
            + "".join(f"<th>{text(t.id)}</th>" for t in summary.tasks)
            + f"</tr></thead><tbody>{rows}</tbody></table></details>")
