"""The same hands judged under every rule set, and where the rule sets disagree, in words.

:func:`judge_everywhere` lays the hands down under Peel with the 52-card pack, Peel with
the 32-card pack (only if every card is in it and there are at most seven hands),
Peel's two Limited Commerce variants, and the Swedish text; then it lists each hand
whose combination differs in kind from one rule set to another, and each rule set
whose winners differ from Peel's, saying why and citing both books.

>>> from games.engine.cards import PACK_52, parse_hands
>>> result = judge_everywhere(parse_hands(["AH 2H 3H", "9S 9D KC"], PACK_52))
>>> [label for label, _ in result.judgements]
['Peel, 52 cards', 'Peel, 52 cards, Limited Commerce without Pair', \
'Peel, 52 cards, Limited Commerce of Tricon, Sequence and Point', 'Swedish text']
>>> print(result.disagreements[0].reason.text)
Hand 1: ace-two-three of one suit is a sequence to Peel but only poäng to the Swedish text.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.engine.cards import PACK_32, Card, Rank
from games.engine.citations import Citation, Reason, peel, swedish
from games.engine.commerce import (
    LIMITED_AS_POINT,
    Category,
    HandValue,
    Limited,
    PeelRules,
    Rules,
    Showdown,
    SwedishRules,
    compare,
    showdown,
)
from games.engine.wording import Mention, Word, escape

__all__ = ["Disagreement", "Everywhere", "judge_everywhere", "rule_sets_for"]

_FORMATTER = string.Formatter()


@dataclass(frozen=True)
class Disagreement:
    """One point on which two rule sets judge the same hands differently.

    ``kind`` is ``"category"`` (a hand's combination differs in kind) or ``"winner"``;
    ``hands`` are the input indices concerned; ``labels`` the two rule sets.

    >>> d = Disagreement("winner", (0,), ("Peel, 52 cards", "Swedish text"), Reason("..."))
    >>> d.kind, d.labels[1]
    ('winner', 'Swedish text')
    """

    kind: str
    """``"category"`` or ``"winner"``."""
    hands: tuple[int, ...]
    """The hands concerned (0-based input indices)."""
    labels: tuple[str, str]
    """The two rule sets, by label: the reference first."""
    reason: Reason
    """The disagreement explained, citing both books."""


@dataclass(frozen=True)
class Everywhere:
    """Every rule set's showdown of the same hands, and their disagreements.

    >>> from games.engine.cards import PACK_52, parse_hands
    >>> everywhere = judge_everywhere(parse_hands(["2C 2D 2H", "QS KS AS"], PACK_52))
    >>> everywhere.disagreements
    ()
    >>> everywhere.skipped
    (('Peel, 32 cards', 'some card is not in the 32-card pack (seven to ace)'),)
    """

    judgements: tuple[tuple[str, Showdown], ...]
    """Each rule set's label and its showdown, Peel's full 52-card game first."""
    disagreements: tuple[Disagreement, ...]
    """Where the rule sets differ, hand by hand and then on the winner."""
    skipped: tuple[tuple[str, str], ...] = ()
    """Rule sets that could not judge these hands, by label, and why."""


def rule_sets_for(hands: Sequence[Sequence[Card]]) -> list[tuple[Rules, str | None]]:
    """The rule sets :func:`judge_everywhere` uses, each with why it is skipped (or None).

    >>> from games.engine.cards import PACK_52, parse_hands
    >>> sets = rule_sets_for(parse_hands(["AS KS QS", "7H 8H 9H"], PACK_52))
    >>> [(rules.label, why) for rules, why in sets][1]
    ('Peel, 32 cards', None)
    """
    in_short = all(card in PACK_32 for hand in hands for card in hand)
    out: list[tuple[Rules, str | None]] = []
    for rules in (
        PeelRules(),
        PeelRules(PACK_32),
        PeelRules(limited=Limited.NO_PAIR),
        PeelRules(limited=Limited.TRICON_SEQUENCE_POINT),
        SwedishRules(),
    ):
        why: str | None = None
        if rules.pack is PACK_32 and not in_short:
            why = "some card is not in the 32-card pack (seven to ace)"
        elif len(hands) > rules.hand_limit:
            why = f"at most {rules.hand_limit} hands may be dealt under it"
        out.append((rules, why))
    return out


def judge_everywhere(hands: Sequence[Sequence[Card]], dealer: int | None = None) -> Everywhere:
    """Judge the hands under every rule set and explain where the rule sets disagree.

    Peel's 32-card game is left out unless every card is in the short pack (it is then
    listed in ``skipped``). The reference for disagreements is the first rule set that
    could judge (Peel's full 52-card game, unless there are more than twelve hands).

    >>> from games.engine.cards import PACK_52, parse_hands
    >>> hands = parse_hands(["9S 9D KC", "5H 3H 7C"], PACK_52)
    >>> result = judge_everywhere(hands)
    >>> [sd.winners for _, sd in result.judgements]
    [(0,), (0,), (0,), (1,)]
    >>> [d.kind for d in result.disagreements]
    ['category', 'category', 'category', 'winner']
    >>> print(result.disagreements[2].reason.text)  # doctest: +ELLIPSIS
    Hand 1: a pair counts to Peel but not to the Swedish text, where the hand is ingenting, ...
    """
    judgements: list[tuple[str, Showdown]] = []
    skipped: list[tuple[str, str]] = []
    for rules, why in rule_sets_for(hands):
        if why is None:
            judgements.append((rules.label, showdown(hands, rules, dealer)))
        else:
            skipped.append((rules.label, why))
    if not judgements:
        showdown(hands, SwedishRules(), dealer)  # raises the CardError that says why
    disagreements = _category_disagreements(judgements) + _winner_disagreements(judgements)
    return Everywhere(tuple(judgements), tuple(disagreements), tuple(skipped))


# --------------------------------------------------------------------------- categories

_HEIGHT = {
    Category.TRICON: 5,
    Category.SEQUENCE: 4,
    Category.FLUSH: 3,
    Category.PAIR: 2,
    Category.POINT: 1,
    Category.INGENTING: 0,
}


def _shape(cards: Sequence[Card]) -> str:
    """What the hand is, in words that do not take sides."""
    ranks = sorted(c.rank for c in cards)
    suits = {c.suit for c in cards}
    if len(set(ranks)) == 1:
        return "three of a kind"
    if len(set(ranks)) == 2:
        return "a pair"
    if len(suits) == 1:
        if ranks == [Rank.TWO, Rank.THREE, Rank.ACE]:
            return "ace-two-three of one suit"
        if ranks == [Rank.SEVEN, Rank.EIGHT, Rank.ACE]:
            return "ace-seven-eight of one suit"
        if ranks[2] - ranks[1] == 1 and ranks[1] - ranks[0] == 1:
            return "a run of three in one suit"
        return "a hand of one suit that is not a sequence"
    if len(suits) == 2:
        return "a hand of two cards of one suit and one other"
    return "a hand of three suits"


def _who(rules: Rules) -> str:
    if isinstance(rules, SwedishRules):
        return "the Swedish text"
    if rules.limited is not Limited.NONE:
        return f"Peel's {rules.limited.words}"
    if rules.options:
        return f"Peel with the {rules.pack.size}-card pack by the house rule"
    return "Peel"


_NOUNS = {
    Category.TRICON: "a tricon",
    Category.SEQUENCE: "a sequence",
    Category.FLUSH: "a flush",
    Category.PAIR: "a pair",
    Category.POINT: "point",
    Category.TRETAL: "a tretal",
    Category.SEKVENS: "a sekvens",
    Category.POANG: "poäng",
    Category.INGENTING: "ingenting",
}


def _category_reason(
    index: int, cards: Sequence[Card], ref: Rules, a: Category, other: Rules, b: Category
) -> Reason:
    only = "only " if _HEIGHT[b.family] < _HEIGHT[a.family] and b is not Category.INGENTING else ""
    shape = _shape(cards)
    hand = "{hand}"
    if shape == _NOUNS[a]:  # "a pair is a pair to Peel" says nothing: say it counts
        text = (
            f"{hand}: {shape} counts to {_who(ref)} but not to {_who(other)}, "
            f"where the hand is {only}{_NOUNS[b]}"
        )
    else:
        text = f"{hand}: {shape} is {_NOUNS[a]} to {_who(ref)} but {only}{_NOUNS[b]} to "
        text += _who(other)
    cites: list[Citation] = [a.citation]
    slugs: list[str] = []
    if b is Category.INGENTING:
        text += ", which may not be laid up"
        cites += [swedish("ingenting"), swedish("lagga-upp")]
    elif isinstance(other, SwedishRules):
        if a is Category.SEQUENCE:
            cites.append(swedish("sekvens"))
        cites.append(b.citation)
    else:
        if other.limited is not Limited.NONE and b is Category.POINT:
            cites.append(peel("limited-commerce-rule"))
            slugs.append(LIMITED_AS_POINT.slug)
        cites.append(b.citation)
    return Reason.about(
        text + ".",
        tuple(dict.fromkeys(cites)),
        tuple(slugs),
        hand=Mention("hand", (index,), capital=True),
    )


def _category_disagreements(judgements: list[tuple[str, Showdown]]) -> list[Disagreement]:
    if len(judgements) < 2:
        return []
    ref_label, ref = judgements[0]
    out: list[Disagreement] = []
    for i, ref_value in enumerate(ref.values):
        said: set[tuple[Category, Category, str]] = set()
        for label, other in judgements[1:]:
            value = other.values[i]
            if value.category.family is ref_value.category.family:
                continue
            key = (ref_value.category, value.category, _who(other.rules))
            if key in said:
                continue
            said.add(key)
            reason = _category_reason(
                i, ref_value.cards, ref.rules, ref_value.category, other.rules, value.category
            )
            out.append(Disagreement("category", (i,), (ref_label, label), reason))
    return out


# --------------------------------------------------------------------------- winners


def _winner_words(result: Showdown) -> tuple[str, dict[str, Word]]:
    """Who wins, as a template and its mention."""
    winners = result.winners
    if not winners:
        return "nobody wins", {}
    described = escape(result.values[winners[0]].describe())
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{{winners}} {verb} ({described})", {"winners": Mention.of("hand", winners)}


def _winner_disagreements(judgements: list[tuple[str, Showdown]]) -> list[Disagreement]:
    if len(judgements) < 2:
        return []
    ref_label, ref = judgements[0]
    out: list[Disagreement] = []
    for label, other in judgements[1:]:
        if other.winners == ref.winners:
            continue
        reason = _winner_reason(ref_label, ref, label, other)
        hands = tuple(sorted(set(ref.winners) | set(other.winners)))
        out.append(Disagreement("winner", hands, (ref_label, label), reason))
    return out


class _Words:
    """A reason's template built from parts, each part's placeholders renamed so that the
    mentions of different parts never collide."""

    def __init__(self) -> None:
        self.template = ""
        self.who: dict[str, Word] = {}

    def add(self, template: str, who: Mapping[str, Word] | None = None) -> None:
        prefix = f"p{len(self.who)}_"
        for literal, name, _spec, _conversion in _FORMATTER.parse(template):
            self.template += escape(literal)
            if name is not None:
                self.template += "{" + prefix + name + "}"
                self.who[prefix + name] = (who or {})[name]

    def add_text(self, text: str) -> None:
        self.template += escape(text)


def _lowered(reason: Reason, drop_stop: bool = False) -> tuple[str, dict[str, Word]]:
    """The reason's template and mentions, its first word in lower case (it goes after a
    colon), less its final full stop when ``drop_stop``."""
    template, who = reason.template, reason.mentions
    if drop_stop and template.endswith("."):
        template = template[:-1]
    first = next(iter(_FORMATTER.parse(template)), None)
    if first is not None and not first[0] and isinstance(who.get(first[1] or ""), Mention):
        mention = who[first[1] or ""]
        assert isinstance(mention, Mention)
        who[first[1] or ""] = replace(mention, capital=False)
    else:
        template = _lower(template)
    return template, who


def _winner_reason(label_a: str, a: Showdown, label_b: str, b: Showdown) -> Reason:
    words = _Words()
    words.add_text(f"{label_a}: ")
    words.add(*_winner_words(a))
    words.add_text(f"; {label_b}: ")
    words.add(*_winner_words(b))
    words.add_text(".")
    cites: list[Citation] = []
    slugs: list[str] = []

    def add(reason: Reason, *more: Reason, said: tuple[str, dict[str, Word]] | None = None) -> None:
        """Add the words ``said`` (the reason's own by default) and the paragraphs and rulings
        of the reasons behind them."""
        words.add_text(" ")
        words.add(*(said or (reason.template, reason.mentions)))
        for behind in (reason, *more):
            cites.extend(behind.citations)
            slugs.extend(behind.rulings)

    for result in (a, b):
        if not result.winners and result.decider is not None:
            add(result.decider)
    explained = False
    if a.winners and b.winners:
        only_a = [i for i in a.winners if i not in b.winners]
        only_b = [i for i in b.winners if i not in a.winners]
        x = only_a[0] if only_a else a.winners[0]
        y = only_b[0] if only_b else b.winners[0]
        if x == y:  # pragma: no cover - the winners differ, so some hand is in one only
            y = b.winners[-1]
        va_x, va_y = a.values[x], a.values[y]
        vb_x, vb_y = b.values[x], b.values[y]
        for index, ref_value, value in ((x, va_x, vb_x), (y, va_y, vb_y)):
            if ref_value.category.family is not value.category.family:
                explained = True
                add(
                    _category_reason(
                        index,
                        ref_value.cards,
                        a.rules,
                        ref_value.category,
                        b.rules,
                        value.category,
                    )
                )
        sign_a, why_a = compare(va_x, va_y, a.rules)
        sign_b, why_b = compare(vb_x, vb_y, b.rules)
        if sign_a == 0 and sign_b == 0:
            for result in (a, b):
                if result.decider is not None:
                    template, who = _lowered(result.decider)
                    said = escape(_capital(_who(result.rules))) + ": " + template
                    add(result.decider, said=(said, who))
        else:
            template_a, who_a = _lowered(why_a, drop_stop=True)
            template_b, who_b = _lowered(why_b)
            parts = _Words()
            parts.add("{pair}: ", {"pair": Mention("hand", (x, y), capital=True)})
            parts.add_text(f"to {_who(a.rules)}, ")
            parts.add(template_a, who_a)
            parts.add_text(f"; to {_who(b.rules)}, ")
            parts.add(template_b, who_b)
            add(why_a, why_b, said=(parts.template, parts.who))
            if not explained and (_both_point(va_x, vb_x) or _both_point(va_y, vb_y)):
                add(
                    Reason(
                        "Peel's point counts all three cards; the Swedish poäng only the cards "
                        "of the suit held twice or three times.",
                        (peel("point"), swedish("poangsumma")),
                    )
                )
    return Reason.about(
        words.template,
        tuple(dict.fromkeys(cites)),
        tuple(dict.fromkeys(slugs)),
        **words.who,
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _both_point(peel_value: HandValue, other: HandValue) -> bool:
    return peel_value.category is Category.POINT and other.category is Category.POANG
