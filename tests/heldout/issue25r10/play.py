"""How a case plays the grader: only its public command line (grade, batch, gradebook export,
variant) and the Gradescope autograder zip, each run measured by runner.run.

Why here: cases describe what to build and what to judge; this module is the one place that
knows how to invoke the engine, so the judges read the same fields for every case.
"""
from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import runner

# The Gradescope autograder's build and run: its first run on a fresh checkout peaked at 2.7 GB here
# (47 s), the next ones at ~100 MB; no Gradescope case is judged on memory.
GS_MEM_CAP_MB = 6000.0


class Ctx:
    def __init__(self, engine: Path, tmp: Path, timeout: float):
        self.engine = engine
        self.tmp = tmp
        self.timeout = timeout
        self.grader = str(engine / ".venv" / "bin" / "grader")
        self.python = str(engine / ".venv" / "bin" / "python")
        self.runs: list[runner.Run] = []
        self._gs_zip: Path | None = None

    def env(self, **extra) -> dict:
        e = dict(os.environ)
        e.pop("GRADER_LESSON", None)
        e.update(extra)
        return e

    def _run(self, cmd, timeout=None, during=None, env=None, cwd=None,
             mem_cap_mb=runner.MEM_CAP_MB) -> runner.Run:
        r = runner.run(cmd, timeout or self.timeout, cwd=cwd or str(self.engine),
                       env=env or self.env(), during=during, mem_cap_mb=mem_cap_mb)
        self.runs.append(r)
        return r

    def grade(self, sub: Path, *args: str, audience: str = "student", timeout=None, during=None):
        """grader grade SUB --format json:F --format text; the report parsed into run.extra."""
        out = self.tmp / f"report{len(self.runs)}.json"
        cmd = [self.grader, "grade", str(sub), "--format", f"json:{out}", "--format", "text",
               "--audience", audience, *args]
        r = self._run(cmd, timeout=timeout, during=during)
        try:
            r.extra["report"] = json.loads(out.read_text())
            r.extra["report_text"] = out.read_text()
        except (OSError, ValueError):
            r.extra["report"] = None
            r.extra["report_text"] = ""
        return r

    def batch(self, subs: Path, *args: str, gradebook: Path | None = None, timeout=None, during=None):
        gb = gradebook or (self.tmp / "gradebook.sqlite")
        csvf = self.tmp / f"batch{len(self.runs)}.csv"
        cmd = [self.grader, "batch", str(subs), "--gradebook", str(gb), "--csv", str(csvf),
               "--jobs", "1", *args]
        r = self._run(cmd, timeout=timeout, during=during)
        r.extra["rows"] = read_csv(csvf)
        return r

    def variant(self, student: str) -> dict:
        r = self._run([self.grader, "variant", student, "--format", "json"], timeout=60)
        return json.loads(r.stdout) if r.rc == 0 else {}

    # Gradescope: build the autograder zip once per harness run, play run_autograder locally.
    def gradescope_zip(self, cache: dict) -> Path:
        if "zip" not in cache:
            z = Path(cache["dir"]) / "gradescope-autograder.zip"
            r = self._run([self.python, "-m", "grader.authoring.autograder", "--output", str(z),
                           "--lesson", "prefill"], timeout=300, mem_cap_mb=GS_MEM_CAP_MB)
            if r.rc != 0 or not z.exists():
                raise RuntimeError("could not build the Gradescope zip: " + r.stderr[-500:])
            cache["zip"] = z
        return cache["zip"]

    def gradescope(self, cache: dict, files_dir: Path, metadata: dict | None = None, timeout=None):
        """Unpack the autograder zip into AUTOGRADER_ROOT, put the upload in submission/, run it."""
        root = self.tmp / "autograder"
        src = root / "source"
        if root.exists():
            shutil.rmtree(root)
        src.mkdir(parents=True)
        with zipfile.ZipFile(self.gradescope_zip(cache)) as z:
            z.extractall(src)
        shutil.copytree(files_dir, root / "submission")
        (root / "results").mkdir()
        if metadata is not None:
            (root / "submission_metadata.json").write_text(json.dumps(metadata))
        script = src / "run_autograder"
        os.chmod(script, 0o755)
        env = self.env(AUTOGRADER_ROOT=str(root), GRADER_PYTHON=self.python)
        r = self._run(["bash", str(script)], timeout=timeout, env=env, cwd=str(src),
                      mem_cap_mb=GS_MEM_CAP_MB)
        res = root / "results" / "results.json"
        try:
            r.extra["results"] = json.loads(res.read_text())
        except (OSError, ValueError):
            r.extra["results"] = None
        return r


def read_csv(path: Path) -> list[dict]:
    try:
        with open(path, newline="", encoding="utf-8") as f:
            return list(csv.DictReader(f))
    except OSError:
        return []


def sh(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, **kw)
