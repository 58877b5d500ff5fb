"""API version 1: thin views that read JSON, call the engine and write JSON.

The contract is in the README and in the OpenAPI document (``openapi.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any, cast

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt

from games.engine.cards import parse_hand, parse_hands
from games.engine.commerce import PeelRules, Placing, SwedishRules, showdown
from games.engine.games import (
    CommerceGame,
    Config,
    Game,
    OptionError,
    RackGame,
    RequestGame,
    get,
    registered,
)
from games.engine.settlement import MAX_BOUGHT
from games.engine.strength import strength

from .http import (
    ApiError,
    amount_field,
    card_lists,
    choice,
    citation_json,
    error_response,
    field,
    index_field,
    json_document,
    json_endpoint,
    number,
    numbers,
    reason_json,
    rulings_json,
    transfer_json,
)
from .openapi import document


def game_names(where: Callable[[Game], bool]) -> list[str]:
    """Every name of the games ``where`` accepts: slugs, then the names version 1 gave them
    (still accepted; an answer repeats the name the request gave)."""
    games = registered(where)
    return [g.slug for g in games] + [alias for g in games for alias in g.aliases]


def showdown_names() -> list[str]:
    """The names a showdown or strength request may give: every game of three-card hands."""
    return game_names(_judges)


def settle_names() -> list[str]:
    """The names a settle request may give: every game that settles a single deal."""
    return game_names(lambda g: _judges(g) and g.settles_deals)


def _judges(game: Game) -> bool:
    return game.board == "hands"


def requested_game(data: dict[str, Any], names: list[str]) -> tuple[str, CommerceGame]:
    """The game a request names (its slug, or a name version 1 gave it)."""
    name = choice(data, "rules", names)
    return name, cast(CommerceGame, get(name))  # ``names`` are games of three-card hands


def game_config(data: dict[str, Any], game: Game) -> Config:
    """The game's options from the request: ``options``, and the fields ``pack`` and
    ``limited`` of version 1 (a game without them takes only their default)."""
    options = options_object(data)
    names = {option.name for option in game.options}
    for name, default in (("pack", 52), ("limited", "none")):
        if name not in data or data[name] is None:
            continue
        value = choice(data, name, [52, 32] if name == "pack" else LIMITED)
        if name not in names:
            if value != default:
                raise ApiError(_without(game, name), field=name)
            continue
        if name in options and game.option(name).read(options[name]) != game.option(name).read(
            value
        ):
            raise ApiError(
                f"'{name}' is {json.dumps(value)} but 'options.{name}' is "
                f"{json.dumps(options[name])[:40]}: give it once",
                field=name,
            )
        options[name] = value
    return configured(game, options)


def configured(game: Game, options: dict[str, Any]) -> Config:
    """The game's options from a request's ``options``, checked; a refusal names its option."""
    try:
        return game.configure(options)
    except OptionError as error:
        raise ApiError(
            f"'options.{error.field}' {error.message}", field=f"options.{error.field}"
        ) from None


def _without(game: Game, name: str) -> str:
    if name == "pack":
        return f"{game.label} play with the 52-card pack only: 'pack' must be 52"
    return f"{game.label} have no Limited Commerce: 'limited' must be \"none\""


def commerce_rules(data: dict[str, Any], names: list[str]) -> tuple[str, PeelRules | SwedishRules]:
    """The rule set a request names, valuing hands with the request's options; and the name
    to answer with."""
    name, game = requested_game(data, names)
    return name, game.hand_rules(game_config(data, game))


def options_object(data: dict[str, Any]) -> dict[str, Any]:
    return dict(field(data, "options", dict, "an object of house-rule options", {}))


LIMITED = ["none", "no-pair", "tricon-sequence-point"]


def hand_json(placing: Placing) -> dict[str, Any]:
    value = placing.value
    return {
        "category": value.category.slug,
        "category_name": value.category.term,
        "place": placing.place,
        "cards": [str(c) for c in value.cards],
        "description": value.describe(),
        "may_show": value.may_show,
    }


def strength_json(cards: Any, rules: PeelRules | SwedishRules) -> dict[str, Any]:
    s = strength(cards, rules)
    shares = {
        name: float(getattr(s, name))
        for name in ("beats_share", "ties_share", "loses_share", "win", "tie", "lose")
    }
    return {**shares, "description": s.describe()}


@json_endpoint
def commerce_showdown(data: dict[str, Any]) -> dict[str, Any]:
    name, rules = commerce_rules(data, showdown_names())
    hands = card_lists(data, "hands", "a list of hands, each a list of three card codes")
    dealer = index_field(data, "dealer", len(hands), None) if hands else None
    with_strength = field(data, "strength", bool, "true or false", False)
    parsed = parse_hands(hands, rules.pack, rules.hand_limit)
    result = showdown(parsed, rules, dealer)
    hands_out = []
    for placing, cards in zip(result.placings, parsed, strict=True):
        out = hand_json(placing)
        if with_strength:
            out["strength"] = strength_json(cards, rules)
        hands_out.append(out)
    return {
        "rules": name,
        "rules_label": rules.label,
        "hands": hands_out,
        "winners": list(result.winners),
        "reasons": [reason_json(r) for r in result.reasons],
        "rulings": rulings_json(result.reasons),
    }


@json_endpoint
def commerce_strength(data: dict[str, Any]) -> dict[str, Any]:
    name, rules = commerce_rules(data, showdown_names())
    tokens = field(data, "hand", list, "a list of three card codes")
    if not all(isinstance(t, str) for t in tokens):
        raise ApiError("'hand' should be a list of card codes (strings)", field="hand")
    cards = parse_hand(tokens, rules.pack)
    return {"rules": name, **strength_json(cards, rules)}


@json_endpoint
def commerce_settle(data: dict[str, Any]) -> dict[str, Any]:
    name, game = requested_game(data, settle_names())
    stake = amount_field(data, "stake", "a positive number (the value of a stake)")
    players = field(
        data,
        "players",
        list,
        'a list of players, each {"hand": [three cards], "bought": purchases}',
    )
    hands, bought = [], []
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise ApiError(
                f'\'players[{i}]\' should be an object with "hand" and "bought"',
                field=f"players[{i}]",
            )
        hand = field(player, "hand", list, "a list of three card codes")
        if not all(isinstance(c, str) for c in hand):
            raise ApiError(
                f"'players[{i}].hand' should be a list of card codes (strings)",
                field=f"players[{i}].hand",
                hand=i,
            )
        count = field(player, "bought", int, "a whole number of purchases", 0)
        if not 0 <= count <= MAX_BOUGHT:
            too = "negative" if count < 0 else f"more than {MAX_BOUGHT} (a whole pack)"
            raise ApiError(f"'players[{i}].bought' cannot be {too}", field=f"players[{i}].bought")
        hands.append(hand)
        bought.append(count)
    n = len(players)
    dealer = index_field(data, "dealer", max(n, 1), None)
    stood = index_field(data, "stood", max(n, 1), None)
    config = game_config(data, game)
    if game.stood and stood is None and not config.flag("extended"):
        raise ApiError(
            f"'stood' is missing: {game.label} ends when a player declares to stand "
            "(or set options.extended for Extended Commerce)",
            field="stood",
        )
    deal = game.settle(hands, stake, config, dealer=dealer, stood=stood, bought=bought)
    settlement = deal.settlement
    reasons = (
        list(deal.showdown.reasons)
        + list(settlement.reasons)
        + [t.reason for t in settlement.transfers]
    )
    return {
        "rules": name,
        "net": [number(x) for x in settlement.net],
        "winners": list(settlement.winners),
        "transfers": [
            transfer_json(t.payer, t.payee, number(t.amount), t.reason)
            for t in settlement.transfers
        ],
        "hands": [hand_json(p) for p in deal.showdown.placings],
        "reasons": [reason_json(r) for r in (*deal.showdown.reasons, *settlement.reasons)],
        "rulings": rulings_json(reasons),
    }


@csrf_exempt  # as json_endpoint is: the view the CSRF check looks at is this one
def game_endpoint(request: HttpRequest, game: str, action: str) -> HttpResponse:
    """``POST /api/v1/<game>/<action>``: a game's own endpoint, answered by its board's
    (``Game.board``): a rack's count (``cox/score``), a request game's answer
    (``vingt-un/settle``, ``all-fours/score``). Anything else is a 404 naming what exists."""
    for found in registered(lambda g: g.slug == game and g.board in _ENDPOINTS):
        verb, answer = _ENDPOINTS[found.board]
        if verb(found) == action:
            return json_endpoint(partial(answer, game=found))(request)
    here = ", ".join(
        f"{g.slug}/{_ENDPOINTS[g.board][0](g)}" for g in registered(lambda g: g.board in _ENDPOINTS)
    )
    return error_response(
        f"'{game[:40]}/{action[:40]}' is not an endpoint of a game here: {here}; the "
        f"endpoints are listed in {reverse('api-openapi')}",
        404,
    )


def _rack_score(data: dict[str, Any], game: Game) -> dict[str, Any]:
    """Score a rack of a game whose players lay out cards to be counted (Cox's)."""
    cards = field(data, "cards", list, 'a list of Cox card codes such as "auto-5" or "bank"')
    if not all(isinstance(c, str) for c in cards):
        raise ApiError(
            "'cards' should be a list of card codes (strings) such as \"auto-5\"", field="cards"
        )
    base = choice(data, "supply_base", [1, 2, 3, 4])
    rack = cast(RackGame, game)  # the rack's endpoint (_ENDPOINTS) answers racks alone
    for key, value in options_object(data).items():
        if not isinstance(value, bool):
            raise ApiError(f"'options.{key}' should be true or false", field=f"options.{key}")
    result = rack.score(cards, base, game_config(data, rack))
    return {
        "score": result.score,
        "clear": result.clear,
        "complete": result.complete,
        "can_sell_out": result.can_sell_out,
        "doubled": result.doubled,
        "breakdown": [
            {
                "label": line.label,
                "points": line.points,
                "cards": list(line.cards),
                "citation": citation_json(line.citation),
            }
            for line in result.breakdown
        ],
        "arrangement": [
            {"card": use.card, "stands_for": use.stands_for, "text": use.text}
            for use in result.arrangement
        ],
        "unmatched": result.unmatched,
        "waiting": result.waiting,
        "reasons": [reason_json(r) for r in result.reasons],
        "rulings": rulings_json(result.reasons),
    }


def _request_answer(data: dict[str, Any], game: Game) -> dict[str, Any]:
    """A request game's answer: the game's own body (its amounts, Fractions, as JSON numbers),
    then who pays whom (``transfers``, each amount a number), the ``reasons`` and the
    editorial ``rulings`` applied."""
    config = configured(game, options_object(data))
    request = {key: value for key, value in data.items() if key != "options"}
    answer = cast(RequestGame, game).answer(request, config)
    reasons = [*answer.reasons, *(t.reason for t in answer.transfers)]
    return {
        **cast(dict[str, Any], numbers(answer.body)),
        "transfers": [
            transfer_json(t.payer, t.payee, number(t.amount), t.reason) for t in answer.transfers
        ],
        "reasons": [reason_json(r) for r in answer.reasons],
        "rulings": rulings_json(reasons),
    }


def _action(game: Game) -> str:
    return cast(RequestGame, game).action


_ENDPOINTS: dict[str, tuple[Callable[[Game], str], Callable[..., dict[str, Any]]]] = {
    "rack": (lambda game: "score", _rack_score),
    "request": (_action, _request_answer),
}
"""Each board's endpoint: its verb for a game, and the function that answers it."""


@json_document
def openapi_document(request: HttpRequest) -> JsonResponse:
    return JsonResponse(document(), json_dumps_params={"ensure_ascii": False})
