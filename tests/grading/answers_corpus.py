"""A labelled corpus of answers as students type them, graded against the lessons' own questions.

Each entry is one answer typed into ``answers.toml`` (or an ANSWERS cell) for one question of
a lesson, with what the grader must make of it:

- ``right``: read as ``value`` and given the point;
- ``wrong``: read as ``value`` (lenient reading must not change a wrong answer into a right
  one, nor a readable one into an unreadable one) and refused as not right;
- ``refused``: not read at all, the feedback giving ``value`` (a fragment of the reason).

``why`` says what the entry stands for: a way people write, or a trap that must stay wrong.
The entries come from how the lesson writes its numbers (``≈ 1.40e+13``, ``0.28 s``), from
how students in the issue typed them, and from the ways a lenient reader could go wrong
(``about 14`` is not 1.4e13; ``1,400`` is two different numbers; ``A or B`` is no answer).
tests/grading/test_answers_corpus.py grades every entry.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Typed:
    lesson: str
    key: str  # the answer's key in answers.toml
    text: object  # as typed: a string, or a TOML int or float
    verdict: str  # "right", "wrong" or "refused"
    value: object  # right/wrong: the number or letter it reads as; refused: a fragment of the reason
    why: str


def _p(key: str, text, verdict: str, value, why: str) -> Typed:
    return Typed("prefill", key, text, verdict, value, why)


def _l(key: str, text, verdict: str, value, why: str) -> Typed:
    return Typed("latency", key, text, verdict, value, why)


CORPUS: tuple[Typed, ...] = (
    # ------------------------------------------------------------------ prefill: FLOPs (1.4e13)
    _p("flops", "1.4e13", "right", 1.4e13, "the lesson's own notation"),
    _p("flops", "≈ 1.4e13", "right", 1.4e13, "the lesson writes ≈ before every estimate"),
    _p("flops", "≈1.40e+13", "right", 1.4e13, "copied from the lesson's worked example"),
    _p("flops", "~1.4e13", "right", 1.4e13, "a tilde for approximately"),
    _p("flops", "about 1.4e13", "right", 1.4e13, "a word for approximately"),
    _p("flops", "approx. 1.4 × 10^13", "right", 1.4e13, "abbreviated, with a power of ten"),
    _p("flops", "roughly 1.4·10¹³ FLOPs", "right", 1.4e13, "superscripts as the lesson prints them, with the unit"),
    _p("flops", "1.4 x 10^13", "right", 1.4e13, "an x for times"),
    _p("flops", "1.4*10**13", "right", 1.4e13, "Python's power"),
    _p("flops", "14 trillion", "right", 1.4e13, "a number word for the scale"),
    _p("flops", "fourteen trillion", "right", 1.4e13, "all in words"),
    _p("flops", "about fourteen trillion", "right", 1.4e13,
       "words and a mark of approximation (the old 'unreadable' mutant)"),
    _p("flops", "14 TFLOPs", "right", 1.4e13, "an SI prefix on FLOPs"),
    _p("flops", "14 teraflops", "right", 1.4e13, "the prefix spelled out"),
    _p("flops", "14000 GFLOPs", "right", 1.4e13, "another prefix"),
    _p("flops", "14,000 GFLOPs", "refused", "ambiguous", "trap: one comma before three digits is 14 or 14000, said so"),
    _p("flops", "14,000,000,000,000", "right", 1.4e13, "every digit, grouped"),
    _p("flops", "14 000 000 000 000", "right", 1.4e13, "grouped by spaces, as in French"),
    _p("flops", "14.000.000.000.000", "right", 1.4e13, "grouped by dots, as in German"),
    _p("flops", "1,4e13", "right", 1.4e13, "a decimal comma in the mantissa"),
    _p("flops", 1.4e13, "right", 1.4e13, "a TOML float, no quotes"),
    _p("flops", 14000000000000, "right", 1.4e13, "a TOML int, no quotes"),
    _p("flops", "2 · 7e9 · 1000 = 1.4e13", "right", 1.4e13, "the working, then the result"),
    _p("flops", "FLOPs ≈ 1.4e13", "right", 1.4e13, "a label before the answer"),
    _p("flops", "Answer: 1.4e13", "right", 1.4e13, "introduced as on an exam sheet"),
    _p("flops", "The final answer is 1.4 × 10^13.", "right", 1.4e13, "a whole sentence around the number"),
    _p("flops", "1.39e13", "right", 1.39e13, "within the question's 1 % tolerance"),
    _p("flops", "7e12", "wrong", 7e12, "N · P: the factor 2 forgotten (a diagnosed wrong answer)"),
    _p("flops", "1.4 trillion", "wrong", 1.4e12, "trap: the right digits a power of ten off, in words"),
    _p("flops", "about 14", "wrong", 14.0, "trap: the digits without their power of ten must stay wrong"),
    _p("flops", "14 GFLOPs", "wrong", 1.4e10, "trap: the wrong prefix is a wrong answer, not unreadable"),
    _p("flops", "1.4e14", "wrong", 1.4e14, "a power of ten too many"),
    _p("flops", "2.8e13", "wrong", 2.8e13, "doubled twice"),
    _p("flops", "1.4 billion", "wrong", 1.4e9, "trap: billion is 10⁹ (short scale), never 10¹²"),
    _p("flops", "1.4e13 or 1.4e12", "refused", "2 different numbers", "trap: hedging between two answers"),
    _p("flops", "1.3e13-1.5e13", "refused", "more than one number", "trap: a range is not an answer"),
    _p("flops", "2 × 7·10⁹ × 1000", "refused", "calculation", "the calculation instead of its result"),
    _p("flops", "1.4 × 10e13", "refused", "10e13 means 10 × 10^13", "trap: 10e13 is 10¹⁴, not 10¹³"),
    _p("flops", "1.4e13 FLOP/s", "refused", "not a unit of this question", "trap: a rate where a count is asked"),
    _p("flops", "0.28 s", "refused", "not a unit of this question", "trap: the next question's answer here"),
    _p("flops", "1,400", "refused", "ambiguous", "trap: 1.4 or 1400?"),
    _p("flops", "a lot", "refused", "cannot be read", "words that are no number"),
    _p("flops", "1.4 × 10^400", "refused", "not a number the grader can compare", "beyond any float"),
    # ------------------------------------------------------------------ prefill: seconds (0.28)
    _p("seconds", "0.28 s", "right", 0.28, "the lesson's own notation"),
    _p("seconds", "~0.28 s", "right", 0.28, "a tilde for approximately"),
    _p("seconds", "≈ 0.28 seconds", "right", 0.28, "the unit spelled out"),
    _p("seconds", "280 ms", "right", 0.28, "milliseconds, converted"),
    _p("seconds", "280ms", "right", 0.28, "no space before the unit"),
    _p("seconds", "280 milliseconds", "right", 0.28, "the prefix spelled out"),
    _p("seconds", "280000 µs", "right", 0.28, "microseconds with the micro sign"),
    _p("seconds", "280000 us", "right", 0.28, "microseconds as a keyboard types them"),
    _p("seconds", "0,28", "right", 0.28, "a decimal comma"),
    _p("seconds", "0,28 s", "right", 0.28, "a decimal comma with the unit"),
    _p("seconds", "28/100", "right", 0.28, "a fraction"),
    _p("seconds", "7/25 s", "right", 0.28, "a reduced fraction with the unit"),
    _p("seconds", "0.28", "right", 0.28, "a bare number is in the question's unit"),
    _p("seconds", 0.28, "right", 0.28, "a TOML float"),
    _p("seconds", "2.8e-1 s", "right", 0.28, "scientific notation"),
    _p("seconds", "t = 0.28 s", "right", 0.28, "a label before the answer"),
    _p("seconds", "0.28 s.", "right", 0.28, "a full stop after the unit"),
    _p("seconds", "0.28 s or 280 ms", "right", 0.28, "two ways of writing the same number"),
    _p("seconds", "0.14 s", "wrong", 0.14, "the peak rate instead of the effective one (diagnosed)"),
    _p("seconds", "280", "wrong", 280.0, "trap: milliseconds without their unit are 280 seconds (diagnosed)"),
    _p("seconds", "0.28 ms", "wrong", 0.00028, "trap: the wrong prefix is a wrong answer"),
    _p("seconds", "2.8 s", "wrong", 2.8, "a power of ten off"),
    _p("seconds", "28", "wrong", 28.0, "trap: percent-like digits are not 0.28"),
    _p("seconds", "0.28 pairs", "refused", "not a unit of this question", "trap: a unit of another dimension"),
    _p("seconds", "280 FLOPs", "refused", "not a unit of this question", "trap: FLOPs are no time"),
    _p("seconds", "0.0047 min", "refused", "not a unit of this question", "minutes are not a unit the question takes"),
    _p("seconds", "0.2-0.3 s", "refused", "more than one number", "trap: a range"),
    _p("seconds", "1.4e13 / 5e13", "refused", "calculation", "the division instead of its result"),
    _p("seconds", "28/0", "refused", "divides by zero", "a fraction that is none"),
    _p("seconds", "Result: 280 ms.", "right", 0.28, "a label-like lead-in, a prefix of the unit, a stop"),
    _p("seconds", "0,280,000", "refused", "cannot be read", "separators in no known pattern"),
    # ------------------------------------------------------------------ prefill: pairs (10)
    _p("pairs", "10", "right", 10.0, "digits"),
    _p("pairs", 10, "right", 10.0, "a TOML int"),
    _p("pairs", "ten", "right", 10.0, "a number word"),
    _p("pairs", "Ten.", "right", 10.0, "a capital and a full stop"),
    _p("pairs", "10 pairs", "right", 10.0, "with the unit"),
    _p("pairs", "ten pairs", "right", 10.0, "a number word with the unit"),
    _p("pairs", "1 + 2 + 3 + 4 = 10", "right", 10.0, "the lesson's sum, then its result"),
    _p("pairs", "16", "wrong", 16.0, "P²: every pair (diagnosed)"),
    _p("pairs", "six", "wrong", 6.0, "the diagonal left out, in words (diagnosed)"),
    _p("pairs", "fifteen", "wrong", 15.0, "trap: the 5-token demo's count, for 4 tokens"),
    _p("pairs", "9.95", "wrong", 9.95, "trap: a count has no tolerance (rel_tol 1e-9)"),
    _p("pairs", "1 + 2 + 3 + 4", "refused", "calculation", "the sum without its result"),
    _p("pairs", "10 mpairs", "refused", "not a unit of this question", "trap: pairs take no prefix"),
    _p("pairs", "10 or 16", "refused", "2 different numbers", "trap: hedging"),
    _p("pairs", "1 0", "refused", "more than one number", "trap: a space is no thousands separator here"),
    _p("pairs", "The answer is 10.", "right", 10.0, "a sentence around the number, with its full stop"),
    _p("pairs", "my answer is ~10 pairs.", "right", 10.0, "a lead-in, a mark of approximation, the unit, a stop"),
    _p("pairs", "Answer -10", "wrong", -10.0, "trap: a lead-in never swallows the sign of the number after it"),
    _p("pairs", "The answer is 10 or 16.", "refused", "2 different numbers", "trap: a lead-in does not make two one"),
    _p("pairs", "answers: 10", "refused", "cannot be read", "trap: only 'answer', 'result' or 'ans' lead in"),
    _p("pairs", "10 (4+3+2+1)", "right", 10.0, "the result, then its working in brackets"),
    _p("pairs", "10 (4 + 3 + 2 + 1 = 10)", "right", 10.0, "the working in brackets ends in the result again"),
    _p("pairs", "10 (1+2+3)", "refused", "differ", "trap: a working that gives another number is a second answer"),
    _p("pairs", "10 (2)", "refused", "'10', and '2' in brackets", "trap: a bracket without working is a second number"),
    _p("flops", "1.4e13 (2 · 7e9 · 1000)", "right", 1.4e13, "the lesson's product after its result"),
    _p("seconds", "280 ms (1.4e13 / 5e13)", "right", 0.28, "a result in another unit: the working is in seconds"),
    # ------------------------------------------------------------------ prefill: the quiz (B: No)
    _p("quiz", "B", "right", "B", "the letter"),
    _p("quiz", "b", "right", "B", "lower case"),
    _p("quiz", "B.", "right", "B", "a full stop"),
    _p("quiz", "(B)", "right", "B", "in parentheses"),
    _p("quiz", "B) No", "right", "B", "copied from the choice list"),
    _p("quiz", "No", "right", "B", "the choice's text"),
    _p("quiz", "No, because of causal masking", "right", "B", "the choice, then why"),
    _p("quiz", "no - each position only sees earlier ones", "right", "B", "the text, a dash and why"),
    _p("quiz", "B because attention is causal", "right", "B", "the letter, then why"),
    _p("quiz", "A", "wrong", "A", "the other choice (diagnosed)"),
    _p("quiz", "Yes, they are computed together", "wrong", "A", "the other choice's text, then why"),
    _p("quiz", "A or B", "refused", "names 2 choices", "trap: two choices"),
    _p("quiz", "yes/no", "refused", "names 2 choices", "trap: both texts"),
    _p("quiz", "B) Yes", "refused", "pick one", "trap: a letter and the other choice's text"),
    _p("quiz", "Not B", "refused", "not one of the choices", "trap: a negation is never read as its choice"),
    _p("quiz", "A lot of positions depend on earlier ones", "refused", "not one of the choices",
       "trap: the article 'A' is not choice A"),
    _p("quiz", "Maybe", "refused", "not one of the choices", "no choice at all"),
    _p("quiz", "Answer: B", "right", "B", "introduced by a word, as on an exam sheet"),
    _p("quiz", "Option B", "right", "B", "the choice named as an option"),
    _p("quiz", "The answer is B", "right", "B", "a sentence that gives the letter"),
    _p("quiz", "Ｂ", "right", "B", "a full-width letter from an East Asian keyboard (full-width digits read already)"),
    _p("quiz", "Answer: A or B", "refused", "names 2 choices", "trap: an introducer does not make two choices one"),
    _p("quiz", "Option A", "wrong", "A", "the introducer never changes which choice is read"),
    # ------------------------------------------------------------------ latency: its own units and examples
    _l("elapsed", "0.40 s", "right", 0.40, "the chapter's own notation"),
    _l("elapsed", "400 ms", "right", 0.40, "milliseconds, converted with the latency lesson's prefixes"),
    _l("elapsed", "≈ 0.4 seconds", "right", 0.40, "a mark of approximation"),
    _l("elapsed", "2/5 s", "right", 0.40, "a fraction"),
    _l("elapsed", "400", "wrong", 400.0, "trap: milliseconds without their unit"),
    _l("elapsed", "0.45 s", "wrong", 0.45, "five gaps instead of four (diagnosed)"),
    _l("elapsed", "0.4 tokens/s", "refused", "not a unit of this question", "trap: a rate where a time is asked"),
    _l("decode_rate", "20 tokens/s", "right", 20.0, "the chapter's unit"),
    _l("decode_rate", "twenty tokens per second", "right", 20.0, "all in words"),
    _l("decode_rate", "~20 tok/s", "right", 20.0, "an abbreviation of the unit"),
    _l("decode_rate", "20.0 t/s", "right", 20.0, "a shorter one (issue 21's eighth held-out round, o31)"),
    _l("output_rate", "12.5 tps", "right", 12.5, "tokens per second as its initials"),
    _l("decode_rate", "20 ktokens/s", "refused", "not a unit of this question", "trap: rates declare no prefix here"),
    _l("decode_rate", "0.05 s", "refused", "not a unit of this question", "trap: ITL itself, in seconds"),
    _l("decode_rate", "12.5", "wrong", 12.5, "the other rate (diagnosed)"),
    _l("output_rate", "12,5 tokens/s", "right", 12.5, "a decimal comma"),
    _l("output_rate", "25/2", "right", 12.5, "a fraction"),
    _l("output_rate", "20 or 12.5", "refused", "2 different numbers", "trap: both rates"),
    _l("quiz", "B", "right", "B", "the letter"),
    _l("quiz", "b) check the definitions first", "right", "B", "the letter and an explanation"),
    _l("quiz", "d", "wrong", "D", "averaging the two rates"),
    _l("quiz", "A or D", "refused", "names 2 choices", "trap: two choices"),
)


@dataclass(frozen=True)
class TypedFile:
    """A whole answers file as a student laid it out, and what the grader must make of it."""

    lesson: str
    text: str  # the file
    right: frozenset[str]  # the keys that get their point
    note: str  # a fragment of the note about where the answers were found ("" for none)
    why: str
    said: tuple[tuple[str, str], ...] = ()  # (key, fragment of its feedback)


_ALL = frozenset({"flops", "seconds", "pairs", "quiz"})
_RIGHT = 'flops = "1.4e13"\nseconds = "0.28 s"\npairs = 10\nquiz = "B"\n'

FILES: tuple[TypedFile, ...] = (
    TypedFile("prefill", "[answers]\n" + _RIGHT, _ALL, "under [answers], so they were read from there",
              "every answer under one header, as in a config file"),
    TypedFile("prefill", "# Part 1\n[part1]\n" + _RIGHT.replace('quiz = "B"\n', '') + '[quiz]\nquiz = "B"\n', _ALL,
              "under [part1] and [quiz]", "one header per part of the lesson"),
    TypedFile("prefill", 'name = "Ana"\n[answers]\n' + _RIGHT.replace('"B"', "B"), _ALL,
              "under [answers]", "under a header, one line without quotes: read as typed, and said in a note"),
    TypedFile("prefill", 'flops = "1.4e13"\nseconds = "0.28 s"\n[student]\nid = 7\npairs = 10\nquiz = "B"\n', _ALL,
              "under [student]", "a header above the last answers takes them into its table"),
    TypedFile("prefill", _RIGHT + '[draft]\nflops = "7e12"\npairs = 16\n', _ALL, "",
              "trap: an answer at the top is never replaced by one in a table"),
    TypedFile("prefill", '[a]\nflops = "1.4e13"\n[b]\nflops = "7e12"\n', frozenset(), "under [a] and [b]",
              "trap: one answer in two tables, differently, is a conflict, not a guess",
              (("flops", "answered 2 times, differently"),)),
    TypedFile("prefill", '[answers]\nFLOPS = "1.4e13"\nSeconds = "0.28 s"\n', frozenset({"flops", "seconds"}),
              "under [answers]", "keys in other capitals, under a header"),
)
