"""Before a first set-up installs the lock: can the package index be reached? One clear line if not.

Why: offline, pip retries every download for minutes (``--retries``, ``PIP_DEFAULT_TIMEOUT``)
and then says only that no version satisfies a requirement, which reads like a broken
project. A newcomer's first ``make grade`` (in the repository or the student bundle) runs
this first: it asks the index pip would use, for at most ``TIMEOUT`` seconds in all, and
stops the set-up with what is wrong and what to do.

Which index: ``PIP_INDEX_URL``, else pip's configured ``index-url``, else PyPI. A ``file:``
index is looked for on disk. ``PIP_NO_INDEX`` (installing from ``--find-links`` only) skips
the check. Any HTTP answer counts as reached: past that, pip's own messages are precise.

It runs with the Python that will create ``.venv/``, before any dependency is installed, so
it uses the standard library only: ``python3 -m grader.authoring.reachable [WHAT]``.
"""

from __future__ import annotations

import os
import ssl
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request

PYPI = "https://pypi.org/simple/"
TIMEOUT = 15.0  # seconds for the whole check: the name lookup, the connection and the answer


def index_url() -> str:
    """The index pip would ask first."""
    url = os.environ.get("PIP_INDEX_URL", "").split()
    if url:
        return url[0]
    listed = ""
    # this interpreter's pip, else its base interpreter's: a virtual environment that uv set up has none
    for python in dict.fromkeys([sys.executable, getattr(sys, "_base_executable", sys.executable)]):
        try:
            done = subprocess.run([python, "-m", "pip", "config", "list"], capture_output=True, text=True,
                                  timeout=30, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            listed = done.stdout
            break
    for line in listed.splitlines():
        key, _, value = line.partition("=")
        if key.strip().rpartition(".")[2] == "index-url" and value.strip().strip("'\"").split():
            return value.strip().strip("'\"").split()[0]
    return PYPI


def problem(url: str, timeout: float = TIMEOUT) -> str | None:
    """None when the index at ``url`` answers within ``timeout`` seconds, else why it does not."""
    parsed = urllib.parse.urlparse(url)
    if parsed.scheme == "file":
        path = urllib.request.url2pathname(parsed.path)
        return None if os.path.isdir(path) else f"{path} is not a folder"
    if parsed.scheme not in ("http", "https"):
        return f"pip cannot use a '{parsed.scheme}' index"
    outcome: list[str | None] = []

    def ask() -> None:
        cafile = os.environ.get("PIP_CERT") or os.environ.get("REQUESTS_CA_BUNDLE") or None
        try:
            context = ssl.create_default_context(cafile=cafile) if parsed.scheme == "https" else None
            with urllib.request.urlopen(url, timeout=timeout, context=context):
                outcome.append(None)
        except urllib.error.HTTPError:  # the index answered, if not with a page: pip will say more
            outcome.append(None)
        except urllib.error.URLError as exc:
            outcome.append(str(exc.reason))
        except (OSError, ValueError) as exc:
            outcome.append(str(exc) or type(exc).__name__)

    # a thread bounds the whole check, the name lookup included (urlopen's timeout does not cover it)
    worker = threading.Thread(target=ask, daemon=True)
    worker.start()
    worker.join(timeout)
    if not outcome:
        return f"no answer within {timeout:g} s"
    return outcome[0]


def no_index() -> bool:
    """``PIP_NO_INDEX``: installing from ``--find-links`` only, so there is no index to ask."""
    return os.environ.get("PIP_NO_INDEX", "").lower() not in ("", "0", "false", "no", "off")


def check(what: str, url: str | None = None) -> int:
    """0 when the index (``url``, else the one pip would ask) answers; else 1, having said so on stderr."""
    if no_index():
        return 0
    url = url or index_url()
    why = problem(url)
    if why is None:
        return 0
    print(f"{what}: the package index {url} could not be reached ({why}). The first run installs the grader's "
          "dependencies from it: connect to the network (or set PIP_INDEX_URL to an index you can reach) and "
          "run it again.", file=sys.stderr)
    return 1


def main(argv: list[str]) -> int:
    return check(argv[0] if argv else "the set-up")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
