"""Misconceptions as models: which known wrong implementation a student's function behaves like.

A diagnosis claims that the student misunderstood something, so it must rest on more than one coincidental
value. Each misconception of a lesson is *modelled*: a wrong implementation in ``suites/<lesson>/models.py``
(or ``models/``: ``grader.lesson.misconceptions`` reads them), marked ``@model("<code>")`` (see
``grader.checks``). When a check fails it asks the ``diagnose`` fixture about a handful of probe inputs, and
the diagnosis is given only when the student's function agrees with a model on every probe (by the model's
own comparison) and the model *explains* one at least: a probe where the student agrees with the model and,
by the same comparison, the reference would not (so a model that only says "a number" explains no wrong
number). When models of two different misconceptions both agree, the one that explains more probes is
named; a tie names neither.

**Two worlds.** A model may call the lesson's other functions by name. It is run first with the reference's
(the mistake alone), then, where the student's own versions of those functions answer differently, with the
student's answers in their place: a prefill_seconds that ignores the utilization is recognised on top of a
wrong prefill_flops. A model marked ``carried`` is the lesson's own formula: when it agrees in that world, the
function is right for what the student's other functions gave it (the error is carried forward from them),
which is asked first, since every other model computing from a None or a wrong number agrees too. Only values
cross: the student's answers come from the worker through the codec, and models, like the reference, are the
lesson's own code, so they run here, never a line of the submission.

**Cost.** Every call a check makes through ``student`` is recorded (``Observed``), so a probe that a check
already made costs nothing; the reference's and the models' answers are cached for the whole grading session,
the student's for one submission; models meet the probes smallest right answer first (``Diagnose.explain``).
"""

from __future__ import annotations

import builtins
import contextlib
import sys
import types
import warnings
from dataclasses import dataclass

import numpy as np

from grader.checks import Outcome, Probe, same_changes, same_value
from grader.grading.evidence import agrees, only_wrong, stated
from grader.grading.guard import guard
from grader.grading.observed import Observed, builtin_name, changed_arguments, ending, message_of
from grader.grading.reference import MemoKey, Unrecordable, kept_memo_key
from grader.grading.sizes import KEPT, MAX_COPIED, TooBig, elements, is_oversized, limit, owned, stand_in
from grader.lesson.manifest import Lesson
from grader.lesson.misconceptions import Model, load_models
from grader.sandbox import codec

REFERENCE, YOURS = "reference", "yours"
MAX_ANSWERED = 300  # calls kept per function for the relations a failing check may state (grading.relations)


@dataclass(frozen=True)
class Explanation:
    """Why a student's function is wrong: the code of the model it agrees with, and how."""

    code: str
    world: str  # REFERENCE: the mistake alone; YOURS: on top of the student's own versions of ``upstream``
    upstream: tuple[str, ...] = ()  # the lesson functions whose student answers the model was given
    explained: int = 0  # probes where the model differs from the reference and the student agrees with it


class _Unknown(Exception):
    """Raised inside a model given a student's answer it cannot reason about (it timed out, ...)."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


def _crossed(value) -> tuple[str, object]:
    """The value as it would reach the grader from a worker (the codec's round trip), or unsupported.
    A long list or tuple is kept as it is (item by item the round trip would cost seconds)."""
    if type(value) in (list, tuple) and len(value) > 1000:
        return "returned", value
    blobs = codec.Blobs()
    try:
        doc = codec.encode(value, blobs)
    except codec.Unsupported:
        return "unsupported", None
    return "returned", codec.decode(doc, b"".join(blobs.parts))


def run(function, probe: Probe, slow=None) -> Outcome:
    """Call trusted code (the reference, a model) on copies of the probe's arguments (``sizes.owned``)."""
    if slow is not None and slow(*probe.args, **probe.kwargs):
        return Outcome("timeout")
    try:
        args, kwargs = [owned(v) for v in probe.args], {k: owned(v) for k, v in probe.kwargs.items()}
    except TooBig:
        return Outcome("unknown")
    try:  # a model's 1 / 0 or overflow on a student's number is its prediction, never a line on stderr
        with np.errstate(all="ignore"), warnings.catch_warnings():  # (which would quote the model's source)
            warnings.simplefilter("ignore")
            value = function(*args, **kwargs)
    except _Unknown as unknown:
        return Outcome(unknown.kind)
    except Exception as exc:  # noqa: BLE001 - a model's raise is its prediction
        return Outcome("raised", error=builtin_name(exc), message=message_of(exc),  # what it changed: not seen
                       stated=stated(exc, function.__code__))
    kind, value = _crossed(value)
    return Outcome(kind, value, changed=changed_arguments(probe.args, args))


def _strictly_same(one: Outcome, other: Outcome) -> bool:
    """The same outcome, argument changes included where both were observed."""
    if not same_value(one, other):
        return False
    return one.changed is None or other.changed is None or one.changed == other.changed


def _probe(value) -> Probe:
    return value if isinstance(value, Probe) else Probe(tuple(value))


def _key(function: str, probe: Probe) -> MemoKey | None:
    """The call's key in the caches below (``reference.memo_key``), None for a call no cache can hold."""
    try:
        return kept_memo_key(function, probe.args, probe.kwargs)
    except (Unrecordable, TypeError, ValueError):
        return None


_UNKEYED = object()  # a key not computed yet (None is a call without one)


class Models:
    """A lesson's models and its reference, for a whole grading session (trusted, cached)."""

    def __init__(self, lesson: Lesson, reference, models: tuple[Model, ...] | None = None):
        self.lesson = lesson
        self.reference = reference if isinstance(reference, types.ModuleType) else None  # a Replay knows too little
        self.models = load_models(lesson) if models is None else models
        self.functions = tuple(t.function for t in lesson.code_tasks if t.function)
        self._outcomes: dict[MemoKey, dict[str, Outcome]] = {}  # call key -> model name (or "") -> its outcome

    def of(self, function: str) -> list[Model]:
        return [m for m in self.models if m.function == function]

    def for_submission(self, student) -> Diagnose:
        return Diagnose(self, student)

    def bound(self, model: Model, answers: dict | None = None) -> types.FunctionType:
        """The model's function with the lesson's other functions bound: the reference's, or ``answers``'s."""
        names = {name: getattr(self.reference, name) for name in self.functions if hasattr(self.reference, name)}
        names.update(answers or {})
        code = model.fn.__code__.replace(co_name=model.function, co_qualname=model.function)  # as errors name it
        function = types.FunctionType(code, {**model.fn.__globals__, **names}, model.function,
                                      model.fn.__defaults__, model.fn.__closure__)
        function.__kwdefaults__ = model.fn.__kwdefaults__
        function.__globals__[model.function] = function  # a model that calls itself recurses, as in a submission
        return function

    def reference_outcome(self, function: str, probe: Probe, key=_UNKEYED) -> Outcome:
        """The reference's outcome on ``probe``; ``key``: the probe's ``_key`` when the caller has it already."""
        return self._cached("", function, probe, lambda: run(getattr(self.reference, function), probe), key)

    def model_outcome(self, model: Model, probe: Probe, key=_UNKEYED) -> Outcome:
        return self._cached(model.name, model.function, probe, lambda: run(self.bound(model), probe, model.mark.slow),
                            key)

    def _cached(self, who: str, function: str, probe: Probe, compute, key=_UNKEYED) -> Outcome:
        key = _key(function, probe) if key is _UNKEYED else key
        if key is None:
            return compute()
        outcomes = self._outcomes.setdefault(key, {})
        found = outcomes.get(who)
        if found is None:
            found = outcomes[who] = compute()
        return found


class Diagnose:
    """The ``diagnose`` fixture of one submission: ``diagnose("prefill_flops", probes)`` is the code of
    the misconception the student's function shows on those probes, or None."""

    def __init__(self, models: Models, student):
        self._models = models
        self.lesson = models.lesson
        self.student = student
        self.observed = Observed(student, self)
        self._seen: dict[str, Outcome] = {}  # call key -> the student's outcome
        self._stopped: set[str] = set()  # functions that timed out: only their answers already seen are used
        self.answered: dict[str, list] = {}  # function -> [(args, kwargs, value)] of its calls that returned, in order
        # what one check proved of this submission that the suite's other checks may take as known (its own names)
        self.proved: set[str] = set()

    def models_of(self, function: str, code: str) -> list:
        """The models of ``code`` for ``function``, bound to the reference's other functions (trusted code, for
        a check that holds a diagnosis to more evidence than answers, e.g. what the model computes on the way)."""
        if self._models.reference is None:
            return []
        return [self._models.bound(m) for m in self._models.of(function) if m.code == code]

    @staticmethod
    def model_frames(fn, *args) -> list[tuple[str, int, dict]]:
        """(name, 0, locals) at each return of a model's own frame, run here (trusted code) on copies of ``args``:
        what the model held on the way, for a check that compares it with what the submission held. A model that
        raises holds what it held: its frames so far."""
        frames = []

        def profile(frame, event, arg):
            if event == "return" and frame.f_code is fn.__code__:
                frames.append((fn.__name__, 0, dict(frame.f_locals)))

        previous = sys.getprofile()
        sys.setprofile(profile)
        try:
            with np.errstate(all="ignore"), contextlib.suppress(Exception):
                fn(*(a.copy() if isinstance(a, np.ndarray) else a for a in args))
        finally:
            sys.setprofile(previous)
        return frames

    def __call__(self, function: str, probes) -> str | None:
        found = self.explain(function, probes)
        return found.code if found else None

    def explain(self, function: str, probes) -> Explanation | None:
        models = self._models.of(function)
        if not models or self._models.reference is None:
            return None
        if function in getattr(self.student, "stubs", ()):  # untouched: "not implemented yet" says all there is
            return None  # (and running every model on it cost a class of stubs half a second each)
        probes = [_probe(p) for p in probes]
        keys = {id(p): _key(function, p) for p in probes}  # each probe's, once: every model looks each one up
        if function in self._stopped:  # it ran out of time: every new call would fail at once, say nothing
            probes = [p for p in probes if keys[id(p)] is not None and keys[id(p)] in self._seen]
            if len(probes) < 2:
                return None
        changes = any(m.mark.same is same_changes for m in models)
        students = [self.outcome(function, p, changes=changes, key=keys[id(p)]) for p in probes]
        if any(s.kind == "unavailable" for s in students):
            return None
        # a probe whose process died gave no answer: no evidence either way (a function that kills its
        # worker may or may not get its reply out first), so it is left out, as a timed-out function's are
        kept = [(p, s) for p, s in zip(probes, students, strict=True) if s.kind != "failed"]
        if len(kept) < len(probes):
            if len(kept) < 2:
                return None
            probes, students = [p for p, _ in kept], [s for _, s in kept]
        references = [self._models.reference_outcome(function, p, keys[id(p)]) for p in probes]
        if all(_strictly_same(s, r) for s, r in zip(students, references, strict=True)):
            return None  # the function is right on these probes: nothing to explain
        # smallest right answer first: a model that disagrees on a small probe is never run on a large one (the verdict
        # is the same in any order; a 1025-token mask is a million cells for each of twenty models otherwise)
        order = sorted(range(len(probes)), key=lambda i: (elements(references[i].value, KEPT),
                                                          elements(students[i].value, KEPT)))
        probes, students, references = ([each[i] for i in order] for each in (probes, students, references))
        # right for what the student's own other functions gave it: the simplest explanation of all
        keyed = [(p, keys[id(p)]) for p in probes]
        return (self._best([m for m in models if m.mark.carried], keyed, students, references, YOURS)
                or self._best([m for m in models if not m.mark.carried], keyed, students, references, REFERENCE)
                or self._best([m for m in models if m.calls and not m.mark.carried], keyed, students, references,
                              YOURS))

    def _best(self, models, keyed, students, references, world) -> Explanation | None:
        """The one explanation by ``models`` in ``world`` that explains most; ``keyed``: (probe, its key)."""
        found: list[Explanation] = []
        probes = [p for p, _ in keyed]
        for each in models:
            if world == REFERENCE:
                predicted = self._agreeing(each, keyed, students)
                if predicted is None:
                    continue  # it disagrees somewhere: what it predicts elsewhere cannot matter
                upstream: tuple[str, ...] = ()
            else:
                differed: set[str] = set()
                function = self._models.bound(each, {name: self._answering(name, differed) for name in each.calls})
                predicted = [run(function, p, each.mark.slow) for p in probes]
                if not differed:
                    continue  # the student's own functions answered as the reference's: nothing new
                upstream = tuple(sorted(differed))
            if only_wrong(predicted, references) or not all(
                    agrees(each.mark.same, s, m) for s, m in zip(students, predicted, strict=True)):
                continue
            # a probe the model explains: by its own comparison the reference would not pass for it there
            explained = sum(1 for s, m, r in zip(students, predicted, references, strict=True)
                            if agrees(each.mark.same, s, m) and not agrees(each.mark.same, r, m))
            if explained:
                found.append(Explanation(each.code, world, upstream, explained))
        if not found:
            return None
        most = max(e.explained for e in found)
        best = [e for e in found if e.explained == most]
        return best[0] if len({e.code for e in best}) == 1 else None

    def _agreeing(self, model: Model, keyed, students) -> list[Outcome] | None:
        """The model's outcomes on the probes, or None at the first the student does not agree with (its
        outcomes are the lesson's trusted code, cached for the session: looking no further costs nothing
        but lookups, which a wrong submission's checks made by the thousand)."""
        predicted = []
        for (probe, key), student in zip(keyed, students, strict=True):
            outcome = self._models.model_outcome(model, probe, key)
            if not agrees(model.mark.same, student, outcome):
                return None
            predicted.append(outcome)
        return predicted

    def _answering(self, name: str, differed: set[str]):
        """A stand-in for the lesson function ``name`` that answers what the student's answers."""
        def answer(*args, **kwargs):
            probe = Probe(args, kwargs)
            theirs = self.outcome(name, probe)
            if not _strictly_same(theirs, self._models.reference_outcome(name, probe)):
                differed.add(name)
            if theirs.kind == "raised":  # raised again with the student's message: it is theirs, not the model's
                error = getattr(builtins, theirs.error, None)
                if not (isinstance(error, type) and issubclass(error, Exception)):
                    raise _Unknown("unknown")
                raise error(theirs.message)
            if theirs.kind != "returned" or is_oversized(theirs):
                raise _Unknown(theirs.kind if theirs.kind != "returned" else "unknown")
            try:
                return owned(theirs.value)  # the model may change it: a copy, never a deep copy of a big value
            except TooBig:
                raise _Unknown("unknown") from None
        return answer

    def outcome(self, function: str, probe, changes: bool = False, key=_UNKEYED) -> Outcome:
        """What the student's ``function`` does on ``probe``: recorded when a check asked already, else asked
        now (with ``changes``, in a way that also sees the arguments it changes)."""
        probe = _probe(probe)
        key = _key(function, probe) if key is _UNKEYED else key
        seen = self._seen.get(key) if key else None
        if seen is not None and (not changes or seen.changed is not None or seen.kind != "returned"):
            return seen
        guard(self._models.lesson, function, probe.args, probe.kwargs)  # a model's probe obeys the lesson too
        try:
            value, after = self.student.call_echo(function, *probe.args, **probe.kwargs)
        except BaseException as exc:  # noqa: BLE001 - classified: every ending is an outcome
            outcome = ending(exc)
        else:
            changed = changed_arguments(probe.args, list(after)[:len(probe.args)])
            outcome = self._bounded(function, probe, Outcome("returned", value, changed=changed))
        self._keep(key, function, probe, outcome)
        if outcome.kind == "timeout":
            self._stopped.add(function)
        return outcome

    def _bounded(self, function: str, probe: Probe, outcome: Outcome, key=_UNKEYED) -> Outcome:
        """``outcome``, or for a value far bigger than the reference's on this probe its stand-in (``sizes``)."""
        if outcome.kind != "returned" or elements(outcome.value, KEPT) <= KEPT:
            return outcome  # small enough to keep and to model: no reference is run to measure it
        reference = self._models.reference_outcome(function, probe, key) if self._models.reference else None
        bound = limit(reference.value if reference.kind == "returned" else None) if reference else MAX_COPIED
        if elements(outcome.value, bound) <= bound:
            return outcome
        kind = "numpy array" if isinstance(outcome.value, np.ndarray) else type(outcome.value).__name__
        return Outcome("returned", stand_in(kind, bound), changed=outcome.changed)

    def record(self, function: str, args, kwargs, outcome: Outcome) -> None:
        probe = Probe(tuple(args), dict(kwargs))
        key = _key(function, probe)
        if key is not None and key not in self._seen:
            self._keep(key, function, probe, self._bounded(function, probe, outcome, key))
        if outcome.kind == "timeout":
            self._stopped.add(function)

    def _keep(self, key, function: str, probe: Probe, outcome: Outcome) -> None:
        """Remember the outcome under its key, and a returned one in ``answered`` (once per call, at most 300)."""
        if key is not None:
            new, self._seen[key] = key not in self._seen, outcome
            if new and outcome.kind == "returned" and len(self.answered.setdefault(function, [])) < MAX_ANSWERED:
                self.answered[function].append((probe.args, probe.kwargs, outcome.value))
