"""API version 1: thin views that read JSON, call the engine and write JSON.

The contract is in the README and in the OpenAPI document (``openapi.py``).
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

from games.engine.cards import parse_hand, parse_hands
from games.engine.commerce import (
    Limited,
    PeelRules,
    Placing,
    SwedishRules,
    rules_from_name,
    showdown,
)
from games.engine.cox import CoxOptions, score_hand
from games.engine.deal import GAMES, settle_deal
from games.engine.strength import strength

from .http import (
    ApiError,
    card_lists,
    choice,
    citation_json,
    field,
    index_field,
    json_endpoint,
    number,
    reason_json,
    rulings_json,
)
from .openapi import DOCUMENT

LIMITED = [limited.value for limited in Limited]


def commerce_rules(data: dict[str, Any], rule_names: list[str]) -> PeelRules | SwedishRules:
    """The rule set a request names, with its pack, Limited Commerce and the house-rule
    options that change how hands are valued (the engine checks their names and values)."""
    name = choice(data, "rules", rule_names)
    family = "swedish" if name == "swedish" else "english"
    pack = choice(data, "pack", [52, 32], 52)
    limited = choice(data, "limited", LIMITED, "none")
    options = options_object(data)
    for key, value in options.items():
        if not isinstance(value, str):
            raise ApiError(f"'options.{key}' should be a string, not {value!r}",
                           field=f"options.{key}")
    return rules_from_name(family, pack=pack, limited=limited, **options)


def options_object(data: dict[str, Any]) -> dict[str, Any]:
    return dict(field(data, "options", dict, "an object of house-rule options", {}))


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
    shares = {name: float(getattr(s, name)) for name in
              ("beats_share", "ties_share", "loses_share", "win", "tie", "lose")}
    return {**shares, "description": s.describe()}


@json_endpoint
def commerce_showdown(data: dict[str, Any]) -> dict[str, Any]:
    rules = commerce_rules(data, ["english", "swedish"])
    hands = card_lists(data, "hands", 'a list of hands, each a list of three card codes')
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
        "rules": rules.name,
        "rules_label": rules.label,
        "hands": hands_out,
        "winners": list(result.winners),
        "reasons": [reason_json(r) for r in result.reasons],
        "rulings": rulings_json(result.reasons),
    }


@json_endpoint
def commerce_strength(data: dict[str, Any]) -> dict[str, Any]:
    rules = commerce_rules(data, ["english", "swedish"])
    tokens = field(data, "hand", list, "a list of three card codes")
    if not all(isinstance(t, str) for t in tokens):
        raise ApiError("'hand' should be a list of card codes (strings)", field="hand")
    cards = parse_hand(tokens, rules.pack)
    return {"rules": rules.name, **strength_json(cards, rules)}


@json_endpoint
def commerce_settle(data: dict[str, Any]) -> dict[str, Any]:
    game = choice(data, "rules", list(GAMES))
    stake = field(data, "stake", (int, float), "a positive number (the value of a stake)")
    if stake <= 0:
        raise ApiError(f"'stake' should be a positive number, not {stake}", field="stake")
    players = field(data, "players", list, 'a list of players, each {"hand": [three cards], '
                                           '"bought": purchases}')
    hands, bought = [], []
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise ApiError(f"'players[{i}]' should be an object with \"hand\" and \"bought\"",
                           field=f"players[{i}]")
        hand = field(player, "hand", list, "a list of three card codes")
        if not all(isinstance(c, str) for c in hand):
            raise ApiError(f"'players[{i}].hand' should be a list of card codes (strings)",
                           field=f"players[{i}].hand", hand=i)
        count = field(player, "bought", int, "a whole number of purchases", 0)
        if count < 0:
            raise ApiError(f"'players[{i}].bought' cannot be negative", field=f"players[{i}]")
        hands.append(hand)
        bought.append(count)
    n = len(players)
    dealer = index_field(data, "dealer", max(n, 1), None)
    stood = index_field(data, "stood", max(n, 1), None)
    options = options_object(data)
    if game == "english-new" and stood is None and options.get("extended") is not True:
        raise ApiError("'stood' is missing: the new game ends when a player declares to stand "
                       "(or set options.extended for Extended Commerce)", field="stood")
    deal = settle_deal(
        game, hands, Fraction(str(stake)), dealer=dealer, stood=stood, bought=bought,
        pack=choice(data, "pack", [52, 32], 52), limited=choice(data, "limited", LIMITED, "none"),
        options=options,
    )
    settlement = deal.settlement
    reasons = list(deal.showdown.reasons) + list(settlement.reasons) + [
        t.reason for t in settlement.transfers]
    return {
        "rules": game,
        "net": [number(x) for x in settlement.net],
        "winners": list(settlement.winners),
        "transfers": [{"from": t.payer, "to": t.payee, "amount": number(t.amount),
                       "reason": t.reason.text,
                       "citations": [citation_json(c) for c in t.reason.citations],
                       "rulings": list(t.reason.rulings)} for t in settlement.transfers],
        "hands": [hand_json(p) for p in deal.showdown.placings],
        "reasons": [reason_json(r) for r in (*deal.showdown.reasons, *settlement.reasons)],
        "rulings": rulings_json(reasons),
    }


COX_OPTIONS = {f.name for f in fields(CoxOptions)}


@json_endpoint
def cox_score(data: dict[str, Any]) -> dict[str, Any]:
    cards = field(data, "cards", list, "a list of Cox card codes such as \"auto-5\" or \"bank\"")
    if not all(isinstance(c, str) for c in cards):
        raise ApiError("'cards' should be a list of card codes (strings) such as \"auto-5\"",
                       field="cards")
    base = choice(data, "supply_base", [1, 2, 3, 4])
    chosen = options_object(data)
    for key, value in chosen.items():
        if key not in COX_OPTIONS:
            raise ApiError(f"'options.{key}' is not a house-rule option of Cox's game; options: "
                           + ", ".join(sorted(COX_OPTIONS)), field=f"options.{key}")
        if not isinstance(value, bool):
            raise ApiError(f"'options.{key}' should be true or false", field=f"options.{key}")
    result = score_hand(cards, base, CoxOptions(**chosen))
    return {
        "score": result.score,
        "clear": result.clear,
        "complete": result.complete,
        "can_sell_out": result.can_sell_out,
        "doubled": result.doubled,
        "breakdown": [{"label": line.label, "points": line.points, "cards": list(line.cards),
                       "citation": citation_json(line.citation)} for line in result.breakdown],
        "arrangement": [{"card": use.card, "stands_for": use.stands_for, "text": use.text}
                        for use in result.arrangement],
        "unmatched": result.unmatched,
        "waiting": result.waiting,
        "reasons": [reason_json(r) for r in result.reasons],
        "rulings": rulings_json(result.reasons),
    }


@require_safe
def openapi_document(request: HttpRequest) -> JsonResponse:
    return JsonResponse(DOCUMENT, json_dumps_params={"ensure_ascii": False})
