"""grader.batch.submitted: when each entry was handed in, by the export's own clock where it has one."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import zipfile

import pytest

from grader.batch import late, submitted
from grader.batch.entries import Entry
from grader.batch.roster import parse as parse_roster

PARIS = dt.timezone(dt.timedelta(hours=1))
WHEN = dt.datetime(2026, 3, 3, 10, 30, tzinfo=dt.UTC)
METADATA = """\
---
submission_111:
  :submitters:
  - :name: John Smith
    :email: john@example.edu
  :created_at: 2026-03-02 22:10:48.373124000 -08:00
  :score: 4.0
  :results:
    :output: |-
      :created_at: 2020-01-01 00:00:00 +00:00
submission_222:
  :submitters:
  - :name: Zoe
    :email: zoe@example.edu
  :results:
    :output: |-
      :created_at: 2020-01-01 00:00:00 +00:00
"""


def touched(path, when: dt.datetime = WHEN):
    """``path`` (made, empty, when it is not there) dated ``when``, as an extraction that keeps times leaves it."""
    if not path.exists():
        path.write_bytes(b"")
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def entry(source, layout: str = "", parts=()) -> Entry:
    return Entry(source.name, source, source, "h", layout=layout, parts=tuple(parts))


def test_gradescope_times_are_read_at_each_submissions_top_level_only(tmp_path):
    (tmp_path / "submission_metadata.yml").write_text(METADATA, encoding="utf-8")
    found = submitted.gradescope_times(tmp_path / "submission_metadata.yml")
    # 222's only created_at is quoted inside an autograder's output, more deeply indented: not its time
    assert found == {"submission_111": dt.datetime(2026, 3, 3, 6, 10, 48, tzinfo=dt.UTC)}
    folder = tmp_path / "submission_111"
    folder.mkdir()
    expected = submitted.Submitted(found["submission_111"], submitted.GRADESCOPE)
    assert submitted.of(entry(folder), found, None) == expected
    assert submitted.gradescope_times(tmp_path / "absent.yml") == {}


def test_canvas_keeps_its_late_marker_beside_the_newest_file_time(tmp_path):
    early = touched(tmp_path / "doejane_LATE_23456_1_answers.toml", WHEN - dt.timedelta(hours=3))
    newest = touched(tmp_path / "doejane_LATE_23456_2_prefill.py")
    found = submitted.of(entry(newest, "canvas", [early, newest]), {}, None)
    assert found == submitted.Submitted(WHEN, submitted.FILE, True)
    on_time = touched(tmp_path / "smithjohn_12345_3_prefill.py")
    assert submitted.of(entry(on_time, "canvas", [on_time]), {}, None).marked_late is False


def test_blackboard_gives_the_attempts_own_date_read_in_the_courses_zone(tmp_path):
    file = touched(tmp_path / "hw_ada_attempt_2026-03-02-23-10-05_prefill.py")
    found = submitted.of(entry(file, "blackboard", [file]), {}, PARIS)
    assert found == submitted.Submitted(dt.datetime(2026, 3, 2, 23, 10, 5, tzinfo=PARIS), submitted.BLACKBOARD_ATTEMPT)


def test_a_zip_gives_its_newest_member_read_in_the_courses_zone(tmp_path):
    path = tmp_path / "ada.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("prefill.py", (2026, 3, 2, 21, 0, 0)), "x = 1\n")
        archive.writestr(zipfile.ZipInfo("answers.toml", (2026, 3, 2, 22, 0, 0)), "")
    touched(path, WHEN + dt.timedelta(days=9))  # the download's own date is not the student's
    assert submitted.of(entry(path), {}, PARIS) == submitted.Submitted(
        dt.datetime(2026, 3, 2, 22, tzinfo=PARIS), submitted.ZIP)


def test_a_folder_gives_its_newest_file_leaving_git_out_and_links_unfollowed(tmp_path):
    folder = tmp_path / "ada"
    (folder / "sub").mkdir(parents=True)
    touched(folder / "prefill.py", WHEN - dt.timedelta(days=1))
    touched(folder / "sub" / "answers.toml")
    (folder / ".git").mkdir()
    touched(folder / ".git" / "HEAD", WHEN + dt.timedelta(days=30))  # cloned later: no hand-in time
    outside = touched(tmp_path / "outside.py", WHEN + dt.timedelta(days=60))
    (folder / "link.py").symlink_to(outside)
    found = submitted.of(entry(folder), {}, None)
    assert found.at == WHEN and found.source in (submitted.FILE, submitted.GIT)
    assert submitted.of(entry(tmp_path / "nothing-here"), {}, None) == submitted.Submitted(None, submitted.FILE)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_repository_gives_its_last_commit_and_its_own_config_runs_nothing(tmp_path):
    """A signed commit makes ``git log`` run the repository's ``gpg.program`` when ``log.showSignature`` is set
    (checked below on a plain ``git log``): the student's repository must not run anything of theirs here."""
    repo = tmp_path / "prefill-ada"
    repo.mkdir()
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

    def git(*arguments: str, given: str | None = None) -> str:
        return subprocess.run(["git", *arguments], cwd=repo, env=env, check=True, capture_output=True, text=True,
                              input=given).stdout.strip()

    git("init", "-q")
    commit = (f"tree {git('write-tree')}\nauthor a <a@b> 1772490000 +0100\ncommitter a <a@b> 1772490000 +0100\n"
              "gpgsig -----BEGIN PGP SIGNATURE-----\n \n AAAA\n -----END PGP SIGNATURE-----\n\nwork\n")
    git("update-ref", "HEAD", git("hash-object", "-t", "commit", "-w", "--stdin", given=commit))
    marker, hook = tmp_path / "ran", tmp_path / "evil.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n", encoding="utf-8")
    hook.chmod(0o755)
    with (repo / ".git" / "config").open("a", encoding="utf-8") as config:  # what a hostile repository may hold
        config.write(f"[log]\n\tshowSignature = true\n[gpg]\n\tprogram = {hook}\n[core]\n\tfsmonitor = {hook}\n")
    git("log", "-1", "--format=%cI")
    assert marker.exists()  # a plain git log runs it
    marker.unlink()
    touched(repo / "prefill.py", WHEN + dt.timedelta(days=3))
    found = submitted.of(entry(repo), {}, None)
    assert found == submitted.Submitted(dt.datetime(2026, 3, 2, 23, 20, tzinfo=PARIS), submitted.GIT)
    assert not marker.exists()


def test_a_time_no_calendar_holds_in_utc_is_not_known_never_a_crash(tmp_path):
    folder = tmp_path / "submission_9"
    folder.mkdir()
    far = dt.datetime(9999, 12, 31, 23, 59, tzinfo=dt.timezone(-dt.timedelta(hours=12)))
    assert submitted.of(entry(folder), {"submission_9": far}, None) == submitted.Submitted(None, submitted.GRADESCOPE)


def test_marks_give_each_student_their_time_and_due_time_with_the_rosters_extension(tmp_path):
    rules = late.parse({"zone": "+01:00", "prefill": {"due": "2026-03-02T23:59:00", "per": "day", "fraction": 0.1}},
                       "course.toml")
    roster = parse_roster("id,extension\n12345,\n23456,1d\n", "--roster class.csv")
    files = {name: touched(tmp_path / f"{name}_9_prefill.py") for name in ("smithjohn_12345", "doejane_LATE_23456")}
    found = {key: Entry(key, path, path, "h", identity=key.rsplit("_", 1)[-1], layout="canvas", parts=(path,))
             for key, path in files.items()}
    marks = submitted.marks(tmp_path, found, rules, "prefill", roster)
    due = dt.datetime(2026, 3, 2, 23, 59, tzinfo=PARIS)
    assert (marks["smithjohn_12345"].due, marks["doejane_LATE_23456"].due) == (due, due + dt.timedelta(days=1))
    assert marks["doejane_LATE_23456"].marked_late and marks["smithjohn_12345"].submitted == WHEN
    assert submitted.marks(tmp_path, found, rules, "latency", roster) == {}  # no policy for that lesson
    assert submitted.marks(tmp_path, found, None, "prefill", roster) == {}
