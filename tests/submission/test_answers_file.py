"""grader.submission.answers_file: reading answers.toml so that a line TOML refuses is read as typed."""

from __future__ import annotations

import pytest

from grader.submission.answers_file import (
    MAX_BROKEN_LINES,
    MAX_KEPT,
    MAX_STATEMENTS,
    Answers,
    Conflict,
    Incomparable,
    load_answers,
    opens,
    put,
)


def written(tmp_path, text: str):
    path = tmp_path / "answers.toml"
    path.write_text(text, encoding="utf-8")
    return load_answers(path, "answers.toml")


# ---------------------------------------------------------------------------- a whole file

def test_without_a_file_there_are_no_answers_and_the_reason():
    answers, problem = load_answers(None, "answers.toml")
    assert answers is None
    assert "no answers.toml was handed in" in problem


def test_a_valid_file_is_read_whole(tmp_path):
    answers, problem = written(tmp_path, 'flops = "1.4 × 10^13"\npairs = 10\nquiz = "B"\n')
    assert (answers, problem) == ({"flops": "1.4 × 10^13", "pairs": 10, "quiz": "B"}, None)
    assert isinstance(answers, Answers) and answers.notes == []


@pytest.mark.parametrize("encoding, read_as", [("cp1252", "Windows-1252"), ("utf-16", "UTF-16"),
                                                ("utf-16-be", "UTF-16"), ("utf-16-le", "UTF-16")])
def test_a_file_in_another_editors_encoding_is_read_and_said(tmp_path, encoding, read_as):
    """Notepad's "Unicode" is UTF-16 with a byte-order mark, an older editor's cp1252: each answer
    is still read (the × as typed), with a note to save as UTF-8; UTF-16 without its mark too."""
    path = tmp_path / "answers.toml"
    text = 'flops = "1.4 × 10^13"  # é\npairs = 10\n'
    path.write_bytes(text.encode(encoding))
    answers, problem = load_answers(path, "answers.toml")
    assert problem is None and answers == {"flops": "1.4 × 10^13", "pairs": 10}
    assert answers.notes == [f"answers.toml is not UTF-8: it was read as {read_as} text (save it as UTF-8 to be "
                             "sure every character is read as you typed it)"]


def test_utf16_that_does_not_decode_is_refused(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_bytes(b"\xff\xfe" + b"\x00\xd8")  # a byte-order mark, then a lone surrogate
    assert load_answers(path, "answers.toml") == (
        None, "answers.toml starts like UTF-16 text but is not: save it as UTF-8 text")


def test_a_path_that_cannot_be_read_is_said(tmp_path):
    answers, problem = load_answers(tmp_path, "answers.toml")  # a folder, not a file
    assert answers is None and "answers.toml cannot be read" in problem


def test_a_huge_file_is_refused(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_bytes(b"# " + b"x" * (1 << 20) + b"\n")
    answers, problem = load_answers(path, "answers.toml")
    assert answers is None and "larger than" in problem


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_bytes(b"\xef\xbb\xbf" + b'flops = "1.4e13"\n')
    assert load_answers(path, "answers.toml") == ({"flops": "1.4e13"}, None)


@pytest.mark.parametrize("flops", ["1" * 400, "1" * 5000, "-" + "9" * 10_000, "1e400", "1.4e-400"],
                         ids=["400-digits", "5000-digits", "10000-digits", "float-beyond", "float-below"])
def test_a_number_no_float_holds_is_a_stand_in_beside_every_other_answer(tmp_path, flops):
    answers, problem = written(tmp_path, f'flops = {flops}\npairs = 10\nquiz = "B"\n')
    assert problem is None and (answers["pairs"], answers["quiz"]) == (10, "B")
    assert isinstance(answers["flops"], (Incomparable, int)) and not isinstance(answers["flops"], bool)


def test_long_digits_in_strings_and_comments_are_left_alone(tmp_path):
    digits = "7" * 5000
    answers, problem = written(tmp_path, f'note = "{digits}"\n# {digits}\nlit = \'{digits}\'\n'
                                         f'flops = {digits}\nnested = [1, {{ x = {digits} }}]\npairs = 10\n')
    assert problem is None
    assert answers["note"] == answers["lit"] == digits and answers["pairs"] == 10
    assert repr(answers["flops"]) == repr(answers["nested"][1]["x"]) == "a whole number with 5000 digits"


# ---------------------------------------------------------------------------- a broken line is read as typed

TEMPLATE = 'flops = "1.4e13"\nseconds = "0.28 s"\npairs = 10\n'


def test_an_unquoted_value_is_read_as_typed_and_said_in_one_note_naming_line_and_fix(tmp_path):
    answers, problem = written(tmp_path, TEMPLATE + "quiz = B\n")
    assert problem is None
    assert answers == {"flops": "1.4e13", "seconds": "0.28 s", "pairs": 10, "quiz": "B"}
    assert answers.places["quiz"] == "line 4"
    assert answers.notes == ["answers.toml line 4 is not valid TOML, so its answer was read as the text after '='; "
                             "to be sure an answer is read as you mean it, write text between straight double "
                             'quotes ("), as in: quiz = "B"']


def test_curly_quotes_are_said_to_be_a_word_processors(tmp_path):
    answers, _ = written(tmp_path, "flops = “1.4e13”\nquiz = ‘B’\n")
    assert answers == {"flops": "1.4e13", "quiz": "B"}
    (note,) = answers.notes
    assert note.startswith("answers.toml lines 1 and 2 are not valid TOML (“curly” quotes, as a word processor "
                           "writes them, are not TOML's)") and note.endswith('as in: flops = "1.4e13"; quiz = "B"')


@pytest.mark.parametrize("typed, value", [
    ('"1.4e13', "1.4e13"), ("“1.4e13", "1.4e13"), ('"B" because it is causal', "B because it is causal"),
    ('"B",', "B"), ("10;", "10"), ("0.28 s  # from 1.4e13 / 5e13", "0.28 s"),
    ("“B # not a comment”", "B # not a comment"),
    ("« 0,28 s »", "0,28 s"), ("it's B", "it's B"), ("14'000", "14'000"), ("'B'", "B"), ("", ""),
])
def test_the_text_after_the_equals_sign_is_read_without_its_comment_and_quotes(tmp_path, typed, value):
    answers, _ = written(tmp_path, f"quiz = {typed}\npairs = 10\n")
    assert answers["quiz"] == value and answers["pairs"] == 10


def test_a_stray_line_costs_nothing_and_is_said_once_in_the_notes(tmp_path):
    answers, problem = written(tmp_path, TEMPLATE + "I was not sure about the quiz\nquiz = \"B\"\n")
    assert problem is None and answers == {"flops": "1.4e13", "seconds": "0.28 s", "pairs": 10, "quiz": "B"}
    (note,) = answers.notes
    assert note.startswith("answers.toml line 4") and "'I was not sure about the quiz'" in note
    assert "left out" in note


def test_several_stray_lines_are_one_note(tmp_path):
    answers, _ = written(tmp_path, "hello\n" + TEMPLATE + "world\nagain\n")
    (note,) = answers.notes
    assert "has 3 lines that are not valid TOML" in note and "line 1" in note


def test_multi_line_values_and_tables_still_read_around_a_broken_line(tmp_path):
    text = 'notes = """two\nlines"""\nlist = [1,\n  2]\nquiz = B\n[extra]\nx = 1\ny = oops\ny = "oops"\nz = maybe\n'
    answers, problem = written(tmp_path, text)
    assert problem is None
    assert answers["notes"] == "two\nlines" and answers["list"] == [1, 2] and answers["extra"]["x"] == 1
    assert answers["quiz"] == "B" and answers.places["quiz"] == "line 5"
    # a broken line under a table is that table's (the answers may be read from it: grading.answers)
    assert answers["extra"]["y"] == "oops" and answers["extra"]["z"] == "maybe"
    (note,) = answers.notes
    assert note.startswith("answers.toml lines 5, 8 and 10 are not valid TOML")


def test_a_typed_line_in_a_table_never_silently_replaces_another_typed_answer(tmp_path):
    answers, _ = written(tmp_path, '[answers]\nquiz = "A"\nquiz = B\n')
    assert answers["answers"]["quiz"] == Conflict((("earlier in the same table", "A"), ("line 3", "B")))


def test_a_broken_line_under_a_header_that_is_no_plain_table_answers_nothing(tmp_path):
    answers, _ = written(tmp_path, 'pairs = 10\n[[runs]]\nquiz = B\n')
    (note,) = answers.notes
    assert "line 3" in note and "answers nothing" in note


def test_a_file_that_answers_nothing_is_refused_whole_with_the_line(tmp_path):
    answers, problem = written(tmp_path, "this is not\na TOML file\n")
    assert answers is None
    assert problem.startswith("answers.toml is not valid TOML") and "line 1" in problem
    assert 'key = "your answer"' in problem


def test_a_file_mostly_broken_is_refused_whole(tmp_path):
    answers, problem = written(tmp_path, 'pairs = 10\n' + "x y\n" * (MAX_BROKEN_LINES + 1))
    assert answers is None and "is not valid TOML" in problem


def test_a_long_file_is_read_in_runs_with_every_key_in_its_place(tmp_path):
    lines = [f"k{n} = {n}" for n in range(3000)]
    lines[1234] = "quiz = B"
    answers, problem = written(tmp_path, "\n".join(lines) + "\n")
    assert problem is None and len(answers) == 3000
    assert answers["k2999"] == 2999 and answers.places["k2999"] == "line 3000"
    assert answers["quiz"] == "B" and answers.notes[0].startswith("answers.toml line 1235 is not valid TOML")


def test_a_file_that_repeats_a_key_past_reason_is_refused_whole(tmp_path):
    answers, problem = written(tmp_path, "quiz = B\n" + 'flops = "1"\n' * (MAX_STATEMENTS + 1))
    assert answers is None and "is not valid TOML" in problem


def test_a_repeated_key_keeps_the_typed_answer_over_the_template(tmp_path):
    answers, problem = written(tmp_path, 'quiz = "B"\n' + TEMPLATE + 'quiz = ""\n')
    assert problem is None and answers["quiz"] == "B" and answers["flops"] == "1.4e13"


def test_a_repeated_key_with_two_typed_answers_is_a_conflict_with_both_places(tmp_path):
    answers, _ = written(tmp_path, 'quiz = "A"\n' + TEMPLATE + 'quiz = "B"\n')
    assert answers["quiz"] == Conflict((("line 1", "A"), ("line 5", "B")))


def test_hostile_lines_are_noted_short_with_a_fix_that_is_valid_toml(tmp_path):
    answers, _ = written(tmp_path, "quiz = " + "\u202e\x1b[2J" * 5000 + "\n" + TEMPLATE)
    (note,) = answers.notes
    assert len(note) < 400 and answers["pairs"] == 10 and note.endswith('as in: quiz = "..."')
    assert "\x1b" not in note and "\u202e" not in note


# ---------------------------------------------------------------------------- put and opens

def test_put_never_lets_an_empty_value_replace_a_typed_one():
    answers = Answers()
    put(answers, "quiz", "", "cell 4")
    put(answers, "quiz", "B", "cell 5")
    put(answers, "quiz", "  ", "cell 20")
    put(answers, "quiz", None, "cell 21")
    assert answers == {"quiz": "B"} and answers.places["quiz"] == "cell 5"


def test_put_keeps_every_typed_value_of_a_conflict_in_order():
    answers = Answers()
    for where, value in (("cell 4", "A"), ("cell 20", "B"), ("cell 21", ""), ("cell 22", "b")):
        put(answers, "quiz", value, where)
    assert answers["quiz"] == Conflict((("cell 4", "A"), ("cell 20", "B"), ("cell 22", "b")))


def test_put_keeps_the_first_few_of_a_key_repeated_many_times_and_counts_them():
    answers = Answers()
    for i in range(100_000):  # a hostile file: cost linear in its lines, a bounded Conflict
        put(answers, "quiz", f"{i % 2}", f"line {i + 1}")
    assert answers["quiz"].given == tuple((f"line {i + 1}", f"{i % 2}") for i in range(MAX_KEPT))
    assert answers["quiz"].count == 100_000


@pytest.mark.parametrize("line, expected", [('x = """start', True), ("x = [1,", True), ("x = (", True),
                                            ("x = {a = 1,", True), ('x = "[not open"', False), ("x = 1", False),
                                            ("x = [1]", False)])
def test_opens_tells_a_statement_that_goes_on_below(line, expected):
    assert opens(line) is expected
