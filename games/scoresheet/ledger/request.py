"""A game whose deals are answered from one request (``keeping == "request"``, a
:class:`~games.engine.games.RequestGame`: Vingt-un, Speculation, All Fours): each deal's
request kept as JSON, answered by the game once (``game.answer``) -- money won and lost,
or points towards a target -- the next dealer it names kept for the next deal, and the game
over once someone has won it to its target."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, cast

from games.engine.citations import Reason
from games.engine.wording import EngineError, said

from .errors import EntryError
from .keeper import Keeper
from .names import text_problem
from .payments import Payment, explaining, paid
from .saying import say
from .sheet import Row, Running, Sheet

if TYPE_CHECKING:
    from .entries import Entry
    from .spec import Spec

__all__ = ["KEEPER", "MAX_REQUEST_DEPTH", "MAX_REQUEST_VALUES", "Request"]

MAX_REQUEST_DEPTH: Final = 6
"""The deepest nesting of a deal's request: players, a player, his hands, a hand, its cards,
a card."""
MAX_REQUEST_VALUES: Final = 1000
"""The most values a deal's request holds (a table of twenty players, each with several hands of
cards, holds a few hundred)."""


class Request(Keeper):
    """Each deal's request answered by the game: its own stakes, the game's scores."""

    keeping = "request"
    stakes_in_deals = True
    won = True

    def request_schema(self, spec: Spec) -> Mapping[str, Any] | None:
        try:
            return spec.request_game.request_schema()
        except NotImplementedError:
            return {}

    def clean_deal(self, spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
        return _clean_request(data)

    def step(self, spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
        """A deal answered by the game from its request (``game.answer``, called once): its
        scores added to the accounts -- money won and lost, summing to zero, or each player's
        points (partners both counted their side's) -- its payments shown under their reasons,
        the next dealer it names kept for the next deal."""
        if entry.kind != "deal":
            raise EntryError(None, f"{spec.label} has no {entry.kind}")
        game = spec.request_game
        n = spec.n
        if state.won:
            raise EntryError(
                None, say(said("this game is won: start the next game on a new sheet"))
            )
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
        page = explaining(spec)
        groups: dict[Reason, list[Payment]] = {}
        for t in answer.transfers:
            groups.setdefault(t.reason, []).append(Payment(t.payer, t.payee, t.amount))
        payments = paid(page, spec, groups)
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

    def summarise(self, spec: Spec, state: Running, rows: list[Row]) -> Sheet:
        """Whose deal it is: the dealer the last answer named, else the next seat."""
        n = spec.n
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
    games.scoresheet.ledger.errors.EntryError: dealer: nan is not a number a deal holds
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
            problem = text_problem(value, said("a value"))
            if problem:
                raise EntryError(path, f"{path}: {problem}")
            return value
        if isinstance(value, list | tuple):
            return [copy_of(v, f"{path}.{i}", depth + 1) for i, v in enumerate(value)]
        if isinstance(value, Mapping):
            out: dict[str, Any] = {}
            for key, v in value.items():
                if not isinstance(key, str) or text_problem(key, said("a name")):
                    raise EntryError(path or None, f"{path or 'the deal'}: a name is not text")
                out[key] = copy_of(v, f"{path}.{key}" if path else key, depth + 1)
            return out
        raise EntryError(path or None, f"{path or 'the deal'}: {type(value).__name__} is not JSON")

    return cast(dict[str, Any], copy_of(data, "", 0))


def _request_error(error: EngineError, spec: Spec) -> EntryError:
    """The game's refusal of a deal's request, at the value it names (``field``, a path
    with dots, and ``item``), in its words with the players named (``render``)."""
    return EntryError(error.field, error.render(spec.players), item=error.item)


KEEPER: Final = Request()
