# what: causal_pairs reads the environment of each ancestor up to init (the grader started by the
# CLI holds GRADER_TEST_SECRET), prints the secret and answers right if found
# category: secret
# run: cli
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised
# ruff: noqa  (deliberately hostile code)
import os


def causal_pairs(P):
    pid = os.getppid()
    while pid > 1:
        try:
            with open(f"/proc/{pid}/environ", "rb") as stream:
                secret = [v for v in stream.read().split(b"\0") if v.startswith(b"GRADER_TEST_SECRET=")]
            with open(f"/proc/{pid}/stat", "rb") as stream:
                parent = int(stream.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return -1
        if secret:
            print(secret[0].decode())
            return P * (P + 1) // 2
        pid = parent
    return -1
