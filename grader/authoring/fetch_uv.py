"""Fetch the pinned uv for a first set-up: the lock installs in seconds instead of half a minute.

Why: ``pip`` took 30+ s to install the grading lock into a new virtual environment from an empty
cache (and 7 s more to bootstrap uv itself through pip); ``uv`` installs the same exact versions
in about 7 s. This module is what makes uv available before anything else is: it runs with the
Python that will create ``.venv/``, standard library only, like ``grader.authoring.reachable``:

    python3 -m grader.authoring.fetch_uv WHAT FOLDER [--version VERSION]

VERSION defaults to ``PINNED``, the one declaration of the uv version (the course's Makefile and
the student bundle's take it from here). It asks the package index pip would use
(``reachable.index_url``) for uv's page (the JSON of PEP 691, else the HTML of PEP 503), takes
the wheel of VERSION built for this machine, checks its
sha256 against the index's, and writes the ``uv`` executable from it to ``FOLDER/uv``, with
``FOLDER/uv.toml`` naming that index, so that uv installs from where pip would have (uv reads
neither ``PIP_INDEX_URL`` nor pip's configuration; the Makefile passes it ``--config-file``).

It is the set-up's first step, before ``.venv/`` is made: first ``reachable.check`` (WHAT names the
command for its message: "make grade"), and an index that does not answer stops the set-up, exit
status 1, with nothing created; then the fetch. Exit status 0 whether uv was fetched or not: where
it cannot be had (a platform without a uv wheel, an index that does not serve uv, a mirror that
gives no hashes, ``PIP_NO_INDEX``) one line says why and the Makefile installs with pip, as before.
Nothing is run from the wheel here and nothing else is unpacked. (One process for both steps:
asking pip for its configured index costs half a second.)
"""

from __future__ import annotations

import hashlib
import html.parser
import io
import json
import os
import platform
import re
import ssl
import sys
import urllib.parse
import urllib.request
import zipfile

from grader.authoring import reachable

PINNED = "0.13.8"  # uv's version for the set-up and `make lock`
TIMEOUT = 30.0  # seconds per request: the wheel is about 17 MB
JSON_TYPE = "application/vnd.pypi.simple.v1+json"


class Unavailable(Exception):
    """uv cannot be had here; the message says why (pip installs instead)."""


def wanted(system: str | None = None, machine: str | None = None, libc: tuple[str, str] | None = None):
    """A predicate on a wheel's platform tags: True for a tag this machine runs. None: no uv wheel fits."""
    system = system or sys.platform
    machine = (machine or platform.machine()).lower()
    if system.startswith("linux"):
        machine = {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)
        name, version = libc if libc is not None else platform.libc_ver()
        if name == "glibc":
            have = tuple(int(part) for part in re.findall(r"\d+", version)[:2]) or (0, 0)

            def fits(tag: str) -> bool:
                found = re.fullmatch(rf"manylinux_(\d+)_(\d+)_{re.escape(machine)}", tag)
                return bool(found) and (int(found[1]), int(found[2])) <= have
            return fits
        return lambda tag: re.fullmatch(rf"musllinux_\d+_\d+_{re.escape(machine)}", tag) is not None
    if system == "darwin":
        machine = {"aarch64": "arm64"}.get(machine, machine)
        return lambda tag: re.fullmatch(rf"macosx_\d+_\d+_{re.escape(machine)}", tag) is not None
    return None


class _Links(html.parser.HTMLParser):
    """The ``<a href>`` of a PEP 503 page, with their text (the file name)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self._href = dict(attrs).get("href")

    def handle_data(self, data):
        if self._href is not None:
            self.links.append((data.strip(), self._href))
            self._href = None


def files(page: bytes, content_type: str, base: str) -> list[tuple[str, str, str]]:
    """(file name, absolute URL, sha256 or "") of each file an index page lists."""
    if content_type.startswith(JSON_TYPE) or content_type.startswith("application/json"):
        listed = json.loads(page)
        return [(entry["filename"], urllib.parse.urljoin(base, entry["url"]), entry.get("hashes", {}).get("sha256", ""))
                for entry in listed.get("files", [])]
    parser = _Links()
    parser.feed(page.decode("utf-8", "replace"))
    out = []
    for name, href in parser.links:
        url, _, fragment = urllib.parse.urljoin(base, href).partition("#")
        digest = fragment.partition("sha256=")[2] if fragment.startswith("sha256=") else ""
        out.append((name or url.rsplit("/", 1)[-1], url, digest))
    return out


def choose(listed: list[tuple[str, str, str]], version: str, fits) -> tuple[str, str, str]:
    """The wheel of ``version`` whose platform tags this machine runs."""
    for name, url, digest in listed:
        parts = name[:-len(".whl")].split("-") if name.endswith(".whl") else []
        if len(parts) == 5 and parts[0] == "uv" and parts[1] == version and any(map(fits, parts[4].split("."))):
            if not digest:
                raise Unavailable(f"the index gives no sha256 for {name}")
            return name, url, digest
    raise Unavailable(f"the index has no uv {version} wheel for {sys.platform} {platform.machine()}")


def _get(url: str, accept: str = "*/*") -> tuple[bytes, str]:
    cafile = os.environ.get("PIP_CERT") or os.environ.get("SSL_CERT_FILE") or None
    context = ssl.create_default_context(cafile=cafile) if url.startswith("https:") else None
    request = urllib.request.Request(url, headers={"Accept": accept})
    with urllib.request.urlopen(request, timeout=TIMEOUT, context=context) as answer:
        return answer.read(), answer.headers.get("Content-Type", "")


def fetch(version: str, folder: str, index: str | None = None, fits=None) -> str:
    """Write uv ``version`` to ``folder/uv`` from the index; its path. Raises Unavailable saying why."""
    fits = fits or wanted()
    if fits is None:
        raise Unavailable(f"uv ships no wheel this set-up takes for {sys.platform}")
    index = (index or reachable.index_url()).rstrip("/") + "/"
    if not index.startswith(("http:", "https:")):
        raise Unavailable(f"the index {index} is not served over HTTP")
    try:
        page, kind = _get(urllib.parse.urljoin(index, "uv/"), f"{JSON_TYPE}, text/html;q=0.1")
        name, url, digest = choose(files(page, kind, urllib.parse.urljoin(index, "uv/")), version, fits)
        wheel, _ = _get(url)
    except (OSError, ValueError, KeyError) as exc:  # URLError, timeouts, a page that is not what it says
        raise Unavailable(f"uv could not be fetched from {index}: {exc}") from None
    if hashlib.sha256(wheel).hexdigest() != digest.lower():
        raise Unavailable(f"{name} does not match the sha256 the index gives")
    try:
        binary = zipfile.ZipFile(io.BytesIO(wheel)).read(f"uv-{version}.data/scripts/uv")
    except (KeyError, zipfile.BadZipFile) as exc:
        raise Unavailable(f"{name} holds no uv executable ({exc})") from None
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, "uv")
    partial = target + ".part"
    with open(partial, "wb") as out:
        out.write(binary)
    os.chmod(partial, 0o755)
    with open(os.path.join(folder, "uv.toml"), "w", encoding="utf-8") as config:
        config.write(f"[pip]\nindex-url = {json.dumps(index)}\n")  # a JSON string is a TOML basic string
    os.replace(partial, target)  # a run killed half way leaves no half-written uv to be trusted next time
    return target


def main(argv: list[str]) -> int:
    version = PINNED
    if len(argv) == 4 and argv[2] == "--version":
        version = argv[3]
    elif len(argv) != 2:
        print("usage: python -m grader.authoring.fetch_uv WHAT FOLDER [--version VERSION]", file=sys.stderr)
        return 2
    what, folder = argv[0], argv[1]
    if reachable.no_index():
        print(f"{what}: PIP_NO_INDEX is set, so pip installs (uv is not fetched)", file=sys.stderr)
        return 0
    index = reachable.index_url()
    if reachable.check(what, index):
        return 1
    try:
        fetch(version, folder, index=index)
    except Unavailable as why:
        print(f"{what}: uv {version} is not available ({why}); installing with pip instead", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
