"""grader.authoring.mutants' overlays: a mutant's text laid over the reference's, for a module and for answers.

The graded module must read like a student's file with one function wrong (every other line
where the reference has it), and a mutant that is more than definitions and imports must be
a ConfigError naming the file and line. These are tests of text alone (no lesson), kept apart
from test_mutants.py so that neither file passes the project's 450 lines.
"""

from __future__ import annotations

import ast
import tomllib

import pytest

from grader.authoring.mutants import overlay_answers, overlay_module
from grader.exceptions import ConfigError

REFERENCE = '''"""The reference."""

import numpy as np
from math import sqrt


def first(x):
    return x + 1


@staticmethod
def second(x):
    return x * 2


class Third:
    value = 3


def fourth():
    return sqrt(4)
'''


# ---------------------------------------------------------------- overlay_module


def test_a_function_is_replaced_where_it_stands():
    out = overlay_module(REFERENCE, "def first(x):\n    return x - 1\n", "m.py")
    ours, theirs = REFERENCE.splitlines(), out.splitlines()
    assert len(ours) == len(theirs)
    changed = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    assert changed == [ours.index("    return x + 1")]
    assert theirs[changed[0]] == "    return x - 1"


def test_a_longer_replacement_keeps_the_lines_before_it_and_the_rest_in_order():
    out = overlay_module(REFERENCE, "class Third:\n    value = 30\n    other = 4\n", "m.py")
    ours, theirs = REFERENCE.splitlines(), out.splitlines()
    start = ours.index("class Third:")
    assert theirs[:start] == ours[:start]
    assert theirs[start:start + 3] == ["class Third:", "    value = 30", "    other = 4"]
    assert theirs[start + 3:] == ours[start + 2:]
    ast.parse(out)


def test_a_new_function_is_added_at_the_end():
    out = overlay_module(REFERENCE, "def fifth():\n    return 5\n", "m.py")
    assert out == REFERENCE + "\n\ndef fifth():\n    return 5\n"


def test_a_new_function_after_a_reference_without_final_newline_starts_on_its_own_line():
    out = overlay_module("def a():\n    return 1", "def b():\n    return 2\n", "m.py")
    assert out == "def a():\n    return 1\n\n\ndef b():\n    return 2\n"


def test_a_new_import_goes_after_the_reference_imports_and_a_known_one_is_skipped():
    mutant = "import numpy as np\nimport json\nfrom math import sqrt\n\n\ndef first(x):\n    return json.dumps(x)\n"
    out = overlay_module(REFERENCE, mutant, "m.py")
    lines = out.splitlines()
    assert lines[2:5] == ["import numpy as np", "from math import sqrt", "import json"]
    assert lines.count("import numpy as np") == 1 and lines.count("from math import sqrt") == 1
    assert "    return json.dumps(x)" in lines and "    return x + 1" not in lines
    ast.parse(out)


def test_an_import_spelled_differently_is_known_when_it_means_the_same():
    out = overlay_module(REFERENCE, "from math import (sqrt)\n", "m.py")
    assert out == REFERENCE


def test_a_new_import_into_a_reference_without_imports_goes_first():
    out = overlay_module("def a():\n    return 1\n", "import os\n\n\ndef a():\n    return os.sep\n", "m.py")
    assert out == "import os\ndef a():\n    return os.sep\n"


def test_a_new_import_into_a_reference_without_imports_stays_below_its_docstring():
    out = overlay_module('"""Doc."""\n\ndef a():\n    return 1\n', "import os\n", "m.py")
    assert out.startswith('"""Doc."""\nimport os\n')
    assert ast.get_docstring(ast.parse(out)) == "Doc."  # still the module's docstring


def test_a_mutant_without_a_final_newline_never_glues_its_last_line_to_the_next():
    reference = "import os\ndef a():\n    return 1\ndef b():\n    return 2\n"
    out = overlay_module(reference, "def a():\n    return 10", "m.py")
    assert out == "import os\ndef a():\n    return 10\ndef b():\n    return 2\n"
    assert overlay_module("import os\ndef a():\n    return 1\n", "import sys", "m.py") == \
        "import os\nimport sys\ndef a():\n    return 1\n"
    assert overlay_answers("a = 1", "b = 2") == "a = 1\nb = 2\n"


def test_only_the_mutants_own_docstring_is_ignored_not_a_later_bare_string():
    with pytest.raises(ConfigError, match="line 2 is neither a definition nor an import"):
        overlay_module("def first(x):\n    return 1\n", '"""doc"""\n"stray"\ndef first(x):\n    return 0\n', "m.py")


def test_a_decorator_goes_with_its_function():
    mutant = "@classmethod\ndef second(x):\n    return x * 3\n\n\n@property\ndef sixth():\n    return 6\n"
    out = overlay_module(REFERENCE, mutant, "m.py")
    lines = out.splitlines()
    start = REFERENCE.splitlines().index("@staticmethod")
    assert lines[start:start + 3] == ["@classmethod", "def second(x):", "    return x * 3"]
    assert "@staticmethod" not in lines
    assert out.endswith("\n\n@property\ndef sixth():\n    return 6\n")


def test_a_decorated_mutant_replaces_an_undecorated_definition():
    out = overlay_module(REFERENCE, "@staticmethod\ndef first(x):\n    return 0\n", "m.py")
    lines = out.splitlines()
    start = REFERENCE.splitlines().index("def first(x):")
    assert lines[start:start + 3] == ["@staticmethod", "def first(x):", "    return 0"]


def test_the_mutant_module_docstring_is_ignored():
    mutant = '"""A wrong solution: first adds two."""\n\n\ndef first(x):\n    return x + 2\n'
    out = overlay_module(REFERENCE, mutant, "m.py")
    assert "A wrong solution" not in out and out.startswith('"""The reference."""\n')
    assert "    return x + 2" in out.splitlines()


@pytest.mark.parametrize("statement", ["X = 1", "print('hi')", "if True:\n    pass", "for i in []:\n    pass"])
def test_a_module_level_statement_is_a_config_error_naming_file_and_line(statement):
    mutant = f"# mistake: x\n\ndef first(x):\n    return 0\n\n\n{statement}\n"
    with pytest.raises(ConfigError) as caught:
        overlay_module(REFERENCE, mutant, "suites/x/mutants/bad.py")
    assert caught.value.source == "suites/x/mutants/bad.py"
    assert "line 7 is neither a definition nor an import" in str(caught.value)
    assert "# base: none" in str(caught.value)


def test_a_mutant_that_does_not_parse_suggests_base_none():
    with pytest.raises(ConfigError) as caught:
        overlay_module(REFERENCE, "# fails: x\n\ndef first(x)\n    return 0\n", "suites/x/mutants/bad.py")
    assert caught.value.source == "suites/x/mutants/bad.py, line 3"
    assert "does not parse" in str(caught.value) and "'# base: none'" in str(caught.value)


# ---------------------------------------------------------------- overlay_answers

ANSWERS = '# the answers\n# flops = "a comment, not a key"\nflops = "1.4e13"\nseconds = "0.28 s"\n\npairs = 10\n'


def test_an_answer_line_replaces_the_line_of_its_key():
    out = overlay_answers(ANSWERS, '# mistake: x\nseconds = "0.14 s"\n')
    assert out == ANSWERS.replace('seconds = "0.28 s"', 'seconds = "0.14 s"')
    assert tomllib.loads(out)["seconds"] == "0.14 s"


def test_a_commented_key_is_neither_replaced_nor_replacing():
    out = overlay_answers(ANSWERS, '# pairs = 16\nflops = "7e12"')
    assert '# flops = "a comment, not a key"' in out and 'flops = "7e12"\n' in out
    assert tomllib.loads(out) == {"flops": "7e12", "seconds": "0.28 s", "pairs": 10}


def test_an_unknown_key_is_appended():
    out = overlay_answers(ANSWERS, 'extra = "kept"')
    assert out == ANSWERS + 'extra = "kept"\n'


def test_an_unreadable_value_stays_as_written():
    out = overlay_answers(ANSWERS, "flops = about fourteen trillion\n")
    assert "flops = about fourteen trillion\n" in out.splitlines(keepends=True)
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(out)
