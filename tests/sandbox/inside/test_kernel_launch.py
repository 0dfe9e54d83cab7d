"""grader.sandbox.inside.kernel_launch: one ipykernel, started by hand, talked to over Unix sockets.

These start a real kernel in the test process's own environment (no sandbox: that is the
worker's job, tested end to end in test_notebook_grading.py).
"""

from __future__ import annotations

import asyncio
import os
import shutil

import pytest

from grader.sandbox.inside import kernel_launch as launch
from grader.sandbox.inside.kernel_launch import Kernel, KernelFailed

pytestmark = pytest.mark.kernel


@pytest.fixture
def runtime(tmp_path, monkeypatch):
    """A private runtime folder per test, removed afterwards."""
    monkeypatch.setattr(launch, "_RUNTIME", str(tmp_path / "runtime"))
    os.mkdir(tmp_path / "runtime", 0o700)
    yield tmp_path / "runtime"
    shutil.rmtree(tmp_path / "runtime", ignore_errors=True)


def run(coroutine):
    return asyncio.run(coroutine)


def test_a_kernel_starts_answers_and_reports_how_it_ended(tmp_path, runtime):
    (tmp_path / "helper.py").write_text("VALUE = 41\n")
    kernel = Kernel(str(tmp_path), (), 0)
    try:
        run(kernel.connect(30))
        assert sorted(p.name for p in runtime.iterdir() if p.name.endswith(".json")) == ["k0.json"]
        assert oct(os.stat(runtime / "k0.json").st_mode & 0o777) == "0o600"  # the key is private

        async def steps():
            # started apart from the notebook's folder; the setup makes it the cells' folder, last on sys.path
            await kernel.execute_quietly("import os, sys")
            assert await kernel.execute_quietly("", {"status": f"os.getcwd() == {str(runtime)!r}"}) == "True"
            assert await kernel.execute_quietly("", {"status": f"{str(tmp_path)!r} in sys.path"}) == "False"
            await kernel.execute_quietly(launch.setup_code(str(tmp_path)))
            await kernel.execute_quietly("import helper")
            assert await kernel.execute_quietly("", {"status": "helper.VALUE + 1"}) == "42"
            assert await kernel.execute_quietly("", {"status": "sys.path[-1] == os.getcwd()"}) == "True"
            assert await kernel.execute_quietly("", {"status": "os.environ['GRADER_NOTEBOOK']"}) == "'1'"
            assert await kernel.execute_quietly("", {"status": "undefined_name"}) is None
            assert await kernel.responsive(5)
            kernel.client.execute("import os; os._exit(7)")
            for _ in range(100):
                if not kernel.alive():
                    break
                await asyncio.sleep(0.05)

        run(steps())
        assert not kernel.alive()
        assert kernel.death() == "the kernel exited with status 7"
    finally:
        kernel.kill()


def test_what_the_cells_print_is_capped_in_every_cell_after_the_setup(tmp_path, runtime):
    """Issue 25 (round 6, 7i): a cell printing 300 lines of 1 MB sent 300 MB to the worker, which queued them. The
    setup capped ``sys.stdout.write``, but IPython's ``_tee`` puts back, when each cell ends, the ``write`` it found
    when the cell began: the setup cell's own end took the cap away (session 35). Now each later cell sends at most
    ``PRINTED_LIMIT`` characters, whatever it assigns to ``sys.stdout.write``."""
    kernel = Kernel(str(tmp_path), (), 0)
    try:
        run(kernel.connect(30))

        async def sent_by(code: str) -> int:
            msg_id, sent = kernel.client.execute(code), 0
            while True:
                msg = await kernel.client.iopub_channel.get_msg(timeout=30)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if msg["msg_type"] == "stream":
                    sent += len(msg["content"]["text"])
                if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                    return sent

        async def steps():
            await kernel.execute_quietly(launch.setup_code(str(tmp_path)))
            first = await sent_by("import sys\nsys.stdout.write = sys.__stdout__.write\nprint('y' * 3_000_000)")
            later = await sent_by("for _ in range(3):\n    print('y' * 1_000_000)")  # the cap, two cells on
            return first, later
        first, later = run(steps())
    finally:
        kernel.kill()
    assert first == 3_000_001 and launch.PRINTED_LIMIT <= first + later <= launch.PRINTED_LIMIT + 100


def test_a_kernel_that_cannot_start_says_why(tmp_path, runtime, monkeypatch):
    monkeypatch.setattr(launch, "_BOOT", "import sys\nsys.exit('ipykernel is missing here')\n")
    kernel = Kernel(str(tmp_path), (), 0)
    with pytest.raises(KernelFailed) as caught:
        run(kernel.connect(30))
    kernel.kill()
    assert str(caught.value) == ("the Python kernel did not start: the kernel exited with status 1 "
                                 "(ipykernel is missing here)")


def test_a_kernel_that_cannot_even_be_launched_says_why(tmp_path, runtime, monkeypatch):
    monkeypatch.setattr(launch.sys, "executable", str(tmp_path / "no such python"))
    kernel = Kernel(str(tmp_path), (), 0)
    with pytest.raises(KernelFailed, match=r"^the Python kernel could not be started \("):
        run(kernel.connect(30))
    kernel.kill()  # harmless without a process


KERNEL_MODULES = ("orjson", "msgpack", "colorama", "storemagic", "zmq", "traitlets", "jupyter_client", "IPython",
                  "ipykernel", "tornado", "sitecustomize", "ipython_config", "ipython_kernel_config")


def test_the_notebooks_files_cannot_stop_the_kernel_from_starting(tmp_path, runtime):
    """Issue 25: an ``orjson.py`` beside the notebook ran when the kernel started (jupyter_client imports
    orjson if it can), the kernel died and the grade was the grader's fault. Nothing of the folder is
    imported, nor read as configuration, until the setup; then the student's own module is."""
    folder = tmp_path / "submission"
    folder.mkdir()
    for name in KERNEL_MODULES:
        (folder / f"{name}.py").write_text(f"raise SystemExit('{name}.py ran')\n")
    (folder / "mylib.py").write_text("VALUE = 7\n")
    kernel = Kernel(str(folder), (), 0)
    try:
        run(kernel.connect(30))

        async def steps():
            await kernel.execute_quietly(launch.setup_code(str(folder)))
            await kernel.execute_quietly("import mylib")
            return await kernel.execute_quietly("", {"status": "mylib.VALUE"})

        assert run(steps()) == "7"
        assert kernel.blames() == ""
    finally:
        kernel.kill()


def test_a_kernel_whose_last_words_name_a_file_of_the_folder_blames_it(tmp_path, runtime, monkeypatch):
    (tmp_path / "evil.py").write_text("raise SystemExit(3)\n")
    monkeypatch.setattr(launch, "_BOOT", f"import sys\nsys.path.append({str(tmp_path)!r})\nimport evil\n")
    kernel = Kernel(str(tmp_path), (), 0)
    with pytest.raises(KernelFailed):
        run(kernel.connect(30))
    kernel.kill()
    assert kernel.blames() == ""  # SystemExit prints no traceback: nothing names the file
    monkeypatch.setattr(launch, "_BOOT", f"import sys\nsys.path.append({str(tmp_path)!r})\nimport evil2\n")
    (tmp_path / "evil2.py").write_text("raise ValueError('no')\n")
    kernel = Kernel(str(tmp_path), (), 1)
    with pytest.raises(KernelFailed):
        run(kernel.connect(30))
    kernel.kill()
    assert kernel.blames() == "evil2.py"
