"""grader.submission.stubs: recognising functions the student has not started, by parsing only."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from grader.submission.stubs import unimplemented_functions

from paths import ROOT

PREFILL_FUNCTIONS = {"prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential"}


def stubs(tmp_path: Path, source: str) -> set[str]:
    path = tmp_path / "module.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return unimplemented_functions(path)


@pytest.mark.parametrize("body", [
    "pass",
    '"""Return 2 * N * P."""',
    "...",
    '"""Return 2 * N * P."""\n    pass',
    "pass\n    pass",
    '"""doc"""\n    ...',
], ids=["pass", "docstring", "ellipsis", "docstring+pass", "pass-pass", "docstring+ellipsis"])
def test_empty_bodies_are_unimplemented(tmp_path, body):
    assert stubs(tmp_path, f"def f(N, P):\n    {body}\n") == {"f"}


@pytest.mark.parametrize("body", [
    "return 2 * N * P",
    '"""doc"""\n    return 2 * N * P',
    "pass\n    return None",
    "x = 1",
    'raise NotImplementedError("todo")',
    "print('hi')",
    "1",
])
def test_bodies_that_do_something_are_implemented(tmp_path, body):
    assert stubs(tmp_path, f"def f(N, P):\n    {body}\n") == set()


def test_only_the_stubs_are_named(tmp_path):
    source = """
        import numpy as np

        def done(N, P):
            return 2 * N * P

        def todo(P):
            pass

        async def later(P):
            ...

        async def ready(P):
            return P
    """
    assert stubs(tmp_path, source) == {"todo", "later"}


def test_nested_functions(tmp_path):
    source = """
        def outer(P):
            def helper(i):
                pass
            return [helper(i) for i in range(P)]

        def wrapper(P):
            def inner():
                return P
            pass
    """
    # Only top-level functions count: the nested stub is not reported, and a body holding
    # a nested definition is not empty.
    assert stubs(tmp_path, source) == set()


def test_methods_are_not_top_level_functions(tmp_path):
    source = """
        class Model:
            def forward(self):
                pass
    """
    assert stubs(tmp_path, source) == set()


def test_decorated_stub(tmp_path):
    source = """
        import functools

        @functools.lru_cache
        def causal_pairs(P):
            pass
    """
    assert stubs(tmp_path, source) == {"causal_pairs"}


def test_redefined_stub_then_implemented_again(tmp_path):
    source = """
        def f(P):
            return P

        def f(P):
            pass
    """
    assert stubs(tmp_path, source) == {"f"}  # the last definition is what Python uses


def test_stub_replaced_by_a_later_implementation(tmp_path):
    source = """
        def f(P):
            pass

        def f(P):
            return P * (P + 1) // 2
    """
    assert stubs(tmp_path, source) == set()


@pytest.mark.parametrize("source", ["def f(:\n    pass\n", "def f():\n\tpass\n        pass\n", "x = 'a\0b'\n"],
                         ids=["syntax", "indentation", "null-byte"])
def test_unparsable_source_gives_nothing(tmp_path, source):
    path = tmp_path / "module.py"
    path.write_text(source, encoding="utf-8")
    assert unimplemented_functions(path) == set()


def test_undecodable_source_gives_nothing(tmp_path):
    path = tmp_path / "module.py"
    path.write_bytes(b"def f():\n    pass\nx = '\xff'\n")
    assert unimplemented_functions(path) == set()


def test_missing_path_gives_nothing(tmp_path):
    assert unimplemented_functions(tmp_path / "nope.py") == set()


def test_no_path_gives_nothing():
    assert unimplemented_functions(None) == set()


def test_exercise_stubs_are_all_unimplemented():
    assert unimplemented_functions(ROOT / "exercises" / "prefill" / "prefill.py") == PREFILL_FUNCTIONS


def test_reference_solution_has_no_stubs():
    assert unimplemented_functions(ROOT / "solutions" / "prefill" / "prefill.py") == set()


def test_a_module_is_read_whole_past_a_mib_of_comments(tmp_path):
    """Before: only the first MiB was parsed, which ended between the template's stubs and the finished
    functions, so every task was called "not implemented yet"."""
    template = (ROOT / "exercises" / "prefill" / "prefill.py").read_text(encoding="utf-8")
    finished = (ROOT / "solutions" / "prefill" / "prefill.py").read_text(encoding="utf-8")
    path = tmp_path / "prefill.py"
    path.write_text(template + ("# " + "x" * 98 + "\n") * 11_000 + finished, encoding="utf-8")
    assert path.stat().st_size > 1_100_000
    assert unimplemented_functions(path) == set()


def test_a_module_too_large_to_parse_says_nothing_rather_than_a_part(tmp_path):
    from grader.submission.limits import MAX_MODULE_BYTES, MAX_SOURCE_BYTES

    code = tmp_path / "code.py"
    code.write_bytes(b"def f():\n    pass\n" + b"x = 1\n" * (MAX_SOURCE_BYTES // 6 + 1) + b"def f():\n    return 1\n")
    assert unimplemented_functions(code) == set()
    huge = tmp_path / "huge.py"
    huge.write_bytes(b"def f():\n    pass\n" + b"#\n" * (MAX_MODULE_BYTES // 2 + 1))
    assert unimplemented_functions(huge) == set()


def test_a_stub_bound_again_by_something_else_is_no_stub(tmp_path):
    """The last binding is the one a call uses: a lambda, an import or a tuple assigned over a ``pass`` stub
    finishes it (issue 25's second battery: 17/17 told 'not implemented yet'); an index assigned does not."""
    source = """
        def f(N, P):
            pass

        def g(P):
            pass

        def h(P):
            pass

        def k(P):
            pass

        f = lambda N, P: 2 * N * P
        from math import comb as g
        first, (h, *rest) = 1, (2, 3)
        k.__doc__ = "still a stub"
    """
    assert stubs(tmp_path, source) == {"k"}
