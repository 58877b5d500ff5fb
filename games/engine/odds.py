"""The odds of every hand: how often each combination is dealt, how strong a hand is among
all hands of the pack, and how often it is beaten by at least one of N other hands.

Every figure is for the hands *as dealt*, before any card is bought or exchanged, under one
rule set and pack: Peel's rules with either pack (``packs``, ``combinations``) and his
Limited Commerce (``limited-commerce-rule``), and the Swedish text's (``kombinationer``).
:func:`rule_sets` finds them in the registry of games (a game's options that choose a
variant the book describes: the pack, Limited Commerce), so a game registered tomorrow
with a rule set of its own gets its page too.

- **Counts** of each combination are exact: every hand of the pack is in the rule set's
  table (:func:`category_counts`).
- A hand's **percentile** is the share of all hands of the pack it beats, exactly
  (:func:`~games.engine.strength.strength`).
- **Beaten by at least one of N others**: for N = 1 exact (the heads-up chance of
  :mod:`games.engine.strength`: the opposing hands are counted). For N from 2 to 11 (six in
  the 32-card pack, which deals at most seven hands) the N hands are dealt from the cards
  left after the hand, and they share those cards: counting the deals in which none beats
  it means counting partitions of the remaining cards, which has no shortcut we know of.
  These figures are a stated simulation (:data:`SAMPLES` deals of the other hands for each
  hand, with its standard error), made once by ``python -m games.engine.odds`` into
  ``odds_beaten.txt`` beside this module and checked by a test that deals some of them again.
  A hand is *beaten* by a strictly stronger hand: a hand exactly equal does not beat it.

Hands that differ only by their suits (the ace, king and queen of spades, or of hearts) have
the same odds under both books, which rank no suit above another (Peel, ``combinations``):
the simulation deals for one hand of each such class (:func:`hand_class`).

Cox's 80-card game is not a showdown of three-card hands: its page gives the chance of each
scoring combination among the eight cards a player is dealt (:func:`cox_deal`), exactly.

>>> [r.rules.label for r in rule_sets()]  # doctest: +NORMALIZE_WHITESPACE
['Peel, 52 cards', 'Peel, 52 cards, Limited Commerce without Pair',
 'Peel, 52 cards, Limited Commerce of Tricon, Sequence and Point', 'Swedish text',
 'Peel, 32 cards', 'Peel, 32 cards, Limited Commerce without Pair',
 'Peel, 32 cards, Limited Commerce of Tricon, Sequence and Point']
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, sqrt
from pathlib import Path

from games.engine import cox as cox_engine
from games.engine.cards import CARDS, Card, Pack
from games.engine.citations import Citation, cox
from games.engine.commerce import Category, HandValue, Rules, Table, evaluate
from games.engine.games import CommerceGame, Config, Game, registered
from games.engine.strength import strength, strength_table
from games.engine.wording import N_, Said, said, said_n, speaker

__all__ = [
    "DATA",
    "MAX_OTHERS",
    "SAMPLES",
    "SEED",
    "Band",
    "Chance",
    "CategoryCount",
    "COX_DEALT",
    "CoxLine",
    "RuleSet",
    "beaten_by",
    "category_beaten",
    "category_counts",
    "cox_deal",
    "hand_class",
    "percentile_bands",
    "read_data",
    "rule_set",
    "rule_sets",
    "simulate",
    "write_data",
]

MAX_OTHERS = 11
"""The most other hands asked about: twelve hands of the 52-card pack (Peel, ``packs``)."""
SAMPLES = 2000
"""Deals of the other hands simulated for each class of hands (:func:`hand_class`)."""
SEED = "rulesite-odds-1"
"""The seed of the simulation: each class's deals are seeded by it, the pack and the class,
so any class can be dealt again alone and give the same counts."""
DATA = Path(__file__).with_name("odds_beaten.txt")
"""The simulation's counts, made by ``python -m games.engine.odds``."""


# --------------------------------------------------------------------------- rule sets


@dataclass(frozen=True, eq=False)
class RuleSet:
    """One rule set and pack as a page shows it: the first registered game that plays it,
    the options that choose it, and the rule set itself.

    >>> first = rule_sets()[0]
    >>> first.game.slug, first.query, first.others
    ('peel-new', {}, 11)
    >>> rule_sets()[4].query, rule_sets()[4].others
    ({'pack': '32'}, 6)
    """

    game: Game
    config: Config
    rules: Rules

    @property
    def query(self) -> dict[str, str]:
        """The options that differ from the game's defaults (what the page's address carries)."""
        return self.config.changed()

    @property
    def others(self) -> int:
        """The most other hands at a table of this rule set: one fewer than it deals, at most
        :data:`MAX_OTHERS`."""
        return min(MAX_OTHERS, self.rules.hand_limit - 1)


def _variant_options(game: Game) -> list[tuple[str, list[str]]]:
    """The options of ``game`` that choose a variant its book describes and that change how
    hands are valued: a choice without an editorial ruling (the pack, Limited Commerce)."""
    return [
        (o.name, [value for value, _ in o.values])
        for o in game.options
        if o.part == "hands" and o.ruling is None and o.kind == "choice"
    ]


@cache
def _rule_sets(version: int) -> tuple[RuleSet, ...]:
    found: dict[str, RuleSet] = {}
    for game in registered(lambda g: g.board == "hands"):
        assert isinstance(game, CommerceGame)
        options = _variant_options(game)
        names = [name for name, _ in options]
        for values in itertools.product(*(values for _, values in options)):
            config = game.configure(dict(zip(names, values, strict=True)))
            rules = game.hand_rules(config)
            found.setdefault(rules.label, RuleSet(game, config, rules))
    by_pack = sorted(found.values(), key=lambda r: -r.rules.pack.size)  # stable: 52 first
    return tuple(by_pack)


def rule_sets() -> list[RuleSet]:
    """Every rule set and pack that a registered game of three-card hands plays with its
    book's rules (no house rule chosen), once each, the 52-card pack first."""
    from games.engine.games import version

    return list(_rule_sets(version()))


def rule_set(game: Game, config: Config) -> RuleSet:
    """The rule set ``game`` plays under ``config`` (house rules included).

    >>> from games.engine.games import get
    >>> game = get("peel-old")
    >>> rule_set(game, game.configure({"limited": "no-pair"})).rules.label
    'Peel, 52 cards, Limited Commerce without Pair'
    """
    assert isinstance(game, CommerceGame)
    return RuleSet(game, config, game.hand_rules(config))


# --------------------------------------------------------------------------- counts


@dataclass(frozen=True)
class CategoryCount:
    """How many hands of the pack make a combination, and their share of all hands.

    >>> from games.engine.commerce import PeelRules
    >>> tricon = category_counts(PeelRules())[0]
    >>> tricon.category.value, tricon.hands, tricon.share
    ('tricon', 52, Fraction(1, 425))
    """

    category: Category
    hands: int
    """Hands of the pack that make it."""
    share: Fraction
    """The chance of being dealt it: ``hands`` over all hands of the pack."""
    weaker: Fraction
    """The share of all hands in the combinations below it (where its percentiles start)."""

    @property
    def citation(self) -> Citation:
        """The paragraph that defines the combination."""
        return self.category.citation


def category_counts(rules: Rules) -> tuple[CategoryCount, ...]:
    """Every combination of the rule set with its count and chance, best first (exact).

    >>> from games.engine.commerce import SwedishRules
    >>> [(c.category.value, c.hands) for c in category_counts(SwedishRules())]
    [('tretal', 52), ('sekvens', 44), ('poang', 13268), ('ingenting', 8736)]
    """
    counts = rules.table.counts()
    total = sum(counts.values())
    out = []
    below = total
    for category in rules.categories:
        below -= counts[category]
        out.append(
            CategoryCount(
                category,
                counts[category],
                Fraction(counts[category], total),
                Fraction(below, total),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class Band:
    """Where a combination lies on the scale of percentiles: from ``start`` to ``end`` (the
    shares of all hands weaker than its weakest hand and than its strongest)."""

    category: Category
    start: Fraction
    end: Fraction
    weakest: HandValue
    strongest: HandValue


def percentile_bands(rules: Rules) -> tuple[Band, ...]:
    """Each combination's stretch of the percentiles, worst first, with its weakest and
    strongest hands.

    >>> from games.engine.commerce import PeelRules
    >>> band = percentile_bands(PeelRules())[-1]
    >>> band.category.value, band.strongest.describe(), float(band.start)
    ('tricon', 'tricon of aces', 0.9976470588235294)
    """
    return _bands(rules.table)


@cache
def _bands(table: Table) -> tuple[Band, ...]:
    total = len(table.values)
    weakest: dict[Category, HandValue] = {}
    strongest: dict[Category, HandValue] = {}
    for value in table.values.values():
        c = value.category
        if c not in weakest or _order(value) < _order(weakest[c]):
            weakest[c] = value
        if c not in strongest or _order(value) > _order(strongest[c]):
            strongest[c] = value
    counts = table.counts()
    out = []
    start = 0
    for category in reversed(table.categories):
        if counts[category]:
            out.append(
                Band(
                    category,
                    Fraction(start, total),
                    Fraction(start + counts[category], total),
                    weakest[category],
                    strongest[category],
                )
            )
        start += counts[category]
    return tuple(out)


def _order(value: HandValue) -> tuple[int, int]:
    """Strength, then the cards' bitmask: among equal hands the same one is always shown."""
    return value.strength, value.key


# --------------------------------------------------------------------------- classes of hands


def hand_class(cards: Sequence[Card]) -> str:
    """The class of a hand under a change of suits: the codes of the least hand of the class
    (by bitmask), highest card first. Hands of one class have the same odds.

    >>> from games.engine.cards import PACK_52, parse_hand
    >>> hand_class(parse_hand("AH KH QH", PACK_52)), hand_class(parse_hand("QC KC AC", PACK_52))
    ('AC KC QC', 'AC KC QC')
    >>> hand_class(parse_hand("9S 9H 5H", PACK_52)) == hand_class(parse_hand("9D 9C 5D", PACK_52))
    True
    """
    return " ".join(str(c) for c in _canonical(tuple(cards)))


_CARD = {str(card): card for card in CARDS}
_PERMUTATIONS = tuple(itertools.permutations(range(4)))


def _canonical(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The least hand (by bitmask) of the hands ``cards`` becomes under a change of suits."""
    ranks = [c.index & ~3 for c in cards]  # the rank's first index (its clubs)
    suits = [c.index & 3 for c in cards]
    best = min(
        sum(1 << (r + perm[s]) for r, s in zip(ranks, suits, strict=True)) for perm in _PERMUTATIONS
    )
    hand = [CARDS[i] for i in range(52) if best >> i & 1]
    return tuple(sorted(hand, reverse=True))


@cache
def _classes(pack: Pack) -> dict[str, tuple[tuple[Card, ...], int]]:
    """Every class of hands of ``pack``: its least hand and how many hands it holds."""
    found: dict[str, tuple[tuple[Card, ...], int]] = {}
    for hand in itertools.combinations(pack.cards, 3):
        key = hand_class(hand)
        rep, weight = found.get(key, ((), 0))
        found[key] = (rep or _canonical(hand), weight + 1)
    return found


# --------------------------------------------------------------------------- the simulation


def _deal_again(
    tables: Sequence[Table], pack: Pack, key: str, cards: tuple[Card, ...], others: Sequence[int]
) -> list[list[int]]:
    """For each table: in how many of :data:`SAMPLES` deals at least one of the first n other
    hands beats the hand ``cards``, for n = 1 ... ``others`` of that table (cumulative)."""
    return _simulate_class(tables, pack, key, cards, others, SAMPLES, SEED)


def _simulate_class(
    tables: Sequence[Table],
    pack: Pack,
    key: str,
    cards: tuple[Card, ...],
    others: Sequence[int],
    samples: int,
    seed: str,
) -> list[list[int]]:
    rng = random.Random(f"{seed}|{pack.size}|{key}")  # a str seed is hashed: stable everywhere
    own = sum(c.bit for c in cards)
    rest = [c.bit for c in pack.cards if not c.bit & own]
    strengths = [{m: v.strength for m, v in t.values.items()} for t in tables]
    mine = [s[own] for s in strengths]
    most = max(others)
    first_beaten = [[0] * most for _ in tables]  # deals whose first beating hand is hand n
    for _ in range(samples):
        dealt = rng.sample(rest, 3 * most)
        masks = [dealt[i] | dealt[i + 1] | dealt[i + 2] for i in range(0, 3 * most, 3)]
        for t, table in enumerate(strengths):
            threshold = mine[t]
            for n in range(others[t]):
                if table[masks[n]] > threshold:
                    first_beaten[t][n] += 1
                    break
    return [list(itertools.accumulate(f[: others[t]])) for t, f in enumerate(first_beaten)]


def simulate(
    sets: Sequence[RuleSet],
    samples: int = SAMPLES,
    seed: str = SEED,
    only: Iterable[str] | None = None,
) -> dict[str, dict[str, tuple[int, list[int]]]]:
    """Deal ``samples`` times the other hands of one hand of each class, for every rule set
    in ``sets`` (the rule sets of one pack share the deals), or for the classes ``only``.

    The answer, by the rule set's label and the class: the class's number of hands and, for
    n = 1, 2, ..., the deals in which at least one of the first n other hands beat it.

    >>> from games.engine.games import get
    >>> game = get("peel-old")
    >>> sets = [rule_set(game, game.configure({"pack": "32"}))]
    >>> simulate(sets, samples=50, only=["AH AD AC"])["Peel, 32 cards"]["AH AD AC"]
    (4, [0, 0, 0, 0, 0, 0])
    """
    wanted = None if only is None else set(only)
    out: dict[str, dict[str, tuple[int, list[int]]]] = {s.rules.label: {} for s in sets}
    packs = {s.rules.pack for s in sets}
    for pack in sorted(packs, key=lambda p: -p.size):
        group = [s for s in sets if s.rules.pack == pack]
        tables = [s.rules.table for s in group]
        others = [s.others for s in group]
        for key, (cards, weight) in _classes(pack).items():
            if wanted is not None and key not in wanted:
                continue
            counts = _simulate_class(tables, pack, key, cards, others, samples, seed)
            for s, c in zip(group, counts, strict=True):
                out[s.rules.label][key] = (weight, c)
    return out


def write_data(path: Path = DATA, samples: int = SAMPLES, seed: str = SEED) -> None:
    """Simulate every rule set of :func:`rule_sets` and write the counts to ``path``."""
    sets = rule_sets()
    found = simulate(sets, samples, seed)
    lines = [
        "# The chance of being beaten by at least one of n other hands, simulated.",
        "# Made by `python -m games.engine.odds` (games/engine/odds.py); do not edit.",
        "# For each rule set: one line per class of hands (hands equal but for their suits):",
        "# its least hand, how many hands it holds, and for n = 1, 2, ... the deals (of",
        "# `samples`) in which at least one of the first n other hands beat it.",
        f"samples {samples}",
        f"seed {seed}",
    ]
    for s in sets:
        lines.append(f"rules {s.rules.label}")
        lines.append(f"others {s.others}")
        for key, (weight, counts) in found[s.rules.label].items():
            lines.append(f"{key} {weight} {' '.join(map(str, counts))}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class _Data:
    samples: int
    seed: str
    others: dict[str, int]
    counts: dict[str, dict[str, tuple[int, tuple[int, ...]]]]


def read_data(path: Path = DATA) -> _Data:
    """The simulation's counts as written by :func:`write_data`.

    >>> data = read_data()
    >>> data.samples, data.others["Peel, 32 cards"], len(data.counts["Peel, 52 cards"])
    (2000, 6, 1755)
    """
    samples, seed = 0, ""
    others: dict[str, int] = {}
    counts: dict[str, dict[str, tuple[int, tuple[int, ...]]]] = {}
    label = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "samples":
            samples = int(rest)
        elif word == "seed":
            seed = rest
        elif word == "rules":
            label = rest
            counts[label] = {}
        elif word == "others":
            others[label] = int(rest)
        else:
            parts = line.split(" ")
            key, numbers = " ".join(parts[:3]), [int(p) for p in parts[3:]]
            counts[label][key] = (numbers[0], tuple(numbers[1:]))
    return _Data(samples, seed, others, counts)


@cache
def _data() -> _Data:
    return read_data(DATA)


# --------------------------------------------------------------------------- beaten by N


@dataclass(frozen=True)
class Chance:
    """The chance of being beaten by at least one of ``others`` other hands: exact (a
    fraction, ``error`` 0) or simulated (``samples`` deals, ``error`` its standard error).

    >>> Chance(2, 0.25, False, 0.01, 2000).percent
    '25.0%'
    """

    others: int
    chance: Fraction | float
    exact: bool
    error: float = 0.0
    samples: int = 0

    @property
    def percent(self) -> str:
        """The chance as a percentage, to a tenth."""
        return f"{float(self.chance) * 100:.1f}%"

    @property
    def error_percent(self) -> str:
        """The standard error in percentage points, to a tenth, or a hundredth below one
        ("" for an exact chance).

        >>> Chance(2, 0.001, False, 0.0007, 2000).error_percent
        '0.07'
        """
        if self.exact:
            return ""
        points = self.error * 100
        return f"{points:.1f}" if points >= 0.095 else f"{points:.2f}"


def _simulated(label: str) -> dict[str, tuple[int, tuple[int, ...]]] | None:
    data = _data()
    return data.counts.get(label)


def beaten_by(cards: Sequence[Card] | HandValue, rules: Rules, others: int) -> tuple[Chance, ...]:
    """The chance that a hand is beaten by at least one of 1, 2, ... ``others`` other hands
    dealt from the cards left: exact for one and two (counted), simulated for more. Without
    a simulation of the rule set (a house rule that changes how hands rank) only the first.

    >>> from games.engine.cards import PACK_52, parse_hand
    >>> from games.engine.commerce import PeelRules
    >>> odds = beaten_by(parse_hand("KS KH KD", PACK_52), PeelRules(), 11)
    >>> odds[0].chance, odds[0].exact, odds[1].exact, odds[2].exact, len(odds)
    (Fraction(1, 4606), True, True, False, 11)
    """
    value = cards if isinstance(cards, HandValue) else evaluate(cards, rules)
    heads_up = strength(value, rules)
    out = [Chance(1, Fraction(heads_up.losses, heads_up.opponents), True)]
    if heads_up.losses == 0:  # no hand the cards left can make beats it: never, exactly
        return tuple(Chance(n, Fraction(0), True) for n in range(1, others + 1))
    found = _simulated(_data_label(rules))
    if found is None:
        return tuple(out)
    samples = _data().samples
    _, counts = found[hand_class(value.cards)]
    if others >= 2:
        out.append(Chance(2, beaten_by_two(value, rules), True))
    for n in range(3, min(others, len(counts)) + 1):
        p = counts[n - 1] / samples
        out.append(Chance(n, p, False, sqrt(_variance(counts[n - 1], samples)), samples))
    return tuple(out)


def beaten_by_two(value: HandValue, rules: Rules) -> Fraction:
    """The exact chance that at least one of two other hands, dealt from the cards left,
    beats ``value``: twice the heads-up chance, less the chance that both do.

    Both do in the ordered pairs of disjoint hands that beat it, counted by inclusion and
    exclusion over the cards they would share: with S the hands of the cards left that beat
    it, d(c) and d(p) those holding a card c or a pair p, the pairs of S that share no card
    are |S|^2 - sum d(c)^2 + sum d(p)^2 - |S|. The d(p) are read from the sorted strengths
    of :mod:`games.engine.strength` (a bisection each): a few milliseconds.

    >>> from games.engine.cards import PACK_52, parse_hand
    >>> from games.engine.commerce import PeelRules
    >>> beaten_by_two(evaluate(parse_hand("KS KH KD", PACK_52), PeelRules()), PeelRules())
    Fraction(1, 2303)
    """
    st = strength_table(rules.table)
    values = rules.table.values
    s = value.strength
    own = [c.bit for c in value.cards]
    rest = [c.bit for c in rules.pack.cards if c.bit not in own]
    by_card = dict.fromkeys(rest, 0)
    squares = 0
    total = 0
    for x, y in itertools.combinations(rest, 2):
        strengths = st.by_pair[x | y]
        d = len(strengths) - bisect_right(strengths, s)
        if d:
            d -= sum(1 for h in own if values[x | y | h].strength > s)
            squares += d * d
            by_card[x] += d
            by_card[y] += d
            total += d
    held = total // 3  # every hand of S holds three pairs
    cards_squared = sum((d // 2) ** 2 for d in by_card.values())  # two pairs of a hand hold c
    both = held * held - cards_squared + squares - held
    left = len(rest)
    one = Fraction(held, comb(left, 3))
    return 2 * one - Fraction(both, comb(left, 3) * comb(left - 3, 3))


def _variance(count: int, samples: int) -> float:
    """The variance of a share of ``count`` in ``samples`` deals, from (count + 1) /
    (samples + 2), so that none (or all) of 2,000 deals is not read as certain.

    >>> round(sqrt(_variance(0, 2000)) * 100, 3)  # percentage points
    0.05
    """
    p = (count + 1) / (samples + 2)
    return p * (1 - p) / samples


def _data_label(rules: Rules) -> str:
    """The label the simulation knows the rule set by; a house rule that changes how hands
    rank makes a rule set it does not know."""
    changed = ", ".join(f"{k}={v}" for k, v in sorted(rules.options.items()) if k != "exact_ties")
    return f"{rules.label} ({changed})" if changed else rules.label


def category_beaten(rules: Rules, others: int) -> dict[Category | None, tuple[Chance, ...]]:
    """For each combination, and for all hands (key None): the chance that a hand dealt of it
    is beaten by at least one of 1, 2, ... ``others`` other hands (every hand of it equally
    likely). Exact for one; simulated for more, the standard error from each class's.

    >>> from games.engine.commerce import PeelRules
    >>> overall = category_beaten(PeelRules(), 11)[None]
    >>> overall[0].exact, 0.45 < overall[0].chance < 0.5, overall[10].chance > 0.85
    (True, True, True)
    """
    return _category_beaten(rules.table, _data_label(rules), rules, others)


@cache
def _category_beaten(
    table: Table, label: str, rules: Rules, others: int
) -> dict[Category | None, tuple[Chance, ...]]:
    found = _simulated(label)
    samples = _data().samples
    # The classes and their sizes: the simulation's, else counted (a second at first use).
    classes = (
        {key: weight for key, (weight, _) in found.items()}
        if found is not None
        else {key: weight for key, (_, weight) in _classes(table.pack).items()}
    )
    groups: dict[Category | None, list[tuple[str, HandValue, int]]] = {}
    for key, weight in classes.items():
        value = table.values[sum(_CARD[code].bit for code in key.split(" "))]
        groups.setdefault(value.category, []).append((key, value, weight))
        groups.setdefault(None, []).append((key, value, weight))
    out: dict[Category | None, tuple[Chance, ...]] = {}
    for category, members in groups.items():
        total = sum(w for _, _, w in members)
        lost = 0
        never = set()  # classes no hand of the cards left beats: 0 exactly, for any number
        for key, value, weight in members:
            losses = strength(value, rules).losses
            lost += weight * losses
            if not losses:
                never.add(key)
        opponents = strength(members[0][1], rules).opponents
        chances = [Chance(1, Fraction(lost, total * opponents), True)]
        if found is not None:
            for n in range(2, others + 1):
                mean, variance = 0.0, 0.0
                for key, _, weight in members:
                    if key in never:
                        continue
                    count = found[key][1][n - 1]
                    mean += weight * count / samples
                    variance += weight * weight * _variance(count, samples)
                chances.append(Chance(n, mean / total, False, sqrt(variance) / total, samples))
        out[category] = tuple(chances)
    return out


# --------------------------------------------------------------------------- Cox's deal

COX_DEALT = 8
"""The cards each player is dealt: "until each player has EIGHT CARDS" (cox ``dealing``)."""


@dataclass(frozen=True)
class CoxLine:
    """One line of Cox's deal: what the eight cards dealt hold (``title``), its exact
    chance, what it is worth when counted (``worth``: points, or what it does) and the
    paragraphs; ``brief`` is the line in a few words, as a chart labels it.

    The words are :class:`~games.engine.wording.Said` (message ids and their values): ``label``,
    ``points`` and ``short`` write them in English (what the API sends), :meth:`render_label`,
    :meth:`render_points` and :meth:`render_short` in the language of the page.

    >>> line = CoxLine(said("A captain"), Fraction(1, 4), said("3"), (), said("Captain"))
    >>> line.label, line.points, line.short
    ('A captain', '3', 'Captain')
    """

    title: Said
    chance: Fraction
    worth: Said
    citations: tuple[Citation, ...]
    brief: Said = Said("")

    @property
    def label(self) -> str:
        """What the cards dealt hold, in English."""
        return str(self.title)

    @property
    def points(self) -> str:
        """What the line is worth when counted, in English."""
        return str(self.worth)

    @property
    def short(self) -> str:
        """The line in a few words, in English."""
        return str(self.brief)

    def render_label(self) -> str:
        """:attr:`label` in the language being written (:func:`~games.engine.wording.speaker`)."""
        return _render(self.title)

    def render_points(self) -> str:
        """:attr:`points` in the language being written."""
        return _render(self.worth)

    def render_short(self) -> str:
        """:attr:`short` in the language being written."""
        return _render(self.brief)

    @property
    def percent(self) -> str:
        """The chance as a percentage, to a hundredth.

        >>> CoxLine(said("x"), Fraction(1, 10), said(""), ()).percent
        '10.00%'
        """
        return f"{float(self.chance) * 100:.2f}%"


def _render(words: Said) -> str:
    """``words`` in the language being written; no words are no words (the empty message id
    is a catalogue's header)."""
    return words.words(None, speaker()) if words.template else ""


def _line(
    label: str, chance: Fraction, points: str, citations: tuple[Citation, ...], short: str
) -> CoxLine:
    """A line whose words are message ids without placeholders (marked by the caller)."""
    return CoxLine(said(label), chance, said(points), citations, said(short))


def _ways(kinds: Sequence[tuple[int, Sequence[int]]], cards: int) -> int:
    """The ways to choose ``cards`` distinct cards from kinds of cards, each kind given as
    (how many the pack holds, the numbers of it allowed), others drawn freely."""
    poly = [1]
    for held, allowed in kinds:
        term = [comb(held, k) if k in allowed else 0 for k in range(held + 1)]
        new = [0] * (len(poly) + held)
        for i, a in enumerate(poly):
            if a:
                for j, b in enumerate(term):
                    if b:
                        new[i + j] += a * b
        poly = new
    return poly[cards] if cards < len(poly) else 0


def cox_deal() -> tuple[CoxLine, ...]:
    """The chance of each scoring combination among the eight cards a player is dealt in
    Cox's game, counted exactly over the pack.

    A greenback dealt is laid out at once and replaced (cox ``playing``), so a player's
    eight cards in hand are eight of the 76 other cards, every choice equally likely, and
    the greenbacks he lays out are those he meets before his eighth other card. The
    combinations are counted as dealt, without the captains or the bank card standing in
    for a card (which they may, cox ``special-cards`` and ``bank-card``): their own lines
    say how often a player holds one.

    >>> lines = {line.label: line for line in cox_deal()}
    >>> lines["The bank card"].chance
    Fraction(2, 19)
    >>> sum(line.chance for line in cox_deal() if line.label.startswith("Greenbacks laid out"))
    Fraction(1, 1)
    """
    suits = [c for c in cox_engine.DISTINCT_CARDS if c.category == "suit"]
    low = [c for c in suits if c.number <= 4]
    fives = [c for c in suits if c.number == 5]
    captains = [c for c in cox_engine.DISTINCT_CARDS if c.category == "captain"]
    honours = cox_engine.HONOR_KINDS
    per_kind = sum(1 for c in cox_engine.DISTINCT_CARDS if c.category == "honor") // len(honours)
    greenbacks = sum(1 for c in cox_engine.DISTINCT_CARDS if c.category == "greenback")
    others = len(cox_engine.PACK) - greenbacks
    total = comb(others, COX_DEALT)
    free = others - sum(c.pack_count for c in suits)  # captains, the bank card, honours

    def none_of(kinds: Sequence[int], at_most: int, rest: int) -> Fraction:
        """1 - the share of hands in which no kind of ``kinds`` is held more than
        ``at_most`` times (the other ``rest`` cards drawn freely)."""
        allowed = range(at_most + 1)
        ways = _ways([*((k, allowed) for k in kinds), *((1, (0, 1)) for _ in range(rest))], 8)
        return 1 - Fraction(ways, total)

    def suit_at_least(group: Sequence[cox_engine.CoxCard], size: int) -> Fraction:
        return none_of([c.pack_count for c in group], size - 1, others - 4 * len(group))

    def honours_exactly(size: int) -> Fraction:
        allowed = [k for k in range(per_kind + 1) if k != size]
        kinds = [(per_kind, allowed) for _ in honours]
        rest = others - per_kind * len(honours)
        ways = _ways([*kinds, *((1, (0, 1)) for _ in range(rest))], COX_DEALT)
        return 1 - Fraction(ways, total)

    black_per_suit = others - free + len(captains)
    black_per_suit //= len(cox_engine.SUITS)
    non_black = others - black_per_suit * len(cox_engine.SUITS)
    clear = len(cox_engine.SUITS) * (
        comb(black_per_suit + non_black, COX_DEALT) - comb(non_black, COX_DEALT)
    ) + comb(non_black, COX_DEALT)

    suit_points = (cox("counting-suit-cards"),)
    honour_points = (cox("counting-honor-cards"),)
    lines = [
        _line(
            N_("Two alike of a number and suit (a pair)"),
            suit_at_least(suits, 2),
            N_("a pair completes a hand"),
            (cox("completed-hand"),),
            N_("A pair"),
        ),
        _line(
            N_("Three alike of a number 1-4 and suit"),
            suit_at_least(low, 3),
            "3",
            suit_points,
            N_("Three"),
        ),
        _line(N_("Three 5s of a suit"), suit_at_least(fives, 3), "5", suit_points, N_("Three 5s")),
        _line(
            N_("Four alike of a number 1-4 and suit"),
            suit_at_least(low, 4),
            "5",
            suit_points,
            N_("Four"),
        ),
        _line(N_("Four 5s of a suit"), suit_at_least(fives, 4), "10", suit_points, N_("Four 5s")),
        _line(
            N_("Exactly two honours of a kind (fruits, grains or industries)"),
            honours_exactly(2),
            "3",
            (*honour_points, cox("honor-cards")),
            N_("Two honours"),
        ),
        _line(
            N_("Three honours of a kind"),
            honours_exactly(3),
            "5",
            honour_points,
            N_("Three honours"),
        ),
        _line(
            N_("All four honours of a kind"),
            honours_exactly(4),
            "10",
            honour_points,
            N_("Four honours"),
        ),
        _line(
            N_("A captain"),
            1 - Fraction(comb(others - len(captains), COX_DEALT), total),
            N_("stands for a card of its suit"),
            (cox("special-cards"),),
            N_("A captain"),
        ),
        _line(
            N_("The bank card"),
            1 - Fraction(comb(others - 1, COX_DEALT), total),
            N_("doubles the score"),
            (cox("bank-card"),),
            N_("The bank card"),
        ),
        _line(
            N_("A clear hand (black cards of one suit only)"),
            Fraction(clear, total),
            N_("no penalty of 5"),
            (cox("penalty"), cox("clear-hand-honors")),
            N_("A clear hand"),
        ),
    ]
    # Greenbacks met before the eighth other card: the eighth other card is card 8 + g.
    deal_orders = comb(len(cox_engine.PACK), greenbacks)
    for g in range(greenbacks + 1):
        ways = comb(COX_DEALT - 1 + g, g) * comb(
            len(cox_engine.PACK) - COX_DEALT - g, greenbacks - g
        )
        lines.append(
            CoxLine(
                said(N_("Greenbacks laid out in the deal: {count}"), count=g),
                Fraction(ways, deal_orders),
                Said("{points}", (("points", 0 if not g else 3 * g + 3),))
                if not g or g == greenbacks
                else said(
                    N_("{points}, or {with_own} with his own"), points=3 * g, with_own=3 * g + 3
                ),
                (cox("playing"), cox("greenbacks")),
                said_n("{count} greenback", "{count} greenbacks", g, count=g),
            )
        )
    mean = sum((g * line.chance for g, line in enumerate(lines[-(greenbacks + 1) :])), Fraction(0))
    lines.append(
        _line(
            N_("The greenback of his own Supply Base"),
            mean / greenbacks,
            "6",
            (cox("greenbacks"),),
            N_("Own greenback"),
        )
    )
    return tuple(lines)


# --------------------------------------------------------------------------- command line


def main(argv: Sequence[str]) -> int:
    """``python -m games.engine.odds``: simulate every rule set, write :data:`DATA`."""
    started = time.perf_counter()
    write_data(DATA)
    print(f"wrote {DATA} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
