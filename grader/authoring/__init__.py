"""What instructors run: proving a suite, generating student files, releasing a course.

- ``validate``: the reference full marks, the stubs zero, every mutant caught as declared.
- ``verdict``: what validation found, said in a few lines of 100 columns.
- ``parallel``: the mutants and models graded by several sessions at once.
- ``proved``: the lessons that validated, remembered by a fingerprint of what their verdict rests on.
- ``mutants``: the lesson's wrong solutions, each laid over the reference.
- ``facts``: the lesson's headline numbers and the skeleton's signatures, which no solution may change.
- ``exercises``: ``exercises/`` generated from the solution markers (``grader stubs``).
- ``notebook``: the exercise notebook built from the same sources.
- ``public``, ``release``: the student bundle and the autograder bundle, released only when validated.
- ``scaffold``: ``grader new``, a lesson that validates out of the box.
- ``diagnoses``: the catalogue listed for people (``grader diagnoses``, docs/feedback.md).
"""
