"""What a sheet is about (:class:`Spec`): the game, the players round the table, the stake and
the house-rule options, checked and normalised by :func:`make_spec`; what the game asks of a
sheet follows from it and from the way the sheet keeps it (:attr:`Spec.kept`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, cast

from games.engine import amounts
from games.engine.games import (
    CommerceGame,
    Config,
    Game,
    Keeping,
    OptionError,
    RackGame,
    RequestGame,
    UnknownGame,
    get,
)
from games.engine.wording import said, said_n

from .errors import SpecError
from .kinds import KINDS, keeping, sheet_games, takes_stake
from .names import clean_players
from .saying import say

if TYPE_CHECKING:
    from games.engine.commerce import PeelRules, SwedishRules

    from .keeper import Keeper
    from .ledger_game import LedgerGame

__all__ = ["MAX_SEATS", "Spec", "make_spec"]

MAX_SEATS = 20
"""Everyone who ever sat at one sheet's table, late players included."""


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
        """How the sheet keeps the game (as the game declares it)."""
        kept = keeping(self.game)
        assert kept is not None, self.rules
        return kept

    @property
    def kept(self) -> Keeper:
        """What keeps the game that way (:data:`~.kinds.KINDS`)."""
        return KINDS[self.keeping]

    @property
    def seats_change(self) -> bool:
        """Whether players may join or leave the table during the evening (a game whose
        deals are settled one by one)."""
        return self.kept.seats_change

    @property
    def money(self) -> bool:
        """Whether the accounts are money (else scores or points)."""
        return self.game.keeps == "money"

    @property
    def request_game(self) -> RequestGame:
        """The game as one answered from one request (``board == "request"``)."""
        assert self.game.board == "request", self.rules
        return cast(RequestGame, self.game)

    @property
    def entry_word(self) -> str:
        """What one entry of the game is called: a ``deal``, or a counted ``hand``."""
        return self.kept.entry_word

    @cached_property
    def asks_stood(self) -> bool:
        """Whether a deal names the player who stood."""
        return self.game.asks_stood(self.config)

    @property
    def categories_needed(self) -> bool:
        """Whether a result recorded without the cards names each hand's combination (the
        payments depend on it)."""
        return self.kept.categories_needed

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
        """The game as one kept as one ledger over the whole game (``whole_game``)."""
        return cast("LedgerGame", self.game)

    @property
    def counted(self) -> RackGame:
        """The game as one whose cards are laid out and counted (``board == "rack"``)."""
        return cast(RackGame, self.game)

    @cached_property
    def hand_rules(self) -> PeelRules | SwedishRules | None:
        """The rule set that judges the hands (None for a game whose cards are counted)."""
        return self.kept.hand_rules(self)

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
    games.scoresheet.ledger.errors.SpecError: stake: write an amount like 1, 0.5 or 1/2, not ...
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
    games.scoresheet.ledger.errors.SpecError: players: Ann is written twice; each player ...
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
    names = clean_players(players)
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
