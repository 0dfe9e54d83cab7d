"""One self-contained HTML page: the total, a bar per task, what to fix, and masks as grids.

A student opens it from a CI artifact or a Gradescope download, often offline, so the page
fetches nothing: inline CSS, no scripts, no fonts, and a Content-Security-Policy that
forbids every fetch even if a message somehow held a URL. Masks are drawn like the lesson's
blue grid, the student's next to the expected lower triangle, with wrong cells outlined:
a grid shows in a glance what a paragraph about rows and columns does not. Every piece of
text is escaped, since feedback quotes what student code returned.
"""

from __future__ import annotations

from html import escape
from typing import TextIO

from grader.formats._common import LIMITED, FormatBase, claim_note, fraction, markup_text, numbers, points, prose
from grader.result import Report
from grader.result.advice import what_to_fix

CSS = """
:root { --blue: #2563eb; --off: #e5e7eb; --ok: #15803d; --part: #b45309; --bad: #b91c1c; --ink: #111827;
        --muted: #6b7280; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       background: #f9fafb; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .75rem; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
.muted, small { color: var(--muted); }
.total { display: flex; align-items: baseline; gap: 1rem; margin: 1rem 0 .5rem; }
.total-score { font-size: 2.5rem; font-weight: 700; }
.total-percent { font-size: 1.5rem; color: var(--muted); }
.bar { height: .75rem; background: var(--off); border-radius: .375rem; overflow: hidden; min-width: 6rem; }
.bar > span { display: block; height: 100%; background: var(--ok); }
.bar.big { height: 1rem; }
.partial .bar > span, .bar.partial > span { background: var(--part); }
.failed .bar > span, .error .bar > span, .bar.failed > span { background: var(--bad); }
table.tasks { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--off); }
table.tasks th, table.tasks td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid var(--off);
                                 vertical-align: middle; }
table.tasks td.score { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.tasks td.id code { font-weight: 600; }
.status { font-weight: 600; white-space: nowrap; }
.passed .status { color: var(--ok); } .partial .status { color: var(--part); }
.failed .status, .error .status { color: var(--bad); }
article.fix { background: #fff; border: 1px solid var(--off); border-left: .375rem solid var(--bad);
              border-radius: .375rem; padding: 1rem; margin: 0 0 1rem; }
article.fix.partial { border-left-color: var(--part); }
article.fix ul { margin: 0; padding-left: 1.25rem; }
p.diagnosis { font-weight: 600; margin: 0 0 .25rem; }
article.fix li { margin: .5rem 0; }
pre { background: #f3f4f6; padding: .5rem .75rem; border-radius: .25rem; overflow-x: auto; margin: .25rem 0; }
.grids { display: flex; flex-wrap: wrap; gap: 2rem; margin: .75rem 0 .25rem; }
figure { margin: 0; }
figcaption { font-weight: 600; margin-bottom: .25rem; }
table.grid { border-collapse: separate; border-spacing: 3px; }
table.grid td { width: 1.6rem; height: 1.6rem; padding: 0; border-radius: 3px; background: var(--off); }
table.grid td.on { background: var(--blue); }
table.grid td.wrong { outline: 3px solid var(--bad); outline-offset: -1px; }
.legend { font-size: .875rem; color: var(--muted); }
footer { margin-top: 2rem; font-size: .875rem; color: var(--muted); }
"""

POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
STATUS_WORDS = {"passed": "passed", "partial": "partly", "failed": "failed", "error": "did not run"}


class HtmlFormat(FormatBase):
    name = "html"

    def write(self, report: Report, stream: TextIO) -> None:
        stream.write(markup_text(render(report)))


def render(report: Report) -> str:
    title = escape(report.title or report.lesson)
    total = f"{points(report.score)} / {points(report.max_score)}"
    status = "passed" if report.score == report.max_score else "partial" if report.score else "failed"
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}: {escape(total)}</title>",
        f"<style>{CSS}</style></head><body><main>",
        f"<header><h1>{title}</h1>",
        f'<p class="muted">Submission <code>{escape(report.submission)}</code></p>',
        f'<p class="numbers">{escape(numbers(report))}</p>' if report.variant else "",
        (f'<div class="total" id="total"><span class="total-score">{escape(total)}</span>'
         f' <span class="total-percent">{report.percent:.0f}%</span></div>'),
        _bar(report.score, report.max_score, f"big {status}"),
        "</header>",
        ('<h2>Tasks</h2><table class="tasks"><thead><tr><th>task</th><th>score</th><th>progress</th>'
         "<th>result</th></tr></thead><tbody>"),
    ]
    for task in report.tasks:
        link = f'<a href="#fix-{escape(task.id)}">' if task.status != "passed" else ""
        parts.append(
            f'<tr class="task {task.status}" id="task-{escape(task.id)}">'
            f'<td class="id">{link}<code>{escape(task.id)}</code>{"</a>" if link else ""}'
            f'<br><small>{escape(task.title)}</small></td>'
            f'<td class="score">{points(task.score)} / {points(task.max_score)}</td>'
            f"<td>{_bar(task.score, task.max_score)}</td>"
            f'<td><span class="status">{STATUS_WORDS[task.status]}</span> {escape(task.verdict)}</td></tr>')
    parts.append("</tbody></table>")
    advice = what_to_fix(report)
    if advice.blocker or advice.tasks:
        parts.append("<h2>What to fix</h2>")
    if advice.blocker:  # the module does not import: said once, before everything it holds up
        parts.append(f'<article class="fix error" id="fix-first"><h3>First, before anything else</h3>'
                     f"<ul><li>{_paragraphs(advice.blocker)}<p class=\"muted\">Until this is fixed, "
                     f"{escape(', '.join(advice.blocked))} cannot be graded.</p></li></ul></article>")
    parts += [_fix(entry.task, entry.items) for entry in advice.tasks]
    if report.output:  # instructors only: Report.for_audience empties it for students
        parts.append(f"<h2>What the submission printed</h2><pre>{escape(report.output)}</pre>")
    footer = f"Graded in {report.execution_time:.1f} s"
    if report.sandbox:
        footer += f"; the submission ran in: {escape(report.sandbox)}"
    elif report.limited:  # a student's copy: the mode, never the machine's details (Report.for_audience)
        footer += f"; {LIMITED}"
    if report.sandbox_fallback:
        footer += f". Note: {escape(report.sandbox_fallback)}"
    if claim_note(report):  # instructors only (Report.for_audience)
        footer += f". Note: {escape(claim_note(report))}"
    parts.append(f"<footer>{footer}.</footer></main></body></html>")
    return "\n".join(parts) + "\n"


def _bar(score: float, max_score: float, extra: str = "") -> str:
    share = fraction(score, max_score)
    label = f"{share:.0%} of the points"
    classes = f"bar {extra}".strip()
    return (f'<div class="{classes}" role="img" aria-label="{label}">'
            f'<span style="width: {share * 100:.1f}%"></span></div>')


def _fix(task, symptoms) -> str:
    """A task's symptoms in order: each diagnosis's hint first, then what every check saw."""
    items = []
    if task.note:
        items.append(_paragraphs(task.note))
    else:
        for symptom in symptoms:
            shown: set[str] = set()
            html = ""
            if symptom.code and symptom.text != symptom.checks[0].message:
                html += f'<p class="diagnosis" data-code="{escape(symptom.code)}">{escape(symptom.text)}</p>'
            for check in symptom.checks:
                if check.message not in shown:
                    shown.add(check.message)
                    html += _paragraphs(prose(check)) + _grids(check.pictures)
            items.append(html)
    body = "".join(f"<li>{item}</li>" for item in items)
    return (f'<article class="fix {task.status}" id="fix-{escape(task.id)}">'
            f"<h3><code>{escape(task.id)}</code> <small>{escape(task.title)}</small></h3><ul>{body}</ul></article>")


def _paragraphs(text: str) -> str:
    """The first line as prose; any further lines (code, text pictures) exactly as written."""
    first, _, rest = text.partition("\n")
    html = f"<p>{escape(first)}</p>"
    return html + (f"<pre>{escape(rest)}</pre>" if rest.strip() else "")


def _grids(pictures) -> str:
    if not pictures:
        return ""
    expected = pictures[-1][1] if len(pictures) > 1 else None
    figures = []
    for index, (title, cells) in enumerate(pictures):
        compare = expected if index < len(pictures) - 1 else None
        rows = []
        for r, row in enumerate(cells):
            tds = []
            for c, on in enumerate(row):
                wrong = compare is not None and _cell(compare, r, c) is not None and _cell(compare, r, c) != on
                classes = " ".join(name for name, yes in (("on", on), ("wrong", wrong)) if yes)
                tds.append(f'<td class="{classes}"></td>' if classes else "<td></td>")
            rows.append(f"<tr>{''.join(tds)}</tr>")
        shape = f"{len(cells)} × {len(cells[0]) if cells else 0}"
        figures.append(f'<figure class="mask" data-title="{escape(title)}"><figcaption>{escape(title)}'
                       f' <small>({shape})</small></figcaption><table class="grid" aria-label="{escape(title)} mask">'
                       f"{''.join(rows)}</table></figure>")
    legend = ('<p class="legend">Blue: the token of the row may use the token of the column. '
              "Outlined in red: where yours differs from the expected grid.</p>")
    return f'<div class="grids">{"".join(figures)}</div>{legend}'


def _cell(grid, r: int, c: int):
    return grid[r][c] if r < len(grid) and c < len(grid[r]) else None
