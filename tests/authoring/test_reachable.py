"""grader.authoring.reachable: before a first set-up, the package index answers, or one line says it does not.

Loopback only: a port nobody listens on, a server that accepts and never answers, and one
that answers 404 (reached: pip's own messages take it from there)."""

from __future__ import annotations

import contextlib
import http.server
import socket
import subprocess
import sys
import threading

import pytest

from grader.authoring import reachable

from paths import ROOT


@pytest.fixture
def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def silent_port():
    """Accepts connections (the kernel's backlog) and never says a word."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        yield server.getsockname()[1]


@pytest.fixture
def answering_port():
    class NotFound(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_error(404)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NotFound)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_an_index_that_answers_even_404_is_reached(answering_port):
    assert reachable.problem(f"http://127.0.0.1:{answering_port}/simple/") is None


def test_an_index_nobody_serves_is_a_reason(closed_port):
    why = reachable.problem(f"http://127.0.0.1:{closed_port}/simple/", timeout=30)
    assert why and "refused" in why.lower()


def test_an_index_that_never_answers_is_given_up_on(silent_port):
    why = reachable.problem(f"http://127.0.0.1:{silent_port}/simple/", timeout=1)
    assert why and ("timed out" in why or "no answer within 1 s" in why)


def test_a_file_index_is_looked_for_on_disk(tmp_path):
    assert reachable.problem(tmp_path.as_uri()) is None
    assert "is not a folder" in reachable.problem((tmp_path / "missing").as_uri())
    assert "cannot use a 'ftp' index" in reachable.problem("ftp://example/simple")


def test_the_index_is_pip_index_url_else_pips_configuration_else_pypi(tmp_path, monkeypatch):
    monkeypatch.delenv("PIP_INDEX_URL", raising=False)
    config = tmp_path / "pip.conf"
    config.write_text("[global]\nindex-url = http://127.0.0.1:9/mirror/\nextra-index-url = http://elsewhere/\n")
    monkeypatch.setenv("PIP_CONFIG_FILE", str(config))
    assert reachable.index_url() == "http://127.0.0.1:9/mirror/"
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")  # pip reads no configuration at all
    assert reachable.index_url() == reachable.PYPI
    monkeypatch.setenv("PIP_INDEX_URL", "http://127.0.0.1:8/simple/ http://ignored/")
    assert reachable.index_url() == "http://127.0.0.1:8/simple/"


def test_main_says_what_is_wrong_and_what_to_do_in_one_line(closed_port, monkeypatch, capsys):
    monkeypatch.setenv("PIP_INDEX_URL", f"http://127.0.0.1:{closed_port}/simple/")
    monkeypatch.delenv("PIP_NO_INDEX", raising=False)
    assert reachable.main(["make grade"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"make grade: the package index http://127.0.0.1:{closed_port}/simple/ could not be reached")
    assert "connect to the network" in err and len(err.strip().splitlines()) == 1
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # installing from --find-links only: nothing to reach
    assert reachable.main(["make grade"]) == 0


def test_it_runs_with_the_standard_library_alone(tmp_path, closed_port):
    """Before .venv/ exists: a bare interpreter, the package not installed, only its source beside it."""
    code = ("import sys, grader.authoring.reachable as r; "
            "sys.exit(0 if not set(sys.modules) & {'numpy', 'pytest', 'rich'} else 5)")
    with contextlib.chdir(ROOT):
        done = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, '.'); {code}"],
                              capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
