"""The hostile-input corpus as data: each case builds its submission and says what must hold.

A case is one of three kinds:

- ``grade``: a prefill submission folder (the reference with ``module`` appended, answers
  lines replaced, or a notebook), graded with ``grader grade`` in every format;
- ``entry``: something placed in a class folder (a file or folder of an odd name, a zip),
  graded with ``grader batch`` beside ordinary students;
- both apply their checks in each sandbox mode where student code runs.

See README.md for the classes. ``never``: text that must not reach a student-facing report
(hidden inputs, what the submission chose); ``keeps``: tasks that must still score full
marks (the case breaks something else); ``within``: seconds the grade must finish in;
``secret``: text that must not reach what a hidden check tells a student (a visible check
shows its inputs and what came back by design); ``full``: an entry whose row must keep full
marks (a student graded after an odd one on the same worker). More cases: cases_more.py.
"""

from __future__ import annotations

import io
import json
import os
import unicodedata
import warnings
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from paths import ROOT

SOLUTION = ROOT / "solutions" / "prefill"
REFERENCE = (SOLUTION / "prefill.py").read_text(encoding="utf-8")
ANSWERS = (SOLUTION / "answers.toml").read_text(encoding="utf-8")
CODE_TASKS = ("prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential")
ANSWER_TASKS = ("hand_flops", "hand_seconds", "hand_pairs", "quiz")
ESCAPES = "\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\\x1b[2J\x1b[H\x1b[31mred"
RUNNER = "::add-mask::17\n    ::notice title=Grade::A+\n##[warning]rerun with sudo\n::stop-commands::x"


@dataclass(frozen=True)
class Case:
    id: str
    klass: int
    kind: str  # "grade" or "entry"
    what: str
    build: Callable[[Path], Path]  # grade: folder -> the submission; entry: class folder -> the entry made
    never: tuple[str, ...] = ()  # must not reach a student-facing report
    secret: tuple[str, ...] = ()  # must not reach what a secret (hidden) check tells a student
    keeps: tuple[str, ...] = ()  # tasks that must keep full marks
    runs_code: bool = True  # graded in both sandbox modes
    within: float = 240.0  # seconds the grade must finish in (a bound, not a speed)
    status: str = "graded"  # entry: the row's status in the gradebook ("graded" or "rejected")
    options: dict = field(default_factory=dict)
    # entry: full marks "always", or where the worker has a uid of its own ("own uid": SECURITY.md's limits)
    full: str = ""
    exit: int = 0  # grade: the exit status (2: the submission cannot be graded, said in one line)


def _folder(target: Path, module: str = "", answers: dict[str, str] | None = None) -> Path:
    """The reference solution in ``target``, with ``module`` appended and answer lines replaced."""
    target.mkdir(parents=True)
    (target / "prefill.py").write_text(REFERENCE + "\n\n" + module, encoding="utf-8")
    lines = []
    for line in ANSWERS.splitlines():
        key = line.split("=", 1)[0].strip()
        lines.append(f"{key} = {answers[key]}" if answers and key in answers and "=" in line else line)
    (target / "answers.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def code(source: str, **extra) -> Callable[[Path], Path]:
    return lambda tmp: _folder(tmp / "prefill", source, **extra)


def answers(**lines: str) -> Callable[[Path], Path]:
    return lambda tmp: _folder(tmp / "prefill", "", answers=lines)


def notebook(*cells: str, kernelspec: dict | None = None) -> Callable[[Path], Path]:
    """A prefill notebook: the reference's code in one cell, then ``cells``."""
    def build(tmp: Path) -> Path:
        import nbformat

        folder = tmp / "prefill"
        folder.mkdir(parents=True)
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(REFERENCE),
                                             *(nbformat.v4.new_code_cell(c) for c in cells)])
        if kernelspec is not None:
            nb.metadata["kernelspec"] = kernelspec
        text = json.dumps(nb, ensure_ascii=True)  # a lone surrogate can only travel as a \u escape
        (folder / "prefill.ipynb").write_text(text, encoding="utf-8")
        (folder / "answers.toml").write_text(ANSWERS, encoding="utf-8")
        return folder
    return build


def entry(name: str | bytes, source: str = "", folder: bool = False) -> Callable[[Path], Path]:
    """A class-folder entry named ``name`` (bytes: a name that is not UTF-8): a module, or a folder."""
    def build(klass: Path) -> Path:
        raw = name if isinstance(name, bytes) else os.fsencode(name)
        path = os.fsencode(klass) + b"/" + raw
        if folder:
            os.mkdir(path)
            with open(path + b"/prefill.py", "w", encoding="utf-8") as stream:
                stream.write(REFERENCE + "\n\n" + source)
            with open(path + b"/answers.toml", "w", encoding="utf-8") as stream:
                stream.write(ANSWERS)
        else:
            with open(path + (b"" if raw.endswith(b".py") else b".py"), "w", encoding="utf-8") as stream:
                stream.write(REFERENCE + "\n\n" + source)
        return Path(os.fsdecode(path))
    return build


def zipped(name: str, members: list[tuple[str, bytes]], method=zipfile.ZIP_DEFLATED,
           damage: Callable[[bytes], bytes] | None = None) -> Callable[[Path], Path]:
    def build(klass: Path) -> Path:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as archive, warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Duplicate name", UserWarning)  # some cases repeat a member on purpose
            for member, data in members:
                info = zipfile.ZipInfo(member, date_time=(2026, 1, 1, 0, 0, 0))
                info.compress_type = method
                archive.writestr(info, data)
        raw = buffer.getvalue()
        path = klass / f"{name}.zip"
        path.write_bytes(damage(raw) if damage else raw)
        return path
    return build


def _not_utf8(raw: bytes) -> bytes:
    """zipfile flags a non-ASCII name as UTF-8 (bit 11); keep the flag, make its bytes invalid."""
    return raw.replace("caf\u00e9".encode(), b"caf\xff\xfe")


def _smash(raw: bytes) -> bytes:
    """Damage the compressed data of the first member (past its 30-byte header and name)."""
    data = bytearray(raw)
    name_length = int.from_bytes(data[26:28], "little")
    start = 30 + name_length
    for i in range(start + 2, min(start + 40, len(data))):
        data[i] ^= 0x5A
    return bytes(data)


def _deep(levels: int) -> list[tuple[str, bytes]]:
    return [("/".join(["d"] * levels) + "/prefill.py", REFERENCE.encode())]


BIG_MODULE = (REFERENCE * 20).encode()
# writes a protocol frame (8-byte length, 8-byte flags, JSON) to every pipe the process holds
FORGE = ("import json, os, struct\n\n"
         "def _forge(message):\n"
         "    body = json.dumps(message).encode()\n"
         "    frame = struct.pack('>QQ', len(body), 0) + body\n"
         "    for fd in map(int, os.listdir('/proc/self/fd')):\n"
         "        try:\n"
         "            if fd > 2 and os.stat(fd).st_mode & 0o170000 == 0o010000:\n"
         "                os.write(fd, frame)\n"
         "        except OSError:\n"
         "            pass\n\n")

CASES: list[Case] = [
    # 1 -- one entry must never stop the class
    Case("damaged_deflate_zip", 1, "entry", "a zip whose deflated data is damaged (zlib.error)",
         zipped("dora", [("prefill.py", BIG_MODULE)], damage=_smash), runs_code=False, status="rejected"),
    Case("damaged_lzma_zip", 1, "entry", "a zip whose LZMA data is damaged (LZMAError)",
         zipped("lena", [("prefill.py", BIG_MODULE)], method=zipfile.ZIP_LZMA, damage=_smash),
         runs_code=False, status="rejected"),
    Case("damaged_bzip2_zip", 1, "entry", "a zip whose bzip2 data is damaged (OSError)",
         zipped("bert", [("prefill.py", BIG_MODULE)], method=zipfile.ZIP_BZIP2, damage=_smash),
         runs_code=False, status="rejected"),
    Case("utf8_flag_lies", 1, "entry", "a member flagged UTF-8 whose name is not UTF-8 (UnicodeDecodeError)",
         zipped("ulla", [("caf\u00e9/prefill.py", REFERENCE.encode())], damage=_not_utf8), runs_code=False,
         status="rejected"),
    Case("deep_folder_zip", 1, "entry", "a zip holding a folder 1500 levels deep (RecursionError)",
         zipped("dean", _deep(1500)), runs_code=False, status="rejected"),
    Case("latin1_name", 1, "entry", "a file name in the class folder that is not UTF-8",
         entry(b"caf\xe9.py")),
    Case("long_name", 1, "entry", "a student name of 248 characters, with --reports",
         entry("n" * 248 + ".py")),
    Case("lone_surrogate_raised", 1, "entry", 'code raising ValueError("\\ud800")',
         entry("sura", 'def causal_pairs(P):\n    raise ValueError("\\ud800")\n')),
    # 2 -- a careless answer never crashes the grade
    Case("answer_power_overflow", 2, "grade", 'flops = "1.4 × 10^400" (OverflowError)',
         answers(flops='"1.4 × 10^400"'), keeps=(*CODE_TASKS, "hand_seconds", "hand_pairs", "quiz"),
         runs_code=False),
    Case("answer_400_digits", 2, "grade", "flops = an integer of 400 digits",
         answers(flops="1" + "0" * 399), keeps=(*CODE_TASKS, "hand_seconds", "hand_pairs", "quiz"), runs_code=False),
    Case("answer_5000_digits", 2, "grade", "flops = 5000 digits (past the interpreter's digit limit)",
         answers(flops="1" + "0" * 4999), keeps=(*CODE_TASKS, "quiz"), runs_code=False),
    Case("answer_huge_exponent", 2, "grade", 'flops = "1e99999999"',
         answers(flops='"1e99999999"'), keeps=(*CODE_TASKS, "hand_seconds", "hand_pairs", "quiz"), runs_code=False),
    Case("answer_not_a_value", 2, "grade", "answers that are a table, a list, a bool, a date",
         answers(flops="{ a = 1 }", seconds="[0.28]", pairs="true", quiz="2026-01-01"), keeps=CODE_TASKS,
         runs_code=False),
    # 3 -- other crashes
    Case("surrogates_everywhere", 3, "grade", "a message of lone surrogates through every writer",
         code('def causal_pairs(P):\n    raise ValueError("\\ud800\\udfff\\udcff")\n'),
         keeps=("prefill_flops", "causal_mask", *ANSWER_TASKS)),
    Case("kernelspec_surrogate", 3, "grade", "a notebook whose kernelspec holds lone surrogates",
         notebook("x = 1", kernelspec={"name": "py\udc80", "language": "\ud800", "display_name": "\udfff"}),
         keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    Case("folder_name_not_utf8", 3, "grade", "a submission folder whose name is not UTF-8",
         lambda tmp: _rename(_folder(tmp / "prefill"), b"caf\xe9"), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    # 4 -- hidden inputs never leak
    Case("class_name_of_inputs", 4, "grade", "an exception class named after the hidden inputs",
         code('def prefill_flops(N, P):\n    raise type(f"E N={N} P={P}", (ValueError,), {})()\n'),
         secret=("E N=", " N="), keeps=("causal_pairs", "causal_mask", *ANSWER_TASKS)),
    Case("base_exception_of_inputs", 4, "grade", "a BaseException subclass named after the hidden inputs",
         code('def prefill_flops(N, P):\n    raise type(f"Stop{N}x{P}", (BaseException,), {})()\n'),
         secret=("Stop",), keeps=("causal_pairs", "causal_mask", *ANSWER_TASKS)),
    Case("message_of_inputs", 4, "grade", "a message quoting the hidden inputs",
         code('def prefill_flops(N, P):\n    raise ValueError(f"secret-N-{N}-P-{P}")\n'),
         secret=("secret-N-",), keeps=("causal_pairs", "causal_mask", *ANSWER_TASKS)),
    Case("printed_inputs", 4, "grade", "a function printing its hidden inputs",
         code('def prefill_flops(N, P):\n    print(f"leak-N-{N}-P-{P}")\n    return 2 * N * P\n'),
         never=("leak-N-",), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    # 5 -- every step under a limit
    Case("input_transformer_sleeps", 5, "grade", "a cell installing an input transformer that sleeps 1000 s",
         notebook("import time\nget_ipython().input_transformers_cleanup.append("
                  "lambda lines: (time.sleep(1000), lines)[1])"), keeps=ANSWER_TASKS, within=400.0),
    Case("pre_run_hook_sleeps", 5, "grade", "a cell registering a pre_execute hook that sleeps 1000 s",
         notebook("import time\nget_ipython().events.register('pre_execute', lambda *a: time.sleep(1000))"),
         keeps=ANSWER_TASKS, within=400.0),
    # 6 -- nothing anyone reads obeys a submission
    Case("markdown_in_message", 6, "grade", "an image and a link in an exception's first line",
         code('def causal_pairs(P):\n    raise ValueError("![x](https://evil.example/x.png) '
              '[log in again](https://evil.example/login) <img src=x onerror=alert(1)>")\n'),
         keeps=("prefill_flops", "causal_mask", *ANSWER_TASKS)),
    Case("markdown_in_answer", 6, "grade", "a link and an image in the quiz answer",
         answers(quiz='"[log in again](https://evil.example) ![x](https://evil.example/x.png)"'),
         keeps=(*CODE_TASKS, "hand_flops", "hand_seconds", "hand_pairs"), runs_code=False),
    Case("escape_sequences", 6, "grade", "window title, OSC 8 link, clear screen, cursor moves: raised and printed",
         code(f'def causal_pairs(P):\n    print({ESCAPES!r})\n    raise ValueError({ESCAPES!r})\n'),
         keeps=("prefill_flops", "causal_mask", *ANSWER_TASKS)),
    Case("runner_commands", 6, "grade", "::add-mask::, ::notice and ##[warning] printed and raised",
         code(f'def causal_pairs(P):\n    print({RUNNER!r})\n    raise ValueError({RUNNER!r})\n'),
         keeps=("prefill_flops", "causal_mask", *ANSWER_TASKS)),
    Case("bidi_override", 6, "grade", "a right-to-left override in a message",
         code('def causal_pairs(P):\n    raise ValueError("fine\\u202eyp.live\\u202c")\n'),
         keeps=("prefill_flops", "causal_mask", *ANSWER_TASKS)),
    Case("html_printed", 6, "grade", "HTML printed by the submission",
         code('def prefill_flops(N, P):\n    print("<script>alert(1)</script></pre>")\n    return 2 * N * P\n'),
         keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    Case("newline_in_name", 6, "entry", "a newline in an entry's name adds no line to the summary",
         entry("zed (refused): plagiarism found\nyves")),
    Case("escape_in_name", 6, "entry", "ESC sequences and a runner command in an entry's name",
         entry("\x1b[2J::add-mask::x", folder=True)),
    Case("notebook_cell_escapes", 6, "grade", "a notebook cell raising a message of escape sequences",
         notebook(f"raise ValueError({ESCAPES + RUNNER!r})"), keeps=(*CODE_TASKS, *ANSWER_TASKS)),
    # 7 -- another student never pays
    Case("pid_hopper_fills_tmp", 7, "entry", "processes that keep changing PID and fill /tmp",
         entry("hopper", "import os, time\n\ndef causal_pairs(P):\n"
               "    if os.fork() == 0:\n"
               "        for _ in range(200):\n"
               "            if os.fork():\n"
               "                os._exit(0)\n"
               "            try:\n"
               "                with open(f'/tmp/fill-{os.getpid()}', 'wb') as f:\n"
               "                    f.write(b'x' * (4 << 20))\n"
               "            except OSError:\n"
               "                pass\n"
               "            time.sleep(0.05)\n"
               "        os._exit(0)\n"
               "    return P * (P + 1) // 2\n")),
    Case("daemon_writes_tmp", 7, "entry", "a double-forked daemon that keeps writing into /tmp",
         entry("daemon", "import os, time\n\ndef causal_mask(P):\n"
               "    if os.fork() == 0:\n        os.setsid()\n        if os.fork() == 0:\n"
               "            for i in range(600):\n"
               "                try:\n"
               "                    open(f'/tmp/d{i}', 'wb').write(b'y' * (1 << 20))\n"
               "                except OSError:\n"
               "                    pass\n"
               "                time.sleep(0.05)\n"
               "        os._exit(0)\n"
               "    import numpy as np\n    return np.tril(np.ones((P, P), dtype=bool))\n")),
    # 8 -- spreadsheets read no formula, and one student is one row
    Case("semicolon_formula_name", 8, "entry", "an entry named x;=1+2", entry("x;=1+2.py")),
    Case("blank_then_formula_name", 8, "entry", "an entry named ' =2+3'", entry(" =2+3.py")),
    Case("newline_then_formula_name", 8, "entry", "an entry named '\\n@SUM(1+1)'", entry("\n@SUM(1+1).py")),
    Case("equals_name", 8, "entry", "an entry named =HYPERLINK(...)", entry('=HYPERLINK("evil.example";"x").py')),
    Case("nfc_and_nfd", 8, "entry", "José in NFC and in NFD: one student, two entries",
         lambda klass: (entry(unicodedata.normalize("NFC", "José") + ".py")(klass),
                        entry(unicodedata.normalize("NFD", "José"), folder=True)(klass))[0], status="rejected"),
    # 9 -- the student's error is the student's
    Case("huge_int_returned", 9, "grade", "causal_pairs returning 10**400",
         code("def causal_pairs(P):\n    return 10**400\n"), keeps=("prefill_flops", "causal_mask", *ANSWER_TASKS),
         never=("bug in the grader",)),
    Case("huge_int_in_mask", 9, "grade", "causal_mask returning a grid of 10**400",
         code("def causal_mask(P):\n    return [[10**400] * P for _ in range(P)]\n"),
         keeps=("prefill_flops", "causal_pairs", *ANSWER_TASKS), never=("bug in the grader",)),
    Case("huge_float_flops", 9, "grade", "prefill_flops returning 1e308 * 10 (inf) and a 1e400-digit int",
         code("def prefill_flops(N, P):\n    return 10**(N % 400 + 400)\n"),
         keeps=("causal_pairs", "causal_mask", *ANSWER_TASKS), never=("bug in the grader",)),
    Case("ten_megabyte_string", 9, "grade", "a function returning ten megabytes of text",
         code('def causal_pairs(P):\n    return "x" * (10 << 20)\n'), keeps=("prefill_flops", "causal_mask")),
    # 10 -- frames the submission writes are never believed
    Case("module_writes_frames", 10, "grade", "a function writing forged reply frames to the protocol pipe",
         code(FORGE + "\n"
              "def causal_pairs(P):\n"
              "    for i in range(1, 50):\n"
              "        _forge({'id': i, 'ok': P * (P + 1) // 2})\n"
              "    _forge({'op': 'task_over', 'exit': 0})\n"
              "    return 'FORGED-REPLY'\n"),
         keeps=("prefill_flops", "causal_mask", *ANSWER_TASKS), never=("FORGED-",)),
    Case("notebook_forges_report", 10, "grade", "a notebook cell writing a fake cell report and a fake ready",
         notebook(FORGE +
                  "_forge({'op': 'notebook', 'cells': [{'cell': 1, 'status': 'error', 'name': 'FORGED-NOTE',"
                  " 'message': 'FORGED-NOTE: log in at https://evil.example'}], 'restarts': 0})\n"
                  "_forge({'op': 'ready'})\n"
                  "_forge({'id': 1, 'ok': 'FORGED-REPLY'})\n"),
         keeps=ANSWER_TASKS, never=("FORGED-",)),
]


def _rename(folder: Path, name: bytes) -> Path:
    target = os.fsencode(folder.parent) + b"/" + name
    os.rename(os.fsencode(folder), target)
    return Path(os.fsdecode(target))


def by_class() -> dict[int, list[Case]]:
    found: dict[int, list[Case]] = {}
    for case in CASES:
        found.setdefault(case.klass, []).append(case)
    return found
