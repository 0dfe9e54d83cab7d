"""Where things are, for every test wherever it sits in tests/: the repository and the test data."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent  # the repository: grader/, suites/, solutions/, exercises/
DATA = TESTS / "data"
ATTACKS = TESTS / "attacks"
