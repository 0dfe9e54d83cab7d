"""Run the battery: each case in a fresh temporary folder (removed afterwards), one at a time, through
the grader's public command line only. One line per case (id, class, held/NOT HELD, wall s, peak MB,
reason), then held/total per class and for the controls.

    python3 tests/heldout/issue25r2/harness.py [--engine DIR] [--json F] [--only ids] [--timeout S]

--engine is the grader's checkout (it must hold .venv/ from `make .venv/.installed` or `make grade`);
default: the repository holding this file. No network is used: everything is built locally."""

from __future__ import annotations

import argparse
import csv
import inspect
import json
import shutil
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cases as C  # noqa: E402
import runner  # noqa: E402
import subs as S  # noqa: E402


@dataclass
class Outcome:
    run: runner.Run
    report: dict | None = None
    rows: list = field(default_factory=list)
    id_col: str = ""
    results: dict | None = None
    extra: dict = field(default_factory=dict)


class Ctx:
    """What a case may do: call the grader's public commands and read what they leave outside."""

    def __init__(self, engine: Path, work: Path, timeout: float, session: Path):
        self.engine, self.work, self.timeout, self.session = engine, work, timeout, session
        self.grader_bin = engine / ".venv" / "bin" / "grader"
        self.python = engine / ".venv" / "bin" / "python"
        self._variants: dict[str, dict] = {}

    def grader(self, args, timeout=None, during=None) -> runner.Run:
        return runner.run([str(self.grader_bin), "--course", str(self.engine), *args], self.work,
                          timeout or self.timeout, during=during)

    def own(self, student: str) -> dict[str, str]:
        """The hand answers for a student's own numbers: their parameters from `grader variant`,
        the answers computed by this battery's own functions."""
        if student not in self._variants:
            r = runner.run([str(self.grader_bin), "--course", str(self.engine), "variant", student,
                            "--format", "json"], self.work, 60)
            self._variants[student] = json.loads(r.stdout)
        return S.own_answers(self._variants[student]["parameters"])

    def grade(self, rel: str, extra=(), timeout=None) -> Outcome:
        out = self.work / f"report-{rel.replace('/', '_')}.json"
        r = self.grader(["grade", str(self.work / rel), "--format", f"json:{out}", "--format", "text", *extra],
                        timeout)
        rep = None
        if out.exists():
            try:
                rep = json.loads(out.read_text(encoding="utf-8"))
            except ValueError:
                rep = None
        return Outcome(r, rep)

    def batch(self, d: Path, rel: str, extra=(), during=None, timeout=None) -> Outcome:
        csv_path = d / "out.csv"
        csv_path.unlink(missing_ok=True)
        r = self.grader(["batch", str(d / rel), "--gradebook", str(d / "gradebook.sqlite"), "--csv", str(csv_path),
                         "--reports", str(d / "reports"), *(extra or ["--jobs", "2"])], timeout, during)
        o = Outcome(r)
        if csv_path.exists():
            with csv_path.open(newline="", encoding="utf-8") as f:
                o.rows = list(csv.DictReader(f))
            if o.rows:
                o.id_col = next(iter(o.rows[0]))
        return o

    def autograder_zip(self) -> Path:
        """Built once per run with `make gradescope` (the instructor's own command), into the session folder."""
        z = self.session / "gradescope-autograder.zip"
        if not z.exists():
            r = runner.run(["make", "-C", str(self.engine), "gradescope", f"GRADESCOPE_ZIP={z}"], self.session, 600)
            if not z.exists():
                raise RuntimeError(f"make gradescope failed: {r.stderr[-300:]}")
        return z

    def gradescope(self, rel: str, timeout=None) -> Outcome:
        """Lay out a Gradescope machine under AUTOGRADER_ROOT (deployments.md: it moves /autograder for a
        local test): source/ the autograder zip, submission/ the student's upload, results/ empty."""
        root = self.work / "autograder"
        (root / "results").mkdir(parents=True)
        with zipfile.ZipFile(self.autograder_zip()) as z:
            z.extractall(root / "source")
        shutil.copytree(self.work / rel, root / "submission")
        ra = root / "source" / "run_autograder"
        ra.chmod(0o755)
        shutil.copy2(ra, root / "run_autograder")
        r = runner.run(["bash", str(root / "run_autograder")], root, timeout or self.timeout,
                       env={"AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": str(self.python)})
        res = root / "results" / "results.json"
        o = Outcome(r)
        if res.exists():
            try:
                o.results = json.loads(res.read_text(encoding="utf-8"))
            except ValueError:
                o.results = None
        return o


def play(case: C.Case, ctx: Ctx) -> Outcome:
    kind = case.play[0]
    if kind == "grade":
        return ctx.grade(case.play[1], timeout=case.timeout)
    if kind == "grade2":
        o = ctx.grade(case.play[1], timeout=case.timeout)
        o.extra["base"] = ctx.grade(case.play[2], timeout=case.timeout)
        return o
    if kind == "batch":
        return ctx.batch(ctx.work, case.play[1], case.play[2], timeout=case.timeout)
    if kind == "gradescope":
        return ctx.gradescope(case.play[1], timeout=case.timeout)
    if kind == "variant":
        o = Outcome(runner.Run([]))
        for key, sid in zip("ab", case.play[1]):
            r = ctx.grader(["variant", sid, "--format", "json"], 60)
            o.run = r
            try:
                o.extra[key] = json.loads(r.stdout)
            except ValueError:
                o.extra[key] = None
        return o
    if kind == "custom":
        return case.play[1](ctx, ctx.work)
    raise ValueError(f"unknown play {kind}")


def run_case(case: C.Case, engine: Path, session: Path, timeout: float | None) -> dict:
    work = Path(tempfile.mkdtemp(prefix=f"b25r2-{case.id}-", dir=session))
    ctx = Ctx(engine, work, timeout or case.timeout, session)
    t0 = time.monotonic()
    try:
        if len(inspect.signature(case.build).parameters) == 2:
            case.build(work, ctx)
        else:
            case.build(work)
        o = play(case, ctx)
        held, reason = case.judge(o)
        wall, peak = o.run.wall, o.run.peak_mb
    except Exception as e:  # a harness fault is reported as such, never as held
        held, reason, wall, peak = False, f"HARNESS ERROR {type(e).__name__}: {e}", time.monotonic() - t0, 0.0
    finally:
        shutil.rmtree(work, ignore_errors=True)
    reason = " ".join(str(reason).split())[:200]
    return {"id": case.id, "class": case.cls, "held": bool(held), "wall": round(wall, 2),
            "peak_mb": round(peak, 1), "reason": reason, "what": case.what, "why": case.why}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--engine", type=Path, default=HERE.parents[2], help="the grader checkout (with .venv/)")
    ap.add_argument("--json", type=Path, help="also write every case's result here")
    ap.add_argument("--only", help="comma-separated case ids (or prefixes) to run")
    ap.add_argument("--timeout", type=float, help="override every case's time limit (seconds)")
    a = ap.parse_args(argv)
    engine = a.engine.resolve()
    if not (engine / ".venv" / "bin" / "grader").exists():
        print(f"{engine}: no .venv/bin/grader (run `make .venv/.installed` there)", file=sys.stderr)
        return 2
    runner.become_subreaper()
    chosen = C.CASES
    if a.only:
        want = [w.strip() for w in a.only.split(",") if w.strip()]
        chosen = [c for c in C.CASES if any(c.id == w or c.id.startswith(w) or c.cls == w for w in want)]
    session = Path(tempfile.mkdtemp(prefix="b25r2-session-"))
    results = []
    t0 = time.monotonic()
    try:
        for case in chosen:
            r = run_case(case, engine, session, a.timeout)
            results.append(r)
            print(f"{r['id']:<40} {r['class']:<8} {'held' if r['held'] else 'NOT HELD':<9}"
                  f" {r['wall']:7.1f}s {r['peak_mb']:7.0f}MB  {r['reason']}", flush=True)
    finally:
        shutil.rmtree(session, ignore_errors=True)
    total = time.monotonic() - t0
    print()
    classes = sorted({r["class"] for r in results}, key=lambda c: (c == "control", c))
    for cl in classes:
        rs = [r for r in results if r["class"] == cl]
        label = "controls" if cl == "control" else f"class {cl}"
        print(f"{label:<10} {sum(r['held'] for r in rs)}/{len(rs)}")
    att = [r for r in results if r["class"] != "control"]
    print(f"attacks    {sum(r['held'] for r in att)}/{len(att)}   total runtime {total:.0f}s")
    if a.json:
        a.json.write_text(json.dumps({"engine": str(engine), "runtime_s": round(total, 1), "cases": results},
                                     indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
