"""Proving a lesson's models of misconceptions both ways (``grader validate``).

A model (``suites/<lesson>/models.py``, ``grader.grading.models``) is a wrong implementation
that a diagnosis rests on: the checks name its code only when a student's function agrees
with it on every probe. Its proof is the mutants' proof, made from its own text: the model is
laid over the reference as a submission (renamed to the lesson function it stands for, with
the model it ``needs``, if any) and graded in the sandbox like any student's file. It must lose
points on exactly its task (and the needed model's; a task downstream may lose points too, when
it is told so by a ``carried`` model's code), and that task must carry exactly its code:
so the model really is wrong, the checks catch it, and what the grader computes of the model
here agrees with what the model does in a worker. The other way, the reference and the stubs
must carry no diagnosis at all (``grader.authoring.validate``), and the corpus's right entries
none either (``tests/e2e/test_corpus.py``).

Two more claims: in a lesson with models, every diagnosis of a code task has one, and no hint
of any diagnosis holds code (``code_in_hint``): a hint says what the symptom suggests; the
fixed line is the student's to write.
"""

from __future__ import annotations

import ast
import inspect
import re
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

from grader.authoring.mutants import Mutant, materialize
from grader.lesson.manifest import Lesson
from grader.lesson.misconceptions import Model, load_models, model_files, where

# What a hint must not hold: the fix written as code. Lesson notation (2 · N · P, P(P + 1)/2,
# N = 7e9, causal_mask(P)) is not code; keyword arguments, comparisons, calls of numpy or of
# Python's built-ins, methods, subscripts, return and raise statements are.
_CODE = re.compile("|".join((
    r"\b(?:np|numpy|math|torch)\.\w+",  # np.tril, math.comb
    r"\b[A-Za-z_]\w*=[^\s=,)]+",  # axis=0, dtype=bool, k=-1
    r"==|!=",
    r"\b(?:cumsum|allclose|isclose|array_equal|tril|triu|tri|ones|zeros|eye|arange|array|astype|sum|range|len|print"
    r"|float|int|bool|round|str|isnan|all|any)\(",  # calls of what the fix would call
    r"\.\w+\(",  # a method: .sum(, .astype(
    r"\b\w+\[[^\]]*\]",  # a subscript: X[i], mask[i, j], Y[:i + 1]
    r"\breturn\s+(?:True|False|None)\b|\breturn\s+[\w.]+\s*[-+*/%(\[]",  # a return statement
    r"\braise\s+\w+\(", r"\b(?:def|lambda|import)\s")))


def code_in_hint(text: str) -> list[str]:
    """The code-like fragments of a hint (``np.``, ``axis=``, ``cumsum(``, ``==``, ``return x``, ``[i]``, ...)."""
    return [match.group(0) for match in _CODE.finditer(text)]


@dataclass(frozen=True)
class Proof:
    model: Model
    lost: frozenset[str]
    codes: dict[str, frozenset[str]]  # task -> the diagnosis codes it carries
    problems: tuple[str, ...]

    @property
    def good(self) -> bool:
        return not self.problems


def source_of(model: Model) -> str:
    """The model's text as a function of the lesson: its decorator gone, its name the lesson function's."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(model.fn)))
    function = tree.body[0]
    function.decorator_list = []
    function.name = model.function
    for node in ast.walk(function):  # a model that calls itself by its own name calls the lesson function
        if isinstance(node, ast.Name) and node.id in (model.name, model.fn.__name__):
            node.id = model.function
    return ast.unparse(function) + "\n"


def _imports(model: Model) -> str:
    """The imports of the model's file that its text may use (the grader's own are not a student's)."""
    tree = ast.parse(model.path.read_text(encoding="utf-8"))
    kept = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
            and not (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("grader"))
            and not any(alias.name.startswith("grader") for alias in getattr(node, "names", []))]
    return "".join(ast.unparse(node) + "\n" for node in kept)


@dataclass(frozen=True)
class Case:
    """A model as a submission: ``path`` holds it laid over the reference (with the model it needs)."""

    model: Model
    parts: tuple[Model, ...]  # the model, and the model it needs, if any
    path: Path


def model_cases(lesson: Lesson, reference: Path, folder: Path) -> list[Case]:
    """Every model of the lesson written into ``folder`` as a submission, ready to be graded anywhere
    (``grader validate`` grades them beside the mutants, in several sessions)."""
    models = load_models(lesson)
    by_code = {}
    for each in models:
        by_code.setdefault(each.code, each)
    cases = []
    folder.mkdir(parents=True, exist_ok=True)
    for number, each in enumerate(models):
        needed = by_code[each.needs] if each.needs else None
        parts = tuple(m for m in (each, needed) if m is not None)
        text = _imports(each) + "\n\n" + "\n\n".join(source_of(m) for m in parts)
        overlay = folder / f"{number}-{each.name}.py"
        overlay.write_text(text, encoding="utf-8")
        mutant = Mutant(each.name, overlay, f"model {each.name}", frozenset(m.task for m in parts))
        cases.append(Case(each, parts, materialize(mutant, lesson, reference, folder / f"{number}" / lesson.id)))
    return cases


def proofs(lesson: Lesson, cases: list[Case], reports: list) -> list[Proof]:
    """One Proof per case, from the report its submission got."""
    carried = frozenset(m.code for m in load_models(lesson) if m.mark.carried)
    return [_proof(case.model, list(case.parts), report, carried) for case, report in zip(cases, reports, strict=True)]


def prove_models(session, lesson: Lesson, reference: Path) -> list[Proof]:
    """Grade every model of the lesson as a submission, in ``session``; one Proof each."""
    with tempfile.TemporaryDirectory(prefix="grader-models-") as tmp:
        cases = model_cases(lesson, reference, Path(tmp))
        return proofs(lesson, cases, [session.grade(case.path) for case in cases])


def _proof(model: Model, parts: list[Model], report, carried: frozenset[str] = frozenset()) -> Proof:
    """``carried``: the codes of carried models; a task downstream of a wrong model may lose points with
    one of those (the lesson's formula given a wrong value), as the model's own task's consequence."""
    codes = {t.id: frozenset(d.code for d in t.diagnoses) for t in report.tasks}
    lost = frozenset(t.id for t in report.tasks if t.score < t.max_score
                     and not (t.id not in {m.task for m in parts} and codes[t.id] and codes[t.id] <= carried))
    want_lost = frozenset(m.task for m in parts)
    problems = []
    if lost != want_lost:
        missed, extra = sorted(want_lost - lost), sorted(lost - want_lost)
        if missed:
            problems.append(f"it scores full marks on {', '.join(missed)}: it is no mistake the checks can see, "
                            "so no diagnosis can rest on it")
        if extra:
            problems.append(f"it also loses points on {', '.join(extra)}: a model changes one function only")
    for part in parts:
        if codes.get(part.task, frozenset()) != {part.code}:
            said = ", ".join(sorted(codes.get(part.task, ()))) or "none"
            problems.append(f"graded as a submission, {part.task} gets the diagnosis {said}, not {part.code}: the "
                            "checks' probes do not single it out, or what it does in a worker differs from what "
                            "the grader computes of it")
    return Proof(model, lost, codes, tuple(problems))


def unmodelled(lesson: Lesson, models: list[Model] | tuple[Model, ...]) -> list[str]:
    """The codes of code-task diagnoses with no model, in a lesson that has models (else none is asked for)."""
    if not models:
        return []
    code_tasks = {t.id for t in lesson.code_tasks}
    modelled = {m.code for m in models}
    return [e.code for e in lesson.diagnoses if set(e.tasks) & code_tasks and e.code not in modelled]


Row = tuple[str, str, str, bool]  # a row of validate's table: case, expected, observed, verdict


def model_claims(session, lesson: Lesson, reference: Path, proved: list[Proof] | None = None
                 ) -> tuple[list[Row], list[str], list[str]]:
    """validate's rows, problems (the suite's) and notes for the lesson's models and hints; ``proved``:
    the models' proofs, already graded elsewhere (else they are graded in ``session``)."""
    problems = [f"the hint of diagnosis '{entry.code}' holds code ({', '.join(repr(f) for f in found)}): say what "
                "the symptom suggests in words; the fixed line is the student's to write"
                for entry in lesson.diagnoses if (found := code_in_hint(entry.hint))]
    if not model_files(lesson):
        return [], problems, []
    found = prove_models(session, lesson, reference) if proved is None else proved
    problems += [f"model {p.model.name} ({p.model.code}): {'; '.join(p.problems)}" for p in found if not p.good]
    missing = unmodelled(lesson, [p.model for p in found])
    problems += [f"diagnosis '{code}' has no model in {where(lesson)}: write the wrong implementation it stands for, "
                 "marked @model('" + code + "')" for code in missing]
    good = sum(p.good for p in found)
    row = ("models", f"all {len(found)} as their codes say", f"{good} proved", good == len(found))
    note = (f"models: {len(found)} in {where(lesson)} for {len({p.model.code for p in found})} diagnoses, "
            f"{good} proved both ways" + (f"; without a model: {', '.join(missing)}" if missing else ""))
    return [row], problems, [note]
