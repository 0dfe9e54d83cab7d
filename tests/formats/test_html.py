"""grader.formats.html: one self-contained page, checked as markup and as Chromium shows it."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import untested

from grader.formats.html import HtmlFormat
from grader.result import CheckResult, Report, TaskResult

from browser import chromium, count_colour, dump_dom, pixels, screenshot
from sample_reports import assert_names_a_students_numbers, graded, make_report

BLUE, RED = (0x25, 0x63, 0xEB), (0xB9, 0x1C, 0x1C)
needs_chromium = untested.skip_unless(chromium() is not None, untested.CHROMIUM,
                                      "the page is not opened in a browser")


def render(report: Report) -> str:
    stream = io.StringIO()
    HtmlFormat().write(report, stream)
    return stream.getvalue()


class Page(HTMLParser):
    """What matters of a page: text by element id and class, tags with their attributes."""

    def __init__(self, markup: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.stack: list[tuple[str, dict]] = []
        self.text_of: dict[str, str] = {}
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        entry = (tag, dict(attrs))
        self.tags.append(entry)
        if tag not in ("meta", "br", "link", "img", "input"):
            self.stack.append(entry)

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):
        for _, attrs in self.stack:
            if "id" in attrs:
                self.text_of[attrs["id"]] = self.text_of.get(attrs["id"], "") + data

    def having(self, tag: str, cls: str | None = None) -> list[dict]:
        return [a for t, a in self.tags if t == tag and (cls is None or cls in (a.get("class") or "").split())]


def test_the_total_and_one_row_per_task():
    page = Page(render(make_report()))
    assert " ".join(page.text_of["total"].split()) == "2.75 / 9 31%"
    rows = page.having("tr", "task")
    assert [r["id"] for r in rows] == ["task-prefill_flops", "task-causal_mask", "task-prefill_seconds", "task-quiz"]
    assert [r["class"].split()[1] for r in rows] == ["passed", "partial", "failed", "error"]


def test_a_bar_per_task_sized_by_its_share():
    markup = render(make_report())
    widths = re.findall(r'<tr class="task[^"]*".*?<span style="width: ([0-9.]+)%">', markup)
    assert widths == ["100.0", "25.0", "0.0", "0.0"]


def test_the_mask_grids_show_yours_next_to_expected_with_wrong_cells():
    page = Page(render(make_report().for_audience("instructor")))
    figures = page.having("figure", "mask")
    assert [f["data-title"] for f in figures] == ["yours", "expected", "yours", "expected"]
    markup = render(make_report())
    first_grid = markup.split('<table class="grid"', 1)[1].split("</table>", 1)[0]
    assert first_grid.count("<td") == 25
    assert first_grid.count('"on') == 10 and first_grid.count("wrong") == 5  # the diagonal is missing


def test_the_text_picture_is_not_repeated_under_the_grids():
    markup = render(make_report())
    assert "■" not in markup
    assert "not the lesson&#x27;s lower triangle</p>" in markup


def test_self_contained_no_fetches():
    markup = render(make_report())
    page = Page(markup)
    assert not page.having("link") and not page.having("script") and not page.having("img")
    assert not [a for _, a in page.tags if any(k in a for k in ("src", "srcset"))]
    assert not [a for _, a in page.tags if "href" in a and not a["href"].startswith("#")]
    assert "@import" not in markup and "url(" not in markup
    policy = next(a["content"] for a in page.having("meta") if a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in policy


def test_student_text_is_escaped():
    report = Report("prefill", "<b>T</b>", "s", [TaskResult("t", "", 1.0, [CheckResult(
        "c", False, "<script>alert(1)</script>\n<img src=x onerror=alert(1)>")])])
    markup = render(report)
    assert "<script>" not in markup and "<img" not in markup and "<b>T" not in markup
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in markup


def test_secret_checks_and_printed_output_only_for_instructors():
    student, instructor = (render(make_report().for_audience(audience)) for audience in ("student", "instructor"))
    assert "the mask must include the diagonal" in student and "7919" not in student and "104729" not in student
    assert "7919" in instructor and "104729" in instructor
    assert Page(student).having("figure", "mask").__len__() == 2  # only the visible check's pictures


def test_sandbox_in_the_footer():
    assert "the submission ran in: bubblewrap" in render(make_report())


# ---------------------------------------------------------------------------- in a browser

@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("html")
    out = {}
    for name, source in (("reference", "reference"), ("wrong", "diagonal_excluded")):
        out[name] = folder / f"{name}.html"
        out[name].write_text(render(graded(source).for_audience("student")), encoding="utf-8")
    return out


@needs_chromium
def test_chromium_shows_the_total_and_every_task(pages):
    dom = Page(dump_dom(pages["reference"]))
    assert " ".join(dom.text_of["total"].split()) == "17 / 17 100%"
    assert len(dom.having("tr", "task")) == 9
    assert not dom.having("figure", "mask")
    wrong = Page(dump_dom(pages["wrong"]))
    # What the browser shows is what the markup says; the score itself is the suite's business
    # (it moves when checks are added), so only its shape and that it is below full are pinned here.
    shown = " ".join(wrong.text_of["total"].split())
    assert shown == " ".join(Page(pages["wrong"].read_text(encoding="utf-8")).text_of["total"].split())
    assert re.fullmatch(r"1[0-6](\.\d+)? / 17 \d+%", shown), shown
    assert [r["class"] for r in wrong.having("tr", "task")].count("task partial") == 1


@needs_chromium
def test_chromium_shows_the_grids_of_a_wrong_mask(pages):
    dom = dump_dom(pages["wrong"])
    page = Page(dom)
    assert [f["data-title"] for f in page.having("figure", "mask")] == ["yours", "expected"]
    assert len(page.having("td")) >= 50


@needs_chromium
def test_a_person_sees_blue_grids_and_red_mistakes_only_on_the_wrong_page(pages, tmp_path):
    right = screenshot(pages["reference"], tmp_path / "reference.png")
    wrong = screenshot(pages["wrong"], tmp_path / "wrong.png")
    width, height, rows = pixels(right)
    assert (width, height) == (1000, 1500)
    assert len({row[i:i + 3] for row in rows[::25] for i in range(0, len(row), 75)}) > 5  # not a blank page
    assert count_colour(right, BLUE) == 0
    cell = 24 * 24  # a grid cell is about 1.6rem square
    assert count_colour(wrong, BLUE) > 20 * cell  # 10 blue cells of yours + 15 of the expected grid
    assert count_colour(wrong, RED) > 5 * 4 * 20  # five outlined cells


def test_a_diagnosis_leads_its_checks_and_an_import_error_comes_first():
    from sample_reports import HALF_HINT, IMPORT_ERROR, diagnosed_report

    markup = render(diagnosed_report().for_audience("student"))
    page = Page(markup)
    assert [a["data-code"] for a in page.having("p", "diagnosis")] == ["flops.missing-factor-2"]
    fix = page.text_of["fix-prefill_flops"]
    assert fix.count(HALF_HINT) == 1
    assert fix.index(HALF_HINT) < fix.index("returned 7e+12") < fix.index("must be 2 · N · P")  # then every check
    first = page.text_of["fix-first"]
    assert IMPORT_ERROR in first and "causal_pairs, causal_mask cannot be graded" in first
    assert markup.index('id="fix-first"') < markup.index('id="fix-prefill_flops"')
    assert "fix-causal_pairs" not in page.text_of and markup.count("could not be imported") == 3  # 2 rows + once


def test_a_students_numbers_are_named_at_the_top():
    assert_names_a_students_numbers(render)
