"""grader.sandbox.inside.kernel_server: the kernel's namespace seen as a module, and errors located in cells.

The serving loop itself runs inside a real kernel in tests/test_notebook_grading.py; here
its two pieces are checked on their own, without a kernel.
"""

from __future__ import annotations

import linecache

import pytest

from grader.sandbox import codec as _codec
from grader.sandbox.inside import worker as _worker
from grader.sandbox.inside.kernel_server import NOTEBOOK_PATH, _Namespace, where


def test_callables_are_served_and_anything_else_is_missing():
    namespace = _Namespace({"double": lambda x: 2 * x, "N": 3, "np": None})
    assert namespace.double(4) == 8
    assert getattr(namespace, "N", None) is None and getattr(namespace, "absent", None) is None


def test_the_namespace_is_read_at_call_time():
    user_ns = {}
    namespace = _Namespace(user_ns)
    user_ns["f"] = lambda: "late"
    assert namespace.f() == "late"


def test_a_call_through_the_worker_protocol_answers_like_a_module():
    namespace = _Namespace({"add": lambda a, b: a + b})
    blobs = _codec.Blobs()
    request = {"id": 7, "fn": "add", "args": _codec.encode([1, 2], blobs), "kwargs": _codec.encode({}, blobs)}
    reply = _worker.answer_call(namespace, NOTEBOOK_PATH, request, b"", _codec.Blobs())
    assert reply == {"id": 7, "ok": 3}
    assert "missing" in _worker.answer_call(namespace, NOTEBOOK_PATH, {**request, "fn": "nope"}, b"", _codec.Blobs())


def cell(source: str, filename: str, namespace: dict) -> None:
    """Define a cell's code as IPython does: compiled under a file name of its own, kept in linecache."""
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the test's own code


def test_an_exception_is_located_in_the_deepest_cell_frame():
    namespace: dict = {}
    cell("def helper(x):\n    y = 1\n    raise ValueError('bad ' + str(x))\n", "/tmp/ipykernel_1/111.py", namespace)
    cell("def causal_mask(P):\n    return helper(P)\n", "/tmp/ipykernel_1/222.py", namespace)
    proxy = _Namespace(namespace)
    with pytest.raises(ValueError):
        proxy.causal_mask(5)
    raised = proxy.__dict__["_grader_raised"]
    files = {"/tmp/ipykernel_1/111.py": 3, "/tmp/ipykernel_1/222.py": 4}
    found = where(raised, files, {3: 6, 4: 9})
    assert {k: found[k] for k in ("cell", "lineno", "line")} == \
        {"cell": 6, "lineno": 3, "line": "raise ValueError('bad ' + str(x))"}
    # the path through the cells' functions, outermost first, as a module's worker sends it
    assert [(f["function"], f["cell"], f["lineno"]) for f in found["frames"]] == \
        [("causal_mask", 9, 2), ("helper", 6, 3)]
    assert where(raised, files, {4: 9})["cell"] == 9  # a cell the run did not record is skipped
    assert where(raised, {}, {3: 6}) == {}
