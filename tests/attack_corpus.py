"""The adversarial corpus (tests/attacks/), read: each attack, its header, and what it expects in each mode.

Shared by tests/e2e/test_attacks.py, which grades every attack in both sandbox modes, and
tests/e2e/test_attacks_scenarios.py, which grades chosen ones in sequences and formats that
one verdict cannot judge; kept apart from them so that neither test module grows past the
house's 450 lines.

Each attack is one small submission (see tests/attacks/README.md) whose leading comments
declare what it is and what must happen::

    # what: causal_mask ends its process with os._exit(0)
    # category: exit
    # expect-lost: causal_mask            tasks that must lose points; every other task keeps full marks
    # expect-feedback: exited with status text the feedback of every lost task must contain
    #                                     ("task_id: text" for one task only)

and optionally ``expect-status``, ``expect-score`` (the CLI's total), ``expect-absent: TEXT`` (text the
submission wrote that must appear nowhere in the report), ``run: cli`` (grade with
``python -m grader`` in a subprocess, for attacks on the grading process itself),
``manifest: key = value`` (a lesson.toml override), ``requires: handle-escape``,
``modes: bubblewrap`` with ``limited-breaks: <kinds>`` (only bubblewrap can stop it: limited
mode runs the worker as root, so these kinds of violation are *expected* there), and
``hole: <mode|both>: <kinds>: <reason>`` (a hole found in the grader: an expected failure
until it is fixed). The kinds of violation are attack_judge's.
"""

from __future__ import annotations

import os
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import grader

from paths import ATTACKS

ROOT = Path(grader.__file__).resolve().parent.parent

REFERENCE = ROOT / "solutions" / "prefill"
MODES = ("bubblewrap", "limited")

CODE_TASKS = ("prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential")
ANSWER_TASKS = ("hand_flops", "hand_seconds", "hand_pairs", "quiz")
ALL_TASKS = CODE_TASKS + ANSWER_TASKS

# The lesson's limits for the corpus: short, so that every hang costs seconds, not minutes.
LIMITS = {"call_seconds": 2, "import_seconds": 4, "submission_seconds": 15}
SLACK_SECONDS = 8  # pytest itself, worker start-ups, killing and cleaning up

KINDS = {"crash", "time", "raised", "collateral", "feedback", "status", "secret", "leftover", "zombies", "files",
         "network", "trusted", "forged"}
KEYS = {"what", "category", "expect-lost", "expect-feedback", "expect-status", "expect-score", "expect-absent",
        "base", "run", "manifest", "modes", "limited-breaks", "hole", "requires"}
_HEADER = re.compile(r"#\s*([a-z][a-z-]*)\s*:\s*(.*?)\s*$")


class ExpectedBreach(Exception):
    """The attack broke exactly what its header says this mode cannot (yet) stop."""


# -- the corpus -------------------------------------------------------------------------------


@dataclass
class Attack:
    name: str
    path: Path  # a .py file (the whole prefill.py) or a folder of files to overlay
    fields: dict[str, list[str]]

    @property
    def category(self) -> str:
        return self.one("category")

    def one(self, key: str, default: str | None = None) -> str:
        values = self.fields.get(key)
        if not values:
            if default is None:
                raise ValueError(f"{self.path}: '# {key}:' is required")
            return default
        return values[0]

    @property
    def expect_lost(self) -> set[str]:
        raw = self.one("expect-lost")
        if raw == "none":
            return set()
        tasks: set[str] = set()
        for item in (t.strip() for t in raw.split(",")):
            tasks |= set(CODE_TASKS) if item == "code" else set(ANSWER_TASKS) if item == "answers" else {item}
        unknown = tasks - set(ALL_TASKS)
        if unknown:
            raise ValueError(f"{self.path}: unknown task(s) {sorted(unknown)} in '# expect-lost:'")
        return tasks

    @property
    def feedback(self) -> list[tuple[str | None, str]]:
        out = []
        for value in self.fields.get("expect-feedback", []):
            task, sep, text = value.partition(":")
            out.append((task.strip(), text.strip()) if sep and task.strip() in ALL_TASKS else (None, value))
        return out

    @property
    def manifest(self) -> dict[str, float]:
        out = {}
        for value in self.fields.get("manifest", []):
            key, _, number = value.partition("=")
            out[key.strip()] = float(number)
        return out

    def limits(self) -> dict[str, float]:
        return {**LIMITS, **self.manifest}

    def bound(self) -> float:
        """The longest a grade may take: the manifest's limits plus slack."""
        limits = self.limits()
        return limits["import_seconds"] + limits["submission_seconds"] + limits["call_seconds"] + SLACK_SECONDS

    @property
    def cli(self) -> bool:
        return self.one("run", "in-process") == "cli"

    def breaks(self, mode: str) -> tuple[set[str], str]:
        """The kinds of violation expected in ``mode`` (``kind?``: it may or may not show), and why."""
        kinds: set[str] = set()
        reasons = []
        modes = {m.strip() for m in self.one("modes", ",".join(MODES)).split(",")}
        if mode not in modes:
            kinds |= {k.strip() for k in self.one("limited-breaks").split(",")}
            reasons.append(f"known weakness: only {', '.join(sorted(modes))} mode stops this attack "
                           "(limited mode has no namespaces and, here, a root worker)")
        for hole in self.fields.get("hole", []):
            where, hole_kinds, reason = (part.strip() for part in hole.split(":", 2))
            if where in ("both", mode):
                kinds |= {k.strip() for k in hole_kinds.split(",")}
                reasons.append(f"HOLE: {reason}")
        unknown = {k.rstrip("?") for k in kinds} - KINDS
        if unknown:
            raise ValueError(f"{self.path}: unknown violation kind(s) {sorted(unknown)}")
        return kinds, "; ".join(reasons)

    def files(self) -> list[tuple[str, Path]]:
        """(name in the submission, file in the corpus) for every file the attack brings."""
        if self.path.is_file():
            return [("prefill.py", self.path)]
        out = []
        for item in sorted(self.path.rglob("*")):
            if item.is_file() and item.name != "ATTACK.txt" and "__pycache__" not in item.parts:
                out.append((str(item.relative_to(self.path)), item))
        return out


def read_fields(path: Path) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = defaultdict(list)
    last = None  # 'what' and 'hole' go on over the comment lines that follow them
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            if line.strip():
                break
            continue
        match = _HEADER.match(line)
        if match and match.group(1) in KEYS:
            fields[match.group(1)].append(match.group(2))
            last = match.group(1) if match.group(1) in ("what", "hole") else None
        elif match and "-" in match.group(1):  # a misspelt key, not prose that happens to hold a colon
            raise ValueError(f"{path}: unknown header key '{match.group(1)}'")
        elif match:  # a comment for another tool (ruff, mypy): not ours
            last = None
        elif last:
            fields[last][-1] += " " + line.lstrip("#").strip()
    return dict(fields)


def load_attacks() -> list[Attack]:
    attacks = []
    for path in sorted(ATTACKS.iterdir()):
        if path.name.startswith(("_", ".")) or path.name == "README.md":
            continue
        if path.is_dir():
            header = next((p for p in (path / "ATTACK.txt", path / "prefill.py") if p.is_file()), None)
            if header is None:
                raise ValueError(f"{path}: a folder attack needs ATTACK.txt or prefill.py with its header")
        elif path.suffix == ".py":
            header = path
        else:
            continue
        attacks.append(Attack(path.stem if path.is_file() else path.name, path, read_fields(header)))
    return attacks


ATTACK_LIST = load_attacks()


def _limited_worker_is_root() -> bool:
    """Whether limited mode leaves the worker root here: true when the interpreter is not reachable by nobody."""
    if os.geteuid() != 0:
        return False
    base = Path(sys.base_prefix).resolve()
    for folder in [*reversed(base.parents), base]:
        if not os.stat(folder).st_mode & 0o001:
            return True
    return not os.stat(base).st_mode & 0o004


LIMITED_WORKER_IS_ROOT = _limited_worker_is_root()


def xfail_strict(mode: str) -> bool:
    """Expected failures are strict where they were recorded: bubblewrap, and limited mode with a root
    worker (this project's machines and CI); elsewhere (a limited-mode worker that is nobody or the
    developer) an attack that needs root may fail to break in, and that is no regression."""
    return mode != "limited" or LIMITED_WORKER_IS_ROOT
