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
from collections.abc import Sequence
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
from games.engine.wording import ENGLISH, N_, Mention, Said, Speaker, Word, said

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
    skipped_words: tuple[tuple[Said, Said], ...] = ()
    """:attr:`skipped` as words a page writes in its language: each rule set's heading
    and why.

    >>> from games.engine.cards import PACK_52, parse_hands
    >>> everywhere = judge_everywhere(parse_hands(["2C 2D 2H", "QS KS AS"], PACK_52))
    >>> [(rules.words(), why.words()) for rules, why in everywhere.skipped_words]
    [('Peel, 32 cards', 'some card is not in the 32-card pack (seven to ace)')]
    """


def rule_sets_for(hands: Sequence[Sequence[Card]]) -> list[tuple[Rules, str | None]]:
    """The rule sets :func:`judge_everywhere` uses, each with why it is skipped (or None).
    (:func:`_rule_sets` gives why as words a page writes in its language.)

    >>> from games.engine.cards import PACK_52, parse_hands
    >>> sets = rule_sets_for(parse_hands(["AS KS QS", "7H 8H 9H"], PACK_52))
    >>> [(rules.label, why) for rules, why in sets][1]
    ('Peel, 32 cards', None)
    """
    return [(rules, None if why is None else why.words()) for rules, why in _rule_sets(hands)]


def _rule_sets(hands: Sequence[Sequence[Card]]) -> list[tuple[Rules, Said | None]]:
    in_short = all(card in PACK_32 for hand in hands for card in hand)
    out: list[tuple[Rules, Said | None]] = []
    for rules in (
        PeelRules(),
        PeelRules(PACK_32),
        PeelRules(limited=Limited.NO_PAIR),
        PeelRules(limited=Limited.TRICON_SEQUENCE_POINT),
        SwedishRules(),
    ):
        why: Said | None = None
        if rules.pack is PACK_32 and not in_short:
            why = said("some card is not in the 32-card pack (seven to ace)")
        elif len(hands) > rules.hand_limit:
            why = said("at most {limit} hands may be dealt under it", limit=rules.hand_limit)
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
    skipped: list[tuple[Rules, Said]] = []
    for rules, why in _rule_sets(hands):
        if why is None:
            judgements.append((rules.label, showdown(hands, rules, dealer)))
        else:
            skipped.append((rules, why))
    if not judgements:
        showdown(hands, SwedishRules(), dealer)  # raises the CardError that says why
    disagreements = _category_disagreements(judgements) + _winner_disagreements(judgements)
    return Everywhere(
        tuple(judgements),
        tuple(disagreements),
        tuple((rules.label, why.words()) for rules, why in skipped),
        tuple((rules.heading, why) for rules, why in skipped),
    )


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
    """What the hand is, in words that do not take sides (a message id)."""
    ranks = sorted(c.rank for c in cards)
    suits = {c.suit for c in cards}
    if len(set(ranks)) == 1:
        return N_("three of a kind")
    if len(set(ranks)) == 2:
        return N_("a pair")
    if len(suits) == 1:
        if ranks == [Rank.TWO, Rank.THREE, Rank.ACE]:
            return N_("ace-two-three of one suit")
        if ranks == [Rank.SEVEN, Rank.EIGHT, Rank.ACE]:
            return N_("ace-seven-eight of one suit")
        if ranks[2] - ranks[1] == 1 and ranks[1] - ranks[0] == 1:
            return N_("a run of three in one suit")
        return N_("a hand of one suit that is not a sequence")
    if len(suits) == 2:
        return N_("a hand of two cards of one suit and one other")
    return N_("a hand of three suits")


def _who(rules: Rules, capital: bool = False) -> Said:
    """The rule set as a sentence names it ("Peel", "the Swedish text"); ``capital`` when
    it starts the sentence."""
    if isinstance(rules, SwedishRules):
        return said("The Swedish text") if capital else said("the Swedish text")
    if rules.limited is not Limited.NONE:
        return said("Peel's {variant}", variant=rules.limited.said)
    if rules.options:
        return said("Peel with the {size}-card pack by the house rule", size=rules.pack.size)
    return said("Peel")


_NOUNS = {
    Category.TRICON: N_("a tricon"),
    Category.SEQUENCE: N_("a sequence"),
    Category.FLUSH: N_("a flush"),
    Category.PAIR: N_("a pair"),
    Category.POINT: N_("point"),
    Category.TRETAL: N_("a tretal"),
    Category.SEKVENS: N_("a sekvens"),
    Category.POANG: N_("poäng"),
    Category.INGENTING: N_("ingenting"),
}

# The sentences of a hand whose combination differs in kind, one for each case: the shape
# is the combination's own name ("a pair counts to Peel"), or not ("... is a sequence to");
# the other rule set's is lower ("only"), or ingenting (which may not be laid up).
_COUNTS = N_("{hand}: {shape} counts to {ref} but not to {other}, where the hand is {noun}.")
_COUNTS_ONLY = N_(
    "{hand}: {shape} counts to {ref} but not to {other}, where the hand is only {noun}."
)
_COUNTS_NOT_LAID = N_(
    "{hand}: {shape} counts to {ref} but not to {other}, where the hand is {noun}, which may "
    "not be laid up."
)
_IS = N_("{hand}: {shape} is {noun} to {ref} but {other_noun} to {other}.")
_IS_ONLY = N_("{hand}: {shape} is {noun} to {ref} but only {other_noun} to {other}.")
_IS_NOT_LAID = N_(
    "{hand}: {shape} is {noun} to {ref} but {other_noun} to {other}, which may not be laid up."
)


def _category_reason(
    index: int, cards: Sequence[Card], ref: Rules, a: Category, other: Rules, b: Category
) -> Reason:
    only = _HEIGHT[b.family] < _HEIGHT[a.family] and b is not Category.INGENTING
    not_laid = b is Category.INGENTING
    shape = _shape(cards)
    values: dict[str, Word] = {
        "hand": Mention("hand", (index,), capital=True),
        "shape": said(shape),
        "ref": _who(ref),
        "other": _who(other),
    }
    if shape == _NOUNS[a]:  # "a pair is a pair to Peel" says nothing: say it counts
        template = _COUNTS_ONLY if only else _COUNTS_NOT_LAID if not_laid else _COUNTS
        values["noun"] = said(_NOUNS[b])
    else:
        template = _IS_ONLY if only else _IS_NOT_LAID if not_laid else _IS
        values["noun"] = said(_NOUNS[a])
        values["other_noun"] = said(_NOUNS[b])
    cites: list[Citation] = [a.citation]
    slugs: list[str] = []
    if b is Category.INGENTING:
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
    return Reason.about(template, tuple(dict.fromkeys(cites)), tuple(slugs), **values)


def _category_disagreements(judgements: list[tuple[str, Showdown]]) -> list[Disagreement]:
    if len(judgements) < 2:
        return []
    ref_label, ref = judgements[0]
    out: list[Disagreement] = []
    for i, ref_value in enumerate(ref.values):
        said_already: set[tuple[Category, Category, Said]] = set()
        for label, other in judgements[1:]:
            value = other.values[i]
            if value.category.family is ref_value.category.family:
                continue
            key = (ref_value.category, value.category, _who(other.rules))
            if key in said_already:
                continue
            said_already.add(key)
            reason = _category_reason(
                i, ref_value.cards, ref.rules, ref_value.category, other.rules, value.category
            )
            out.append(Disagreement("category", (i,), (ref_label, label), reason))
    return out


# --------------------------------------------------------------------------- winners


def _winner_words(result: Showdown) -> Said:
    """Who wins, in words: "hand 2 wins (pair of nines and a king)"."""
    winners = result.winners
    if not winners:
        return said("nobody wins")
    value = result.values[winners[0]].said
    who = Mention.of("hand", winners)
    if len(winners) == 1:
        return said("{winners} wins ({value})", winners=who, value=value)
    return said("{winners} share the win ({value})", winners=who, value=value)


def _winner_disagreements(judgements: list[tuple[str, Showdown]]) -> list[Disagreement]:
    if len(judgements) < 2:
        return []
    ref_label, ref = judgements[0]
    out: list[Disagreement] = []
    for label, other in judgements[1:]:
        if other.winners == ref.winners:
            continue
        reason = _winner_reason(ref, other)
        hands = tuple(sorted(set(ref.winners) | set(other.winners)))
        out.append(Disagreement("winner", hands, (ref_label, label), reason))
    return out


@dataclass(frozen=True)
class _Lowered(Said):
    """Words that go on a sentence after a colon or a comma: their first letter in lower
    case, or, when they start with players or hands, those without their capital (so that a
    name keeps its own), in whatever language they are written.

    >>> from games.engine.wording import said
    >>> _lowered(said("A tricon beats a sequence")).words()
    'a tricon beats a sequence'
    >>> tied = said("{tied} tie", tied=Mention("hand", (0, 1), capital=True))
    >>> _lowered(tied).words(), _lowered(tied).words(["ann", "Bo"])
    ('hands 1 and 2 tie', 'ann and Bo tie')
    """

    def words(self, names: Sequence[str] | None = None, speak: Speaker | None = None) -> str:
        speak = speak or ENGLISH
        template = (
            speak.text(self.template)
            if self.plural is None
            else speak.text_n(self.template, self.plural, self.count)
        )
        values = dict(self.values)
        first = next(iter(_FORMATTER.parse(template)), None)
        if first is not None and not first[0] and first[1] is not None:
            mention = values.get(first[1])
            if isinstance(mention, Mention):
                values[first[1]] = replace(mention, capital=False)
                plain = Said(self.template, tuple(values.items()), self.plural, self.count)
                return plain.words(names, speak)
        text = Said(self.template, self.values, self.plural, self.count).words(names, speak)
        return text[:1].lower() + text[1:]


def _lowered(words: Said) -> _Lowered:
    return _Lowered(words.template, words.values, words.plural, words.count)


def _words_of(reason: Reason) -> Said:
    """A reason's words as words to put in others (its template is a message id)."""
    return Said(reason.template, reason.who)


def _why(reason: Reason) -> Said:
    """A comparison's words without the full stop (:func:`~games.engine.commerce.compare`)."""
    words = reason.mentions["why"]
    assert isinstance(words, Said)
    return words


def _winner_reason(a: Showdown, b: Showdown) -> Reason:
    sentences: list[Said] = [
        said(
            "{rules}: {winners}; {other_rules}: {other_winners}.",
            rules=a.rules.heading,
            winners=_winner_words(a),
            other_rules=b.rules.heading,
            other_winners=_winner_words(b),
        )
    ]
    cites: list[Citation] = []
    slugs: list[str] = []

    def add(words: Said, *behind: Reason) -> None:
        """Add a sentence, and the paragraphs and rulings of the reasons behind it."""
        sentences.append(words)
        for reason in behind:
            cites.extend(reason.citations)
            slugs.extend(reason.rulings)

    for result in (a, b):
        if not result.winners and result.decider is not None:
            add(_words_of(result.decider), result.decider)
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
                category = _category_reason(
                    index, ref_value.cards, a.rules, ref_value.category, b.rules, value.category
                )
                add(_words_of(category), category)
        sign_a, why_a = compare(va_x, va_y, a.rules)
        sign_b, why_b = compare(vb_x, vb_y, b.rules)
        if sign_a == 0 and sign_b == 0:
            for result in (a, b):
                if result.decider is not None:
                    words = said(
                        "{rules}: {decision}",
                        rules=_who(result.rules, capital=True),
                        decision=_lowered(_words_of(result.decider)),
                    )
                    add(words, result.decider)
        else:
            words = said(
                "{hands}: to {rules}, {why}; to {other_rules}, {other_why}.",
                hands=Mention("hand", (x, y), capital=True),
                rules=_who(a.rules),
                why=_lowered(_why(why_a)),
                other_rules=_who(b.rules),
                other_why=_lowered(_why(why_b)),
            )
            add(words, why_a, why_b)
            if not explained and (_both_point(va_x, vb_x) or _both_point(va_y, vb_y)):
                add(
                    said(
                        "Peel's point counts all three cards; the Swedish poäng only the cards "
                        "of the suit held twice or three times."
                    )
                )
                cites.extend((peel("point"), swedish("poangsumma")))
    words = sentences[-1]
    for sentence in reversed(sentences[:-1]):
        words = said(_AND_THEN, sentence=sentence, next=words)
    return Reason.about(
        words.template,
        tuple(dict.fromkeys(cites)),
        tuple(dict.fromkeys(slugs)),
        **dict(words.values),
    )


# Translators: two sentences of an explanation, one after the other.
_AND_THEN = N_("{sentence} {next}")


def _both_point(peel_value: HandValue, other: HandValue) -> bool:
    return peel_value.category is Category.POINT and other.category is Category.POANG
