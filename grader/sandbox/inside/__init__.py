"""The only code that runs inside the sandbox, beside the student's.

Every module here is a program (or part of one) that a worker process runs: it imports
nothing from the trusted side of the grader but ``grader.sandbox.codec``, so a worker
never holds the suites, the solutions or the results, and whatever the submission does to
these modules changes only the answers the worker sends.

- ``worker``: the module worker: imports the submission, forks per task, answers calls.
- ``confinement``: what a worker does to itself before student code runs (rlimits, uid).
- ``template``: the fork-server template, a warm process that forks workers.
- ``notebook_worker``: runs a notebook in an ipykernel, then hands the pipes to the kernel.
- ``kernel_launch``: starts that ipykernel and speaks Jupyter's protocol to it.
- ``kernel_server``: runs inside the kernel and answers the checks' calls.
- ``files``: making a copy readable, and removing it whatever the worker did to it.
- ``endings``: how a process ended, in the words reports use.
- ``canary``: the known-good module every worker runs before the submission (the sandbox's proof).
- ``standins``: stand-ins for the modules a submission imports and this Python lacks (module and kernel).

The trusted side may import these modules (they are the grader's own code); the reverse
is what the layering forbids.
"""
