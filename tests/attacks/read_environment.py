# what: causal_pairs answers right only if it finds the grading process's secret
# (GRADER_TEST_SECRET) in its environment or /proc/self/environ, and prints what it finds
# category: secret
# expect-lost: causal_pairs
# expect-feedback: returned -1
# ruff: noqa  (deliberately hostile code)
import os


def causal_pairs(P):
    print(sorted(os.environ.items()))
    try:
        with open("/proc/self/environ", "rb") as stream:
            raw = stream.read()
    except OSError:
        raw = b""
    if "GRADER_TEST_SECRET" in os.environ or b"GRADER_TEST_SECRET" in raw:
        print(os.environ.get("GRADER_TEST_SECRET"), raw)
        return P * (P + 1) // 2
    return -1
