"""A sheet's history in words (issue 22): every change kept in ``Change`` -- a deal
recorded, edited, undone or restored, a horse, a player joining or leaving, the evening
finished or reopened -- told as the history page shows it, with what it changed.

An edit keeps the deal as it was before (``detail["before"]``) and as it became
(``detail["after"]``), so the page can say "Deal 3 edited: Bob: was 2H 2D 7C, now 2H 2D 8C"
and put the earlier deal back; an undo keeps the deal undone (``detail["data"]``). Edits
made before the deal's earlier content was kept say so ("earlier content not kept").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from . import ledger
from .models import Change, Deal
from .templatetags.sheet_tags import category_label
from .words import entry_name, moment

_PER_PLAYER = ("hands", "cards", "places", "categories", "scores", "bases", "bought")
_SHOWN = {"dealer", "stood", "mode", *_PER_PLAYER}


def _at(data: Mapping[str, Any], key: str, seat: int) -> Any:
    values = data.get(key)
    return values[seat] if isinstance(values, list) and seat < len(values) else None


def _player(spec: ledger.Spec, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < spec.n:
        return spec.players[seat]
    return "?"


def deal_words(spec: ledger.Spec, data: Mapping[str, Any]) -> dict[str, str]:
    """A deal's content as labelled values in words, in a stable order: the dealer, who
    stood, then each player's hand or result (``{"Dealer": "Ann", "Bob": "2H 2D 7C"}``); a
    game answered from one request shows its other values as they are."""
    out: dict[str, str] = {}
    if data.get("dealer") is not None:
        out[gettext("Dealer")] = _player(spec, data["dealer"])
    if data.get("stood") is not None:
        out[gettext("Who stood")] = _player(spec, data["stood"])
    for seat, name in enumerate(spec.players):
        parts = []
        for key in ("hands", "cards"):
            cards = _at(data, key, seat)
            if isinstance(cards, list) and cards:
                parts.append(" ".join(str(c) for c in cards))
        if (place := _at(data, "places", seat)) is not None:
            parts.append(gettext("place {place}").format(place=place))
        if (category := _at(data, "categories", seat)) is not None:
            parts.append(category_label(str(category)))
        if (score := _at(data, "scores", seat)) is not None:
            parts.append(gettext("score {score}").format(score=score))
        if (base := _at(data, "bases", seat)) is not None:
            parts.append(gettext("base {base}").format(base=base))
        if bought := _at(data, "bought", seat):
            parts.append(gettext("bought {bought}").format(bought=bought))
        if parts:
            out[name] = ", ".join(parts)
    for key, value in data.items():
        if key not in _SHOWN:
            out[key] = json.dumps(value, ensure_ascii=False)[:300]
    return out


def differences(
    spec: ledger.Spec, before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[str]:
    """What an edit changed, one line per value: ``Bob: was 2H 2D 7C, now 2H 2D 8C``."""
    old, new = deal_words(spec, before), deal_words(spec, after)
    lines = []
    for label in [*old, *(k for k in new if k not in old)]:
        was, now = old.get(label, "—"), new.get(label, "—")
        if was != now:
            lines.append(
                gettext("{what}: was {before}, now {after}").format(
                    what=label, before=was, after=now
                )
            )
    return lines or [gettext("Nothing in it changed.")]


_SAID = {
    "start": gettext_lazy("The sheet was started."),
    "import": gettext_lazy("The sheet was imported from a file."),
    "record": gettext_lazy("{What} recorded."),
    "edit": gettext_lazy("{What} edited."),
    "undo": gettext_lazy("{What} undone."),
    "redo": gettext_lazy("{What} restored."),
    "horse": gettext_lazy("{who} bought a horse."),
    "join": gettext_lazy("{who} joined the table."),
    "leave": gettext_lazy("{who} left the table."),
    "finish": gettext_lazy("The evening was finished."),
    "reopen": gettext_lazy("The sheet was reopened."),
    "link": gettext_lazy("The scorers' link was replaced: the old one no longer works."),
}
_LINKS = {
    "read": gettext_lazy("The read-only link was replaced: the old one no longer works."),
}
_UNDONE = {
    "horse": gettext_lazy("A horse bought was undone."),
    "join": gettext_lazy("A player's arrival was undone."),
    "leave": gettext_lazy("A player's leaving was undone."),
}


@dataclass
class Told:
    """One change as the history page shows it."""

    version: int
    action: str
    when: datetime
    words: str
    lines: list[str] = field(default_factory=list)
    position: int | None = None
    put_back: bool = False
    """An edit whose earlier deal can be put back (the deal is still on the sheet)."""

    @property
    def at(self) -> str:
        return moment(self.when)


def _number(detail: Mapping[str, Any], deal: Deal | None) -> int | None:
    number = detail.get("number")
    if isinstance(number, int):
        return number
    if deal is not None and deal.kind == "deal" and isinstance(deal.state, dict):
        number = deal.state.get("n")
        return number if isinstance(number, int) else None
    return None


def tell(spec: ledger.Spec, changes: Sequence[Change]) -> list[Told]:
    """The changes in words, with the sheet's entries they name read in one query."""
    if not changes:
        return []
    positions = {c.detail.get("position") for c in changes if isinstance(c.detail, dict)}
    deals = {
        d.position: d
        for d in Deal.objects.filter(game_id=changes[0].game_id)
        .filter(position__in=[p for p in positions if isinstance(p, int)])
        .only("position", "kind", "data", "state")
    }
    out = []
    for change in changes:
        detail = change.detail if isinstance(change.detail, dict) else {}
        position = detail.get("position") if isinstance(detail.get("position"), int) else None
        deal = deals.get(position) if position is not None else None
        number = _number(detail, deal)
        what = entry_name(spec.entry_word, number) if number else gettext("An entry")
        seat = detail.get("player", deal.data.get("player") if deal is not None else None)
        words = str(_SAID.get(change.action, change.action)).format(
            What=what, who=_player(spec, seat) if seat is not None else gettext("A player")
        )
        if change.action == "link" and detail.get("which") in _LINKS:
            words = str(_LINKS[detail["which"]])
        told = Told(change.version, change.action, change.created_at, words, position=position)
        if change.action == "edit":
            if isinstance(detail.get("before"), dict) and isinstance(detail.get("after"), dict):
                told.lines = differences(spec, detail["before"], detail["after"])
                told.put_back = deal is not None and deal.data != detail["before"]
            else:
                told.lines = [gettext("Earlier content not kept.")]
        elif change.action == "undo":
            kind = detail.get("kind", "deal")
            if kind != "deal":
                told.words = str(_UNDONE.get(kind, words))
            if kind == "deal" and isinstance(detail.get("data"), dict):
                told.lines = [
                    gettext("{what}: was {value}").format(what=label, value=value)
                    for label, value in deal_words(spec, detail["data"]).items()
                ]
        out.append(told)
    return out
