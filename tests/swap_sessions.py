"""Stand-ins for a GradingSession that grade folders and change the class folder mid-batch.

``FolderSession`` grades a module file, or a folder by its ``prefill.py``: "1" passes. ``SwapSession``
does so too, and while it grades an entry named in ``GRADER_TEST_SWAP`` (``entry=path=text``, several
joined by ``;``) it writes ``text`` into ``path``: a student's file in the submissions folder changed after every entry
was hashed and before a later one is graded, at that one instant, whatever the machine's speed.
They live on the test path because a spawned grading process imports its session by name.
"""

from __future__ import annotations

import os
from pathlib import Path

from grader.result import CheckResult, Report, TaskResult

SWAP = "GRADER_TEST_SWAP"


class FolderSession:
    def __init__(self, lesson, course, solutions=None):
        pass

    def grade(self, path, student=None):
        path = Path(path)
        module = path / "prefill.py" if path.is_dir() else path
        passed = module.read_text().strip() == "1"
        task = TaskResult(id="t", title="t", max_score=2.0, checks=[CheckResult("c", passed=passed)])
        return Report(lesson="fake", title="", submission=str(path), tasks=[task], output=f"student={student}")

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SwapSession(FolderSession):
    def grade(self, path, student=None):
        for swap in filter(None, os.environ.get(SWAP, "").split(";")):
            entry, target, text = swap.split("=")
            if Path(path).name == entry:
                Path(target).write_text(text)
        return super().grade(path, student)
