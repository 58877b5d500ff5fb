"""One presentation of the engine's reasons, for every page that shows why.

A page shows each :class:`~games.engine.citations.Reason` as a :class:`Shown`: its words with
the players' names put in by the engine's one formatter (``Reason.render``) and made a
sentence, the paragraphs it cites -- quoted under the first reason that cites them, linked
after that -- and the editorial rulings it applies, as :class:`~games.engine.citations.Ruling`
objects with the value the table chose, each shown once, apart from the book's words. The
template ``includes/reasons.html`` renders a list of them.

Presentation only, and no Django here: the include and the library's template tags (``quote``,
``ruling_note``) turn a citation into the quoted paragraph.

>>> from games.engine.cards import PACK_52, parse_hands
>>> from games.engine.commerce import PeelRules, showdown
>>> result = showdown(parse_hands(["AS 2S 3S", "KD KH 2C"], PACK_52), PeelRules())
>>> [item.text for item in explain(result.reasons, ["Ann", "Bo"])]
['Ann (sequence ace-two-three of spades) beats Bo (pair of kings and a two). A sequence beats \
a pair.']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.engine.citations import Citation, Reason, Ruling
from games.forms_util import sentence

__all__ = ["Explanation", "Shown", "explain"]

type Chosen = Callable[[str], str | None] | Mapping[str, str]
"""The value this table chose for a ruling's house-rule option, by the ruling's slug: a
function (None when the ruling has no option, or the default stands) or a mapping."""


@dataclass(frozen=True)
class Shown:
    """One reason as a page shows it.

    >>> from games.engine.citations import peel
    >>> item = explain([Reason("the dealer pays", (peel("standing"),))])[0]
    >>> item.text, [str(c) for c in item.quotes], item.links, item.rulings
    ('The dealer pays', ['peel-commerce#standing'], (), ())
    """

    text: str
    """The words, with the players' names when the page knows them, as a sentence."""
    quotes: tuple[Citation, ...]
    """The paragraphs cited here for the first time on the page: quote them here."""
    links: tuple[Citation, ...]
    """The paragraphs cited here that were quoted above: link to them."""
    rulings: tuple[tuple[Ruling, str | None], ...]
    """The editorial rulings first applied here, each with the value this table chose for its
    house-rule option (None for the default, or a ruling with no option)."""
    reason: Reason
    """The engine's reason itself (its ``citations`` and ``rulings`` all, in order)."""
    lines: tuple[str, ...] = ()
    """What the reason explains, one line each (the payments it requires), as plain text."""

    @property
    def citations(self) -> tuple[Citation, ...]:
        """Every paragraph the reason cites, in its order (quoted here or above).

        >>> from games.engine.citations import peel
        >>> explain([Reason("x", (peel("pool"), peel("stake")))])[0].citations[1].anchor
        'stake'
        """
        return self.reason.citations


class Explanation:
    """The reasons of one page, shown in order: each paragraph quoted once (under the first
    reason that cites it), each ruling shown once. ``names[i]`` is the name of player or hand
    *i* as the engine indexes them in these reasons; ``chosen`` gives the table's value of a
    ruling's option.

    >>> from games.engine.citations import peel
    >>> page = Explanation(["Ann", "Bo"], {"peel-stander-pays": "shared"})
    >>> first = page.add(Reason("a", (peel("pool"),), ("peel-stander-pays",)), ["Bo pays 1"])
    >>> second = page.add(Reason("b", (peel("pool"), peel("stake")), ("peel-stander-pays",)))
    >>> [c.anchor for c in second.quotes], [c.anchor for c in second.links], second.rulings
    (['stake'], ['pool'], ())
    >>> [(r.slug, value) for r, value in first.rulings], first.lines
    ([('peel-stander-pays', 'shared')], ('Bo pays 1',))
    >>> len(page.shown)
    2
    """

    def __init__(self, names: Sequence[str] | None = None, chosen: Chosen | None = None) -> None:
        self.names = None if names is None else list(names)
        self._chosen = chosen
        self.shown: list[Shown] = []
        self._quoted: set[Citation] = set()
        self._ruled: set[str] = set()

    def chosen(self, slug: str) -> str | None:
        """The value this table chose for the option of ruling ``slug``, if any.

        >>> Explanation(chosen=lambda slug: "each").chosen("x"), Explanation().chosen("x")
        ('each', None)
        """
        if self._chosen is None:
            return None
        if callable(self._chosen):
            return self._chosen(slug)
        return self._chosen.get(slug)

    def add(self, reason: Reason, lines: Iterable[str] = ()) -> Shown:
        """Show ``reason`` next, with the ``lines`` it explains."""
        quotes: list[Citation] = []
        links: list[Citation] = []
        for citation in reason.citations:
            if citation in self._quoted:
                if citation not in links:
                    links.append(citation)
            elif citation not in quotes:
                quotes.append(citation)
        self._quoted.update(reason.citations)
        rulings: list[tuple[Ruling, str | None]] = []
        for made in reason.applied:
            if made.slug not in self._ruled:
                self._ruled.add(made.slug)
                rulings.append((made, self.chosen(made.slug)))
        shown = Shown(
            sentence(reason.render(self.names)),
            tuple(quotes),
            tuple(links),
            tuple(rulings),
            reason,
            tuple(lines),
        )
        self.shown.append(shown)
        return shown

    def extend(self, reasons: Iterable[Reason]) -> list[Shown]:
        """Show each of ``reasons`` next; the new items."""
        return [self.add(reason) for reason in reasons]


def explain(
    reasons: Iterable[Reason],
    names: Sequence[str] | None = None,
    chosen: Chosen | None = None,
) -> list[Shown]:
    """The reasons as a page shows them (:class:`Explanation`, for one list of reasons).

    >>> from games.engine.games import get
    >>> game = get("peel-old")
    >>> deal = game.settle(["9S 9H KC", "2C 3D 5H", "9D 9C KD"], 1, game.configure())
    >>> shown = explain(deal.settlement.reasons, ["Ann", "Bo", "Cy"])
    >>> shown[0].text
    'Ann and Cy hold exactly equal best hands, each a pair'
    >>> [made.slug for made, _ in shown[0].rulings]
    ['peel-old-equal-best']
    """
    page = Explanation(names, chosen)
    return page.extend(reasons)
