"""Citations, editorial rulings and explanations: how the engine says *why*.

Every rule the engine applies points at the paragraph of a rulebook that states it
(a :class:`Citation`: the book's slug in the library and the paragraph's anchor).
Where a text is silent or ambiguous the engine applies a stated reading, a
:class:`Ruling`, which is ours and never the book's; where players could reasonably
differ, the ruling names the house-rule option that changes it.

This module has no Django import: the library (``content/``) turns a citation into a
quoted paragraph and a link, the engine only names it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PEEL = "peel-commerce"
"""Peel's *Round Games with Cards* (1891/1897), Commerce, pp. 70-77."""
COX = "cox-commerce"
"""Herbert T. Cox's rules booklet for his patented 80-card game (1925)."""
SWEDISH = "commerce-swedish"
"""The modern Swedish rules text (source unknown).

Its English translation's anchors are ``en-`` + the Swedish anchor."""
SQUAREMAN = "squareman-speculation-all-fours"
"""Squareman's *My Book of Indoor Games* (1916): Speculation and All Fours."""
VINGT_UN = "peel-vingt-un"
"""Peel's Vingt-un, the description of play (a fragment)."""


@dataclass(frozen=True, order=True)
class Citation:
    """One paragraph of one rulebook, by the book's slug and the paragraph's anchor.

    >>> Citation(PEEL, "tie-pair")
    Citation(book='peel-commerce', anchor='tie-pair')
    >>> str(Citation(PEEL, "tie-pair"))
    'peel-commerce#tie-pair'
    """

    book: str
    anchor: str

    def __str__(self) -> str:
        return f"{self.book}#{self.anchor}"


def peel(anchor: str) -> Citation:
    """A paragraph of Peel's Commerce.

    >>> peel("tricon").book
    'peel-commerce'
    """
    return Citation(PEEL, anchor)


def swedish(anchor: str) -> Citation:
    """A paragraph of the Swedish text (the Swedish original's anchor).

    >>> str(swedish("poang"))
    'commerce-swedish#poang'
    """
    return Citation(SWEDISH, anchor)


def cox(anchor: str) -> Citation:
    """A paragraph of Cox's booklet.

    >>> str(cox("penalty"))
    'cox-commerce#penalty'
    """
    return Citation(COX, anchor)


@dataclass(frozen=True)
class Ruling:
    """An editorial ruling: the reading the engine applies where the text is silent.

    ``question`` says what the text leaves open, ``reading`` what the engine does by
    default; ``citations`` are the paragraphs nearest the question. When players
    could reasonably differ, ``option`` names the house-rule option that changes the
    reading and ``alternatives`` maps each of its values to what it does (the default
    value is among them).
    """

    slug: str
    question: str
    reading: str
    citations: tuple[Citation, ...]
    option: str | None = None
    default: str | None = None
    alternatives: tuple[tuple[str, str], ...] = ()


RULINGS: dict[str, Ruling] = {}
"""Every ruling the engine knows, by slug: the site lists them all on one page."""


def ruling(
    slug: str,
    question: str,
    reading: str,
    citations: tuple[Citation, ...],
    *,
    option: str | None = None,
    default: str | None = None,
    alternatives: tuple[tuple[str, str], ...] = (),
) -> Ruling:
    """Declare a ruling once, at import time of the module that applies it.

    >>> r = ruling("doc-example", "Is this a doctest?", "Yes.", (peel("ties"),))
    >>> RULINGS["doc-example"] is r
    True
    >>> del RULINGS["doc-example"]
    """
    if slug in RULINGS:
        raise ValueError(f"ruling {slug!r} is declared twice")
    if (option is None) != (default is None):
        raise ValueError(f"ruling {slug!r}: an option needs a default and a default an option")
    if default is not None and default not in dict(alternatives):
        raise ValueError(f"ruling {slug!r}: the default {default!r} is not among its alternatives")
    made = Ruling(slug, question, reading, citations, option, default, alternatives)
    RULINGS[slug] = made
    return made


@dataclass(frozen=True)
class Reason:
    """One step of an explanation: words, the paragraphs that say so, the rulings applied.

    >>> Reason("a tricon beats a sequence", (peel("combinations"),)).text
    'a tricon beats a sequence'
    """

    text: str
    citations: tuple[Citation, ...] = ()
    rulings: tuple[str, ...] = field(default=())
