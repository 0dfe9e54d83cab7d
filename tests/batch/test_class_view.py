"""grader.batch.class_view: what the class report reads of each row, here a roster's sections and absences and
a late policy's lateness (the parts drawn from them are tests/batch/test_class_report_monday.py's)."""

from __future__ import annotations

from grader.batch.class_view import enrol, gather
from grader.batch.exports import lines
from grader.batch.gradebook import Row
from grader.batch.lateness import Kept
from grader.batch.roster import parse

ROSTER = "id,name,section\n971249,\"Allen, Ada\",A\n5005946,,B\n777,Cy Cole,A\n"


def test_a_roster_gives_each_row_its_section_and_each_absent_student_a_missing_standing():
    late = Kept("2026-03-04T00:59:00+00:00", "file-time", 1, "2026-03-02T23:59:00+00:00", 90000.0, 1.0, 4.0)
    rows = [Row("allenada_971249", "graded", 5.0, 5.0, "", {}, "971249", kept=late),
            Row("bellbob_5005946", "graded", 2.5, 5.0, "", {}, "5005946"),
            Row("stranger_42", "rejected", 0.0, None, "no module", {}, "42")]
    view = gather(rows, [])
    assert [s.late for s in view.standings] == [25.0, None, None] and view.standings[0].penalty == 1.0
    assert view.standings[0].is_late and not view.known("section")
    enrol(view, lines(rows, parse(ROSTER, "class.csv"))[0])
    found = {s.student: (s.status, s.section, s.missing) for s in view.standings}
    assert found == {"allenada_971249": ("graded", "A", False), "bellbob_5005946": ("graded", "B", False),
                     "stranger_42": ("rejected", None, None),  # on no roster: neither in a section nor missing
                     "Cy Cole (777)": ("missing", "A", True)}
    assert view.standings[0].is_late  # what it knew of lateness is kept
