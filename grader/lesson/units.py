"""The SI prefixes an answer's unit may take: ``prefixes = ["m", "µ", "n"]`` in a ``[tasks.answer]``.

A student who types ``280 ms`` for a question in seconds has answered 0.28 s, and one who
types ``14 TFLOPs`` for a count of FLOPs has answered 1.4e13. Which prefixes make sense is
the question's to say (milli-pairs do not exist, and a count of FLOPs is never in
milli-FLOPs), so a lesson declares them per answer and this table says what each means:
its symbol as a lesson writes it and a report shows it, the word a student may spell out
(``milliseconds``, ``teraflops``), its power of ten, and the other ways people type the
symbol (``us`` and the Greek ``μ`` for the micro sign ``µ``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Prefix:
    symbol: str  # "m", "µ", "T": how a lesson declares it and a report shows it
    word: str  # "milli": how a student may spell it out
    power: int  # of ten: -3 for milli
    spellings: tuple[str, ...] = ()  # other ways to type the symbol


PREFIXES: dict[str, Prefix] = {p.symbol: p for p in (
    Prefix("p", "pico", -12),
    Prefix("n", "nano", -9),
    Prefix("µ", "micro", -6, ("u", "μ")),  # the micro sign; "u" and the Greek mu are how keyboards type it
    Prefix("m", "milli", -3),
    Prefix("k", "kilo", 3, ("K",)),
    Prefix("M", "mega", 6),
    Prefix("G", "giga", 9),
    Prefix("T", "tera", 12),
    Prefix("P", "peta", 15),
    Prefix("E", "exa", 18),
)}


def find_prefix(symbol: str) -> Prefix | None:
    """The prefix a lesson names by its symbol or one of its spellings ("u" for "µ"), or None."""
    return PREFIXES.get(symbol) or next((p for p in PREFIXES.values() if symbol in p.spellings), None)
