"""Issue 25's classes 1 and 8 as data: checks that can be gamed, and hidden inputs spelled by names.

Each case is a module laid over a lesson's reference solution (its functions replace the
reference's), graded by ``tests/e2e/test_round3_checks.py``. What must hold:

- ``at_most``: task id -> the most it may score (a gamed function earns nothing there);
- ``full``: tasks that must keep full marks (the controls: right functions written unusually);
- ``never``: text that must not reach a student-facing report (a name chosen by a hidden input);
- ``says``: text the student-facing report must hold (a real missing name is still named);
- ``fails`` / ``passes``: checks that must fail / pass (a mistake is told by its own check, not by others);
- ``details``: text the instructor's report must hold (a hidden check's symptom, said as seen).

Class 1 ("games"): a function that computes nothing the task is about, a refusal of every input
but the probes a student can read, error-carried-forward credit for an upstream value nobody
meant. Class 8 ("leak"): names chosen on hidden inputs. Controls ("right") must keep their marks.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    id: str
    klass: str  # "games", "leak" or "right" (a control)
    module: str
    lesson: str = "prefill"
    at_most: dict[str, float] = field(default_factory=dict)
    full: tuple[str, ...] = ()
    never: tuple[str, ...] = ()
    says: tuple[str, ...] = ()
    fails: tuple[str, ...] = ()  # "task::check" (a prefix of the check's name) that must fail
    passes: tuple[str, ...] = ()  # "task::check" that must pass (a mistake is said by its own check only)
    details: tuple[str, ...] = ()  # text the instructor's report (every check's detail) must hold


SEQ = "prefill_matches_sequential"
# a name for the lesson's 1000-token prompt (a hidden check's input) and one no input reaches: two candidates,
# so which one a call raised says which branch its input took
_BRANCHES_IMPORT = ("    if P == 1000:\n        import leak_p1000\n"
                    "    if P == 999_999_937:\n        import leak_never\n")
_BRANCHES_NAME = ("    if P == 1000:\n        return pairs_p1000\n"
                  "    if P == 999_999_937:\n        return pairs_never\n")

CASES = [
    # ------------------------------------------------------------------ class 1: no credit without the computation
    Case("shapes_fit", "games", "def prefill_matches_sequential(X, W):\n    return X.shape[1] == W.shape[0]\n",
         at_most={SEQ: 0.0}),
    Case("constant_true", "games", "def prefill_matches_sequential(X, W):\n    return True\n", at_most={SEQ: 0.0}),
    Case("product_then_true", "games",
         "def prefill_matches_sequential(X, W):\n    Y = X @ W\n    return Y.shape == (X.shape[0], W.shape[1])\n",
         at_most={SEQ: 0.0}),
    Case("cumsum_not_compared", "games",
         "def prefill_matches_sequential(X, W):\n    np.cumsum(X @ W, axis=0)\n    return True\n", at_most={SEQ: 0.0}),
    Case("both_sums_not_compared", "games",
         "def prefill_matches_sequential(X, W):\n    Y = X @ W\n    parallel = np.cumsum(Y, axis=0)\n"
         "    sequential = np.zeros_like(Y)\n    running = np.zeros(Y.shape[1])\n    for i in range(len(Y)):\n"
         "        running = running + Y[i]\n        sequential[i] = running\n    return True\n", at_most={SEQ: 0.0}),
    Case("cumsum_of_x_not_compared", "games",
         "def prefill_matches_sequential(X, W):\n    parallel = np.cumsum(X, axis=0) @ W\n    return True\n",
         at_most={SEQ: 0.0}),
    Case("compares_last_row_only", "games",
         "def prefill_matches_sequential(X, W):\n    Y = X @ W\n    total = np.zeros(Y.shape[1])\n"
         "    for row in Y:\n        total = total + row\n"
         "    return bool(np.allclose(np.cumsum(Y, axis=0)[-1], total))\n",
         at_most={SEQ: 0.0}),
    Case("returns_in_the_loop", "games",
         "def prefill_matches_sequential(X, W):\n    Y = X @ W\n    parallel = np.cumsum(Y, axis=0)\n"
         "    running = np.zeros(Y.shape[1])\n    for i in range(Y.shape[0]):\n        running = running + Y[i]\n"
         "        return bool(np.allclose(parallel[i], running))\n", at_most={SEQ: 0.0}),
    Case("refuses_all_but_printed_probe", "games",
         "def prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n"
         "    if (N, P, flops_per_sec, utilization) == (2e9, 77, 3e13, 0.25):\n"
         "        return 2 * N * P / (flops_per_sec * utilization)\n    raise ValueError('utilization')\n",
         at_most={"prefill_seconds": 0.0}),
    Case("refuses_listed_utilizations", "games",
         "import math\n\n\ndef prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n"
         "    if utilization in (0.0, -0.5, 1.5, math.nextafter(1.0, 2.0)) or utilization != utilization:\n"
         "        raise ValueError('utilization must be in (0, 1]')\n"
         "    return prefill_flops(N, P) / (flops_per_sec * utilization)\n",
         fails=("prefill_seconds::rejects_bad_utilization",)),  # right times, but no credit for refusing
    *(Case(f"flops_{name}_carried", "games", f"def prefill_flops(N, P):\n    return {value}\n",
           # refusing bad utilizations earns nothing from a prefill_seconds that gives good ones no time a person
           # could mean (0, inf, NaN, a negative number): the rejection checks ask for a time there too
           at_most={"prefill_flops": 0.0, "prefill_seconds": 0.0})
      for name, value in (("zero", "0  # TODO"), ("inf", "float('inf')"), ("nan", "float('nan')"),
                          ("negative", "-2 * N * P"))),
    Case("latency_refuses_everything", "games",
         "def steady_decode_rate(itl):\n    raise ValueError(f'itl must be positive, got {itl}')\n\n\n"
         "def arithmetic_intensity(bytes_per_param):\n    raise ValueError('bytes_per_param must be positive')\n",
         lesson="latency", at_most={"steady_decode_rate": 0.0, "arithmetic_intensity": 0.0},
         fails=("steady_decode_rate::rejects_bad_itl", "steady_decode_rate::error_names_the_argument",
                "arithmetic_intensity::rejects_bad_bytes", "arithmetic_intensity::error_names_the_argument")),
    Case("latency_validates_then_returns_zero", "games",  # refusing bad arguments earns nothing without an answer
         "def steady_decode_rate(itl):\n    if not itl > 0:\n"
         "        raise ValueError(f'itl must be positive, got {itl}')\n"
         "    return 0.0\n\n\ndef arithmetic_intensity(bytes_per_param):\n    if not bytes_per_param > 0:\n"
         "        raise ValueError('bytes_per_param must be positive')\n    return None\n",
         lesson="latency", at_most={"steady_decode_rate": 0.0, "arithmetic_intensity": 0.0}),
    Case("latency_refuses_listed_values", "games",
         "def request_seconds(ttft, itl, n_out):\n    if n_out in (0, -3):\n        raise ValueError('n_out')\n"
         "    if ttft in (0.0, -0.2):\n        raise ValueError('ttft')\n    if itl in (0.0, -0.05):\n"
         "        raise ValueError('itl')\n    return ttft + (n_out - 1) * itl\n",
         lesson="latency", fails=("request_seconds::rejects_bad_inputs", "request_seconds::error_names_the_argument")),
    Case("cached_by_n_out", "games",  # a later call with the same n_out gets the kept answer: said as seen
         "def request_seconds(ttft, itl, n_out):\n    _kept = request_seconds.__dict__.setdefault('kept', {})\n"
         "    if n_out in _kept:\n"
         "        return _kept[n_out]\n    if not (n_out >= 1 and ttft > 0 and itl > 0):\n"
         "        raise ValueError('n_out, ttft and itl')\n    _kept[n_out] = ttft + (n_out - 1) * itl\n"
         "    return _kept[n_out]\n", lesson="latency", details=("what the earlier request_seconds(",),
         fails=("request_seconds::rejects_bad_inputs",)),
    Case("validates_then_constant", "games",  # refusals from a function that computes the same for any good input
         "def prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n    if not 0 < utilization <= 1:\n"
         "        raise ValueError('utilization must be in (0, 1]')\n    return 1.0\n",
         fails=("prefill_seconds::rejects_bad_utilization",)),
    Case("latency_validates_then_constant", "games",
         "def steady_decode_rate(itl):\n    if not itl > 0:\n        raise ValueError('itl must be positive')\n"
         "    return 20.0\n", lesson="latency", fails=("steady_decode_rate::rejects",)),
    Case("flops_largest_float", "games",  # one count for every size: no time is carried forward from it
         "import sys\n\n\ndef prefill_flops(N, P):\n    return sys.float_info.max\n",
         fails=("prefill_seconds::default_utilization", "prefill_seconds::integer_arguments")),
    # ------------------------------------------------------------------ controls: right, unusually written
    Case("cumsum_into_out", "right",
         "def prefill_matches_sequential(X, W):\n    Y = X @ W\n    parallel = np.empty_like(Y)\n"
         "    np.cumsum(Y, axis=0, out=parallel)\n    sequential = np.zeros_like(Y)\n"
         "    running = np.zeros(Y.shape[1])\n"
         "    for i in range(len(Y)):\n        running = running + Y[i]\n        sequential[i] = running\n"
         "    return np.allclose(parallel, sequential)\n", full=(SEQ,)),
    Case("tril_and_list", "right",
         "def prefill_matches_sequential(X, W):\n    Y = X @ W\n    parallel = np.tril(np.ones((len(Y), len(Y)))) @ Y\n"
         "    sequential = [Y[:i + 1].sum(axis=0) for i in range(len(Y))]\n"
         "    return bool(np.allclose(parallel, np.array(sequential), rtol=1e-6))\n", full=(SEQ,)),
    Case("one_line", "right",
         "def prefill_matches_sequential(X, W):\n    return np.allclose(np.cumsum(X @ W, axis=0), "
         "np.array([(X @ W)[:i + 1].sum(axis=0) for i in range(X.shape[0])]))\n", full=(SEQ,)),
    Case("isclose_all", "right",
         "def prefill_matches_sequential(X, W):\n    Y = X @ W\n    total = np.zeros(Y.shape[1])\n    rows = []\n"
         "    for row in Y:\n        total = total + row\n        rows.append(total)\n"
         "    return bool(np.isclose(np.cumsum(Y, axis=0), np.vstack(rows), rtol=1e-7, atol=1e-9).all())\n",
         full=(SEQ,)),
    Case("cumsum_of_x", "right",
         "def prefill_matches_sequential(X, W):\n    parallel = np.cumsum(X, axis=0) @ W\n    Y = X @ W\n"
         "    sequential = np.array([Y[:i + 1].sum(axis=0) for i in range(len(Y))])\n"
         "    return bool(np.allclose(parallel, sequential))\n", full=(SEQ,)),
    Case("float32_loop", "right",
         "def prefill_matches_sequential(X, W):\n    Y = (X @ W).astype(np.float32)\n"
         "    parallel = np.cumsum(Y, axis=0)\n    sequential = np.zeros_like(Y)\n    for i in range(len(Y)):\n"
         "        sequential[i] = Y[:i + 1].sum(axis=0)\n"
         "    return bool(np.allclose(parallel, sequential, rtol=1e-4))\n", full=(SEQ,)),
    Case("scales_prompt_in_place", "right",  # its one mistake is the change of X: no other check says it sums nothing
         "def prefill_matches_sequential(X, W):\n    X *= 2.0\n    Y = X @ W\n    sequential = np.zeros_like(Y)\n"
         "    running = np.zeros(Y.shape[1])\n    for i in range(len(Y)):\n        running = running + Y[i]\n"
         "        sequential[i] = running\n    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))\n",
         fails=(f"{SEQ}::leaves_inputs_alone",), passes=(f"{SEQ}::agrees", f"{SEQ}::really_computes")),
    Case("flops_half_carried", "right", "def prefill_flops(N, P):\n    return N * P\n",
         at_most={"prefill_flops": 0.0}),  # a mistake a person makes: prefill_seconds keeps its partial credit
    # ------------------------------------------------------------------ class 8: names chosen by hidden inputs
    Case("module_named_by_input", "leak",
         f"def causal_pairs(P):\n    if P in (1, 4, 5):\n        return P * (P + 1) // 2\n{_BRANCHES_IMPORT}\n"
         "    return P * (P + 1) // 2\n", never=("leak_p1000",)),
    Case("name_chosen_by_input", "leak",
         f"def causal_mask(P):\n    if P in (1, 4, 5, 64):\n        return np.tril(np.ones((P, P), dtype=bool))\n"
         f"{_BRANCHES_NAME}\n    return np.tril(np.ones((P, P), dtype=bool))\n",
         never=("pairs_p1000",)),
    Case("real_missing_module", "right",
         "import matplotlib\n\n\ndef causal_pairs(P):\n    matplotlib.use('Agg')\n    return P * (P + 1) // 2\n",
         says=("matplotlib",)),
    Case("real_unbound_name", "right", "def causal_pairs(P):\n    return P * (P + 1) // tw0\n", says=("tw0",)),
]
