#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image (the zip is unpacked
# in /autograder/source). It installs Python 3.11 or newer, bubblewrap for the sandbox, and the
# grader's dependencies at the exact versions of requirements/grade.txt (the lock `make grade` and
# the student bundle install too) in /autograder/venv. run_autograder runs the grader from source/,
# so the package itself needs no installing. AUTOGRADER_ROOT moves /autograder, for testing.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SOURCE="$(cd "$(dirname "$0")" && pwd)"
ROOT="${AUTOGRADER_ROOT:-/autograder}"

if command -v apt-get >/dev/null; then
  apt-get update -qq
  apt-get install -y -qq bubblewrap python3-venv >/dev/null || true  # without bwrap the worker is only limited
fi

PY=""
for candidate in python3.13 python3.12 python3.11 python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    PY="$candidate"
    break
  fi
done
if [ -z "$PY" ]; then  # Ubuntu 22.04 images ship 3.10
  apt-get install -y -qq python3.11 python3.11-venv >/dev/null
  PY=python3.11
fi

"$PY" -m venv "$ROOT/venv"
"$ROOT/venv/bin/python" -m pip install --quiet --timeout 30 --retries 2 -r "$SOURCE/requirements/grade.txt"
