"""Round 3 of the hostile-input corpus, class 7 of issue 25: work the trusted process does for a submission.

Each case is a submission whose values or failures would make the grader's own process work, or hold
memory, out of all proportion to the hand-in: a ``prefill_flops`` returning 300 000 or a million floats
(the diagnosis ran every model on copies of it: minutes), a 48 MB mask (the grader's process tree
reached 973 MB: decoded, copied, kept per probe), a 9 s import with functions that kill their worker
(every restart re-imported, 102 s against a 10 + 60 s budget). ``tests/e2e/test_hostile_bounds.py``
grades each with ``grader grade`` in a process of its own and asserts the peak memory (absolute, with
a wide margin), the time (as a multiple of the reference's grade, measured in the same test) and that
nothing the grader ran printed a warning or the grading machine's paths on stderr.
"""

from __future__ import annotations

from dataclasses import dataclass

from cases import code


@dataclass(frozen=True)
class Bound:
    id: str
    what: str
    source: str  # appended to the reference solution: the functions it redefines
    peak_mb: float = 400.0  # the grading process tree's peak resident memory must stay below this
    ratio: float = 6.0  # ... and its wall time below this multiple of the reference's grade (the worker's own
    # time to build and send the value counts too: it is the submission's, bounded by its limits)
    seconds: float | None = None  # or, where the submission's own limits decide, below this (10 + 60 s + margin)
    keeps: tuple[str, ...] = ()  # tasks that keep full marks (the case breaks only the others)

    @property
    def build(self):
        return code(self.source)


REFERENCE = Bound("reference", "the reference solution itself: the measure of the others' time", "")

CASES = [
    Bound("list-300k", "prefill_flops returns a list of 300 000 floats (a diagnosis of minutes on main)",
          "def prefill_flops(N, P):\n    return [1.0] * 300_000\n",
          keeps=("causal_pairs", "causal_mask", "prefill_matches_sequential")),
    Bound("list-1m", "prefill_flops returns a list of a million floats (past 10 minutes on main)",
          "def prefill_flops(N, P):\n    return [1.0] * 1_000_000\n", ratio=20.0,
          keeps=("causal_pairs", "causal_mask", "prefill_matches_sequential")),
    Bound("mask-48mb", "causal_mask returns a 48 MB mask, whatever P (973 MB of the grader's memory on main)",
          "def causal_mask(P):\n    return np.ones((7000, 7000), dtype=bool)\n", ratio=12.0,
          keeps=("prefill_flops", "prefill_seconds", "causal_pairs", "prefill_matches_sequential")),
    Bound("source-900kb", "150 000 lines of `x = 1` after the functions: the trusted process parsed them whole (5 s "
          "and 390 MB, the tree kept for the grade); past its parse budget it reads no facts from the source",
          "x = 1\n" * 150_000 + "\n\ndef causal_pairs(P):\n    return P * P\n", peak_mb=150.0, ratio=40.0,
          keeps=("prefill_flops", "prefill_seconds", "causal_mask", "prefill_matches_sequential")),
    Bound("restarts", "a 9 s import, and every function kills its worker and its imported parent (each call "
          "needs a new import: 102 s on main against the 10 + 60 s budget)",
          "import os, signal, time\ntime.sleep(9)\n\n\ndef _die(*args, **kwargs):\n"
          "    os.kill(os.getppid(), signal.SIGKILL)\n    os.kill(os.getpid(), signal.SIGKILL)\n\n\n"
          "prefill_flops = prefill_seconds = causal_pairs = causal_mask = prefill_matches_sequential = _die\n",
          seconds=10 + 60 + 8),
]
