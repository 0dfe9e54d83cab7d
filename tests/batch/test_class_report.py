"""grader.batch.class_report: the class's histogram, task difficulty, misconceptions and refusals on one page.

Checked as markup (a hand-made class: every number and name where it belongs; hostile names
only in escaped text nodes), on a realistic class graded for real (tests/sample_class.py:
the misconceptions on the page are exactly those its students' mutants declare, from the
batch and from the gradebook afterwards), and as headless Chromium shows it.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from grader.batch.class_report import from_gradebook, render
from grader.batch.gradebook import Row
from grader.batch.summary import summarize
from grader.cli import main
from grader.result.text import shown

from browser import chromium, count_colour, dump_dom, pixels, screenshot
from paths import ROOT
from sample_class import CLASS, REFUSED, expected_diagnoses, graded_class

BLUE, AMBER = (0x25, 0x63, 0xEB), (0xB4, 0x53, 0x09)
TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]
needs_chromium = pytest.mark.skipif(chromium() is None, reason="Chromium is not installed (Debian package "
                                    "'chromium'), so the class report is not opened in a browser")


class Page(HTMLParser):
    """A page as structure (tags and attributes in order), text by element id (its text nodes joined by
    blanks), and every text node."""

    def __init__(self, markup: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.stack: list[tuple[str, dict]] = []
        self.pieces: dict[str, list[str]] = {}
        self.texts: list[str] = []
        self.feed(markup)
        self.close()
        self.text_of = {key: " ".join(" ".join(pieces).split()) for key, pieces in self.pieces.items()}

    def handle_starttag(self, tag, attrs):
        entry = (tag, dict(attrs))
        self.tags.append(entry)
        if tag not in ("meta", "br"):
            self.stack.append(entry)

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):
        self.texts.append(data)
        for _, attrs in self.stack:
            if "id" in attrs:
                self.pieces.setdefault(attrs["id"], []).append(data)

    def having(self, tag: str, cls: str | None = None) -> list[dict]:
        return [a for t, a in self.tags if t == tag and (cls is None or cls in (a.get("class") or "").split())]


def table_rows(markup: str, table_id: str) -> list[list[str]]:
    """The text of each cell of each body row of the table ``table_id``, blanks folded."""
    body = markup.split(f'id="{table_id}"', 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = []
        for cell in re.findall(r"<td[^>]*>(.*?)</td>(?=<td|$)", row, re.S):
            parser = Page(cell)
            cells.append(" ".join(" ".join(parser.texts).split()))
        rows.append(cells)
    return rows


def graded(student: str, flops: float, mask: float) -> Row:
    return Row(student, "graded", flops + mask, 5.0, "", {"flops": flops, "mask": mask})


def report(**diagnoses) -> dict:
    return {"tasks": [{"id": task, "diagnoses": found, "checks": []} for task, found in diagnoses.items()]}


HALF = {"code": "flops.missing-factor-2", "hint": "Half of 2 · N · P. More."}
DIAG = {"code": "mask.diagonal-missing", "hint": "No diagonal. More."}
STUDENTS = [f"s{i}" for i in range(8)]


def a_class(names=STUDENTS, reason: str = "s.zip: not a readable zip archive"):
    """Eight graded students (seven with the factor 2 missing, three without the diagonal), a refusal, a failure."""
    rows = [graded(names[0], 2, 3), graded(names[1], 1, 3), graded(names[2], 1, 3), graded(names[3], 1, 1.5),
            graded(names[4], 1, 1.5), graded(names[5], 1, 0), graded(names[6], 1, 3), graded(names[7], 1, 3),
            Row("refused one", "rejected", 0.0, None, reason, {}), Row("failed one", "error", None, None, "lost", {})]
    reports = [(names[0], report(flops=[], mask=[]))]
    reports += [(name, report(flops=[HALF], mask=[DIAG] if i in (3, 4, 5) else [])) for i, name in
                enumerate(names[1:], 1)]
    return summarize("prefill", TASKS, rows, reports=reports, wording={"flops.missing-factor-2": "returns N · P"},
                     run={"graded": 8, "refused": 1, "failed": 1}, title="Prefill")


def test_the_histogram_the_tasks_the_misconceptions_and_the_refusals():
    markup = render(a_class())
    page = Page(markup)
    assert page.text_of["headline"].startswith("prefill: 10 submissions, 8 graded, 1 refused, 1 failed")
    columns = page.having("div", "column")
    assert [c["data-count"] for c in columns] == ["0", "1", "2", "0", "4", "1"]  # totals 5, 4 ×4, 2.5 ×2, 1
    heights = [float(a["style"].split()[1].removesuffix("rem")) for a in page.having("div", "column-bar")]
    assert heights[2] == pytest.approx(heights[4] / 2) and heights[0] == heights[3] == 0
    assert [r[0].split()[0] for r in table_rows(markup, "tasks")] == ["flops", "mask"]
    assert table_rows(markup, "tasks")[0][1:] == ["2", "1.12", "", "12%"]  # mean 9/8, one in eight full marks
    assert page.having("tr", "hardest") == [{"class": "task hardest", "id": "task-flops"}]
    ranked = table_rows(markup, "misconceptions")
    assert [row[:3] for row in ranked] == [["1", "7 88% of the graded", "flops"], ["2", "3 38% of the graded", "mask"]]
    assert ranked[0][3] == "returns N · P flops.missing-factor-2"  # the catalogue's words, then the code
    assert ranked[1][3] == "No diagonal. mask.diagonal-missing"  # no catalogue entry: the hint's first sentence
    assert ranked[0][4] == "s1 s2 s3 s4 s5 and 2 more" and ranked[1][4] == "s3 s4 s5"
    assert table_rows(markup, "problems") == [["refused one", "refused", "s.zip: not a readable zip archive"],
                                              ["failed one", "failed", "lost"]]


def test_self_contained_no_fetches_and_no_script():
    markup = render(a_class())
    page = Page(markup)
    assert not page.having("link") and not page.having("script") and not page.having("img")
    assert not [a for _, a in page.tags if any(k in a for k in ("src", "srcset", "href", "action"))]
    assert "@import" not in markup and "url(" not in markup
    policy = next(a["content"] for a in page.having("meta") if a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in policy


HOSTILE = ["<script>alert(1)</script>", 'a" onmouseover="x', "zed\nfake line", "esc\x1b[31m\x07", "rtl\u202etxt.py",
           "&amp;<!--", "::error::owned", "x##[group]y"]


def test_hostile_names_reasons_and_diagnoses_are_escaped_text_only():
    evil = {"code": "<b>x</b>.y", "hint": "<img src=x onerror=alert(1)>\n::error::a"}
    names = HOSTILE
    summary = a_class(names, reason="<script>::warning::r\x1b]0;t\x07\nsecond line")
    summary.misconceptions[0] = type(summary.misconceptions[0])("flops", evil["code"], evil["hint"],
                                                                tuple(sorted(names[1:])))
    markup = render(summary)
    benign = Page(render(a_class()))
    page = Page(markup)
    assert [(t, sorted(a)) for t, a in page.tags] == [(t, sorted(a)) for t, a in benign.tags]  # no tag or attribute
    assert [a for _, a in page.tags] == [a for _, a in benign.tags]  # every attribute value the same: no name in one
    assert "<script>" not in markup and "<img" not in markup and "<b>x" not in markup
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", markup)
    assert not any(line.lstrip().startswith("::") or "##[" in line for line in markup.splitlines())
    examples = {shown(n, lines=False) for n in sorted(names[1:])[:5]}  # the first five are named, as inert text
    assert len(examples) == 5 and examples <= set(page.texts)
    assert "<script>::warning::r\\x1b]0;t\\x07" in page.text_of["problems"]  # its first line, inert
    assert "second line" not in markup


# ---------------------------------------------------------------------------- a realistic class, graded for real

@pytest.fixture(scope="module")
def real(tmp_path_factory):
    work = tmp_path_factory.mktemp("class")
    book, page, result = graded_class(work)
    return work, book, page, result


def held(markup: str) -> dict[str, set[str]]:
    """Code -> the students the page names for it (every one: the realistic class has at most five per code)."""
    found: dict[str, set[str]] = {}
    for row in re.findall(r'<tr class="misconception">(.*?)</tr>', markup, re.S):
        code = re.findall(r"<small><code>(.*?)</code></small>", row)[0]
        names = set(re.findall(r"<li>(.*?)</li>", row))
        assert 'class="more"' not in row, row
        found.setdefault(code, set()).update(names)
    return found


def test_a_realistic_class_shows_exactly_the_misconceptions_its_students_made(real):
    _, _, page, result = real
    markup = page.read_text(encoding="utf-8")
    assert held(markup) == expected_diagnoses()
    ranked = table_rows(markup, "misconceptions")
    counts = [int(row[1].split()[0]) for row in ranked]
    assert counts == sorted(counts, reverse=True) and counts[0] == len(expected_diagnoses()["flops.missing-factor-2"])
    problems = {row[0]: row[1] for row in table_rows(markup, "problems")}
    assert problems == {name: "refused" for name in REFUSED}
    assert result.summary.submissions == len(CLASS) + len(REFUSED) == sum(result.summary.run.values())
    assert Page(markup).text_of["headline"].startswith(f"prefill: {len(CLASS) + len(REFUSED)} submissions, "
                                                       f"{len(CLASS)} graded, {len(REFUSED)} refused;")


def test_the_gradebook_gives_the_same_class_report_afterwards(real, capsys):
    work, book, page, _ = real
    again = work / "again.html"
    assert main(["--course", str(ROOT), "gradebook", "class-report", "--gradebook", str(book),
                 "--output", str(again)]) == 0
    assert capsys.readouterr().out == f"wrote {again}: {len(CLASS) + len(REFUSED)} students\n"
    first, second = page.read_text(encoding="utf-8"), again.read_text(encoding="utf-8")
    without_headline = [re.sub(r'<p class="muted" id="headline">.*?</p>', "", text) for text in (first, second)]
    assert without_headline[0] == without_headline[1]  # only "this run ..." is the batch's own
    elsewhere = work / "elsewhere.html"  # no course at hand: the hints word the misconceptions
    assert from_gradebook(book, elsewhere) == len(CLASS) + len(REFUSED)
    assert held(elsewhere.read_text(encoding="utf-8")) == expected_diagnoses()


def test_gradebook_class_report_errors_are_one_line(tmp_path, capsys):
    cases = [(["gradebook", "class-report", "--gradebook", str(tmp_path / "none.sqlite"), "--output",
               str(tmp_path / "c.html")], "no gradebook there"),
             (["gradebook", "class-report"], "the following arguments are required: --output")]
    for argv, message in cases:
        assert main(["--course", str(ROOT), *argv]) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("grader: ") and message in err and err.count("\n") == 1, (argv, err)


def test_a_class_report_that_cannot_be_written_is_a_one_line_error(real, capsys):
    work, book, _, _ = real
    blocked = work / "blocked"
    blocked.mkdir()
    assert main(["gradebook", "class-report", "--gradebook", str(book), "--output", str(blocked)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"grader: cannot write {blocked}: ") and err.count("\n") == 1


@needs_chromium
def test_chromium_shows_the_histogram_and_the_ranked_misconceptions(real):
    _, _, page, _ = real
    dom = Page(dump_dom(page))
    columns = dom.having("div", "column")
    assert len(columns) == 18 and sum(int(c["data-count"]) for c in columns) == len(CLASS)
    assert len(dom.having("tr", "misconception")) == len(expected_diagnoses())
    assert dom.text_of["stats"].startswith(f"{len(CLASS) + len(REFUSED)} submissions "
                                                             f"{len(CLASS)} graded")


@needs_chromium
def test_a_person_sees_blue_columns_and_amber_shares(real, tmp_path):
    _, _, page, _ = real
    png = screenshot(page, tmp_path / "class.png", (1200, 2000))
    width, height, rows = pixels(png)
    assert (width, height) == (1200, 2000)
    assert len({row[i:i + 3] for row in rows[::25] for i in range(0, len(row), 75)}) > 5  # not a blank page
    assert count_colour(png, BLUE) > 40 * 100  # the histogram's columns: the class's totals
    assert count_colour(png, AMBER) > 500  # the share of the class holding each misconception, and task bars


def test_docs_has_the_class_report_screenshot():
    png = ROOT / "docs" / "class-report.png"
    width, height, _ = pixels(png)
    assert width == 1200 and height > 1500
    assert count_colour(png, BLUE) > 40 * 100
