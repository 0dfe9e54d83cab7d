"""grader.batch.late: [late] of course.toml read strictly, extensions from the roster, and each penalty by hand."""

from __future__ import annotations

import datetime as dt

import pytest

from grader.batch import late
from grader.batch.roster import parse as parse_roster
from grader.exceptions import ConfigError, UsageError

PARIS = dt.timezone(dt.timedelta(hours=1))  # winter time: what Europe/Paris is on 2 March
DUE = dt.datetime(2026, 3, 2, 23, 59, tzinfo=PARIS)
COURSE = """\
lessons = ["prefill", "latency"]

[late]
zone = "Europe/Paris"
per = "day"
fraction = 0.1
cap = 0.3
grace_minutes = 15

[late.prefill]
due = 2026-03-02T23:59:00+01:00

[late.latency]
due = 2026-03-09
per = "hour"
points = 0.5
cap = 4
"""


def rules(tmp_path, text: str = COURSE, lessons=("prefill", "latency")) -> late.Rules | None:
    path = tmp_path / "course.toml"
    path.write_text(text, encoding="utf-8")
    return late.read(path, list(lessons))


def test_a_course_without_a_late_table_has_no_due_dates(tmp_path):
    assert rules(tmp_path, 'lessons = ["prefill"]\n') is None
    assert late.read(None) is None and late.read(tmp_path / "absent.toml") is None


def test_each_lesson_takes_the_defaults_and_its_own_keys(tmp_path):
    found = rules(tmp_path)
    prefill, latency = found.lessons["prefill"], found.lessons["latency"]
    assert (prefill.due, prefill.per, prefill.fraction, prefill.cap, prefill.grace) == (
        DUE, "day", 0.1, 0.3, dt.timedelta(minutes=15))
    # a date alone is due at the end of that day, in the declared zone
    assert latency.due == dt.datetime(2026, 3, 10, 0, 0, tzinfo=PARIS) and latency.due.utcoffset() == dt.timedelta(
        hours=1)
    assert (latency.per, latency.points, latency.cap) == ("hour", 0.5, 4.0)


@pytest.mark.parametrize(("after", "score", "taken"), [
    (dt.timedelta(minutes=-5), 17, 0.0),  # on time
    (dt.timedelta(minutes=15), 17, 0.0),  # within the grace
    (dt.timedelta(minutes=16), 17, 1.7),  # past the grace: a started day, 10% of 17
    (dt.timedelta(hours=24), 17, 1.7),  # exactly one day
    (dt.timedelta(hours=25), 17, 3.4),  # a second day started
    (dt.timedelta(days=9), 17, 5.1),  # capped at 30% of 17
    (dt.timedelta(days=2), 1.0, 1.0),  # never more than the score: the final is 0, not -2.4
])
def test_a_fraction_per_started_day_with_a_grace_and_a_cap_matches_a_hand_computation(tmp_path, after, score, taken):
    policy = rules(tmp_path).lessons["prefill"]
    assert policy.penalty(after, score, 17.0) == pytest.approx(taken)


def test_a_fraction_of_the_students_own_score_is_taken_from_it_and_capped_in_its_terms(tmp_path):
    text = '[late]\nper = "day"\nfraction = 0.1\ncap = 0.3\nof = "score"\n[late.prefill]\ndue = 2026-03-02T23:59:00Z\n'
    policy = rules(tmp_path, text, ["prefill"]).lessons["prefill"]
    assert policy.of == "score"
    assert policy.penalty(dt.timedelta(hours=25), 12.0, 17.0) == pytest.approx(2.4)  # two started days, 10 % of 12
    assert policy.penalty(dt.timedelta(days=9), 12.0, 17.0) == pytest.approx(3.6)  # the cap: 30 % of 12
    assert rules(tmp_path).lessons["prefill"].penalty(dt.timedelta(hours=25), 12.0, 17.0) == pytest.approx(3.4)


def test_points_per_started_hour_are_capped_in_points(tmp_path):
    policy = rules(tmp_path).lessons["latency"]
    assert policy.penalty(dt.timedelta(minutes=61), 10, 10) == pytest.approx(1.0)  # 2 started hours x 0.5
    assert policy.penalty(dt.timedelta(hours=30), 10, 10) == pytest.approx(4.0)  # the cap, in points


def test_a_due_date_without_a_penalty_records_lateness_and_takes_nothing(tmp_path):
    found = rules(tmp_path, '[late]\nzone = "UTC"\n[late.prefill]\ndue = "2026-03-02T12:00:00"\n', ["prefill"])
    policy = found.lessons["prefill"]
    assert policy.due == dt.datetime(2026, 3, 2, 12, tzinfo=dt.UTC) and policy.per is None
    assert policy.penalty(dt.timedelta(days=3), 17, 17) == 0.0


@pytest.mark.parametrize(("text", "key", "said"), [
    ("[late.prefill]\ndue = 2026-03-02T23:59:00+01:00\nfracton = 0.1\n", "late.prefill.fracton", "unknown key"),
    ("[late]\npenalty = 0.1\n", "late.penalty", "unknown key"),
    ("[late.prefill]\ndue = \"2 March\"\n", "late.prefill.due", "not an ISO 8601 date"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00\n", "late.prefill.due", "no UTC offset and [late] declares no zone"),
    ("[late.prefill]\ndue = 2026-03-02\n", "late.prefill.due", "declares no zone"),
    ("[late.prefill]\nper = \"day\"\n", "late.prefill.due", "needs its due time"),
    ("[late]\nzone = \"Mars/Olympus\"\n[late.prefill]\ndue = 2026-03-02\n", "late.zone", "no time zone"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\nper = \"week\"\nfraction = 0.1\n", "late.prefill.per", "hour"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\nfraction = 0.1\n", "late.prefill.per", "needs its unit"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\nper = \"day\"\nfraction = 0.1\npoints = 1\n",
     "late.prefill.points", "not both"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\nper = \"day\"\nfraction = 10\n", "late.prefill.fraction",
     "0.1 is 10%"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\ncap = 0.5\n", "late.prefill.cap", "needs a penalty"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\nper = \"day\"\nfraction = 0.1\nof = \"total\"\n", "late.prefill.of",
     "\"maximum\" or \"score\""),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\nper = \"day\"\npoints = 1\nof = \"score\"\n", "late.prefill.of",
     "needs fraction"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\nper = \"day\"\npoints = -1\n", "late.prefill.points", "0 or more"),
    ("[late.prefill]\ndue = 2026-03-02T23:59:00Z\ngrace_minutes = \"15m\"\n", "late.prefill.grace_minutes",
     "a number"),
    ("[late.prefil]\ndue = 2026-03-02T23:59:00Z\n", "late.prefil", "names no lesson"),
    ("late = 3\n", "late", "must be a table"),
    ("[late]\nzone = \"UTC\"\n[late.prefill]\ndue = 9999-12-31\n", "late.prefill.due", "no end of day"),
])
def test_what_is_wrong_in_late_is_said_with_course_toml_and_the_key(tmp_path, text, key, said):
    with pytest.raises(ConfigError) as raised:
        rules(tmp_path, text, ["prefill"])
    assert raised.value.key == key and said in raised.value.problem
    assert str(tmp_path / "course.toml") in str(raised.value)


def test_a_course_toml_that_is_not_toml_is_said(tmp_path):
    with pytest.raises(ConfigError, match="cannot be read"):
        rules(tmp_path, "[late\n")


ROSTER = """\
id,name,extension,extension_latency
ada,Ada,48h,
bob,Bob,2026-03-04T12:00:00+01:00,
cy,Cy,2026-03-05,
dee,Dee,,1.5d
eve,Eve,,
"""


def test_an_extension_is_a_length_or_a_new_due_time_and_a_lessons_own_column_wins(tmp_path):
    found = rules(tmp_path)
    roster = parse_roster(ROSTER, "--roster class.csv")
    due = {s: found.due("prefill", roster.students[s], roster.source) for s in roster.students}
    assert due == {"ada": DUE + dt.timedelta(hours=48), "bob": dt.datetime(2026, 3, 4, 12, tzinfo=PARIS),
                   "cy": dt.datetime(2026, 3, 6, tzinfo=PARIS),  # a date: the end of that day, in the zone
                   "dee": DUE, "eve": DUE}
    assert found.due("latency", roster.students["dee"]) == dt.datetime(2026, 3, 10, tzinfo=PARIS) + dt.timedelta(
        hours=36)
    assert found.due("latency", roster.students["ada"]) == dt.datetime(2026, 3, 10, tzinfo=PARIS) + dt.timedelta(
        hours=48)  # the every-lesson column, where the lesson's own is blank
    assert found.due("prefill", None) == DUE and found.due("other", roster.students["ada"]) is None
    found.check("prefill", roster)  # every cell reads


@pytest.mark.parametrize(("cell", "said"), [
    ("3 weeks", "neither a new due time"),
    ("2026-02-28T12:00:00+01:00", "before the lesson's own due time"),
    ("tomorrow", "neither a new due time"),
    ("99999999999h", "longer than any term"),
])
def test_an_extension_that_is_not_one_is_said_with_the_roster_line_and_column(tmp_path, cell, said):
    found = rules(tmp_path)
    roster = parse_roster(f"id,extension\nada,\nbob,{cell}\n", "--roster class.csv")
    with pytest.raises(UsageError) as raised:
        found.check("prefill", roster)
    assert "--roster class.csv, line 3, column 'extension'" in str(raised.value) and said in str(raised.value)


def test_a_mark_is_late_only_past_the_grace(tmp_path):
    policy = rules(tmp_path).lessons["prefill"]
    on_time = late.Mark(policy, DUE, DUE + dt.timedelta(minutes=10), "file-time")
    assert on_time.late == dt.timedelta(0)
    assert late.Mark(policy, DUE, DUE + dt.timedelta(hours=2), "file-time").late == dt.timedelta(hours=2)
    assert late.Mark(policy, DUE, None, "file-time").late is None


def test_an_extension_without_an_offset_needs_the_courses_zone(tmp_path):
    found = rules(tmp_path, "[late.prefill]\ndue = 2026-03-02T23:59:00+01:00\n", ["prefill"])
    roster = parse_roster("id,extension\nada,2026-03-05T12:00:00\n", "--roster class.csv")
    with pytest.raises(UsageError, match="line 2, column 'extension': 2026-03-05T12:00:00 has no UTC offset"):
        found.check("prefill", roster)
