"""A labelled corpus of answers.toml lines as students type them without reading the grader (issue 21).

Each entry is one line of ``answers.toml`` (so the file's reading is part of it: a line TOML
refuses is read as the text after its ``=``) and what the grader must make of that line's
answer, as in tests/grading/answers_corpus.py:

- ``right``: read as ``value`` and given the point;
- ``wrong``: read as ``value`` and refused as not right (lenient reading never makes a wrong
  answer right, nor a readable one unreadable);
- ``refused``: not read at all, the feedback giving ``value`` (a fragment of the reason).

The lines come from how a word processor writes quotes (“…”, ‘…’, „…“, «…», ″…″, full-width
＂…＂), from values typed without quotes (``seconds = .28``, ``quiz = B``), and from one
quantity written twice (``0.28 s (280 ms)``, ``10 (ten)``, ``0.28 s, i.e. 280 ms``); the
traps are what a lenient reader could get wrong (two values that disagree, a letter with the
other choice's text, the digits of a wrong answer inside curly quotes).
tests/grading/test_typed_lines.py grades every entry.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    lesson: str
    line: str  # as typed in answers.toml
    verdict: str  # "right", "wrong" or "refused"
    value: object  # right/wrong: the number or letter it reads as; refused: a fragment of the reason
    why: str

    @property
    def key(self) -> str:
        return self.line.split("=", 1)[0].strip()


def _p(line: str, verdict: str, value, why: str) -> Line:
    return Line("prefill", line, verdict, value, why)


def _l(line: str, verdict: str, value, why: str) -> Line:
    return Line("latency", line, verdict, value, why)


LINES: tuple[Line, ...] = (
    # ------------------------------------------------------------------ quotes of any kind
    _p("flops = “1.4e13”", "right", 1.4e13, "a word processor's curly double quotes"),
    _p("seconds = “0.28 s”", "right", 0.28, "curly quotes around a number and its unit"),
    _p("pairs = “10”", "right", 10.0, "curly quotes around a count"),
    _p("quiz = “B”", "right", "B", "curly quotes around the letter"),
    _p("quiz = ‘B’", "right", "B", "curly single quotes"),
    _p("flops = „1.4e13“", "right", 1.4e13, "German quotes, low then high"),
    _p("flops = ”1.4e13”", "right", 1.4e13, "Swedish quotes: the closing one on both sides"),
    _p("flops = »1.4e13«", "right", 1.4e13, "Danish guillemets, pointing inwards"),
    _p("seconds = «0,28 s»", "right", 0.28, "French guillemets and a decimal comma"),
    _p("seconds = « 0,28 s »", "right", 0.28, "French guillemets with the spaces French puts inside"),
    _p("pairs = ″10″", "right", 10.0, "double primes, which some fonts show for quotes"),
    _p("quiz = ＂B＂", "right", "B", "full-width quotes from an East Asian keyboard"),
    _p("seconds = 「0.28 s」", "right", 0.28, "Japanese corner quotes"),
    _p("flops = ‘1.4 × 10^13’", "right", 1.4e13, "curly single quotes around a power of ten"),
    _p('flops = "“1.4e13”"', "right", 1.4e13, "the fix the old note suggested: curly quotes inside straight ones"),
    _p('quiz = "“B”"', "right", "B", "a quoted letter inside straight quotes (valid TOML)"),
    _p("quiz = “No, because of causal masking”", "right", "B", "the choice's text and why, in curly quotes"),
    _p("quiz = “Answer: B”", "right", "B", "an introduced choice in curly quotes"),
    _p('quiz = "Answer: “B”"', "right", "B", "quotes after an introducer"),
    _p('flops = "The answer is “1.4e13”."', "right", 1.4e13, "a quoted number inside a sentence"),
    _p("quiz = “Yes”", "wrong", "A", "trap: curly quotes never change which choice is read"),
    _p("flops = “7e12”", "wrong", 7e12, "trap: a wrong answer in curly quotes stays wrong (diagnosed)"),
    _p("seconds = “280”", "wrong", 280.0, "trap: milliseconds without their unit, quoted, are 280 seconds"),
    _p("flops = “about 14”", "wrong", 14.0, "trap: the digits without their power of ten"),
    _p("flops = “1.4e13 or 1.4e12”", "refused", "2 different numbers", "trap: hedging, in curly quotes"),
    _p("quiz = “A or B”", "refused", "names 2 choices", "trap: two choices, in curly quotes"),
    _p("quiz = “A” or “B”", "refused", "names 2 choices", "trap: two choices, each quoted"),
    _p("pairs = “10” or “16”", "refused", "2 different numbers", "trap: two numbers, each quoted"),
    _p("quiz = “A lot of positions depend on earlier ones”", "refused", "not one of the choices",
       "trap: the article 'A' in quotes is still not choice A"),
    # ------------------------------------------------------------------ values without quotes
    _p("seconds = .28", "right", 0.28, "a decimal without its leading zero (TOML wants 0.28)"),
    _p("seconds = 0.28 s", "right", 0.28, "a number and its unit, unquoted"),
    _p("seconds = 280 ms", "right", 0.28, "milliseconds, unquoted"),
    _p("flops = 1.4 × 10^13", "right", 1.4e13, "a power of ten, unquoted"),
    _p("flops = 1.4 x 10^13 FLOPs", "right", 1.4e13, "a power of ten and the unit, unquoted"),
    _p("flops = 14 trillion", "right", 1.4e13, "a number word, unquoted"),
    _p("quiz = B", "right", "B", "the letter, unquoted"),
    _p("quiz = b", "right", "B", "the letter in lower case, unquoted"),
    _p("quiz = No", "right", "B", "the choice's text, unquoted"),
    _p("quiz = B, because attention is causal", "right", "B", "a letter and why, unquoted"),
    _p("pairs = ten", "right", 10.0, "a number word, unquoted"),
    _p("pairs = 10 pairs", "right", 10.0, "a count and its unit, unquoted"),
    _p("seconds = 0,28", "right", 0.28, "a decimal comma, unquoted"),
    _p("flops = 14,000,000,000,000", "right", 1.4e13, "every digit grouped by commas, unquoted"),
    _p("seconds = 0.28 s  # 1.4e13 / 5e13", "right", 0.28, "a comment after an unquoted answer is left out"),
    _p('flops = "1.4e13" FLOPs', "right", 1.4e13, "the unit typed after the closing quote"),
    _p('quiz = "B" because attention is causal', "right", "B", "the reason typed after the closing quote"),
    _p("flops = “1.4e13", "right", 1.4e13, "a curly quote that is never closed"),
    _p('seconds = "0.28 s', "right", 0.28, "a straight quote that is never closed"),
    _p('quiz = "B",', "right", "B", "a comma at the end, as in JSON"),
    _p("quiz = A", "wrong", "A", "trap: the other letter, unquoted (diagnosed)"),
    _p("seconds = 2.8 s", "wrong", 2.8, "trap: a power of ten off, unquoted"),
    _p("flops = 7 × 10^12", "wrong", 7e12, "trap: the factor 2 forgotten, unquoted (diagnosed)"),
    _p("pairs = 1 + 2 + 3 + 4", "refused", "calculation", "the sum without its result, unquoted"),
    _p("quiz = A or B", "refused", "names 2 choices", "trap: two choices, unquoted"),
    _p("quiz = maybe B", "refused", "not one of the choices", "trap: a hedge is no choice"),
    _p("pairs = 1 0", "refused", "more than one number", "trap: two numbers, unquoted"),
    # ------------------------------------------------------------------ one quantity, written two ways
    _p('seconds = "0.28 (280 ms)"', "right", 0.28, "the answer, then the same in milliseconds"),
    _p('seconds = "0.28 s (280 ms)"', "right", 0.28, "with its unit, then the same in milliseconds"),
    _p('seconds = "280 ms (0.28 s)"', "right", 0.28, "milliseconds, then the same in seconds"),
    _p('flops = "1.4e13 (14 TFLOPs)"', "right", 1.4e13, "the number, then the same with a prefix"),
    _p('flops = "14 TFLOPs (1.4 × 10^13)"', "right", 1.4e13, "a prefix, then the same as a power of ten"),
    _p('flops = "1.4e13 FLOPs (fourteen trillion)"', "right", 1.4e13, "the number, then the same in words"),
    _p('pairs = "10 (ten)"', "right", 10.0, "digits, then the same in words"),
    _p('seconds = "0.28 s, i.e. 280 ms"', "right", 0.28, "'i.e.' between two ways of writing it"),
    _p('seconds = "0.28 s (i.e. 280 ms)"', "right", 0.28, "'i.e.' inside the brackets"),
    _p('seconds = "0.28 s (= 280 ms)"', "right", 0.28, "an equals sign inside the brackets"),
    _p('seconds = "0.28 s (or 280 ms)"', "right", 0.28, "'or' inside the brackets"),
    _p("seconds = 0.28 s (280 ms)", "right", 0.28, "both, unquoted"),
    _p("pairs = 10 (ten)", "right", 10.0, "both, unquoted"),
    _p('seconds = "0.28 s (2.8 s)"', "refused", "'0.28 s', and '2.8 s' in brackets",
       "trap: two values that disagree, named both"),
    _p('seconds = "0.28 (28 ms)"', "refused", "'0.28', and '28 ms' in brackets", "trap: a prefix that disagrees"),
    _p('flops = "1.4e13 (14 GFLOPs)"', "refused", "differ", "trap: the right number, then a wrong one"),
    _p('pairs = "10 (16)"', "refused", "'10', and '16' in brackets", "trap: a second count in brackets"),
    _p('pairs = "10 (ten or sixteen)"', "refused", "more than one answer", "trap: the brackets hedge"),
    _p('seconds = "0.28 s, i.e. 28 ms"', "refused", "('0.28 s' and '28 ms')", "trap: 'i.e.' between two values"),
    _p('seconds = "0.28 s = 2.8 s"', "refused", "('0.28 s' and '2.8 s')", "trap: '=' between two values"),
    _p('seconds = "0.28 s or 2.8 s"', "refused", "('0.28 s' and '2.8 s')", "trap: 'or' between two values"),
    _p('quiz = "B (No)"', "right", "B", "the letter, then its text in brackets"),
    _p('quiz = "B, i.e. No"', "right", "B", "the letter, then 'i.e.' and its text"),
    _p('quiz = "No (B)"', "right", "B", "the text, then its letter in brackets"),
    _p('quiz = "B (Yes)"', "refused", "pick one", "trap: a letter with the other choice's text in brackets"),
    _p('quiz = "B, i.e. Yes"', "refused", "pick one", "trap: a letter, 'i.e.' and the other choice's text"),
    _p('quiz = "Yes (B)"', "refused", "pick one", "trap: a choice's text with the other choice's letter"),
    # ------------------------------------------------------------------ latency: its own units and choices
    _l("elapsed = “0.40 s”", "right", 0.40, "curly quotes"),
    _l("elapsed = 400 ms", "right", 0.40, "milliseconds, unquoted"),
    _l("elapsed = .4", "right", 0.40, "no leading zero, unquoted"),
    _l('elapsed = "0.4 s (400 ms)"', "right", 0.40, "seconds, then milliseconds"),
    _l('elapsed = "0.40 s, i.e. 400 ms"', "right", 0.40, "'i.e.' between two ways of writing it"),
    _l('elapsed = "0.4 s (450 ms)"', "refused", "differ", "trap: five gaps in the brackets"),
    _l("decode_rate = 20 tokens/s", "right", 20.0, "a rate, unquoted"),
    _l("decode_rate = „20 tok/s“", "right", 20.0, "German quotes around a rate"),
    _l('decode_rate = "20 tokens/s (twenty tokens per second)"', "right", 20.0, "digits, then words"),
    _l('decode_rate = "20 tokens/s (12.5 tokens/s)"', "refused", "differ", "trap: both rates"),
    _l("output_rate = 12,5", "right", 12.5, "a decimal comma, unquoted"),
    _l("output_rate = «12.5 tokens/s»", "right", 12.5, "guillemets around a rate"),
    _l("output_rate = 20 tokens/s", "wrong", 20.0, "trap: the other rate, unquoted (diagnosed)"),
    _l("quiz = “B”", "right", "B", "curly quotes around the letter"),
    _l("quiz = b) check the definitions first", "right", "B", "a letter and why, unquoted"),
    _l("quiz = ‘D’", "wrong", "D", "trap: averaging the two rates, in curly quotes"),
    _l("quiz = A or D", "refused", "names 2 choices", "trap: two choices, unquoted"),
)
