"""Every error the grader raises on purpose, each carrying the sentence a person reads.

The hierarchy::

    GraderError                     anything the grader reports instead of a traceback
    ├── UsageError                  the command line is wrong (exit status 2)
    ├── SubmissionError             the submission cannot be read (exit status 2)
    ├── ConfigError                 a lesson's manifest or suite is broken; names file and key
    ├── SandboxFailed               the sandbox cannot run even the grader's canary here (exit status 3)
    ├── GraderFault                 the grader itself cannot go on (no grading worker starts) (exit status 3)
    └── AnswerFormatError           an answer in answers.toml cannot be read as the lesson asks

    CanaryFailed (a BaseException)  a worker did not run the grader's canary: the sandbox's fault

    StudentCodeError (a BaseException)  a call into student code produced no usable value
    ├── ImportFailed                the submission could not be imported
    ├── MissingFunction             the module does not define the function a check calls
    ├── CallTimeout                 the call ran past its time limit
    ├── WorkerDied                  the worker process exited or crashed during the call
    ├── UnsupportedResult           the value cannot cross the data-only codec
    ├── StudentBaseException        student code raised SystemExit, KeyboardInterrupt, ...
    └── NotGradable                 the function is known, without a call, to be no answer (a leftover stub
                                    defined after the student's work replaces it)

StudentCodeError derives from BaseException, not Exception, on purpose: a check that
expects the student's function to raise writes ``except Exception``, and that must never
swallow "the call timed out" or "the module did not import" as if the student had raised.

Exceptions that student code raises and that have a built-in counterpart (ValueError,
TypeError, ...) are *not* in this tree: they are rebuilt as the built-in type so that a
check can write ``pytest.raises(ValueError)`` as it would against local code.

``str(error)`` is always the student-facing message, so callers never format errors twice.
A StudentCodeError may name the engine's diagnosis of what went wrong (``diagnosis``, a code
of ``grader/lesson/engine_diagnoses.toml`` such as ``import.syntax-error``); the suite turns
it into the check's diagnosis.
"""

from __future__ import annotations

__all__ = [
    "AnswerFormatError",
    "CallTimeout",
    "CanaryFailed",
    "ConfigError",
    "GraderError",
    "GraderFault",
    "ImportFailed",
    "MissingFunction",
    "NotGradable",
    "SandboxFailed",
    "StudentBaseException",
    "StudentCodeError",
    "SubmissionError",
    "UnsupportedResult",
    "UsageError",
    "WorkerDied",
]


class GraderError(Exception):
    """Base class; ``message`` is what the student, TA or instructor reads."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UsageError(GraderError):
    """The command was called wrongly: a missing path, an unknown lesson or format."""


class SubmissionError(GraderError):
    """The submission cannot be read at all (no such file, no module in the folder)."""


class ConfigError(GraderError):
    """A lesson's own files, or the grader's set-up (``--solutions``, ``GRADER_SANDBOX``), are wrong; the
    message names the file or setting and, where known, the key. Never the submission's fault (exit 3)."""

    def __init__(self, source: str, problem: str, key: str | None = None):
        where = f"{source}, key '{key}'" if key else source
        super().__init__(f"{where}: {problem}")
        self.source = source
        self.key = key
        self.problem = problem

    def __reduce__(self):
        """Rebuilt from its parts, not its message: it crosses from a validation process to the command
        (``grader.authoring.parallel``), which says it as if it had happened there."""
        return type(self), (self.source, self.problem, self.key)


class SandboxFailed(GraderError):
    """The sandbox could not run the grader's canary (a known-good module): the grader's fault.

    Raised instead of grading, so that a sandbox that cannot work here (a worker that cannot
    switch users inside a container) never turns into every student's zero."""


class GraderFault(GraderError):
    """The grader itself cannot go on, for a cause neither the command line, the submission nor the
    lesson's files explain (a batch's grading workers keep failing to start): exit status 3, the
    same "not the submission's fault" as a broken sandbox, never a usage error."""


class CanaryFailed(BaseException):  # a signal between sandbox and engine: never an Exception a check catches
    """A worker did not run the grader's canary (``grader/sandbox/inside/canary.py``): it could not
    start, confine itself, switch to its user, or import and call a known-good module. No student
    code had run in it, so this is the sandbox's failure, never the submission's
    (``grader.sandbox.canary`` falls back or raises SandboxFailed). ``cause`` says why;
    ``switching`` is True when the switch to the worker's user (``uid``) was what failed;
    ``slow`` when the worker only did not answer in time (a busy machine: no reason to trust a
    weaker sandbox instead)."""

    def __init__(self, cause: str, switching: bool = False, uid: int | None = None, slow: bool = False):
        super().__init__(cause)
        self.cause, self.switching, self.uid, self.slow = cause, switching, uid, slow


class AnswerFormatError(GraderError):
    """An answer was given but cannot be read as a number or a choice."""


class StudentCodeError(BaseException):
    """A call into the submission produced no value a check can look at (see the module doc).
    ``diagnosis``: the code of the engine's diagnosis of it, when one is recognised."""

    def __init__(self, message: str, diagnosis: str | None = None):
        super().__init__(message)
        self.message = message
        self.diagnosis = diagnosis

    def __str__(self) -> str:
        return self.message


class ImportFailed(StudentCodeError):
    """The submission module could not be imported; every code task scores 0."""


class MissingFunction(StudentCodeError):
    """The module does not define (or does not make callable) the function being checked."""


class CallTimeout(StudentCodeError):
    """The call did not return within its limit; the worker was killed and replaced.

    ``size``: the words the check gave the size of this call (``student.sized("n = 10⁶")``),
    or "" for a call without one. ``too_slow``: the call had a size and earlier calls of the
    same function returned in time, so it is slow for this size rather than stuck."""

    def __init__(self, message: str, size: str = "", too_slow: bool = False):
        super().__init__(message)
        self.size = size
        self.too_slow = too_slow


class WorkerDied(StudentCodeError):
    """The worker process ended during the call (os._exit, a segfault, the OOM killer)."""


class UnsupportedResult(StudentCodeError):
    """The returned value is not plain data (a subclass, an object array, a custom class), or is ``oversized``: far
    larger than any answer, never read back (its type unknown, so a student is not told it is the type)."""

    def __init__(self, *args, oversized: bool = False):
        super().__init__(*args)
        self.oversized = oversized


class StudentBaseException(StudentCodeError):
    """Student code raised a BaseException that must not be re-raised in the grader."""


class NotGradable(StudentCodeError):
    """The function is not called: the source alone shows it cannot be the student's answer
    (the stub the template left below a finished definition, which Python keeps). Its message
    says so; it is the same for every check and holds no input."""
