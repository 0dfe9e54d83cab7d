"""The class report of a term, end to end: the sample class graded with a roster, a late policy, an extension
and an override (tests/sample_class.py's ``graded_term_class``, the class of docs/class-report.png).

Why a module of its own: the other class report tests check each part on hand-made rows; this one checks
that a real grading, through ``grader batch``'s roster and late policy and a TA's override, reaches every
part of the page, in the markup written and in what headless Chromium parsed of it. Every figure expected
here is computed by hand from the class's definition (who handed in what, when, in which section), never
read back from the page: the late penalties below are the policy's rule worked out on paper.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import sqlite3

import pytest
import untested
from batch.test_class_report import Page, table_rows

from grader.batch.gradebook import Gradebook

import sample_class
from browser import chromium, dump_dom
from sample_class import CLASS, EXTENSION, HANDED_IN, MISSING, OVERRIDE, REFUSED, SECTIONS

MAX = 2 + 3 + 2 + 3 + 3 + 1 + 1 + 1 + 1  # the Prefill lesson's points, task by task: 17
# TERM_LATE by hand: 10% of 17 (1.70 points) per started day, at most 30% (5.10), 30 minutes of grace.
#   amara.okafor  3 h late: 1 started day                 -> 1.70
#   chen.wei     25 h late: 2 started days                -> 3.40
#   farah.haddad 98 h late: 5 started days = 8.50, capped -> 5.10 (98 h shown as 4.1 days)
#   lena.fischer 20 min late: within the grace            -> nothing, not late
#   quinn.walsh  30 h after the due time, 48 h extension  -> on time, nothing
LATE = {"amara.okafor": "3 h late, −1.70", "chen.wei": "25 h late, −3.40", "farah.haddad": "4.1 days late, −5.10"}
FINAL = {"amara.okafor": 15.3, "chen.wei": 13.6, "farah.haddad": 11.9}  # 17 (the reference) less the penalty
ON_TIME_THOUGH_AFTER_DUE = ("lena.fischer", EXTENSION[0])


@pytest.fixture(scope="module")
def term(tmp_path_factory):
    work = tmp_path_factory.mktemp("term")
    book, page, result = sample_class.graded_term_class(work)
    return work, book, page, result


@pytest.fixture(scope="module", params=["markup", "chromium"])
def shown(request, term):
    """The page as written, then as headless Chromium parsed and laid it out (its DOM, serialised)."""
    _, _, page, _ = term
    if request.param == "markup":
        return page.read_text(encoding="utf-8")
    if chromium() is None:
        untested.skip(untested.CHROMIUM, "the term's class report is not opened in a browser")
    return dump_dom(page)


def names_after(markup: str, element_id: str) -> list[str]:
    """The text of each item of the list of names that follows ``element_id``'s paragraph or heading."""
    found = re.search(rf'id="{element_id}"[^>]*>.*?</(?:p|h3)>\s*<ul class="names">(.*?)</ul>', markup, re.S)
    assert found, f"no list of names after #{element_id}"
    return [" ".join(" ".join(Page(item).texts).split()) for item in re.findall(r"<li>(.*?)</li>", found[1], re.S)]


def test_the_class_is_as_the_hand_computations_assume():
    """The figures below assume these lateness and these labels: a change to the sample class is said here."""
    assert {s: HANDED_IN[s] for s in LATE} == {"amara.okafor": dt.timedelta(hours=3),
                                                "chen.wei": dt.timedelta(hours=25),
                                                "farah.haddad": dt.timedelta(hours=98)}
    assert HANDED_IN["lena.fischer"] < dt.timedelta(minutes=30) < HANDED_IN[EXTENSION[0]] < dt.timedelta(hours=48)
    assert EXTENSION[1] == "48h"
    assert all(CLASS[s] == "reference" for s in (*LATE, *ON_TIME_THOUGH_AFTER_DUE))  # each scores 17 raw
    assert [math.ceil(h / 24) for h in (3, 25, 98)] == [1, 2, 5]


def test_who_needs_help_names_the_untouched_and_the_zero_scorers(shown):
    page = Page(shown)
    untouched = [s for s, label in CLASS.items() if label == "stubs"]  # the stubs handed in: every task 0
    assert untouched == ["ivan.petrov"]
    assert names_after(shown, "help-untouched") == untouched
    lowest = names_after(shown, "help-lowest")
    assert lowest[:len(untouched)] == [f"{s} 0" for s in untouched]  # the zero scorers first, at 0
    assert len(lowest) == 10 and "Timeouts and hangs (0)" in page.text_of["help-timeouts"]


def test_each_task_has_its_distribution_of_scores(shown):
    rows = {row[0]: [int(n) for n in row[2:]] for row in table_rows(shown, "distributions")}
    assert list(rows) == ["prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask",
                          "prefill_matches_sequential", "hand_flops", "hand_seconds", "hand_pairs", "quiz"]
    assert all(sum(counts) == len(CLASS) for counts in rows.values())  # every graded student in each bar
    # prefill_flops is all or nothing: nothing for the stubs and every forgotten factor 2, full marks otherwise
    nothing = [s for s, label in CLASS.items() if label == "stubs" or "forgot_factor_2" in label.split("+")]
    assert rows["prefill_flops"] == [len(nothing), 0, 0, 0, 0, len(CLASS) - len(nothing)] == [6, 0, 0, 0, 0, 20]
    assert shown.count('<div class="stack" role="img"') == len(rows)


def test_the_two_missing_students_are_named(shown):
    assert Page(shown).text_of["missing"] == f"{len(MISSING)} on the roster handed in nothing:"
    assert names_after(shown, "missing") == [f"{name} ({sid})" for sid, name in MISSING.items()]


def test_the_late_students_with_how_late_and_the_penalty_by_hand(shown):
    assert Page(shown).text_of["late"] == f"{len(LATE)} handed in late:"
    assert names_after(shown, "late") == [f"{s} {said}" for s, said in LATE.items()]
    for student in ON_TIME_THOUGH_AFTER_DUE:  # within the grace; inside the extension: not late, nothing taken
        assert student not in " ".join(names_after(shown, "late"))


def test_the_gradebook_keeps_the_penalties_and_the_extension(term):
    _, book, _, _ = term
    with sqlite3.connect(book) as db:
        kept = {s: (p, f, d) for s, p, f, d in db.execute(
            "SELECT student, penalty, final_score, due_at FROM submissions WHERE lesson = 'prefill'")}
    assert {s: (kept[s][0], kept[s][1]) for s in LATE} == {
        s: (round(MAX - FINAL[s], 6), FINAL[s]) for s in LATE}
    extended = dt.datetime.fromisoformat(kept[EXTENSION[0]][2])
    assert extended - dt.datetime.fromisoformat(kept["wen.li"][2]) == dt.timedelta(hours=48)
    assert [kept[s][:2] for s in ON_TIME_THOUGH_AFTER_DUE] == [(0.0, MAX), (0.0, MAX)]


def test_the_three_sections_side_by_side_with_their_counts(shown):
    roster = sample_class.term_roster()
    expected = {}
    for section in SECTIONS:
        members = [s for s, cells in roster.items() if cells["section"] == section]
        expected[section] = [str(len(members)), str(sum(s in CLASS for s in members)),
                             str(sum(s in MISSING for s in members))]
    stray = [s for s in REFUSED if s not in roster]  # an entry matching no one on the roster: no section
    expected["(none)"] = [str(len(stray)), "0", "0"]
    rows = table_rows(shown, "sections")
    assert {row[0]: row[1:4] for row in rows} == expected
    assert expected["Mon 9:00"] == ["10", "9", "0"] and len(rows) == len(SECTIONS) + 1  # 30 enrolled, by thirds
    assert all(len(row) == 6 + 9 for row in rows)  # each section's mean on each of the nine tasks


def test_the_item_analysis_has_every_check(shown, term):
    _, book, _, _ = term
    with Gradebook(book, create=False) as opened:
        reference = dict(opened.reports("prefill"))["wen.li"]
    checks = [(t["id"], c["name"]) for t in reference["tasks"] for c in t["checks"]]
    rows = table_rows(shown, "items")
    assert [(row[0], row[1]) for row in rows] == checks and len(checks) > 40
    assert all(row[2] == str(len(CLASS)) for row in rows)
    flops = [row for row in rows if row[0] == "prefill_flops"]  # 20 of 26 pass each (see the distributions)
    assert flops and all(row[3] == f"{20 / 26:.0%}" == "77%" and row[4].startswith("+") for row in flops)
    assert "No check has a discrimination below zero." in Page(shown).text_of["flagged"]


def test_the_override_shows_student_task_and_reason(shown):
    student, task, score, reason = OVERRIDE
    # pairs_off_by_one fails causal_pairs whole: the checks gave 0 of 2; the TA gave full marks
    assert table_rows(shown, "overrides") == [[student, task, f"{score:g}", "0", "ta.jones",
                                                dt.datetime.now(dt.UTC).date().isoformat(), reason]]
    roll = {row[0]: row for row in table_rows(shown, "students")}
    assert roll[student][2] == str(MAX)  # 15 from the checks, 2 set by hand: the total the page counts
