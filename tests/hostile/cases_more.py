"""More of the hostile-input corpus: cases found by attacking from outside, after the first 44.

The same ``Case`` as ``cases.py`` (see its docstring for the fields), graded by the same harness
(tests/e2e/test_hostile.py). Two fields matter here more than there: an entry case may need its
row to keep ``full`` marks (the case is a student the odd entries before it could harm: the
next student on the same worker), and ``instructor`` cases are read in the instructor's reports
too, where what the submission printed is shown (inert).
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

from cases import ANSWER_TASKS, ANSWERS, CODE_TASKS, REFERENCE, Case, _folder, answers, code, entry, notebook, zipped

from deep import nest

OTHER_ANSWERS = tuple(t for t in ANSWER_TASKS if t != "hand_flops")


def raw_answers(data: bytes):
    """The reference, with ``data`` as its answers.toml (any bytes: UTF-16, NUL, not TOML)."""
    def build(tmp: Path) -> Path:
        folder = _folder(tmp / "prefill")
        (folder / "answers.toml").write_bytes(data)
        return folder
    return build


def raw_notebook(document: dict | str | bytes):
    """A folder holding ``document`` as prefill.ipynb (a dict is written as JSON, ASCII-escaped)."""
    def build(tmp: Path) -> Path:
        folder = tmp / "prefill"
        folder.mkdir(parents=True)
        text = document if isinstance(document, (str, bytes)) else json.dumps(document, ensure_ascii=True)
        (folder / "prefill.ipynb").write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        (folder / "answers.toml").write_text(ANSWERS, encoding="utf-8")
        return folder
    return build


def v4(cells: list, **metadata) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": metadata, "cells": cells}


def cell(source, **extra) -> dict:
    return {"cell_type": "code", "id": f"c{abs(hash(str(source))) % 10**8}", "metadata": {}, "source": source,
            "outputs": [], "execution_count": None, **extra}


def raw_entry(name: str, data: bytes):
    """A file of the class folder holding ``data`` (not the reference: a tar, a 7z, UTF-16 …)."""
    def build(klass: Path) -> Path:
        (klass / name).write_bytes(data)
        return klass / name
    return build


def special_zip(name: str, members: list[tuple[str, bytes, int]], encrypted: bool = False, zip64: bool = False):
    """A zip whose members carry Unix modes (a link: 0o120777) or the 'encrypted' flag, or zip64 records."""
    def build(klass: Path) -> Path:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for member, data, mode in members:
                info = zipfile.ZipInfo(member, date_time=(2026, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = mode << 16
                with archive.open(info, "w", force_zip64=zip64) as stream:
                    stream.write(data)
        raw = bytearray(buffer.getvalue())
        if encrypted:  # bit 0 of the flags, in every local and central header
            for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
                at = raw.find(signature)
                while at != -1:
                    raw[at + offset] |= 1
                    at = raw.find(signature, at + 4)
        path = klass / f"{name}.zip"
        path.write_bytes(bytes(raw))
        return path
    return build


def nested_zip(name: str):
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as archive:
        archive.writestr("prefill.py", REFERENCE)
        archive.writestr("answers.toml", ANSWERS)
    return zipped(name, [("inner.zip", inner.getvalue())])


def fifo(name: str):
    def build(klass: Path) -> Path:
        os.mkfifo(klass / name)
        return klass / name
    return build


def folder_with(name: str, make):
    """A student folder (the reference) to which ``make(folder)`` adds something odd."""
    def build(klass: Path) -> Path:
        folder = _folder(klass / name)
        make(folder)
        return folder
    return build


def _nested(folder: Path, levels: int = 1500) -> Path:
    """``levels`` folders in ``folder``, each in the last."""
    return nest(folder, levels)


def _many_folders(folder: Path) -> None:
    for i in range(1500):
        (folder / f"d{i}").mkdir()


# makes a folder 5000 levels deep in its temporary folder: shutil.rmtree's recursion gave up on it
DEEP_TMP = ("import os, tempfile\n\ndef causal_pairs(P):\n    here = os.getcwd()\n    try:\n"
            "        os.chdir(tempfile.gettempdir())\n        for _ in range(5000):\n"
            "            os.mkdir('d')\n            os.chdir('d')\n    except OSError:\n        pass\n"
            "    finally:\n        os.chdir(here)\n    return P * (P + 1) // 2\n")
IPC_KEY = 0x6E7874  # a System V key the writer creates and the reader must not find
IPC_WRITER = ("import ctypes\n\ndef causal_pairs(P):\n    libc = ctypes.CDLL(None)\n"
              f"    segment = libc.shmget({IPC_KEY}, 1 << 20, 0o1666)\n"
              f"    libc.semget({IPC_KEY}, 1, 0o1666)\n    libc.msgget({IPC_KEY}, 0o1666)\n"
              "    return P * (P + 1) // 2 if segment >= 0 else -1\n")
IPC_READER = ("import ctypes\n\ndef causal_pairs(P):\n    libc = ctypes.CDLL(None)\n"
              f"    left = [libc.shmget({IPC_KEY}, 0, 0), libc.semget({IPC_KEY}, 0, 0), libc.msgget({IPC_KEY}, 0)]\n"
              "    return P * (P + 1) // 2 if left == [-1, -1, -1] else -1\n")


def forget_ipc() -> None:
    """Remove what IPC_WRITER left where nothing removes it (a worker that stays root shares the
    machine's IPC namespace: SECURITY.md), so that no run of the corpus leaves a segment behind."""
    import ctypes

    libc = ctypes.CDLL(None)
    for ipc_id, remove in ((libc.shmget(IPC_KEY, 0, 0), lambda i: libc.shmctl(i, 0, None)),
                           (libc.semget(IPC_KEY, 0, 0), lambda i: libc.semctl(i, 0, 0)),
                           (libc.msgget(IPC_KEY, 0), lambda i: libc.msgctl(i, 0, None))):
        if ipc_id >= 0:
            remove(ipc_id)


# the hidden check's inputs, as a student's code would quote them
QUOTES_INPUTS = "def prefill_flops(N, P):\n    return f'N={N} P={P}'\n"
RAW_OUTPUT = ("import os\n\ndef causal_pairs(P):\n    os.write(1, b'\\xff\\xfe\\x1b')\n"
              "    os.write(1, b'[2J\\x9b31m\\xc2\\x9b2J\\r::add-mask::z\\n')\n"
              "    os.write(2, b'\\x1bP+q\\x1b\\\\\\x1b_apc\\x1b\\\\\\x1b]52;c;aGk=\\x07\\xe2\\x80')\n"
              "    return P * (P + 1) // 2\n")
LATE_OUTPUT = ("import os, threading, time\n\ndef _later():\n    time.sleep(0.05)\n    for _ in range(50):\n"
               "        os.write(1, b'\\x1b[2J late ::add-mask::q\\n')\n        time.sleep(0.01)\n\n"
               "def causal_pairs(P):\n    threading.Thread(target=_later, daemon=True).start()\n"
               "    return P * (P + 1) // 2\n")
UNICODE_LINES = "a\\u0085::add-mask::b\\u2028::x\\u200b::y\\u3000::w\\u00a0::v\\U000e0041::u"
KEEP_BUT_PAIRS = ("prefill_flops", "causal_mask", *ANSWER_TASKS)
KEEP_BUT_MASK = ("prefill_flops", "causal_pairs", *ANSWER_TASKS)
KEEP_BUT_FLOPS = ("causal_pairs", "causal_mask", *ANSWER_TASKS)
NO_BLAME = ("bug in the grader",)

CASES: list[Case] = [
    # 1 -- one entry must never stop the class
    Case("zip_slip_parent", 1, "entry", "a zip member named ../../evil.py",
         zipped("slip", [("../../evil.py", REFERENCE.encode())]), runs_code=False, status="rejected"),
    Case("zip_absolute_member", 1, "entry", "a zip member named /etc/evil.py",
         zipped("absolute", [("/etc/evil.py", REFERENCE.encode())]), runs_code=False, status="rejected"),
    Case("zip_backslash_slip", 1, "entry", "a zip member named ..\\..\\evil.py (a Windows archiver's separator)",
         zipped("backslash", [("..\\..\\evil.py", REFERENCE.encode())]), runs_code=False, status="rejected"),
    Case("zip_symlink_member", 1, "entry", "a zip whose prefill.py is a symbolic link to /etc/passwd",
         special_zip("linked", [("prefill.py", b"/etc/passwd", 0o120777)]), runs_code=False, status="rejected"),
    Case("zip_duplicate_member", 1, "entry", "a zip listing prefill.py twice",
         zipped("twice", [("prefill.py", REFERENCE.encode()), ("prefill.py", b"x = 1\n")]), runs_code=False,
         status="rejected"),
    Case("zip_encrypted_member", 1, "entry", "a zip whose member is flagged encrypted",
         special_zip("locked", [("prefill.py", REFERENCE.encode(), 0o100644)], encrypted=True), runs_code=False,
         status="rejected"),
    Case("zip_ratio_bomb", 1, "entry", "a zip of 60 MiB of zeros (a ratio of 1000:1)",
         zipped("bomb", [("prefill.py", REFERENCE.encode()), ("zeros.bin", b"\0" * (60 << 20))]),
         runs_code=False, status="rejected"),
    Case("zip64_records", 1, "entry", "a zip written with zip64 records", special_zip(
        "wide", [("prefill.py", REFERENCE.encode(), 0o100644), ("answers.toml", ANSWERS.encode(), 0o100644)],
        zip64=True), runs_code=False),
    Case("zip_empty", 1, "entry", "an empty zip", zipped("hollow", []), runs_code=False, status="rejected"),
    Case("zip_not_a_zip", 1, "entry", "a .zip that is not a zip", raw_entry("fake.zip", b"PK\x03\x04 not a zip"),
         runs_code=False, status="rejected"),
    Case("zip_of_a_zip", 1, "entry", "a zip holding only another zip", nested_zip("russian"), runs_code=False,
         status="rejected"),
    Case("tar_and_7z", 1, "entry", "a .tar.gz in the class folder", raw_entry("tarred.tar.gz", b"\x1f\x8b\x08\0"),
         runs_code=False, status="rejected"),
    Case("seven_zip", 1, "entry", "a .7z in the class folder", raw_entry("seven.7z", b"7z\xbc\xaf\x27\x1c\0\x04"),
         runs_code=False, status="rejected"),
    Case("named_pipe_entry", 1, "entry", "a named pipe called pipe.py in the class folder", fifo("pipe.py"),
         runs_code=False, status="rejected"),
    Case("dash_name", 1, "entry", "an entry named -rf (an option to any command it reaches)",
         raw_entry("-rf", REFERENCE.encode()), runs_code=False, status="rejected"),
    Case("many_empty_folders", 1, "entry", "a student folder of 1500 empty folders (graded: the batch grades its "
         "snapshot, which holds the files only)", folder_with("folders", _many_folders), runs_code=False),
    Case("notebook_nested_json", 1, "entry", "a notebook of 100000 nested JSON arrays",
         raw_entry("nesting.ipynb", b"[" * 100000 + b"]" * 100000), runs_code=False),
    Case("folder_nested_1500", 1, "grade", "a submission folder holding folders 1500 levels deep (exit status 2)",
         lambda tmp: _nested(_folder(tmp / "prefill"), 1500), runs_code=False, exit=2),
    Case("folder_nested_1500_entry", 1, "entry", "the same folder in a class", folder_with("nested", _nested),
         runs_code=False, status="rejected"),
    Case("module_in_utf16", 1, "entry", "a prefill.py saved as UTF-16",
         raw_entry("wide16.py", REFERENCE.encode("utf-16"))),
    # 2 -- a careless answer never crashes the grade
    Case("answers_utf16", 2, "grade", "answers.toml saved as UTF-16 with its BOM",
         raw_answers(ANSWERS.encode("utf-16")), keeps=(*CODE_TASKS, *ANSWER_TASKS), runs_code=False),
    Case("answers_utf8_bom", 2, "grade", "answers.toml with a UTF-8 BOM",
         raw_answers(b"\xef\xbb\xbf" + ANSWERS.encode()), keeps=(*CODE_TASKS, *ANSWER_TASKS), runs_code=False),
    Case("answers_nul_in_key", 2, "grade", "a NUL byte inside a key",
         raw_answers(ANSWERS.encode().replace(b"quiz =", b"qu\0iz =")), keeps=(*CODE_TASKS, "hand_flops"),
         runs_code=False),
    Case("answers_deep_array", 2, "grade", "an answer of 5000 nested arrays", answers(flops="[" * 5000 + "]" * 5000),
         keeps=CODE_TASKS, runs_code=False),
    Case("answers_deep_inline_tables", 2, "grade", "an answer of 3000 nested inline tables",
         answers(flops="{a=" * 3000 + "1" + "}" * 3000), keeps=CODE_TASKS, runs_code=False),
    Case("answers_key_escapes", 2, "grade", "keys spelled with ESC, a runner command and a surrogate escape",
         raw_answers(ANSWERS.encode() + b'\n"\\u001b[2J::add-mask::k" = 1\n"\\ud800" = 2\n'),
         keeps=(*CODE_TASKS, *ANSWER_TASKS), runs_code=False),
    Case("answers_dates_and_times", 2, "grade", "answers that are a datetime, a time and a date",
         answers(flops="1979-05-27T07:32:00Z", seconds="07:32:00", pairs="1979-05-27"), keeps=(*CODE_TASKS, "quiz"),
         runs_code=False),
    Case("answers_nan_and_inf", 2, "grade", "answers nan, -inf and inf",
         answers(flops="nan", seconds="-inf", pairs="inf"), keeps=(*CODE_TASKS, "quiz"), runs_code=False),
    Case("answers_digits_of_other_scripts", 2, "grade", "fullwidth, Arabic-Indic digits and a hex float",
         answers(flops='"0x1p43"', seconds='"１４"', pairs='"١٠"'), keeps=CODE_TASKS, runs_code=False),
    Case("answers_huge_exponents", 2, "grade", "powers of ten of 20 digits, and 6000-digit numbers",
         answers(flops='"1.4 × 10^99999999999999999999"', seconds='"0.' + "0" * 6000 + '28"', pairs='"1e10000000000"'),
         keeps=(*CODE_TASKS, "quiz"), runs_code=False),
    Case("answers_array_of_tables", 2, "grade", "flops written as an array of tables",
         raw_answers(b"[[flops]]\na = 1\n[[flops]]\nb = 2\n"), keeps=CODE_TASKS, runs_code=False),
    Case("answers_a_folder", 2, "grade", "answers.toml is a folder",
         lambda tmp: _answers_folder(_folder(tmp / "prefill")), keeps=CODE_TASKS, runs_code=False),
    # 3 -- other crashes
    Case("exception_str_raises", 3, "grade", "an exception whose __str__ raises",
         code("class E(ValueError):\n    def __str__(self):\n        raise RuntimeError('no')\n\n"
              "def causal_pairs(P):\n    raise E()\n"), keeps=KEEP_BUT_PAIRS),
    Case("exception_str_of_a_str_subclass", 3, "grade", "an exception whose __str__ returns a str subclass whose "
         "__repr__ raises", code("class S(str):\n    def __repr__(self):\n        raise RuntimeError('no')\n\n"
                                 "class E(ValueError):\n    def __str__(self):\n        return S('\\x1b[2J')\n\n"
                                 "def causal_pairs(P):\n    raise E()\n"), keeps=KEEP_BUT_PAIRS),
    Case("exception_str_not_text", 3, "grade", "an exception whose __str__ returns an int",
         code("class E(ValueError):\n    def __str__(self):\n        return 5\n\n"
              "def causal_pairs(P):\n    raise E()\n"),
         keeps=KEEP_BUT_PAIRS),
    Case("exception_group", 3, "grade", "an exception group with escapes in every message",
         code("def causal_pairs(P):\n"
              "    raise ExceptionGroup('g\\x1b[2J', [ValueError('a\\x07'), KeyError('##[x]')])\n"),
         keeps=KEEP_BUT_PAIRS),
    Case("exception_notes_and_cycles", 3, "grade", "hostile __notes__ and a cycle of causes",
         code("def causal_pairs(P):\n    a, b = ValueError('a'), TypeError('b')\n    a.__cause__, b.__cause__ = b, a\n"
              "    a.add_note('\\x1b[2J::add-mask::n')\n    raise a\n"), keeps=KEEP_BUT_PAIRS),
    Case("notebook_format_3", 3, "grade", "a notebook in format 3 (worksheets)", raw_notebook(
        {"nbformat": 3, "nbformat_minor": 0, "metadata": {},
         "worksheets": [{"cells": [{"cell_type": "code", "input": REFERENCE, "language": "python", "outputs": []}]}]}),
         keeps=ANSWER_TASKS),
    Case("notebook_format_huge", 3, "grade", "a notebook whose format is a 400-digit number",
         raw_notebook({"nbformat": 10**400, "nbformat_minor": 5, "metadata": {}, "cells": [cell(REFERENCE)]}),
         keeps=ANSWER_TASKS),
    Case("notebook_other_kernel", 3, "grade", "a notebook asking for R's kernel (never started)", raw_notebook(
        v4([cell(REFERENCE)], kernelspec={"name": "ir", "language": "R", "display_name": "R\x1b[2J"},
           language_info={"name": "R"})), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    Case("notebook_sources_not_text", 3, "grade", "a notebook whose source lists hold numbers, null and a table",
         raw_notebook(v4([cell([REFERENCE, 5, None, {"a": 1}])])), keeps=ANSWER_TASKS),
    Case("notebook_cells_a_table", 3, "grade", "a notebook whose cells are a table, not a list",
         raw_notebook(v4({"a": cell(REFERENCE)})), keeps=ANSWER_TASKS),
    Case("notebook_20000_cells", 3, "grade", "a notebook of 20001 cells", raw_notebook(
        v4([cell(REFERENCE)] + [cell("x = 1")] * 20000)), keeps=ANSWER_TASKS),
    Case("notebook_utf16", 3, "grade", "a notebook saved as UTF-16",
         raw_notebook(json.dumps(v4([cell(REFERENCE)])).encode("utf-16")), keeps=ANSWER_TASKS),
    Case("notebook_nan_and_duplicate_keys", 3, "grade", "a notebook's JSON with NaN, Infinity and a key twice",
         raw_notebook('{"nbformat": 4, "nbformat_minor": NaN, "metadata": {"x": Infinity}, "cells": [], "cells": '
                      + json.dumps([cell(REFERENCE)]) + "}"), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    Case("notebook_huge_outputs", 3, "grade", "20 MB of saved output and a 5 MB attachment", raw_notebook(v4([
        cell(REFERENCE, outputs=[{"output_type": "stream", "name": "stdout", "text": "x" * (20 << 20)}]),
        {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": "![a](attachment:a.png)",
         "attachments": {"a.png": {"image/png": "A" * (5 << 20)}}}])), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    # 4 -- hidden inputs never leak
    Case("returned_text_quotes_inputs", 4, "grade", "a function returning its hidden inputs as text",
         code(QUOTES_INPUTS), secret=("N=",), keeps=("causal_pairs", "causal_mask", *ANSWER_TASKS)),
    Case("exception_module_of_inputs", 4, "grade", "a class named ValueError whose __module__ holds the inputs",
         code("def prefill_flops(N, P):\n    raise type('ValueError', (ValueError,), {'__module__': f'm{N}x{P}'})"
              "(f'secret{N}')\n"), secret=("secret", "x1"), keeps=KEEP_BUT_FLOPS),
    Case("warning_of_inputs", 4, "grade", "a warning and stderr quoting the hidden inputs",
         code("import sys, warnings\n\ndef prefill_flops(N, P):\n    warnings.warn(f'leakN{N}')\n"
              "    sys.stderr.write(f'leakP{P}')\n    return 2 * N * P\n"), never=("leakN", "leakP"),
         keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    # 5 -- every step under a limit
    Case("exception_str_sleeps", 5, "grade", "an exception whose __str__ sleeps 1000 s",
         code("import time\n\nclass E(ValueError):\n    def __str__(self):\n        time.sleep(1000)\n"
              "        return ''\n\ndef causal_pairs(P):\n    raise E()\n"), keeps=KEEP_BUT_PAIRS, within=400.0),
    Case("notebook_shell_sleeps", 5, "grade", "a notebook cell running !sleep 1000",
         notebook("!sleep 1000"), keeps=(*CODE_TASKS, *ANSWER_TASKS), within=400.0),
    Case("notebook_reads_stdin", 5, "grade", "a notebook cell waiting for input()",
         notebook("input('name? ')"), keeps=(*CODE_TASKS, *ANSWER_TASKS), within=400.0),
    # 6 -- nothing anyone reads obeys a submission
    Case("raw_bytes_written", 6, "grade", "invalid UTF-8, C1 CSI, CR, DCS/APC/OSC 52 written to fds 1 and 2",
         code(RAW_OUTPUT), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    Case("output_after_the_answer", 6, "grade", "a thread printing escapes after the function answered",
         code(LATE_OUTPUT), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    Case("unicode_line_breaks", 6, "grade", "NEL, U+2028, zero-width and ideographic spaces before ::",
         code(f"def causal_pairs(P):\n    raise ValueError('{UNICODE_LINES}')\n"), keeps=KEEP_BUT_PAIRS),
    Case("exception_names_hostile", 6, "grade", "an exception class whose __name__, __qualname__, __module__ are "
         "escapes and runner commands", code("def causal_pairs(P):\n    E = type('E', (ValueError,), {})\n"
                                             "    E.__name__ = '\\x1b[2J::add-mask::x'\n"
                                             "    E.__qualname__ = '\\n##[error]'\n"
                                             "    E.__module__ = '\\x1b]0;t\\x07'\n    raise E('m')\n"),
         keeps=KEEP_BUT_PAIRS),
    Case("invisible_characters", 6, "grade", "a message of zero-width spaces, tag characters, soft hyphens",
         code("def causal_pairs(P):\n"
              "    raise ValueError('pay\\u00adpal \\u200b::add-mask::z \\U000e0069\\U000e0067')\n"),
         keeps=KEEP_BUT_PAIRS),
    # 7 -- another student never pays
    Case("deep_folder_in_tmp", 7, "entry", "a folder 5000 levels deep in the worker's temporary folder",
         entry("deep-tmp", DEEP_TMP, folder=True), full="always"),
    Case("after_the_deep_folder", 7, "entry", "the student graded next on that worker",
         entry("deep-tmp-next", "", folder=True), full="always"),
    Case("ipc_objects_left", 7, "entry", "System V shared memory, semaphores and a message queue left behind",
         entry("ipc-1-writer", IPC_WRITER, folder=True), full="always"),
    Case("ipc_objects_found", 7, "entry", "the student graded next looks for them",
         entry("ipc-2-reader", IPC_READER, folder=True), full="own uid"),
    Case("deep_folder_single_grade", 7, "grade", "a folder 5000 levels deep, graded alone",
         code(DEEP_TMP), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    # 8 -- spreadsheets read no formula, and one student is one row
    # ALICE beside alice were two rows once; one id now (docs/class.md), so they are one student's two entries,
    # refused together (tests/batch/test_renamed.py): alone, ALICE is a row of its own, its report a safe file name
    Case("case_only_upper", 8, "entry", "ALICE: a report file of its own on a disk that ignores case",
         entry("ALICE")),
    Case("windows_device_name", 8, "entry", "a student named CON (a device on Windows)", entry("CON")),
    # x\u200by beside xy was once two rows that looked alike; a format character is no part of a name now, so the
    # two are one student's two entries (tests/batch/test_lms_uploads.py): alone, x\u200by is the row xy
    Case("zero_width_name", 8, "entry", "x\\u200by: the row of xy, the joiner no part of the name", entry("x\u200by")),
    # 9 -- the student's error is the student's
    Case("complex_returned", 9, "grade", "prefill_flops returning a numpy complex",
         code("def prefill_flops(N, P):\n    return np.complex128(2 * N * P)\n"),
         keeps=("causal_pairs", "causal_mask", "prefill_matches_sequential", *ANSWER_TASKS), never=NO_BLAME),
    Case("mask_structured", 9, "grade", "causal_mask returning a structured array",
         code("def causal_mask(P):\n    return np.zeros((P, P), dtype=[('a', bool)])\n"), keeps=KEEP_BUT_MASK,
         never=NO_BLAME),
    Case("mask_datetimes", 9, "grade", "causal_mask returning datetime64",
         code("def causal_mask(P):\n    return np.zeros((P, P), dtype='datetime64[s]')\n"), keeps=KEEP_BUT_MASK,
         never=NO_BLAME),
    Case("mask_masked_array", 9, "grade", "causal_mask returning a masked array (an ndarray subclass)",
         code("def causal_mask(P):\n    return np.ma.masked_array(np.tril(np.ones((P, P), dtype=bool)))\n"),
         keeps=KEEP_BUT_MASK, never=NO_BLAME),
    Case("mask_object_big_endian", 9, "grade", "causal_mask returning big-endian integers, then objects",
         code("def causal_mask(P):\n    m = np.tril(np.ones((P, P), dtype='>i4'))\n"
              "    return m if P % 2 else m.astype(object)\n"), keeps=KEEP_BUT_MASK, never=NO_BLAME),
    Case("pairs_nested_100000", 9, "grade", "causal_pairs returning a list nested 100000 deep, then itself",
         code("def causal_pairs(P):\n    x = []\n    for _ in range(100000):\n        x = [x]\n"
              "    if P % 2:\n        x = []\n        x.append(x)\n    return x\n"), keeps=KEEP_BUT_PAIRS,
         never=NO_BLAME),
    Case("inputs_mutated", 9, "grade", "prefill_matches_sequential overwriting and reshaping its inputs",
         code("def prefill_matches_sequential(X, W):\n    X[:] = np.nan\n    W.shape = (W.size,)\n    return True\n"),
         keeps=("prefill_flops", "causal_pairs", "causal_mask", *ANSWER_TASKS), never=NO_BLAME),
    # 10 -- frames the submission writes are never believed
    Case("notebook_child_writes_garbage", 10, "grade", "a cell's forked child writing broken frames to every fd",
         notebook("import os\nif os.fork() == 0:\n    for fd in range(3, 64):\n        try:\n"
                  "            os.write(fd, b'\\0\\0\\0\\0\\0\\0\\0\\x05' + b'\\0' * 8 + b'{}}}}')\n"
                  "        except OSError:\n            pass\n    os._exit(0)"), keeps=ANSWER_TASKS, never=NO_BLAME),
    Case("module_closes_the_pipes", 10, "grade", "a module closing every fd above 2 at import",
         code("import os\nfor fd in range(3, 256):\n    try:\n        os.close(fd)\n"
              "    except OSError:\n        pass\n"),
         keeps=ANSWER_TASKS, never=NO_BLAME),
]


def _answers_folder(folder: Path) -> Path:
    (folder / "answers.toml").unlink()
    (folder / "answers.toml").mkdir()
    return folder
