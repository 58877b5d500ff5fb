"""The payout calculators: people play with real cards and counters, the site says who pays whom.

Every calculator is a GET form, so its address is a permalink to the result. With htmx the
form updates the result in place and the server names the permalink in ``HX-Push-Url``;
without JavaScript every button (add or remove a player, remove a deal, record a Cox hand)
is a submit button, answered by a redirect to the new permalink. The views read the query,
call the engine and render: every rule lives in ``games.engine``. A value the form or the
engine refuses is answered with status 400 and the message beside its field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.forms import CheckboxInput
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from games.engine import cox
from games.engine.cards import PACK_32, PACK_52, CardError, parse_hand
from games.engine.citations import Reason
from games.engine.commerce import PeelRules, SwedishRules
from games.engine.deal import SettledDeal, deal_rules, settle_deal
from games.engine.pool import (
    COUNTERS_EACH,
    POOL,
    LedgerEntry,
    PoolGame,
    PoolOptions,
    apply_deal,
    buy_horse,
)
from games.engine.settlement import PeelNewOptions, SettlementError, SwedishOptions
from games.engine.wording import join, name_players
from games.forms_util import cox_deal_error, ruling_for_option, sentence, split_field

from .explain import (
    Explainer,
    Step,
    amount,
    field_message,
    points,
    signed,
)
from .forms import (
    ACTIONS,
    MAX_DEALS,
    MAX_ROWS,
    CalculatorForm,
    CoxForm,
    DealForm,
    PoolForm,
    count_rows,
    option_names,
    option_value,
    with_defaults,
)

_KEY = re.compile(r"^(?P<field>[a-z]+)(?P<i>[1-9]\d{0,2})$")
_SCORE_KEY = re.compile(r"^score(?P<h>[1-9])_(?P<i>[1-9]\d{0,2})$")
_DEAL_KEYS = ("win", "worst", "horse")


# --------------------------------------------------------------------------- shared


def _respond(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    form: CalculatorForm,
    *,
    acted: bool,
    bad: bool = False,
) -> HttpResponse:
    """The page (400 if any field is refused), its fragment for htmx with the permalink
    pushed, or, for a button pressed without JavaScript, a redirect to the new permalink."""
    link = form.permalink(request.path)
    # Going back to a page htmx no longer holds, it asks for the whole page again.
    fragment = bool(request.htmx) and not request.htmx.history_restore_request
    if acted and not fragment:
        return HttpResponseRedirect(link)
    form.link_descriptions()
    context = {"form": form, "permalink": link, **context}
    name = f"{template}#update" if fragment else template
    response = render(request, name, context, status=400 if form.bad or bad else 200)
    if fragment:
        response = push_url(response, link)
    return response


def _shift_players(query: QueryDict, removed: int, player_valued: Iterable[str]) -> QueryDict:
    """The query without player ``removed``: later players move up one, and every value
    naming a player (dealer, stood, winners of a deal …) follows them."""
    valued = set(player_valued)
    shifted = QueryDict(mutable=True)
    for key in query:
        values = query.getlist(key)
        m = _KEY.match(key)
        s = _SCORE_KEY.match(key)
        if m and m["field"] not in _DEAL_KEYS:
            i = int(m["i"])
            if i == removed:
                continue
            key = f"{m['field']}{i - 1 if i > removed else i}"
        elif s:
            i = int(s["i"])
            if i == removed:
                continue
            key = f"score{s['h']}_{i - 1 if i > removed else i}"
        if key in valued or (m and m["field"] in _DEAL_KEYS):
            kept = []
            for value in values:
                if value.isdigit() and int(value) == removed:
                    continue
                kept.append(
                    str(int(value) - 1) if value.isdigit() and int(value) > removed else value
                )
            values = kept
            if not values and key in valued:
                continue
        shifted.setlist(key, values)
    return shifted


def _players_limit_error(form: CalculatorForm, players: int, limit: int, where: str) -> None:
    if players > limit:
        extra = players - limit
        form.error(
            None,
            f"At most {limit} players {where}; remove {extra} player{'s' if extra > 1 else ''}.",
        )
    elif players < 2:
        form.error(None, "A deal needs at least two players: add a player.")


def _bad_summary(form: CalculatorForm) -> list[tuple[str, str, str]]:
    """Every refused value: the field's label, its id (to link to) and the message."""
    summary = []
    for message in form.players_errors:
        summary.append(("Players", "players", message))
    for name, errors in form.errors.items():
        if name == "__all__":
            summary.extend(("", "players", str(e)) for e in errors)
            continue
        bound = form[name]
        label = str(bound.label).rstrip("?")
        m = _KEY.match(name)
        score = _SCORE_KEY.match(name)
        if m and int(m["i"]) <= len(form.names):
            label = f"{form.names[int(m['i']) - 1]}: {label.lower()}"
        elif score and int(score["i"]) <= len(form.names):
            label = f"{form.names[int(score['i']) - 1]}: hand {score['h']}"
        summary.extend((label, str(bound.auto_id), str(e)) for e in errors)
    return summary


def _option_kwargs(form: CalculatorForm, names: Sequence[str], kind: type) -> dict[str, Any]:
    data = form.cleaned_data
    return {n: option_value(kind, n, data[n]) for n in names if n in data}


# --------------------------------------------------------------------------- index


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "payouts/index.html")


# --------------------------------------------------------------------------- deals


@dataclass(frozen=True)
class DealPage:
    """What differs between the three calculators that settle one deal from its hands."""

    game: str
    url_name: str
    title: str
    lede: str
    stake_label: str
    purchases: str | None
    dealer_label: str
    dealer_required: bool
    stander: bool
    extended: bool
    packs: bool
    settlement: type | None
    valuing: type
    default_players: int = 3

    def options(self) -> list[tuple[str, type]]:
        made: list[tuple[str, type]] = []
        if self.settlement is not None:
            made += [(n, self.settlement) for n in option_names(self.settlement)]
        made += [(n, self.valuing) for n in option_names(self.valuing)]
        return made


DEAL_PAGES = {
    "english-new": DealPage(
        game="english-new",
        url_name="pay:peel-new",
        title="Peel's new game",
        lede="Everyone stakes into the pool, the dealer double; cards are bought from the dealer "
        "for ready money; the best hand takes the pool and a stake from the dealer, and a "
        "player who stood and was beaten pays the better hands.",
        stake_label="Stake",
        purchases="Cards bought for ready money",
        dealer_label="Who dealt?",
        dealer_required=True,
        stander=True,
        extended=True,
        packs=True,
        settlement=PeelNewOptions,
        valuing=PeelRules,
    ),
    "english-old": DealPage(
        game="english-old",
        url_name="pay:peel-old",
        title="Peel's old game",
        lede="No pool and no trading with the dealer: the winner receives a stake from each of "
        "the other players.",
        stake_label="Stake",
        purchases=None,
        dealer_label="Who dealt?",
        dealer_required=False,
        stander=False,
        extended=False,
        packs=True,
        settlement=None,
        valuing=PeelRules,
    ),
    "swedish": DealPage(
        game="swedish",
        url_name="pay:swedish",
        title="The Swedish rules",
        lede="The dealer is the banker. Everyone puts a chip in the pot; each card bought from "
        "the talon pays the banker a chip; the winner takes the pot and a bonus chip from "
        "everyone who was at the bank; a beaten banker may owe everyone a chip.",
        stake_label="Value of a chip",
        purchases="Cards bought from the talon",
        dealer_label="Who is the dealer (the banker)?",
        dealer_required=True,
        stander=False,
        extended=False,
        packs=False,
        settlement=SwedishOptions,
        valuing=SwedishRules,
        default_players=4,
    ),
}


def _deal_field(message: str, players: int) -> str | None:
    """The form field an engine error (``"field: …"``) belongs to."""
    field, item, _ = split_field(message)
    if field == "bought" and item is not None:
        return f"bought{item + 1}" if item + 1 <= players else None
    return field if item is None else None


def _card_error(form: CalculatorForm, error: CardError, prefix: str, players: int) -> None:
    if error.hand is not None and 1 <= error.hand <= players:
        form.error(f"{prefix}{error.hand}", sentence(error.detail))
    else:
        form.error(None, sentence(error.message))


@dataclass
class DealResult:
    headline: str
    rows: list[dict[str, Any]]
    total: str
    settle_up: list[str]
    showdown: list[Step]
    payments: list[Step]
    notes: list[Step]
    status: str


def _pays(payer: str, payee: str, value: Fraction) -> str:
    return f"{payer} pays {amount(value)} to {payee}"


def _settle_up(net_pairs: dict[tuple[int, int], Fraction], names: Sequence[str]) -> list[str]:
    lines = []
    for (a, b), value in net_pairs.items():
        if value > 0:
            lines.append(_pays(names[a], names[b], value))
    return lines


def _deal_result(
    deal: SettledDeal,
    page: DealPage,
    names: list[str],
    explainer: Explainer,
    dealer: int | None,
    stood: int | None,
    bought: list[int],
) -> DealResult:
    show, money = deal.showdown, deal.settlement
    n = len(names)
    values = show.values
    winners = money.winners
    best = values[winners[0]].describe()
    verb = "wins" if len(winners) == 1 else "share the win"
    headline = f"{join([names[w] for w in winners])} {verb} with {best}."
    rows = []
    for i, placing in enumerate(show.placings):
        value = placing.value
        rows.append(
            {
                "number": i + 1,
                "name": names[i],
                "cards": [(c.symbol, c.suit.is_red, c.name) for c in value.cards],
                "describe": value.describe(),
                "place": placing.place,
                "winner": i in winners,
                "dealer": i == dealer,
                "stood": i == stood,
                "bought": bought[i] if bought else 0,
                "net": signed(money.net[i]),
                "sign": (money.net[i] > 0) - (money.net[i] < 0),
            }
        )
    pairs: dict[tuple[int, int], Fraction] = {}
    for a in range(n):
        for b in range(a + 1, n):
            flow = money.paid(a, b) - money.paid(b, a)
            if flow > 0:
                pairs[(a, b)] = flow
            elif flow < 0:
                pairs[(b, a)] = -flow
    # In the order the page shows them, so each paragraph is quoted where it first appears.
    groups: dict[Reason, list[str]] = {}
    for t in money.transfers:
        groups.setdefault(t.reason, []).append(_pays(names[t.payer], names[t.payee], t.amount))
    payment_steps = [explainer.step(reason, lines) for reason, lines in groups.items()]
    notes = explainer.steps(money.reasons)
    showdown_steps = explainer.steps(show.reasons)
    status = headline + " " + "; ".join(f"{names[i]} {signed(v)}" for i, v in enumerate(money.net))
    return DealResult(
        headline=headline,
        rows=rows,
        total=signed(sum(money.net, Fraction(0))),
        settle_up=_settle_up(pairs, names),
        showdown=showdown_steps,
        payments=payment_steps,
        notes=notes,
        status=status + ".",
    )


def _deal_view(request: HttpRequest, page: DealPage) -> HttpResponse:
    query = request.GET
    acted = any(key in query for key in ACTIONS)
    prefixes = ("name", "hand", "bought")
    players = count_rows(query, prefixes, page.default_players)
    pack_asked = PACK_32 if page.packs and query.get("pack") == "32" else PACK_52
    limit = SwedishRules.hand_limit if page.game == "swedish" else pack_asked.hand_limit
    query = query.copy()
    if "remove" in query:
        removed = query.get("remove", "")
        if removed.isdigit() and 1 <= int(removed) <= players and players > 2:
            query = _shift_players(query, int(removed), ("dealer", "stood"))
            players -= 1
    if "add" in query and players < min(limit, MAX_ROWS):
        players += 1
        query.setdefault(f"name{players}", "")
        query.setdefault(f"hand{players}", "")
    for key in ACTIONS:
        query.pop(key, None)
    rows = min(players, MAX_ROWS)
    defaults: dict[str, str] = {"stake": "1"}
    if page.packs:
        defaults |= {"pack": "52", "limited": "none"}
    defaults |= {name: str(ruling_for_option(name).default) for name, _ in page.options()}
    if not request.GET or (set(request.GET) <= set(ACTIONS)):
        defaults["dealer"] = "1"
    # Under Extended Commerce nobody is the stander: the choice is kept, hidden, for when
    # the box is unticked again.
    extended = page.extended and bool(CheckboxInput().value_from_datadict(query, {}, "extended"))
    form = DealForm(
        with_defaults(query, defaults),
        rows,
        stake_label=page.stake_label,
        purchases=page.purchases,
        dealer_label=page.dealer_label,
        stander=page.stander and not extended,
        extended=page.extended,
        packs=page.packs,
        options=page.options(),
    )
    where = (
        "can be dealt from the 52-card pack under the Swedish rules"
        if page.game == "swedish"
        else f"can be dealt from the {pack_asked.size}-card pack"
    )
    _players_limit_error(form, players, limit, where)
    form.is_valid()
    data = form.cleaned_data
    names = form.names
    missing: list[str] = []
    result: DealResult | None = None

    rules = None
    valuing = _option_kwargs(form, option_names(page.valuing), page.valuing)
    settling = (
        _option_kwargs(form, option_names(page.settlement), page.settlement)
        if page.settlement
        else {}
    )
    if page.extended:
        settling["extended"] = extended
    pack = int(data.get("pack", 52) or 52)
    limited = str(data.get("limited", "none") or "none")
    if page.packs and ("pack" in form.errors or "limited" in form.errors):
        rules = None
    else:
        try:
            rules = deal_rules(page.game, pack, limited, valuing)
        except ValueError as error:
            form.error(_deal_field(str(error), rows), field_message(str(error)))

    hands = [
        str(data.get(f"hand{i}", form.data.get(f"hand{i}", "")) or "") for i in range(1, rows + 1)
    ]
    blank = [i for i, text in enumerate(hands) if not text.strip()]
    if rules is not None:
        for i, text in enumerate(hands):
            if text.strip() and f"hand{i + 1}" not in form.errors:
                try:
                    parse_hand(text, rules.pack)
                except CardError as error:
                    form.error(f"hand{i + 1}", sentence(error.detail))
    if blank:
        missing.append("the cards of " + join([names[i] for i in blank]))
    dealer_text = data.get("dealer") or ""
    if page.dealer_required and not dealer_text and "dealer" not in form.errors:
        missing.append("who dealt" if page.game != "swedish" else "who is the banker")
    stood_text = data.get("stood") or ""
    if page.stander and not extended and not stood_text and "stood" not in form.errors:
        missing.append("who stood (or tick Extended Commerce)")

    dealer = int(dealer_text) - 1 if dealer_text else None
    stood = int(stood_text) - 1 if stood_text and not extended else None
    bought = (
        [int(data.get(f"bought{i}") or 0) for i in range(1, rows + 1)] if page.purchases else []
    )
    if not form.bad and not missing and rules is not None:
        try:
            deal = settle_deal(
                page.game,
                hands,
                data["stake"],
                dealer=dealer,
                stood=stood,
                bought=bought or None,
                pack=pack,
                limited=limited,
                options={**valuing, **settling},
            )
        except CardError as error:
            _card_error(form, error, "hand", rows)
        except SettlementError as error:
            message = name_players(str(error), names)
            form.error(_deal_field(message, rows), field_message(message))
        except ValueError as error:
            form.error(None, sentence(str(error)))
        else:
            explainer = Explainer(names, form.chosen)
            result = _deal_result(deal, page, names, explainer, dealer, stood, bought)
    context = {
        "page": page,
        "result": result,
        "missing": missing,
        "summary": _bad_summary(form),
        "can_add": players < min(limit, MAX_ROWS),
        "can_remove": players > 2,
        "extended_on": extended,
        "stood_kept": query.get("stood", "")[:3] if extended else "",
        "status": result.status if result else "",
    }
    return _respond(request, "payouts/deal.html", context, form, acted=acted)


@require_safe
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def peel_new(request: HttpRequest) -> HttpResponse:
    return _deal_view(request, DEAL_PAGES["english-new"])


@require_safe
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def peel_old(request: HttpRequest) -> HttpResponse:
    return _deal_view(request, DEAL_PAGES["english-old"])


@require_safe
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def swedish(request: HttpRequest) -> HttpResponse:
    return _deal_view(request, DEAL_PAGES["swedish"])


# --------------------------------------------------------------------------- Pool Commerce

POOL_PLAYER_LIMIT = PACK_52.hand_limit
"""Pool Commerce is played as the old game, so no more hands than the pack deals."""


@dataclass
class DealRow:
    """One deal of Pool Commerce on the form, and what it did."""

    number: int
    players: list[tuple[int, str, bool, bool]] = field(default_factory=list)
    """(number, name, won ticked, worst ticked) for each player who may be ticked."""
    horses: list[tuple[int, str, bool, str]] = field(default_factory=list)
    """(number, name, ticked, price) for each player who may buy a horse after this deal."""
    errors: list[str] = field(default_factory=list)
    horse_errors: list[str] = field(default_factory=list)
    counted: bool = False
    pending: bool = False
    after: str = ""
    out: list[str] = field(default_factory=list)


def _ticked(query: QueryDict, key: str, players: int, row: DealRow) -> list[int]:
    """The players (from 1) ticked under ``key``; junk is refused beside the deal."""
    chosen: list[int] = []
    for value in query.getlist(key):
        text = value.strip()
        if not text.isdigit() or not 1 <= int(text) <= players:
            row.errors.append(f"“{value[:20]}” is not one of the players, 1 to {players}.")
            continue
        if int(text) not in chosen:
            chosen.append(int(text))
    return chosen


def _account(who: int | str, names: Sequence[str]) -> str:
    return "the pool" if who == POOL else names[int(who)]


def _ledger_line(entry: LedgerEntry, names: Sequence[str]) -> str:
    payer, payee = _account(entry.payer, names), _account(entry.payee, names)
    parts = []
    if entry.amount:
        parts.append(f"{sentence(payer)} pays {amount(entry.amount)} to {payee}")
    if entry.counters:
        word = "counter" if entry.counters == 1 else "counters"
        parts.append(f"{sentence(payer)} gives {entry.counters} {word} to {payee}")
    return "; ".join(parts)


@require_safe
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def pool(request: HttpRequest) -> HttpResponse:
    query = request.GET.copy()
    acted = any(key in query for key in ACTIONS)
    players = count_rows(query, ("name",), 4)
    beyond: list[int] = []  # deals past the last one a page reads are left out, and said so
    for key in list(query):
        m = _KEY.match(key)
        if m and m["field"] in _DEAL_KEYS and int(m["i"]) > MAX_DEALS:
            beyond.append(int(m["i"]))
            del query[key]
    beyond.sort()
    deals = count_rows(query, _DEAL_KEYS, 0)
    if "remove" in query:
        removed = query.get("remove", "")
        if removed.isdigit() and 1 <= int(removed) <= players and players > 2:
            query = _shift_players(query, int(removed), ())
            players -= 1
    if "add" in query and players < POOL_PLAYER_LIMIT:
        players += 1
        query.setdefault(f"name{players}", "")
    if "remove_deal" in query:
        gone = query.get("remove_deal", "")
        if gone.isdigit() and 1 <= int(gone) <= deals:
            query = _shift_deals(query, int(gone))
            deals -= 1
    for key in ACTIONS:
        query.pop(key, None)
    rows = min(players, MAX_ROWS)
    pool_options = option_names(PoolOptions)
    defaults = {"buy_in": "3", "prize": "1", "horse_price": "1"}
    defaults |= {name: str(ruling_for_option(name).default) for name in pool_options}
    if not any(k.startswith("name") for k in query):
        for i in range(1, rows + 1):
            defaults[f"name{i}"] = ""
    form = PoolForm(with_defaults(query, defaults), rows, options=pool_options)
    _players_limit_error(form, players, POOL_PLAYER_LIMIT, "play at one table")
    form.is_valid()
    data = form.cleaned_data
    names = form.names
    explainer = Explainer(names, form.chosen)

    state: PoolGame | None = None
    if not form.bad:
        try:
            state = PoolGame(
                rows,
                data["buy_in"],
                data["prize"],
                data["horse_price"],
                PoolOptions(**_option_kwargs(form, pool_options, PoolOptions)),
            )
        except SettlementError as error:
            message = name_players(str(error), names)
            head = message.partition(": ")[0]
            form.error(head if head in form.fields else None, field_message(message))

    if beyond:
        form.error(
            None,
            f"A page reads deals 1 to {MAX_DEALS}; deal {beyond[0]} and any later were left out.",
        )
    deal_rows: list[DealRow] = []
    broken = state is None
    for d in range(1, deals + 1):
        row = DealRow(d)
        won = _ticked(query, f"win{d}", rows, row)
        worst = _ticked(query, f"worst{d}", rows, row)
        horses = _ticked(query, f"horse{d}", rows, row)
        active = list(state.active) if state is not None and not broken else list(range(rows))
        shown = sorted(set(active) | {p - 1 for p in won + worst})
        row.players = [(p + 1, names[p], p + 1 in won, p + 1 in worst) for p in shown]
        last = d == deals
        if row.errors:
            broken = True
        elif broken or state is None:
            pass
        elif not won and not worst and not horses:
            if not last:
                row.errors.append("Tick the winner and the worst hand of this deal, or remove it.")
                broken = True
            else:
                row.pending = True
        elif (
            last
            and not horses
            and (not won or (not worst and {p - 1 for p in won} != set(state.active)))
        ):
            row.pending = True
        else:
            try:
                state = apply_deal(state, [p - 1 for p in won], [p - 1 for p in worst])
            except SettlementError as error:
                row.errors.append(field_message(name_players(str(error), names)))
                broken = True
            else:
                row.counted = True
                eligible = [p for p in range(rows) if state.may_buy_horse(p)]
                for p in sorted(set(eligible) | {h - 1 for h in horses}):
                    row.horses.append((p + 1, names[p], p + 1 in horses, amount(state.horse_price)))
                for h in horses:
                    try:
                        state = buy_horse(state, h - 1)
                    except SettlementError as error:
                        row.horse_errors.append(field_message(name_players(str(error), names)))
                        broken = True
                row.after = (
                    "; ".join(f"{names[p]} {c}" for p, c in enumerate(state.counters))
                    + f"; the pool holds {amount(state.pool)}"
                )
                row.out = [names[p] for p in range(rows) if state.out_after[p] == d]
        deal_rows.append(row)
    pool_bad = any(r.errors or r.horse_errors for r in deal_rows)
    if (
        state is not None
        and not broken
        and not state.finished
        and (not deal_rows or deal_rows[-1].counted)
    ):
        nxt = DealRow(deals + 1, pending=True)
        nxt.players = [(p + 1, names[p], False, False) for p in state.active]
        deal_rows.append(nxt)

    result: dict[str, Any] | None = None
    if state is not None:
        result = _pool_result(state, names, explainer, deal_rows)
    form.extra_items = [
        (f"{key}{d}", value)
        for d in range(1, deals + 1)
        for key in _DEAL_KEYS
        for value in query.getlist(f"{key}{d}")
    ]
    context = {
        "result": result,
        "deal_rows": deal_rows,
        "pool_bad": pool_bad,
        "summary": _bad_summary(form)
        + [
            (f"Deal {r.number}", f"deal-{r.number}", message)
            for r in deal_rows
            for message in r.errors + r.horse_errors
        ],
        "can_add": players < POOL_PLAYER_LIMIT,
        "can_remove": players > 2,
        "status": result["status"] if result else "",
    }
    return _respond(request, "payouts/pool.html", context, form, acted=acted, bad=pool_bad)


def _shift_deals(query: QueryDict, removed: int) -> QueryDict:
    shifted = QueryDict(mutable=True)
    for key in query:
        values = query.getlist(key)
        m = _KEY.match(key)
        if m and m["field"] in _DEAL_KEYS:
            d = int(m["i"])
            if d == removed:
                continue
            key = f"{m['field']}{d - 1 if d > removed else d}"
        shifted.setlist(key, values)
    return shifted


def _pool_result(
    state: PoolGame, names: list[str], explainer: Explainer, deal_rows: list[DealRow]
) -> dict[str, Any]:
    n = state.players
    horses = state.horses
    rows = []
    for p in range(n):
        out_after = state.out_after[p]
        if state.counters[p]:
            where = "champion" if state.champion == p else "in"
        else:
            where = f"out after deal {out_after}" if out_after else "out"
        rows.append(
            {
                "number": p + 1,
                "name": names[p],
                "counters": state.counters[p],
                "status": where,
                "horse": p in horses,
                "net": signed(state.money[p]),
                "sign": (state.money[p] > 0) - (state.money[p] < 0),
            }
        )
    total = sum(state.money, Fraction(0)) + state.pool
    sections: list[dict[str, Any]] = []
    by_deal: dict[int, dict[Reason, list[str]]] = {}
    for entry in state.ledger:
        by_deal.setdefault(entry.deal, {}).setdefault(entry.reason, []).append(
            _ledger_line(entry, names)
        )
    for deal, groups in by_deal.items():
        title = "The buy-in" if deal == 0 else f"Deal {deal}"
        sections.append(
            {
                "title": title,
                "steps": [explainer.step(reason, lines) for reason, lines in groups.items()],
            }
        )
    if state.finished:
        champion = names[state.champion] if state.champion is not None else ""
        headline = f"Game over: {champion} is the last with counters."
    else:
        out = [names[p] for p in range(n) if not state.counters[p]]
        headline = (
            f"After {state.deals} deal{'s' if state.deals != 1 else ''}: the pool holds "
            f"{amount(state.pool)}"
            + (f"; {join(out)} {'is' if len(out) == 1 else 'are'} out." if out else ".")
        )
    status = (
        headline + " " + "; ".join(f"{names[p]} {signed(m)}" for p, m in enumerate(state.money))
    )
    return {
        "headline": headline,
        "rows": rows,
        "pool": amount(state.pool),
        "pool_counters": COUNTERS_EACH * n + state.pool_counters,
        "total": signed(total),
        "sections": sections,
        "finished": state.finished,
        "status": status,
    }


# --------------------------------------------------------------------------- Cox


@dataclass
class CoxResult:
    """One player's laid-out hand counted: the score, its lines and the reasons."""

    number: int
    name: str
    score: cox.CoxScore
    points: str
    lines: list[dict[str, Any]]
    counting_steps: list[Step]
    steps: list[Step]


def _cox_players(query: QueryDict) -> tuple[QueryDict, int, str]:
    """The query after any add/remove button, the number of players, the hand to record."""
    low, high = cox.PLAYERS
    query = query.copy()
    players = count_rows(query, ("name", "cards", "base"), 3)
    if "remove" in query:
        removed = query.get("remove", "")
        if removed.isdigit() and 1 <= int(removed) <= players and players > low:
            query = _shift_players(query, int(removed), ())
            players -= 1
    if "add" in query and players < high:
        players += 1
        query.setdefault(f"name{players}", "")
        query.setdefault(f"cards{players}", "")
    record = query.get("record", "")
    for key in ACTIONS:
        query.pop(key, None)
    return query, players, record


def _cox_form(query: QueryDict, players: int) -> CoxForm:
    rows = min(players, MAX_ROWS)
    names = option_names(cox.CoxOptions)
    defaults = {name: str(ruling_for_option(name).default) for name in names}
    for i in range(1, rows + 1):
        defaults[f"base{i}"] = str(min(i, max(cox.SUPPLY_BASES)))
    form = CoxForm(with_defaults(query, defaults), rows, options=names)
    try:
        cox.check_players(players)
    except ValueError as error:
        form.error(None, sentence(str(error)) + ".")
    form.is_valid()
    return form


def _cox_deal(form: CoxForm, explainer: Explainer) -> tuple[list[CoxResult], list[str]]:
    """Count each laid-out hand; the names of the players whose cards are still to come."""
    data = form.cleaned_data
    names = form.names
    option_fields = option_names(cox.CoxOptions)
    options = None
    if all(name in data for name in option_fields):
        options = cox.CoxOptions(**_option_kwargs(form, option_fields, cox.CoxOptions))
    results: list[CoxResult] = []
    missing: list[str] = []
    for i in range(1, form.players + 1):
        text = str(form.data.get(f"cards{i}", "") or "")
        if not text.strip():
            missing.append(names[i - 1])
            continue
        if f"cards{i}" in form.errors:
            continue
        try:
            cox.parse_hand(text)
        except cox.CoxCardError as error:
            form.error(f"cards{i}", sentence(str(error)))
            continue
        if f"base{i}" in form.errors or options is None:
            continue
        base = data.get(f"base{i}")
        if base is None:
            form.error(f"base{i}", "Enter the player's supply base, 1 to 4.")
            continue
        try:
            score = cox.score_hand(text, base, options)
        except cox.CoxCardError as error:
            form.error(f"cards{i}", sentence(str(error)))
            continue
        except ValueError as error:
            form.error(f"base{i}", sentence(str(error)))
            continue
        lines = [
            {
                "label": sentence(line.label),
                "cards": " ".join(line.cards),
                "points": points(line.points),
                "citation": line.citation,
            }
            for line in score.breakdown
        ]
        cited = tuple(dict.fromkeys(line.citation for line in score.breakdown))
        counting = [explainer.step(Reason("the counting list: the points of each line", cited))]
        steps = explainer.steps(score.reasons)
        results.append(
            CoxResult(i, names[i - 1], score, points(score.score), lines, counting, steps)
        )
    if len(results) > 1 and not form.bad:
        _check_cox_deal(form, results)
    return results, missing


def _check_cox_deal(form: CoxForm, results: list[CoxResult]) -> None:
    """The hands laid out so far as one deal (the engine's ``cox.parse_deal``): no card held
    more often than the pack has it, and every player with a supply base of his own."""
    try:
        cox.parse_deal(
            [r.score.cards for r in results], [r.score.supply_base for r in results]
        )
    except ValueError as error:
        kind, hand, words = cox_deal_error(error, [r.name for r in results])
        where = f"{kind}{results[hand - 1].number}" if kind and hand else None
        form.error(where, sentence(words))


def _cox_game(form: CoxForm, explainer: Explainer) -> dict[str, Any] | None:
    """The game so far: the scores of the hands entered, added up, and the winner."""
    data = form.cleaned_data
    names = form.names
    players = form.players
    hands: list[list[int]] = []
    for h in range(1, cox.GAME_HANDS + 1):
        keys = [f"score{h}_{i}" for i in range(1, players + 1)]
        raw = [str(form.data.get(k, "") or "").strip() for k in keys]
        if not any(raw) or any(k in form.errors for k in keys):
            continue
        if not all(raw):
            for k, r in zip(keys, raw, strict=True):
                if not r:
                    form.error(k, "Enter this player's score for the hand, or clear the hand.")
            continue
        hands.append([int(data[k]) for k in keys])
    if not hands or form.bad:  # a wrong number of players is an error of the form
        return None
    try:
        totals = cox.game_totals(hands)
    except ValueError as error:
        form.error(None, sentence(str(error)))
        return None
    return {
        "totals": [(names[p], points(t), p in totals.winners) for p, t in enumerate(totals.totals)],
        "winners": join([names[w] for w in totals.winners]),
        "tied": len(totals.winners) > 1,
        "hands": len(hands),
        "steps": explainer.steps(totals.reasons),
    }


@require_safe
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def cox_page(request: HttpRequest) -> HttpResponse:
    acted = any(key in request.GET for key in ACTIONS)
    query, players, record = _cox_players(request.GET)
    form = _cox_form(query, players)
    explainer = Explainer(form.names, form.chosen)
    results, missing = _cox_deal(form, explainer)
    complete = bool(results) and len(results) == form.players and not form.bad
    if record and complete and record.isdigit() and 1 <= int(record) <= cox.GAME_HANDS:
        # "Use these scores as hand h": fill them in, then show the page as it now is.
        query = form.data.copy()
        for r in results:
            query[f"score{record}_{r.number}"] = str(r.score.score)
        form = _cox_form(query, players)
        explainer = Explainer(form.names, form.chosen)
        results, missing = _cox_deal(form, explainer)
    game = _cox_game(form, explainer)
    context = {
        "results": results,
        "missing": missing,
        "game": game,
        "summary": _bad_summary(form),
        "can_add": players < cox.PLAYERS[1],
        "can_remove": players > cox.PLAYERS[0],
        "complete": complete,
        "hand_numbers": range(1, cox.GAME_HANDS + 1),
        "status": "; ".join(f"{r.name} scores {r.points}" for r in results),
    }
    return _respond(request, "payouts/cox.html", context, form, acted=acted)
