"""grader.sandbox.observation: a worker's observation document is hostile data, read within bounds.

The worker's builder runs in the submission's process, so these documents are written by hand as
a submission that rewrote it could write them: every malformed field is dropped (or becomes an
``Opaque`` marker) and the observation says it is incomplete, never raising, never reading past
a bound.
"""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from grader.sandbox import codec, observation
from grader.sandbox.observation import NOT_RETURNED, Frame, LibraryCall, Observation, Opaque, held_arrays, parse


def document(**fields) -> dict:
    return {"frames": [], "library": [], "calls": [], "perturbed": 0, "complete": True, **fields}


def frame(**fields) -> dict:
    return {"function": "f", "depth": 0, "locals": [], **fields}


def test_a_well_formed_document_is_read_whole():
    blobs = codec.Blobs()
    array = codec.encode(np.arange(3.0), blobs)
    doc = document(
        frames=[frame(locals=[["x", array], ["n", 2]], returned={"t": "tuple", "v": [1, "a"]}),
                frame(function="g", depth=1, locals=[])],
        library=[{"function": "numpy.cumsum", "args": [array], "kwargs": [["axis", 0]], "returned": array}],
        calls=[["", "f"], ["f", "g"]], perturbed=1)
    seen = parse(doc, b"".join(blobs.parts))
    assert seen.complete and seen.perturbed == 1 and seen.calls == (("", "f"), ("f", "g"))
    first, second = seen.frames
    assert first.locals["x"].tolist() == [0.0, 1.0, 2.0] and first.returned == (1, "a")
    assert second == Frame("g", 1, {}, NOT_RETURNED)  # no "returned": it raised
    call = seen.library[0]
    assert type(call) is LibraryCall and call.kwargs == {"axis": 0} and call.returned.tolist() == [0.0, 1.0, 2.0]


@pytest.mark.parametrize("doc", [None, [], "frames", 3, {"frames": "nope"}])
def test_no_document_is_an_empty_incomplete_observation(doc):
    seen = parse(doc, b"")
    assert seen.frames == () and seen.library == () and not seen.complete


@pytest.mark.parametrize("bad", [
    frame(function=3), frame(function="f" * 500), frame(depth=-1), frame(depth=True), frame(depth=1.0),
    "a frame", frame(function=["unhashable"])])
def test_a_malformed_frame_is_dropped_and_the_rest_kept(bad):
    seen = parse(document(frames=[bad, frame(function="kept")]), b"")
    assert [f.function for f in seen.frames] == ["kept"] and not seen.complete


@pytest.mark.parametrize("bad", [
    {"function": "os.system", "args": []}, {"function": ["numpy.sum"], "args": []},
    {"function": "numpy.sum", "args": "a"}, "numpy.sum"])
def test_a_library_call_of_no_known_function_or_malformed_is_dropped(bad):
    seen = parse(document(library=[bad]), b"")
    assert seen.library == () and not seen.complete


@pytest.mark.parametrize("calls", [[["", 3]], [["a"]], [["a", "b", "c"]], ["ab"], [["", "x" * 300]]])
def test_a_malformed_pair_of_the_calls_graph_is_dropped(calls):
    seen = parse(document(calls=calls), b"")
    assert seen.calls == () and not seen.complete


@pytest.mark.parametrize("perturbed", [-1, "1", 1.0, True, 10**12, None])
def test_a_perturbed_count_that_is_no_small_whole_number_reads_as_zero(perturbed):
    seen = parse(document(perturbed=perturbed), b"")
    assert seen.perturbed == 0 and not seen.complete


@pytest.mark.parametrize("complete", [1, "true", None, [True]])
def test_only_true_itself_says_complete(complete):
    assert not parse(document(complete=complete), b"").complete


def value(doc, blob: bytes = b""):
    seen = parse(document(frames=[frame(locals=[["v", doc]])]), blob)
    return seen.frames[0].locals["v"], seen.complete


def test_an_opaque_marker_keeps_a_bounded_name_and_a_whole_shape_only():
    assert value({"t": "opaque", "type": "generator", "shape": []}) == (Opaque("generator"), True)
    assert value({"t": "opaque", "type": "numpy.ndarray", "shape": [3, 4]})[0] == Opaque("numpy.ndarray", (3, 4))
    assert value({"t": "opaque", "type": 3, "shape": [-1]})[0] == Opaque("object")
    assert value({"t": "opaque", "type": "x" * 5000, "shape": "no"})[0] == Opaque("x" * observation.MAX_NAME)


def test_an_array_past_the_element_bound_is_its_shape_without_reading_its_bytes():
    doc = {"t": "ndarray", "dtype": "<f8", "shape": [1000, 1000], "blob": [0, 8_000_000]}
    assert value(doc) == (Opaque("numpy.ndarray", (1000, 1000)), False)  # the frame holds no such bytes


@pytest.mark.parametrize("doc", [
    {"t": "ndarray", "dtype": "<f8", "shape": [4], "blob": [0, 64]},  # outside the frame
    {"t": "ndarray", "dtype": "|O", "shape": [1], "blob": [0, 8]},
    {"t": "ndarray", "dtype": "<f8", "shape": ["4"], "blob": [0, 32]},
    {"t": "pickle", "v": "gASV"}, {"t": "grid", "dtype": "<f8", "shape": [2, 2], "blob": [0, 32]}, {"v": 1},
])
def test_a_value_the_codec_refuses_is_opaque(doc):
    assert value(doc) == (Opaque("unreadable"), False)


def test_a_dict_with_an_unhashable_key_keeps_its_other_entries():
    doc = {"t": "dict", "v": [[[1, 2], "list key"], ["k", 1], "junk"]}
    assert value(doc) == ({"k": 1}, False)


def test_nesting_past_the_bound_is_opaque():
    doc = 1
    for _ in range(observation.MAX_DEPTH + 2):
        doc = [doc]
    seen, complete = value(doc)
    for _ in range(observation.MAX_DEPTH):
        (seen,) = seen
    assert seen == Opaque("nested too deeply") and not complete


def test_long_text_and_long_lists_are_cut():
    text, complete = value("x" * 5000)
    assert len(text) == observation.MAX_STRING and not complete
    items, complete = value(list(range(5000)))
    assert items == list(range(observation.MAX_ITEMS)) and not complete


def test_the_whole_observation_has_a_byte_budget():
    blobs = codec.Blobs()
    arrays = [codec.encode(np.zeros(100_000), blobs) for _ in range(12)]  # 800 kB each, 9.6 MB in all
    seen = parse(document(frames=[frame(locals=[[f"a{i}", a] for i, a in enumerate(arrays)])]), b"".join(blobs.parts))
    kept = [v for v in seen.frames[0].locals.values() if type(v) is np.ndarray]
    assert len(kept) == observation.MAX_BYTES // 800_000 and not seen.complete
    assert seen.frames[0].locals["a11"] == Opaque("numpy.ndarray", (100_000,))


def test_past_the_bounds_on_frames_locals_and_calls_only_the_first_are_read():
    doc = document(frames=[frame(locals=[[f"v{i}", i] for i in range(100)])] * 10_000,
                   calls=[["", "f"]] * 100_000, library=[{"function": "numpy.sum", "args": list(range(50))}] * 1000)
    seen = parse(doc, b"")
    assert len(seen.frames) == observation.MAX_FRAMES and len(seen.frames[0].locals) == observation.MAX_LOCALS
    assert len(seen.calls) == observation.MAX_CALLS and len(seen.library) == observation.MAX_LIBRARY
    assert len(seen.library[0].args) == 20 and not seen.complete


def test_not_returned_stays_one_sentinel_through_copies_and_pickles():
    assert copy.deepcopy(NOT_RETURNED) is NOT_RETURNED and pickle.loads(pickle.dumps(NOT_RETURNED)) is NOT_RETURNED
    assert repr(NOT_RETURNED) == "NOT_RETURNED"


def test_an_observation_is_frozen():
    with pytest.raises(AttributeError):
        Observation().complete = True  # type: ignore[misc]


def test_one_array_facts_are_kept_only_for_names_the_frame_holds():
    """A pair or list of one array is plain names; one the frame's locals do not hold, or malformed, is dropped
    (the document is the submission's), and their sentences are bounded."""
    doc = document(frames=[frame(locals=[["a", 1], ["b", 2], ["rows", [1]]],
                                 shared=[["a", "b"], ["a", "ghost"], ["a"], "ab", [1, 2]],
                                 repeated=["rows", "ghost", 3]),
                           frame(function="g", depth=1, locals=[["c", 1]], shared="nope", repeated={"t": "x"})])
    seen = parse(doc, b"")
    first, second = seen.frames
    assert first.shared == (("a", "b"),) and first.repeated == ("rows",)
    assert second.shared == () and second.repeated == ()
    assert seen.one_array() == [
        "`a` and `b` are one array in memory: a change made in place to one (by out=, += or assigning into it) is "
        "a change to the other",
        "the arrays in `rows` are one array in memory, put in again and again: a change made in place to it "
        "changes every entry, so each holds its last value"]
    assert len(seen.one_array(limit=1)) == 1


def test_values_are_every_local_return_argument_and_result_and_a_call_is_written_with_its_tolerances():
    blobs = codec.Blobs()
    array = codec.encode(np.arange(3.0), blobs)
    tolerances = [["rtol", 0.0], ["atol", 1e-12], ["equal_nan", False]]
    doc = document(frames=[frame(locals=[["x", 1], ["y", 2]], returned=3)],
                   library=[{"function": "numpy.allclose", "args": [array, 5], "kwargs": tolerances, "returned": True}])
    seen = parse(doc, b"".join(blobs.parts))
    values = list(seen.values())
    assert values[:3] == [1, 2, 3] and values[4:] == [5, 0.0, 1e-12, False, True]
    assert seen.library[0].written == "np.allclose(rtol=0.0, atol=1e-12)"
    assert LibraryCall("numpy.cumsum", (), {"axis": 0}, None).written == "np.cumsum"


def test_held_arrays_are_the_float_arrays_of_a_shape_and_lists_of_rows_stacked_the_inputs_left_out():
    X = np.arange(6.0).reshape(3, 2)
    rows = [np.ones(2), np.zeros(2), np.ones(2)]
    frames = [("f", 0, {"X": X, "sums": X.cumsum(axis=0), "rows": rows, "ints": np.ones((3, 2), dtype=int),
                        "short": rows[:2], "mixed": [np.ones(2), [0.0, 1.0], np.ones(2)]}),
              ("helper", 1, {"kept": X * 2})]
    held = held_arrays(frames, (3, 2), (X,))
    assert [name for name, _ in held] == ["`sums`", "`rows`", "`kept` (in helper)"]
    assert held[1][1].tolist() == [[1.0, 1.0], [0.0, 0.0], [1.0, 1.0]]
