"""grader.batch.identity: whose numbers each entry of a class folder is graded with, by the folder's layout."""

from __future__ import annotations

from grader.batch.identity import gradescope_submitters, identities

GRADESCOPE_EXPORT = """\
---
submission_111:
  :submitters:
  - :name: John Smith
    :sid: '42'
    :email: John.Smith@Example.edu
  :created_at: 2025-10-01 10:00:00.000000000 -07:00
  :score: 4.0
  :results:
    :output: |-
      :email: mallory@example.edu
submission_222:
  :submitters:
  - :name: Zoe
    :email: "zoe@example.edu"
  - :name: Amy
    :email: amy@example.edu
submission_333:
  :submitters:
  - :name: Nobody
"""


def test_a_plain_folder_names_each_student_by_the_entry_normalised(tmp_path):
    assert identities(tmp_path, ["alice", "Bob", "Jose\u0301"], exported=None) == {
        "alice": "alice", "Bob": "bob", "Jose\u0301": "josé"}


def test_an_lms_export_names_each_student_by_the_lms_number_not_the_name(tmp_path):
    """Canvas's <name>_<user id> and Moodle's <full name>_<participant id>: the number, which a roster lists."""
    assert identities(tmp_path, ["smithjohn_12345"], exported="canvas") == {"smithjohn_12345": "12345"}
    assert identities(tmp_path, ["John Smith_678"], exported="moodle") == {"John Smith_678": "678"}
    assert identities(tmp_path, ["Mary_Lee"], exported="blackboard") == {"Mary_Lee": "mary_lee"}  # its username


def test_a_gradescope_export_names_each_submission_by_its_submitters_email(tmp_path):
    (tmp_path / "submission_metadata.yml").write_text(GRADESCOPE_EXPORT)
    assert gradescope_submitters(tmp_path / "submission_metadata.yml") == {
        "submission_111": "john.smith@example.edu",  # never an e-mail quoted in an autograder's output
        "submission_222": "amy@example.edu"}  # a group: the first of its members', as the autograder takes it
    found = identities(tmp_path, ["submission_111", "submission_222", "submission_333", "stray"], exported=None)
    assert found == {"submission_111": "john.smith@example.edu", "submission_222": "amy@example.edu",
                     "submission_333": "submission_333", "stray": "stray"}  # no e-mail: its name, as any folder


def test_a_github_classroom_clone_names_each_repository_by_its_username(tmp_path):
    """``gh classroom clone student-repos`` writes <assignment>-submissions/<assignment>-<username>."""
    folder = tmp_path / "prefill-submissions"
    folder.mkdir()
    found = identities(folder, ["prefill-Alice", "prefill-bob-2", "prefill-", "other-carol"], exported=None)
    assert found == {"prefill-Alice": "alice", "prefill-bob-2": "bob-2", "prefill-": "prefill-",
                     "other-carol": "other-carol"}
    assert identities(tmp_path, ["prefill-alice"], exported=None) == {"prefill-alice": "prefill-alice"}


def test_every_layout_gives_one_student_one_id(tmp_path):
    """The same student, reaching the grader by three layouts, is one id: one variant."""
    (tmp_path / "gs").mkdir()
    (tmp_path / "gs" / "submission_metadata.yml").write_text(
        "submission_1:\n  :submitters:\n  - :name: A\n    :email: Alice@Example.edu\n")
    (tmp_path / "prefill-submissions").mkdir()
    ids = {identities(tmp_path / "gs", ["submission_1"], None)["submission_1"],
           identities(tmp_path, ["ALICE@example.edu "], None)["ALICE@example.edu "],
           identities(tmp_path / "prefill-submissions", ["prefill-alice@example.edu"], None)[
               "prefill-alice@example.edu"]}
    assert ids == {"alice@example.edu"}


def test_an_id_is_read_from_the_name_as_the_layout_gave_it_not_from_its_inert_escape(tmp_path):
    """A key is inert (``Ana\\u200d``, escaped); the id comes from the name itself: ``ana``. A name of only
    invisible characters gives no id ("", refused where an id is needed), never its escape's text."""
    found = identities(tmp_path, ["Ana\\u200d", "\\u200d", "esc\\x1b", "caf\\xe9"], exported=None,
                       names={"Ana\\u200d": "Ana\u200d", "\\u200d": "\u200d", "esc\\x1b": "esc\x1b",
                              "caf\\xe9": "caf\udce9"})
    assert found == {"Ana\\u200d": "ana", "\\u200d": "",  # a control character, bytes not UTF-8: the key's
                     "esc\\x1b": "esc\\x1b", "caf\\xe9": "caf\\xe9"}
    assert identities(tmp_path, ["Lee\\u200d_7"], exported="blackboard", names={"Lee\\u200d_7": "Lee\u200d_7"}) == {
        "Lee\\u200d_7": "lee_7"}
