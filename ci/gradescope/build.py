"""Build the Gradescope autograder zip: setup.sh and run_autograder at the top, the grader beside them.

Gradescope unpacks the zip in /autograder/source, runs setup.sh once to build the image and
run_autograder for every submission. The zip holds only what grading needs: the package,
the lesson's suite and reference solution (the checks compare against it), and the files
pip needs to install the package. Entries are sorted and dated 1980 so that the same tree
always gives the same zip.
"""

from __future__ import annotations

import argparse
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = Path(__file__).resolve().parent
SKIP = {"__pycache__", "mutants", ".pytest_cache"}


def files(lesson: str) -> list[tuple[str, Path]]:
    entries = [("setup.sh", HERE / "setup.sh"), ("run_autograder", HERE / "run_autograder"),
               ("pyproject.toml", ROOT / "pyproject.toml"), ("README.md", ROOT / "README.md")]
    for tree in ("grader", f"suites/{lesson}", f"solutions/{lesson}"):
        for path in sorted((ROOT / tree).rglob("*")):
            if path.is_file() and not SKIP & set(path.relative_to(ROOT).parts) and path.suffix != ".pyc":
                entries.append((path.relative_to(ROOT).as_posix(), path))
    return entries


def build(out: Path, lesson: str) -> Path:
    if not (ROOT / "suites" / lesson / "lesson.toml").is_file():
        sys.exit(f"build.py: no lesson '{lesson}' in {ROOT / 'suites'}")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in files(lesson):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if path.stat().st_mode & 0o111 else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    tmp.replace(out)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "dist" / "gradescope-autograder.zip")
    parser.add_argument("--lesson", default="prefill")
    args = parser.parse_args()
    print(f"wrote {build(args.output, args.lesson)}")
