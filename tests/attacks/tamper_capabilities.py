# what: causal_pairs answers right only if its process holds a capability (CapEff in
# /proc/self/status): with CAP_SYS_ADMIN and CAP_DAC_READ_SEARCH a root worker remounts its folder
# read-write and opens any file of the host through file handles (escape_* attacks), even inside
# bubblewrap, which as root keeps every capability unless told --cap-drop ALL
# category: tamper
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised
# ruff: noqa  (deliberately hostile code)


def _capabilities():
    try:
        with open("/proc/self/status") as stream:
            for line in stream:
                if line.startswith("CapEff:"):
                    return int(line.split()[1], 16)
    except OSError:
        pass
    return 0


def causal_pairs(P):
    return P * (P + 1) // 2 if _capabilities() else -1
