"""A game whose hands are counted (``keeping == "counted"``: a rack game, such as Cox's): each
player's cards laid out and counted by the game (``game.score``), or only the scores recorded,
with the supply bases; the game's totals after each hand (``game.game_totals``), and its
winners once all its hands are in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from games.engine import amounts
from games.engine.citations import Reason
from games.engine.wording import EngineError, Mention, said

from .entries import per_player, read_whole
from .errors import EntryError
from .keeper import Keeper
from .payments import explaining
from .saying import count_words, say
from .sheet import HandLine, Row, Running, Sheet

if TYPE_CHECKING:
    from .entries import Entry
    from .spec import Spec

__all__ = ["KEEPER", "MAX_SCORE", "Counted"]

MAX_SCORE = 1000
"""The largest score, either way, a counted hand may be recorded with (result only)."""


class Counted(Keeper):
    """Each hand's cards counted: scores, a winner after the game's hands."""

    keeping = "counted"
    entry_word = "hand"
    retailer = True
    counts_cards = True

    def clean_deal(self, spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
        """The supply bases (checked by the game), and the cards laid out or the scores."""
        n = spec.n
        game = spec.counted
        bases = [read_whole(v, f"base_{i}") for i, v in enumerate(per_player(data, "bases", n))]
        try:
            game.check_deal([() for _ in bases], bases)
        except ValueError as error:
            raise _counted_error(error, spec) from None
        out: dict[str, Any] = {"bases": bases}
        mode = data.get("mode")
        if mode == "cards":
            cards = []
            for i, hand in enumerate(per_player(data, "cards", n)):
                if isinstance(hand, str):
                    try:
                        hand = [c.code for c in game.read_cards(hand)]
                    except EngineError as error:
                        raise EntryError(f"cards_{i}", error.render(spec.players)) from None
                if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
                    raise EntryError(f"cards_{i}", "a hand is a list of card codes")
                hand = [_canonical(spec, c) for c in hand if c.strip()]
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
                read_whole(v, f"score_{i}", -MAX_SCORE, MAX_SCORE)
                for i, v in enumerate(per_player(data, "scores", n))
            ]
        else:
            raise EntryError(
                "mode", say(said("choose whether to enter the cards or only the scores"))
            )
        return out

    def step(self, spec: Spec, state: Running, entry: Entry) -> tuple[Running, Row]:
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
        page = explaining(spec)
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

    def summarise(self, spec: Spec, state: Running, rows: list[Row]) -> Sheet:
        n = spec.n
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


def _canonical(spec: Spec, token: str) -> str:
    """A card as the game writes its code when it reads it; otherwise as typed, for the game
    to name when the deal is counted."""
    try:
        return str(spec.counted.read_cards([token])[0].code)
    except (ValueError, IndexError):
        return token.strip()


def _counted_error(error: ValueError, spec: Spec) -> EntryError:
    """The engine's objection to a counted deal, beside the player's field it names (the
    game's :meth:`~games.engine.games.RackGame.deal_error`: a player's ``cards`` or
    ``base``), the players named (``render``)."""
    if not isinstance(error, EngineError):
        return EntryError(None, str(error))
    where, player = spec.counted.deal_error(error)
    if where is not None and player is not None and 0 < player <= spec.n:
        return EntryError(f"{where}_{player - 1}", error.render(spec.players))
    return EntryError(None, error.render(spec.players))


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


KEEPER: Final = Counted()
