"""The glue of a score sheet: recorded deals in, the engine's accounts out.

A sheet stores what the table did -- who dealt, the hands shown (or only the result), the
purchases, who stood, a horse bought, a player joining or leaving the table -- and, beside
each entry, the running state after it. :func:`compute` is a fold: it starts from a
:class:`Running` state (the accounts, the dealer rotation's counters, the game over a whole
evening, the scores so far), and each :func:`step` takes one entry through the game's
registered object (:mod:`games.engine.games`) to a new state and that entry's :class:`Row`
-- its payments with their reasons. So recording a deal costs one step from the last stored
state (:func:`dump_state`, :func:`load_state`), whatever the length of the evening, and an
edit in the middle recomputes from that point on.

Nothing here knows one game from another: a sheet keeps any registered game the way its
capabilities say (:func:`keeping`) -- a deal settled by the game (``settles_deals``), a
ledger over the whole game (``whole_game``), or the cards laid out and counted (a
``rack``). No payout rule is written here: this module only converts the sheet's data to
the game's arguments and back, and shows the game's reasons as the whole site shows them
(:mod:`games.explaining`).

Everything is plain Python (no Django), so the property tests can replay thousands of
sheets quickly.

>>> spec = make_spec("peel-old", ["Ann", "Bob", "Cy"], stake="1", options={})
>>> deal = clean_entry(spec, "deal", {"dealer": 0, "mode": "hands",
...     "hands": [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"]]})
>>> sheet = compute(spec, [Entry("deal", deal)])
>>> [str(t) for t in sheet.totals], sheet.next_dealer
(['2', '-1', '-1'], 1)
>>> sheet.rows[0].because[0].lines
('Bob → Ann: 1', 'Cy → Ann: 1')
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
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, cast

from games.engine import amounts
from games.engine import pool as pool_engine
from games.engine.cards import CardError, board_errors, parse_card
from games.engine.citations import Reason
from games.engine.games import (
    CommerceGame,
    Config,
    Game,
    OptionError,
    RequestGame,
    UnknownGame,
    get,
    registered,
)
from games.engine.pool import POOL, Account, LedgerEntry, PoolGame
from games.engine.settlement import (
    MAX_BOUGHT,
    HandOutcome,
    Settlement,
    SettlementError,
    suggest_end,
    turns_dealt,
)
from games.engine.wording import EngineError, Mention, Said, said, said_n, speaker
from games.explaining import Explanation, Shown

if TYPE_CHECKING:
    from games.engine.commerce import PeelRules, Showdown, SwedishRules
    from games.engine.cox import CoxScore, GameTotals

__all__ = [
    "MAX_BOUGHT",
    "Entry",
    "EntryError",
    "Payment",
    "Row",
    "Running",
    "Sheet",
    "Spec",
    "SpecError",
    "clean_entry",
    "clean_name",
    "clean_title",
    "compute",
    "dump_state",
    "game_choices",
    "initial",
    "keeping",
    "load_state",
    "make_spec",
    "payment_words",
    "settle_up",
    "sheet_games",
    "step",
]

MAX_NAME = 40
MAX_TITLE = 80
MAX_SCORE = 1000
"""The largest score, either way, a counted hand may be recorded with (result only)."""
MAX_SEATS = 20
"""Everyone who ever sat at one sheet's table, late players included."""
MAX_SLUG = 40
"""The longest slug a sheet stores (``Game.rules``)."""
REVISION: Final = 2
"""The revision of the stored running states: bump it when the engine's results for a stored
deal may change, and every stored state is recomputed the next time it is read. 2: the games
come from the registry (a result recorded without the cards is paid by the game, which may
refuse what the sheet took before: a deal of fewer players than the game wants); the game
kept as one ledger is stored under ``ledger``, a counted game's scores under ``counted``."""


def say(words: Said) -> str:
    """``words`` (marked where they are written: ``said("…", value=…)``) in the language of
    the page being made, through the speaker the site installed (English without one)."""
    return words.words(speak=speaker())


# --- The games a sheet keeps --------------------------------------------------------------------

type Keeping = Literal["settled", "ledger", "counted", "request"]
"""How a sheet keeps a game's accounts: each deal ``settled`` by the game (the accounts are
the sums of the deals), one ``ledger`` over the whole game (a pool, counters, a champion),
each hand's cards ``counted`` (scores, a winner after the game's hands), or each deal's
``request`` answered by the game (:class:`~games.engine.games.RequestGame`: money won and
lost, or points towards a target)."""

SETTLED: Final = "settled"
LEDGER: Final = "ledger"
COUNTED: Final = "counted"
REQUEST: Final = "request"


def keeping(game: Game) -> Keeping | None:
    """How a sheet keeps ``game``, from its capabilities; None when it cannot.

    >>> [(g.slug, keeping(g)) for g in registered()][:5]  # doctest: +NORMALIZE_WHITESPACE
    [('peel-new', 'settled'), ('peel-old', 'settled'), ('pool', 'ledger'),
     ('swedish', 'settled'), ('cox', 'counted')]
    """
    if game.board == "request" and isinstance(game, RequestGame):
        return REQUEST
    if game.settles_deals:
        return SETTLED
    if game.whole_game:
        return LEDGER
    if game.board == "rack":
        return COUNTED
    return None


def sheet_games() -> list[Game]:
    """The registered games a sheet can keep, in the registry's order."""
    return registered(lambda game: keeping(game) is not None and len(game.slug) <= MAX_SLUG)


def takes_stake(game: Game) -> bool:
    """Whether a sheet of ``game`` asks for the value of a stake: a game played for a stake,
    unless each deal's request carries its own stakes (a game answered from one request).

    >>> takes_stake(get("peel-new")), takes_stake(get("cox"))
    (True, False)
    """
    return game.stake and keeping(game) != REQUEST


def game_choices() -> list[tuple[str, str]]:
    """``(slug, label)`` of every game a sheet can keep (a form's and a model's choices).

    >>> game_choices()[0]
    ('peel-new', "Peel's new game")
    """
    return [(game.slug, game.label) for game in sheet_games()]


class LedgerGame(Protocol):
    """What a game kept as one ledger over the whole game answers (``whole_game``)."""

    def start(self, players: int, config: Config) -> PoolGame: ...
    def next_dealer(
        self,
        dealer: int,
        players: int,
        config: Config,
        *,
        categories: Iterable[str] | None = None,
        out: Iterable[int] = (),
    ) -> int: ...


class CountedGame(Protocol):
    """What a game whose cards are laid out and counted answers (``board == "rack"``)."""

    hands_per_game: int
    supply_bases: tuple[int, ...]

    def read_cards(self, cards: str | Iterable[str]) -> tuple[Any, ...]: ...
    def check_deal(self, hands: Sequence[Iterable[Any]], bases: Sequence[int]) -> None: ...
    def score(self, cards: str | Iterable[str], supply_base: int, config: Config) -> CoxScore: ...
    def game_totals(self, scores: list[list[int]]) -> GameTotals: ...


# --- The sheet's specification ------------------------------------------------------------------


class SpecError(ValueError):
    """A bad game, player list, stake or option; ``field`` names the form field (an option
    by its name)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Spec:
    """What a sheet is about: the game (its slug), the players round the table (clockwise,
    as the engine counts them), the stake and the house-rule options (as text, as stored:
    ``"true"``, ``"1/2"``).

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
    def n(self) -> int:
        return len(self.players)

    @cached_property
    def game(self) -> Game:
        """The registered game (its slug, or a name it was known by)."""
        return get(self.rules)

    @cached_property
    def config(self) -> Config:
        """The game's options, every one with a value, read by the game itself (a value
        stored as ``"true"`` or ``"1/2"`` as much as one a form sent); an option the game no
        longer has is left out."""
        known = {option.name for option in self.game.options}
        return self.game.configure({k: v for k, v in self.options.items() if k in known})

    @property
    def label(self) -> str:
        return self.game.label

    @cached_property
    def keeping(self) -> Keeping:
        kept = keeping(self.game)
        assert kept is not None, self.rules
        return kept

    @property
    def seats_change(self) -> bool:
        """Whether players may join or leave the table during the evening (a game whose
        deals are settled one by one)."""
        return self.keeping == SETTLED

    @property
    def money(self) -> bool:
        """Whether the accounts are money (else scores or points)."""
        if self.keeping == REQUEST:
            return self.request_game.keeps == "money"
        return self.keeping != COUNTED

    @property
    def request_game(self) -> RequestGame:
        """The game as one answered from one request (``board == "request"``)."""
        assert isinstance(self.game, RequestGame), self.rules
        return self.game

    @property
    def entry_word(self) -> str:
        """What one entry of the game is called: a ``deal``, or a counted ``hand``."""
        return "hand" if self.keeping == COUNTED else "deal"

    @cached_property
    def asks_stood(self) -> bool:
        """Whether a deal names the player who stood."""
        return self.game.asks_stood(self.config)

    @property
    def categories_needed(self) -> bool:
        """Whether a result recorded without the cards names each hand's combination (the
        payments depend on it)."""
        return self.keeping == SETTLED

    @property
    def same_dealer(self) -> bool:
        """Whether the dealer keeps the deal until someone holds a better combination (the
        option the engine's rotation reads): a run of his deals is one turn."""
        return self.config.flag("same_dealer")

    @cached_property
    def hands_game(self) -> CommerceGame:
        """The game as one whose hands are dealt and judged (``board == "hands"``)."""
        assert self.game.board == "hands", self.rules
        return cast(CommerceGame, self.game)

    @property
    def ledger_game(self) -> LedgerGame:
        return cast(LedgerGame, self.game)

    @property
    def counted(self) -> CountedGame:
        return cast(CountedGame, self.game)

    @cached_property
    def hand_rules(self) -> PeelRules | SwedishRules | None:
        """The rule set that judges the hands (None for a game whose cards are counted)."""
        if self.game.board != "hands":
            return None
        return self.hands_game.hand_rules(self.config)

    @cached_property
    def categories(self) -> tuple[str, ...]:
        """The combinations a hand may be recorded as, best first."""
        rules = self.hand_rules
        return tuple(c.value for c in rules.categories) if rules is not None else ()

    @cached_property
    def chosen(self) -> dict[str, str]:
        """The value this table chose for each ruling's option, by the ruling's slug."""
        return {
            o.ruling.slug: self.config[o.name] for o in self.game.options if o.ruling is not None
        }

    @property
    def min_players(self) -> int:
        return self.game.min_players

    @property
    def max_players(self) -> int:
        """The game's limit, or the pack's when it deals fewer hands."""
        rules = self.hand_rules
        if rules is None:
            return self.game.max_players
        return min(self.game.max_players, rules.hand_limit)

    def flag(self, name: str) -> bool:
        return self.config.flag(name)


def _amount(raw: object, name: str) -> Fraction:
    """An amount as people write it, read by :func:`games.engine.amounts.read_amount`; its
    refusal as a :class:`SpecError` naming the field.

    >>> _amount("0.25", "stake"), _amount(3, "prize")
    (Fraction(1, 4), Fraction(3, 1))
    >>> _amount("1e999999", "stake")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.SpecError: stake: write an amount like 1, 0.5 or 1/2, not '1e999999'
    """
    try:
        return amounts.read_amount(raw, name)
    except amounts.AmountError as error:
        raise SpecError(name, error.message) from None


def _sheet_game(rules: object) -> Game:
    choices = ", ".join(game.slug for game in sheet_games())
    if not isinstance(rules, str):
        raise SpecError("rules", f"choose one of {choices}, not {str(rules)[:40]!r}")
    try:
        game = get(rules)
    except UnknownGame:
        raise SpecError("rules", f"choose one of {choices}, not {rules[:40]!r}") from None
    if game not in sheet_games():
        raise SpecError("rules", f"choose one of {choices}, not {rules[:40]!r}")
    return game


def make_spec(
    rules: str,
    players: Sequence[str],
    stake: object,
    options: Mapping[str, object],
    late: Iterable[int] = (),
) -> Spec:
    """Check and normalise a sheet's specification; raise :class:`SpecError` naming the field.

    ``rules`` is a game's slug (or a name it was known by); the game reads its own options
    (:meth:`~games.engine.games.Game.configure`): options missing from ``options`` take their
    defaults, options the game does not have are dropped, and every value is kept as text
    (amounts exact: ``1/2``).

    >>> make_spec("swedish", ["Ann", "Bob", "Cy"], "0.5", {"tie": "full-bonus"}).options
    {'poang_ties': 'equal', 'tie': 'full-bonus'}
    >>> make_spec("peel-new", ["Ann", "Ann"], 1, {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.SpecError: players: Ann is written twice; each player needs a name ...
    """
    game = _sheet_game(rules)
    known = {option.name for option in game.options}
    given = {k: v for k, v in options.items() if k in known and v is not None and v != ""}
    try:
        config = game.configure(given)
    except OptionError as error:
        raise SpecError(error.field or "options", error.message) from None
    money: Fraction | None = None
    if takes_stake(game):
        money = _amount(stake, "stake")
    names = _clean_players(players)
    later = frozenset(late)
    spec = Spec(game.slug, names, money, dict(config), later)
    if later and not spec.seats_change:
        raise SpecError(
            "players", say(said("in {game} nobody joins the table late", game=said(game.label)))
        )
    if any(not 0 <= s < len(names) for s in later):
        raise SpecError("players", say(said("a late player is not among the players")))
    seated = len(spec.first_seats)
    if not spec.min_players <= seated <= spec.max_players:
        rules_ = spec.hand_rules
        values = {
            "game": said(game.label),
            "least": str(spec.min_players),
            "most": str(spec.max_players),
            "seated": str(seated),
        }
        if rules_ is not None and rules_.hand_limit < game.max_players:
            words = said_n(
                "{game} needs {least} to {most} players with the {size}-card pack; there is "
                "{seated}",
                "{game} needs {least} to {most} players with the {size}-card pack; there are "
                "{seated}",
                seated,
                size=str(rules_.pack.size),
                **values,
            )
        else:
            words = said_n(
                "{game} needs {least} to {most} players; there is {seated}",
                "{game} needs {least} to {most} players; there are {seated}",
                seated,
                **values,
            )
        raise SpecError("players", say(words))
    if spec.n > MAX_SEATS:
        raise SpecError(
            "players",
            say(said("a sheet has at most {count} players in all", count=str(MAX_SEATS))),
        )
    return spec


def _clean_players(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SpecError("players", say(said("give the players as a list of names")))
    names: list[str] = []
    for raw in players:
        if not isinstance(raw, str):
            raise SpecError(
                "players", say(said("a player's name is text, not {value}", value=repr(raw)))
            )
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


def _text_problem(raw: str, what: Said) -> str | None:
    if "\x00" in raw:
        return say(said("{what} cannot hold a NUL character", what=what))
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        return say(said("{what} is not valid text (it holds half of a surrogate pair)", what=what))
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
    problem = _text_problem(raw, said("a name"))
    if problem:
        raise SpecError(field, problem)
    return _visible(raw)


def clean_title(raw: str, field: str = "title") -> str:
    """An evening's name, cleaned as a player's name is (a NUL or lone surrogate refused).

    >>> clean_title("Friday\\u202e at Cy's")
    "Friday at Cy's"
    """
    problem = _text_problem(raw, said("the name of the evening"))
    if problem:
        raise SpecError(field, problem)
    title = _visible(raw)
    if len(title) > MAX_TITLE:
        raise SpecError(
            field,
            say(
                said("the name of the evening is longer than {count} letters", count=str(MAX_TITLE))
            ),
        )
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
        raise SpecError(field, say(said("write the player's name")))
    if len(name) > MAX_NAME:
        raise SpecError(
            field,
            say(
                said(
                    "{name}… is longer than {count} letters",
                    name=name[:MAX_NAME],
                    count=str(MAX_NAME),
                )
            ),
        )
    key = name_key(name)
    for other in taken:
        if name_key(other) == key:
            if other.casefold() == name.casefold():
                raise SpecError(
                    field,
                    say(
                        said(
                            "{name} is written twice; each player needs a name of his own",
                            name=name,
                        )
                    ),
                )
            raise SpecError(
                field,
                say(
                    said(
                        "{name} looks the same as {other} (a letter of another alphabet, or "
                        "an invisible character): each player needs a name that looks "
                        "different",
                        name=name,
                        other=other,
                    )
                ),
            )
    return name


# --- Entries: what is stored for each deal ----------------------------------------------------


class EntryError(ValueError):
    """A deal the sheet cannot take; ``field`` names the form field (``None``: the deal as a
    whole), ``index`` the entry it concerns when replaying a whole sheet. A deal answered
    from one request names the request's value at fault as the engine does: ``field`` its
    path with dots (``players.1.hands.0.cards``), ``item`` the index within it (the card)."""

    def __init__(
        self, field: str | None, message: str, index: int | None = None, item: int | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.index = index
        self.item = item


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

    Deal data, a game of hands: ``dealer``; ``mode`` ``"hands"`` with ``hands`` (three card
    codes per player, ``null`` for a player away or out of the game) or ``"result"`` with
    ``places`` (1 is best) and, where the payments depend on them, ``categories``;
    ``stood`` (a game where a player stands) and ``bought`` (a game with purchases). A game
    whose cards are counted: ``mode`` ``"cards"`` with ``cards`` (codes per player) or
    ``"result"`` with ``scores``, and ``bases`` (supply bases). A horse: ``player``.
    """
    if not isinstance(data, Mapping):
        raise EntryError(None, "an entry is an object of named values")
    n = spec.n
    game = spec.game
    if kind == "horse":
        if spec.keeping != LEDGER:
            raise EntryError(None, f"{spec.label} has no horses")
        return {"player": _index(data.get("player"), "player", n)}
    if kind in SEAT_KINDS:
        if not spec.seats_change:
            raise EntryError(None, f"in {spec.label} nobody joins or leaves the table")
        return {"player": _index(data.get("player"), "player", n)}
    if kind != "deal":
        raise EntryError(
            None, f"an entry is a deal, a horse, a join or a leave, not {str(kind)[:40]!r}"
        )
    if spec.keeping == COUNTED:
        return _clean_counted(spec, data)
    if spec.keeping == REQUEST:
        return _clean_request(data)
    out: dict[str, Any] = {"dealer": _index(data.get("dealer"), "dealer", n)}
    if game.stood:
        out["stood"] = _index(data.get("stood"), "stood", n) if spec.asks_stood else None
    if game.bought:
        raw = data.get("bought", [0] * n)
        if not isinstance(raw, list) or len(raw) != n:
            raise EntryError(None, f"bought: one count per player ({n}) is needed")
        out["bought"] = [
            _whole(v, f"bought_{i}", 0, MAX_BOUGHT, default=0) for i, v in enumerate(raw)
        ]
    mode = data.get("mode")
    if mode == "hands":
        hands: list[list[str] | None] = []
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
        if spec.categories_needed:
            categories: list[str | None] = []
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


MAX_REQUEST_DEPTH: Final = 6
"""The deepest nesting of a deal's request: players, a player, his hands, a hand, its cards,
a card."""
MAX_REQUEST_VALUES: Final = 1000
"""The most values a deal's request holds (a table of twenty players, each with several hands of
cards, holds a few hundred)."""


def _clean_request(data: Mapping[str, Any]) -> dict[str, Any]:
    """A deal's request (a game answered from one request): a copy of the JSON object, whose
    rules the game checks when the deal is settled. Only its shape is checked here: JSON
    values (text, whole or decimal numbers, true/false, null, lists, objects with text keys),
    nested no deeper than :data:`MAX_REQUEST_DEPTH` and no more than
    :data:`MAX_REQUEST_VALUES` of them, text no database refuses.

    >>> _clean_request({"dealer": 0, "players": [{"hand": ["AS", "KD"]}]})
    {'dealer': 0, 'players': [{'hand': ['AS', 'KD']}]}
    >>> _clean_request({"dealer": float("nan")})
    Traceback (most recent call last):
    ...
    games.scoresheet.ledger.EntryError: dealer: nan is not a number a deal holds
    """
    count = [0]

    def copy_of(value: Any, path: str, depth: int) -> Any:
        count[0] += 1
        if count[0] > MAX_REQUEST_VALUES:
            raise EntryError(None, f"a deal holds at most {MAX_REQUEST_VALUES} values")
        if depth > MAX_REQUEST_DEPTH:
            raise EntryError(path or None, f"{path}: nested deeper than any deal")
        if value is None or isinstance(value, bool | int):
            if isinstance(value, int) and abs(value) > 2**53:
                raise EntryError(path, f"{path}: {value} is beyond 2^53")
            return value
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise EntryError(path, f"{path}: {value} is not a number a deal holds")
            return value
        if isinstance(value, str):
            problem = _text_problem(value, said("a value"))
            if problem:
                raise EntryError(path, f"{path}: {problem}")
            return value
        if isinstance(value, list | tuple):
            return [copy_of(v, f"{path}.{i}", depth + 1) for i, v in enumerate(value)]
        if isinstance(value, Mapping):
            out: dict[str, Any] = {}
            for key, v in value.items():
                if not isinstance(key, str) or _text_problem(key, said("a name")):
                    raise EntryError(path or None, f"{path or 'the deal'}: a name is not text")
                out[key] = copy_of(v, f"{path}.{key}" if path else key, depth + 1)
            return out
        raise EntryError(path or None, f"{path or 'the deal'}: {type(value).__name__} is not JSON")

    return cast(dict[str, Any], copy_of(data, "", 0))


def _canonical(token: str) -> str:
    """A card as its code (``10h`` → ``10H``, ``hkn`` → ``JH``) when the engine reads it;
    otherwise as typed, for the engine to name when the deal is settled."""
    try:
        return str(parse_card(token))
    except CardError:
        return token.strip()


def _counted_canonical(spec: Spec, token: str) -> str:
    try:
        return str(spec.counted.read_cards([token])[0].code)
    except (ValueError, IndexError):
        return token.strip()


_COUNTED_FIELDS: Final = {"hands": "cards", "supply_bases": "base"}
"""The form's field, by the argument an objection to a counted deal names."""


def _counted_error(error: ValueError, spec: Spec) -> EntryError:
    """The engine's objection to a counted deal, beside the player's field it names
    (``field`` and ``item``), the players named (``render``)."""
    if not isinstance(error, EngineError):
        return EntryError(None, str(error))
    where = _COUNTED_FIELDS.get(error.field or "")
    if where is not None and error.item is not None and 0 <= error.item < spec.n:
        return EntryError(f"{where}_{error.item}", error.render(spec.players))
    return EntryError(None, error.render(spec.players))


def _clean_counted(spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
    n = spec.n
    game = spec.counted
    bases = [_whole(v, f"base_{i}") for i, v in enumerate(_per_player(data, "bases", n))]
    try:
        game.check_deal([() for _ in bases], bases)
    except ValueError as error:
        raise _counted_error(error, spec) from None
    out: dict[str, Any] = {"bases": bases}
    mode = data.get("mode")
    if mode == "cards":
        cards = []
        for i, hand in enumerate(_per_player(data, "cards", n)):
            if isinstance(hand, str):
                try:
                    hand = [c.code for c in game.read_cards(hand)]
                except EngineError as error:
                    raise EntryError(f"cards_{i}", error.render(spec.players)) from None
            if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
                raise EntryError(f"cards_{i}", "a hand is a list of card codes")
            hand = [_counted_canonical(spec, c) for c in hand if c.strip()]
            if not hand:
                raise EntryError(f"cards_{i}", "enter the cards this player laid out")
            cards.append(hand)
        try:
            game.check_deal(cards, bases)
        except ValueError as error:
            raise _counted_error(error, spec) from None
        out["mode"] = "cards"
        out["cards"] = cards
    elif mode == "result":
        out["mode"] = "result"
        out["scores"] = [
            _whole(v, f"score_{i}", -MAX_SCORE, MAX_SCORE)
            for i, v in enumerate(_per_player(data, "scores", n))
        ]
    else:
        raise EntryError("mode", say(said("choose whether to enter the cards or only the scores")))
    return out


# --- The computed sheet -----------------------------------------------------------------------


@dataclass(frozen=True)
class Payment:
    """One movement of money (and, in a game with counters, counters)."""

    payer: Account
    payee: Account
    amount: Fraction
    counters: int = 0


def payment_words(payment: Payment, spec: Spec) -> str:
    """``Bob → Ann: 1``; with counters too: ``Dee → the pool: 1 counter``.

    >>> spec = make_spec("pool", ["Ann", "Bob"], "", {})
    >>> payment_words(Payment(1, "pool", Fraction(1, 2), 1), spec)
    'Bob → the pool: 0.5 and 1 counter'
    """
    payer, payee = _account(spec, payment.payer, first=True), _account(spec, payment.payee)
    speak = speaker()
    amount = speak.value(amounts.Written(payment.amount))  # the page's decimal sign
    counters = said_n(
        "{count} counter", "{count} counters", payment.counters, count=payment.counters
    )
    if payment.amount and payment.counters:
        what = say(said("{amount} and {counters}", amount=amount, counters=counters))
    elif payment.counters:
        what = say(counters)
    else:
        what = amount if payment.amount else ""
    return f"{payer} → {payee}: {what}"


def _account(spec: Spec, account: Account, *, first: bool = False) -> str:
    if account == POOL:
        return say(said("The pool")) if first else say(said("the pool"))
    return spec.players[int(account)]


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
    """One entry of the sheet, computed: what happened, who paid whom and why, the accounts.

    ``why`` is the engine's reasons as the page shows them (:class:`games.explaining.Shown`),
    in order: how the hands were judged, each group of payments (its ``lines``), what else
    the game says of the deal; ``payments`` are every payment, as data."""

    index: int
    entry: Entry
    number: int | None  # the deal's number (None for a horse, a join, a leave)
    dealer: int | None
    winners: tuple[int, ...]
    hands: list[HandLine]
    why: list[Shown]
    payments: tuple[Payment, ...]
    net: tuple[Fraction, ...]
    totals: tuple[Fraction, ...]
    pool: Fraction | None = None
    counters: tuple[int, ...] | None = None
    out: frozenset[int] = frozenset()
    present: tuple[int, ...] = ()

    @property
    def because(self) -> list[Shown]:
        """The reasons that explain payments (each with its lines)."""
        return [shown for shown in self.why if shown.lines]

    @property
    def notes(self) -> list[Shown]:
        """The other reasons: how the hands were judged, what the game says of the deal."""
        return [shown for shown in self.why if not shown.lines]


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
    (the scores' sums); ``dealt`` the turns of the deal each seat has had, ``dealer`` and
    ``categories`` the last deal's dealer and combinations (for the rotation); ``present``
    the seats at the table; ``pool`` the game kept as one ledger; ``scores`` and ``bases``
    the counted hands so far; ``following`` the next dealer a game answered from one request
    named in its last answer, ``won`` the players who have won such a game to a target (the
    deal that ends it decides: the totals alone cannot tell who went out first)."""

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
    following: int | None = None
    won: tuple[int, ...] = ()


@dataclass
class Sheet:
    """A sheet computed: the rows of the entries just taken (all of them, from
    :func:`compute` without ``start``), accounts, next dealer, suggestions."""

    spec: Spec
    rows: list[Row]
    totals: tuple[Fraction, ...]
    opening: list[Shown]
    next_dealer: int | None
    rotation: Shown | None
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
        accounts do not sum to zero: a pool still holds money)."""
        if not self.spec.money or sum(self.totals) != 0:
            return []
        return settle_up(self.totals)


# --- The engine's words, with the players' names ------------------------------------------------


def _names(spec: Spec, seats: Sequence[int] | None = None) -> list[str]:
    """The names of the players the engine numbered: every seat, or ``seats`` (the hands a
    showdown judged, when some players are out or away)."""
    return list(spec.players) if seats is None else [spec.players[s] for s in seats]


def _explaining(spec: Spec, seats: Sequence[int] | None = None) -> Explanation:
    """The reasons of one entry, shown as the whole site shows them: the players (or the
    holders of the hands judged, ``seats``) named by the engine's one formatter."""
    return Explanation(_names(spec, seats), spec.chosen)


def _paid(page: Explanation, spec: Spec, groups: Mapping[Reason, list[Payment]]) -> list[Payment]:
    """Each group of payments shown under its reason (one line a payment); all of them."""
    paid: list[Payment] = []
    for reason, payments in groups.items():
        page.add(reason, [payment_words(p, spec) for p in payments])
        paid.extend(payments)
    return paid


def _transfers(settlement: Settlement, seats: Sequence[int]) -> dict[Reason, list[Payment]]:
    """The settlement's transfers grouped by reason; the engine's player indices (among the
    hands dealt) become seats."""
    groups: dict[Reason, list[Payment]] = {}
    for t in settlement.transfers:
        groups.setdefault(t.reason, []).append(Payment(seats[t.payer], seats[t.payee], t.amount))
    return groups


def _ledger_entries(entries: Iterable[LedgerEntry]) -> dict[Reason, list[Payment]]:
    groups: dict[Reason, list[Payment]] = {}
    for e in entries:
        groups.setdefault(e.reason, []).append(Payment(e.payer, e.payee, e.amount, e.counters))
    return groups


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
        return EntryError(error.field, error.message, index, error.item)
    return EntryError(field, str(error), index)


_PLAYER_FIELDS: Final = frozenset({"stood", "dealer", "player"})
_RESULT_FIELDS: Final = frozenset({"outcomes", "place", "category", "winners", "worst"})


def _engine_error(error: EngineError, mode: str, spec: Spec, seats: Sequence[int]) -> EntryError:
    """The engine's refusal beside the form field it names (its ``field`` and ``item``), in
    its words with the players it speaks of named (``render``; the engine numbers them
    among ``seats``, the players dealt in)."""
    name, item, text = error.field, error.item, error.render(_names(spec, seats))
    if name == "bought" and item is not None and 0 <= item < len(seats):
        return EntryError(f"bought_{seats[item]}", text)
    if name in _PLAYER_FIELDS:
        return EntryError(name, text)
    if name in _RESULT_FIELDS:
        return EntryError("hands" if mode == "hands" else "result", text)
    return EntryError(None, text)


def _away(spec: Spec, seat: int, present: Sequence[int]) -> str:
    """Why a seat takes no part in a deal: away from the table, or out of the game."""
    name = spec.players[seat]
    if seat not in present:
        return say(said("{name} is not at the table", name=name))
    return say(said("{name} is out of the game", name=name))


def _check_hands(
    spec: Spec, data: Mapping[str, Any], active: Sequence[int], present: Sequence[int]
) -> list[Any]:
    hands = data["hands"]
    for seat in range(spec.n):
        if seat not in active and hands[seat] is not None:
            raise EntryError(
                f"hand_{seat}",
                say(said("{why} and is dealt no cards", why=_away(spec, seat, present))),
            )
        if seat in active and hands[seat] is None:
            raise EntryError(f"hand_{seat}", say(said("enter the three cards shown")))
    return [hands[s] for s in active]


def hand_names(spec: Spec, seats: Sequence[int]) -> list[str]:
    """The words for the hands a showdown judged, by whose they are: ``Ann's hand``."""
    return [say(said("{name}'s hand", name=spec.players[s])) for s in seats]


def _card_error(error: CardError, active: Sequence[int], spec: Spec) -> EntryError:
    """A card error names the hand (its ``item``, among the hands shown) and the card: a
    field. Its words name the players whose hands they are ("also in Ann's hand")."""
    text = error.render(hand_names(spec, active))
    if error.field == "hands" and error.item is not None and 0 <= error.item < len(active):
        seat = active[error.item]
        if error.position is not None:
            return EntryError(f"card_{seat}_{error.position - 1}", text)
        return EntryError(f"hand_{seat}", text)
    return EntryError("hands", text)


def card_errors(spec: Spec, data: Mapping[str, Any], active: Sequence[int]) -> list[EntryError]:
    """Every problem with the cards of a deal entered as hands, at once (the engine's
    :func:`~games.engine.cards.board_errors`), each at its field; empty fields are left to
    the form to ask for."""
    rules = spec.hand_rules
    if rules is None:
        return []
    board = [[str(c) for c in (data["hands"][s] or ["", "", ""])] for s in active]
    errors = board_errors(board, rules.pack, rules.hand_limit, complete=False)
    return [_card_error(e, active, spec) for e in errors if e.hand is not None]


def _hand_lines(result: Showdown, active: Sequence[int]) -> list[HandLine]:
    return [
        HandLine(
            seat,
            tuple(str(c) for c in placing.value.cards),
            say(placing.value.said),
            placing.value.category.value,
            placing.place,
        )
        for placing, seat in zip(result.placings, active, strict=True)
    ]


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
            raise EntryError(
                f"place_{seat}", say(said("enter this player's place (1 for the best hand)"))
            )
        category = spec.categories[-1]  # a game that pays by places alone: any will do
        if categories is not None:
            if categories[seat] is None:
                raise EntryError(f"category_{seat}", say(said("choose this hand's combination")))
            category = categories[seat]
        try:
            outcomes.append(HandOutcome(places[seat], category))
        except SettlementError as error:
            raise EntryError(f"place_{seat}", error.render(spec.players)) from None
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
    same = spec.same_dealer
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
    if spec.keeping == LEDGER:
        try:
            pool = spec.ledger_game.start(spec.n, spec.config)
        except EngineError as error:
            raise EntryError(None, error.render(spec.players)) from None
        zero = pool.money
    return Running(0, 0, zero, (0,) * spec.n, None, None, spec.first_seats, pool)


def step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """One entry taken from ``state``: the state after it and its row. Raises
    :class:`EntryError` (with ``index``, the entry's place in the sheet) when the engine
    refuses it."""
    try:
        if entry.kind in SEAT_KINDS:
            return _seat_step(spec, state, entry)
        return _GAME_STEPS[spec.keeping](spec, state, entry)
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
    if not spec.seats_change:
        raise EntryError(
            None,
            say(said("in {game} nobody joins or leaves the table", game=said(spec.label))),
        )
    seat = entry.data["player"]
    name = spec.players[seat]
    present = set(state.present)
    game = said(spec.label)
    if entry.kind == "join":
        if seat in present:
            raise EntryError("player", say(said("{name} is already at the table", name=name)))
        if len(present) + 1 > spec.max_players:
            most = str(spec.max_players)
            raise EntryError(
                "player",
                say(said("{game} takes at most {most} players at the table", game=game, most=most)),
            )
        present.add(seat)
    else:
        if seat not in present:
            raise EntryError("player", say(said("{name} is not at the table", name=name)))
        if len(present) - 1 < spec.min_players:
            least = str(spec.min_players)
            raise EntryError(
                "player",
                say(
                    said(
                        "{game} needs at least {least} players at the table", game=game, least=least
                    )
                ),
            )
        present.discard(seat)
    seated = tuple(sorted(present))
    after = replace(state, index=state.index + 1, present=seated)
    zero = (Fraction(0),) * spec.n
    return after, Row(
        state.index, entry, None, None, (), [], [], (), zero, state.totals, present=seated
    )


def _settled_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """A deal the game settles: from the hands shown (``game.settle``, which judges them)
    or from the result recorded (``game.pay``)."""
    if entry.kind != "deal":
        raise EntryError(None, f"{spec.label} has no {entry.kind}")
    assert spec.stake is not None
    game = spec.hands_game
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
    page = _explaining(spec, active)
    where = {"dealer": pos[dealer], "stood": None if stood is None else pos[stood]}
    try:
        if mode == "hands":
            hands = _check_hands(spec, data, active, active)
            try:
                settled = game.settle(hands, spec.stake, spec.config, bought=bought, **where)
            except CardError as error:
                raise _card_error(error, active, spec) from None
            settlement = settled.settlement
            lines = _hand_lines(settled.showdown, active)
            page.extend(settled.showdown.reasons)
        else:
            outcomes, lines = _recorded_outcomes(spec, data, active, active)
            settlement = game.pay(outcomes, spec.stake, spec.config, bought=bought, **where)
    except EngineError as error:
        raise _engine_error(error, mode, spec, active) from None
    payments = _paid(page, spec, _transfers(settlement, active))
    page.extend(settlement.reasons)
    net_list = [Fraction(0)] * n
    for k, seat in enumerate(active):
        net_list[seat] = settlement.net[k]
    net = tuple(net_list)
    totals = tuple(t + d for t, d in zip(state.totals, net, strict=True))
    after = replace(
        state,
        index=state.index + 1,
        number=state.number + 1,
        totals=totals,
        dealt=_turns(spec, state, dealer),
        dealer=dealer,
        categories=tuple(h.category for h in lines) if spec.same_dealer else None,
    )
    row = Row(
        state.index,
        entry,
        after.number,
        dealer,
        tuple(active[w] for w in settlement.winners),
        lines,
        page.shown,
        tuple(payments),
        net,
        totals,
        present=active,
    )
    return after, row


def _ledger_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """A deal or a horse of a game kept as one ledger: the hands judged by the game, the
    move played by the engine (:func:`games.engine.pool.play`) from the state before it."""
    before = state.pool
    assert before is not None
    data = entry.data
    active = before.active
    dealer: int | None = None
    lines: list[HandLine] = []
    judged: Explanation | None = None
    move: pool_engine.Move
    try:
        if entry.kind == "horse":
            move = pool_engine.Horse(data["player"])
        elif entry.kind != "deal":
            raise EntryError(None, f"{spec.label} has no {entry.kind}")
        else:
            dealer = data["dealer"]
            if before.finished:
                champion = spec.players[before.active[0]]
                raise EntryError(None, f"the game is over: {champion} holds the last counters")
            if data["mode"] == "hands":
                hands = _check_hands(spec, data, active, state.present)
                try:
                    result = spec.hands_game.judge(hands, spec.config)
                except CardError as error:
                    raise _card_error(error, active, spec) from None
                lines = _hand_lines(result, active)
                judged = _explaining(spec, active)
                judged.extend(result.reasons)
            else:
                _, lines = _recorded_outcomes(spec, data, active, state.present)
            places = [line.place or 0 for line in lines]
            move = pool_engine.Deal.from_places(active, places, dealer)
        turn = pool_engine.play(before, [move]).turns[0]
    except EngineError as error:
        raise _engine_error(error, data.get("mode", ""), spec, range(spec.n)) from None
    game = turn.after
    page = _explaining(spec)
    groups = _ledger_entries(turn.entries)
    payments = _paid(page, spec, groups)
    page.extend(r for r in turn.reasons if r not in groups)
    why = [*(judged.shown if judged is not None else ()), *page.shown]
    out = frozenset(i for i in range(spec.n) if game.counters[i] == 0)
    after = replace(state, index=state.index + 1, totals=game.money, pool=game)
    number = None
    if dealer is not None:
        after = replace(
            after, number=state.number + 1, dealt=_turns(spec, state, dealer), dealer=dealer
        )
        number = after.number
    row = Row(
        state.index,
        entry,
        number,
        dealer,
        turn.winners,
        lines,
        why,
        tuple(payments),
        turn.net,
        game.money,
        game.pool,
        game.counters,
        out,
        state.present,
    )
    return after, row


_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def count_words(number: int, noun: str) -> str:
    """A count in words, as a sentence says it.

    >>> count_words(4, "hand"), count_words(1, "deal"), count_words(12, "hand")
    ('four hands', 'one deal', '12 hands')
    """
    word = _NUMBER_WORDS[number] if 0 <= number < len(_NUMBER_WORDS) else str(number)
    return f"{word} {noun}{'' if number == 1 else 's'}"


def _whose(reason: Reason, seat: int) -> Reason:
    """A counted hand's reason, said of its player (``Ann: …``), the name put in by the
    engine's formatter."""
    return Reason.about(
        "{sheet_player}: " + reason.template,
        reason.citations,
        reason.rulings,
        sheet_player=Mention("player", (seat,)),
        **reason.mentions,
    )


def _counted_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """A hand whose cards are laid out and counted by the game (``game.score``), or whose
    scores are recorded; the game's totals after it (``game.game_totals``)."""
    n = spec.n
    game = spec.counted
    if entry.kind != "deal":
        raise EntryError(None, f"{spec.label} has no {entry.kind}")
    if len(state.scores) >= game.hands_per_game:
        hands = count_words(game.hands_per_game, "hand")
        raise EntryError(None, f"a game of {spec.label} is {hands}, and all are recorded")
    data = entry.data
    bases = data["bases"]
    lines: list[HandLine] = []
    page = _explaining(spec)
    row_scores: list[int] = []
    for seat in range(n):
        if data["mode"] == "cards":
            try:
                result = game.score(data["cards"][seat], bases[seat], spec.config)
            except ValueError as error:
                raise EntryError(f"cards_{seat}", _counted_error(error, spec).message) from None
            row_scores.append(result.score)
            description = (
                "; ".join(
                    f"{line.label} {amounts.format_amount(line.points, signed=True)}"
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
            page.extend(_whose(r, seat) for r in result.reasons)
            given = {r.text for r in result.reasons}
            page.extend(
                _whose(Reason(use.text), seat)
                for use in result.arrangement
                if use.stands_for is not None and use.text not in given
            )
        else:
            row_scores.append(data["scores"][seat])
            lines.append(HandLine(seat, (), "", "", None, data["scores"][seat], bases[seat]))
    scores = (*state.scores, tuple(row_scores))
    try:
        totals_of_game = game.game_totals([list(s) for s in scores])
    except ValueError as error:
        raise _counted_error(error, spec) from None
    totals = tuple(Fraction(t) for t in totals_of_game.totals)
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
        page.shown,
        (),
        net,
        totals,
        present=state.present,
    )
    return after, row


def _request_error(error: EngineError, spec: Spec) -> EntryError:
    """The game's refusal of a deal's request, at the value it names (``field``, a path
    with dots, and ``item``), in its words with the players named (``render``)."""
    return EntryError(error.field, error.render(spec.players), item=error.item)


def _request_step(spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
    """A deal answered by the game from its request (``game.answer``, called once): its
    scores added to the accounts -- money won and lost, summing to zero, or each player's
    points (partners both counted their side's) -- its payments shown under their reasons,
    the next dealer it names kept for the next deal."""
    if entry.kind != "deal":
        raise EntryError(None, f"{spec.label} has no {entry.kind}")
    game = spec.request_game
    n = spec.n
    if state.won:
        raise EntryError(None, say(said("this game is won: start the next game on a new sheet")))
    data = entry.data
    try:
        players = game.players_in(data)
        if players != n:
            raise EntryError(
                "players",
                say(
                    said(
                        "this sheet has {count} players, and the deal has {players}",
                        count=str(n),
                        players=str(players),
                    )
                ),
            )
        answer = game.answer(data, spec.config)
    except EngineError as error:
        raise _request_error(error, spec) from None
    if len(answer.scores) != n:  # the game's promise, checked: never a broken sheet
        raise EntryError(None, f"the game answered for {len(answer.scores)} players, not {n}")
    net = tuple(Fraction(score) for score in answer.scores)
    if spec.money and sum(net) != 0:
        raise EntryError(None, "the game's payments do not sum to zero")
    page = _explaining(spec)
    groups: dict[Reason, list[Payment]] = {}
    for t in answer.transfers:
        groups.setdefault(t.reason, []).append(Payment(t.payer, t.payee, t.amount))
    payments = _paid(page, spec, groups)
    page.extend(r for r in answer.reasons if r not in groups)
    totals = tuple(t + d for t, d in zip(state.totals, net, strict=True))
    raw_dealer = data.get("dealer")  # as the game read it: a number, or its text from a form
    dealer = None
    if isinstance(raw_dealer, int | str) and not isinstance(raw_dealer, bool):
        text = str(raw_dealer).strip()
        dealer = int(text) if text.isdigit() and int(text) < n else None
    following = answer.next_dealer
    if following is not None and not 0 <= following < n:
        following = None
    won = () if spec.money else game.winners(state.totals, answer, spec.config)
    after = replace(
        state,
        index=state.index + 1,
        number=state.number + 1,
        totals=totals,
        dealer=dealer,
        following=following,
        won=won,
    )
    winners = tuple(seat for seat in range(n) if net[seat] > 0) if spec.money else won
    row = Row(
        state.index,
        entry,
        after.number,
        dealer,
        winners,
        [],
        page.shown,
        tuple(payments),
        net,
        totals,
        present=state.present,
    )
    return after, row


_GAME_STEPS: Final = {
    SETTLED: _settled_step,
    LEDGER: _ledger_step,
    COUNTED: _counted_step,
    REQUEST: _request_step,
}
"""The step of an entry, by how the sheet keeps the game (:func:`keeping`)."""


# --- After the last entry: whose deal, and is it over -------------------------------------------


def _rotation(spec: Spec) -> Shown:
    """Why the deal passes where it does (the game's own reason)."""
    return _explaining(spec).add(spec.hands_game.rotation_reason(spec.config))


def _next_dealer(spec: Spec, state: Running, out: frozenset[int]) -> int | None:
    """Whose deal it is: the game's rotation among the seats at the table (a seat away is
    skipped, and the game skips the players who are out of it)."""
    game = spec.hands_game
    playing = [s for s in state.present if s not in out]
    if not playing:
        return None
    if state.dealer is None:
        return playing[0]
    ring = sorted({*state.present, state.dealer})
    here = ring.index(state.dealer)
    gone = [ring.index(s) for s in out if s in ring]
    try:
        following = ring[
            game.next_dealer(here, len(ring), spec.config, categories=state.categories, out=gone)
        ]
        if following not in playing:  # the dealer kept the deal but has left the table
            passing = game.configure({**spec.config, "same_dealer": "false"})
            following = ring[game.next_dealer(here, len(ring), passing, out=gone)]
    except SettlementError:
        return None  # the game is over: fewer than two hold counters
    return following


def summarise(spec: Spec, state: Running, rows: list[Row] | None = None) -> Sheet:
    """The sheet after ``state``: accounts, whose deal it is, whether it is over; ``rows``
    are the rows computed on the way (the page shows them)."""
    rows = [] if rows is None else rows
    n = spec.n
    if spec.keeping == REQUEST:
        following = state.following
        if following is None:
            following = state.present[0] if state.dealer is None else (state.dealer + 1) % n
        won = state.won
        return Sheet(
            spec,
            rows,
            state.totals,
            [],
            None if won else following,
            None,
            state.dealt,
            False,
            bool(won),
            won,
            deals=state.number,
            present=state.present,
            state=state,
        )
    if spec.keeping == COUNTED:
        game = spec.counted
        over = len(state.scores) == game.hands_per_game
        winners: tuple[int, ...] = ()
        if state.scores and over:
            winners = tuple(game.game_totals([list(s) for s in state.scores]).winners)
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
    if spec.keeping == LEDGER:
        pool = state.pool
        assert pool is not None
        out = frozenset(i for i in range(n) if pool.counters[i] == 0)
        page = _explaining(spec)
        _paid(page, spec, _ledger_entries(spec.ledger_game.start(n, spec.config).ledger))
        following = None if pool.finished else _next_dealer(spec, state, out)
        dealt = (0,) * n if pool.finished else state.dealt
        return Sheet(
            spec,
            rows,
            pool.money,
            page.shown,
            following,
            _rotation(spec),
            dealt,
            False,
            pool.finished,
            (pool.champion,) if pool.champion is not None else (),
            pool=pool.pool,
            counters=pool.counters,
            out=out,
            horses=pool.horses,
            may_buy_horse=tuple(i for i in range(n) if pool.may_buy_horse(i)),
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
        out["ledger"] = {
            "m": _amounts(game.money),
            "k": list(game.counters),
            "deals": game.deals,
            "oa": list(game.out_after),
            "fo": sorted(game.first_out),
            "h": sorted(game.horses),
        }
    if state.scores:
        out["counted"] = {"s": [list(s) for s in state.scores], "b": list(state.bases or ())}
    if state.following is not None:
        out["nd"] = state.following
    if state.won:
        out["won"] = list(state.won)
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
        if "ledger" in data:
            state = replace(state, pool=_restore_pool(spec, data["ledger"]))
        elif spec.keeping == LEDGER:
            return None
        following = data.get("nd")
        if following is not None:
            if isinstance(following, bool) or not 0 <= int(following) < n:
                return None
            state = replace(state, following=int(following))
        won = data.get("won", [])
        if not isinstance(won, list) or not all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w < n for w in won
        ):
            return None
        state = replace(state, won=tuple(won))
        if "counted" in data:
            counted = data["counted"]
            state = replace(
                state,
                scores=tuple(tuple(int(x) for x in s) for s in counted["s"]),
                bases=tuple(counted["b"]) or None,
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
    game = spec.ledger_game.start(spec.n, spec.config)
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
