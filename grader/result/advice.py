"""What to fix, in the order to fix it: the shape every human-facing format gives feedback.

A report lists checks; a student needs a short to-do list. Three rules turn one into the
other, here once so that the terminal and the HTML page agree:

- **Blockers first.** When the module does not import, every code task fails with the same
  error; it is said once, before everything, with the tasks it holds up.
- **Check order within a task.** A task's first failing check comes before its later ones:
  the suite orders checks from the lesson's own example to the corner cases.
- **One line per symptom.** Failing checks with the same diagnosis, or the same property
  when there is none, are one item: a 1000-token mask that is a list is the same mistake
  as a 5-token one. The item leads with the diagnosis's hint, which names the
  misconception; the checks' own messages are its details (``--verbose``, the HTML page).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from grader.result import CheckResult, Report, TaskResult


@dataclass
class Item:
    """One symptom of a task: what to read first, and the failing checks that showed it."""

    text: str  # the diagnosis's hint (or the first check's message when it already says it), else the message
    code: str = ""  # the diagnosis code, when a misconception was recognised
    checks: list[CheckResult] = field(default_factory=list)

    @property
    def details(self) -> list[str]:
        """The checks' messages, each once: the full story behind ``text``."""
        seen: list[str] = []
        for check in self.checks:
            if check.message and check.message not in seen and check.message != self.text:
                seen.append(check.message)
        return seen

    @property
    def pictures(self) -> tuple:
        """The first grids any of its checks drew (the lesson's small demo comes first)."""
        return next((c.pictures for c in self.checks if c.pictures), ())


@dataclass
class TaskAdvice:
    task: TaskResult
    items: list[Item]


@dataclass
class Advice:
    blocker: str = ""  # an error that stops several tasks from running at all (the module does not import)
    blocked: list[str] = field(default_factory=list)  # the ids of the tasks it stops
    tasks: list[TaskAdvice] = field(default_factory=list)  # failing tasks in report order, the blocked ones left out


def what_to_fix(report: Report) -> Advice:
    advice = Advice()
    advice.blocker = _blocker(report)
    for task in report.tasks:
        if task.status == "passed":
            continue
        if task.note:
            advice.tasks.append(TaskAdvice(task, [Item(part) for part in task.note.split("\n\n")]))
            continue
        failing = [c for c in task.checks if not c.passed and c.message]
        if advice.blocker and failing and all(c.error and c.message == advice.blocker for c in failing):
            advice.blocked.append(task.id)
            continue
        advice.tasks.append(TaskAdvice(task, items(failing)))
    return advice


def items(failing: list[CheckResult]) -> list[Item]:
    """Failing checks as symptoms, in check order: one item per diagnosis, else per property."""
    found: dict[tuple[str, str], Item] = {}
    for check in failing:
        if check.diagnosis:
            key = ("diagnosis", check.diagnosis.code)
            text = check.message if check.diagnosis.hint in check.message else check.diagnosis.hint
        else:
            key = ("property", check.safe_message or check.message)
            text = check.message
        if key not in found:
            found[key] = Item(text, check.diagnosis.code if check.diagnosis else "")
        found[key].checks.append(check)
    return list(found.values())


def _blocker(report: Report) -> str:
    """The one error shared by the checks of two or more tasks that could not run at all."""
    errors = dict.fromkeys(c.message for t in report.tasks for c in t.checks if c.error and not c.passed and c.message)
    for message in errors:
        stopped = [t for t in report.tasks if any(c.error and c.message == message for c in t.checks)]
        if len(stopped) > 1:
            return message
    return ""
