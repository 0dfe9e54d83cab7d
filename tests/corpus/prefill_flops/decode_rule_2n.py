# mistake: copies the chapter's per-token rule FLOPs ≈ 2N and forgets the prompt length
# fails: prefill_flops, prefill_seconds
# expect: 2 · N is one token (decode); prefill pushes all P prompt tokens through the model: 2 · N · P
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    """FLOPs ~ 2N (chapter notes)."""
    return 2 * N
