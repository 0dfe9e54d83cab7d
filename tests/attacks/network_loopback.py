# what: causal_pairs asks a server on the grading machine's loopback (TCP 127.0.0.1:@@PORT@@ and
# the abstract Unix socket @@SOCKET@@) and answers right only if one of them replies
# category: network
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised, network
# ruff: noqa  (deliberately hostile code)
import socket


def _ask():
    try:
        with socket.create_connection(("127.0.0.1", int("@@PORT@@")), timeout=0.5) as conn:
            return conn.recv(16)
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(0.5)
            conn.connect("\0@@SOCKET@@")
            return conn.recv(16)
    except OSError:
        return b""


def causal_pairs(P):
    return P * (P + 1) // 2 if _ask() else -1
