"""Two tiny games settled from one request (``RequestGame``), for the score sheet's tests:
one kept in money, one in points with partners and a target. They stand in for Vingt-un,
Speculation and All Fours so the sheet is tested on the interface, not on one game's rules;
the fixture ``request_games`` (conftest.py) registers them and removes them after.

Wager (money): ``{"dealer": i, "players": [{"stake": n, "won": bool}, ...]}``: the dealer
pays each player who won his stake and receives each losing stake; the deal passes to the
left unless a player staked 5 or more and won ("a big win takes the deal", as a natural
does in Vingt-un), when it passes to him.

Race (points): ``{"dealer": i, "players": 2 or 4, "points": [side 0, side 1]}``: four play
as partners, 0 and 2 against 1 and 3; each side's points this deal (0 to 4); the game is
won by the side that reaches the target (an option, 7 by default) first, the higher side
on a tie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import ClassVar, Literal

from games.engine.citations import SQUAREMAN, VINGT_UN, Citation, Reason
from games.engine.games import Answer, Config, Option, RequestGame, Transfer
from games.engine.wording import EngineError, Mention

WAGER_RULE = Citation(VINGT_UN, "staking")
RACE_RULE = Citation(SQUAREMAN, "all-fours-points")


def _error(field: str, template: str, item: int | None = None, **who: Mention) -> EngineError:
    from games.engine.wording import fill

    words = fill(template, who)
    return EngineError(
        f"{field}: {words}", field=field, item=item, detail=words, template=template, who=who
    )


def _int(value: object, field: str, low: int, high: int, what: str, **who: Mention) -> int:
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _error(field, f"{what} must be a whole number from {low} to {high}", **who)
    return value


def _bool(value: object, field: str, **who: Mention) -> bool:
    if isinstance(value, bool) or value is None:  # an unticked box sends nothing
        return bool(value)
    if isinstance(value, str) and value.lower() in ("true", "on", "1", "false", "off", "0", ""):
        return value.lower() in ("true", "on", "1")
    raise _error(field, "{p}: say whether he won (true or false)", **who)


class Wager(RequestGame):
    slug = "sheet-wager"
    label = "Wager (a test game)"
    summary = "The dealer against each player, one stake each (a game of the sheet's tests)."
    book = VINGT_UN
    rules_anchor = "staking"
    keeps: ClassVar[Literal["money", "points"]] = "money"
    min_players = 2
    max_players = 8

    def players_in(self, request: Mapping[str, object]) -> int:
        players = request.get("players")
        if not isinstance(players, list):
            raise _error("players", "players must be a list, one object per player")
        return len(players)

    def answer(self, request: Mapping[str, object], config: Config | None = None) -> Answer:
        n = self.players_in(request)
        dealer = _int(request.get("dealer"), "dealer", 0, n - 1, "the dealer")
        players = request["players"]
        assert isinstance(players, list)
        net = [Fraction(0)] * n
        transfers: list[Transfer] = []
        next_dealer = (dealer + 1) % n
        reasons: list[Reason] = []
        for i, player in enumerate(players):
            if i == dealer:
                continue
            who = {"p": Mention("player", (i,), capital=True)}
            if not isinstance(player, dict):
                raise _error(f"players.{i}", "{p} is an object with a stake and won", **who)
            stake = _int(player.get("stake"), f"players.{i}.stake", 1, 100, "{p}'s stake", **who)
            won = _bool(player.get("won"), f"players.{i}.won", **who)
            amount = Fraction(stake)
            if won:
                why = Reason.about(
                    "{p} beats the dealer and is paid his stake", (WAGER_RULE,), (), **who
                )
                transfers.append(Transfer(dealer, i, amount, why))
                net[i] += amount
                net[dealer] -= amount
                if stake >= 5:
                    next_dealer = i
                    reasons.append(
                        Reason.about(
                            "{p} won a stake of 5 or more and takes the deal",
                            (WAGER_RULE,),
                            (),
                            **who,
                        )
                    )
            else:
                why = Reason.about(
                    "{p} loses to the dealer and pays his stake", (WAGER_RULE,), (), **who
                )
                transfers.append(Transfer(i, dealer, amount, why))
                net[i] -= amount
                net[dealer] += amount
        body = {"net": list(net), "next_dealer": next_dealer}
        return Answer(tuple(net), next_dealer, tuple(reasons), tuple(transfers), body)

    def example(self) -> dict[str, object]:
        return {"dealer": 0, "players": [{}, {"stake": 1, "won": True}]}

    def request_schema(self) -> dict[str, object]:
        return {
            "type": "object",
            "properties": {
                "dealer": {"type": "integer"},
                "players": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"stake": {"type": "integer"}, "won": {"type": "boolean"}},
                    },
                },
            },
        }

    def answer_schema(self) -> dict[str, object]:
        return {"type": "object"}


class Race(RequestGame):
    slug = "sheet-race"
    label = "Race (a test game)"
    summary = "Two sides race to a target of points (a game of the sheet's tests)."
    book = SQUAREMAN
    rules_anchor = "all-fours-points"
    keeps: ClassVar[Literal["money", "points"]] = "points"
    action: ClassVar[Literal["settle", "score"]] = "score"
    stake = False
    min_players = 2
    max_players = 4
    options: ClassVar[tuple[Option, ...]] = (
        Option("target", "Points to win the game", (), "7", None, "amount", "game"),
    )

    def players_in(self, request: Mapping[str, object]) -> int:
        players = request.get("players")
        if isinstance(players, str) and players.isdigit():
            players = int(players)
        if players not in (2, 4) or isinstance(players, bool):
            raise _error("players", "players must be 2 or 4")
        assert isinstance(players, int)
        return players

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3)) if players == 4 else ((0,), (1,))

    def answer(self, request: Mapping[str, object], config: Config | None = None) -> Answer:
        n = self.players_in(request)
        dealer = _int(request.get("dealer"), "dealer", 0, n - 1, "the dealer")
        points = request.get("points")
        if not isinstance(points, list) or len(points) != 2:
            raise _error("points", "points: one number per side (2)")
        sides = self.sides(n)
        scored = [
            _int(
                p,
                f"points.{k}",
                0,
                4,
                "{side}'s points",
                side=Mention("player", sides[k], capital=True),
            )
            for k, p in enumerate(points)
        ]
        scores = [Fraction(0)] * n
        reasons = []
        for side, got in zip(sides, scored, strict=True):
            for seat in side:
                scores[seat] = Fraction(got)
            if got:
                reasons.append(
                    Reason.about(
                        "{side} score " + str(got),
                        (RACE_RULE,),
                        (),
                        side=Mention("player", side, capital=True),
                    )
                )
        return Answer(tuple(scores), (dealer + 1) % n, tuple(reasons), (), {"score": scored})

    def winners(
        self, before: Sequence[Fraction], answer: Answer, config: Config
    ) -> tuple[int, ...]:
        totals = [b + s for b, s in zip(before, answer.scores, strict=True)]
        target = config.amount("target")
        sides = self.sides(len(totals))
        reached = [side for side in sides if totals[side[0]] >= target]
        if not reached:
            return ()
        best = max(totals[side[0]] for side in reached)
        if sum(1 for side in reached if totals[side[0]] == best) > 1:
            return ()  # level at the target: play on
        return next(side for side in reached if totals[side[0]] == best)

    def example(self) -> dict[str, object]:
        return {"dealer": 0, "players": 2, "points": [1, 0]}

    def request_schema(self) -> dict[str, object]:
        return {
            "type": "object",
            "properties": {
                "players": {"type": "integer"},
                "dealer": {"type": "integer"},
                "points": {"type": "array", "items": {"type": "integer"}},
            },
        }

    def answer_schema(self) -> dict[str, object]:
        return {"type": "object"}


GAMES = (Wager, Race)
