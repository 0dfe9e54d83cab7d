"""A question's unit: its spellings, the prefixes it takes, and how one is read off an answer.

A student who types ``280 ms`` for a question in seconds has answered 0.28 s, one who types
``0.524 GB`` or ``500 MiB`` for a question in MB has answered 524 or 524.288 MB, and
``14 TFLOPs`` for a count of FLOPs is 1.4e13. This module says what every prefix means and
which a unit takes; ``grader.grading.numbers`` reads the number before it.

**Which prefixes a unit takes.** Prefixes come in three families: *fractions* (q r y z a f p
n µ m), *multiples* (k M G T P E Z Y R Q) and *binary* multiples (Ki Mi Gi Ti Pi Ei, powers
of 1024: 500 MiB = 524.288 MB; k, M, G stay decimal for bytes too). A unit takes a family
whole or not at all:

- a unit the grader knows (``KINDS``: seconds, bytes, bits, FLOPs, FLOP/s, Hz, W, J) takes
  its kind's families by default: time every SI prefix, bytes and bits the multiples and the
  binary ones, FLOPs the multiples (no milli-FLOPs: a count has no fractions);
- the lesson's ``prefixes`` list adds the families it draws from (``["m"]`` all fractions),
  and is otherwise what feedback *suggests* (``accepted_forms``), not a gate;
- ``prefixes = []`` means none at all, and a unit the grader does not know (``pairs``,
  ``tokens/s``) takes none unless the list names some: there are no milli-pairs.

The SI prefixes that are not powers of 1000 (c, d, da, h) are left out: ``h`` and ``d`` are
hours and days to the people who type them, ``dB`` is a decibel, and no one writes
hectoseconds.

**Case.** ``m`` and ``M``, ``p`` and ``P`` (and z/Z, y/Y, r/R, q/Q) are different prefixes, so
a prefix's case counts where the unit after it is typed as declared (``280 Ms`` is
megaseconds, ``280 ms`` milliseconds). A unit typed in another case (``280 MS``, ``280 mS``)
says its writer did not mind case, so where both readings are taken the answer is refused
as ambiguous, naming both; where the unit takes only one of the two (``1.4 pflops``: FLOPs
take no fractions) it is that one. A prefix with no twin of another case is read in any
case (``14 tflops``, ``500 KB``, ``500 MIB``), and spelled-out prefixes (``milliseconds``,
``mebibytes``) in any case.

**Bits and bytes.** The one unit letter whose case is kept is the byte's ``B``: a lower-case
``b`` is a bit (``524 Mb`` is 524 megabits, 65.5 MB), as in every network and memory data
sheet, so for a question in bytes an answer ending in ``b`` (``524 Mb``, ``14 gb``, ``500 Mib``)
is refused naming bits, never read as bytes. ``bytes`` and ``megabytes`` spelled out are read
in any case, as other units are.

**Rates per second.** A question whose unit is a rate per second (``FLOP/s``, or a declared
rate such as ``tokens/s``) reads a rate typed per another time: ``0.05 tokens/ms`` is 50
tokens/s and ``5e10 FLOP/ms`` 5e13 FLOP/s; the time below the line takes its SI prefix in its
case (``ms`` milli, ``Ms`` mega), the side above only the lesson's own spellings of it. For a
question in FLOP/s, ``FLOPS`` with a capital S and nothing after it is the rate (``50 TFLOPS``
is 5e13 FLOP/s), as data sheets write it; for a question in FLOPs (a count) it stays a count,
and ``FLOPs`` is never a rate.

**A unit declared with its prefix.** A spelling in ``units`` that is a prefix and a unit the
grader knows means what it says: ``units = ["MB"]`` asks in megabytes (a bare ``524`` is
524 MB), reads ``524000 kB`` and ``524000000 bytes`` too, and ``units = ["MB", "MiB"]``
reads ``500 MiB`` as 524.288 MB, never as 500 MB. Other spellings are the first unit's.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction

FRACTION, MULTIPLE, BINARY = "fraction", "multiple", "binary"


@dataclass(frozen=True)
class Prefix:
    symbol: str  # "m", "µ", "T", "Mi": how a lesson declares it and a report shows it
    word: str  # "milli": how a student may spell it out
    power: int  # of ten (of two for a binary prefix): -3 for milli, 20 for Mi
    spellings: tuple[str, ...] = ()  # other ways to type the symbol
    base: int = 10

    @property
    def factor(self) -> Fraction:
        return Fraction(self.base) ** self.power

    @property
    def family(self) -> str:
        return BINARY if self.base == 2 else FRACTION if self.power < 0 else MULTIPLE


PREFIXES: dict[str, Prefix] = {p.symbol: p for p in (
    Prefix("q", "quecto", -30), Prefix("r", "ronto", -27), Prefix("y", "yocto", -24), Prefix("z", "zepto", -21),
    Prefix("a", "atto", -18), Prefix("f", "femto", -15), Prefix("p", "pico", -12), Prefix("n", "nano", -9),
    Prefix("µ", "micro", -6, ("u", "μ")),  # the micro sign; "u" and the Greek mu are how keyboards type it
    Prefix("m", "milli", -3),
    Prefix("k", "kilo", 3, ("K",)), Prefix("M", "mega", 6), Prefix("G", "giga", 9), Prefix("T", "tera", 12),
    Prefix("P", "peta", 15), Prefix("E", "exa", 18), Prefix("Z", "zetta", 21), Prefix("Y", "yotta", 24),
    Prefix("R", "ronna", 27), Prefix("Q", "quetta", 30),
    Prefix("Ki", "kibi", 10, base=2), Prefix("Mi", "mebi", 20, base=2), Prefix("Gi", "gibi", 30, base=2),
    Prefix("Ti", "tebi", 40, base=2), Prefix("Pi", "pebi", 50, base=2), Prefix("Ei", "exbi", 60, base=2),
)}


def find_prefix(symbol: str) -> Prefix | None:
    """The prefix a lesson names by its symbol or one of its spellings ("u" for "µ"), or None."""
    return PREFIXES.get(symbol) or next((p for p in PREFIXES.values() if symbol in p.spellings), None)


@dataclass(frozen=True)
class Kind:
    """A unit the grader knows: its spellings (the first as a report shows it) and the families it takes."""

    name: str
    spellings: tuple[str, ...]
    families: tuple[str, ...]


KINDS = (
    Kind("seconds", ("s", "sec", "secs", "second", "seconds"), (FRACTION, MULTIPLE)),
    Kind("bytes", ("B", "byte", "bytes"), (MULTIPLE, BINARY)),
    Kind("bits", ("bit", "bits"), (MULTIPLE, BINARY)),  # not "b": b and B are too easily swapped
    Kind("FLOPs", ("FLOPs", "FLOP", "FLOPS", "flops", "flop"), (MULTIPLE,)),
    Kind("FLOP/s", ("FLOP/s", "FLOPs/s", "FLOPS/s", "flop/s", "flops/s"), (MULTIPLE,)),
    Kind("hertz", ("Hz", "hertz"), (FRACTION, MULTIPLE)),
    Kind("watts", ("W", "watt", "watts"), (FRACTION, MULTIPLE)),
    Kind("joules", ("J", "joule", "joules"), (FRACTION, MULTIPLE)),
)
_SEPARATORS = ("", "-", " ")  # between a spelled-out prefix and its unit: "milliseconds", "tera-FLOPs"
_PER = re.compile(r"\s*(?:/|\bper\b)\s*")


def _kind_of(spelling: str) -> Kind | None:
    """The known unit ``spelling`` is, by its exact spelling (B is bytes, b is not)."""
    return next((k for k in KINDS if spelling in k.spellings), None)


def declared(name: str) -> tuple[Kind, Prefix | None, str] | None:
    """(kind, prefix, the kind's spelling) of a lesson's unit spelling that is a known unit, with or
    without a prefix ("MB": bytes, mega, "B"; "megabytes"; "s"), or None ("pairs", "tokens/s")."""
    kind = _kind_of(name)
    if kind is not None:
        return kind, None, name
    for prefix in PREFIXES.values():
        for typed in (prefix.symbol, *prefix.spellings, *(prefix.word + sep for sep in _SEPARATORS[:2])):
            rest = name[len(typed):]
            if name.startswith(typed) and rest and (kind := _kind_of(rest)) is not None:
                return kind, prefix, rest
    return None


def mixed_kinds(names: tuple[str, ...]) -> str | None:
    """What is wrong with a lesson's ``units`` whose known spellings are of different kinds, or None."""
    kinds = list(dict.fromkeys(found[0].name for found in map(declared, names) if found))
    return f"mixes units of different kinds ({' and '.join(kinds)}): declare one" if len(kinds) > 1 else None


@dataclass(frozen=True)
class Split:
    """An answer's text cut before its unit: ``body`` the number as typed, ``scale`` what the unit's
    prefix multiplies it by into the question's unit. ``ambiguous`` names the readings when the
    unit could be read two ways ("ms (milli)", "Ms (mega)"), and then nothing was cut; ``bits``
    likewise names a unit typed with a lower-case ``b`` where the question's is the byte's ``B``."""

    body: str
    scale: Fraction = Fraction(1)
    ambiguous: tuple[str, ...] = ()
    bits: str = ""  # the unit as typed when it ends in a lower-case b for a question in bytes ("Mb"); nothing cut


@dataclass(frozen=True)
class Unit:
    """What a question's answer may carry after its number: the lesson's spellings of its unit
    (the first as shown) and its ``prefixes`` list (None when the lesson declares none)."""

    names: tuple[str, ...] = ()
    prefixes: tuple[str, ...] | None = None

    @property
    def shown(self) -> str:
        return self.names[0] if self.names else ""

    @property
    def accepted(self) -> tuple[Prefix, ...]:
        """Every prefix the unit takes, by the rules of the module's docstring."""
        return _accepted(self.names, self.prefixes)

    def prefixed(self) -> list[tuple[str, float]]:
        """The unit with each prefix the lesson lists, and its factor into the question's unit, as
        feedback suggests them: ("ms", 0.001), ... (for a question in MB: ("GB", 1000.0), ...)."""
        anchor = _anchor(self.names)
        base, scale = (anchor[2], _scale_of(anchor)) if anchor else (self.shown, Fraction(1))
        return [(p.symbol + base, float(p.factor / scale)) for p in map(PREFIXES.get, self.prefixes or ())
                if p is not None and p.factor != scale]

    def split(self, text: str) -> Split:
        """``text`` without the unit at its end (if any), and the prefix's factor into the question's unit."""
        lowered = text.lower()
        options: list[tuple[int, Fraction, str, bool]] = []
        exact = _exact(self.names, self.prefixes)
        for spelling, scale, prefixable in _entries(self.names, self.prefixes):
            n = len(spelling)
            if n >= len(text) or not lowered.endswith(spelling.lower()):
                continue
            before = text[:-n]
            bit = _byte_symbol(spelling) and text.endswith("b")
            if _boundary(before):
                options.append((n, scale, text[-n:], bit))
            if prefixable:
                trusted = text[-n:] in exact
                options += [(n + length, scale * p.factor, f"{p.word} ({p.symbol}{spelling})", bit)
                            for length, p in _prefixes_before(before, self.accepted, trusted)]
        if not options:
            return _per_time(text, self.names, self.accepted) or Split(text)
        longest = max(option[0] for option in options)
        if any(bit for n, _, _, bit in options if n == longest):
            return Split(text, bits=text[-longest:].strip())
        found = {scale: label for n, scale, label, _ in options if n == longest}
        if len(found) > 1:
            return Split(text, ambiguous=tuple(found.values()))
        scale = next(iter(found))
        return Split(text[:-longest].rstrip(), scale)


_BELOW = re.compile(r"(?:\s*/\s*|\s+per\s+)(?P<time>[^\s/]+)$", re.I)  # "/ms", " per millisecond"
_TIME = KINDS[0]


def _per_time(text: str, names: tuple[str, ...], accepted: tuple[Prefix, ...]) -> Split | None:
    """A rate per second typed per another time ("0.05 tokens/ms" is 50 tokens/s, "5e10 FLOP/ms"
    5e13 FLOP/s, "5e13 FLOPs per second"), and "TFLOPS" alone for a question in FLOP/s (the
    capital S is the rate's, as data sheets write it); None when ``text`` is neither or the
    question is no rate per second. The time below the line is read in its case ("ms" milli,
    "Ms" mega, "MS" neither), the side above in the spellings the lesson declares for it."""
    anchor = _anchor(names)
    tops = _tops(names, anchor)
    if tops is None:
        return None
    above, below = text, Fraction(1)
    per = _BELOW.search(text)
    if per:
        below = _time_factor(per.group("time"))
        if below is None:
            return None
        above = text[:per.start()]
    elif not (anchor and anchor[0].name == "FLOP/s" and text.endswith("FLOPS")):
        return None
    question = _scale_of(anchor) if anchor else Fraction(1)
    if anchor and anchor[0].name == "FLOP/s":
        top = Unit(("FLOPs",)).split(above)
    else:
        top = Unit(tuple(t for t in tops if t), () if not accepted else tuple(p.symbol for p in accepted)).split(above)
    uncut = top.body == above.rstrip()  # nothing above the line but the number: "0.05 /ms", if "/s" is declared
    if top.ambiguous or top.bits or not top.body or (uncut and ("" not in tops or not top.body[-1].isdigit())):
        return None
    return Split(top.body, top.scale / below / question)


def _tops(names: tuple[str, ...], anchor: tuple[Kind, Prefix | None, str] | None) -> set[str] | None:
    """What a question's rate per second counts (its declared sides above the line: "tokens",
    "tok", "" for "/s"), or None when the question is no rate per second."""
    if anchor and anchor[0].name == "FLOP/s":
        return set(KINDS[3].spellings)
    parts = [_PER.split(name, maxsplit=1) for name in names if _PER.search(name)]
    tops = {top.strip() for top, bottom in parts if bottom.strip() in _TIME.spellings}
    return tops or None


def _time_factor(typed: str) -> Fraction | None:
    """How many seconds the time below a rate's line is ("ms": 1/1000, "s", "millisecond"), read
    in its case; None when it is no time."""
    if typed in _TIME.spellings:
        return Fraction(1)
    for prefix in PREFIXES.values():
        if prefix.family == BINARY:
            continue
        for start in (prefix.symbol, *prefix.spellings, prefix.word):
            rest = typed[len(start):]
            if typed.startswith(start) and rest in _TIME.spellings and (start == prefix.word) <= (len(rest) > 1):
                return prefix.factor
    return None


def _byte_symbol(spelling: str) -> bool:
    """Whether ``spelling`` is the byte's symbol, alone or after a prefix ("B", "MB", "MiB"): typed
    with a lower-case ``b`` it is a bit, 8 times smaller, whatever case the rest is in."""
    found = declared(spelling)
    return found is not None and found[0].name == "bytes" and found[2] == "B"


def _boundary(before: str) -> bool:
    """Whether a unit (or a prefix) may start after ``before``: after the number, a space or a bracket."""
    return bool(before) and (before[-1].isdigit() or before[-1] in " .)")


def _prefixes_before(before: str, accepted: tuple[Prefix, ...], trusted: bool) -> list[tuple[int, Prefix]]:
    """The prefixes typed at the end of ``before`` (with their length), longest first: a word in
    any case; a symbol in its case when ``trusted`` (the unit after it typed as declared) and one
    of that case is taken, else in any case (so "MS" gives both m and M, "pflops" P)."""
    lowered = before.lower()
    words: list[tuple[int, Prefix]] = []
    exact: list[tuple[int, Prefix]] = []
    loose: list[tuple[int, Prefix]] = []
    for prefix in accepted:
        for sep in _SEPARATORS:
            typed = prefix.word + sep
            if lowered.endswith(typed) and _boundary(before[:-len(typed)]):
                words.append((len(typed), prefix))
        for symbol in (prefix.symbol, *prefix.spellings):
            if lowered.endswith(symbol.lower()) and _boundary(before[:-len(symbol)]):
                (exact if before.endswith(symbol) else loose).append((len(symbol), prefix))
    symbols = exact if trusted and exact else exact + loose
    return sorted(words + symbols, key=lambda found: -found[0])


def _scale_of(found: tuple[Kind, Prefix | None, str]) -> Fraction:
    return found[1].factor if found[1] else Fraction(1)


def _anchor(names: tuple[str, ...]) -> tuple[Kind, Prefix | None, str] | None:
    """The first of a lesson's spellings that is a unit the grader knows: its kind is the unit's,
    its prefix the question's (a bare number is in MB when it is "MB"); None when none is known."""
    return next((found for found in map(declared, names) if found), None)


@functools.lru_cache(maxsize=64)
def _accepted(names: tuple[str, ...], prefixes: tuple[str, ...] | None) -> tuple[Prefix, ...]:
    if not names or prefixes == ():
        return ()
    anchor = _anchor(names)
    families = set(anchor[0].families) if anchor else set()
    families.update(PREFIXES[symbol].family for symbol in prefixes or ())
    return tuple(p for p in PREFIXES.values() if p.family in families)


@functools.lru_cache(maxsize=64)
def _entries(names: tuple[str, ...], prefixes: tuple[str, ...] | None) -> tuple[tuple[str, Fraction, bool], ...]:
    """Every spelling of the unit without a prefix, with its scale into the question's unit and
    whether prefixes may go before it, longest first."""
    anchor = _anchor(names)
    question = _scale_of(anchor) if anchor else Fraction(1)
    found: dict[str, tuple[Fraction, bool]] = {}
    if anchor:
        found.update((spelling, (1 / question, True)) for spelling in anchor[0].spellings)
    for name in names:
        known = declared(name)
        if known and known[1]:
            found.setdefault(name, (_scale_of(known) / question, False))  # "MiB": itself, no further prefix
        elif not known:
            found.setdefault(name, (Fraction(1), not (anchor and anchor[1])))  # a spelling of the question's unit
    for name in sorted(_compounds(names)):
        found.setdefault(name, (Fraction(1), True))
    return tuple(sorted(((s, scale, prefixable) for s, (scale, prefixable) in found.items()),
                        key=lambda entry: (-len(entry[0]), entry[0])))


@functools.lru_cache(maxsize=64)
def _exact(names: tuple[str, ...], prefixes: tuple[str, ...] | None) -> frozenset[str]:
    """The unit's spellings as declared, in their case: a prefix before one of them is read in its case."""
    return frozenset(spelling for spelling, _, _ in _entries(names, prefixes))


def _compounds(names: tuple[str, ...]) -> set[str]:
    """Every spelling of a rate the lesson declares in parts: "tokens/s" and "tokens per second"
    declare "tokens" and "s", "second" as spellings of each side, so "tokens / second" and
    "tokens per s" are the same unit. The sides come only from the lesson's own names."""
    parts = [_PER.split(name, maxsplit=1) for name in names if _PER.search(name)]
    tops, bottoms = {top.strip() for top, _ in parts}, {bottom.strip() for _, bottom in parts}
    return {f"{top}{sep}{bottom}".strip() for top in tops for bottom in bottoms if bottom
            for sep in ("/", " / ", "/ ", " /", " per ")}


_LITERAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def quantity(value: object, unit: Unit) -> float | str:
    """A lesson's value (an accepted answer, a hint, a tolerance) in the question's unit: a number
    as it is, or a string of a number and a unit of the question ("524 MB", "500 MiB", "1.4e13");
    else what is wrong with it, to report with the file and the key."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    if not isinstance(value, str):
        return f"must be a number or a string such as \"524 MB\", not {type(value).__name__}"
    split = unit.split(value.strip())
    if split.ambiguous:
        return f"{value!r} could mean {' or '.join(split.ambiguous)}: write the prefix in the case meant"
    if split.bits:
        return f"{value!r} ends in {split.bits!r}, which is bits (a lower-case b), not bytes: write B for bytes"
    if not _LITERAL.fullmatch(split.body):
        units = f"a unit of this question ({', '.join(unit.names)})" if unit.names else "no unit (none is declared)"
        return f"{value!r} must be a number in digits, then {units}"
    return float(split.body) * split.scale.numerator / split.scale.denominator
