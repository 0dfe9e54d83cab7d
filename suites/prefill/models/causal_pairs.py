"""The Prefill lesson's misconceptions of causal_pairs, as models: wrong implementations of it.

Each function is a wrong version of the lesson function, marked with the code of the diagnosis
(diagnoses.toml) it stands for; a code may have several models (several ways to write the same
mistake). A check names a diagnosis only when the student's function agrees with a model of it on
every probe the check asks about (grader.checks, grader.grading.models), and `grader validate`
grades each model's text, laid over the reference, to prove that it gets exactly its diagnosis.

Instructor code, run by the grader itself: no output, no side effects, and each model
self-contained (numpy as np and the lesson's functions by name; no helpers), because its text
alone is what validate grades as a student's function.
"""

from grader.checks import model, same_type


@model("pairs.all-pairs")
def pairs_whole_grid(P):
    return P * P


@model("pairs.diagonal-missing")
def pairs_strict_triangle(P):
    return P * (P - 1) // 2


@model("pairs.off-by-one")
def pairs_one_token_too_many(P):
    return (P + 1) * (P + 2) // 2


@model("pairs.return-in-loop")
def pairs_return_in_loop(P):
    total = 0
    for i in range(1, P + 1):
        total += i
        return total


@model("pairs.not-halved")
def pairs_not_halved(P):
    return P * (P + 1)


@model("pairs.half-grid")
def pairs_half_grid(P):
    return P * P / 2


@model("pairs.half-grid")
def pairs_half_grid_whole(P):
    return P * P // 2


@model("pairs.off-by-one")
def pairs_inner_loop_too_far(P):
    return P * (P + 3) // 2


@model("pairs.off-by-one")
def pairs_recursion_base_zero(P):
    # a recursion whose base case gives 0 for one token; like any recursion, too deep for a long prompt
    # (written out here: a RecursionError in the grader's own process would upset Python's parser)
    if P > 900:
        raise RecursionError("maximum recursion depth exceeded")
    return P * (P + 1) // 2 - 1 if P >= 1 else 0


@model("pairs.hardcoded-examples")
def pairs_lesson_table(P):
    return {4: 10, 5: 15}.get(P, P * P)


@model("pairs.halved-twice")
def pairs_quarter(P):
    return P * (P + 1) / 4


@model("pairs.distinct-ordered")
def pairs_ordered(P):
    return P * (P - 1)


@model("pairs.recursion-too-deep")
def pairs_recursive(P):
    # one call per token: right, but Python stops a chain of about a thousand calls (written out here:
    # a RecursionError in the grader's own process would upset Python's parser)
    if P > 900:
        raise RecursionError("maximum recursion depth exceeded")
    return P * (P + 1) // 2


@model("pairs.too-slow", slow=lambda P: P > 40)
def pairs_membership(P):
    # every cell looked up in the list of allowed pairs, O(P⁴): past any time limit at P = 1000 (a scan
    # of one row's list per cell, O(P³), takes 3 to 6 s there: a proof that depends on the machine)
    allowed = [(i, j) for i in range(P) for j in range(i + 1)]
    count = 0
    for i in range(P):
        for j in range(P):
            if (i, j) in allowed:
                count += 1
    return count


# a list of P(P+1)/2 tuples: 5e9 of them for the contract's 100,000 tokens, more memory than the grader's
# process has (its outcome there is a timeout: what a student's list would be too)
@model("pairs.returned-list", same=same_type, slow=lambda P: P > 1000)
def pairs_listed(P):
    return [(i, j) for i in range(P) for j in range(i + 1)]


@model("pairs.returned-string", same=same_type)
def pairs_as_text(P):
    return f"{P * (P + 1) // 2} pairs"


@model("pairs.returned-none", same=same_type)
def pairs_printed(P):
    n = P * (P + 1) // 2  # noqa: F841 - printed, never returned: the mistake
    return None


@model("pairs.halved-first")
def pairs_halved_first(P):
    return P // 2 * (P + 1)
