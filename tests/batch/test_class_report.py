"""grader.batch.class_report: the class's histogram, task difficulty, misconceptions and refusals on one page.

Checked as markup (a hand-made class: every number and name where it belongs; hostile names
only in escaped text nodes), on a realistic class graded for real (tests/sample_class.py:
the misconceptions on the page are exactly those its students' mutants declare, from the
batch and from the gradebook afterwards), as headless Chromium shows it, and with Hypothesis
feeding arbitrary names, reasons, notes and diagnoses into both the printed summary and the page.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pytest
import untested
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from grader.batch.class_report import MAX_EXAMPLES, MAX_MISCONCEPTIONS, from_gradebook, render
from grader.batch.gradebook import Row
from grader.batch.summary import render_plain, render_rich, summarize
from grader.cli import main
from grader.result.text import shown

from browser import chromium, count_colour, dump_dom, pixels, screenshot
from paths import ROOT
from sample_class import CLASS, REFUSED, expected_diagnoses, graded_class

BLUE, AMBER = (0x25, 0x63, 0xEB), (0xB4, 0x53, 0x09)
TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]
needs_chromium = untested.skip_unless(chromium() is not None, untested.CHROMIUM,
                                      "the class report is not opened in a browser")


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

    def handle_comment(self, data):  # none of the page's own: one would be a student's text read as markup
        self.tags.append(("#comment", {}))

    def handle_decl(self, decl):
        self.tags.append(("#declaration", {"decl": decl}))

    def handle_pi(self, data):
        self.tags.append(("#pi", {}))

    def unknown_decl(self, data):
        self.tags.append(("#unknown", {}))

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
    assert ranked[0][4] == "s1 s2 s3 s4 s5 and 2 more s6 s7" and ranked[1][4] == "s3 s4 s5"  # the rest folded
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


class Exact:
    """Right when the number is the expected one (the comparison itself is tested with the answers)."""

    def right(self, task, given, expected):
        return float(given) == float(expected)

    def example(self, task):
        return None


def with_variants(names=tuple(f"s{i}" for i in range(10))):
    """Ten students: the first three hand in the fourth's answers; the last three (utilization 0.35) miss seconds."""
    rows, reports = [], []
    numbers_of = [{"hand_flops": 2e13 + i * 1e12, "hand_seconds": 0.3 + i / 100} for i in range(len(names))]
    for i, name in enumerate(names):
        numbers = numbers_of[i]
        given = dict(numbers_of[3] if i < 3 else numbers)
        if i >= 7:
            given["hand_seconds"] = 9.0
        full = {task: float(given[task]) == numbers[task] for task in numbers}
        rows.append(Row(name, "graded", sum(full.values()), 2.0, "", {t: float(ok) for t, ok in full.items()}))
        reports.append((name, {"tasks": [{"id": t, "score": float(ok), "max_score": 1.0} for t, ok in full.items()],
                               "variant": {"parameters": {"utilization": 0.35 if i >= 7 else 0.5}, "answers": numbers},
                               "answers_given": {t: str(v) for t, v in given.items()},
                               **({"claimed_student": names[3]} if i == 0 else {})}))
    tasks = [("hand_flops", "FLOPs by hand", 1.0), ("hand_seconds", "seconds by hand", 1.0)]
    return summarize("prefill", tasks, rows, reports=reports, judge=Exact(), title="Prefill")


def test_the_students_who_hand_in_a_classmates_answers_are_named_with_whose_never_penalised():
    summary = with_variants()
    markup = render(summary)
    assert table_rows(markup, "matches") == [[name, "s3", "hand_flops , hand_seconds", "2 of 2"]
                                             for name in ("s0", "s1", "s2")]
    assert Page(markup).text_of["sources"] == "s3's numbers: in the answers of 3 students (s0, s1, s2)"
    assert summary.totals == [0.0, 0.0, 0.0, 2.0, 2.0, 2.0, 2.0, 1.0, 1.0, 1.0]  # the grades', untouched
    printed = io.StringIO()
    render_plain(summary, printed)
    assert "s0: hand_flops, hand_seconds right for the numbers of s3 (2 of 2 wrong answers)" in printed.getvalue()
    assert table_rows(markup, "claimed") == [["s0", "s3"]]  # s0's answers file still names s3
    assert "  s0: names 's3'" in printed.getvalue()


def test_each_by_hand_question_shows_its_difficulty_per_choice_of_numbers():
    markup = render(with_variants())
    rows = table_rows(markup, "by-choice")
    assert [row[:3] + row[4:] for row in rows] == [
        ["hand_flops", "utilization = 0.35", "3", "100% (class: 70%)"],
        ["hand_flops", "utilization = 0.5", "7", "57% (class: 70%)"],
        ["hand_seconds", "utilization = 0.35 harder", "3", "0% (class: 40%)"],
        ["hand_seconds", "utilization = 0.5", "7", "57% (class: 40%)"]]


def test_hostile_names_in_the_pairs_are_escaped_text_only():
    markup = render(with_variants((*HOSTILE, "x", "y")))
    assert "<script>" not in markup and not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", markup)
    assert len(table_rows(markup, "matches")) == 3


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


def test_grader_batch_writes_the_class_report_or_says_why_not_and_keeps_every_grade(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "alice.py").write_bytes((ROOT / "solutions" / "prefill" / "prefill.py").read_bytes())
    blocked = tmp_path / "blocked.html"
    blocked.mkdir()
    args = ["--course", str(ROOT), "batch", str(folder), "--lesson", "prefill", "--jobs", "1",
            "--gradebook", str(tmp_path / "gb.sqlite")]
    assert main([*args, "--class-report", str(blocked)]) == 1  # rerun, or write it from the gradebook
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1].startswith(f"the class report was not written (cannot write {blocked}")
    assert "'grader gradebook class-report --output FILE' writes it again" in out
    assert main([*args, "--class-report", str(tmp_path / "class.html")]) == 0
    assert "this run graded 0, 1 unchanged since an earlier run" in capsys.readouterr().out
    page = Page((tmp_path / "class.html").read_text(encoding="utf-8"))
    assert page.text_of["stats"].startswith("1 submissions 1 graded 13 / 17 mean total")  # a module: no answers


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


# ---------------------------------------------------------------------------- any text at all, as a property

# every character a Python str can hold, lone surrogates included (st.text leaves those out)
ANY_CHAR = st.one_of(st.characters(codec=None, categories=None), st.integers(0xD800, 0xDFFF).map(chr))
PIECES = ["\x1b[2J", "\x1b]0;t\x07", "\x9b", "\u202e", "\ud800", "\udcff", "\r", "\n", "\t", "::", "::error::x",
          "##[", "<script>", "</td>", "<!--", "]]>", "<?x", "&amp;", '"', "'", "\x00", "\u2028", " "]


def any_text(min_size: int = 0, max_size: int = 60) -> st.SearchStrategy[str]:
    return st.lists(ANY_CHAR, min_size=min_size, max_size=max_size).map("".join)


# long strings repeat a random piece: as hostile as random ones of that length, without the entropy
LONG = st.builds(lambda piece, times: (piece * times)[:6000], any_text(1, 30), st.integers(100, 400))
TEXT = st.one_of(any_text(), st.lists(st.sampled_from(PIECES), max_size=12).map("".join), LONG)
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                 "\ud800-\udfff\ufeff]")
ROUGH = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def classes(draw):
    """(names, codes, hints, reasons, notes, title): a class of 1 to 8 students, any of them graded,
    refused or failed, the graded ones showing any of three diagnoses on two tasks."""
    names = draw(st.lists(TEXT, min_size=1, max_size=8, unique=True))
    codes = draw(st.lists(TEXT, min_size=3, max_size=3))
    hints = draw(st.lists(TEXT, min_size=3, max_size=3))
    statuses = draw(st.lists(st.sampled_from(["graded", "graded", "rejected", "error"]), min_size=len(names),
                             max_size=len(names)))
    held = draw(st.lists(st.lists(st.integers(0, 2), max_size=3), min_size=len(names), max_size=len(names)))
    reasons = draw(st.lists(TEXT, min_size=len(names), max_size=len(names)))
    notes = draw(st.lists(TEXT, max_size=2))
    title = draw(TEXT)
    return names, codes, hints, statuses, held, reasons, notes, title


def summary_of(names, codes, hints, statuses, held, reasons, notes, title, wording=True):
    rows, reports, kept = [], [], []
    for i, (name, status, reason) in enumerate(zip(names, statuses, reasons, strict=True)):
        if status == "graded":
            rows.append(graded(name, i % 3, 3 - i % 4))
            found = [{"code": codes[j], "hint": hints[j]} for j in held[i]]
            reports.append((name, report(flops=found[:2], mask=found[1:])))
            if i % 5 == 4:
                kept.append((name, reason))
        else:
            rows.append(Row(name, status, 0.0 if status == "rejected" else None, None, reason, {}))
    summary = summarize("prefill", TASKS, rows, reports=reports, kept=kept, title=title,
                        wording={codes[0]: hints[2]} if wording else None,
                        run={"graded": sum(1 for s in statuses if s == "graded"), "refused": statuses.count("rejected"),
                             "failed": statuses.count("error")})
    summary.notes = list(notes)
    return summary


def twin(names, codes, hints, statuses, held, reasons, notes, title):
    """The same class with every text replaced by a plain one (equal texts stay equal, an empty code stays empty)."""
    plain_codes = {code: f"code{j}" if code else "" for j, code in enumerate(dict.fromkeys(codes))}
    return summary_of([f"student{i}" for i in range(len(names))], [plain_codes[c] for c in codes],
                      [f"hint {j}" for j in range(3)], statuses, held, [f"reason {i}" for i in range(len(names))],
                      [f"note {i}" for i in range(len(notes))], "title")


def no_runner_command(text: str) -> None:
    for line in text.splitlines():
        assert not line.lstrip().startswith("::"), line[:200]
    assert "##[" not in text


@ROUGH
@given(classes())
@example((["", "00", "7", "\x1b[2J\x1b[2J", "\x1b[2J", "0", "0" * 100, "0" * 101], ["", "0", ""], ["", "", ""],
          ["graded"] * 8, [[], [], [1], [1], [1], [1], [1], [1]], [""] * 8, [], ""))  # six show one: five named
def test_the_summary_and_the_class_report_stay_inert_whatever_the_names_reasons_and_diagnoses(drawn):
    summary = summary_of(*drawn)
    plain = io.StringIO()
    render_plain(summary, plain)
    from rich.console import Console

    coloured = io.StringIO()
    render_rich(summary, Console(file=coloured, force_terminal=True, color_system="truecolor", width=160))
    for text in (plain.getvalue(), re.sub(r"\x1b\[[0-9;]*m", "", coloured.getvalue())):
        text.encode("utf-8")  # no lone surrogate
        assert "\x1b" not in text and not RAW.search(text), ascii(RAW.search(text) or "ESC")
        no_runner_command(text)

    markup = render(summary)
    markup.encode("utf-8")
    assert not RAW.search(markup), ascii(RAW.search(markup)[0])
    no_runner_command(markup)
    page, plain_page = Page(markup), Page(render(twin(*drawn)))
    # the same tags, attributes and values as the same class with plain texts: no text became markup
    assert page.tags == plain_page.tags
    names, codes, _, statuses, held, *_ = drawn
    texts = set(page.texts)
    # a refused or failed student is a row; a graded one is named as one of a misconception's first examples
    examples = {name for item in summary.misconceptions[:MAX_MISCONCEPTIONS] for name in item.students[:MAX_EXAMPLES]}
    for name, status in zip(names, statuses, strict=True):
        if name and (status != "graded" or name in examples):
            assert shown(name, lines=False, limit=120) in texts, ascii(name[:80])
    holders = {name for name, status, holds in zip(names, statuses, held, strict=True)
               if status == "graded" and any(codes[j] for j in holds)}
    assert {name for item in summary.misconceptions for name in item.students} == holders
