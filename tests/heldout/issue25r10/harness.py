"""Run the battery: python3 harness.py [--engine DIR] [--json F] [--only ids|class] [--timeout S]
[--build-only].

Cases run one at a time (2 shared cores), each in a fresh temp folder removed afterwards. The
harness is a child subreaper so every process a case leaves is measured and killed by pid.
--build-only builds every selected case and runs its local verification, never the grader.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cases as C  # noqa: E402
import play  # noqa: E402
import runner  # noqa: E402

CLASS_NAMES = {0: "control", 1: "gamed checks", 2: "answers", 3: "finding work", 4: "exports",
               5: "mid-batch changes", 6: "forced faults", 7: "amplification", 8: "leaks",
               9: "cosmetic"}


def select(cases, only: str | None):
    if not only:
        return cases
    out = []
    for tok in only.split(","):
        tok = tok.strip()
        for c in cases:
            name = CLASS_NAMES[c.cls]
            if (c.id == tok or c.id.startswith(tok) or tok in (name, "control" if c.cls == 0 else "")
                    or tok == str(c.cls)) and c not in out:
                out.append(c)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--engine", default=str(Path(__file__).resolve().parents[3]),
                    help="grader checkout holding .venv/ (default: the repository holding this file)")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--only", help="case ids, id prefixes, a class number or name, or 'control'")
    ap.add_argument("--timeout", type=float, help="lower every case's time limit to S seconds")
    ap.add_argument("--build-only", action="store_true", help="build and verify, never grade")
    a = ap.parse_args(argv)
    engine = Path(a.engine).resolve()
    if not a.build_only and not (engine / ".venv" / "bin" / "grader").exists():
        print(f"no {engine}/.venv/bin/grader: run make .venv/.installed there", file=sys.stderr)
        return 2
    runner.become_subreaper()
    todo = select(C.all_cases(), a.only)
    cache_dir = Path(tempfile.mkdtemp(prefix="h25r10-cache-"))
    cache = {"dir": str(cache_dir)}
    results = []
    t_all = time.monotonic()
    try:
        for c in todo:
            tmp = Path(tempfile.mkdtemp(prefix=f"h25r10-{c.id}-"))
            timeout = min(c.timeout, a.timeout) if a.timeout else c.timeout
            ctx = play.Ctx(engine, tmp, timeout)
            t0 = time.monotonic()
            try:
                st = c.build(tmp)
                st.update(cache=cache, tmp=tmp)
                if a.build_only:
                    held, reason = c.verify(st) if c.verify else (True, "built")
                else:
                    held, reason = c.play(ctx, st)
            except Exception as e:  # noqa: BLE001 - one broken case must not stop the battery
                held, reason = False, f"harness error: {e!r} " + traceback.format_exc(limit=2)[-300:]
            runner.kill_leftovers()
            wall = max([r.wall for r in ctx.runs], default=0.0)
            peak = max([r.peak_mb for r in ctx.runs], default=0.0)
            tag = ("built " if held else "BUILD FAILED") if a.build_only else ("held" if held else "NOT HELD")
            print(f"{c.id:5} {CLASS_NAMES[c.cls]:18} {tag:9} {wall:6.1f}s {peak:6.0f}MB  "
                  f"{str(reason)[:200]}", flush=True)
            results.append({"id": c.id, "class": c.cls, "what": c.what, "held": bool(held),
                            "reason": str(reason), "wall": wall, "peak_mb": peak,
                            "case_seconds": time.monotonic() - t0})
            shutil.rmtree(tmp, ignore_errors=True)
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    print()
    for k in sorted({r["class"] for r in results}):
        rs = [r for r in results if r["class"] == k]
        print(f"class {k} ({CLASS_NAMES[k]}): {sum(r['held'] for r in rs)}/{len(rs)}")
    att = [r for r in results if r["class"] != 0]
    print(f"attacks held: {sum(r['held'] for r in att)}/{len(att)}; controls: "
          f"{sum(r['held'] for r in results if r['class'] == 0)}/{len(results) - len(att)}; "
          f"runtime {time.monotonic() - t_all:.0f}s")
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
