# what: causal_pairs copies another student's submission (@@OTHER@@) and returns its answer
# category: read
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised
# ruff: noqa  (deliberately hostile code)


def causal_pairs(P):
    try:
        with open("@@OTHER@@/prefill.py") as stream:
            source = stream.read()
    except OSError:
        return -1
    namespace = {}
    exec(source, namespace)
    return namespace["causal_pairs"](P)
