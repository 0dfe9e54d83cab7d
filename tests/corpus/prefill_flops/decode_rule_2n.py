# mistake: copies the chapter's per-token rule FLOPs ≈ 2N and forgets the prompt length
# fails: prefill_flops, prefill_seconds
# expect: 2 · N is one token (decode); prefill pushes all P prompt tokens through the model: 2 · N · P
# diagnosis: flops.one-token, seconds.flops-carried-forward


def prefill_flops(N, P):
    """FLOPs ~ 2N (chapter notes)."""
    return 2 * N
