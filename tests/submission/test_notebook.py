"""grader.submission.notebook: a submitted notebook read as JSON data; every defect is one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from grader.submission import cells as cell_reader
from grader.submission import notebook as read
from grader.submission.notebook import clean_json, read_notebook


def write(tmp_path: Path, data, name: str = "prefill.ipynb") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def notebook(*cells: dict, minor: int = 5, **metadata) -> dict:
    return {"nbformat": 4, "nbformat_minor": minor, "metadata": metadata, "cells": list(cells)}


def code(source, cell_id: str | None = "a", **extra) -> dict:
    cell = {"cell_type": "code", "source": source, "metadata": {}, "outputs": [], "execution_count": None, **extra}
    if cell_id is not None:
        cell["id"] = cell_id
    return cell


def markdown(source: str, cell_id: str = "m") -> dict:
    return {"cell_type": "markdown", "id": cell_id, "source": source, "metadata": {}}


def one_line(text: str | None) -> str:
    assert text and "\n" not in text and "Traceback" not in text
    return text


def test_cells_keep_their_numbers_and_sources(tmp_path):
    nb = read_notebook(write(tmp_path, notebook(markdown("# Title"), code(["def f():\n", "    return 1"], "x"),
                                                code("", "y"), code("g = 2", "z"))))
    assert nb.problem is None and nb.notes == []
    assert [(c.number, c.source) for c in nb.cells] == [(1, "# Title"), (2, "def f():\n    return 1"), (3, ""),
                                                         (4, "g = 2")]
    assert [c.number for c in nb.code_cells] == [2, 4]  # an empty code cell runs nothing


@pytest.mark.parametrize("content, words", [
    ('{"nbformat": 4, "cells": [', "is not valid JSON (line 1, column 27"),
    ("[1, 2]", "is not a Jupyter notebook"),
    ('{"cells": []}', "is not a Jupyter notebook"),
    ('{"nbformat": "four", "cells": []}', "is not a Jupyter notebook"),
    (json.dumps({"nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": []}], "metadata": {}}),
     "is in notebook format 3, from before 2015"),
    (json.dumps({"nbformat": 5, "cells": []}), "is in notebook format 5, newer than"),
    (json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}}), "has no list of cells"),
    (json.dumps(notebook(markdown("only words"), code("   \n"))), "has no code cells"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ('{"nbformat": ' + "9" * 5000 + "}", "is not valid JSON (Exceeds the limit"),
], ids=["truncated", "not-an-object", "no-version", "odd-version", "v3", "v5", "no-cells", "no-code", "deep", "digits"])
def test_unusable_notebooks_give_one_line(tmp_path, content, words):
    nb = read_notebook(write(tmp_path, content))
    assert words in one_line(nb.problem)
    assert nb.problem.startswith("prefill.ipynb ")


def test_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "prefill.ipynb"
    path.write_bytes(json.dumps(notebook(code("x = 'é'"))).encode("latin-1").replace(b"\\u00e9", b"\xe9"))
    assert "is not UTF-8 text" in one_line(read_notebook(path).problem)


def test_a_byte_order_mark_is_fine(tmp_path):
    path = tmp_path / "prefill.ipynb"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(notebook(code("x = 1"))).encode())
    assert read_notebook(path).problem is None


def test_missing_and_duplicate_ids_are_noted_and_graded_anyway(tmp_path):
    nb = read_notebook(write(tmp_path, notebook(code("a = 1", None), code("b = 2", "same"), code("c = 3", "same"))))
    assert nb.problem is None
    assert [c.number for c in nb.code_cells] == [1, 2, 3]
    assert any("cell 1 has no id" in one_line(note) for note in nb.notes)
    assert any("cells 2 and 3 have the same id 'same'" in one_line(note) for note in nb.notes)
    cleaned = nbformat.reads(clean_json(nb, {}), as_version=4)
    nbformat.validate(cleaned)
    assert len({cell.id for cell in cleaned.cells}) == 3


def test_ids_are_not_expected_before_format_4_5(tmp_path):
    assert read_notebook(write(tmp_path, notebook(code("a = 1", None), minor=4))).notes == []


def test_large_stored_outputs_are_ignored_with_a_note(tmp_path):
    big = [{"output_type": "stream", "name": "stdout", "text": "x" * (2 * 1024 * 1024)}]
    nb = read_notebook(write(tmp_path, notebook(code("print('x' * 2000000)", outputs=big))))
    assert nb.problem is None
    assert any("stores 2.0 MB of outputs and attachments" in one_line(note) for note in nb.notes)
    assert "x" * 100 not in clean_json(nb, {})


def test_a_notebook_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(read, "MAX_NOTEBOOK_BYTES", 1000)
    nb = read_notebook(write(tmp_path, notebook(code("x = 1", outputs=[{"output_type": "stream", "name": "stdout",
                                                                         "text": "y" * 5000}]))))
    assert "more than the 0.0 MB a notebook may have" in one_line(nb.problem)


def test_too_many_cells(tmp_path, monkeypatch):
    monkeypatch.setattr(read, "MAX_CELLS", 3)
    nb = read_notebook(write(tmp_path, notebook(*[code("x = 1", str(i)) for i in range(4)])))
    assert "has 4 cells; the grader runs notebooks of at most 3 cells" in one_line(nb.problem)


def test_cells_that_are_not_cells_are_skipped_with_a_note(tmp_path):
    nb = read_notebook(write(tmp_path, notebook(code("x = 1", "a"), "not a cell", code(42, "b"),
                                                {"cell_type": "heading", "id": "h", "source": "old"})))
    assert [c.number for c in nb.code_cells] == [1]
    assert any("cells 2, 3, 4 are not a code, markdown or raw cell" in one_line(note) for note in nb.notes)


@pytest.mark.parametrize("kernelspec, words", [
    ({"name": "ir", "language": "R", "display_name": "R"}, "asks for the kernel 'ir' (R), which is not installed"),
    ({"name": "conda-env-ml-py", "language": "python"}, "runs every Python notebook with its own Python 3 kernel"),
])
def test_a_kernel_that_is_not_installed_is_noted(tmp_path, kernelspec, words):
    nb = read_notebook(write(tmp_path, notebook(code("x = 1"), kernelspec=kernelspec)))
    assert nb.problem is None
    assert any(words in one_line(note) for note in nb.notes)


def test_the_usual_kernel_says_nothing(tmp_path):
    kernelspec = {"name": "python3", "language": "python", "display_name": "Python 3"}
    assert read_notebook(write(tmp_path, notebook(code("x = 1"), kernelspec=kernelspec))).notes == []


def test_a_missing_file_is_a_problem_not_an_exception(tmp_path):
    assert "cannot be read" in one_line(read_notebook(tmp_path / "prefill.ipynb").problem)


def test_the_cleaned_notebook_holds_sources_and_the_graders_metadata_only(tmp_path):
    original = notebook(markdown("# T"), code("def f():\n    return 1", "q", execution_count=4,
                                              outputs=[{"output_type": "stream", "name": "stdout", "text": "hi"}],
                                              metadata={"tags": ["skip-execution"]}),
                        kernelspec={"name": "evil", "language": "python"}, secret={"x": 1})
    cleaned = json.loads(clean_json(read_notebook(write(tmp_path, original)), {"cell_seconds": 3}))
    nbformat.validate(nbformat.from_dict(cleaned))
    assert cleaned["metadata"] == {"kernelspec": read.KERNEL, "language_info": {"name": "python"},
                                   "grader": {"cell_seconds": 3}}
    assert cleaned["cells"][1] == {"cell_type": "code", "id": "c2", "source": "def f():\n    return 1",
                                   "metadata": {}, "outputs": [], "execution_count": None}
    assert cleaned["cells"][0]["source"] == ""  # markdown keeps its place, not its text


def test_the_notebooks_own_metadata_is_kept_as_data_for_the_claimed_id_and_never_reaches_the_worker(tmp_path):
    """A notebook may name a student in its metadata (grader.submission.claims reads it); the worker's copy
    holds only the grader's own metadata, as before."""
    found = read_notebook(write(tmp_path, notebook(code("x = 1"), student="alice", kernelspec={"name": "python3"})))
    assert found.metadata["student"] == "alice"
    assert "alice" not in clean_json(found, {"seconds": 1})


def test_code_cells_over_the_code_budget_are_refused_naming_the_file(tmp_path, monkeypatch):
    """Issue 25: 16 MB of code in 1,300 cells was parsed six times in the trusted process (81 s, 940 MB)
    before its worker started. Past ``MAX_CODE_CHARS`` of code the notebook is refused, saying why; stored
    outputs do not count (the worker never gets them)."""
    monkeypatch.setattr(read, "MAX_CODE_CHARS", 100)
    cells = [code(f"x{i} = {i}\n" * 5, cell_id=f"c{i}") for i in range(5)]  # 5 x 30 characters of code
    refused = read_notebook(write(tmp_path, notebook(*cells)))
    assert one_line(refused.problem).startswith("prefill.ipynb holds 0.0 MB of code in its code cells, more than")
    assert refused.code_cells == []  # nothing of it is parsed or run
    printed = {"output_type": "stream", "name": "stdout", "text": "y" * 10_000}
    kept = read_notebook(write(tmp_path, notebook(code("x = 1", outputs=[printed])), name="other.ipynb"))
    assert kept.problem is None and [c.source for c in kept.code_cells] == ["x = 1"]


def test_code_cells_past_the_parse_budget_run_unparsed_with_a_note(tmp_path, monkeypatch):
    """Issue 25's third battery: 900 KB of ``x = 1`` lines in one cell cost the trusted process 390 MB, its syntax tree
    kept for the whole grade. Cells past the parse budget (in order, for the cells together) are still run but not
    parsed, and the note says so; an ANSWERS cell spends none of it."""
    monkeypatch.setattr(read, "MAX_PARSE_TOKENS", 20)
    cells = [code("def f():\n    return 1\n", cell_id="a"), code("# ANSWERS\nflops = 1\n" * 5, cell_id="b"),
             code("x = 1\n" * 4, cell_id="c"), code("def g():\n    pass\n", cell_id="d")]
    found = read_notebook(write(tmp_path, notebook(*cells)))
    assert [c.parsable for c in found.code_cells] == [True, True, False, False]
    assert found.code_cells[0].tree is not None and found.code_cells[2].tree is None
    assert one_line(found.notes[-1]) == ("prefill.ipynb: cells 3, 4 hold more code than the grader reads before "
                                         "running a notebook; they run as written, but the grader did not look in "
                                         "them for unfinished functions")
    assert "g" not in cell_reader.unimplemented(found.code_cells)  # not read, so not called unfinished
    assert "g" in cell_reader.definitions(found.code_cells)  # its name is still seen, as for a cell that does not parse
    monkeypatch.setattr(read, "MAX_PARSE_TOKENS", 1000)
    whole = read_notebook(write(tmp_path, notebook(*cells), name="other.ipynb"))
    assert all(c.parsable for c in whole.code_cells) and not whole.notes


def test_a_notebook_is_read_once_while_it_stays_the_same_file(tmp_path, monkeypatch):
    path = write(tmp_path, notebook(code("def f():\n    return 1")))
    reads = []
    original = json.loads
    monkeypatch.setattr(read.json, "loads", lambda text: reads.append(1) or original(text))
    first = read_notebook(path)
    assert read_notebook(path) is first and read_notebook(Path(str(path))) is first and len(reads) == 1
    assert first.code_cells[0].tree is first.code_cells[0].tree  # each cell's syntax tree, made once
    path.write_text(json.dumps(notebook(code("def f():\n    return 2"))), encoding="utf-8")  # same size, same tick
    assert read_notebook(path) is not first and len(reads) == 2
