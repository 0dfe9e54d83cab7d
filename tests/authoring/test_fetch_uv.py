"""grader.authoring.fetch_uv: the pinned uv from the index pip would use, checked, or one line why not.

Loopback only: a small index serving uv's page (PEP 691 JSON or PEP 503 HTML, as the client
asks and the server can) and a wheel built here, holding a stand-in executable."""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import io
import json
import os
import socket
import subprocess
import sys
import threading
import tomllib
import zipfile
from pathlib import Path

import pytest

from grader.authoring import fetch_uv

from paths import ROOT

VERSION = "9.8.7"
WHEEL = f"uv-{VERSION}-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"
ANY_LINUX_X86 = fetch_uv.wanted("linux", "x86_64", ("glibc", "2.31"))


def wheel(binary: bytes | None = b"#!/bin/sh\necho stand-in uv\n") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"uv-{VERSION}.dist-info/METADATA", "Name: uv\n")
        if binary is not None:
            archive.writestr(f"uv-{VERSION}.data/scripts/uv", binary)
    return buffer.getvalue()


@contextlib.contextmanager
def index(body: bytes, *, json_pages: bool = True, digest: str | None = None, name: str = WHEEL):
    """An index at http://127.0.0.1:PORT/simple/ listing one uv file; yields its URL and the requests seen."""
    seen: list[tuple[str, str]] = []
    digest = hashlib.sha256(body).hexdigest() if digest is None else digest

    class Index(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            seen.append((self.path, self.headers.get("Accept", "")))
            if self.path == "/simple/uv/":
                if json_pages and fetch_uv.JSON_TYPE in self.headers.get("Accept", ""):
                    files = [{"filename": name, "url": f"../../files/{name}",
                              "hashes": {"sha256": digest} if digest else {}}]
                    page, kind = json.dumps({"files": files}).encode(), fetch_uv.JSON_TYPE
                else:
                    fragment = f"#sha256={digest}" if digest else ""
                    page = f'<html><body><a href="/files/{name}{fragment}">{name}</a></body></html>'.encode()
                    kind = "text/html"
            elif self.path == f"/files/{name}":
                page, kind = body, "application/octet-stream"
            else:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Index)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/simple/", seen
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("json_pages", [True, False], ids=["pep691-json", "pep503-html"])
def test_the_wheel_for_this_machine_is_checked_and_its_executable_written(tmp_path, json_pages):
    with index(wheel(), json_pages=json_pages) as (url, seen):
        path = fetch_uv.fetch(VERSION, str(tmp_path / "uv-folder"), index=url, fits=ANY_LINUX_X86)
    assert Path(path).read_bytes() == b"#!/bin/sh\necho stand-in uv\n"
    assert os.access(path, os.X_OK)
    assert [request for request, _ in seen] == ["/simple/uv/", f"/files/{WHEEL}"]
    assert fetch_uv.JSON_TYPE in seen[0][1]  # JSON asked for first; HTML taken where that is all there is
    # uv installs from the index the wheel came from, not from its own default
    assert tomllib.loads((tmp_path / "uv-folder" / "uv.toml").read_text())["pip"]["index-url"] == url


def test_a_wheel_that_does_not_match_the_index_hash_is_refused_and_nothing_written(tmp_path):
    with index(wheel(), digest="0" * 64) as (url, _), pytest.raises(fetch_uv.Unavailable, match="sha256"):
        fetch_uv.fetch(VERSION, str(tmp_path / "f"), index=url, fits=ANY_LINUX_X86)
    assert not (tmp_path / "f").exists()


def test_an_index_that_gives_no_hash_is_not_trusted(tmp_path):
    with index(wheel(), digest="") as (url, _), pytest.raises(fetch_uv.Unavailable, match="no sha256"):
        fetch_uv.fetch(VERSION, str(tmp_path / "f"), index=url, fits=ANY_LINUX_X86)


def test_no_wheel_for_this_platform_says_so(tmp_path):
    aarch64 = fetch_uv.wanted("linux", "aarch64", ("glibc", "2.31"))
    with index(wheel()) as (url, _), pytest.raises(fetch_uv.Unavailable, match=f"no uv {VERSION} wheel"):
        fetch_uv.fetch(VERSION, str(tmp_path / "f"), index=url, fits=aarch64)


def test_another_version_is_not_taken(tmp_path):
    with index(wheel()) as (url, _), pytest.raises(fetch_uv.Unavailable, match=r"no uv 1\.2\.3 wheel"):
        fetch_uv.fetch("1.2.3", str(tmp_path / "f"), index=url, fits=ANY_LINUX_X86)


def test_a_wheel_without_the_executable_is_refused(tmp_path):
    with index(wheel(binary=None)) as (url, _), pytest.raises(fetch_uv.Unavailable, match="holds no uv"):
        fetch_uv.fetch(VERSION, str(tmp_path / "f"), index=url, fits=ANY_LINUX_X86)


@pytest.mark.parametrize(("system", "machine", "libc", "tag", "fits"), [
    ("linux", "x86_64", ("glibc", "2.31"), "manylinux_2_17_x86_64", True),
    ("linux", "x86_64", ("glibc", "2.31"), "manylinux_2_35_x86_64", False),  # needs a newer glibc
    ("linux", "x86_64", ("glibc", "2.31"), "manylinux_2_17_aarch64", False),
    ("linux", "x86_64", ("glibc", "2.31"), "musllinux_1_1_x86_64", False),
    ("linux", "x86_64", ("", ""), "musllinux_1_1_x86_64", True),  # no glibc: musl
    ("linux", "arm64", ("glibc", "2.28"), "manylinux_2_28_aarch64", True),
    ("darwin", "arm64", None, "macosx_11_0_arm64", True),
    ("darwin", "arm64", None, "macosx_10_12_x86_64", False),
])
def test_platform_tags_this_machine_runs(system, machine, libc, tag, fits):
    assert fetch_uv.wanted(system, machine, libc)(tag) is fits


def test_a_system_without_uv_wheels_this_set_up_takes_falls_back(monkeypatch):
    assert fetch_uv.wanted("win32", "AMD64", None) is None
    original = fetch_uv.wanted
    monkeypatch.setattr(fetch_uv, "wanted", lambda: original("win32", "AMD64", None))
    with pytest.raises(fetch_uv.Unavailable, match="uv ships no wheel this set-up takes"):
        fetch_uv.fetch(VERSION, "unused", index="http://127.0.0.1:9/simple/")


def _main(tmp_path, index: str, *version: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PIP_INDEX_URL": index, "PIP_CONFIG_FILE": os.devnull}
    command = [sys.executable, "-m", "grader.authoring.fetch_uv", "make grade", str(tmp_path / "f"), *version]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_an_index_that_cannot_be_reached_stops_the_set_up_with_one_line_and_nothing_made(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = _main(tmp_path, f"http://127.0.0.1:{port}/simple/", "--version", VERSION)
    assert done.returncode == 1
    assert done.stderr.startswith(f"make grade: the package index http://127.0.0.1:{port}/simple/ could not be reached")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and not (tmp_path / "f").exists()


def test_an_index_without_this_uv_lets_pip_install_saying_so(tmp_path):
    with index(wheel()) as (url, _):
        done = _main(tmp_path, url, "--version", "1.2.3")
    assert done.returncode == 0 and not (tmp_path / "f" / "uv").exists()
    assert done.stderr.count("\n") == 1 and "installing with pip instead" in done.stderr


def test_the_set_up_takes_uv_from_the_index_pip_is_configured_with(tmp_path, monkeypatch):
    with index(wheel()) as (url, seen):
        monkeypatch.setenv("PIP_INDEX_URL", url)
        monkeypatch.setattr(fetch_uv, "wanted", lambda: ANY_LINUX_X86)
        assert fetch_uv.main(["make grade", str(tmp_path / "f"), "--version", VERSION]) == 0
    assert (tmp_path / "f" / "uv").is_file() and f"/files/{WHEEL}" in [path for path, _ in seen]
