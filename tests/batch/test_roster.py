"""grader.batch.roster: the class list read strictly, every bad input said with its file and line."""

from __future__ import annotations

import pytest

from grader.batch.roster import MISSING_BLANK, MISSING_ZERO, missing_score, read
from grader.exceptions import ConfigError, UsageError

HEADER = "id,name,email,section,canvas_id,sis_user_id,sis_login_id,extension_hours\n"


def roster_file(tmp_path, text: str | bytes):
    path = tmp_path / "class.csv"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def test_a_roster_keeps_each_student_with_their_section_lms_ids_and_extra_columns(tmp_path):
    roster = read(roster_file(tmp_path, HEADER + "971249,\"Allen, Ada\",ada@u.edu,A,971249,S1,ada,24\n"
                                                 " Bob ,Bob B,bob@u.edu,B,5005946,S2,bob,\n"))
    assert list(roster.students) == ["971249", "bob"]  # normalised, in the file's order
    ada = roster.students["971249"]
    assert (ada.name, ada.email, ada.section, ada.line) == ("Allen, Ada", "ada@u.edu", "A", 2)
    assert ada.lms == {"canvas_id": "971249", "sis_user_id": "S1", "sis_login_id": "ada"}
    assert ada.extra == {"extension_hours": "24"}  # kept for what needs it later (a late policy)
    assert roster.students["bob"].raw_id == " Bob ".strip()
    assert roster.match("BOB") is roster.students["bob"]  # one normalisation, as entries' ids
    assert roster.match("", "971249") is ada and roster.match("nobody") is None


def test_a_utf8_bom_and_semicolons_are_read_as_a_spreadsheet_writes_them(tmp_path):
    roster = read(roster_file(tmp_path, "\ufeffid;name;section\nJos\u00e9;Jos\u00e9 G;A\n"))
    assert list(roster.students) == ["jos\u00e9"] and roster.columns == ("id", "name", "section")


@pytest.mark.parametrize(("text", "said"), [
    ("", "empty"),
    ("name,email\nAda,ada@u.edu\n", "line 1: no 'id' column"),
    ("id,name\nada,Ada\nADA ,Ada again\n", "line 3: the id 'ADA' is on line 2 already"),
    ("id,name\nada,Ada\n,nobody\n", "line 3: no student id"),
    ("id,name\nada,=HYPERLINK(\"http://x\")\n", "line 2, column 'name'"),
    ("id,name\n@SUM(A1),Ada\n", "starts like a spreadsheet formula"),
    ("id,name\nada,Ada,extra\n", "line 2: 3 cells, but the header names 2 columns"),
    ("id,id\nada,ada\n", "named twice"),
    ("id,name\n", "a header but no student"),
    ("id,name\nada,\"open\n", "not CSV"),
    (b"id,name\nada,Ada\nb\xe9a,B\xe9a\n", "line 3: not UTF-8"),
    ("id,name\nada,Ada\n".encode("utf-16"), "UTF-16"),
])
def test_what_is_not_a_roster_is_said_with_the_file_and_line(tmp_path, text, said):
    path = roster_file(tmp_path, text)
    with pytest.raises(UsageError) as raised:
        read(path)
    assert str(path) in str(raised.value) and said in str(raised.value)


def test_a_negative_number_is_a_number_not_a_formula(tmp_path):
    assert read(roster_file(tmp_path, "id,points\nada,-3\n")).students["ada"].extra == {"points": "-3"}


def test_a_missing_roster_file_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="cannot be read"):
        read(tmp_path / "absent.csv")


def test_a_missing_students_score_is_what_course_toml_says_blank_by_default(tmp_path):
    course = tmp_path / "course.toml"
    assert missing_score(course) == MISSING_BLANK  # no course.toml
    course.write_text('lessons = ["prefill"]\n', encoding="utf-8")
    assert missing_score(course) == MISSING_BLANK
    course.write_text('[gradebook]\nmissing = "zero"\n', encoding="utf-8")
    assert missing_score(course) == MISSING_ZERO
    course.write_text('[gradebook]\nmissing = 0\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"gradebook\.missing"):
        missing_score(course)
