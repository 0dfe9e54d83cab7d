"""Measure the engine on issue 22's held-out set, once: answer forms, students' styles, ids, attacks.

Usage: python tests/heldout/issue22/harness.py [--json FILE] [--engine DIR] [--only PART ...]

The set (README.md beside this file) was written without reading the grader, in a neutral
format; this file maps it onto the engine's public interfaces and prints one table of figures
and every disagreement. ``--engine`` grades with the grader of another checkout (its
``grader/``, ``suites/``, ``solutions/`` and ``course.toml``), default this repository: the
issue's branches were measured where each stood. A part whose interface the engine lacks is
reported as not available, never as a pass; nothing of the engine is changed or tuned here.

The mapping, decided before any result was read:

- forms.toml: each case's question is declared as a one-task lesson (``lesson.toml`` in a
  temporary folder, read by the engine's own ``load_lesson``), with the case's accepted values
  as ``expected``, its ``rtol``/``atol``/``sigfigs``, and the unit's spellings and prefixes as
  this course declares them for the same quantity (``UNITS``). A declaration the engine refuses
  is "not declarable", with its message. The answer is graded by ``grade_answer``.
- styles.toml: the held-out's quantity names are the engine's parameters per ``PARAMETERS``;
  each student's variant is the engine's (``variants_for``), each template is rendered as the
  README says, and each lesson's class is graded in one ``grader batch`` (entries named by id,
  each holding the reference solution and the rendered answers.toml), whose gradebook holds
  each student's instructor report (per-key verdicts, the worked-example flag) and whose
  integrity flags are computed by the engine's own ``grader.batch.integrity`` from it.
- "Right" values are computed here from the variant's parameters with the lesson's formulas
  (``RIGHT``), and an answer's value is read by this file's own small reader (``reading``), so
  that the expectations (void keys, coinciding examples, attack answers) do not rest on the
  engine's reading. The fair tolerance is the README's: 5 % relative, pairs exact.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from harness_attacks import attacks
from harness_common import PARTS, ROOT, UNITS, load, toml_string
from harness_styles import styles


# ---- 1. forms.toml ----
def declaration(case: dict, folder: Path) -> str:
    units, prefixes = UNITS[case["unit"]]
    tolerance = next(f"{name} = {case[name]!r}" for name in ("rtol", "atol", "sigfigs") if name in case)
    lines = ['id = "heldout"', 'module = "heldout.py"', "[[tasks]]", 'id = "q"', "points = 1", "[tasks.answer]",
             'key = "a"', 'kind = "number"', f"expected = [{', '.join(map(toml_string, case['accepted']))}]",
             tolerance, f"units = [{', '.join(map(toml_string, units))}]"]
    if prefixes is not None:
        lines.append(f"prefixes = [{', '.join(map(toml_string, prefixes))}]")
    (folder / "lesson.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def forms() -> dict:
    try:
        from grader.grading.answers import grade_answer
        from grader.lesson import tolerance  # noqa: F401 - the declared comparison (rtol, atol, sigfigs)
        from grader.lesson.manifest import load_lesson
    except ImportError as exc:
        return {"available": False, "why": f"the engine has no declared tolerance ({exc})"}
    from grader.exceptions import GraderError

    rows, tasks = [], {}
    with tempfile.TemporaryDirectory(prefix="heldout22-forms-") as tmp:
        for case in load("forms.toml")["case"]:
            signature = json.dumps([case["unit"], case["accepted"]] + [case.get(k) for k in ("rtol", "atol",
                                                                                             "sigfigs")])
            if signature not in tasks:
                folder = Path(tmp) / f"d{len(tasks)}"
                folder.mkdir()
                try:
                    tasks[signature] = load_lesson(declaration(case, folder)).tasks[0]
                except GraderError as exc:
                    tasks[signature] = f"{type(exc).__name__}: {exc}"
            task = tasks[signature]
            row = {"id": case["id"], "answer": case["answer"], "verdict": case["verdict"], "trap": case.get("trap", ""),
                   "unit": case["unit"], "accepted": case["accepted"],
                   "tolerance": next(f"{k} {case[k]}" for k in ("rtol", "atol", "sigfigs") if k in case)}
            if isinstance(task, str):
                row.update(engine="not declarable", message=task)
                if case.get("atol") == 0:  # for information: the engine's documented stand-in, rtol 1e-9
                    stand_in = {k: v for k, v in case.items() if k != "atol"} | {"rtol": 1e-9}
                    folder = Path(tmp) / f"s{len(tasks)}-{case['id']}"
                    folder.mkdir()
                    check = grade_answer(load_lesson(declaration(stand_in, folder)).tasks[0], {"a": case["answer"]},
                                         None, "answers.toml")
                    row["with rtol 1e-9"] = "accept" if check.passed else "reject"
                    row["message 1e-9"] = check.message or ""
            else:
                try:
                    check = grade_answer(task, {"a": case["answer"]}, None, "answers.toml")
                    row.update(engine="accept" if check.passed else "reject", message=check.message or "")
                except Exception as exc:  # noqa: BLE001 - counted, never hidden
                    row.update(engine="error", message=f"{type(exc).__name__}: {exc}")
            rows.append(row)
    figures = {}
    for verdict in ("accept", "reject"):
        of = [r for r in rows if r["verdict"] == verdict]
        declarable = [r for r in of if r["engine"] != "not declarable"]
        figures[verdict] = {"total": len(of), "agree": sum(r["engine"] == verdict for r in of),
                            "not declarable": len(of) - len(declarable),
                            "errors": sum(r["engine"] == "error" for r in of)}
    for trap in ("sloppy-accepts", "strict-refuses"):
        of = [r for r in rows if r["trap"] == trap and r["engine"] != "not declarable"]
        figures[trap] = {"total": len(of), "agree": sum(r["engine"] == r["verdict"] for r in of)}
    stand_in = [r for r in rows if "with rtol 1e-9" in r]
    figures["atol 0 as rtol 1e-9"] = {"total": len(stand_in),
                                      "agree": sum(r["with rtol 1e-9"] == r["verdict"] for r in stand_in)}
    return {"available": True, "figures": figures, "rows": rows,
            "disagreements": [r for r in rows if r["engine"] not in (r["verdict"], "not declarable")],
            "not declarable": [r for r in rows if r["engine"] == "not declarable"]}


# ---- 2. styles.toml: harness_styles.py ----
# ---- 3. ids.toml ----
def ids() -> dict:
    try:
        from grader.lesson.variants import normalise_id
    except ImportError as exc:
        return {"available": False, "why": f"the engine has no student-id normalisation ({exc})"}
    data = load("ids.toml")

    def key(raw: str):
        try:
            return normalise_id(raw)
        except Exception as exc:  # noqa: BLE001 - a refusal is the engine's answer, recorded
            return f"<refused: {type(exc).__name__}: {exc}>"

    rows = []
    for kind in ("same", "different"):
        for pair in data[kind]:
            a, b = key(pair["a"]), key(pair["b"])
            refused = any(str(k).startswith("<refused") for k in (a, b))
            agrees = (a == b and not refused) if kind == "same" else a != b
            rows.append({"id": pair["id"], "kind": kind, "a": pair["a"], "b": pair["b"], "key_a": a, "key_b": b,
                         "agrees": agrees, "why": pair["why"]})
    figures = {kind: {"total": sum(r["kind"] == kind for r in rows),
                      "agree": sum(r["agrees"] for r in rows if r["kind"] == kind)} for kind in ("same", "different")}
    return {"available": True, "figures": figures, "rows": rows, "disagreements": [r for r in rows if not r["agrees"]]}


# ---- 4. attacks.toml: harness_attacks.py ----
# ---- the table ----
def table(result: dict) -> list[str]:
    out = ["| part | figure | engine | of |", "| --- | --- | --- | --- |"]
    f = result.get("forms", {})
    if f.get("available"):
        for verdict in ("accept", "reject"):
            g = f["figures"][verdict]
            out.append(f"| forms | {verdict} cases {verdict}ed | {g['agree']} | {g['total']} "
                       f"({g['not declarable']} not declarable, {g['errors']} errors) |")
        for trap in ("sloppy-accepts", "strict-refuses"):
            g = f["figures"][trap]
            out.append(f"| forms | {trap} traps decided as labelled | {g['agree']} | {g['total']} declarable |")
        g = f["figures"]["atol 0 as rtol 1e-9"]
        out.append(f"| forms | (information) the atol 0 cases declared as rtol 1e-9 instead, decided as labelled | "
                   f"{g['agree']} | {g['total']} |")
    s = result.get("styles", {})
    if s.get("available"):
        g = s["figures"]
        out.append(f"| styles | own-right keys falsely rejected | {g['right']['misgraded']} | {g['right']['total']} |")
        for kind, what in (("wrong", "own-wrong"), ("copied", "copied"), ("example", "lesson-example")):
            out.append(f"| styles | {what} keys falsely accepted | {g[kind]['misgraded']} | {g[kind]['total']} |")
        out.append(f"| styles | lesson-example keys told they are the worked example | {g['example note']['noted']} | "
                   f"{g['example note']['total']} |")
        out.append(f"| styles | void keys (not judged, README's rule) | {g['void']} | {g['keys']} |")
        fl = g["flags"]
        out.append(f"| flags | copiers (copy groups) flagged naming their source | {fl['named with their source']} | "
                   f"{fl['copiers']} |")
        out.append(f"| flags | false flags (own-right or lesson-example students flagged) | {len(fl['false flags'])} | "
                   f"{sum(1 for v in s['students'].values() if v['label'] in ('own-right', 'lesson-example'))} |")
        out.append(f"| flags | (information) mixed students copying one or two keys, flagged naming the source | "
                   f"{len(fl['mixed named with their source'])} | {fl['mixed copiers']} |")
    i = result.get("ids", {})
    if i.get("available"):
        for kind in ("same", "different"):
            out.append(f"| ids | {kind} pairs decided as labelled | {i['figures'][kind]['agree']} | "
                       f"{i['figures'][kind]['total']} |")
    a = result.get("attacks", {})
    if a.get("available"):
        out.append(f"| attacks | attacks handled as expected | {a['figures']['as expected']} | "
                   f"{a['figures']['attacks']} |")
        for kind, what in (("graded as", "graded with the trusted id's variant"),
                           ("answers", "answers judged as expected"),
                           ("example note", "worked-example notes as expected"),
                           ("instructor note", "instructor notes as expected (required given, none not given)")):
            out.append(f"| attacks | {what} | {a['figures'][kind]} | {a['figures']['attacks']} |")
    for part in PARTS:
        if part in result and not result[part].get("available"):
            out.append(f"| {part} | not available in this engine | - | {result[part]['why']} |")
    return out


def details(result: dict) -> list[str]:
    """Every disagreement, one line each (the --json file holds everything graded)."""
    out = []
    f = result.get("forms", {})
    if f.get("available"):
        out += ["", "forms: disagreements (id | answer | label | engine | the engine's message)"]
        out += [f"- {r['id']} | {r['answer']!r} | {r['verdict']} | {r['engine']} | {r['message'][:160]}"
                for r in f["disagreements"]]
        reasons: dict = {}
        for r in f["not declarable"]:
            reasons.setdefault(r["message"].split(": ", 2)[-1], []).append(
                f"{r['id']} ({r['verdict']}; as rtol 1e-9: {r.get('with rtol 1e-9', '-')})")
        out += ["", "forms: not declarable (the reason, then each case: its label; what the engine decides with its "
                    "documented stand-in)"]
        out += [f"- {reason}: {', '.join(ids)}" for reason, ids in reasons.items()]
    s = result.get("styles", {})
    if s.get("available"):
        g = s["figures"]
        out += ["", "styles: disagreements (student | label | key | answer | expected | engine | right value | "
                    "the engine's message)"]
        out += [f"- {d['student']} | {d['label']} | {d['key']} | {d['answer']!r} | {d['expect']} | {d['engine']} | "
                f"{d['right']:.4g} | {d['message'][:200]}" for d in g["disagreements"]]
        elsewhere = g["example note"]["noted elsewhere"]
        out.append(f"- worked-example note on answers that are not the lesson's numbers: {elsewhere}")
        out.append(f"- students whose report's variant is not their normalised id: {g['ids']}; ungraded keys: "
                   f"{g['ungraded']}")
        fl = g["flags"]
        out += ["", "flags: copiers not named with their source"]
        out += [f"- {n['student']} (source {n['source']}): flag {n['flag']}; keys " + ", ".join(
            f"{k['key']}={k['answer']!r} {k['expect']}/{k['engine']}" for k in s["keys"]
            if k["student"] == n["student"] and k["key"] != "quiz") for n in fl["not named"]]
        out.append(f"- false flags: {fl['false flags']}")
        own_wrong = fl["own-wrong flagged (allowed when the named variants give the answers)"]
        out.append(f"- own-wrong students flagged: {own_wrong}")
        out.append(f"- flags missing from the summary or the class report: "
                   f"{fl['missing from summary or class report']}")
        out.append(f"- copiers whose every copied key is void: {fl['copiers whose copies are void (same numbers)']}")
        out.append(f"- mixed copiers named with their source: {fl['mixed named with their source']} of "
                   f"{fl['mixed copiers']}")
        every = [(x["student"], x["others"], len(x["tasks"])) for v in s["flags"].values() for x in v]
        out.append(f"- every flag (student, whose numbers, how many questions): {every}")
        out.append(f"- batch exit status: {({k: v['status'] for k, v in s['batch'].items()})}")
    i = result.get("ids", {})
    if i.get("available"):
        out += ["", "ids: disagreements (id | kind | a | b | the engine's keys)"]
        out += [f"- {r['id']} | {r['kind']} | {r['a']!a} | {r['b']!a} | {r['key_a']!a} / {r['key_b']!a}"
                for r in i["disagreements"]]
    a = result.get("attacks", {})
    if a.get("available"):
        out += ["", "attacks (id | platform | graded as | the report's claimed_student | notes | problems)"]
        for r in a["rows"]:
            noted = [n[:120] for n in r.get("notes", [])]
            out.append(f"- {r['id']} | {r['platform']} | {r.get('graded_as')!r} (trusted {r.get('trusted')!r}) | "
                       f"{r.get('claimed_student', '')!r} | {noted} | note {r['expect']['instructor_note']}, "
                       f"answers {r['expect']['answers']}: {'; '.join(r['problems']) or 'as expected'}")
            if r.get("flags") is not None:
                out.append(f"  - the class's flags: {r['flags']}")
    return out


def engine_dir(spec: str, scratch: Path) -> tuple[Path, str]:
    """A checkout to measure: a folder, or a git revision of this repository exported (``git archive``)."""

    if Path(spec).is_dir():
        path = Path(spec).resolve()
        head = subprocess.run(["git", "-C", str(path), "log", "--oneline", "-1"], capture_output=True, text=True)
        return path, f"{path} at {head.stdout.strip() or '?'}" + (" (with uncommitted changes)" if subprocess.run(
            ["git", "-C", str(path), "status", "--porcelain", "--untracked-files=no"], capture_output=True,
            text=True).stdout.strip() else "")
    head = subprocess.run(["git", "-C", str(ROOT), "log", "--oneline", "-1", spec], capture_output=True, text=True,
                          check=True).stdout.strip()
    path = scratch / re.sub(r"\W+", "-", spec)
    path.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", spec], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(path)], input=archive, check=True)
    return path, f"revision {spec}: {head}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write every case, key and attack as graded here (JSON)")
    parser.add_argument("--engine", action="append", help="a checkout, or a git revision of this repository, whose "
                        "grader is measured (again for several); default: this repository")
    parser.add_argument("--only", nargs="+", choices=PARTS, default=list(PARTS), help="measure only these parts")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="heldout22-") as tmp:
        engines = args.engine or [str(ROOT)]
        if len(engines) > 1:  # one process per engine: each imports its own grader
            results = {}
            for i, spec in enumerate(engines):
                out = Path(tmp) / f"engine{i}.json"
                done = subprocess.run([sys.executable, __file__, "--engine", spec, "--json", str(out), "--only",
                                       *args.only], capture_output=True, text=True)
                print(done.stdout + done.stderr[-3000:])
                results[spec] = json.loads(out.read_text(encoding="utf-8")) if out.exists() else None
            if args.json:
                args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
            return
        engine, described = engine_dir(engines[0], Path(tmp))
        sys.path.insert(0, str(engine))
        import grader

        if Path(grader.__file__).resolve().parent != engine / "grader":
            raise SystemExit(f"{grader.__file__} is not the engine's grader ({engine})")
        result = {}
        work = Path(tmp) / "work"
        for part in args.only:
            (work / part).mkdir(parents=True)
            result[part] = {"forms": forms, "ids": ids}[part]() if part in ("forms", "ids") else \
                {"styles": styles, "attacks": attacks}[part](engine, work / part)
    if args.json:
        args.json.write_text(json.dumps(result | {"engine": described}, indent=1, ensure_ascii=False, default=str),
                             encoding="utf-8")
    print("\n".join([f"## engine: {described}", "", *table(result), *details(result)]))


if __name__ == "__main__":
    main()
