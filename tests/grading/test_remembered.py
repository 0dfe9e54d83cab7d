"""grader.grading.remembered: the reference's answers computed once per process, copied out after."""

from __future__ import annotations

import types

import numpy as np

from grader.grading import remembered


def _module(counter: dict) -> types.ModuleType:
    """A stand-in solution module whose functions count their runs."""
    module = types.ModuleType("_reference_for_test")
    source = (
        "import numpy as np\n"
        "def mask(P):\n"
        "    RUNS['mask'] = RUNS.get('mask', 0) + 1\n"
        "    return np.tril(np.ones((P, P), dtype=bool))\n"
        "def pairs(P):\n"
        "    RUNS['pairs'] = RUNS.get('pairs', 0) + 1\n"
        "    return [(i, j) for i in range(P) for j in range(i + 1)]\n"
        "def seconds(N, P, rate, utilization=1.0):\n"
        "    RUNS['seconds'] = RUNS.get('seconds', 0) + 1\n"
        "    if not 0 < utilization <= 1:\n"
        "        raise ValueError('utilization')\n"
        "    return 2 * N * P / (rate * utilization)\n"
        "def sum_rows(X):\n"
        "    RUNS['sum_rows'] = RUNS.get('sum_rows', 0) + 1\n"
        "    return X.sum(axis=0)\n"
    )
    module.RUNS = counter
    exec(compile(source, "<reference>", "exec"), module.__dict__)  # noqa: S102 - the test's own stand-in solution
    return remembered.remember_answers(module)


def test_a_repeated_call_runs_once_and_an_array_comes_back_as_a_copy():
    runs: dict = {}
    module = _module(runs)
    first = module.mask(5)
    first[0, 1] = True  # a check that changes what it was given changes its own copy only
    second = module.mask(5)
    assert runs["mask"] == 1
    assert np.array_equal(second, np.tril(np.ones((5, 5), dtype=bool)))
    assert second is not module.mask(5)


def test_arguments_of_another_type_or_keyword_are_other_calls():
    runs: dict = {}
    module = _module(runs)
    assert module.seconds(7e9, 1000, 1e14) == module.seconds(7e9, 1000, 1e14)
    module.seconds(7e9, 1000, 1e14, utilization=1.0)
    module.seconds(7_000_000_000, 1000, 1e14)
    assert runs["seconds"] == 3  # positional, keyword, and an int N are told apart


def test_raises_lists_and_array_arguments_are_never_kept():
    runs: dict = {}
    module = _module(runs)
    for _ in range(2):
        try:
            module.seconds(7e9, 1000, 1e14, utilization=0)
        except ValueError:
            pass
        module.pairs(4)
        module.sum_rows(np.ones((2, 3)))
    assert runs == {"seconds": 2, "pairs": 2, "sum_rows": 2}


def test_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(remembered, "MAX_TOTAL_BYTES", 3000)
    runs: dict = {}
    module = _module(runs)
    for _ in range(2):
        module.mask(40)  # 1600 bytes: kept
        module.mask(41)  # past the total: computed again each time
    assert runs["mask"] == 3


def test_only_the_modules_own_public_functions_are_wrapped():
    runs: dict = {}
    module = _module(runs)
    assert module.mask.__wrapped__.__name__ == "mask"
    assert not hasattr(module.np, "__wrapped__")  # an imported module is left as it is
