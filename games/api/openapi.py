"""The OpenAPI 3.1 document of API version 1, served at /api/v1/openapi.json.

The names of the games and their options come from the registry (games.engine.games), so a
game registered there appears here with nothing else edited.
"""

from collections.abc import Callable
from typing import Any, cast

from games.engine.amounts import MAX_AMOUNT, SANE
from games.engine.games import Game, RequestGame, registered
from games.engine.settlement import MAX_BOUGHT

CARD = {
    "type": "string",
    "description": "A card: AS, as, 10h, Th, A♠, or Swedish sE, hkn, c10",
    "examples": ["AS", "10H", "sE"],
}
COX_CARD = {
    "type": "string",
    "description": "auto-1…auto-5, ship-1…ship-5, plane-1…plane-5, auto-captain, ship-captain, "
    "plane-captain, bank, fruit-1…fruit-4, grain-1…grain-4, industry-1…industry-4, "
    "greenback-1…greenback-4",
    "examples": ["auto-5", "bank", "greenback-3"],
}
HAND = {"type": "array", "items": CARD, "minItems": 3, "maxItems": 3}
CITATION = {
    "type": "object",
    "required": ["book", "anchor", "url"],
    "properties": {
        "book": {"type": "string"},
        "anchor": {"type": "string"},
        "url": {"type": "string", "description": "The cited paragraph in the library"},
    },
}
REASON = {
    "type": "object",
    "required": ["text", "citations", "rulings"],
    "properties": {
        "text": {"type": "string", "description": "What decided it, in words"},
        "citations": {"type": "array", "items": {"$ref": "#/components/schemas/Citation"}},
        "rulings": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Slugs of the editorial rulings applied",
        },
    },
}
RULING = {
    "type": "object",
    "properties": {
        "slug": {"type": "string"},
        "question": {"type": "string"},
        "reading": {"type": "string"},
        "option": {"type": ["string", "null"]},
        "default": {"type": ["string", "null"]},
        "citations": {"type": "array", "items": {"$ref": "#/components/schemas/Citation"}},
    },
}
ERROR = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["message", "field"],
            "properties": {
                "message": {"type": "string", "description": "What is wrong, in words"},
                "field": {
                    "type": ["string", "null"],
                    "description": "The value at fault, by its path; null: the whole request",
                },
                "hand": {"type": "integer"},
                "card": {"type": "integer"},
                "token": {"type": "string"},
            },
        }
    },
}
PLAYER_INDEX = {"type": "integer", "minimum": 0}


def _post(summary: str, request: str, response: str, example: dict[str, Any]) -> dict[str, Any]:
    bad = {
        "description": "Bad input, with a message in words",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    return {
        "post": {
            "summary": summary,
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {"$ref": f"#/components/schemas/{request}"},
                        "example": example,
                    }
                },
            },
            "responses": {
                "200": {
                    "description": "The result",
                    "content": {
                        "application/json": {"schema": {"$ref": f"#/components/schemas/{response}"}}
                    },
                },
                "400": bad,
                "405": bad,
                "411": bad,
                "413": bad,
            },
        }
    }


def _names(where: Callable[[Game], bool]) -> list[str]:
    games = registered(where)
    return [g.slug for g in games] + [alias for g in games for alias in g.aliases]


def _options(where: Callable[[Game], bool]) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for game in registered(where):
        for option in game.options:
            if option.kind == "amount":
                schema: dict[str, Any] = {"type": ["string", "number"]}
            elif option.is_yes_no:
                schema = {"type": ["boolean", "string"]}
            else:
                schema = {"enum": [value for value, _ in option.values]}
            schema["description"] = option.label + (
                f" (ruling {option.ruling.slug})" if option.ruling else ""
            )
            properties.setdefault(option.name, schema)
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "description": "House-rule options (see /rulings/): each key an option name, each "
        "value one of its alternatives",
    }


def first(where: Callable[[Game], bool]) -> str:
    return registered(where)[0].slug


def _judges(game: Game) -> bool:
    return game.board == "hands"


def _settles(game: Game) -> bool:
    return _judges(game) and game.settles_deals


def _racks(game: Game) -> bool:
    return game.board == "rack"


TRANSFER = {
    "type": "object",
    "required": ["from", "to", "amount", "reason", "citations", "rulings"],
    "properties": {
        "from": PLAYER_INDEX,
        "to": PLAYER_INDEX,
        "amount": {
            "type": "number",
            "exclusiveMinimum": 0,
            "description": "A whole number, else the nearest float (7/3 is 2.3333333333333335)",
            "examples": [2, 1.5],
        },
        "reason": {"type": "string"},
        "citations": {"type": "array", "items": {"$ref": "#/components/schemas/Citation"}},
        "rulings": {"type": "array", "items": {"type": "string"}},
    },
}


def _schema_name(game: Game) -> str:
    """``vingt-un`` -> ``VingtUn``: the name of a game's schemas in the document."""
    return "".join(part.capitalize() for part in game.slug.split("-"))


def _request_games() -> list[RequestGame]:
    return [cast(RequestGame, g) for g in registered(lambda g: g.board == "request")]


def request_paths() -> dict[str, Any]:
    """Each request game's endpoint, ``/api/v1/<slug>/<action>``, with its example."""
    return {
        f"/api/v1/{game.slug}/{game.action}": _post(
            f"{game.label}: {game.summary}".rstrip(),
            f"{_schema_name(game)}Request",
            f"{_schema_name(game)}Response",
            game.example(),
        )
        for game in _request_games()
    }


def request_schemas() -> dict[str, Any]:
    """Each request game's request (its own schema and its ``options``) and response (its
    answer's body, then ``transfers``, ``reasons`` and ``rulings``)."""
    schemas: dict[str, Any] = {}
    for game in _request_games():
        name = _schema_name(game)
        request = dict(game.request_schema())
        properties = dict(request.get("properties", {}))  # type: ignore[call-overload]
        properties["options"] = _options(lambda g, game=game: g is game)  # type: ignore[misc]
        schemas[f"{name}Request"] = {**request, "properties": properties}
        response = dict(game.answer_schema())
        answered = dict(response.get("properties", {}))  # type: ignore[call-overload]
        answered.update(
            {
                "transfers": {"type": "array", "items": {"$ref": "#/components/schemas/Transfer"}},
                "reasons": {"type": "array", "items": {"$ref": "#/components/schemas/Reason"}},
                "rulings": {"type": "array", "items": {"$ref": "#/components/schemas/Ruling"}},
            }
        )
        required = [*response.get("required", []), "transfers", "reasons", "rulings"]  # type: ignore[misc]
        schemas[f"{name}Response"] = {**response, "properties": answered, "required": required}
    return schemas


def document() -> dict[str, Any]:
    """The document, built from the registry as it stands."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "rulesite rules engine API",
            "version": "1",
            "description": "Judge Commerce showdowns (Peel's and the Swedish rules), settle a "
            "deal, "
            "score Cox's 80-card game, and settle or score a hand of the games settled from "
            "one request (Vingt-un, Speculation, All Fours). Every result says why, citing the "
            "rulebook paragraphs in the site's library; every bad input gets a 4xx "
            "with a message in words.",
        },
        "paths": {
            "/api/v1/commerce/showdown": _post(
                "Places and winners of a showdown",
                "ShowdownRequest",
                "ShowdownResponse",
                {"rules": first(_judges), "hands": [["AS", "2S", "3S"], ["KD", "KH", "2C"]]},
            ),
            "/api/v1/commerce/settle": _post(
                "Who pays whom at the end of a deal",
                "SettleRequest",
                "SettleResponse",
                {
                    "rules": first(_settles),
                    "stake": 1,
                    "dealer": 0,
                    "stood": 1,
                    "players": [
                        {"hand": ["AS", "KS", "QS"], "bought": 1},
                        {"hand": ["9H", "9D", "2C"]},
                        {"hand": ["5C", "6C", "8D"]},
                    ],
                },
            ),
            "/api/v1/commerce/strength": _post(
                "How strong a hand is",
                "StrengthRequest",
                "StrengthResponse",
                {"rules": first(_judges), "hand": ["9H", "9D", "KC"]},
            ),
            "/api/v1/cox/score": _post(
                "Score a laid-out hand of Cox's game",
                "CoxRequest",
                "CoxResponse",
                {
                    "cards": [
                        "auto-5",
                        "auto-5",
                        "auto-captain",
                        "auto-2",
                        "auto-2",
                        "auto-2",
                        "fruit-1",
                        "fruit-3",
                        "greenback-3",
                    ],
                    "supply_base": 3,
                },
            ),
            **request_paths(),
            "/api/v1/openapi.json": {
                "get": {
                    "summary": "This document",
                    "responses": {"200": {"description": "OpenAPI 3.1 JSON"}},
                }
            },
        },
        "components": {
            "schemas": {
                "Citation": CITATION,
                "Reason": REASON,
                "Ruling": RULING,
                "Error": ERROR,
                "Transfer": TRANSFER,
                **request_schemas(),
                "ShowdownRequest": {
                    "type": "object",
                    "required": ["rules", "hands"],
                    "properties": {
                        "rules": {"enum": _names(_judges)},
                        "hands": {
                            "type": "array",
                            "items": HAND,
                            "minItems": 2,
                            "description": "At most 12 hands with 52 cards, 7 with 32 (Peel); 17 "
                            "in the Swedish rules",
                        },
                        "pack": {
                            "enum": [52, 32],
                            "default": 52,
                            "description": "games with a choice of pack",
                        },
                        "limited": {
                            "enum": ["none", "no-pair", "tricon-sequence-point"],
                            "default": "none",
                            "description": "Limited Commerce, where a game has it",
                        },
                        "dealer": {
                            **PLAYER_INDEX,
                            "description": "Index of the dealer (Swedish: equal "
                            "hands including his go to him)",
                        },
                        "options": _options(_judges),
                        "strength": {
                            "type": "boolean",
                            "default": False,
                            "description": "Add each hand's strength",
                        },
                    },
                },
                "ShowdownResponse": {
                    "type": "object",
                    "required": ["hands", "winners"],
                    "properties": {
                        "hands": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["category", "place"],
                                "properties": {
                                    "category": {
                                        "enum": [
                                            "tricon",
                                            "sequence",
                                            "flush",
                                            "pair",
                                            "point",
                                            "tretal",
                                            "sekvens",
                                            "poang",
                                            "ingenting",
                                        ]
                                    },
                                    "category_name": {"type": "string"},
                                    "place": {
                                        "type": "integer",
                                        "minimum": 1,
                                        "description": "1 is best; equal hands share a place",
                                    },
                                    "cards": {"type": "array", "items": {"type": "string"}},
                                    "description": {"type": "string"},
                                    "strength": {"$ref": "#/components/schemas/StrengthResponse"},
                                },
                            },
                            "description": "In request order",
                        },
                        "winners": {"type": "array", "items": PLAYER_INDEX},
                        "reasons": {
                            "type": "array",
                            "items": {"$ref": "#/components/schemas/Reason"},
                        },
                        "rulings": {
                            "type": "array",
                            "items": {"$ref": "#/components/schemas/Ruling"},
                        },
                    },
                },
                "SettleRequest": {
                    "type": "object",
                    "required": ["rules", "stake", "players"],
                    "properties": {
                        "rules": {"enum": _names(_settles)},
                        "stake": {
                            "type": "number",
                            "exclusiveMinimum": 0,
                            "maximum": MAX_AMOUNT,
                            "description": f"The value of a stake: {SANE}",
                        },
                        "dealer": {
                            **PLAYER_INDEX,
                            "description": "Required where the game has a dealer's privileges",
                        },
                        "stood": {
                            **PLAYER_INDEX,
                            "description": "Who declared to stand (games where a player stands)",
                        },
                        "players": {
                            "type": "array",
                            "minItems": 2,
                            "items": {
                                "type": "object",
                                "required": ["hand"],
                                "properties": {
                                    "hand": HAND,
                                    "bought": {
                                        "type": "integer",
                                        "minimum": 0,
                                        "maximum": MAX_BOUGHT,
                                        "default": 0,
                                        "description": "Purchases from the dealer or the stock",
                                    },
                                },
                            },
                        },
                        "pack": {"enum": [52, 32], "default": 52},
                        "limited": {"enum": ["none", "no-pair", "tricon-sequence-point"]},
                        "options": _options(_settles),
                    },
                },
                "SettleResponse": {
                    "type": "object",
                    "required": ["net", "winners", "transfers"],
                    "properties": {
                        "net": {
                            "type": "array",
                            "items": {"type": "number"},
                            "description": "One per player, summing to 0",
                        },
                        "winners": {"type": "array", "items": PLAYER_INDEX},
                        "transfers": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["from", "to", "amount", "reason"],
                                "properties": {
                                    "from": PLAYER_INDEX,
                                    "to": PLAYER_INDEX,
                                    "amount": {"type": "number"},
                                    "reason": {"type": "string"},
                                    "citations": {
                                        "type": "array",
                                        "items": {"$ref": "#/components/schemas/Citation"},
                                    },
                                    "rulings": {"type": "array", "items": {"type": "string"}},
                                },
                            },
                        },
                        "hands": {"type": "array", "items": {"type": "object"}},
                        "rulings": {
                            "type": "array",
                            "items": {"$ref": "#/components/schemas/Ruling"},
                        },
                    },
                },
                "StrengthRequest": {
                    "type": "object",
                    "required": ["rules", "hand"],
                    "properties": {
                        "rules": {"enum": _names(_judges)},
                        "hand": HAND,
                        "pack": {"enum": [52, 32], "default": 52},
                        "limited": {"enum": ["none", "no-pair", "tricon-sequence-point"]},
                        "options": _options(_judges),
                    },
                },
                "StrengthResponse": {
                    "type": "object",
                    "properties": {
                        "beats_share": {
                            "type": "number",
                            "description": "Share of all hands it beats",
                        },
                        "ties_share": {"type": "number"},
                        "loses_share": {"type": "number"},
                        "win": {"type": "number", "description": "Chance to beat one random hand"},
                        "tie": {"type": "number"},
                        "lose": {"type": "number"},
                    },
                },
                "CoxRequest": {
                    "type": "object",
                    "required": ["cards", "supply_base"],
                    "properties": {
                        "cards": {
                            "type": "array",
                            "items": COX_CARD,
                            "description": "No more copies than the pack holds: four of each "
                            "numbered suit card, one of every other card",
                        },
                        "supply_base": {"enum": [1, 2, 3, 4]},
                        "options": _options(_racks),
                    },
                },
                "CoxResponse": {
                    "type": "object",
                    "required": ["score", "clear", "complete", "breakdown"],
                    "properties": {
                        "score": {"type": "integer"},
                        "clear": {"type": "boolean"},
                        "complete": {"type": "boolean", "description": "The hand can sell out"},
                        "doubled": {"type": "boolean"},
                        "breakdown": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {
                                    "label": {"type": "string"},
                                    "points": {"type": "integer"},
                                    "cards": {"type": "array", "items": {"type": "string"}},
                                    "citation": {"$ref": "#/components/schemas/Citation"},
                                },
                            },
                        },
                        "can_sell_out": {
                            "type": ["boolean", "null"],
                            "description": "For a rack of eight or more: can it sell out now",
                        },
                        "arrangement": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {
                                    "card": {"type": "string"},
                                    "stands_for": {"type": ["string", "null"]},
                                    "text": {"type": "string"},
                                },
                            },
                            "description": "How each captain and the bank card was best used",
                        },
                        "unmatched": {"type": "array", "items": {"type": "string"}},
                        "waiting": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": "Single cards that would complete the hand",
                        },
                        "reasons": {
                            "type": "array",
                            "items": {"$ref": "#/components/schemas/Reason"},
                        },
                        "rulings": {
                            "type": "array",
                            "items": {"$ref": "#/components/schemas/Ruling"},
                        },
                    },
                },
            }
        },
    }
