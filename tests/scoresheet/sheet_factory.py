"""Helpers for the score-sheet tests: games in the database, deals as form posts, and
hypothesis strategies for random but plausible deals."""

from __future__ import annotations

import secrets
from typing import Any

from django.test import Client
from hypothesis import strategies as st

from games.engine.cards import PACK_32, PACK_52
from games.scoresheet import ledger
from games.scoresheet.models import Game
from games.scoresheet.store import create

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]

HANDS_4 = [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"], ["3C", "5D", "JH"]]
"""Ann: a sequence; Bob: a pair; Cy: point 21; Dee: point 18."""


def spec_for(
    rules: str, players: list[str] | None = None, stake: Any = "1", **options: Any
) -> ledger.Spec:
    return ledger.make_spec(rules, players or PLAYERS, stake, options)


def make_game(
    rules: str = "peel-new",
    players: list[str] | None = None,
    stake: Any = "1",
    entries: list[ledger.Entry] | None = None,
    **options: Any,
) -> Game:
    spec = spec_for(rules, players, stake, **options)
    return create(spec, "", entries or [], "start", secrets.token_urlsafe(16))


def entry(spec: ledger.Spec, data: dict[str, Any], kind: str = "deal") -> ledger.Entry:
    return ledger.Entry(kind, ledger.clean_entry(spec, kind, data))


def post_fields(spec: ledger.Spec, data: dict[str, Any]) -> dict[str, Any]:
    """A deal's ledger data as the deal form's fields."""
    n = spec.n
    fields: dict[str, Any] = {"mode": data["mode"]}
    if spec.rules == "cox":
        for i in range(n):
            fields[f"base_{i}"] = data["bases"][i]
            if data["mode"] == "cards":
                fields[f"cards_{i}"] = " ".join(data["cards"][i])
            else:
                fields[f"score_{i}"] = data["scores"][i]
        return fields
    fields["dealer"] = data["dealer"]
    if data.get("stood") is not None:
        fields["stood"] = data["stood"]
    for i in range(n):
        if "bought" in data:
            fields[f"bought_{i}"] = data["bought"][i]
        if data["mode"] == "hands":
            hand = data["hands"][i] or ["", "", ""]
            for j, card in enumerate(hand):
                fields[f"card_{i}_{j}"] = card
        else:
            place = data["places"][i]
            fields[f"place_{i}"] = "" if place is None else place
            if data.get("categories"):
                fields[f"category_{i}"] = data["categories"][i] or ""
    return fields


def post_deal(
    client: Client,
    game: Game,
    data: dict[str, Any],
    *,
    version: int | None = None,
    key: str | None = None,
    htmx: bool = False,
    spec: ledger.Spec | None = None,
    url: str | None = None,
) -> Any:
    game.refresh_from_db()
    spec = spec or game.spec()
    fields = post_fields(spec, data)
    fields["version"] = game.version if version is None else version
    fields["key"] = key or secrets.token_urlsafe(16)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url or f"/sheet/{game.token}/deals/", fields, headers=headers)


def action(
    client: Client,
    game: Game,
    url: str,
    *,
    version: int | None = None,
    key: str | None = None,
    htmx: bool = False,
    **extra: Any,
) -> Any:
    game.refresh_from_db()
    fields = {
        "version": game.version if version is None else version,
        "key": key or secrets.token_urlsafe(16),
        **extra,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url, fields, headers=headers)


# --- Hypothesis strategies -----------------------------------------------------------------------

ENGLISH_RANK = {c: i for i, c in enumerate(("tricon", "sequence", "flush", "pair", "point"))}
SWEDISH_RANK = {c: i for i, c in enumerate(("tretal", "sekvens", "poang", "ingenting"))}


@st.composite
def hands(draw: st.DrawFn, n: int, pack: int = 52) -> list[list[str]]:
    cards = [str(c) for c in (PACK_52 if pack == 52 else PACK_32).cards]
    dealt = draw(st.permutations(cards))[: 3 * n]
    return [dealt[3 * i : 3 * i + 3] for i in range(n)]


@st.composite
def result(draw: st.DrawFn, spec: ledger.Spec, active: list[int]) -> dict[str, Any]:
    """Places and combinations that agree with each other (better combination, better place;
    equal places, equal combinations)."""
    categories = list(spec.categories)
    rank = SWEDISH_RANK if spec.rules == "swedish" else ENGLISH_RANK
    chosen = {s: draw(st.sampled_from(categories)) for s in active}
    # A strength within the combination: equal strengths tie.
    strength = {s: draw(st.integers(0, 2)) for s in active}
    key = {s: (rank[chosen[s]], -strength[s]) for s in active}
    places: list[int | None] = [None] * spec.n
    cats: list[str | None] = [None] * spec.n
    for s in active:
        places[s] = 1 + sum(1 for t in active if key[t] < key[s])
        cats[s] = chosen[s]
    data: dict[str, Any] = {"mode": "result", "places": places}
    if spec.categories_needed:
        data["categories"] = cats
    return data


@st.composite
def deal_data(
    draw: st.DrawFn, spec: ledger.Spec, active: list[int] | None = None
) -> dict[str, Any]:
    """A deal as the form would send it: hands shown or only the result."""
    n = spec.n
    active = list(range(n)) if active is None else active
    if spec.rules == "cox":
        bases = draw(st.permutations([1, 2, 3, 4]))[:n]
        if draw(st.booleans()):
            return {
                "mode": "result",
                "bases": bases,
                "scores": draw(st.lists(st.integers(-10, 60), min_size=n, max_size=n)),
            }
        pool = [f"{s}-{k}" for s in ("auto", "ship", "plane") for k in range(1, 6)] * 4
        pool += [
            f"{h}-{k}" for h in ("fruit", "grain", "industry", "greenback") for k in range(1, 5)
        ] + ["auto-captain", "ship-captain", "plane-captain", "bank"]
        shuffled = draw(st.permutations(pool))
        size = draw(st.integers(3, 9))
        return {
            "mode": "cards",
            "bases": bases,
            "cards": [shuffled[i * size : (i + 1) * size] for i in range(n)],
        }
    data: dict[str, Any] = {"dealer": draw(st.sampled_from(active))}
    if spec.asks_stood:
        data["stood"] = draw(st.sampled_from(active))
    if spec.game.bought:
        data["bought"] = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    if draw(st.booleans()):
        dealt = draw(hands(len(active), int(spec.options.get("pack", 52))))
        everyone: list[list[str] | None] = [None] * n
        for s, hand in zip(active, dealt, strict=True):
            everyone[s] = hand
        data.update({"mode": "hands", "hands": everyone})
    else:
        data.update(draw(result(spec, active)))
    return data
