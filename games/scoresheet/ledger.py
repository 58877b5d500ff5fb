"""The glue of a score sheet: recorded deals in, the engine's accounts out.

A sheet stores what the table did -- who dealt, the hands shown (or only the result), the
purchases, who stood, a horse bought -- never a running total. :func:`compute` replays
those entries through the engine (:mod:`games.engine.cards`, :mod:`~games.engine.commerce`,
:mod:`~games.engine.settlement`, :mod:`~games.engine.pool`, :mod:`~games.engine.cox`) and
returns every deal's transfers with their reasons, the running accounts, whose deal is
next and whether now is a fair moment to stop. No payout rule is written here: this
module only converts the sheet's data to the engine's arguments and back.

Everything is plain Python (no Django), so the property tests can replay thousands of
sheets quickly.

>>> spec = make_spec("peel-old", ["Ann", "Bob", "Cy"], stake="1", options={})
>>> deal = clean_entry(spec, "deal", {"dealer": 0, "mode": "hands",
...     "hands": [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"]]})
>>> sheet = compute(spec, [Entry("deal", deal)])
>>> [str(t) for t in sheet.totals], sheet.next_dealer
(['2', '-1', '-1'], 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Final, Literal

from games.engine import cox as cox_engine
from games.engine.cards import CardError, parse_card, parse_hands
from games.engine.citations import Citation, Reason
from games.engine.commerce import (
    Limited,
    PeelRules,
    Showdown,
    SwedishRules,
    rules_from_name,
    showdown,
)
from games.engine.deal import settle_deal
from games.engine.pool import PoolGame, PoolOptions, apply_deal, buy_horse
from games.engine.settlement import (
    HandOutcome,
    PeelNewOptions,
    Settlement,
    SettlementError,
    SwedishOptions,
    next_dealer,
    parse_amount,
    rotation_reason,
    settle_peel_new,
    settle_peel_old,
    settle_swedish,
    suggest_end,
    turns_dealt,
)
from games.engine.wording import name_players
from games.forms_util import cox_deal_error, ruling_for_option, split_field

__all__ = [
    "RULE_SETS",
    "Entry",
    "EntryError",
    "OptionSpec",
    "RuleSet",
    "Sheet",
    "SpecError",
    "clean_entry",
    "compute",
    "format_amount",
    "make_spec",
]

MAX_NAME = 40
MAX_BOUGHT = 52
MAX_COX_SCORE = 1000

# --- Rule sets and their house-rule options ------------------------------------------------


@dataclass(frozen=True)
class RuleSet:
    """A kind of sheet: the engine's rule set, its rotation and the inputs a deal needs."""

    slug: str
    label: str
    book: Literal["english", "swedish", "cox"]
    rotation: Literal["english-new", "english-old", "pool", "swedish"] | None
    options: tuple[str, ...]
    stood: bool = False
    bought: bool = False
    stake: bool = True
    categories_needed: bool = True


RULE_SETS: Final = {
    r.slug: r
    for r in (
        RuleSet(
            "peel-new",
            "Peel's new game",
            "english",
            "english-new",
            (
                "pack",
                "limited",
                "flush_ties",
                "short_pack_ace_low",
                "exact_ties",
                "stander_pays",
                "dealer_penalty",
                "tie_dealer_stake",
                "extended",
                "same_dealer",
            ),
            stood=True,
            bought=True,
        ),
        RuleSet(
            "peel-old",
            "Peel's old game",
            "english",
            "english-old",
            ("pack", "limited", "flush_ties", "short_pack_ace_low", "exact_ties"),
        ),
        RuleSet(
            "pool",
            "Pool Commerce",
            "english",
            "pool",
            (
                "pack",
                "limited",
                "flush_ties",
                "short_pack_ace_low",
                "exact_ties",
                "buy_in",
                "prize",
                "horse_price",
                "tied_worst",
                "horse",
            ),
            stake=False,
            categories_needed=False,
        ),
        RuleSet(
            "swedish", "Swedish rules", "swedish", "swedish", ("poang_ties", "tie"), bought=True
        ),
        RuleSet(
            "cox",
            "Cox's Commerce",
            "cox",
            None,
            (
                "prefer_complete_arrangement",
                "bank_counts_in_clear_hand",
                "penalty_before_double",
                "sell_out_requires_clear_hand",
                "bank_pairs_with_captain",
            ),
            stake=False,
        ),
    )
}
"""The five kinds of sheet, by slug."""


@dataclass(frozen=True)
class OptionSpec:
    """One house-rule option a sheet can set: a choice, a yes/no or an amount.

    ``ruling`` is the engine's ruling whose option it is, when there is one (its
    alternatives are the choices, worded by the engine).
    """

    name: str
    label: str
    kind: Literal["choice", "amount"]
    choices: tuple[tuple[str, str], ...] = ()
    default: str = ""
    ruling: str | None = None


def _ruling_option(name: str, label: str) -> OptionSpec:
    found = ruling_for_option(name)
    assert found.default is not None
    return OptionSpec(name, label, "choice", found.alternatives, found.default, found.slug)


_YES_NO = (("false", "no"), ("true", "yes"))
_LIMITED_WORDS = {
    "none": "All five: Tricon, Sequence, Flush, Pair, Point",
    "no-pair": "Limited Commerce without Pair",
    "tricon-sequence-point": "Limited Commerce: Tricon, Sequence and Point only",
}

OPTIONS: Final = {
    o.name: o
    for o in (
        OptionSpec(
            "pack",
            "Pack",
            "choice",
            (
                ("52", "52 cards (up to 12 players)"),
                ("32", "32 cards, seven to ace (up to 7 players)"),
            ),
            "52",
        ),
        OptionSpec(
            "limited",
            "Combinations",
            "choice",
            tuple((m.value, _LIMITED_WORDS[m.value]) for m in Limited),
            "none",
        ),
        _ruling_option("flush_ties", "Two flushes of equal point"),
        _ruling_option("short_pack_ace_low", "Ace, seven, eight in the 32-card pack"),
        _ruling_option("exact_ties", "Exactly equal best hands"),
        _ruling_option("stander_pays", "A beaten stander pays"),
        _ruling_option("dealer_penalty", "Penalties for the dealer"),
        _ruling_option("tie_dealer_stake", "The dealer's stake when best hands are equal"),
        OptionSpec(
            "extended",
            "Extended Commerce (trading goes on until all are satisfied; nobody stands)",
            "choice",
            _YES_NO,
            "false",
        ),
        OptionSpec(
            "same_dealer",
            "The same dealer deals until someone holds a Tricon, Sequence or Flush",
            "choice",
            _YES_NO,
            "false",
        ),
        OptionSpec("buy_in", "Each player's buy-in for three counters", "amount", default="3"),
        OptionSpec(
            "prize", "The sum the winner of a deal takes from the pool", "amount", default="1"
        ),
        OptionSpec(
            "horse_price", "The price of a horse (one counter bought back)", "amount", default="1/2"
        ),
        _ruling_option("tied_worst", "Equal worst hands"),
        _ruling_option("horse", "Who may buy a horse"),
        _ruling_option("poang_ties", "Equal poäng sums"),
        _ruling_option("tie", "Best hands equal without the banker"),
        _ruling_option("prefer_complete_arrangement", "Captains and the bank card"),
        _ruling_option("bank_counts_in_clear_hand", "The bank card and a clear hand"),
        _ruling_option("penalty_before_double", "The bank card and the penalty"),
        _ruling_option("sell_out_requires_clear_hand", "Selling out with a hand not clear"),
        _ruling_option("bank_pairs_with_captain", "The bank card and a captain"),
    )
}
"""Every house-rule option, by name."""


# --- Amounts --------------------------------------------------------------------------------


def format_amount(value: Fraction | int | None, *, signed: bool = False) -> str:
    """An exact amount as people write it: ``2``, ``2.5``, ``1/3``; signed with a true minus.

    >>> format_amount(Fraction(5, 2)), format_amount(Fraction(-1, 3), signed=True)
    ('2.5', '−1/3')
    >>> format_amount(Fraction(3), signed=True), format_amount(0, signed=True)
    ('+3', '0')
    """
    if value is None:
        return ""
    value = Fraction(value)
    sign = "−" if value < 0 else ("+" if signed and value > 0 else "")
    magnitude = abs(value)
    d = magnitude.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if magnitude.denominator == 1:
        text = str(magnitude.numerator)
    elif d == 1 and magnitude.denominator <= 10_000:
        text = f"{float(magnitude):.4f}".rstrip("0").rstrip(".")
    else:
        text = f"{magnitude.numerator}/{magnitude.denominator}"
    return sign + text


# --- The sheet's specification ------------------------------------------------------------------


class SpecError(ValueError):
    """A bad rule set, player list, stake or option; ``field`` names the form field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Spec:
    """What a sheet is about: the rule set, the players round the table (clockwise, as
    the engine counts them), the stake and the house-rule options (as strings)."""

    rules: str
    players: tuple[str, ...]
    stake: Fraction | None
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def rule_set(self) -> RuleSet:
        return RULE_SETS[self.rules]

    @property
    def n(self) -> int:
        return len(self.players)

    def flag(self, name: str) -> bool:
        return self.options.get(name) == "true"

    @cached_property
    def hand_rules(self) -> PeelRules | SwedishRules | None:
        """The engine's rule set for judging hands (None for Cox)."""
        book = self.rule_set.book
        if book == "english":
            return rules_from_name(
                "english",
                pack=int(self.options["pack"]),
                limited=self.options["limited"],
                flush_ties=self.options["flush_ties"],
                short_pack_ace_low=self.options["short_pack_ace_low"],
                exact_ties=self.options["exact_ties"],
            )
        if book == "swedish":
            return rules_from_name("swedish", poang_ties=self.options["poang_ties"])
        return None

    @cached_property
    def categories(self) -> tuple[str, ...]:
        """The combinations a hand may be recorded as, best first."""
        rules = self.hand_rules
        return tuple(c.value for c in rules.categories) if rules is not None else ()

    @cached_property
    def peel_new_options(self) -> PeelNewOptions:
        return PeelNewOptions(
            stander_pays=self.options["stander_pays"],  # type: ignore[arg-type]
            dealer_penalty=self.options["dealer_penalty"],  # type: ignore[arg-type]
            extended=self.flag("extended"),
            tie_dealer_stake=self.options["tie_dealer_stake"],  # type: ignore[arg-type]
        )

    @cached_property
    def swedish_options(self) -> SwedishOptions:
        return SwedishOptions(tie=self.options["tie"])  # type: ignore[arg-type]

    @property
    def deal_options(self) -> dict[str, object]:
        """The options :func:`games.engine.deal.settle_deal` takes: valuing and settlement."""
        names = {
            "peel-new": (
                "flush_ties",
                "short_pack_ace_low",
                "exact_ties",
                "stander_pays",
                "dealer_penalty",
                "tie_dealer_stake",
            ),
            "peel-old": ("flush_ties", "short_pack_ace_low", "exact_ties"),
            "swedish": ("poang_ties", "tie"),
        }[self.rules]
        chosen: dict[str, object] = {name: self.options[name] for name in names}
        if self.rules == "peel-new":
            chosen["extended"] = self.flag("extended")
        return chosen

    @cached_property
    def cox_options(self) -> cox_engine.CoxOptions:
        return cox_engine.CoxOptions(**{name: self.flag(name) for name in self.rule_set.options})

    def new_pool(self) -> PoolGame:
        return PoolGame(
            self.n,
            self.options["buy_in"],
            self.options["prize"],
            self.options["horse_price"],
            PoolOptions(
                tied_worst=self.options["tied_worst"],  # type: ignore[arg-type]
                horse=self.options["horse"],
            ),  # type: ignore[arg-type]
        )

    @property
    def min_players(self) -> int:
        return cox_engine.PLAYERS[0] if self.rules == "cox" else 2

    @property
    def max_players(self) -> int:
        if self.rules == "cox":
            return cox_engine.PLAYERS[1]
        rules = self.hand_rules
        assert rules is not None
        return rules.hand_limit


_AMOUNT = re.compile(r"\d{1,9}(?:\.\d{1,6})?|\d{1,9}\s*/\s*[1-9]\d{0,8}")


def read_amount(raw: object, name: str) -> Fraction:
    """An amount as people write it -- ``1``, ``0.5``, ``1/2`` -- exactly, more than 0 and of
    a sensible size (an exponent like ``1e999999`` would make a number of a million digits).

    >>> read_amount("0.25", "stake"), read_amount(3, "prize")
    (Fraction(1, 4), Fraction(3, 1))
    >>> read_amount("1e999999", "stake")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.SpecError: stake: write a number more than 0, ...; not '1e999999'
    """
    if isinstance(raw, bool) or not isinstance(raw, str | int | float | Fraction):
        text = None
    elif isinstance(raw, float):
        text = repr(raw)
    else:
        text = str(raw).strip()
    if text is None or not _AMOUNT.fullmatch(text):
        raise SpecError(name, f"write a number more than 0, like 1, 0.5 or 1/2; not {raw!r}")
    try:
        return parse_amount(text, name)
    except SettlementError:
        raise SpecError(
            name, f"write a number more than 0, like 1, 0.5 or 1/2; not {raw!r}"
        ) from None


def make_spec(
    rules: str, players: Sequence[str], stake: object, options: Mapping[str, object]
) -> Spec:
    """Check and normalise a sheet's specification; raise :class:`SpecError` naming the field.

    Options missing from ``options`` take their defaults; options of other rule sets are
    dropped; amounts are kept as exact fractions written as text.

    >>> make_spec("swedish", ["Ann", "Bob"], "0.5", {"tie": "full-bonus"}).options
    {'poang_ties': 'equal', 'tie': 'full-bonus'}
    >>> make_spec("peel-new", ["Ann", "Ann"], 1, {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.SpecError: players: Ann is written twice; each player needs a name ...
    """
    if rules not in RULE_SETS:
        raise SpecError("rules", f"choose one of {', '.join(RULE_SETS)}, not {rules!r}")
    rule_set = RULE_SETS[rules]
    clean: dict[str, str] = {}
    for name in rule_set.options:
        option = OPTIONS[name]
        raw = options.get(name, option.default)
        if raw is None or raw == "":
            raw = option.default
        if isinstance(raw, bool):
            raw = "true" if raw else "false"
        if option.kind == "amount":
            clean[name] = str(read_amount(raw, name))
        else:
            allowed = [value for value, _ in option.choices]
            if not isinstance(raw, str | int) or str(raw) not in allowed:
                raise SpecError(name, f"choose one of {', '.join(allowed)}, not {raw!r}")
            clean[name] = str(raw)
    money: Fraction | None = None
    if rule_set.stake:
        money = read_amount(stake, "stake")
    names = _clean_players(players)
    spec = Spec(rules, names, money, clean)
    try:
        spec.hand_rules  # noqa: B018 -- the engine checks the rule set's options
    except ValueError as error:
        raise SpecError("options", str(error)) from None
    if not spec.min_players <= spec.n <= spec.max_players:
        raise SpecError(
            "players",
            f"{RULE_SETS[rules].label} needs {spec.min_players} to {spec.max_players} players"
            + (" with this pack" if rule_set.book == "english" else "")
            + f"; there {'is' if spec.n == 1 else 'are'} {spec.n}",
        )
    return spec


def _clean_players(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SpecError("players", "give the players as a list of names")
    names: list[str] = []
    for raw in players:
        if not isinstance(raw, str):
            raise SpecError("players", f"a player's name is text, not {raw!r}")
        name = " ".join(raw.split())
        if not name:
            continue
        if len(name) > MAX_NAME:
            raise SpecError("players", f"{name[:MAX_NAME]}… is longer than {MAX_NAME} letters")
        if name.casefold() in (n.casefold() for n in names):
            raise SpecError(
                "players", f"{name} is written twice; each player needs a name of his own"
            )
        names.append(name)
    return tuple(names)


# --- Entries: what is stored for each deal ----------------------------------------------------


class EntryError(ValueError):
    """A deal the sheet cannot take; ``field`` names the form field (``None``: the deal as a
    whole), ``index`` the entry it concerns when replaying a whole sheet."""

    def __init__(self, field: str | None, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.index = index


@dataclass(frozen=True)
class Entry:
    """One recorded event: a deal (``kind="deal"``) or a horse bought (``"horse"``), with
    its data as cleaned by :func:`clean_entry`."""

    kind: Literal["deal", "horse"]
    data: Mapping[str, Any]


def _index(value: object, name: str, n: int, *, optional: bool = False) -> int | None:
    if value is None or value == "":
        if optional:
            return None
        raise EntryError(name, "choose a player")
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise EntryError(name, f"must be a player's number, not {value!r}")
    try:
        number = int(value)
    except ValueError:
        raise EntryError(name, f"must be a player's number, not {value!r}") from None
    if not 0 <= number < n:
        raise EntryError(name, f"must be a player from 0 to {n - 1}, not {number}")
    return number


def _whole(
    value: object,
    name: str,
    low: int | None = None,
    high: int | None = None,
    *,
    default: int | None = None,
) -> int:
    if value is None or value == "":
        if default is not None:
            return default
        raise EntryError(name, "enter a number")
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise EntryError(name, f"must be a whole number, not {value!r}")
    try:
        number = int(value)
    except ValueError:
        raise EntryError(name, f"must be a whole number, not {value!r}") from None
    if low is not None and high is not None and not low <= number <= high:
        raise EntryError(name, f"must be from {low} to {high}, not {number}")
    return number


def _per_player(data: Mapping[str, Any], key: str, n: int) -> list[Any]:
    values = data.get(key)
    if not isinstance(values, list) or len(values) != n:
        raise EntryError(None, f"{key}: one value per player ({n}) is needed")
    return values


def clean_entry(spec: Spec, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check the shape of an entry's data and return it normalised (the engine checks the
    rules when the sheet is computed). Raises :class:`EntryError`.

    Deal data, Commerce: ``dealer``; ``mode`` ``"hands"`` with ``hands`` (three card codes
    per player, ``null`` for a player out of Pool Commerce) or ``"result"`` with ``places``
    (1 is best) and ``categories``; ``stood`` (Peel's new game) and ``bought`` (Peel's new
    game, Swedish). Cox: ``mode`` ``"cards"`` with ``cards`` (codes per player) or
    ``"result"`` with ``scores``, and ``bases`` (supply bases). A horse: ``player``.
    """
    if not isinstance(data, Mapping):
        raise EntryError(None, "an entry is an object of named values")
    n = spec.n
    rule_set = spec.rule_set
    if kind == "horse":
        if spec.rules != "pool":
            raise EntryError(None, "only Pool Commerce has horses")
        return {"player": _index(data.get("player"), "player", n)}
    if kind != "deal":
        raise EntryError(None, f"an entry is a deal or a horse, not {kind!r}")
    if spec.rules == "cox":
        return _clean_cox(spec, data)
    out: dict[str, Any] = {"dealer": _index(data.get("dealer"), "dealer", n)}
    if rule_set.stood:
        out["stood"] = None if spec.flag("extended") else _index(data.get("stood"), "stood", n)
    if rule_set.bought:
        raw = data.get("bought", [0] * n)
        if not isinstance(raw, list) or len(raw) != n:
            raise EntryError(None, f"bought: one count per player ({n}) is needed")
        out["bought"] = [
            _whole(v, f"bought_{i}", 0, MAX_BOUGHT, default=0) for i, v in enumerate(raw)
        ]
    mode = data.get("mode")
    if mode == "hands":
        hands = []
        for i, hand in enumerate(_per_player(data, "hands", n)):
            if (
                hand is None
                or hand == []
                or (isinstance(hand, list) and all(not str(c).strip() for c in hand))
            ):
                hands.append(None)
                continue
            if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
                raise EntryError(f"hand_{i}", "a hand is a list of three card codes")
            hands.append([_canonical(c) for c in hand])
        out["mode"] = "hands"
        out["hands"] = hands
    elif mode == "result":
        places = []
        for i, v in enumerate(_per_player(data, "places", n)):
            places.append(None if v in (None, "") else _whole(v, f"place_{i}", 1, n))
        out["mode"] = "result"
        out["places"] = places
        if rule_set.categories_needed:
            categories = []
            for i, v in enumerate(_per_player(data, "categories", n)):
                if v in (None, ""):
                    categories.append(None)
                elif v not in spec.categories:
                    raise EntryError(
                        f"category_{i}", f"choose one of {', '.join(spec.categories)}, not {v!r}"
                    )
                else:
                    categories.append(v)
            out["categories"] = categories
    else:
        raise EntryError("mode", "choose whether to enter the hands or only the result")
    return out


def _canonical(token: str) -> str:
    """A card as its code (``10h`` → ``10H``, ``hkn`` → ``JH``) when the engine reads it;
    otherwise as typed, for the engine to name when the deal is settled."""
    try:
        return str(parse_card(token))
    except CardError:
        return token.strip()


def _cox_canonical(token: str) -> str:
    try:
        return cox_engine.parse_card(token).code
    except ValueError:
        return token.strip()


def _cox_deal_error(error: ValueError, spec: Spec) -> EntryError:
    """The engine's objection to a deal of Cox's game, beside the player's field it names."""
    kind, hand, words = cox_deal_error(error, spec.players)
    return EntryError(f"{kind}_{hand - 1}" if kind and hand else None, words)


def _clean_cox(spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
    n = spec.n
    bases = [_whole(v, f"base_{i}") for i, v in enumerate(_per_player(data, "bases", n))]
    try:
        cox_engine.check_supply_bases(bases)
    except ValueError as error:
        raise _cox_deal_error(error, spec) from None
    out: dict[str, Any] = {"bases": bases}
    mode = data.get("mode")
    if mode == "cards":
        cards = []
        for i, hand in enumerate(_per_player(data, "cards", n)):
            if isinstance(hand, str):
                try:
                    hand = [c.code for c in cox_engine.parse_hand(hand)]
                except ValueError as error:
                    raise EntryError(f"cards_{i}", str(error)) from None
            if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
                raise EntryError(f"cards_{i}", "a hand is a list of card codes")
            hand = [_cox_canonical(c) for c in hand if c.strip()]
            if not hand:
                raise EntryError(f"cards_{i}", "enter the cards this player laid out")
            cards.append(hand)
        try:
            cox_engine.parse_deal(cards, bases)
        except ValueError as error:
            raise _cox_deal_error(error, spec) from None
        out["mode"] = "cards"
        out["cards"] = cards
    elif mode == "result":
        out["mode"] = "result"
        out["scores"] = [
            _whole(v, f"score_{i}", -MAX_COX_SCORE, MAX_COX_SCORE)
            for i, v in enumerate(_per_player(data, "scores", n))
        ]
    else:
        raise EntryError("mode", "choose whether to enter the cards or only the scores")
    return out


# --- The computed sheet -----------------------------------------------------------------------

type Account = int | Literal["pool"]


@dataclass(frozen=True)
class Payment:
    """One movement of money (and, in Pool Commerce, counters)."""

    payer: Account
    payee: Account
    amount: Fraction
    counters: int = 0


@dataclass
class Because:
    """A reason from the engine with the payments it explains (none for a note)."""

    text: str
    citations: tuple[Citation, ...]
    rulings: tuple[str, ...]
    payments: list[Payment] = field(default_factory=list)


@dataclass(frozen=True)
class HandLine:
    """A player's hand or result in a deal, as shown on the sheet."""

    seat: int
    cards: tuple[str, ...] = ()
    description: str = ""
    category: str = ""
    place: int | None = None
    score: int | None = None
    base: int | None = None
    complete: bool | None = None
    clear: bool | None = None


@dataclass
class Row:
    """One entry of the sheet, computed: what happened, who paid whom and why, the accounts."""

    index: int
    entry: Entry
    number: int | None  # the deal's number (None for a horse)
    dealer: int | None
    winners: tuple[int, ...]
    hands: list[HandLine]
    because: list[Because]
    notes: list[Because]
    net: tuple[Fraction, ...]
    totals: tuple[Fraction, ...]
    pool: Fraction | None = None
    counters: tuple[int, ...] | None = None
    out: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    total: Fraction
    place: int
    counters: int | None = None
    winner: bool = False


@dataclass
class Sheet:
    """A sheet replayed: rows, accounts, next dealer, suggestions."""

    spec: Spec
    rows: list[Row]
    totals: tuple[Fraction, ...]
    opening: list[Because]
    next_dealer: int | None
    rotation: Because | None
    dealt: tuple[int, ...]
    suggest_end: bool
    over: bool
    winners: tuple[int, ...]
    pool: Fraction | None = None
    counters: tuple[int, ...] | None = None
    out: frozenset[int] = frozenset()
    horses: frozenset[int] = frozenset()
    may_buy_horse: tuple[int, ...] = ()
    deals: int = 0

    @property
    def standings(self) -> list[Standing]:
        order = sorted(range(self.spec.n), key=lambda i: (-self.totals[i], i))
        result: list[Standing] = []
        for rank, seat in enumerate(order):
            place = rank + 1
            if result and self.totals[seat] == result[-1].total:
                place = result[-1].place
            result.append(
                Standing(
                    seat,
                    self.spec.players[seat],
                    self.totals[seat],
                    place,
                    self.counters[seat] if self.counters is not None else None,
                    seat in self.winners,
                )
            )
        return result

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.spec.n) if i not in self.out)


# --- The engine's words, with the players' names ------------------------------------------------


def _names(spec: Spec, seats: Sequence[int] | None = None) -> list[str]:
    """The names of the players the engine numbered (from 1): every seat, or ``seats`` (the
    hands a showdown judged, when some players are out)."""
    return list(spec.players) if seats is None else [spec.players[s] for s in seats]


def _because(reason: Reason, spec: Spec, seats: Sequence[int] | None = None) -> Because:
    return Because(name_players(reason.text, _names(spec, seats)), reason.citations, reason.rulings)


def _group_transfers(settlement: Settlement, spec: Spec) -> list[Because]:
    groups: dict[Reason, Because] = {}
    for t in settlement.transfers:
        group = groups.get(t.reason)
        if group is None:
            group = groups[t.reason] = _because(t.reason, spec)
        group.payments.append(Payment(t.payer, t.payee, t.amount))
    return list(groups.values())


# --- Replaying a sheet ---------------------------------------------------------------------------


def _located(error: Exception, index: int, field: str | None = None) -> EntryError:
    if isinstance(error, EntryError):
        return EntryError(error.field, error.message, index)
    return EntryError(field, str(error), index)


def _settlement_error(error: SettlementError, mode: str, spec: Spec) -> EntryError:
    """The engine's message names the offending argument first: map it to a form field. The
    players it speaks of (numbered from 1, as every seat) are named."""
    message = name_players(str(error), spec.players)
    name, item, text = split_field(message)
    if name is None:
        return EntryError(None, message)
    fields = {"stood": "stood", "dealer": "dealer", "player": "player"}
    if name == "bought" and item is not None:
        return EntryError(f"bought_{item}", text)
    if name in fields:
        return EntryError(fields[name], text)
    if name in ("outcomes", "place", "category", "winners", "worst"):
        return EntryError("hands" if mode == "hands" else "result", message)
    return EntryError(None, message)


def _check_hands(spec: Spec, data: Mapping[str, Any], active: Sequence[int]) -> list[Any]:
    hands = data["hands"]
    for seat in range(spec.n):
        if seat not in active and hands[seat] is not None:
            raise EntryError(
                f"hand_{seat}", f"{spec.players[seat]} is out of the game and is dealt no cards"
            )
        if seat in active and hands[seat] is None:
            raise EntryError(f"hand_{seat}", "enter the three cards shown")
    return [hands[s] for s in active]


def _card_error(error: CardError, active: Sequence[int]) -> EntryError:
    """A card error names the hand (from 1, among the hands shown) and the card: a field.
    Its words number the hands as the sheet does, by seat ("also in hand 3" is the third
    player's, even when someone before him is out of Pool Commerce)."""
    by_seat = [f"hand {seat + 1}" for seat in active]
    if error.hand is not None and 1 <= error.hand <= len(active):
        seat = active[error.hand - 1]
        where = (
            f"card_{seat}_{error.position - 1}" if error.position is not None else f"hand_{seat}"
        )
        return EntryError(where, name_players(error.detail, by_seat))
    return EntryError("hands", name_players(error.message, by_seat))


def _showdown_lines(
    spec: Spec, result: Showdown, active: Sequence[int]
) -> tuple[list[HandOutcome], list[HandLine], list[Because]]:
    outcomes: list[HandOutcome] = []
    lines: list[HandLine] = []
    for placing, seat in zip(result.placings, active, strict=True):
        value = placing.value
        outcomes.append(HandOutcome(placing.place, value.category.value))
        lines.append(
            HandLine(
                seat,
                tuple(str(c) for c in value.cards),
                value.describe(),
                value.category.value,
                placing.place,
            )
        )
    notes = [_because(r, spec, active) for r in result.reasons]
    return outcomes, lines, notes


def _recorded_outcomes(
    spec: Spec, data: Mapping[str, Any], active: Sequence[int]
) -> tuple[list[HandOutcome], list[HandLine]]:
    """Each active player's place and combination as recorded (result only, no cards)."""
    places, categories = data["places"], data.get("categories")
    outcomes: list[HandOutcome] = []
    lines: list[HandLine] = []
    for seat in range(spec.n):
        if seat not in active:
            if places[seat] is not None:
                raise EntryError(f"place_{seat}", f"{spec.players[seat]} is out of the game")
            continue
        if places[seat] is None:
            raise EntryError(f"place_{seat}", "enter this player's place (1 for the best hand)")
        category = spec.categories[-1]  # Pool Commerce: only the places matter
        if categories is not None:
            if categories[seat] is None:
                raise EntryError(f"category_{seat}", "choose this hand's combination")
            category = categories[seat]
        try:
            outcomes.append(HandOutcome(places[seat], category))
        except SettlementError as error:
            raise EntryError(f"place_{seat}", str(error)) from None
        lines.append(
            HandLine(seat, (), "", category if categories is not None else "", places[seat])
        )
    return outcomes, lines


def compute(spec: Spec, entries: Iterable[Entry]) -> Sheet:
    """Replay a sheet's entries through the engine. Raises :class:`EntryError` (with
    ``index``) at the first entry the engine refuses."""
    if spec.rules == "cox":
        return _compute_cox(spec, list(entries))
    if spec.rules == "pool":
        return _compute_pool(spec, list(entries))
    return _compute_money(spec, list(entries))


def _dealt_and_next(
    spec: Spec, rows: Sequence[Row], out: frozenset[int] = frozenset()
) -> tuple[tuple[int, ...], int | None, bool]:
    rotation = spec.rule_set.rotation
    assert rotation is not None
    deals = [r for r in rows if r.entry.kind == "deal"]
    same = spec.flag("same_dealer")
    dealers = []
    for r in deals:
        assert r.dealer is not None  # every recorded deal names its dealer
        dealers.append(r.dealer)
    dealt = turns_dealt(dealers, spec.n, same_dealer_variant=same)
    if not deals:
        first = min(i for i in range(spec.n) if i not in out)
        return dealt, first, False
    last = deals[-1]
    assert last.dealer is not None
    categories = [h.category for h in last.hands] if same else None
    try:
        following = next_dealer(
            rotation, last.dealer, spec.n, same_dealer_variant=same, categories=categories, out=out
        )
    except SettlementError:
        following = None  # the game is over (Pool Commerce)
    return dealt, following, suggest_end(dealt)


def _rotation(spec: Spec) -> Because:
    rotation = spec.rule_set.rotation
    assert rotation is not None
    reason = rotation_reason(rotation, same_dealer_variant=spec.flag("same_dealer"))
    return Because(reason.text, reason.citations, reason.rulings)


_DEAL_GAMES: Final = {"peel-new": "english-new", "peel-old": "english-old", "swedish": "swedish"}


def _compute_money(spec: Spec, entries: list[Entry]) -> Sheet:
    n = spec.n
    assert spec.stake is not None
    totals = (Fraction(0),) * n
    rows: list[Row] = []
    number = 0
    for index, entry in enumerate(entries):
        if entry.kind != "deal":
            raise EntryError(None, f"{spec.rule_set.label} has no {entry.kind}", index)
        data = entry.data
        dealer = data["dealer"]
        seats = range(n)
        try:
            if data["mode"] == "hands":
                hands = _check_hands(spec, data, seats)
                try:
                    settled = settle_deal(
                        _DEAL_GAMES[spec.rules],
                        hands,
                        spec.stake,
                        dealer=dealer,
                        stood=data.get("stood"),
                        bought=data.get("bought"),
                        pack=int(spec.options.get("pack", 52)),
                        limited=spec.options.get("limited", "none"),
                        options=spec.deal_options,
                    )
                except CardError as error:
                    raise _card_error(error, seats) from None
                settlement = settled.settlement
                _, lines, notes = _showdown_lines(spec, settled.showdown, seats)
            else:
                outcomes, lines = _recorded_outcomes(spec, data, seats)
                notes = []
                if spec.rules == "peel-new":
                    settlement = settle_peel_new(
                        outcomes,
                        dealer,
                        data["stood"],
                        data["bought"],
                        spec.stake,
                        spec.peel_new_options,
                    )
                elif spec.rules == "peel-old":
                    settlement = settle_peel_old(outcomes, spec.stake)
                else:
                    settlement = settle_swedish(
                        outcomes, dealer, data["bought"], spec.stake, spec.swedish_options
                    )
        except EntryError as error:
            raise _located(error, index) from None
        except SettlementError as error:
            raise _located(_settlement_error(error, data["mode"], spec), index) from None
        number += 1
        totals = tuple(t + d for t, d in zip(totals, settlement.net, strict=True))
        notes = notes + [_because(r, spec) for r in settlement.reasons]
        rows.append(
            Row(
                index,
                entry,
                number,
                dealer,
                settlement.winners,
                lines,
                _group_transfers(settlement, spec),
                notes,
                settlement.net,
                totals,
            )
        )
    dealt, following, end = _dealt_and_next(spec, rows)
    return Sheet(
        spec, rows, totals, [], following, _rotation(spec), dealt, end, False, (), deals=number
    )


def _pool_payments(entries: Iterable[Any], spec: Spec) -> list[Because]:
    groups: dict[Reason, Because] = {}
    for e in entries:
        group = groups.get(e.reason)
        if group is None:
            group = groups[e.reason] = _because(e.reason, spec)
        group.payments.append(Payment(e.payer, e.payee, e.amount, e.counters))
    return list(groups.values())


def _compute_pool(spec: Spec, entries: list[Entry]) -> Sheet:
    n = spec.n
    try:
        state = spec.new_pool()
    except SettlementError as error:
        raise EntryError(None, str(error)) from None
    opening = _pool_payments(state.ledger, spec)
    rows: list[Row] = []
    number = 0
    for index, entry in enumerate(entries):
        before = state
        data = entry.data
        active = before.active
        try:
            if entry.kind == "horse":
                state = buy_horse(state, data["player"])
                dealer, winners, lines, notes = None, (), [], []
            else:
                dealer = data["dealer"]
                if state.finished:
                    raise EntryError(
                        None,
                        "the game is over: "
                        f"{spec.players[state.active[0]]} holds the last "
                        "counters",
                    )
                if dealer not in active:
                    raise EntryError("dealer", f"{spec.players[dealer]} is out of the game")
                if data["mode"] == "hands":
                    rules = spec.hand_rules
                    assert rules is not None
                    try:
                        parsed = parse_hands(
                            _check_hands(spec, data, active), rules.pack, limit=rules.hand_limit
                        )
                    except CardError as error:
                        raise _card_error(error, active) from None
                    outcomes, lines, notes = _showdown_lines(spec, showdown(parsed, rules), active)
                else:
                    outcomes, lines = _recorded_outcomes(spec, data, active)
                    notes = []
                places = [o.place for o in outcomes]
                winners = tuple(s for s, o in zip(active, outcomes, strict=True) if o.place == 1)
                worst_place = max(places)
                worst = (
                    ()
                    if worst_place == 1
                    else tuple(
                        s for s, o in zip(active, outcomes, strict=True) if o.place == worst_place
                    )
                )
                state = apply_deal(state, winners, worst)
        except EntryError as error:
            raise _located(error, index) from None
        except SettlementError as error:
            raise _located(_settlement_error(error, data.get("mode", ""), spec), index) from None
        if entry.kind == "deal":
            number += 1
        net = tuple(a - b for a, b in zip(state.money, before.money, strict=True))
        out = frozenset(i for i in range(n) if state.counters[i] == 0)
        rows.append(
            Row(
                index,
                entry,
                number if entry.kind == "deal" else None,
                dealer,
                tuple(winners),
                lines,
                _pool_payments(state.ledger[len(before.ledger) :], spec),
                notes,
                net,
                state.money,
                state.pool,
                state.counters,
                out,
            )
        )
    out = frozenset(i for i in range(n) if state.counters[i] == 0)
    if state.finished:
        dealt, following, _ = (0,) * n, None, False
    else:
        dealt, following, _ = _dealt_and_next(spec, rows, out)
    may_buy = tuple(i for i in range(n) if state.may_buy_horse(i))
    return Sheet(
        spec,
        rows,
        state.money,
        opening,
        following,
        _rotation(spec),
        dealt,
        False,
        state.finished,
        (state.champion,) if state.champion is not None else (),
        pool=state.pool,
        counters=state.counters,
        out=out,
        horses=state.horses,
        may_buy_horse=may_buy,
        deals=number,
    )


def _compute_cox(spec: Spec, entries: list[Entry]) -> Sheet:
    n = spec.n
    rows: list[Row] = []
    scores: list[list[int]] = []
    totals = (Fraction(0),) * n
    for index, entry in enumerate(entries):
        if entry.kind != "deal":
            raise EntryError(None, f"Cox's Commerce has no {entry.kind}", index)
        if len(scores) >= cox_engine.GAME_HANDS:
            raise EntryError(
                None, "a game of Cox's Commerce is four hands, and four are recorded", index
            )
        data = entry.data
        bases = data["bases"]
        lines: list[HandLine] = []
        notes: list[Because] = []
        row_scores: list[int] = []
        for seat in range(n):
            if data["mode"] == "cards":
                try:
                    result = cox_engine.score_hand(
                        data["cards"][seat], bases[seat], spec.cox_options
                    )
                except ValueError as error:
                    raise EntryError(f"cards_{seat}", str(error), index) from None
                row_scores.append(result.score)
                description = (
                    "; ".join(
                        f"{line.label} {format_amount(line.points, signed=True)}"
                        for line in result.breakdown
                    )
                    or "no score"
                )
                lines.append(
                    HandLine(
                        seat,
                        tuple(result.cards),
                        description,
                        "",
                        None,
                        result.score,
                        bases[seat],
                        result.complete,
                        result.clear,
                    )
                )
                name = spec.players[seat]
                notes.extend(
                    Because(f"{name}: {r.text}", r.citations, r.rulings) for r in result.reasons
                )
                notes.extend(
                    Because(f"{name}: {use.text}", (), ())
                    for use in result.arrangement
                    if use.stands_for is not None
                )
            else:
                row_scores.append(data["scores"][seat])
                lines.append(HandLine(seat, (), "", "", None, data["scores"][seat], bases[seat]))
        scores.append(row_scores)
        try:
            game = cox_engine.game_totals(scores)
        except ValueError as error:
            raise EntryError(None, str(error), index) from None
        net = tuple(Fraction(s) for s in row_scores)
        totals = tuple(Fraction(t) for t in game.totals)
        retailer = bases.index(1) if 1 in bases else None
        rows.append(Row(index, entry, len(scores), retailer, (), lines, [], notes, net, totals))
    winners: tuple[int, ...] = ()
    if scores:
        winners = tuple(cox_engine.game_totals(scores).winners)
    over = len(scores) == cox_engine.GAME_HANDS
    return Sheet(
        spec,
        rows,
        totals,
        [],
        None,
        None,
        (0,) * n,
        False,
        over,
        winners if over else (),
        deals=len(scores),
    )
