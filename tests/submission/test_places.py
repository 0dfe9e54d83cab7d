"""grader.submission.places: one walk of a submission folder, which installed code cannot exhaust."""

from __future__ import annotations

import os
from pathlib import PurePath

from grader.submission.places import search

from courses import folder

WANTED = ("prefill.py", "prefill.ipynb", "answers.toml")


def venv(root, files: int):
    """A virtual environment of ``files`` empty modules under ``root`` (with its pyvenv.cfg)."""
    lib = root / "lib" / "python3.11" / "site-packages" / "pkg"
    lib.mkdir(parents=True)
    (root / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    for n in range(files):
        (lib / f"m{n}.py").write_bytes(b"")
    return root


def test_places_are_found_whatever_the_case_of_their_names(tmp_path):
    repo = folder(tmp_path / "repo", "answers.toml", "a/Prefill.py", "a/prefill.py", "b/c/PREFILL.IPYNB", "d/x.py")
    found = search(repo, WANTED)
    assert found.complete
    assert [(p.folder, p.names) for p in found.places] == [
        (PurePath(), {"answers.toml": ("answers.toml",)}),
        (PurePath("a"), {"prefill.py": ("Prefill.py", "prefill.py")}),
        (PurePath("b/c"), {"prefill.ipynb": ("PREFILL.IPYNB",)})]
    assert found.places[1].file("prefill.py") == "prefill.py"
    assert found.places[2].file("prefill.ipynb") == "PREFILL.IPYNB" and found.places[2].file("prefill.py") is None


def test_a_twenty_thousand_file_venv_is_never_entered(tmp_path):
    """The search touches as many entries as in the same repository without the environment, give or take its
    top: a bound in files would have stopped inside it (MAX_SUBMISSION_FILES) and found nothing."""
    small = folder(tmp_path / "small", "README.md", "exercises/prefill/prefill.py")
    big = folder(tmp_path / "big", "README.md", "exercises/prefill/prefill.py")
    venv(big / "venv", 20_000)
    venv(big / "env", 10)  # any name, with pyvenv.cfg
    (big / ".venv").mkdir()
    (big / "node_modules" / "x").mkdir(parents=True)
    (big / "node_modules" / "x" / "prefill.py").write_bytes(b"")
    found, alone = search(big, WANTED), search(small, WANTED)
    assert [p.folder for p in found.places] == [PurePath("exercises/prefill")] and found.complete
    assert found.visited <= alone.visited + 10, (found.visited, alone.visited)


def test_the_search_is_bounded_in_time_and_in_names_not_in_files(tmp_path):
    repo = folder(tmp_path / "repo", *(f"f{n}.txt" for n in range(600)), "zz/prefill.py")
    assert search(repo, WANTED).places and search(repo, WANTED).complete
    stopped = search(repo, WANTED, name_bytes=100)
    assert not stopped.complete and not stopped.places
    assert not search(repo, WANTED, seconds=-1).complete  # checked every 256 entries


def test_links_are_never_followed_and_depth_is_bounded(tmp_path):
    outside = folder(tmp_path / "outside", "prefill.py")
    repo = folder(tmp_path / "repo", "README.md")
    (repo / "link").symlink_to(outside, target_is_directory=True)
    os.symlink(outside / "prefill.py", repo / "prefill.py")
    folder(repo / os.path.join(*["d"] * 40), "prefill.py")
    assert search(repo, WANTED).places == ()


def test_what_was_seen_is_the_top_and_modules_anywhere(tmp_path):
    repo = folder(tmp_path / "repo", "notes.txt", "sub/Prefill_v2.py", "sub/data.csv")
    assert search(repo, WANTED).seen == (PurePath("notes.txt"), PurePath("sub/Prefill_v2.py"))
