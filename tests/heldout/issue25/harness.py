#!/usr/bin/env python3
"""Issue-25 held-out battery: run every case of cases.py against a grader checkout.

    python tests/heldout/issue25/harness.py [--engine DIR] [--json OUT] [--only ID[,ID...]]

Written from the user docs, the lesson and the student stubs only (never the grader's code). No
network. Cases run one at a time; each gets a fresh temp folder, removed afterwards, and every
process it leaves behind is killed by pid.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import sys
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import runner  # noqa: E402
from cases import CASES  # noqa: E402


class Ctx:
    """What a case may do: grade, batch, run the Gradescope autograder; everything lands in tmp."""

    def __init__(self, engine: str, tmp: str, timeout: float, cache: str):
        self.engine = engine
        self.tmp = tmp
        self.timeout = timeout
        self.cache = cache
        self.grader = os.path.join(engine, ".venv", "bin", "grader")
        self.python = os.path.join(engine, ".venv", "bin", "python")
        self.runs: list[runner.Run] = []

    def path(self, *p):
        return os.path.join(self.tmp, *p)

    def env(self):
        e = {k: v for k, v in os.environ.items() if not k.startswith("GRADER_")}
        e["HOME"] = self.path("home")
        os.makedirs(e["HOME"], exist_ok=True)
        return e

    def _budget(self):
        return max(5.0, self.deadline - time.monotonic())

    def grade(self, sub, *args, audience=None):
        out = self.path(f"report{len(self.runs)}.json")
        argv = [self.grader, "grade", sub, "--format", f"json:{out}", "--format", "text", *args]
        if audience:
            argv += ["--audience", audience]
        r = runner.run(argv, cwd=self.engine, env=self.env(), timeout=self._budget())
        r.extra["json"] = _load(out)
        self.runs.append(r)
        return r

    def batch(self, folder, *args, during=None, name="b"):
        gb = self.path(f"{name}.sqlite")
        out = self.path(f"{name}{len(self.runs)}.csv")
        argv = [self.grader, "batch", folder, "--gradebook", gb, "--csv", out, "--jobs", "1", *args]
        r = runner.run(argv, cwd=self.engine, env=self.env(), timeout=self._budget(), during=during)
        rows = []
        if os.path.exists(out):
            with open(out, newline="", encoding="utf-8") as f:
                rows = list(csv.DictReader(f))
        r.extra["rows"] = rows
        self.runs.append(r)
        return r

    def answers_for(self, sid, **wrong):
        """answers.toml right for student `sid`'s own numbers (grader variant ID --format json)."""
        r = runner.run([self.grader, "variant", sid, "--format", "json"], cwd=self.engine, env=self.env(), timeout=60)
        a = json.loads(r.stdout)["answers"]
        vals = {"flops": f"{a['hand_flops']:g}", "seconds": f"{a['hand_seconds']:g} s", "pairs": str(a["hand_pairs"]),
                "quiz": str(a["quiz"])}
        vals.update(wrong)
        return "".join(f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in vals.items())

    def autograder_zip(self):
        z = os.path.join(self.cache, "autograder.zip")
        if not os.path.exists(z):
            runner.run([self.python, "-m", "grader.authoring.autograder", "--output", z, "--lesson", "prefill"],
                       cwd=self.engine, env=self.env(), timeout=300)
        return z

    def gradescope(self, fill):
        """fill(submission_dir) writes the upload; returns the run with results.json (or None)."""
        root = self.path("autograder")
        for d in ("source", "submission", "results"):
            os.makedirs(os.path.join(root, d), exist_ok=True)
        with zipfile.ZipFile(self.autograder_zip()) as z:
            z.extractall(os.path.join(root, "source"))
        fill(os.path.join(root, "submission"))
        env = self.env()
        env.update(AUTOGRADER_ROOT=root, GRADER_PYTHON=self.python)
        r = runner.run(["bash", os.path.join(root, "source", "run_autograder")], cwd=root, env=env,
                       timeout=self._budget())
        r.extra["results"] = _load(os.path.join(root, "results", "results.json"))
        self.runs.append(r)
        return r


def _load(p):
    try:
        with open(p, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default=os.path.abspath(os.path.join(HERE, "..", "..", "..")))
    ap.add_argument("--json", dest="json_out")
    ap.add_argument("--only", help="case id(s), comma-separated")
    ap.add_argument("--timeout", type=float, default=240.0, help="per-case limit in seconds (default 240)")
    a = ap.parse_args(argv)
    engine = os.path.abspath(a.engine)
    if not os.access(os.path.join(engine, ".venv", "bin", "grader"), os.X_OK):
        print(f"no grader at {engine}/.venv/bin/grader (run make .venv/.installed there)", file=sys.stderr)
        return 2
    runner.become_subreaper()
    only = set(a.only.split(",")) if a.only else None
    cases = [c for c in CASES if only is None or c.id in only]
    cache = tempfile.mkdtemp(prefix="h25cache-")
    results = []
    t_all = time.monotonic()
    try:
        for c in cases:
            tmp = tempfile.mkdtemp(prefix=f"h25-{c.id}-")
            ctx = Ctx(engine, tmp, min(a.timeout, c.timeout), cache)
            t0 = time.monotonic()
            ctx.deadline = t0 + min(a.timeout, c.timeout)
            try:
                held, reason = c.play(ctx)
            except Exception as e:  # noqa: BLE001 - a broken case is "not held", with why
                held, reason = False, f"case error: {type(e).__name__}: {e}"[:200]
            finally:
                runner.kill_tree()
            timed_out = any(r.timed_out for r in ctx.runs)
            if timed_out and not c.about_time:
                held, reason = False, "timed out: " + reason
            wall = max((r.wall for r in ctx.runs), default=0.0)
            peak = max((r.peak_mb for r in ctx.runs), default=0.0)
            res = {"id": c.id, "class": c.cls, "held": bool(held), "reason": " ".join(str(reason).split())[:160],
                   "wall_s": round(wall, 1), "peak_mb": round(peak, 1), "case_s": round(time.monotonic() - t0, 1),
                   "timed_out": timed_out}
            results.append(res)
            print(f"{c.id:<6} {('C' if c.cls == 0 else c.cls)!s:>2}  {'held' if held else 'NOT HELD':<8}  "
                  f"{res['wall_s']:>6.1f}s {res['peak_mb']:>7.0f}MB  {res['reason']}", flush=True)
            shutil.rmtree(tmp, ignore_errors=True)
    finally:
        runner.kill_tree()
        shutil.rmtree(cache, ignore_errors=True)
    total = time.monotonic() - t_all
    print()
    for k in sorted({r["class"] for r in results}):
        rs = [r for r in results if r["class"] == k]
        name = "controls" if k == 0 else f"class {k}"
        print(f"{name:<9} {sum(r['held'] for r in rs)}/{len(rs)} held")
    print(f"total     {sum(r['held'] for r in results)}/{len(results)} held in {total:.0f} s")
    if a.json_out:
        with open(a.json_out, "w", encoding="utf-8") as f:
            json.dump({"engine": engine, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                       "total_seconds": round(total, 1), "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
