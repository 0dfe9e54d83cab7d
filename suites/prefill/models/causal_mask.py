"""The Prefill lesson's misconceptions of causal_mask, as models: wrong implementations of it.

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

from grader.checks import both, model, same_cells, same_message, same_type


@model("mask.transposed", same=same_cells)
def mask_upper(P):
    return np.triu(np.ones((P, P), dtype=bool))


@model("mask.mirrored", same=same_cells)
def mask_flipped_left_right(P):
    return np.fliplr(np.triu(np.ones((P, P), dtype=bool)))


@model("mask.mirrored", same=same_cells)
def mask_flipped_upside_down(P):
    return np.flipud(np.triu(np.ones((P, P), dtype=bool)))


@model("mask.diagonal-missing", same=same_cells)
def mask_strict_lower(P):
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


@model("mask.inverted", same=same_cells)
def mask_future(P):
    return np.triu(np.ones((P, P), dtype=bool), k=1)


@model("mask.diagonal-only", same=same_cells)
def mask_eye(P):
    return np.eye(P, dtype=bool)


@model("mask.no-masking", same=same_cells)
def mask_everything(P):
    return np.ones((P, P), dtype=bool)


@model("mask.off-by-one", same=same_cells)
def mask_next_token_too(P):
    return np.tri(P, k=1, dtype=bool)


@model("mask.off-by-one", same=same_cells)
def mask_last_row_empty(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P - 1):
        mask[i, : i + 1] = True
    return mask


@model("mask.additive")
def mask_additive(P):
    mask = np.zeros((P, P))
    mask[np.triu_indices(P, k=1)] = -np.inf
    return mask


@model("mask.returned-indices", same=same_type)
def mask_indices(P):
    return np.tril_indices(P)


@model("mask.shape-as-two-numbers", same=same_message)
def mask_ones_two_numbers(P):
    return np.tril(np.ones(P, P)).astype(bool)


@model("mask.dtype-to-tril", same=same_message)
def mask_tril_dtype(P):
    return np.tril(np.ones((P, P)), dtype=bool)


@model("mask.returned-none", same=same_type)
def mask_printed(P):
    mask = np.tril(np.ones((P, P), dtype=bool))  # noqa: F841 - printed, never returned: the mistake
    return None


@model("mask.not-bool", same=both(same_cells, same_type))
def mask_of_numbers(P):
    return np.tril(np.ones((P, P)))


@model("mask.nested-lists", same=same_type)
def mask_as_lists(P):
    # the student's list comprehension's value, built by numpy: the same lists, not a second Python loop of P²
    # cells (a 1025-token mask cost each wrong mask 50 ms of the grader's own time)
    return np.tril(np.ones((P, P), dtype=bool)).tolist()


@model("mask.wrong-shape", same=same_cells)
def mask_one_token_too_many(P):
    return np.tril(np.ones((P + 1, P + 1), dtype=bool))  # (a comprehension to P + 1, built by numpy)


@model("mask.one-based")
def mask_one_based(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(1, P + 1):
        for j in range(1, i + 1):
            mask[i, j] = True
    return mask


@model("mask.numpy-name", same=same_message)
def mask_without_np(P):
    raise NameError("name 'np' is not defined")  # the lesson's np.tril, in a file that never defined np


@model("mask.wrong-shape", same=same_cells)
def mask_one_row(P):
    return np.arange(P) <= np.arange(P)


@model("mask.too-slow", slow=lambda P: P > 100)
def mask_cell_by_cell(P):
    # right, but each cell asks about every earlier column again: P³ steps
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(P):
            mask[row, col] = any(earlier == col for earlier in range(row + 1))
    return mask
