"""Turning the engine's answers into words for the page: amounts, names, quoted reasons.

Nothing here decides a rule. Amounts are formatted, players named, and each reason the
engine gives is paired with the paragraphs to quote (the first time a paragraph is cited
on the page) or to link (every later time), and the editorial rulings it applied (each
shown once, with the house-rule value this table chose).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from content.library import find_paragraph
from games.engine.citations import Citation, Reason
from games.engine.wording import name_players
from games.forms_util import sentence, split_field

MINUS = "\u2212"


def amount(value: Fraction) -> str:
    """An exact amount as people write money: ``3``, ``0.5``, ``2 1/3``.

    >>> amount(Fraction(3)), amount(Fraction(1, 2)), amount(Fraction(7, 3)), amount(Fraction(-1, 4))
    ('3', '0.5', '2 1/3', '−0.25')
    """
    sign = MINUS if value < 0 else ""
    value = abs(value)
    if value.denominator == 1:
        return f"{sign}{value.numerator}"
    rest = value.denominator
    twos = fives = 0
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    places = max(twos, fives)
    if rest == 1 and places <= 6:
        scaled = value * 10**places
        whole, frac = divmod(scaled.numerator, 10**places)
        return f"{sign}{whole}.{frac:0{places}d}"
    whole, part = divmod(value.numerator, value.denominator)
    tail = f"{part}/{value.denominator}"
    return f"{sign}{whole} {tail}" if whole else f"{sign}{tail}"


def signed(value: Fraction) -> str:
    """A net result with its sign: ``+3``, ``−2``, ``0``.

    >>> signed(Fraction(3)), signed(Fraction(-2)), signed(Fraction(0))
    ('+3', '−2', '0')
    """
    return ("+" if value > 0 else "") + amount(value)


def points(value: int) -> str:
    """A whole score with a true minus sign.

    >>> points(-5), points(12)
    ('−5', '12')
    """
    return str(value).replace("-", MINUS)


def field_message(message: str, name: str | None = None) -> str:
    """An engine error shown beside its field, without the field name it starts with.

    >>> field_message("stake: must be more than 0, not 0", "stake")
    'Must be more than 0, not 0'
    >>> field_message("bought[2]: must be a whole number from 0, not -1")
    'Must be a whole number from 0, not -1'
    """
    field, item, rest = split_field(message)
    if field is not None and (name is None or (field == name and item is None)):
        message = rest
    return sentence(message)


@dataclass(frozen=True)
class CitedLink:
    """A paragraph quoted earlier on the page: linked, not quoted again."""

    citation: Citation
    label: str


@dataclass
class Step:
    """One reason on the page: its words, the payments it explains, the paragraphs quoted
    here for the first time, those linked because they were quoted above, and the editorial
    rulings first applied here (slug and the value this table chose, if it is an option)."""

    text: str
    lines: list[str] = field(default_factory=list)
    quotes: list[Citation] = field(default_factory=list)
    links: list[CitedLink] = field(default_factory=list)
    rulings: list[tuple[str, str | None]] = field(default_factory=list)


def citation_label(citation: Citation) -> str:
    """A short name for a cited paragraph: the author and the paragraph's anchor.

    >>> citation_label(Citation("peel-commerce", "standing"))
    'Peel, ¶ standing'
    """
    found = find_paragraph(citation.book, citation.anchor)
    if found is None:
        return f"{citation.book}, ¶ {citation.anchor}"
    book = found[0]
    author = str(book.meta.get("author") or "").strip()
    if author:
        name = author.split()[-1]
    else:
        name = "the Swedish text" if book.language == "sv" else book.title
    return f"{name}, ¶ {citation.anchor}"


class Explainer:
    """Builds the steps of one page, quoting each paragraph once and showing each ruling
    once. ``chosen`` gives the value this table chose for a ruling's option, if any;
    ``names`` the players' names, put in place of the numbers the engine gives them
    (:func:`games.engine.wording.name_players`)."""

    def __init__(
        self,
        names: Sequence[str] = (),
        chosen: Callable[[str], str | None] | None = None,
    ) -> None:
        self.names = list(names)
        self.chosen = chosen or (lambda slug: None)
        self.quoted: set[Citation] = set()
        self.shown: set[str] = set()

    def step(self, reason: Reason, lines: Iterable[str] = ()) -> Step:
        made = Step(sentence(name_players(reason.text, self.names)), list(lines))
        for citation in reason.citations:
            if citation in self.quoted:
                if all(link.citation != citation for link in made.links):
                    made.links.append(CitedLink(citation, citation_label(citation)))
            elif citation not in made.quotes:
                made.quotes.append(citation)
        self.quoted.update(reason.citations)
        for slug in reason.rulings:
            if slug not in self.shown:
                self.shown.add(slug)
                made.rulings.append((slug, self.chosen(slug)))
        return made

    def steps(self, reasons: Iterable[Reason]) -> list[Step]:
        return [self.step(reason) for reason in reasons]
