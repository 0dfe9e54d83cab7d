# right: the whole file as a student hands it in, with type hints and the lesson's demos under if __name__ == "__main__"
# base: none
import numpy as np


def prefill_flops(N: float, P: int) -> float:
    return 2 * N * P


def prefill_seconds(N: float, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    return np.arange(P)[:, None] >= np.arange(P)[None, :]


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))


if __name__ == "__main__":
    print(f"{prefill_flops(7e9, 1000):.2e} FLOPs")           # 1.40e+13
    print(f"{prefill_seconds(7e9, 1000, 1e14, 0.5):.2f} s")   # 0.28 s
    print(causal_pairs(4), causal_pairs(5))                   # 10 15
    for row in causal_mask(5):
        print("".join("x" if cell else "." for cell in row))
    rng = np.random.default_rng(0)
    print(prefill_matches_sequential(rng.normal(size=(6, 4)), rng.normal(size=(4, 4))))
