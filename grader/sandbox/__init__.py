"""Running student code where it can do no harm, and talking to it.

Two sides, visible in the layout:

- this folder is the **trusted** side: how far a worker is confined (``confine``), starting,
  watching and ending its processes (``spawn``, ``reap``, ``forkserver``), the private copy
  it runs (``stage``), and the proxy that checks call (``channel``, ``proxy``, ``notebook``);
- ``inside/`` holds the **only** code that runs inside the sandbox: the worker programs and
  what they need. It imports nothing from the trusted side but ``codec``, the data-only
  format both sides speak (an import-linter contract and ``tests/sandbox`` check both).

Deliberately empty of imports: a worker loads this package on its way to ``codec``.
"""
