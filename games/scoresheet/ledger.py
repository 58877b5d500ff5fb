"""The glue of a score sheet: recorded deals in, the engine's accounts out.

A sheet stores what the table did -- who dealt, the hands shown (or only the result), the
purchases, who stood, a horse bought, a player joining or leaving the table -- and, beside
each entry, the running state after it. :func:`compute` is a fold: it starts from a
:class:`Running` state (the accounts, the dealer rotation's counters, the Pool game, the Cox
scores so far), and each :func:`step` takes one entry through the engine
(:mod:`games.engine.cards`, :mod:`~games.engine.commerce`, :mod:`~games.engine.settlement`,
:mod:`~games.engine.pool`, :mod:`~games.engine.cox`) to a new state and that entry's
:class:`Row` -- its transfers with their reasons. So recording a deal costs one step from
the last stored state (:func:`dump_state`, :func:`load_state`), whatever the length of the
evening, and an edit in the middle recomputes from that point on. No payout rule is written
here: this module only converts the sheet's data to the engine's arguments and back.

Everything is plain Python (no Django), so the property tests can replay thousands of
sheets quickly.

>>> spec = make_spec("peel-old", ["Ann", "Bob", "Cy"], stake="1", options={})
>>> deal = clean_entry(spec, "deal", {"dealer": 0, "mode": "hands",
...     "hands": [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"]]})
>>> sheet = compute(spec, [Entry("deal", deal)])
>>> [str(t) for t in sheet.totals], sheet.next_dealer
(['2', '-1', '-1'], 1)
>>> state, row = step(spec, initial(spec), Entry("deal", deal))
>>> load_state(spec, dump_state(state, row)) == state
True
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Final, Literal

from games.engine import amounts
from games.engine import cox as cox_engine
from games.engine.cards import PACK_32, PACK_52, CardError, board_errors, parse_card, parse_hands
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
from games.engine.pool import POOL, LedgerEntry, PoolGame, PoolOptions, apply_deal, buy_horse
from games.engine.settlement import (
    HandOutcome,
    PeelNewOptions,
    Settlement,
    SettlementError,
    SwedishOptions,
    next_dealer,
    rotation_reason,
    settle_peel_new,
    settle_peel_old,
    settle_swedish,
    suggest_end,
)
from games.engine.wording import name_players
from games.forms_util import cox_deal_error, ruling_for_option, split_field

__all__ = [
    "RULE_SETS",
    "Entry",
    "EntryError",
    "OptionSpec",
    "RuleSet",
    "Running",
    "Sheet",
    "SpecError",
    "clean_entry",
    "clean_name",
    "clean_title",
    "compute",
    "dump_state",
    "format_amount",
    "initial",
    "load_state",
    "make_spec",
    "settle_up",
    "step",
]

MAX_NAME = 40
MAX_TITLE = 80
MAX_BOUGHT = 52
MAX_COX_SCORE = 1000
MAX_SEATS = 20
"""Everyone who ever sat at one sheet's table, late players included."""
REVISION: Final = 1
"""The revision of the stored running states: bump it when the engine's results for a stored
deal may change, and every stored state is recomputed the next time it is read."""

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
    seats_change: bool = False
    """Whether players may join or leave the table during the evening."""


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
            seats_change=True,
        ),
        RuleSet(
            "peel-old",
            "Peel's old game",
            "english",
            "english-old",
            ("pack", "limited", "flush_ties", "short_pack_ace_low", "exact_ties"),
            seats_change=True,
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
            "swedish",
            "Swedish rules",
            "swedish",
            "swedish",
            ("poang_ties", "tie"),
            bought=True,
            seats_change=True,
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
    """An exact amount as the site prints it (:func:`games.engine.amounts.format_amount`):
    ``2``, ``2.5``, ``1/3``, ``2 1/3``; signed with a true minus.

    >>> format_amount(Fraction(5, 2)), format_amount(Fraction(-1, 3), signed=True)
    ('2.5', '−1/3')
    >>> format_amount(Fraction(3), signed=True), format_amount(0, signed=True)
    ('+3', '0')
    """
    return amounts.format_amount(value, signed=signed)


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
    the engine counts them), the stake and the house-rule options (as strings).

    ``late`` are the seats of players who joined the table after the start (a late player
    takes the next seat, after everyone else): they were not at the table for the first
    deal."""

    rules: str
    players: tuple[str, ...]
    stake: Fraction | None
    options: Mapping[str, str] = field(default_factory=dict)
    late: frozenset[int] = frozenset()

    @property
    def first_seats(self) -> tuple[int, ...]:
        """The seats at the table for the first deal."""
        return tuple(s for s in range(self.n) if s not in self.late)

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


def read_amount(raw: object, name: str) -> Fraction:
    """An amount as people write it -- ``1``, ``0.5``, ``1,5``, ``1/2``, ``2 1/3`` -- read by
    :func:`games.engine.amounts.read_amount`: exactly, more than 0 and of a sensible size
    (an exponent like ``1e999999`` would make a number of a million digits).

    >>> read_amount("0.25", "stake"), read_amount(3, "prize")
    (Fraction(1, 4), Fraction(3, 1))
    >>> read_amount("1e999999", "stake")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.SpecError: stake: write a number more than 0, ...; not '1e999999'
    """
    try:
        return amounts.read_amount(raw, name)
    except amounts.AmountError as error:
        detail = error.message
        if "write an amount" in detail or "must be a number" in detail:
            raise SpecError(
                name, f"write a number more than 0, like 1, 0.5 or 1/2; not {raw!r}"
            ) from None
        raise SpecError(name, f"write a number more than 0, like 1, 0.5 or 1/2; {detail}") from None


def make_spec(
    rules: str,
    players: Sequence[str],
    stake: object,
    options: Mapping[str, object],
    late: Iterable[int] = (),
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
    later = frozenset(late)
    if later and not rule_set.seats_change:
        raise SpecError("players", f"in {rule_set.label} nobody joins the table late")
    if any(not 0 <= s < len(names) for s in later):
        raise SpecError("players", "a late player is not among the players")
    spec = Spec(rules, names, money, clean, later)
    try:
        spec.hand_rules  # noqa: B018 -- the engine checks the rule set's options
    except ValueError as error:
        raise SpecError("options", str(error)) from None
    seated = len(spec.first_seats)
    if not spec.min_players <= seated <= spec.max_players:
        raise SpecError(
            "players",
            f"{RULE_SETS[rules].label} needs {spec.min_players} to {spec.max_players} players"
            + (" with this pack" if rule_set.book == "english" else "")
            + f"; there {'is' if seated == 1 else 'are'} {seated}",
        )
    if spec.n > MAX_SEATS:
        raise SpecError("players", f"a sheet has at most {MAX_SEATS} players in all")
    return spec


def _clean_players(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SpecError("players", "give the players as a list of names")
    names: list[str] = []
    for raw in players:
        if not isinstance(raw, str):
            raise SpecError("players", f"a player's name is text, not {raw!r}")
        if not clean_name(raw):
            continue
        names.append(check_new_name(raw, names))
    return tuple(names)


# --- Names and titles ---------------------------------------------------------------------------

# Letters of other alphabets drawn like Latin ones (Unicode's confusables, the common part):
# two names that differ only by these look the same on a phone and are refused.
_HOMOGLYPHS: Final = str.maketrans(
    {
        **dict(
            zip("АВЕЅІЈКМНОРСТХУаеіјорсхуѕԁһӏԛԝ", "ABESIJKMHOPCTXYaeijopcxysdhlqw", strict=True)
        ),
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαβικνορτυχ", "ABEZHIKMNOPTYXaBiKvopTuX", strict=True)),
        "ı": "i",
        "ȷ": "j",
        "ℓ": "l",
    }
)
_INVISIBLE: Final = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})


def _text_problem(raw: str, what: str) -> str | None:
    if "\x00" in raw:
        return f"{what} cannot hold a NUL character"
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        return f"{what} is not valid text (it holds half of a surrogate pair)"
    return None


def _visible(raw: str) -> str:
    """NFKC, whitespace collapsed, control and format characters (zero-width spaces,
    direction overrides) removed."""
    text = raw
    for _ in range(2):  # removing a character can leave text NFKC would write otherwise
        text = unicodedata.normalize("NFKC", text)
        text = "".join(
            " " if c.isspace() else c
            for c in text
            if c.isspace() or unicodedata.category(c) not in _INVISIBLE
        )
    return " ".join(text.split())


def clean_name(raw: str, field: str = "players") -> str:
    """A player's name as the sheet keeps it: NFKC, whitespace collapsed, invisible
    characters (zero-width spaces, direction overrides, controls) removed. A NUL or a lone
    surrogate is refused (no database stores them all).

    >>> clean_name("  Ann\\u200b  Lee "), clean_name("\\u202eAnn"), clean_name("Ａｎｎ")
    ('Ann Lee', 'Ann', 'Ann')
    >>> clean_name("Ann\\x00")
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.SpecError: players: a name cannot hold a NUL character
    """
    problem = _text_problem(raw, "a name")
    if problem:
        raise SpecError(field, problem)
    return _visible(raw)


def clean_title(raw: str, field: str = "title") -> str:
    """An evening's name, cleaned as a player's name is (a NUL or lone surrogate refused).

    >>> clean_title("Friday\\u202e at Cy's")
    "Friday at Cy's"
    """
    problem = _text_problem(raw, "the name of the evening")
    if problem:
        raise SpecError(field, problem)
    title = _visible(raw)
    if len(title) > MAX_TITLE:
        raise SpecError(field, f"the name of the evening is longer than {MAX_TITLE} letters")
    return title


def name_key(name: str) -> str:
    """What a name looks like: two names with the same key are one player to the eye.

    >>> name_key("Ann") == name_key("ANN") == name_key("\\u0410nn")
    True
    """
    return _visible(name).translate(_HOMOGLYPHS).casefold().translate(_HOMOGLYPHS)


def check_new_name(name: str, taken: Sequence[str], field: str = "players") -> str:
    """``name`` cleaned, refused if it is empty, too long or looks like one of ``taken``."""
    name = clean_name(name, field)
    if not name:
        raise SpecError(field, "write the player's name")
    if len(name) > MAX_NAME:
        raise SpecError(field, f"{name[:MAX_NAME]}… is longer than {MAX_NAME} letters")
    key = name_key(name)
    for other in taken:
        if name_key(other) == key:
            if other.casefold() == name.casefold():
                raise SpecError(
                    field, f"{name} is written twice; each player needs a name of his own"
                )
            raise SpecError(
                field,
                f"{name} looks the same as {other} (a letter of another alphabet, or an "
                "invisible character): each player needs a name that looks different",
            )
    return name


# --- Entries: what is stored for each deal ----------------------------------------------------


class EntryError(ValueError):
    """A deal the sheet cannot take; ``field`` names the form field (``None``: the deal as a
    whole), ``index`` the entry it concerns when replaying a whole sheet."""

    def __init__(self, field: str | None, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.index = index


type Kind = Literal["deal", "horse", "join", "leave"]
SEAT_KINDS: Final = ("join", "leave")


@dataclass(frozen=True)
class Entry:
    """One recorded event: a deal (``kind="deal"``), a horse bought (``"horse"``), or a
    player joining or leaving the table (``"join"``, ``"leave"``), with its data as cleaned
    by :func:`clean_entry`."""

    kind: Kind
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
    if kind in SEAT_KINDS:
        if not rule_set.seats_change:
            raise EntryError(None, f"in {rule_set.label} nobody joins or leaves the table")
        return {"player": _index(data.get("player"), "player", n)}
    if kind != "deal":
        raise EntryError(
            None, f"an entry is a deal, a horse, a join or a leave, not {str(kind)[:40]!r}"
        )
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
    number: int | None  # the deal's number (None for a horse, a join, a leave)
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
    present: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    total: Fraction
    place: int
    counters: int | None = None
    winner: bool = False
    present: bool = True


@dataclass(frozen=True)
class Running:
    """The state of a sheet between two entries: everything the next entry needs, and
    nothing that grows with the evening (see :func:`dump_state`).

    ``index`` counts the entries taken, ``number`` the deals; ``totals`` are the accounts
    (the Cox scores' sums); ``dealt`` the turns of the deal each seat has had, ``dealer``
    and ``categories`` the last deal's dealer and combinations (for the rotation);
    ``present`` the seats at the table; ``pool`` the Pool Commerce game; ``scores`` and
    ``bases`` the hands of Cox's game so far."""

    index: int = 0
    number: int = 0
    totals: tuple[Fraction, ...] = ()
    dealt: tuple[int, ...] = ()
    dealer: int | None = None
    categories: tuple[str, ...] | None = None
    present: tuple[int, ...] = ()
    pool: PoolGame | None = None
    scores: tuple[tuple[int, ...], ...] = ()
    bases: tuple[int, ...] | None = None


@dataclass
class Sheet:
    """A sheet computed: the rows of the entries just taken (all of them, from
    :func:`compute` without ``start``), accounts, next dealer, suggestions."""

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
    present: tuple[int, ...] = ()
    state: Running = field(default_factory=Running)

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
                    seat in self.present,
                )
            )
        return result

    @property
    def active(self) -> tuple[int, ...]:
        """The seats dealt into the next deal: at the table and not out."""
        return tuple(i for i in self.present if i not in self.out)

    @property
    def absent(self) -> tuple[int, ...]:
        """The seats not at the table (yet, or any more)."""
        return tuple(i for i in range(self.spec.n) if i not in self.present)

    @property
    def settle_up(self) -> list[tuple[int, int, Fraction]]:
        """Who pays whom to settle the accounts, in the fewest payments (empty while the
        accounts do not sum to zero: Pool Commerce's pool still holds money)."""
        if self.spec.stake is None and self.spec.rules != "pool":
            return []
        if sum(self.totals) != 0:
            return []
        return settle_up(self.totals)


# --- The engine's words, with the players' names ------------------------------------------------


def _names(spec: Spec, seats: Sequence[int] | None = None) -> list[str]:
    """The names of the players the engine numbered (from 1): every seat, or ``seats`` (the
    hands a showdown judged, when some players are out or away)."""
    return list(spec.players) if seats is None else [spec.players[s] for s in seats]


def _because(reason: Reason, spec: Spec, seats: Sequence[int] | None = None) -> Because:
    return Because(name_players(reason.text, _names(spec, seats)), reason.citations, reason.rulings)


def _group_transfers(settlement: Settlement, spec: Spec, seats: Sequence[int]) -> list[Because]:
    """The settlement's transfers grouped by reason; the engine's player indices (among the
    hands dealt) become seats."""
    groups: dict[Reason, Because] = {}
    for t in settlement.transfers:
        group = groups.get(t.reason)
        if group is None:
            group = groups[t.reason] = _because(t.reason, spec, seats)
        group.payments.append(Payment(seats[t.payer], seats[t.payee], t.amount))
    return list(groups.values())


# --- Who pays whom at the end -----------------------------------------------------------------

_EXACT_UP_TO: Final = 14


def settle_up(totals: Sequence[Fraction | int]) -> list[tuple[int, int, Fraction]]:
    """Payments ``(payer, payee, amount)`` that settle accounts summing to zero, as few as
    possible: a table of ``k`` players with money to move needs ``k - g`` payments, where
    ``g`` is the largest number of groups among them whose accounts sum to zero; each group
    settles within itself, its biggest loser paying its biggest winner first. Exact up to
    14 players with money to move, then the same greedy pairing over everyone.

    >>> settle_up([Fraction(5), Fraction(-3), Fraction(-2)])
    [(1, 0, Fraction(3, 1)), (2, 0, Fraction(2, 1))]
    >>> len(settle_up([4, -4, 1, -1]))  # two pairs: two payments, not three
    2
    >>> settle_up([0, 0])
    []
    """
    values = [Fraction(t) for t in totals]
    if sum(values) != 0:
        raise ValueError("the accounts must sum to zero")
    movers = [i for i, v in enumerate(values) if v != 0]
    groups: list[list[int]]
    groups = _zero_sum_groups(movers, values) if len(movers) <= _EXACT_UP_TO else [movers]
    payments: list[tuple[int, int, Fraction]] = []
    for group in groups:
        payments.extend(_settle_group(group, values))
    return sorted(payments, key=lambda p: (p[0], p[1]))


def _zero_sum_groups(movers: list[int], values: list[Fraction]) -> list[list[int]]:
    """The movers split into the most groups summing to zero: best[mask] is the most
    zero-sum groups an ordering of ``mask`` can be cut into (each prefix summing to zero
    closes a group)."""
    k = len(movers)
    full = (1 << k) - 1
    sums = [Fraction(0)] * (1 << k)
    best = [0] * (1 << k)
    last = [-1] * (1 << k)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[movers[low]]
        top, pick = -1, -1
        rest = mask
        while rest:
            bit = rest & -rest
            i = bit.bit_length() - 1
            if best[mask ^ bit] > top:
                top, pick = best[mask ^ bit], i
            rest ^= bit
        best[mask] = top + (1 if sums[mask] == 0 else 0)
        last[mask] = pick
    order: list[int] = []
    mask = full
    while mask:
        order.append(last[mask])
        mask ^= 1 << last[mask]
    order.reverse()
    groups: list[list[int]] = []
    current: list[int] = []
    running = Fraction(0)
    for i in order:
        current.append(movers[i])
        running += values[movers[i]]
        if running == 0:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def _settle_group(group: list[int], values: list[Fraction]) -> list[tuple[int, int, Fraction]]:
    owed = {i: values[i] for i in group}
    payments: list[tuple[int, int, Fraction]] = []
    while True:
        debtors = [i for i in owed if owed[i] < 0]
        creditors = [i for i in owed if owed[i] > 0]
        if not debtors or not creditors:
            return payments
        payer = min(debtors, key=lambda i: (owed[i], i))
        payee = max(creditors, key=lambda i: (owed[i], -i))
        amount = min(-owed[payer], owed[payee])
        payments.append((payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount


# --- Replaying a sheet: one entry at a time ----------------------------------------------------


def _located(error: Exception, index: int, field: str | None = None) -> EntryError:
    if isinstance(error, EntryError):
        return EntryError(error.field, error.message, index)
    return EntryError(field, str(error), index)


def _settlement_error(
    error: SettlementError, mode: str, spec: Spec, seats: Sequence[int] | None = None
) -> EntryError:
    """The engine's message names the offending argument first: map it to a form field. The
    players it speaks of (numbered from 1 among the hands dealt) are named."""
    seats = list(range(spec.n)) if seats is None else list(seats)
    message = name_players(str(error), _names(spec, seats))
    name, item, text = split_field(message)
    if name is None:
        return EntryError(None, message)
    fields = {"stood": "stood", "dealer": "dealer", "player": "player"}
    if name == "bought" and item is not None and item < len(seats):
        return EntryError(f"bought_{seats[item]}", text)
    if name in fields:
        return EntryError(fields[name], text)
    if name in ("outcomes", "place", "category", "winners", "worst"):
        return EntryError("hands" if mode == "hands" else "result", message)
    return EntryError(None, message)


def _away(spec: Spec, seat: int, present: Sequence[int]) -> str:
    """Why a seat takes no part in a deal: away from the table, or out of the game."""
    name = spec.players[seat]
    return f"{name} is not at the table" if seat not in present else f"{name} is out of the game"


def _check_hands(
    spec: Spec, data: Mapping[str, Any], active: Sequence[int], present: Sequence[int]
) -> list[Any]:
    hands = data["hands"]
    for seat in range(spec.n):
        if seat not in active and hands[seat] is not None:
            raise EntryError(f"hand_{seat}", f"{_away(spec, seat, present)} and is dealt no cards")
        if seat in active and hands[seat] is None:
            raise EntryError(f"hand_{seat}", "enter the three cards shown")
    return [hands[s] for s in active]


def hand_names(spec: Spec, seats: Sequence[int]) -> list[str]:
    """The words for the hands a showdown judged, by whose they are: ``Ann's hand``."""
    return [f"{spec.players[s]}'s hand" for s in seats]


def _card_error(error: CardError, active: Sequence[int], spec: Spec) -> EntryError:
    """A card error names the hand (from 1, among the hands shown) and the card: a field.
    Its words name the players whose hands they are ("also in Ann's hand")."""
    if error.hand is not None and 1 <= error.hand <= len(active):
        seat = active[error.hand - 1]
        where = (
            f"card_{seat}_{error.position - 1}" if error.position is not None else f"hand_{seat}"
        )
        return EntryError(where, name_players(error.detail, hand_names(spec, active)))
    return EntryError("hands", name_players(error.message, hand_names(spec, active)))


def card_errors(spec: Spec, data: Mapping[str, Any], active: Sequence[int]) -> list[EntryError]:
    """Every problem with the cards of a deal entered as hands, at once (the engine's
    :func:`~games.engine.cards.board_errors`), each at its field; empty fields are left to
    the form to ask for."""
    rules = spec.hand_rules
    if rules is None:
        return []
    pack = PACK_52 if rules.pack.size == 52 else PACK_32
    board = [[str(c) for c in (data["hands"][s] or ["", "", ""])] for s in active]
    errors = board_errors(board, pack, rules.hand_limit, complete=False)
    return [_card_error(e, active, spec) for e in errors if e.hand is not None]


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
    spec: Spec, data: Mapping[str, Any], active: Sequence[int], present: Sequence[int]
) -> tuple[list[HandOutcome], list[HandLine]]:
    """Each active player's place and combination as recorded (result only, no cards)."""
    places, categories = data["places"], data.get("categories")
    outcomes: list[HandOutcome] = []
    lines: list[HandLine] = []
    for seat in range(spec.n):
        if seat not in active:
            if places[seat] is not None:
                raise EntryError(f"place_{seat}", _away(spec, seat, present))
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


_PER_PLAYER: Final = {"hands": None, "places": None, "categories": None, "bought": 0}


def padded(spec: Spec, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A deal recorded before a late player joined has a value for fewer players: the
    later seats were not at the table."""
    n = spec.n
    short = [k for k in _PER_PLAYER if isinstance(data.get(k), list) and len(data[k]) < n]
    if not short:
        return data
    out = dict(data)
    for k in short:
        out[k] = [*data[k], *([_PER_PLAYER[k]] * (n - len(data[k])))]
    return out


def _turns(spec: Spec, state: Running, dealer: int) -> tuple[int, ...]:
    """The turns of the deal after ``dealer`` deals: the engine's count
    (:func:`~games.engine.settlement.turns_dealt`) of the last two deals tells whether
    this one starts a new turn."""
    from games.engine.settlement import turns_dealt

    same = spec.flag("same_dealer")
    before = [] if state.dealer is None else [state.dealer]
    n = max(spec.n, dealer + 1, (state.dealer or 0) + 1)
    new = turns_dealt([*before, dealer], n, same_dealer_variant=same)[dealer]
    old = turns_dealt(before, n, same_dealer_variant=same)[dealer]
    dealt = list(state.dealt)
    dealt[dealer] += new - old
    return tuple(dealt)


def initial(spec: Spec) -> Running:
    """The state before the first entry: nothing won or lost, nobody has dealt."""
    zero = (Fraction(0),) * spec.n
    pool = None
    if spec.rules == "pool":
        try:
            pool = spec.new_pool()
        except SettlementError as error:
            raise EntryError(None, str(error)) from None
        zero = pool.money
    return Running(0, 0, zero, (0,) * spec.n, None, None, spec.first_seats, pool)


def step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """One entry taken from ``state``: the state after it and its row. Raises
    :class:`EntryError` (with ``index``, the entry's place in the sheet) when the engine
    refuses it."""
    try:
        if entry.kind in SEAT_KINDS:
            return _seat_step(spec, state, entry)
        return _GAME_STEPS[spec.rules](spec, state, entry)
    except EntryError as error:
        raise _located(error, state.index) from None


def compute(spec: Spec, entries: Iterable[Entry], start: Running | None = None) -> Sheet:
    """Fold a sheet's entries through :func:`step`, from the beginning or from ``start``
    (the stored state after an earlier entry). Raises :class:`EntryError` (with ``index``)
    at the first entry the engine refuses."""
    state = initial(spec) if start is None else start
    rows: list[Row] = []
    for entry in entries:
        state, row = step(spec, state, entry)
        rows.append(row)
    return summarise(spec, state, rows)


def _seat_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    if not spec.rule_set.seats_change:
        raise EntryError(None, f"in {spec.rule_set.label} nobody joins or leaves the table")
    seat = entry.data["player"]
    name = spec.players[seat]
    present = set(state.present)
    if entry.kind == "join":
        if seat in present:
            raise EntryError("player", f"{name} is already at the table")
        if len(present) + 1 > spec.max_players:
            raise EntryError(
                "player",
                f"{spec.rule_set.label} takes at most {spec.max_players} players at the table",
            )
        present.add(seat)
    else:
        if seat not in present:
            raise EntryError("player", f"{name} is not at the table")
        if len(present) - 1 < spec.min_players:
            raise EntryError(
                "player",
                f"{spec.rule_set.label} needs at least {spec.min_players} players at the table",
            )
        present.discard(seat)
    seated = tuple(sorted(present))
    after = replace(state, index=state.index + 1, present=seated)
    zero = (Fraction(0),) * spec.n
    return after, Row(
        state.index, entry, None, None, (), [], [], [], zero, state.totals, present=seated
    )


_DEAL_GAMES: Final = {"peel-new": "english-new", "peel-old": "english-old", "swedish": "swedish"}


def _money_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    if entry.kind != "deal":
        raise EntryError(None, f"{spec.rule_set.label} has no {entry.kind}")
    assert spec.stake is not None
    n = spec.n
    data = padded(spec, entry.data)
    active = state.present
    pos = {seat: k for k, seat in enumerate(active)}
    dealer, stood = data["dealer"], data.get("stood")
    if dealer not in pos:
        raise EntryError("dealer", _away(spec, dealer, active))
    if stood is not None and stood not in pos:
        raise EntryError("stood", _away(spec, stood, active))
    bought = data.get("bought")
    if bought is not None:
        for seat in range(n):
            if seat not in pos and bought[seat]:
                raise EntryError(f"bought_{seat}", _away(spec, seat, active))
        bought = [bought[s] for s in active]
    mode = data["mode"]
    try:
        if mode == "hands":
            hands = _check_hands(spec, data, active, active)
            try:
                settled = settle_deal(
                    _DEAL_GAMES[spec.rules],
                    hands,
                    spec.stake,
                    dealer=pos[dealer],
                    stood=None if stood is None else pos[stood],
                    bought=bought,
                    pack=int(spec.options.get("pack", 52)),
                    limited=spec.options.get("limited", "none"),
                    options=spec.deal_options,
                )
            except CardError as error:
                raise _card_error(error, active, spec) from None
            settlement = settled.settlement
            _, lines, notes = _showdown_lines(spec, settled.showdown, active)
        else:
            outcomes, lines = _recorded_outcomes(spec, data, active, active)
            notes = []
            if spec.rules == "peel-new":
                assert bought is not None
                settlement = settle_peel_new(
                    outcomes,
                    pos[dealer],
                    None if stood is None else pos[stood],
                    bought,
                    spec.stake,
                    spec.peel_new_options,
                )
            elif spec.rules == "peel-old":
                settlement = settle_peel_old(outcomes, spec.stake)
            else:
                assert bought is not None
                settlement = settle_swedish(
                    outcomes, pos[dealer], bought, spec.stake, spec.swedish_options
                )
    except SettlementError as error:
        raise _settlement_error(error, mode, spec, active) from None
    net_list = [Fraction(0)] * n
    for k, seat in enumerate(active):
        net_list[seat] = settlement.net[k]
    net = tuple(net_list)
    totals = tuple(t + d for t, d in zip(state.totals, net, strict=True))
    notes = notes + [_because(r, spec, active) for r in settlement.reasons]
    same = spec.flag("same_dealer")
    after = replace(
        state,
        index=state.index + 1,
        number=state.number + 1,
        totals=totals,
        dealt=_turns(spec, state, dealer),
        dealer=dealer,
        categories=tuple(h.category for h in lines) if same else None,
    )
    row = Row(
        state.index,
        entry,
        after.number,
        dealer,
        tuple(active[w] for w in settlement.winners),
        lines,
        _group_transfers(settlement, spec, active),
        notes,
        net,
        totals,
        present=active,
    )
    return after, row


def _pool_payments(entries: Iterable[Any], spec: Spec) -> list[Because]:
    groups: dict[Reason, Because] = {}
    for e in entries:
        group = groups.get(e.reason)
        if group is None:
            group = groups[e.reason] = _because(e.reason, spec)
        group.payments.append(Payment(e.payer, e.payee, e.amount, e.counters))
    return list(groups.values())


def _pool_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    before = state.pool
    assert before is not None
    data = entry.data
    active = before.active
    dealer: int | None = None
    winners: tuple[int, ...] = ()
    lines: list[HandLine] = []
    notes: list[Because] = []
    try:
        if entry.kind == "horse":
            game = buy_horse(before, data["player"])
        elif entry.kind != "deal":
            raise EntryError(None, f"{spec.rule_set.label} has no {entry.kind}")
        else:
            dealer = data["dealer"]
            if before.finished:
                raise EntryError(
                    None,
                    f"the game is over: {spec.players[before.active[0]]} holds the last counters",
                )
            if dealer not in active:
                raise EntryError("dealer", f"{spec.players[dealer]} is out of the game")
            if data["mode"] == "hands":
                rules = spec.hand_rules
                assert rules is not None
                try:
                    parsed = parse_hands(
                        _check_hands(spec, data, active, state.present),
                        rules.pack,
                        limit=rules.hand_limit,
                    )
                except CardError as error:
                    raise _card_error(error, active, spec) from None
                outcomes, lines, notes = _showdown_lines(spec, showdown(parsed, rules), active)
            else:
                outcomes, lines = _recorded_outcomes(spec, data, active, state.present)
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
            game = apply_deal(before, winners, worst)
    except SettlementError as error:
        raise _settlement_error(error, data.get("mode", ""), spec) from None
    net = tuple(a - b for a, b in zip(game.money, before.money, strict=True))
    out = frozenset(i for i in range(spec.n) if game.counters[i] == 0)
    after = replace(state, index=state.index + 1, totals=game.money, pool=game)
    number = None
    if entry.kind == "deal":
        assert dealer is not None
        after = replace(
            after, number=state.number + 1, dealt=_turns(spec, state, dealer), dealer=dealer
        )
        number = after.number
    row = Row(
        state.index,
        entry,
        number,
        dealer,
        winners,
        lines,
        _pool_payments(game.ledger[len(before.ledger) :], spec),
        notes,
        net,
        game.money,
        game.pool,
        game.counters,
        out,
        state.present,
    )
    return after, row


def _cox_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    n = spec.n
    if entry.kind != "deal":
        raise EntryError(None, f"Cox's Commerce has no {entry.kind}")
    if len(state.scores) >= cox_engine.GAME_HANDS:
        raise EntryError(None, "a game of Cox's Commerce is four hands, and four are recorded")
    data = entry.data
    bases = data["bases"]
    lines: list[HandLine] = []
    notes: list[Because] = []
    row_scores: list[int] = []
    for seat in range(n):
        if data["mode"] == "cards":
            try:
                result = cox_engine.score_hand(data["cards"][seat], bases[seat], spec.cox_options)
            except ValueError as error:
                raise EntryError(f"cards_{seat}", str(error)) from None
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
    scores = (*state.scores, tuple(row_scores))
    try:
        game = cox_engine.game_totals([list(s) for s in scores])
    except ValueError as error:
        raise EntryError(None, str(error)) from None
    totals = tuple(Fraction(t) for t in game.totals)
    after = replace(
        state,
        index=state.index + 1,
        number=len(scores),
        totals=totals,
        scores=scores,
        bases=tuple(bases),
    )
    retailer = bases.index(1) if 1 in bases else None
    net = tuple(Fraction(s) for s in row_scores)
    row = Row(
        state.index,
        entry,
        len(scores),
        retailer,
        (),
        lines,
        [],
        notes,
        net,
        totals,
        present=state.present,
    )
    return after, row


_GAME_STEPS: Final = {
    "peel-new": _money_step,
    "peel-old": _money_step,
    "swedish": _money_step,
    "pool": _pool_step,
    "cox": _cox_step,
}
"""Each kind of sheet's step: the part the engine's registry of games will take over."""


# --- After the last entry: whose deal, and is it over -------------------------------------------


def _rotation(spec: Spec) -> Because | None:
    rotation = spec.rule_set.rotation
    if rotation is None:
        return None
    reason = rotation_reason(rotation, same_dealer_variant=spec.flag("same_dealer"))
    return Because(reason.text, reason.citations, reason.rulings)


def _next_dealer(spec: Spec, state: Running, out: frozenset[int]) -> int | None:
    """Whose deal it is: the engine's rotation among the seats at the table (a seat away
    is skipped; in Pool Commerce the engine skips the players who are out)."""
    rotation = spec.rule_set.rotation
    assert rotation is not None
    playing = [s for s in state.present if s not in out]
    if not playing:
        return None
    if state.dealer is None:
        return playing[0]
    ring = sorted({*state.present, state.dealer})
    here = ring.index(state.dealer)
    gone = [ring.index(s) for s in out if s in ring]
    same = spec.flag("same_dealer")
    try:
        following = ring[
            next_dealer(
                rotation,
                here,
                len(ring),
                same_dealer_variant=same,
                categories=state.categories if same else None,
                out=gone,
            )
        ]
        if following not in playing:  # the dealer kept the deal but has left the table
            following = ring[next_dealer(rotation, here, len(ring), out=gone)]
    except SettlementError:
        return None  # the game is over (Pool Commerce)
    return following


def summarise(spec: Spec, state: Running, rows: list[Row] | None = None) -> Sheet:
    """The sheet after ``state``: accounts, whose deal it is, whether it is over; ``rows``
    are the rows computed on the way (the page shows them)."""
    rows = [] if rows is None else rows
    n = spec.n
    if spec.rules == "cox":
        over = len(state.scores) == cox_engine.GAME_HANDS
        winners: tuple[int, ...] = ()
        if state.scores and over:
            winners = tuple(cox_engine.game_totals([list(s) for s in state.scores]).winners)
        return Sheet(
            spec,
            rows,
            state.totals,
            [],
            None,
            None,
            (0,) * n,
            False,
            over,
            winners,
            deals=state.number,
            present=state.present,
            state=state,
        )
    if spec.rules == "pool":
        game = state.pool
        assert game is not None
        out = frozenset(i for i in range(n) if game.counters[i] == 0)
        opening = _pool_payments(spec.new_pool().ledger, spec)
        following = None if game.finished else _next_dealer(spec, state, out)
        dealt = (0,) * n if game.finished else state.dealt
        return Sheet(
            spec,
            rows,
            game.money,
            opening,
            following,
            _rotation(spec),
            dealt,
            False,
            game.finished,
            (game.champion,) if game.champion is not None else (),
            pool=game.pool,
            counters=game.counters,
            out=out,
            horses=game.horses,
            may_buy_horse=tuple(i for i in range(n) if game.may_buy_horse(i)),
            deals=state.number,
            present=state.present,
            state=state,
        )
    following = _next_dealer(spec, state, frozenset())
    seated = [state.dealt[s] for s in state.present]
    end = state.number > 0 and len(seated) >= 2 and suggest_end(seated)
    return Sheet(
        spec,
        rows,
        state.totals,
        [],
        following,
        _rotation(spec),
        state.dealt,
        end,
        False,
        (),
        deals=state.number,
        present=state.present,
        state=state,
    )


# --- The running state, stored beside each entry ------------------------------------------------


def _amounts(values: Iterable[Fraction]) -> list[str]:
    return [str(v) for v in values]


def dump_state(state: Running, row: Row | None = None) -> dict[str, Any]:
    """The state after an entry as JSON (exact amounts as text), with what the grid of
    deals shows of its row (net and winners), so a page can show the accounts and the grid
    without replaying anything."""
    out: dict[str, Any] = {
        "r": REVISION,
        "i": state.index,
        "n": state.number,
        "t": _amounts(state.totals),
        "d": list(state.dealt),
        "dl": state.dealer,
        "c": None if state.categories is None else list(state.categories),
        "p": list(state.present),
    }
    if state.pool is not None:
        game = state.pool
        out["pool"] = {
            "m": _amounts(game.money),
            "k": list(game.counters),
            "deals": game.deals,
            "oa": list(game.out_after),
            "fo": sorted(game.first_out),
            "h": sorted(game.horses),
        }
    if state.scores:
        out["cox"] = {"s": [list(s) for s in state.scores], "b": list(state.bases or ())}
    if row is not None:
        out["row"] = {"net": _amounts(row.net), "w": list(row.winners), "dl": row.dealer}
    return out


def load_state(spec: Spec, data: object) -> Running | None:
    """A stored state, or None when there is none, it is of another :data:`REVISION` or it
    does not fit the sheet (it is then recomputed). Seats of players who joined since are
    padded in: away, nothing won or lost."""
    if not isinstance(data, dict) or data.get("r") != REVISION:
        return None
    n = spec.n
    try:
        totals = [Fraction(t) for t in data["t"]]
        dealt = [int(d) for d in data["d"]]
        if len(totals) > n or len(dealt) > n:
            return None
        totals += [Fraction(0)] * (n - len(totals))
        dealt += [0] * (n - len(dealt))
        categories = data.get("c")
        state = Running(
            int(data["i"]),
            int(data["n"]),
            tuple(totals),
            tuple(dealt),
            data.get("dl"),
            None if categories is None else tuple(categories),
            tuple(int(p) for p in data["p"]),
        )
        if "pool" in data:
            state = replace(state, pool=_restore_pool(spec, data["pool"]))
        elif spec.rules == "pool":
            return None
        if "cox" in data:
            state = replace(
                state,
                scores=tuple(tuple(int(x) for x in s) for s in data["cox"]["s"]),
                bases=tuple(data["cox"]["b"]) or None,
            )
    except (KeyError, TypeError, ValueError, ZeroDivisionError, SettlementError):
        return None
    return state


_CARRIED: Final = Reason("the balances carried over from the stored sheet")


def _restore_pool(spec: Spec, data: Mapping[str, Any]) -> PoolGame:
    """A Pool Commerce game with the stored balances: a new game whose ledger holds the
    buy-ins, the horses bought and one line per player carrying the rest over (the
    engine's game has no constructor from balances; its ledger is only read for the
    balances and the horses)."""
    game = spec.new_pool()
    deals = int(data["deals"])
    entries: list[LedgerEntry] = []
    horses = [int(h) for h in data["h"]]
    for p in horses:
        entries.append(LedgerEntry(deals, p, POOL, game.horse_price, 0, "horse", _CARRIED))
        entries.append(LedgerEntry(deals, POOL, p, Fraction(0), 1, "horse", _CARRIED))
    for p, (money, counters) in enumerate(zip(data["m"], data["k"], strict=True)):
        dm = Fraction(money) - game.money[p] + (game.horse_price if p in horses else 0)
        dc = int(counters) - game.counters[p] - (1 if p in horses else 0)
        gain_m, loss_m = max(dm, Fraction(0)), max(-dm, Fraction(0))
        gain_c, loss_c = max(dc, 0), max(-dc, 0)
        if gain_m or gain_c:
            entries.append(LedgerEntry(deals, POOL, p, gain_m, gain_c, "prize", _CARRIED))
        if loss_m or loss_c:
            entries.append(LedgerEntry(deals, p, POOL, loss_m, loss_c, "counter", _CARRIED))
    restored = copy.copy(game)
    return restored._evolve(  # noqa: SLF001 -- see the docstring
        entries,
        deals=deals,
        out_after=tuple(None if d is None else int(d) for d in data["oa"]),
        first_out=frozenset(int(p) for p in data["fo"]),
    )
