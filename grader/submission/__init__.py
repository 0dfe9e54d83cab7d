"""What a student handed in, read as data: which files are graded, and what they say.

The trusted process reads submissions here without running a line of them: paths and
sizes, ``ast`` parses of modules and notebook cells, JSON of notebooks, safe extraction of
zips. Nothing here starts a process or imports student code.

- ``files``: which files of a submission are graded (the module, the notebook, the answers).
- ``limits``: how large a submission, a source file or an answers file may be.
- ``stubs``: functions a student has not started (only ``pass`` in their body).
- ``lines``: the line that defines each graded function or answer (for annotations).
- ``notebook``: a submitted ``.ipynb`` read as JSON; every defect becomes one sentence.
- ``cells``: what a notebook's cells define, and its ANSWERS cells, by parsing only.
- ``unzip``: opening a student's zip without trusting it.
"""
