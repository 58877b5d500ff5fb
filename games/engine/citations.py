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

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine.wording import ENGLISH, Word, escape, fill, speaker

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

    ``text`` is the words as the engine writes them, players and hands numbered from 1 (what
    the JSON API sends). A reason that speaks of players or hands holds them as data too:
    ``template`` is the words with a ``{placeholder}`` for each, and ``who`` the
    :class:`~games.engine.wording.Mention` each placeholder stands for; :meth:`render` writes
    them with the players' names. Build such a reason with :meth:`about`.

    >>> Reason("a tricon beats a sequence", (peel("combinations"),)).text
    'a tricon beats a sequence'
    >>> Reason("a tricon beats a sequence").render(["Ann", "Bo"])
    'a tricon beats a sequence'
    """

    text: str
    """The words, players and hands numbered from 1."""
    citations: tuple[Citation, ...] = ()
    """The paragraphs that say so."""
    rulings: tuple[str, ...] = field(default=())
    """The slugs of the editorial rulings applied (:attr:`applied` gives the rulings)."""
    template: str = ""
    """``text`` with a ``{placeholder}`` for each mention (braces doubled); ``text`` itself,
    escaped, for a reason that speaks of nobody."""
    who: tuple[tuple[str, Word], ...] = ()
    """Each placeholder of ``template`` and its value: the players or hands it stands for,
    or other words (:data:`~games.engine.wording.Word`)."""

    def __post_init__(self) -> None:
        if not self.template:
            object.__setattr__(self, "template", escape(self.text))

    @classmethod
    def about(
        cls,
        template: str,
        citations: tuple[Citation, ...] = (),
        rulings: tuple[str, ...] = (),
        /,
        **who: Word,
    ) -> Reason:
        """A reason that speaks of players or hands: ``template`` with a placeholder for
        each mention (``who``), ``text`` its words numbered from 1.

        >>> from games.engine.wording import Mention
        >>> r = Reason.about("{winner} beats {loser}. A sequence beats a pair.",
        ...                  (peel("combinations"),), (),
        ...                  winner=Mention("hand", (0,), ("sequence",), capital=True),
        ...                  loser=Mention("hand", (1,), ("pair of kings and a two",)))
        >>> r.text
        'Hand 1 (sequence) beats hand 2 (pair of kings and a two). A sequence beats a pair.'
        >>> r.render(["Ann", "Bo"])
        'Ann (sequence) beats Bo (pair of kings and a two). A sequence beats a pair.'
        >>> r.render(None) == r.text
        True
        """
        return cls(fill(template, who), citations, rulings, template, tuple(who.items()))

    @property
    def mentions(self) -> dict[str, Word]:
        """The values of the placeholders, by placeholder (mentions and other words).

        >>> from games.engine.wording import Mention
        >>> Reason.about("{p} wins", (), (), p=Mention("player", (2,))).mentions["p"].indices
        (2,)
        """
        return dict(self.who)

    def render(self, names: Sequence[str] | None = None) -> str:
        """The words with ``names`` in place of the numbers of the players or hands they
        speak of (``names[i]`` for player or hand *i*; :func:`~games.engine.wording.fill`);
        ``text`` when ``names`` is None or the reason speaks of nobody.

        >>> from games.engine.wording import Mention
        >>> r = Reason.about("{p} holds the best hand", (), (), p=Mention("player", (1,)))
        >>> r.render(["Ann", "Bo"]), r.render(None)
        ('Bo holds the best hand', 'player 2 holds the best hand')
        """
        speak = speaker()
        if (names is None or not self.who) and speak is ENGLISH:
            return self.text
        return fill(self.template, self.mentions, names, speak)

    @property
    def applied(self) -> tuple[Ruling, ...]:
        """The editorial rulings applied, as :class:`Ruling` objects (``rulings`` holds their
        slugs, as the JSON API sends them). A slug no module declared is a ``KeyError``.

        >>> r = ruling("doc-applied", "Is this a doctest?", "Yes.", (peel("ties"),))
        >>> Reason("a doctest", (), ("doc-applied",)).applied == (r,)
        True
        >>> del RULINGS["doc-applied"]
        """
        return tuple(RULINGS[slug] for slug in self.rulings)
