"""The registry of games: one object per playable variant, and everything the site asks of it.

A game declares, once, its slug (the one name used in the engine, the API, the URLs, the
score sheet, the calculators and the exports), its label, the rulebook it follows, its
players, its house-rule options -- each with its label, its values and the editorial
ruling it belongs to -- and the rulings it applies; and it answers the questions the
site asks: the rule set that judges its hands, a showdown, a deal settled, the next
dealer. The apps loop over :func:`registered` and call these; none of them asks which
game it holds. This is the shape of pokerkit's ``games.py``: a variant states its pack
and its hand types, and code that plays a hand asks the variant.

Adding a variant is one subclass and one :func:`register` call (README, "Adding a game").

>>> slugs = [game.slug for game in registered()]  # a game added later is listed too
>>> slugs[:5], {"all-fours", "speculation", "vingt-un"} <= set(slugs)
(['peel-new', 'peel-old', 'pool', 'swedish', 'cox'], True)
>>> game = get("english-new")  # the API's first names stay accepted
>>> game.slug, game.label
('peel-new', "Peel's new game")
>>> config = game.configure({"pack": 32, "extended": True})
>>> config["pack"], config["extended"], config.changed()
('32', 'true', {'pack': '32', 'extended': 'true'})
>>> deal = game.settle(["AS KS QS", "9H 9D 7C", "8C 7D 10H"], 1, config, dealer=0, stood=None)
>>> [str(n) for n in deal.settlement.net]
['2', '-1', '-1']
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import ClassVar, Final, Literal

from games.engine import cox as cox_engine
from games.engine import pool as pool_engine
from games.engine import settlement as settlement_engine
from games.engine.amounts import AmountError, read_amount
from games.engine.cards import Card, Pack, pack_of_size, parse_hands
from games.engine.citations import (
    COX,
    PEEL,
    RULINGS,
    SWEDISH,
    Citation,
    Reason,
    Ruling,
    peel,
    ruling,
)
from games.engine.commerce import (
    Category,
    Limited,
    PeelRules,
    Showdown,
    SwedishRules,
    showdown,
)
from games.engine.requests import FALSE_WORDS as _FALSE
from games.engine.requests import TRUE_WORDS as _TRUE
from games.engine.requests import short as _short
from games.engine.settlement import (
    Amount,
    HandOutcome,
    Settlement,
    outcomes_from_showdown,
    player_index,
)
from games.engine.wording import N_, EngineError, Mention, Said, Word, fill, said

__all__ = [
    "Answer",
    "Config",
    "CommerceGame",
    "Game",
    "Board",
    "Keeping",
    "Option",
    "OptionError",
    "RackCard",
    "RackGame",
    "RackScore",
    "RequestGame",
    "SettledDeal",
    "Transfer",
    "UnknownGame",
    "applying",
    "get",
    "house_rule",
    "register",
    "registered",
    "unregister",
]


# --------------------------------------------------------------------------- kinds

type Board = Literal["hands", "rack", "request"]
"""A game's kind: what its players lay on the table. Each app keeps one small module per
board and finds it by this name (a dict from board to handler), never by the game's class:
``"hands"`` is a :class:`CommerceGame`, ``"rack"`` a :class:`RackGame`, ``"request"`` a
:class:`RequestGame`."""

type Keeping = Literal["settled", "ledger", "counted", "request"]
"""How a score sheet keeps a game's accounts: each deal ``settled`` by the game (the accounts
are the sums of the deals), one ``ledger`` over the whole game (a pool, counters, a
champion), each hand's cards ``counted`` (scores, a winner after the game's hands), or each
deal's ``request`` answered by the game (money won and lost, or points towards a target)."""


# --------------------------------------------------------------------------- options


class OptionError(EngineError):
    """A house-rule option the game does not have, or a value it does not take.

    ``field`` is the option's name, as a form or the API names it; ``message`` and
    ``detail`` the words without it; ``item`` is None.

    >>> str(OptionError("flush_ties", "must be one of ..."))
    'flush_ties: must be one of ...'
    """

    def __init__(
        self,
        field: str,
        message: str,
        *,
        template: str | None = None,
        who: Mapping[str, Word] | None = None,
    ) -> None:
        super().__init__(
            f"{field}: {message}", field=field, detail=message, template=template, who=who
        )
        self.field: str = field
        self.message = message

    @classmethod
    def about(cls, field: str, template: str, /, **who: Word) -> OptionError:
        """The refusal of option ``field``: ``template`` (a message id) with ``who`` in its
        placeholders, which a page writes in its language.

        >>> str(OptionError.about("pack", "must be one of {allowed}", allowed="'52'"))
        "pack: must be one of '52'"
        """
        return cls(field, fill(template, who), template=template, who=who)


@dataclass(frozen=True)
class Option:
    """One house-rule option, declared once: its name, label, values and ruling.

    A *choice* takes one of ``values`` (each with the words that say what it does); a
    choice whose values are ``"false"`` and ``"true"`` is a yes/no option and also takes
    ``True``/``False``. An *amount* takes an amount (:func:`~games.engine.amounts.read_amount`).
    An option with a ``ruling`` takes its values, default and words from it: the ruling is
    where the choice is explained.

    ``part`` says what the option changes: ``"hands"`` how hands are valued (the showdown),
    ``"payment"`` how a deal is paid, ``"game"`` the course of the game (the deal's
    rotation, a pool's sums).

    >>> option = Option.of(RULINGS["flush-equal-point"], "Two flushes of equal point")
    >>> option.name, option.default, [v for v, _ in option.values]
    ('flush_ties', 'highest-card', ['highest-card', 'share'])
    >>> option.read("share"), option.read(" Share ")
    ('share', 'share')
    >>> option.read("toss")
    Traceback (most recent call last):
    ...
    games.engine.games.OptionError: flush_ties: must be one of 'highest-card', 'share'; not 'toss'
    """

    name: str
    label: str
    values: tuple[tuple[str, str], ...] = ()
    default: str = ""
    ruling: Ruling | None = None
    kind: Literal["choice", "amount"] = "choice"
    part: Literal["hands", "payment", "game"] = "hands"

    @classmethod
    def of(
        cls, made: Ruling, label: str, part: Literal["hands", "payment", "game"] = "hands"
    ) -> Option:
        """The option a ruling declares (its values and default are the ruling's)."""
        assert made.option is not None and made.default is not None, made.slug
        return cls(made.option, label, made.alternatives, made.default, made, "choice", part)

    @classmethod
    def yes_no(
        cls, name: str, label: str, part: Literal["hands", "payment", "game"] = "payment"
    ) -> Option:
        """A yes/no option without a ruling (a variant the book itself describes)."""
        return cls(
            name, label, (("false", N_("no")), ("true", N_("yes"))), "false", None, "choice", part
        )

    @property
    def is_yes_no(self) -> bool:
        """Whether the option's values are ``"false"`` and ``"true"``.

        >>> Option.yes_no("extended", "Extended Commerce").is_yes_no
        True
        """
        return self.kind == "choice" and {v for v, _ in self.values} == {"false", "true"}

    def words(self, value: str | Fraction) -> str:
        """What a value does, in words (an amount is itself).

        >>> Option.of(RULINGS["swedish-tie"], "Ties").words("share")
        'the winners share the pot and share each bonus chip'
        """
        return dict(self.values).get(str(value), str(value))

    def read(self, raw: object) -> str | Fraction:
        """The option's value from what a form, the API or a stored sheet gives.

        >>> Option.yes_no("extended", "Extended Commerce").read(True)
        'true'
        >>> Option("buy_in", "Buy-in", default="3", kind="amount").read("1,5")
        Fraction(3, 2)
        """
        if self.kind == "amount":
            try:
                return read_amount(raw, self.name)
            except AmountError as error:
                raise OptionError(
                    self.name, error.message, template=error.template, who=dict(error.who)
                ) from None
        allowed = [value for value, _ in self.values]
        if isinstance(raw, bool) and self.is_yes_no:
            return "true" if raw else "false"
        if isinstance(raw, int) and not isinstance(raw, bool):
            raw = str(raw)
        if isinstance(raw, str) and len(raw) <= 64:
            text = raw.strip().lower()
            if self.is_yes_no:
                text = "true" if text in _TRUE else "false" if text in _FALSE else text
            if text in allowed:
                return text
        raise OptionError.about(
            self.name,
            N_("must be one of {allowed}; not {value}"),
            allowed=", ".join(repr(v) for v in allowed),
            value=_short(raw),
        )


class Config(Mapping[str, str]):
    """A game's options, every one with a value (the defaults filled in), checked.

    Amounts are kept exact: :meth:`amount` gives them as fractions; as a mapping every
    value is text (what a form shows and an export writes).

    >>> config = get("pool").configure({"prize": "1/2"})
    >>> config.amount("prize"), config["prize"], config.flag("same_dealer")
    (Fraction(1, 2), '1/2', False)
    """

    def __init__(self, game: Game, values: Mapping[str, str | Fraction]) -> None:
        self.game = game
        self._values = dict(values)

    def __getitem__(self, name: str) -> str:
        return str(self._values[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Config({self.game.slug!r}, {self.changed()!r})"

    def amount(self, name: str) -> Fraction:
        """An amount option's exact value."""
        return Fraction(self._values[name])

    def flag(self, name: str) -> bool:
        """A yes/no option's value; ``False`` for an option the game does not have."""
        return self._values.get(name) == "true"

    def changed(self) -> dict[str, str]:
        """The options that differ from their defaults, as text (what a permalink carries)."""
        out = {}
        for option in self.game.options:
            value = self._values[option.name]
            if value != option.read(option.default):
                out[option.name] = str(value)
        return out

    def of_part(self, part: str) -> dict[str, str]:
        """The values of the options that change ``part`` (``hands``, ``payment``, ``game``)."""
        return {o.name: self[o.name] for o in self.game.options if o.part == part}


# --------------------------------------------------------------------------- games


class UnknownGame(ValueError):
    """A slug that names no registered game.

    >>> get("whist")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engine.games.UnknownGame: 'whist' is not a game here: peel-new, peel-old, pool, ...
    """


@dataclass(frozen=True)
class SettledDeal:
    """The showdown of a deal and its settlement; ``reasons`` tell the whole story."""

    showdown: Showdown
    settlement: Settlement

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The showdown's reasons, then the settlement's."""
        return self.showdown.reasons + self.settlement.reasons


class Game:
    """A playable variant. Subclasses set the class attributes and override what they do.

    ``board`` is what the players lay on the table: ``"hands"`` (three-card hands, judged
    in a showdown), ``"rack"`` (Cox's cards laid out and counted) or ``"request"`` (a game
    settled from one request, :class:`RequestGame`). The capabilities
    ``settles_deals`` (a deal's payments follow from its hands), ``whole_game`` (a ledger
    over the whole game, as Pool Commerce), ``stood`` and ``bought`` (a deal records who
    stood and the purchases) and ``stake`` (the game is played for a stake) tell the apps
    which inputs to ask for.
    """

    slug: ClassVar[str]
    """The one name of the game everywhere (engine, API, URLs, sheets, exports)."""
    label: ClassVar[str]
    """The game's name as a heading."""
    summary: ClassVar[str] = ""
    """One sentence: what the game is (our words)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Names this game was known by before: still accepted, never printed."""
    book: ClassVar[str]
    """The library slug of the rulebook the game follows."""
    rules_anchor: ClassVar[str] = ""
    """The paragraph of the rulebook where the game's rules begin."""
    board: ClassVar[Board] = "hands"
    """The game's kind (:data:`Board`), declared once; the apps dispatch on it."""
    keeping: ClassVar[Keeping | None] = None
    """How a score sheet keeps the game (:data:`Keeping`); None: no sheet keeps it."""
    keeps: ClassVar[Literal["money", "points"]] = "money"
    """What a score sheet adds up: money won and lost, or points (scores, a target)."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 12
    options: ClassVar[tuple[Option, ...]] = ()
    """The house-rule and variant options, in the order a form shows them."""
    rulings: ClassVar[tuple[Ruling, ...]] = ()
    """Every editorial ruling the game applies (those with an option among them)."""
    settles_deals: ClassVar[bool] = False
    whole_game: ClassVar[bool] = False
    stood: ClassVar[bool] = False
    bought: ClassVar[bool] = False
    stake: ClassVar[bool] = True
    ties_to_dealer: ClassVar[tuple[Citation, ...]] = ()
    """The paragraphs by which the dealer wins a tie for first place he is in (by the book
    itself; a house rule may do so too, see :meth:`dealer_wins_ties`)."""
    stake_label: ClassVar[str] = N_("Stake")
    """What the game's book calls the unit played for, as a form labels it."""
    dealer_word: ClassVar[str] = N_("dealer")
    """What the game's book calls the dealer."""
    bought_label: ClassVar[str] = N_("Cards bought")
    """How a form asks for the cards a player bought."""

    # ---- options

    def option(self, name: str) -> Option:
        """The option called ``name``.

        >>> get("swedish").option("tie").label
        'Best hands equal without the banker'
        """
        for option in self.options:
            if option.name == name:
                return option
        raise self._unknown_option(name)

    def _unknown_option(self, name: str) -> OptionError:
        names: Word = ", ".join(o.name for o in self.options) or said(N_("none"))
        return OptionError.about(
            name,
            N_("is not a house rule of {game}; its options are: {options}"),
            game=said(self.label),
            options=names,
        )

    def configure(self, raw: Mapping[str, object] | None = None) -> Config:
        """Every option's value from ``raw`` (missing ones take their default), checked.

        >>> get("peel-old").configure({"colour": "red"})
        Traceback (most recent call last):
        ...
        games.engine.games.OptionError: colour: is not a house rule of Peel's old game; its \
options are: pack, limited, flush_ties, short_pack_ace_low, exact_ties
        """
        given = dict(raw or {})
        values: dict[str, str | Fraction] = {}
        for option in self.options:
            value = given.pop(option.name, None)
            values[option.name] = option.read(option.default if value is None else value)
        for name in given:
            raise self._unknown_option(str(name)[:40])
        self.check(Config(self, values))
        return Config(self, values)

    def check(self, config: Config) -> None:
        """Refuse a combination of options that cannot be played together (none by default)."""

    def write_card(self, card: Card) -> str:
        """A card as the game's book writes it: rank then suit (``AS``).

        >>> from games.engine.cards import parse_card
        >>> jack = parse_card("JH")
        >>> get("peel-new").write_card(jack), get("swedish").write_card(jack)
        ('JH', 'hkn')
        """
        return str(card)

    def dealer_wins_ties(self, config: Config) -> bool:
        """Whether the dealer wins a tie for first place he is in: by the book
        (:attr:`ties_to_dealer`) or by the table's house rule.

        >>> game = get("peel-new")
        >>> game.dealer_wins_ties(game.configure()), get("swedish").dealer_wins_ties(
        ...     get("swedish").configure())
        (False, True)
        """
        return bool(self.ties_to_dealer) or config.get("exact_ties") == "dealer"

    def asks_stood(self, config: Config) -> bool:
        """Whether a deal under ``config`` names a player who stood (nobody stands in
        Extended Commerce).

        >>> game = get("peel-new")
        >>> game.asks_stood(game.configure()), game.asks_stood(game.configure({"extended": True}))
        (True, False)
        """
        return self.stood and not config.flag("extended")

    def play(
        self, players: int, config: Config, moves: Iterable[pool_engine.Move]
    ) -> pool_engine.Replay:
        """A whole game replayed from its start (games with ``whole_game``)."""
        raise NotImplementedError(f"{self.label} keeps no ledger over a whole game")

    # ---- the table

    def cites(self) -> tuple[Citation, ...]:
        """The paragraph where the game's rules begin.

        >>> [str(c) for c in get("pool").cites()]
        ['peel-commerce#pool-commerce']
        """
        return (Citation(self.book, self.rules_anchor),) if self.rules_anchor else ()

    def next_dealer(
        self,
        dealer: int,
        players: int,
        config: Config,
        *,
        categories: Iterable[str] | None = None,
        out: Collection[int] = (),
    ) -> int:
        """Who deals after ``dealer`` at a table of ``players``."""
        raise NotImplementedError(f"{self.label} has no rotation of the deal here")

    def rotation_reason(self, config: Config) -> Reason:
        """Why the deal passes where :meth:`next_dealer` sends it."""
        raise NotImplementedError(f"{self.label} has no rotation of the deal here")

    def __repr__(self) -> str:
        return f"<game {self.slug}>"


def _dealer(dealer: int | None, players: int) -> int | None:
    return None if dealer is None else player_index(dealer, "dealer", players)


class CommerceGame(Game):
    """A game of three-card hands judged by Peel's or the Swedish rules."""

    hand_rules_kind: ClassVar[type[PeelRules] | type[SwedishRules]] = PeelRules
    dealer_needed: ClassVar[bool] = True
    """Whether paying a deal needs the dealer's index (the old game's does not)."""

    def showdown_also(self, result: Showdown, config: Config) -> Said | None:
        """What a showdown decides in this game besides its winner, in a sentence a verdict
        ends with (None: nothing). Pool Commerce's worst hand pays a counter."""
        return None

    rotation: ClassVar[settlement_engine.Rules] = "english-new"
    """The engine's rotation of the deal (:func:`~games.engine.settlement.next_dealer`)."""

    def hand_rules(self, config: Config) -> PeelRules | SwedishRules:
        """The rule set that values this game's hands under ``config``.

        >>> get("peel-old").hand_rules(get("peel-old").configure({"pack": "32"})).label
        'Peel, 32 cards'
        """
        # The rule set's own options; an option a variant adds is the variant's to apply.
        known = {f.name for f in fields(self.hand_rules_kind)}
        hands = {k: v for k, v in config.of_part("hands").items() if k in known}
        if self.hand_rules_kind is SwedishRules:
            return SwedishRules(**hands)  # type: ignore[arg-type]
        pack = pack_of_size(int(hands.pop("pack", "52")))
        return PeelRules(pack, **hands)  # type: ignore[arg-type]

    def pack(self, config: Config) -> Pack:
        """The pack the game is dealt from."""
        return self.hand_rules(config).pack

    def categories(self, config: Config) -> tuple[Category, ...]:
        """The combinations recognised, best first."""
        return self.hand_rules(config).categories

    def judge(
        self,
        hands: Sequence[str | Sequence[str] | Sequence[Card]],
        config: Config,
        dealer: int | None = None,
    ) -> Showdown:
        """Judge a showdown of ``hands`` (card codes or cards).

        >>> game = get("swedish")
        >>> game.judge(["s6 s5 s4", "h6 h5 h4", "dK cK h3"], game.configure(), 1).winners
        (1,)
        """
        rules = self.hand_rules(config)
        if all(isinstance(h, Sequence) and all(isinstance(c, Card) for c in h) for h in hands):
            # Cards already read (a page that checked the board) are not read a second time;
            # the showdown still checks each hand against the pack and the cards held twice.
            cards = [tuple(h) for h in hands if not isinstance(h, str)]
            return showdown(cards, rules, _dealer(dealer, len(cards)))  # type: ignore[arg-type]
        parsed = parse_hands(hands, rules.pack, rules.hand_limit)  # type: ignore[arg-type]
        return showdown(parsed, rules, _dealer(dealer, len(parsed)))

    def settle(
        self,
        hands: Sequence[str | Sequence[str]],
        stake: Amount,
        config: Config,
        *,
        dealer: int | None = None,
        stood: int | None = None,
        bought: Sequence[int] | None = None,
    ) -> SettledDeal:
        """Judge the hands of a deal and settle it (games that settle deals): the showdown,
        then :meth:`pay` from its places, then what the showdown adds to the payments."""
        if not self.settles_deals:
            raise NotImplementedError(f"{self.label} does not settle a single deal")
        result, dealer, stood, bought = self._deal(
            hands, config, dealer, stood, bought, dealer_needed=self.dealer_needed
        )
        outcomes = outcomes_from_showdown(result)
        paid = self.pay(outcomes, stake, config, dealer=dealer, stood=stood, bought=bought)
        return SettledDeal(result, self.after_showdown(result, paid, dealer, stood))

    def after_showdown(
        self, result: Showdown, paid: Settlement, dealer: int | None, stood: int | None
    ) -> Settlement:
        """What the cards shown add to a settlement paid from places alone (nothing here)."""
        return paid

    def pay(
        self,
        outcomes: Sequence[HandOutcome],
        stake: Amount,
        config: Config,
        *,
        dealer: int | None = None,
        stood: int | None = None,
        bought: Sequence[int] | None = None,
    ) -> Settlement:
        """Settle a deal from each hand's place and combination (a result recorded without
        the cards, as a score sheet may); :meth:`settle` judges the cards, then pays.

        >>> game = get("peel-old")
        >>> paid = game.pay([HandOutcome(2, "pair"), HandOutcome(1, "flush")], 1, game.configure())
        >>> [str(n) for n in paid.net]
        ['-1', '1']
        """
        raise NotImplementedError(f"{self.label} does not settle a single deal")

    def _needed_dealer(self, dealer: int | None) -> int:
        """The dealer's index, which paying this game's deal cannot do without."""
        if dealer is None:
            raise settlement_engine.SettlementError.at(
                "dealer", N_("{game} needs the dealer's index"), game=said(self.label)
            )
        return dealer

    def _deal(
        self,
        hands: Sequence[str | Sequence[str]],
        config: Config,
        dealer: int | None,
        stood: int | None,
        bought: Sequence[int] | None,
        *,
        dealer_needed: bool,
    ) -> tuple[Showdown, int | None, int | None, list[int]]:
        rules = self.hand_rules(config)
        parsed = parse_hands(hands, rules.pack, rules.hand_limit)
        n = len(parsed)
        bought = [0] * n if bought is None else list(bought)
        if len(bought) != n:
            raise settlement_engine.SettlementError.at(
                "bought", N_("one number per player ({n}), not {count}"), n=n, count=len(bought)
            )
        if dealer_needed:
            dealer = self._needed_dealer(dealer)
        if dealer is not None:
            dealer = player_index(dealer, "dealer", n)
        if stood is not None:
            stood = player_index(stood, "stood", n)
        return showdown(parsed, rules, dealer), dealer, stood, bought

    def next_dealer(
        self,
        dealer: int,
        players: int,
        config: Config,
        *,
        categories: Iterable[str] | None = None,
        out: Collection[int] = (),
    ) -> int:
        """Who deals next (the rotation of the game's book).

        >>> get("peel-new").next_dealer(3, 4, get("peel-new").configure())
        0
        >>> get("swedish").next_dealer(0, 4, get("swedish").configure())
        3
        """
        same = config.flag("same_dealer")
        return settlement_engine.next_dealer(
            self.rotation,
            dealer,
            players,
            same_dealer_variant=same,
            categories=categories if same else None,
            out=out,
        )

    def rotation_reason(self, config: Config) -> Reason:
        """Why the deal passes where :meth:`next_dealer` sends it.

        >>> get("swedish").rotation_reason(get("swedish").configure()).text
        'the deal passes to the right (counter-clockwise)'
        """
        return settlement_engine.rotation_reason(
            self.rotation, same_dealer_variant=config.flag("same_dealer")
        )


# --------------------------------------------------------------------------- Peel

_PACK = Option(
    "pack",
    N_("Pack"),
    (
        ("52", N_("52 cards (up to 12 players)")),
        ("32", N_("32 cards, seven to ace (up to 7 players)")),
    ),
    "52",
)
_LIMITED = Option(
    "limited",
    N_("Combinations"),
    (
        (Limited.NONE.value, N_("all five: Tricon, Sequence, Flush, Pair, Point")),
        (Limited.NO_PAIR.value, N_("Limited Commerce without Pair")),
        (
            Limited.TRICON_SEQUENCE_POINT.value,
            N_("Limited Commerce: Tricon, Sequence and Point only"),
        ),
    ),
    Limited.NONE.value,
)
_PEEL_HAND_OPTIONS: Final = (
    _PACK,
    _LIMITED,
    Option.of(RULINGS["flush-equal-point"], N_("Two flushes of equal point")),
    Option.of(RULINGS["short-pack-ace-low"], N_("Ace, seven, eight in the 32-card pack")),
    Option.of(RULINGS["peel-equal-hands"], N_("Exactly equal best hands")),
)
_PEEL_HAND_RULINGS: Final = tuple(
    RULINGS[slug]
    for slug in (
        "flush-equal-point",
        "short-pack-ace-low",
        "point-first-card-by-rank",
        "peel-equal-hands",
        "limited-counts-as-point",
    )
)


class PeelNew(CommerceGame):
    """Peel's modern game: trading for ready money or by barter, standing, the pool.

    >>> game = get("peel-new")
    >>> [o.name for o in game.options if o.part != "hands"]
    ['stander_pays', 'dealer_penalty', 'tie_dealer_stake', 'extended', 'same_dealer']
    """

    slug = "peel-new"
    keeping = "settled"
    label = N_("Peel's new game")
    summary = N_(
        "Peel's modern Commerce: cards bought for ready money or by barter, a player stands, "
        "the best hand takes the pool."
    )
    # Tuples typed as Game declares them, here and below: a variant that subclasses a game
    # may set any number (mypy would infer this many).
    aliases: ClassVar[tuple[str, ...]] = ("english-new", "english", "peel")
    book = PEEL
    rules_anchor = "description"
    bought_label = N_("Cards bought for ready money")
    stood = True
    bought = True
    settles_deals = True
    options: ClassVar[tuple[Option, ...]] = (
        *_PEEL_HAND_OPTIONS,
        Option.of(RULINGS["peel-stander-pays"], N_("A beaten stander pays"), "payment"),
        Option.of(RULINGS["peel-dealer-penalty"], N_("Penalties for the dealer"), "payment"),
        Option.of(
            RULINGS["peel-new-tie-dealer-stake"],
            N_("The dealer's stake when best hands are equal"),
            "payment",
        ),
        Option.yes_no(
            "extended",
            N_("Extended Commerce (trading goes on until all are satisfied; nobody stands)"),
        ),
        Option.yes_no(
            "same_dealer",
            N_("The same dealer deals until someone holds a Tricon, Sequence or Flush"),
            "game",
        ),
    )
    rulings = (
        *_PEEL_HAND_RULINGS,
        *(
            RULINGS[slug]
            for slug in (
                "peel-dealer-own-purchase",
                "peel-stander-pays",
                "peel-new-tie-pool",
                "peel-new-tie-dealer-stake",
                "peel-dealer-penalty",
                "peel-dealer-penalty-limited",
                "peel-extended-no-stander",
                "peel-stander-tied-by-dealer",
                "peel-same-dealer-own-hand",
                "peel-same-dealer-limited",
            )
        ),
    )

    def after_showdown(
        self, result: Showdown, paid: Settlement, dealer: int | None, stood: int | None
    ) -> Settlement:
        """A stander equal to the dealer, beaten by the house rule that gives him ties: say so
        (ruling ``peel-stander-tied-by-dealer``)."""
        if stood is not None and stood != dealer and result.winners == (dealer,):
            placings = result.placings
            if placings[stood].place == 1:  # equal to the dealer's, lost by the house rule
                why = Reason.about(
                    N_(
                        "{stander} stood with a hand equal to the dealer's; by the house rule the "
                        "dealer wins the tie, so the stander's hand counts as beaten and he pays "
                        "as a beaten stander."
                    ),
                    (peel("standing"), peel("ties")),
                    ("peel-stander-tied-by-dealer", "peel-equal-hands"),
                    stander=Mention("player", (stood,), capital=True),
                )
                paid = replace(paid, reasons=(*paid.reasons, why))
        return paid

    def pay(
        self,
        outcomes: Sequence[HandOutcome],
        stake: Amount,
        config: Config,
        *,
        dealer: int | None = None,
        stood: int | None = None,
        bought: Sequence[int] | None = None,
    ) -> Settlement:
        """Pay a deal of the modern game from its outcomes (pool, ready money, standing)."""
        dealer = self._needed_dealer(dealer)
        options = settlement_engine.PeelNewOptions(
            stander_pays=config["stander_pays"],  # type: ignore[arg-type]
            dealer_penalty=config["dealer_penalty"],  # type: ignore[arg-type]
            extended=config.flag("extended"),
            tie_dealer_stake=config["tie_dealer_stake"],  # type: ignore[arg-type]
        )
        paid = [0] * len(outcomes) if bought is None else bought
        return settlement_engine.settle_peel_new(outcomes, dealer, stood, paid, stake, options)


class PeelOld(CommerceGame):
    """Peel's old game: no trading; each loser pays the winner a stake."""

    slug = "peel-old"
    keeping = "settled"
    label = N_("Peel's old game")
    summary = N_("Peel's Old Game: no trading; the best hand receives a stake from every other.")
    aliases: ClassVar[tuple[str, ...]] = ("english-old",)
    book = PEEL
    rules_anchor = "old-game"
    settles_deals = True
    dealer_needed = False
    options: ClassVar[tuple[Option, ...]] = _PEEL_HAND_OPTIONS
    rulings = (*_PEEL_HAND_RULINGS, RULINGS["peel-old-equal-best"])

    def pay(
        self,
        outcomes: Sequence[HandOutcome],
        stake: Amount,
        config: Config,
        *,
        dealer: int | None = None,
        stood: int | None = None,
        bought: Sequence[int] | None = None,
    ) -> Settlement:
        """Pay a deal of the old game from its outcomes (a stake from each loser)."""
        for i, count in enumerate(bought or ()):
            if count:
                # "There is no trading with the dealer or any of the players" (old-game-play).
                raise settlement_engine.SettlementError.at(
                    "bought",
                    N_(
                        "there is no trading with the dealer or any player in the old game, so "
                        "nobody buys cards; not {count}"
                    ),
                    item=i,
                    count=count,
                )
        return settlement_engine.settle_peel_old(outcomes, stake)


class Pool(CommerceGame):
    """Pool Commerce: a pool paid once, three counters each, a ledger over the whole game."""

    slug = "pool"
    label = N_("Pool Commerce")
    summary = N_(
        "Peel's Pool Commerce: three counters each; the worst hand pays a counter, the best "
        "takes a prize; the last player holding counters takes the pool."
    )
    book = PEEL
    rules_anchor = "pool-commerce"
    keeping = "ledger"
    whole_game = True
    stake = False
    rotation = "pool"
    options: ClassVar[tuple[Option, ...]] = (
        *_PEEL_HAND_OPTIONS,
        Option(
            "buy_in", N_("Each player's buy-in for three counters"), (), "3", None, "amount", "game"
        ),
        Option(
            "prize",
            N_("The sum the winner of a deal takes from the pool"),
            (),
            "1",
            None,
            "amount",
            "game",
        ),
        Option(
            "horse_price",
            N_("The price of a horse (one counter bought back)"),
            (),
            "1/2",
            None,
            "amount",
            "game",
        ),
        Option.of(RULINGS["pool-tied-worst"], N_("Equal worst hands"), "game"),
        Option.of(RULINGS["pool-horse-first-out"], N_("Who may buy a horse"), "game"),
    )
    rulings = (
        *_PEEL_HAND_RULINGS,
        *(
            made
            for made in RULINGS.values()
            if made.slug.startswith("pool-") and made.slug != "pool-horse-first-out"
        ),
        RULINGS["pool-horse-first-out"],
    )

    def showdown_also(self, result: Showdown, config: Config) -> Said | None:
        """The worst hand puts a counter into the pool (Peel, ``pool-commerce-play``); equal
        worst hands each put one in, or none does (ruling ``pool-tied-worst``); when every
        hand is equal there is no worst (``pool-all-equal``).

        >>> game = get("pool")
        >>> config = game.configure()
        >>> result = game.judge(["7S 7H 7D", "AS AH KC", "2C 5D 9H"], config)
        >>> game.showdown_also(result, config).words()
        'Hand 3, the worst, puts a counter into the pool.'
        >>> game.showdown_also(game.judge(["7S 7H 7D", "2C 5D 9H", "2D 5H 9S"], config),
        ...                     game.configure({"tied_worst": "none"})).words(["Ann", "Bo", "Cy"])
        'Bo and Cy are equally worst: nobody puts a counter into the pool.'
        """
        last = max(p.place for p in result.placings)
        worst = tuple(i for i, p in enumerate(result.placings) if p.place == last)
        if len(worst) == len(result.placings):
            return None
        hands = Mention("hand", worst, capital=True)
        if len(worst) == 1:
            return said(N_("{hands}, the worst, puts a counter into the pool."), hands=hands)
        if config.get("tied_worst", "each") == "none":
            return said(
                N_("{hands} are equally worst: nobody puts a counter into the pool."), hands=hands
            )
        return said(N_("{hands}, equally worst, each put a counter into the pool."), hands=hands)

    def start(self, players: int, config: Config) -> pool_engine.PoolGame:
        """A new game of Pool Commerce: every buy-in paid, three counters each.

        >>> game = get("pool")
        >>> state = game.start(3, game.configure({"buy_in": 2}))
        >>> state.counters, str(state.pool)
        ((3, 3, 3), '6')
        """
        options = pool_engine.PoolOptions(
            tied_worst=config["tied_worst"],  # type: ignore[arg-type]
            horse=config["horse"],  # type: ignore[arg-type]
        )
        return pool_engine.PoolGame(
            players,
            buy_in=config.amount("buy_in"),
            prize=config.amount("prize"),
            horse_price=config.amount("horse_price"),
            options=options,
        )

    def play(
        self, players: int, config: Config, moves: Iterable[pool_engine.Move]
    ) -> pool_engine.Replay:
        """A game of Pool Commerce replayed from its start, deal by deal and horse by horse.

        >>> game = get("pool")
        >>> game.play(2, game.configure(), [pool_engine.Deal.of(0, 1)] * 3).state.champion
        0
        """
        return pool_engine.play(self.start(players, config), moves)


SWEDISH_TWO_PLAYERS: Final = ruling(
    "swedish-two-players",
    N_(
        "The Swedish text is 'för tre eller fler spelare', for three or more players: may two play "
        "a deal, and how is it paid?"
    ),
    N_(
        "Two may play, and the deal is paid as any other: the pot, the purchases and the bonus "
        "need no third player. The text says for how many the game is meant, not that two may "
        "not play; a table of two keeps its accounts (and sheets of two kept before stay valid)."
    ),
    (Citation(SWEDISH, "inledning"), Citation(SWEDISH, "bonus")),
)


class Swedish(CommerceGame):
    """The modern Swedish text: pot, purchases from the banker, the bonus."""

    slug = "swedish"
    keeping = "settled"
    label = N_("Swedish rules")
    summary = N_(
        "The modern Swedish text: the banker sells cards, a player lays up, the best hand "
        "takes the pot and the bonus."
    )
    book = SWEDISH
    rules_anchor = "inledning"
    hand_rules_kind = SwedishRules
    rotation = "swedish"
    min_players = 2  # ruling swedish-two-players
    stake_label = N_("Value of a chip")
    dealer_word = N_("banker")
    ties_to_dealer: ClassVar[tuple[Citation, ...]] = (Citation(SWEDISH, "lika"),)
    bought_label = N_("Cards bought from the talon")
    max_players = 17
    stood = False
    bought = True
    settles_deals = True
    options: ClassVar[tuple[Option, ...]] = (
        Option.of(RULINGS["poang-equal-sums"], N_("Equal poäng sums")),
        Option.of(RULINGS["swedish-tie"], N_("Best hands equal without the banker"), "payment"),
    )
    rulings = tuple(
        RULINGS[slug]
        for slug in (
            "poang-equal-sums",
            "swedish-shared-win",
            "swedish-hand-limit",
            "swedish-ace-high-only",
            "swedish-all-ingenting",
            "swedish-two-hands",
            "swedish-tie",
            "swedish-two-players",
            "peel-dealer-own-purchase",
        )
    )

    def write_card(self, card: Card) -> str:
        """Suit first, as the Swedish text writes it (``sE``, ``hKn``)."""
        return card.swedish_code

    def pay(
        self,
        outcomes: Sequence[HandOutcome],
        stake: Amount,
        config: Config,
        *,
        dealer: int | None = None,
        stood: int | None = None,
        bought: Sequence[int] | None = None,
    ) -> Settlement:
        """Pay a deal of the Swedish game from its outcomes (pot, purchases, bonus)."""
        dealer = self._needed_dealer(dealer)
        options = settlement_engine.SwedishOptions(tie=config["tie"])  # type: ignore[arg-type]
        paid = [0] * len(outcomes) if bought is None else bought
        settled = settlement_engine.settle_swedish(outcomes, dealer, paid, stake, options)
        if len(outcomes) == 2:
            why = Reason(
                N_(
                    "Two play: the Swedish text is written for three or more, but nothing in its "
                    "pot, purchases or bonus needs a third player, so the deal is paid as any "
                    "other."
                ),
                (Citation(SWEDISH, "inledning"),),
                (SWEDISH_TWO_PLAYERS.slug,),
            )
            settled = replace(settled, reasons=(*settled.reasons, why))
        return settled


# --------------------------------------------------------------------------- Cox


type RackCard = cox_engine.CoxCard
"""A card of a rack game's pack, as the apps name it."""
type RackScore = cox_engine.CoxScore
"""A rack counted, as the apps name it."""


class RackGame(Game):
    """A game whose players lay out a rack of cards, each counted at the end of a deal
    (``board == "rack"``): what the apps ask of one, naming no type of its engine's."""

    board = "rack"
    keeping = "counted"
    keeps = "points"
    stake = False
    hands_per_game: ClassVar[int]
    """The deals (hands) of a whole game."""
    hand_limit: ClassVar[int]
    """The most cards a hand laid out holds."""
    hand_limit_ruling: ClassVar[Ruling]
    supply_bases: ClassVar[tuple[int, ...]]
    """The supply bases a player may be given, one each."""
    card_error: ClassVar[type[EngineError]] = EngineError
    """What :meth:`read_card` and :meth:`read_cards` raise for a card they refuse."""
    pack_kinds: ClassVar[tuple[RackCard, ...]] = ()
    """Each kind of card of the pack once, in the order the pack is shown."""

    def read_card(self, token: str) -> RackCard:
        """One card read from its code or name (lenient)."""
        raise NotImplementedError

    def read_cards(self, cards: str | Iterable[str]) -> tuple[cox_engine.CoxCard, ...]:
        """One player's cards read from their codes or names (lenient)."""
        raise NotImplementedError

    def check_deal(
        self, hands: Sequence[str | Iterable[str | cox_engine.CoxCard]], bases: Sequence[int]
    ) -> None:
        """Refuse a deal the pack could not produce, or bases shared by two players."""
        raise NotImplementedError

    def game_totals(self, scores: list[list[int]]) -> cox_engine.GameTotals:
        """The totals of a whole game of :attr:`hands_per_game` deals and who won."""
        raise NotImplementedError

    def score(
        self, cards: str | Iterable[str], supply_base: int, config: Config
    ) -> cox_engine.CoxScore:
        """Count one player's cards laid out at the end of a deal."""
        raise NotImplementedError

    def deal_error(self, error: ValueError) -> tuple[Literal["cards", "base"] | None, int | None]:
        """Where a refusal of :meth:`check_deal` belongs: a player's ``cards`` or supply
        ``base`` and the player (from 1), or ``(None, None)`` for the deal as a whole."""
        return None, None


class Cox(RackGame):
    """Herbert T. Cox's patented 80-card game (1925): cards laid out and counted."""

    slug = "cox"
    label = N_("Cox's Commerce")
    summary = N_(
        "Herbert T. Cox's 80-card game of 1925: autos, ships and planes, honour cards, "
        "greenbacks, captains and the bank card, counted at the end of each deal."
    )
    book = COX
    rules_anchor = "rules-of-play"
    min_players, max_players = cox_engine.PLAYERS
    options = tuple(
        Option.of(made, label, "payment")
        for made, label in (
            (RULINGS["cox-best-arrangement"], N_("Captains and the bank card")),
            (RULINGS["cox-bank-clear-hand"], N_("The bank card and a clear hand")),
            (RULINGS["cox-penalty-order"], N_("The bank card and the penalty")),
            (RULINGS["cox-sell-out-unclear"], N_("Selling out with a hand not clear")),
            (RULINGS["cox-bank-captain-pair"], N_("The bank card and a captain")),
        )
    )
    rulings = tuple(made for made in RULINGS.values() if made.slug.startswith("cox-"))

    card_error = cox_engine.CoxCardError
    pack_kinds = cox_engine.DISTINCT_CARDS
    hands_per_game: ClassVar[int] = cox_engine.GAME_HANDS
    hand_limit: ClassVar[int] = cox_engine.MAX_HAND_CARDS
    """The most cards a hand laid out holds (ruling ``cox-hand-size``)."""
    hand_limit_ruling: ClassVar[Ruling] = RULINGS["cox-hand-size"]
    supply_bases: ClassVar[tuple[int, ...]] = cox_engine.SUPPLY_BASES

    def read_cards(self, cards: str | Iterable[str]) -> tuple[cox_engine.CoxCard, ...]:
        """One player's cards read from their codes or names (lenient)."""
        return cox_engine.parse_hand(cards)

    def read_card(self, token: str) -> RackCard:
        """One card read from its code or name (lenient)."""
        return cox_engine.parse_card(token)

    def check_deal(
        self, hands: Sequence[str | Iterable[str | cox_engine.CoxCard]], bases: Sequence[int]
    ) -> None:
        """Refuse a deal the pack could not produce, or bases shared by two players."""
        cox_engine.parse_deal(hands, bases)

    def game_totals(self, scores: list[list[int]]) -> cox_engine.GameTotals:
        """The totals of a game of four deals and who won."""
        return cox_engine.game_totals(scores)

    def deal_error(self, error: ValueError) -> tuple[Literal["cards", "base"] | None, int | None]:
        """A card's refusal belongs to the player's cards, a base's to the player's base.

        >>> try:
        ...     get("cox").check_deal(["bank", "auto-1 bank"], [1, 3])
        ... except ValueError as error:
        ...     print(get("cox").deal_error(error))
        ('cards', 2)
        """
        if isinstance(error, cox_engine.CoxCardError) and error.hand:
            return "cards", error.hand
        if isinstance(error, cox_engine.SupplyBaseError) and error.hand:
            return "base", error.hand
        return None, None

    def cox_options(self, config: Config) -> cox_engine.CoxOptions:
        """The scorer's options from the game's.

        >>> Cox().cox_options(get("cox").configure({"penalty_before_double": True}))
        ... # doctest: +ELLIPSIS
        CoxOptions(..., penalty_before_double=True, ...)
        """
        return cox_engine.CoxOptions(**{o.name: config.flag(o.name) for o in self.options})

    def score(
        self, cards: str | Iterable[str], supply_base: int, config: Config
    ) -> cox_engine.CoxScore:
        """Count one player's cards laid out at the end of a deal."""
        return cox_engine.score_hand(cards, supply_base, self.cox_options(config))


# --------------------------------------------------------------------------- the registry

_REGISTRY: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}
_CHANGES = [0]


# ------------------------------------------------------------ games settled from one request


@dataclass(frozen=True)
class Transfer:
    """One payment of a settled hand: ``payer`` pays ``payee`` ``amount`` because of
    ``reason`` (players by index from 0; the reason's words count from 1)."""

    payer: int
    payee: int
    amount: Fraction
    reason: Reason


@dataclass(frozen=True)
class Answer:
    """What a :class:`RequestGame` answers to one request.

    ``scores`` has one value per player: the money won or lost (summing to 0) in a game
    that ``keeps`` money, the points scored in a game that keeps points (a side's points
    are counted to each of its players). ``body`` is the game's own answer, the data the
    API sends (ints, strings, bools, None, lists and dicts), without ``transfers`` and
    ``reasons``, which the site writes from the objects. Its amounts of money are exact
    :class:`~fractions.Fraction` values, data and not their presentation: the site writes
    them, the API as JSON numbers (``games.api.http.number``: an int when whole, else a
    float), the pages with :func:`~games.engine.amounts.format_amount` (the ``amount``
    filter).
    """

    scores: tuple[Fraction, ...]
    next_dealer: int | None
    reasons: tuple[Reason, ...]
    transfers: tuple[Transfer, ...] = ()
    body: Mapping[str, object] = field(default_factory=dict)


class RequestGame(Game):
    """A game settled from one request: the API's JSON body, the table page's form and a
    score sheet's entry are the same object (Vingt-un, Speculation, All Fours).

    The request is JSON-shaped: objects, lists, strings, numbers, booleans. A form sends
    every value as a string, so readers accept ``"3"`` for 3, ``"true"``/``"on"``/``"1"``
    and ``"false"``/``"off"``/``"0"``/``""`` for booleans, and a list of cards as a list of
    codes or one string of codes separated by spaces or commas. A refusal is an
    :class:`~games.engine.wording.EngineError` whose ``field`` is the path of the value
    at fault with dots (``players.1.hands.0.cards``), ``item`` the index within it when it
    is a list (the card), and whose words name the player (from 1) and the card.
    """

    board: ClassVar[Board] = "request"
    keeping: ClassVar[Keeping | None] = "request"
    action: ClassVar[Literal["settle", "score"]] = "settle"
    """The API's verb: ``POST /api/v1/<slug>/<action>``."""

    def answer(self, request: Mapping[str, object], config: Config | None = None) -> Answer:
        """Settle one request under ``config`` (the defaults when None)."""
        raise NotImplementedError

    def example(self) -> dict[str, object]:
        """A request that settles: the API's example and the table page's first board."""
        raise NotImplementedError

    def blank(self) -> dict[str, object]:
        """The table page's first board: the fewest players the game is played by, no card
        yet, the other fields as the example has them (it is not a request that settles). A
        game that declares none starts from its example."""
        return self.example()

    def carried(
        self, previous: Mapping[str, object] | None, dealer: int | None
    ) -> dict[str, object]:
        """What a deal's request takes from the deal before it (``previous``, None for the
        first of the evening) by the game's rules, when ``dealer`` deals it: a score sheet
        fills these in for the next deal, and the table may change them. Most games carry
        nothing."""
        return {}

    def request_schema(self) -> dict[str, object]:
        """The JSON Schema of a request (OpenAPI)."""
        raise NotImplementedError

    def answer_schema(self) -> dict[str, object]:
        """The JSON Schema of :attr:`Answer.body` (OpenAPI)."""
        raise NotImplementedError

    def players_in(self, request: Mapping[str, object]) -> int:
        """How many players a request has (a sheet checks it against its players)."""
        raise NotImplementedError

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The sides that score together: each player alone, unless the game has partners."""
        return tuple((i,) for i in range(players))

    def winners(
        self, before: Sequence[Fraction], answer: Answer, config: Config
    ) -> tuple[int, ...]:
        """The players who have won the game by the deal ``answer`` settled, the totals
        being ``before`` before it (a game to a target: the order in which a deal's points
        are counted may decide who went out first, which the totals after it cannot tell);
        () while the game goes on, and always for a game played for money."""
        return ()


def version() -> int:
    """How many times the registry has changed: a page drawn from it is stale when this moves.

    >>> class Demo(PeelOld):
    ...     slug, aliases = "demo", ()
    >>> before = version()
    >>> unregister(register(Demo()).slug)
    >>> version() - before
    2
    """
    return _CHANGES[0]


def register(game: Game) -> Game:
    """Add ``game`` to the registry; every app lists it from now on.

    Its slug and aliases must be new, its options' names unique, and every ruling its
    options belong to among its rulings.
    """
    names = [game.slug, *game.aliases]
    for name in names:
        if name in _REGISTRY or name in _ALIASES:
            raise ValueError(f"game name {name!r} is registered twice")
    option_names = [o.name for o in game.options]
    if len(set(option_names)) != len(option_names):
        raise ValueError(f"{game.slug}: an option is declared twice")
    for option in game.options:
        if option.ruling is not None and option.ruling not in game.rulings:
            raise ValueError(f"{game.slug}: ruling {option.ruling.slug} is not among its rulings")
    _REGISTRY[game.slug] = game
    for alias in game.aliases:
        _ALIASES[alias] = game.slug
    _CHANGES[0] += 1
    return game


def unregister(slug: str) -> None:
    """Remove a game (for tests that register one of their own)."""
    game = _REGISTRY.pop(slug)
    for alias in game.aliases:
        _ALIASES.pop(alias, None)
    _CHANGES[0] += 1


def registered(where: Callable[[Game], bool] | None = None) -> list[Game]:
    """The registered games in the order they were registered, those ``where`` accepts."""
    return [g for g in _REGISTRY.values() if where is None or where(g)]


def get(name: str) -> Game:
    """The game called ``name`` (its slug, or a name it was known by), case and spaces aside."""
    if not isinstance(name, str):
        raise UnknownGame(f"{_short(name)} is not a game here: {_slugs()}")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return _REGISTRY[key]
    except KeyError:
        raise UnknownGame(f"{_short(name)} is not a game here: {_slugs()}") from None


def house_rule(made: Ruling) -> Option | None:
    """The option a table sets to choose another reading of ``made`` (None when it has none).

    >>> house_rule(RULINGS["flush-equal-point"]).label
    'Two flushes of equal point'
    """
    for game in _REGISTRY.values():
        for option in game.options:
            if option.ruling is made:
                return option
    return None


def applying(made: Ruling) -> list[Game]:
    """The games that apply ``made``.

    >>> [g.slug for g in applying(RULINGS["swedish-tie"])]
    ['swedish']
    """
    return [game for game in _REGISTRY.values() if made in game.rulings]


def _slugs() -> str:
    return ", ".join(_REGISTRY)


def names() -> list[str]:
    """Every name a game answers to: the slugs, then the older names (the OpenAPI enum).

    >>> names()[:5]
    ['peel-new', 'peel-old', 'pool', 'swedish', 'cox']
    """
    return [*_REGISTRY, *_ALIASES]


def discover_variants() -> None:
    """Import every module of :mod:`games.engine.variants`: each registers its own game.

    Called when the engine package loads (``games/engine/__init__.py``), not at the end of
    this module: a variant's module imports its game's module, which imports this one, and
    whichever of them is imported first must find this module whole."""
    from games.engine import variants

    for found in pkgutil.iter_modules(variants.__path__):
        importlib.import_module(f"{variants.__name__}.{found.name}")


for _game in (PeelNew(), PeelOld(), Pool(), Swedish(), Cox()):
    register(_game)
