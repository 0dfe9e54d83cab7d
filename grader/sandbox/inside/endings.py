"""How a process ended, in the words every report uses.

Both sides need these sentences: the trusted side about a worker that died, the notebook
worker (inside the sandbox) about a kernel that died. So they live here, importing nothing.
"""

from __future__ import annotations

import signal

_SIGNAL_WORDS = {"SIGSEGV": "crashed with a segmentation fault", "SIGKILL": "was killed (out of memory?)",
                 "SIGABRT": "aborted", "SIGXCPU": "used up its CPU time limit", "SIGBUS": "crashed (bus error)"}


def exit_reason(code: int) -> str:
    return f"the process exited with status {code} (os._exit or sys.exit outside a function call?)"


def signal_reason(number: int) -> str:
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    return f"the process {_SIGNAL_WORDS.get(name, 'was stopped by a signal')} ({name})"
