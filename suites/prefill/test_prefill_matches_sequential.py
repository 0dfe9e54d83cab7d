"""prefill_matches_sequential(X, W): a causal running sum of X @ W, all at once vs. one by one.

Every call stays inside the lesson's contract (lesson.toml: X is (P, d), W is (d, d)), where a right function always
says True. So True alone proves little, and the checks look at more than the answer (``call_observed``,
grader.sandbox.observation):

- ``agrees``: True, as a Python or numpy bool, over the contract's shapes (one token, vectors of one number, the
  largest), for values near 1 and a million times larger (a tolerance only absolute breaks there);
- ``really_computes``: the call is repeated with numpy.cumsum's result changed by 1 % of its largest value in every
  position: where a comparison (np.allclose and the like) was handed that very array and said they agree, it fails,
  naming the comparison and its tolerances (one that never compares that array, cumsum into ``out=``, is not
  judged). A function that held nothing but X and W and called no observed numpy function computed nothing
  (``sequential.constant-true``). Unobservable calls: no verdict here;
- ``leaves_inputs_alone``: X and W are unchanged after the call.

A True inside the contract is always right, so every check that credits one also asks where the right answer is
False (issue 25): the observed call must have held (or handed to, or got from, an observed numpy function) the
running sum of X @ W, and the call with np.cumsum's result changed must not say True where np.cumsum returned that
changed sum of X @ W or of X (not into ``out=``). So ``X.shape[1] == W.shape[0]``, the product alone with True
returned, and a cumsum never compared earn nothing.

A False names no cause from the bool alone (models alike on a few prompts named the wrong one, issue 21): the
feedback says what the function held when it returned, each (P, d) array (and np.cumsum's result, held or not) as
what it is (``_known``) or where it first differs from the running sum. Without an observation (a student bundle),
a model that answers alike on the failing prompt and on telling ones is named; a value that is no bool, or a raise,
by the models (their evidence is the type or the error).
"""


import numpy as np
import pytest

from grader.checks import COMPARISONS, answer, describe, describe_type, fail
from grader.sandbox.observation import held_arrays, same_wrong

pytestmark = pytest.mark.task("prefill_matches_sequential")

SHAPES = [(1, 1), (5, 3), (16, 8), (64, 32)]


def _telling() -> list[tuple]:
    rng = np.random.default_rng(15)
    ints = rng.integers(-3, 4, (6, 3)).astype(float)
    first, last = np.zeros((6, 3)), np.zeros((6, 3))
    first[0], last[-1] = ints[0] + 7, ints[-1] + 7  # never an all-zero row
    W = rng.integers(-3, 4, (3, 3)).astype(float)
    cancel = np.zeros((4, 3))
    cancel[0], cancel[1] = ints[0] + 7, -(ints[0] + 7)  # the running sum is back to zero after two positions
    dense = [(rng.standard_normal((5, 3)), rng.standard_normal((3, 3))),  # random
             (ints, W), (ints / 2, W),  # whole numbers (every summation order agrees exactly), and halves
             (rng.standard_normal((4, 4)), rng.standard_normal((4, 4))),  # as many tokens as numbers per vector
             (rng.standard_normal((2, 5)), rng.standard_normal((5, 5)))]  # fewer
    sparse = [(rng.standard_normal((1, 1)), rng.standard_normal((1, 1))),  # one token
              (rng.standard_normal((3, 1)), rng.standard_normal((1, 1))),  # vectors of one number
              (last, W), (first, W), (cancel, W),
              (np.eye(2), np.array([[0.0, 1.0], [1.0, 2.0]]))]  # X @ W = W, symmetric: sums across, down agree
    # W = 0 (X @ W is zero: every mistake made after the product agrees, one that leaves the product
    # out does not) and W = I (X @ W is X: the other way round); drawn last, so the draws above stay
    sparse += [(rng.standard_normal((4, 3)), np.zeros((3, 3))), (rng.standard_normal((4, 3)), np.eye(3))]
    # rows that cancel but for a residue below rounding: summed position by position, in order, both ways give 0;
    # summed exactly (math.fsum), the residue; both agree up to rounding (issue 21's seventh round, g06)
    residue = np.array([[1.0, 2.0, -3.0], [1e-16, -1e-16, 3e-16], [-1.0, -2.0, 3.0]])
    tall = (rng.standard_normal((64, 1)), rng.standard_normal((1, 1)))  # most tokens, d = 1: a column sums pairwise
    edges = [(last, W, ZERO_SUMS), (cancel, W, ZERO_SUMS), (*sparse[-2], ZERO_SUMS), (residue, np.eye(3), RESIDUE),
             (*sparse[1], ONE_NUMBER), (*tall, ONE_NUMBER)]
    return dense, dense + sparse, edges


ZERO_SUMS = ("prefill_matches_sequential must return True where the running sum is exactly 0 too (rows that "
             "cancel, a W of zeros): both ways give the same zeros there")
RESIDUE = ("prefill_matches_sequential must return True where the running sum cancels to almost 0 too (rows that "
           "add up to nothing but rounding): summed either way, the sums agree up to floating-point rounding there")
ONE_NUMBER = ("prefill_matches_sequential must return True for vectors of one number too (d = 1, X of shape (P, 1)): "
              "both sums keep the shape (P, 1)")
# Every row of the dense ones is non-zero, so any change a function makes to X in place shows on them. EDGES:
# prompts whose running sum is exactly zero somewhere (zero rows first, rows that cancel, W = 0), and d = 1.
DENSE, TELLING, EDGES = _telling()


def _is_bool(value) -> bool:
    return isinstance(value, (bool, np.bool_))


def _explain(diagnose, X, W, probes=TELLING):
    return diagnose("prefill_matches_sequential", [(X, W), *probes])


def _shapes(X, W) -> str:
    return f"prefill_matches_sequential(X of shape {X.shape}, W of shape {W.shape})"


class _Observing:
    """``student`` as ``answer`` calls it: the call observed where calls can be, its observation kept, so that one
    call serves the verdict and ``_computes``' evidence (a plain call where they cannot: a student bundle)."""

    def __init__(self, student, observe: bool):
        self.student, self.observe, self.seen = student, observe, None

    def call(self, function, *args, **kwargs):
        self.seen = self.student.call_observed(function, args, kwargs) if self.observe else None
        return self.student.call(function, *args, **kwargs) if self.seen is None else self.seen[0]


def _says(student, diagnose, X, W, observe: bool = True):
    """(the answer, its observation or None); ``observe=False``: a plain call, cheaper, where only the answer counts."""
    observing = _Observing(student, observe)
    got = answer(observing, "prefill_matches_sequential", X, W, explain=lambda: _explain(diagnose, X, W))
    return got, observing.seen


def _must_be_true(student, diagnose, X, W, property, observe: bool = True):
    """Fail unless the call says True; its observation (None unobservable or ``observe=False``: a False is observed)."""
    call = _shapes(X, W)
    got, seen = _says(student, diagnose, X, W, observe)
    if not _is_bool(got):
        fail(f"prefill_matches_sequential must return True or False, not {describe_type(got)}",
             f"{call} returned {describe(got)}; expected True or False", diagnosis=_explain(diagnose, X, W))
    if not got:
        detail = (f"{call} returned False: the running sum of X @ W computed all at once and the one built "
                  "position by position must agree (within floating-point rounding)")
        code = _explain(diagnose, X, W)
        observed = seen if observe else student.call_observed("prefill_matches_sequential", (X, W), {})
        if observed is None or not observed[1].complete:
            fail(property, detail, diagnosis=code)  # no observation: the models' answers are all the evidence
        shape = (len(X), W.shape[1])
        held = held_arrays(((f.function, f.depth, f.locals) for f in observed[1].frames), shape, (X, W))
        if reshaped := _reshaped(observed[1].frames, X @ W):
            fail(property, f"{detail}. {reshaped}")
        # a model is named only when it also held the same wrong sums on the way: one bool says little
        right = (X @ W).cumsum(axis=0)  # once, for every model asked
        proved = code and not _other_side(code, held, observed[1], right) and any(
            same_wrong(held, held_arrays(diagnose.model_frames(fn, X, W), shape, (X, W)), right)
            for fn in diagnose.models_of("prefill_matches_sequential", code))
        strict, compared = _stricter_than_rounding(student, held, observed[1], X, W)
        said = ". ".join(s for s in (detail, _said(held, X, W, observed[1]), strict) if s)
        if strict:  # the comparison's own tolerances rule out an exact one; none observed (==) leaves the models
            exact = compared in EXACT or (not compared and proved and code == "sequential.exact-equality")
            fail(property, said, diagnosis="sequential.exact-equality" if exact else None)
        fail(property, said, diagnosis=code if proved else None)
    return seen


EXACT = frozenset(("numpy.array_equal", "numpy.array_equiv", "numpy.testing.assert_array_equal"))


def _stricter_than_rounding(student, held, seen, X, W) -> tuple[str, str]:
    """Why a False came from the comparison alone, when the evidence says so: two sums it held, or the last two
    arrays it compared (one row at a time), agree within rounding but not bit for bit, and it says True for
    whole-number and half X and W (every order of adding is exact there). The sentence (the comparison as observed,
    with its tolerances) and the comparison's name ("" for == or a loop); ("", "") where the evidence falls short."""
    right = np.cumsum(X @ W, axis=0)  # public: the lesson names np.cumsum for the sum all at once
    sums = [a for _, a in held if np.allclose(a, right, rtol=1e-9, atol=1e-12 * (1 + np.abs(right).max()))]
    compared = [c for c in seen.library if c.function in COMPARISONS]
    last = [a for a in compared[-1].args[:2] if isinstance(a, np.ndarray) and a.dtype.kind == "f"] if compared else []
    lead = "Those sums agree" if len(sums) > 1 and not all(np.array_equal(sums[0], o) for o in sums[1:]) else \
        "The last two arrays it compared agree" if len(last) == 2 and last[0].shape == last[1].shape and \
        np.allclose(*last, rtol=1e-9, atol=0) and not np.array_equal(*last) else ""
    rows = [v for f in seen.frames for v in f.locals.values() if isinstance(v, np.ndarray) and v.shape == (W.shape[1],)]
    if not lead and any(np.allclose(v, r, rtol=1e-9, atol=0) and not np.array_equal(v, r) for v in rows for r in right):
        lead = "A position it held and the running sum's agree"  # (a loop's row compared by hand: no call observed)
    if not lead:
        return "", ""
    for exact_X, exact_W in DENSE[1:3]:  # whole numbers, then halves
        try:
            said = student.call("prefill_matches_sequential", exact_X, exact_W)
        except Exception:  # noqa: BLE001 - no evidence either way
            return "", ""
        if not (_is_bool(said) and said):
            return "", ""
    name = f" ({compared[-1].written})" if compared else ""
    return (f"{lead} up to floating-point rounding, and for whole-number X and W, where every order of adding gives "
            f"exactly the same numbers, it returns True: its comparison{name} asks for more than rounding allows. "
            "Compare within a tolerance that grows with the values (np.allclose's rtol)",
            compared[-1].function if compared else "")


def _reshaped(frames, product) -> str:
    """An array held with the running sum's values in another shape (squeeze() of a (P, 1) sum gives (P,))."""
    right = np.cumsum(product, axis=0)  # public: the lesson names np.cumsum for the sum all at once
    for frame in frames:
        for name, value in frame.locals.items():
            if isinstance(value, np.ndarray) and value.shape != right.shape and value.size == right.size > 1 \
                    and value.dtype.kind == "f" and np.allclose(value.reshape(right.shape), right):
                return (f"`{name}` holds the running sum's values in shape {value.shape}, not {right.shape}: compared "
                        f"with the {right.shape} sum, it broadcasts, each cell against other cells")
    return ""


# the hints that blame the all-at-once sum, and those that blame the loop: said only where np.cumsum's own result does
# not show that side right (a loop summing from the end was told its all-at-once sum was anticausal)
ALL_AT_ONCE = frozenset(("sequential.anticausal", "sequential.cumsum-flattened"))
LOOP = frozenset(("sequential.loop-not-cumulative", "sequential.excludes-current", "sequential.stops-early",
                  "sequential.aliased-rows", "sequential.first-position-skipped", "sequential.integer-buffer",
                  "sequential.sum-over-everything", "sequential.loop-over-width", "sequential.loop-over-columns"))


def _cumsum_results(seen) -> list[np.ndarray]:
    """The arrays np.cumsum returned during the observed call, in order."""
    return [c.returned for c in seen.library if c.function == "numpy.cumsum" and isinstance(c.returned, np.ndarray)]


def _other_side(code, held, seen, right) -> bool:
    """Whether the side ``code`` blames is shown right: np.cumsum returned the running sum ``right`` (the all-at-once
    side), or returned only other sums while an array the function held is the running sum (the loop's side)."""
    sums = _cumsum_results(seen)
    cumsum_right = any(s.shape == right.shape and np.allclose(s, right) for s in sums)
    return (code in ALL_AT_ONCE and cumsum_right) or (code in LOOP and bool(sums) and not cumsum_right and any(
        np.allclose(a, right) for _, a in held))


def _said(held, X, W, seen) -> str:
    """What each held (P, d) array is (``_known``, or where it first differs from the running sum), which position of
    a known sum a (d,) vector held is (a loop's accumulator), and which arrays were one."""
    right, known = np.cumsum(X @ W, axis=0), _known(X, W)  # public: the lesson names np.cumsum for the sum at once
    said = []
    atol = 1e-12 * (1 + np.abs(right).max())

    def what(value, where=lambda a: a):
        with np.errstate(all="ignore"):
            return next((words for words, array in known.items() if np.allclose(value, where(array), 1e-9, atol)), "")

    def row_of(value):  # the first known sum (in ``_known``'s order) it is a row of, the last row first
        return next(((i, words) for words in known for i in range(len(X))[::-1]
                     if what(value, lambda a, i=i: a[i]) == words), (0, ""))
    for where, value in held:
        if (found := what(value)) and (len(value) > 1 or found == RUNNING):  # (one token: X @ W is its own sum)
            said.append(f"{where} is {found}")
        elif np.isnan(value).any() and not right[np.isnan(value)].any():  # a division by a sum that is 0 there
            said.append(f"{where} is NaN in cells where the running sum is 0 (0 / 0), and in no other")
        else:  # (a float32 sum differs past 1e-9 only: np.isclose's defaults found no cell, an IndexError in round 5)
            i, j = np.argwhere(~np.isclose(value, right, rtol=1e-9, atol=atol))[0]
            digits = 6 if f"{value[i, j]:.6g}" != f"{right[i, j]:.6g}" else 10
            kept = f" (held in {value.dtype}, where X and W are {right.dtype})" if value.dtype != right.dtype else ""
            said.append(f"{where}{kept} first differs from the running sum at position {i}, column {j}: "
                        f"{value[i, j]:.{digits}g} where the running sum is {right[i, j]:.{digits}g}")
    for frame in seen.frames if len(X) > 1 else ():  # a vector that is a row of X @ W or of X says nothing
        for name, value in frame.locals.items():
            if not (isinstance(value, np.ndarray) and value.shape == right.shape[1:] and value.dtype.kind == "f"):
                continue
            row, found = row_of(value)
            if found and found not in (PRODUCT, ALONE, *list(known)[2:5]):  # rows of these are other loops' sums
                at = "the last position" if row == len(X) - 1 else f"position {row}"
                said.append(f"`{name}`{f' (in {frame.function})' if frame.depth else ''} is {at} of {found}")
    shown = ("", RUNNING, *(x.split(" is ", 1)[-1] for x in said))  # and a sum never held: np.cumsum(Y, 1), tb22
    said += [f"np.cumsum returned {w}" for w in dict.fromkeys(what(a) for a in _cumsum_results(seen)
                                                               if a.shape == right.shape) if w not in shown]
    said = said[:4] + seen.one_array()
    return "When it returned, your function held: " + "; ".join(said) if said else ""


RUNNING, PRODUCT, ALONE = "the running sum, within rounding", "X @ W itself, not summed", "the running sum of X itself"


def _known(X, W) -> dict:
    """What a held (P, d) array may be, in the order it is said: the running sum, X @ W, or a sum of it (or of X)
    students compute instead. Facts about the array, the first that holds, never a guess at why."""
    product, right = X @ W, np.cumsum(X @ W, axis=0)  # public: the lesson names np.cumsum for the sum all at once
    with np.errstate(all="ignore"):  # (a running product of large numbers overflows)
        return {RUNNING: right, PRODUCT: product,
                "the sum over all positions, later ones too, at every position": product.sum(axis=0) + 0 * product,
                "the running sum taken from the end (each position and every later one)":
                    np.cumsum(product[::-1], axis=0)[::-1],
                "the running sum without each position's own row (the positions before it only)": right - product,
                "the running sum with the first position counted twice": right + product[:1],
                "a running sum along each row (axis=1), not down the positions": product.cumsum(axis=1),
                "the running sum of X @ W's numbers in one line (np.cumsum without axis=0), laid back in its shape":
                    np.cumsum(product).reshape(product.shape),
                "the running sum of X @ W.T: each position W @ x, not x @ W": np.cumsum(X @ W.T, axis=0),
                ALONE: X.cumsum(axis=0),
                "the running product of X @ W, not its sum": np.cumprod(product, axis=0),
                "the running mean: the running sum divided by the positions so far": right / np.c_[1:len(X) + 1],
                "X @ W.T itself, not summed: each position W @ x, not x @ W": X @ W.T}


# A perturbation every right comparison notices: 1 % of the largest running sum added to every position.
NUDGE = {"function": "cumsum", "rows": "all", "scale": 0.01}
SCALES = (1.0, 1e6)  # the numbers as drawn, and a million times larger


def _judged_nudged(seen) -> str:
    """The comparison (with its tolerances) that was handed the nudged np.cumsum result, or "" when none was:
    a function that never compares that very array (cumsum into out=, a sum kept for printing) may be right."""
    nudged = _cumsum_results(seen)
    if not seen.perturbed or not nudged:
        return ""
    for call in seen.library:
        given = [*call.args, *call.kwargs.values()]
        if call.function in COMPARISONS and any(isinstance(v, np.ndarray) and v.shape == n.shape
                                                and np.array_equal(v, n) for v in given for n in nudged):
            return call.written
    return ""


def _computed_nothing(seen, X, W) -> bool:
    """No frame of the call held anything but X, W and bools, and no numpy function of the observed ones
    was called: nothing was computed from X and W (an incomplete observation proves nothing)."""
    if not seen.complete or seen.library or not seen.frames:
        return False
    return all(isinstance(v, (bool, np.bool_)) or v is None or (isinstance(v, np.ndarray) and (
        np.array_equal(v, X) or np.array_equal(v, W))) for frame in seen.frames for v in frame.locals.values())


@pytest.mark.parametrize("P, d", SHAPES, ids=["one_token", "small", "medium", "large"])  # ids name no inputs
def test_agrees(student, diagnose, rng, P, d):
    """Returns True (a Python or numpy bool) for random prompts and weights, small numbers and large."""
    property = "prefill_matches_sequential must return True for random prompts and weights, computing both sums"
    X, W = rng.standard_normal((P, d)), rng.standard_normal((d, d))
    # a tolerance fit for numbers near 1 only fails the large ones: rounding grows with them
    seen = _must_be_true(student, diagnose, X, W, property, observe=P > 1)  # one token: DENSE[0]'s call observes
    _must_be_true(student, diagnose, X * SCALES[1], W, property, observe=False)
    # True is right everywhere in the contract: it must come from a computation (with one token, X @ W is its own
    # running sum, so a prompt of several tokens tells the product from the sum)
    _computes(student, diagnose, *((X, W, seen) if P > 1 else (*DENSE[0], None)), property)
    if (P, d) == SHAPES[1]:  # where the running sum is exactly 0 both ways agree too: an error relative to the
        for edge_X, edge_W, edge in EDGES:  # sum divides 0 by 0 there (NaN; issue 21's second round, q06); with
            _must_be_true(student, diagnose, edge_X, edge_W, edge, observe=False)  # d = 1, a squeeze() broadcasts


def _computes(student, diagnose, X, W, seen, property) -> None:
    """Fail a True that was computed from nothing (observed: no array, list or number but X and W, no numpy
    function called), or from no running sum: inside the contract True is always right, so a True that no
    running sum of X @ W was seen on the way to (held at return, handed to or returned by an observed numpy
    function) answered without the computation the task is about (``X.shape[1] == W.shape[0]``, or
    the product X @ W alone, then True; issue 25). An unobservable or incomplete call passes (a student bundle).
    ``seen``: the observation of a call on these X and W already made (``_must_be_true``'s), else None."""
    observed = seen if seen is not None else student.call_observed("prefill_matches_sequential", (X, W), {})
    if observed is None or not (_is_bool(observed[0]) and observed[0]) or not observed[1].complete:
        return
    if _computed_nothing(observed[1], X, W):
        fail(property, f"{_shapes(X, W)} returned True without computing anything: during the call it held no "
             "array, list or number but X and W and called no numpy function", diagnosis="sequential.constant-true")
    if not any(_is_running_sum(value, X, W) for value in observed[1].values()) and not _changes_inputs(
            student, X, W):  # a function that changes X or W sums other arrays: test_leaves_inputs_alone says so
        fail(property, f"{_shapes(X, W)} returned True, but no running sum of X @ W was computed on the way: "
             "during the call no array it held, and none it handed to or got from np.cumsum or a comparison, was "
             "the running sum. Compute the sum all at once and position by position, and return whether they agree")
    _follows_nudge(student, diagnose, X, W, property)


def _changes_inputs(student, X, W) -> bool:
    """Whether the call leaves X or W other than it got them (asked only where no running sum was seen)."""
    try:
        _, after = student.call_echo("prefill_matches_sequential", X, W)
    except Exception:  # noqa: BLE001 - no evidence of a change
        return False
    return any(not (isinstance(a, np.ndarray) and np.array_equal(a, b)) for a, b in zip(after, (X, W), strict=False))


FOLLOWS_NUDGE = "prefill_matches_sequential says False when its np.cumsum result is changed"


def _follows_nudge(student, diagnose, X, W, property) -> None:
    """Fail a True given when the all-at-once sum was made to differ (``NUDGE``, in every position, then in the
    first row alone, then in the last: a comparison of one row only misses one of them) and the function either
    handed the changed sum to a comparison (``_judged_nudged``) or got it back from np.cumsum itself
    (``_ignored_nudge``): the right answer there is False, so a True is no comparison's.

    Asked once per submission: a function that passed on one prompt is known to compare (``diagnose.proved``,
    the submission's memory), so the other checks crediting a True do not pay three more calls each. Only a
    pass is remembered: a function that failed is asked again by each check that credits a True."""
    if FOLLOWS_NUDGE in diagnose.proved:
        return
    for rows, where in (("all", "in every position"), ("first", "in its first row"), ("last", "in its last row")):
        nudged = student.call_observed("prefill_matches_sequential", (X, W), {}, {**NUDGE, "rows": rows})
        if nudged is None or not (_is_bool(nudged[0]) and nudged[0]):
            continue
        changed = f"{_shapes(X, W)} returned True even when its np.cumsum result was changed by 1 % of its largest " \
                  f"value {where}, so that the two sums differ"
        judged = _judged_nudged(nudged[1])
        if judged:
            fail(property, f"{changed}: {judged} was given the changed sum and said they agree. A function that "
                 "compares the all-at-once sum with the one built position by position (within floating-point "
                 "rounding) must then say False")
        if _ignored_nudge(nudged[1], X, W, rows):
            fail(property, f"{changed}: its answer stayed True, so what it compares does not see that change. "
                 "Compare the all-at-once sum with the one built position by position, as they are, every position, "
                 "and return what the comparison says")
    diagnose.proved.add(FOLLOWS_NUDGE)


def _is_running_sum(value, X, W, shift: float = 0.0) -> bool:
    """Whether ``value`` (an array, or a list of rows) is the running sum of X @ W within rounding, every
    position moved by ``shift`` (the nudge)."""
    right = np.cumsum(X @ W, axis=0) + shift  # public: the lesson names np.cumsum for the sum all at once
    if isinstance(value, (list, tuple)) and 0 < len(value) <= right.shape[0]:
        try:
            value = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            return False
    return _close(value, right)


def _close(value, want: np.ndarray) -> bool:
    """``value`` is an array of ``want``'s shape, equal to it within float32 rounding (far below the nudge)."""
    if not isinstance(value, np.ndarray) or value.shape != want.shape or value.dtype.kind not in "fiuc":
        return False
    with np.errstate(all="ignore"):
        return bool(np.allclose(value, want, rtol=1e-5, atol=1e-5 * (1 + np.abs(want).max())))


@pytest.mark.weight(2)
def test_really_computes(student, diagnose, rng):
    """Says False when its all-at-once running sum is made to differ; computes something from X and W."""
    property = "prefill_matches_sequential must compute both sums from X @ W and compare them"
    X, W = rng.standard_normal((6, 4)) + 2.0, rng.standard_normal((4, 4))
    _computes(student, diagnose, X, W, _must_be_true(student, diagnose, X, W, property), property)


def _ignored_nudge(seen, X, W, rows: str = "all") -> bool:
    """Whether np.cumsum returned a changed running sum itself, of X @ W or of X (``np.cumsum(X, axis=0) @ W`` is
    the same sum), not one written into ``out=`` (which keeps the true one), and the call still said True: the
    perturbation hit the all-at-once sum, where the right answer is False, so that True is no comparison's."""
    if not seen.perturbed or not seen.complete:
        return False
    for call in seen.library:
        if call.function != "numpy.cumsum" or call.kwargs.get("out") is not None or not call.args:
            continue
        for base in (X @ W, X):
            summed = np.cumsum(base, axis=0)  # public: the lesson names np.cumsum for the sum all at once
            changed = summed.copy()
            changed[{"all": slice(None), "first": 0, "last": -1}[rows]] += NUDGE["scale"] * (1 + np.abs(summed).max())
            if _close(call.args[0], base) and _close(call.returned, changed):
                return True
    return False


def test_leaves_inputs_alone(student, diagnose, rng):
    """X and W are the same after the call (and the call returned True)."""
    X, W = rng.standard_normal((8, 4)), rng.standard_normal((4, 4))
    call = _shapes(X, W)
    try:
        got, (X_after, W_after) = student.call_echo("prefill_matches_sequential", X, W)
    except Exception as exc:  # the student's own exception: diagnosed if a model explains it
        code = _explain(diagnose, X, W)
        if code is None:
            raise
        fail(f"prefill_matches_sequential raised {type(exc).__name__}", getattr(exc, "grader_text", call),
             diagnosis=code)
    if not np.array_equal(X_after, X) or not np.array_equal(W_after, W):
        which = "X" if not np.array_equal(X_after, X) else "W"
        fail(f"prefill_matches_sequential must not modify {which}: work on X @ W (a new array), not on its arguments",
             f"{call} modified {which}: work on X @ W (a new array), not on its arguments",
             diagnosis=_explain(diagnose, X, W, DENSE))
    if not _is_bool(got):
        fail(f"prefill_matches_sequential must return True for a prompt and weights that fit, not "
             f"{describe_type(got)}", f"{call} returned {describe(got)}; expected True",
             diagnosis=_explain(diagnose, X, W))
    property = "prefill_matches_sequential must return True for random prompts and weights, computing both sums"
    # leaving X and W alone is credit only for a function that computes
    _computes(student, diagnose, X, W, _must_be_true(student, diagnose, X, W, property), property)
