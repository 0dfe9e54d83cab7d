"""What a lesson is, read from its files: the course's folders, the manifest, the catalogue.

Everything here parses instructor-written TOML into frozen data and names the file and key
of every mistake (``ConfigError``). Nothing here grades, runs or imports student code, so
every other layer may read a lesson; this layer reads nothing above it.

- ``options``: every top-level setting of ``lesson.toml``, declared once (reader, ``grader new``
  template and the table in docs/authoring.md all come from it).
- ``manifest``: ``lesson.toml`` as a ``Lesson`` of ``Task``s, answers, facts and visibility.
- ``catalogue``: ``diagnoses.toml``, the lesson's misconceptions.
- ``course``: where a course's lessons live, and which lesson a submission is for.
- ``solutions``: which folder holds a lesson's reference (``--solutions``: a lesson folder or a
  tree), and the answers ``lesson.toml`` fixes.
"""
