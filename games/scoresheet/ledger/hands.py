"""A deal of three-card hands, as both ways of keeping a game of hands (settled deal by deal,
or one ledger over the whole game) read it: the hands or the result cleaned
(:func:`clean_hands`), checked against the seats dealt in, judged lines for the sheet, and
the engine's refusals put beside the form field they concern."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from games.engine.cards import CardError, board_errors, parse_card
from games.engine.settlement import MAX_BOUGHT, HandOutcome, SettlementError
from games.engine.wording import EngineError, said

from .entries import per_player, read_player, read_whole
from .errors import EntryError
from .keeper import Keeper
from .payments import seat_names
from .saying import say
from .sheet import HandLine

if TYPE_CHECKING:
    from games.engine.commerce import PeelRules, Showdown, SwedishRules

    from .spec import Spec

__all__ = [
    "HandsKeeper",
    "away",
    "card_error",
    "card_errors",
    "check_hands",
    "clean_hands",
    "engine_error",
    "hand_lines",
    "hand_names",
    "recorded_outcomes",
]


class HandsKeeper(Keeper):
    """A way of keeping a game of hands: its deals hold hands or places, judged by the
    game's rule set."""

    def clean_deal(self, spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
        return clean_hands(spec, data)

    def hand_rules(self, spec: Spec) -> PeelRules | SwedishRules | None:
        return spec.hands_game.hand_rules(spec.config)


def clean_hands(spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
    """A deal of a game of hands, its shape checked (:func:`~.entries.clean_entry`): the
    dealer, who stood and the purchases where the game has them, and the hands shown or the
    places (with the combinations, where the payments depend on them)."""
    n = spec.n
    game = spec.game
    out: dict[str, Any] = {"dealer": read_player(data.get("dealer"), "dealer", n)}
    if game.stood:
        out["stood"] = read_player(data.get("stood"), "stood", n) if spec.asks_stood else None
    if game.bought:
        raw = data.get("bought", [0] * n)
        if not isinstance(raw, list) or len(raw) != n:
            raise EntryError(None, f"bought: one count per player ({n}) is needed")
        out["bought"] = [
            read_whole(v, f"bought_{i}", 0, MAX_BOUGHT, default=0) for i, v in enumerate(raw)
        ]
    mode = data.get("mode")
    if mode == "hands":
        hands: list[list[str] | None] = []
        for i, hand in enumerate(per_player(data, "hands", n)):
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
        for i, v in enumerate(per_player(data, "places", n)):
            places.append(None if v in (None, "") else read_whole(v, f"place_{i}", 1, n))
        out["mode"] = "result"
        out["places"] = places
        if spec.categories_needed:
            categories: list[str | None] = []
            for i, v in enumerate(per_player(data, "categories", n)):
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


_PLAYER_FIELDS: Final = frozenset({"stood", "dealer", "player"})
_RESULT_FIELDS: Final = frozenset({"outcomes", "place", "category", "winners", "worst"})


def engine_error(error: EngineError, mode: str, spec: Spec, seats: Sequence[int]) -> EntryError:
    """The engine's refusal beside the form field it names (its ``field`` and ``item``), in
    its words with the players it speaks of named (``render``; the engine numbers them
    among ``seats``, the players dealt in)."""
    name, item, text = error.field, error.item, error.render(seat_names(spec, seats))
    if name == "bought" and item is not None and 0 <= item < len(seats):
        return EntryError(f"bought_{seats[item]}", text)
    if name in _PLAYER_FIELDS:
        return EntryError(name, text)
    if name in _RESULT_FIELDS:
        return EntryError("hands" if mode == "hands" else "result", text)
    return EntryError(None, text)


def away(spec: Spec, seat: int, present: Sequence[int]) -> str:
    """Why a seat takes no part in a deal: away from the table, or out of the game."""
    name = spec.players[seat]
    if seat not in present:
        return say(said("{name} is not at the table", name=name))
    return say(said("{name} is out of the game", name=name))


def check_hands(
    spec: Spec, data: Mapping[str, Any], active: Sequence[int], present: Sequence[int]
) -> list[Any]:
    hands = data["hands"]
    for seat in range(spec.n):
        if seat not in active and hands[seat] is not None:
            raise EntryError(
                f"hand_{seat}",
                say(said("{why} and is dealt no cards", why=away(spec, seat, present))),
            )
        if seat in active and hands[seat] is None:
            raise EntryError(f"hand_{seat}", say(said("enter the three cards shown")))
    return [hands[s] for s in active]


def hand_names(spec: Spec, seats: Sequence[int]) -> list[str]:
    """The words for the hands a showdown judged, by whose they are: ``Ann's hand``."""
    return [say(said("{name}'s hand", name=spec.players[s])) for s in seats]


def card_error(error: CardError, active: Sequence[int], spec: Spec) -> EntryError:
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
    return [card_error(e, active, spec) for e in errors if e.hand is not None]


def hand_lines(result: Showdown, active: Sequence[int]) -> list[HandLine]:
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


def recorded_outcomes(
    spec: Spec, data: Mapping[str, Any], active: Sequence[int], present: Sequence[int]
) -> tuple[list[HandOutcome], list[HandLine]]:
    """Each active player's place and combination as recorded (result only, no cards)."""
    places, categories = data["places"], data.get("categories")
    outcomes: list[HandOutcome] = []
    lines: list[HandLine] = []
    for seat in range(spec.n):
        if seat not in active:
            if places[seat] is not None:
                raise EntryError(f"place_{seat}", away(spec, seat, present))
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
