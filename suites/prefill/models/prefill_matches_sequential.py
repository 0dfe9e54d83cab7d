"""The Prefill lesson's misconceptions of prefill_matches_sequential, as models: wrong implementations of it.

Each function is a wrong version of the lesson function, marked with the code of the diagnosis
(diagnoses.toml) it stands for; a code may have several models (several ways to write the same
mistake). A check names a diagnosis only when the student's function agrees with a model of it on
every probe the check asks about (grader.checks, grader.grading.models), and `grader validate`
grades each model's text, laid over the reference, to prove that it gets exactly its diagnosis.

Instructor code, run by the grader itself: no output, no side effects, and each model
self-contained (numpy as np and the lesson's functions by name; no helpers), because its text
alone is what validate grades as a student's function.
"""

import numpy as np

from grader.checks import model, same_changes, same_message, same_type


@model("sequential.constant-true")
def sequential_says_yes(X, W):  # told apart by observation only (test_really_computes), never by answers
    return True


@model("sequential.cumsum-flattened")
def sequential_flat_cumsum(X, W):
    Y = X @ W
    parallel = np.cumsum(Y)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.exact-equality")
def sequential_exact(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros_like(parallel)
    for i in range(X.shape[0]):
        sequential[i] = X[: i + 1].sum(axis=0) @ W
    return bool((parallel == sequential).all())


@model("sequential.mutates-input", same=same_changes)
def sequential_in_place(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
    return bool(np.allclose(parallel, X @ W))


@model("sequential.loop-not-cumulative")
def sequential_rows_alone(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[i]
    return bool(np.allclose(parallel, sequential))


@model("sequential.returned-array", same=same_type)
def sequential_elementwise(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.isclose(parallel, sequential)


@model("sequential.excludes-current")
def sequential_before_current(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        sequential[i] = running
        running = running + Y[i]
    return bool(np.allclose(parallel, sequential))


@model("sequential.stops-early")
def sequential_stops_early(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0] - 1):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.without-product")
def sequential_without_product(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros(X.shape)
    running = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        running = running + X[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.return-in-loop")
def sequential_returns_early(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
        return bool(np.allclose(parallel, sequential))


@model("sequential.loop-over-width")
def sequential_loops_over_d(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(W.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.cumsum-wrong-axis")
def sequential_cumsum_columns(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=1)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.product-order")
def sequential_w_times_x(X, W):
    Y = W @ X
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.product-order")
def sequential_w_times_row(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros_like(parallel)
    running = np.zeros(W.shape[1])
    for i, x in enumerate(X):
        running = running + W @ x
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.loop-over-columns")
def sequential_over_transpose(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = []
    running = np.zeros(W.shape[1])
    for x in X.T:
        running = running + x @ W
        sequential.append(running)
    return np.allclose(parallel, np.array(sequential))


@model("sequential.returned-none")
def sequential_prints(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    agree = bool(np.allclose(parallel, sequential))  # noqa: F841 - printed, never returned: the mistake
    return None


@model("sequential.returned-string", same=same_type)
def sequential_as_text(X, W):
    Y = X @ W
    return str(np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))])))


@model("sequential.returned-sums", same=same_type)
def sequential_both_sums(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum(axis=0)
    return parallel, sequential


@model("sequential.truth-of-array")
def sequential_builtin_all(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return all(parallel == sequential)


@model("sequential.anticausal")
def sequential_future_sum(X, W):
    Y = X @ W
    P = Y.shape[0]
    parallel = np.triu(np.ones((P, P))) @ Y
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(P):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.aliased-rows")
def sequential_same_array(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = np.zeros(Y.shape[1])
    rows = []
    for y in Y:
        running += y
        rows.append(running)
    return np.allclose(parallel, np.array(rows))


@model("sequential.elementwise-product")
def sequential_times(X, W):
    Y = X * W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.first-position-skipped")
def sequential_from_second(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(1, Y.shape[0]):
        sequential[i] = sequential[i - 1] + Y[i]
    return np.allclose(parallel, sequential)


@model("sequential.integer-buffer")
def sequential_int_buffer(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros(Y.shape, dtype=int)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.sum-over-everything")
def sequential_scalar_sums(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum()
    return np.allclose(parallel, sequential)


@model("sequential.numpy-name", same=same_message)
def sequential_without_np(X, W):
    Y = X @ W  # noqa: F841 - the product comes first; then the lesson's np.cumsum, in a file without np
    raise NameError("name 'np' is not defined")
