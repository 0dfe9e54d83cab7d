"""``grader grade`` of a zip: opened as a batch opens one (grader.cli._unzipped), named as the zip."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

from paths import ROOT


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_a_zip_is_graded_as_the_batch_opens_it_and_a_broken_one_refused_naming_it(tmp_path):
    """A TA regrading one student of an export runs ``grader grade alice.zip`` (round 8 of issue 25: exit 2,
    "not a .zip", where the batch graded the same file)."""
    with zipfile.ZipFile(tmp_path / "alice.zip", "w") as archive:
        for name in ("prefill.py", "answers.toml"):
            archive.write(ROOT / "solutions" / "prefill" / name, f"alice/{name}")
    result = run("grade", str(tmp_path / "alice.zip"), "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["score"] == 17
    assert json.loads(result.stdout)["submission"] == str(tmp_path / "alice.zip")  # never the scratch folder
    with zipfile.ZipFile(tmp_path / "carol.zip", "w") as archive:
        archive.writestr("carol/notes.txt", "nothing graded here")
    empty = run("grade", str(tmp_path / "carol.zip"), "--lesson", "prefill")
    assert empty.returncode == 2 and empty.stderr.startswith(f"grader: {tmp_path / 'carol.zip'}: holds neither"), \
        empty.stderr
    (tmp_path / "bob.zip").write_bytes((tmp_path / "alice.zip").read_bytes()[:200])  # a download cut short
    refused = run("grade", str(tmp_path / "bob.zip"), "--lesson", "prefill")
    assert refused.returncode == 2 and "bob.zip: not a readable zip archive" in refused.stderr, refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
