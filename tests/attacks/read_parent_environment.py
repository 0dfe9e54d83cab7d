# what: causal_pairs reads its parent's /proc/<ppid>/environ (the grader started by the CLI,
# whose environment holds GRADER_TEST_SECRET), prints the secret and answers right if found
# category: secret
# run: cli
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised
# ruff: noqa  (deliberately hostile code)
import os


def causal_pairs(P):
    try:
        with open(f"/proc/{os.getppid()}/environ", "rb") as stream:
            environ = stream.read().split(b"\0")
    except OSError:
        return -1
    secret = [v for v in environ if v.startswith(b"GRADER_TEST_SECRET=")]
    if not secret:
        return -1
    print(secret[0].decode())
    return P * (P + 1) // 2
