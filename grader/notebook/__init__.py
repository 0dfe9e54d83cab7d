"""Notebook submissions: the exercise as a Jupyter notebook, graded like the module file.

A student may hand in ``<module stem>.ipynb`` instead of the ``.py`` module. It is graded
by the same hidden suite, under the same sandbox and limits, and equivalent code gets the
same scores and feedback. The pieces, one module each:

- ``build``: writes the exercise notebook (and the reference one, for tests) from the
  lesson's module source, its answers file and ``suites/<lesson>/notebook.md``.
- ``read``: the trusted side's reading of a submitted notebook, as JSON data only; every
  defect of the file becomes one sentence.
- ``source``: what the cells' code defines, which functions are still stubs, and the
  ANSWERS cells, all by parsing (``ast``), never by running anything.
- ``worker``: the sandboxed program that runs the notebook with nbclient against a real
  ipykernel, records what each cell did, and hands the call pipes to the kernel.
- ``kernel``: runs inside that kernel once the cells have run and answers the checks'
  calls from the namespace the cells built.
- ``module``: the trusted side of that worker (what checks call, and the cell report).
- ``grading``: what the engine asks of a notebook submission.

Nothing here is imported unless a notebook is graded or built, so grading a ``.py``
submission never pays for it.
"""
