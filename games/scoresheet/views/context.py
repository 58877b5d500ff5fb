"""What the sheet's template draws: a sheet's addresses, the grid of deals by player, a
deal's lines, and the whole context of ``scoresheet/sheet.html`` and its partials."""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from functools import cached_property
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from rulesite.htmx import HtmxHttpRequest

from .. import ledger, store
from ..chart import evening_chart, points_of
from ..forms import DealForm, HorseForm, RequestDealForm, SeatForm, deal_form, deal_initial
from ..models import Change, Deal, Game

POLL_SECONDS = 3


def links(request: HtmxHttpRequest, game: Game, spectator: bool) -> dict[str, str]:
    """A sheet's addresses in the page's language (``/sv/sheet/…``): the read-only link
    and the scorers' (absolute, to share), the poll, the forms' targets, the exports."""
    where = f"{request.scheme}://{request.get_host()}"
    out = {
        "spectate": where + reverse("sheet:spectate", args=[game.view_token]),
        "rulings": reverse("rulings"),
    }
    if spectator:
        token, prefix = game.view_token, "sheet:spectate_"
        out["live"] = reverse("sheet:spectate_live", args=[token])
    else:
        token, prefix = game.token, "sheet:"
        out["live"] = reverse("sheet:live", args=[token])
        out["edit"] = where + reverse("sheet:sheet", args=[token])
        for name in ("record", "horse", "seats", "finish", "reopen", "sheet", "replace_link"):
            out[name] = reverse(f"sheet:{name}", args=[token])
    for name in ("export_csv", "export_json", "print", "history"):
        out[name.removeprefix("export_")] = reverse(prefix + name, args=[token])
    out["page"] = reverse("sheet:spectate" if spectator else "sheet:sheet", args=[token])
    return out


def grid(window: store.Window) -> list[dict[str, Any]]:
    """The deals × players grid of the window, from the stored states alone."""
    spec = window.spec
    rows = []
    detailed = {deal.position for deal in window.detailed}  # drawn in full on the same page
    for deal, state in zip(window.deals, window.states, strict=False):
        line = (deal.state or {}).get("row", {})
        net = line.get("net", ["0"] * spec.n)
        net = [*net, *(["0"] * (spec.n - len(net)))]
        rows.append(
            {
                "deal": deal,
                "number": state.number if deal.kind == "deal" else None,
                "kind": deal.kind,
                "shown": deal.position in detailed,
                "dealer": line.get("dl"),
                "winners": line.get("w", []),
                "cells": [
                    (Fraction(net[seat]), state.totals[seat], seat in state.present)
                    for seat in range(spec.n)
                ],
            }
        )
    return rows


def cells(spec: ledger.Spec, row: ledger.Row, every: bool = False) -> list[dict[str, Any]]:
    """One player's line in a deal: his hand or result, what he bought, his account."""
    hands = {h.seat: h for h in row.hands}
    bought = row.entry.data.get("bought") or []
    return [
        {
            "seat": seat,
            "name": spec.players[seat],
            "hand": hands.get(seat),
            "net": row.net[seat],
            "total": row.totals[seat],
            "bought": bought[seat] if seat < len(bought) else 0,
            "dealer": seat == row.dealer,
        }
        for seat in range(spec.n)
        if every or seat in row.present or row.net[seat] or seat in hands
    ]


class Shown:
    """An entry the page shows in full: its deal at once, its computed row and lines only
    when its fragment is drawn (a fragment kept in Django's cache needs neither)."""

    def __init__(self, window: store.Window, deal: Deal) -> None:
        self.window, self.deal = window, deal

    @property
    def number(self) -> int | None:
        """The deal's number, from its stored state (None: not a deal)."""
        state = self.deal.state if isinstance(self.deal.state, dict) else {}
        return state.get("n") if self.deal.kind == "deal" else None

    @cached_property
    def row(self) -> ledger.Row | None:
        return self.window.row_of(self.deal)

    @cached_property
    def cells(self) -> list[dict[str, Any]]:
        return [] if self.row is None else cells(self.window.spec, self.row)


def last_deal(window: store.Window) -> dict[str, Any] | None:
    """The data of the sheet's last deal (None before one), whose way of entering the next
    deal's form keeps: from the window when it ends the sheet, else in one query."""
    last: Deal | None = None
    if not window.newer:
        last = next((deal for deal in reversed(window.deals) if deal.kind == "deal"), None)
    if last is None and (window.newer or len(window.deals) < window.entries):
        last = Deal.objects.filter(game=window.game, kind="deal").order_by("-position").first()
    data = None if last is None else last.data
    return data if isinstance(data, dict) else None


def undone(game: Game) -> Change | None:
    """The last undo, while its entry can be restored."""
    last = Change.objects.filter(game=game, action="undo").order_by("-version").first()
    if last is None or last.detail.get("restored") or "data" not in last.detail:
        return None
    if Deal.objects.filter(game=game, position=last.detail.get("position")).exists():
        return None
    return last


def next_game(game: Game, spec: ledger.Spec, sheet: ledger.Sheet) -> str:
    """Where the next game of a won game answered from one request starts (its players and
    house rules again); empty for other games, which are not won."""
    if not sheet.over or not spec.kept.won:
        return ""
    return reverse("sheet:start") + f"?after={game.view_token}"


def _leaders(standings: list[ledger.Standing], deals: int) -> int:
    """How many players share the first place (0 before a deal, or while all are equal:
    nobody leads)."""
    first = sum(1 for s in standings if s.place == 1)
    return first if deals and first < len(standings) else 0


def _chart_states(window: store.Window) -> list[ledger.Running]:
    """The states the chart draws: the window's own when it is the latest entries (a page,
    a poll), those read with the tail when a deal was just recorded, else one query."""
    spec = window.spec
    latest = window.extra.get("latest")
    if latest is not None:
        return store.states_of(spec, latest)
    if not window.newer and len(window.states) >= min(store.WINDOW, window.entries):
        return [window.start, *window.states][-(store.WINDOW + 1) :]
    return store.recent_states(window.game, spec)


def fresh_form_shape(spec: ledger.Spec, sheet: ledger.Sheet, initial: dict[str, Any]) -> str:
    """What a fresh deal form's inputs depend on, as a short digest: the players by name,
    who is present, active and out, and the form's starting values (the dealer suggested,
    the way the last deal was entered, the house rules' amounts). Two forms of one sheet with
    the same shape draw the same inputs, whatever the deal's number or the sheet's version."""
    shape = [spec.players, sheet.present, sheet.active, sorted(sheet.out), initial]
    words = json.dumps(shape, sort_keys=True, default=str)
    return hashlib.blake2b(words.encode(), digest_size=12).hexdigest()


class FreshForm(SimpleLazyObject):  # type: ignore[type-arg]  # not subscriptable at run time
    """A fresh deal form, built only if a part of it that is not kept in Django's cache is
    drawn (its inputs and pack after a miss): true meanwhile, so ``{% if form %}`` does
    not build it. Its key and version are then drawn as the page's other forms draw theirs."""

    def __bool__(self) -> bool:
        return True


def sheet_context(
    request: HtmxHttpRequest,
    window: store.Window,
    *,
    spectator: bool = False,
    form: DealForm | RequestDealForm | FreshForm | None | bool = None,
    **extra: Any,
) -> dict[str, Any]:
    """What the sheet's template draws. ``form=False``: without the forms that record (a
    poll's answer), so neither the deal form nor the horse's is built."""
    game, spec, sheet = window.game, window.spec, window.sheet
    can_edit = not spectator
    final = game.finished or sheet.over
    form_kept = ""  # a fresh form's shape: its inputs are kept under it
    if can_edit and form is None and not final:
        fresh = deal_initial(spec, sheet, last_deal(window))
        prefill = extra.pop("prefill", {})
        initial = {**fresh, "version": game.version, **prefill}
        if prefill:
            form = deal_form(spec, sheet, initial=initial)
        else:
            form = FreshForm(lambda: deal_form(spec, sheet, initial=initial))
            form_kept = fresh_form_shape(spec, sheet, fresh)
    horse_form = None
    if can_edit and form is not False and sheet.may_buy_horse and not game.finished:
        horse_form = HorseForm(spec, sheet, initial={"version": game.version})
    standings = sheet.standings
    addresses = links(request, game, spectator)
    return {
        "game": game,
        "spec": spec,
        "sheet": sheet,
        "window": window,
        "final": final,
        "accounts": standings,  # best first, always: who is winning at a glance
        "leaders": _leaders(standings, sheet.deals),
        # Read only when the accounts are drawn (not kept at this version).
        "chart": SimpleLazyObject(lambda: evening_chart(spec, points_of(_chart_states(window)))),
        "settle_up": sheet.settle_up if final else [],
        "shown": [Shown(window, deal) for deal in window.detailed],
        "grid": SimpleLazyObject(lambda: grid(window)),  # read only if not kept
        "broken": window.broken,
        "broken_position": window.broken_position,
        "spectator": spectator,
        "can_edit": can_edit,
        "form": form,
        "form_kept": form_kept,
        "form_action": addresses["record"] if can_edit else "",
        "form_htmx": True,
        "horse_form": horse_form,
        "seats": can_edit and spec.seats_change and not final,
        "seat_form": (lambda: SeatForm(spec, sheet)) if can_edit else None,  # read if shown
        # A finished sheet is sealed: no "Redo" (nor "Edit", "Undo") until it is reopened.
        "undone": (lambda: undone(game)) if can_edit and not game.finished else None,
        "sealed": False,
        "links": addresses,
        "poll_seconds": POLL_SECONDS,
        "players": list(enumerate(spec.players)),
        "present_players": [(s, spec.players[s]) for s in sheet.present],
        "money": spec.money,
        "entry_word": spec.entry_word,
        "retention_days": getattr(settings, "SHEET_RETENTION_DAYS", 365),
        "next_game": next_game(game, spec, sheet),
        **extra,
    }
