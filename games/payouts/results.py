"""What a calculator shows of the engine's answer: rows, sums and reasons, the players named.

Nothing here decides a rule: a settled deal, a replayed game or a counted hand comes from
the engine and is put into rows and sentences for the page. Every amount is printed by
:func:`~games.engine.amounts.format_amount`, the one printer of the site, with the page's
decimal sign (:func:`games.speaking.write_amount`); the words are the page's language's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.engine.cards import Card
from games.engine.citations import Reason
from games.engine.games import SettledDeal
from games.engine.pool import COUNTERS_EACH, POOL, LedgerEntry, PlayError, Replay, Turn
from games.engine.wording import N_, join, speaker
from games.forms_util import sentence
from games.speaking import write_amount

from .explain import Explanation, Shown, error_words, paragraph_url
from .forms import DealTicks


def _sign(value: Fraction) -> int:
    return (value > 0) - (value < 0)


def pays(payer: str, payee: str, value: Fraction) -> str:
    """One payment in words.

    >>> pays("Ann", "Bo", Fraction(7, 3))
    'Ann pays 2 1/3 to Bo'
    """
    return gettext("%(payer)s pays %(amount)s to %(payee)s") % {
        "payer": payer,
        "amount": write_amount(value),
        "payee": payee,
    }


def card_name(card: Card) -> str:
    """A card in words, in the page's language.

    >>> from games.engine.cards import parse_card
    >>> card_name(parse_card("JC"))
    'knave of clubs'
    """
    return _card_name(card, get_language())


@lru_cache(maxsize=512)
def _card_name(card: Card, language: str | None) -> str:
    """:func:`card_name`, kept for each card and language (the page's: part of the key)."""
    speak = speaker()
    return gettext("%(rank)s of %(suit)s") % {
        "rank": card.rank.said.words(speak=speak),
        "suit": card.suit.said.words(speak=speak),
    }


# --------------------------------------------------------------------------- a deal


@dataclass
class DealResult:
    """A deal settled: the headline, a row per player, who pays whom on balance, and the
    reasons of the showdown and of the payments, each with its rule."""

    headline: str
    rows: list[dict[str, Any]]
    total: str
    settle_up: list[str]
    showdown: list[Shown]
    payments: list[Shown]
    notes: list[Shown]
    status: str


def deal_result(
    deal: SettledDeal,
    names: Sequence[str],
    explanation: Explanation,
    dealer: int | None,
    stood: int | None,
    bought: Sequence[int],
) -> DealResult:
    show, money = deal.showdown, deal.settlement
    n = len(names)
    winners = money.winners
    best = show.values[winners[0]].said.words(speak=speaker())
    headline = ngettext(
        "%(players)s wins with %(hand)s.", "%(players)s share the win with %(hand)s.", len(winners)
    ) % {"players": join([names[w] for w in winners]), "hand": best}
    rows = []
    for i, placing in enumerate(show.placings):
        value = placing.value
        rows.append(
            {
                "number": i + 1,
                "name": names[i],
                "cards": [(c.symbol, c.suit.is_red, card_name(c)) for c in value.cards],
                "describe": value.said,
                "place": placing.place,
                "winner": i in winners,
                "dealer": i == dealer,
                "stood": i == stood,
                "bought": bought[i] if bought else 0,
                "net": write_amount(money.net[i], signed=True),
                "sign": _sign(money.net[i]),
            }
        )
    settle_up = []
    for a in range(n):
        for b in range(a + 1, n):
            flow = money.paid(a, b) - money.paid(b, a)
            if flow > 0:
                settle_up.append(pays(names[a], names[b], flow))
            elif flow < 0:
                settle_up.append(pays(names[b], names[a], -flow))
    # In the order the page shows them (the payments, the settlement, then the showdown),
    # so each paragraph is quoted where it first appears and linked "as quoted above" after.
    groups: dict[Reason, list[str]] = {}
    for t in money.transfers:
        groups.setdefault(t.reason, []).append(pays(names[t.payer], names[t.payee], t.amount))
    payments = [explanation.add(reason, lines) for reason, lines in groups.items()]
    notes = explanation.extend(money.reasons)
    showdown = explanation.extend(show.reasons)
    nets = "; ".join(f"{names[i]} {write_amount(v, signed=True)}" for i, v in enumerate(money.net))
    return DealResult(
        headline=headline,
        rows=rows,
        total=write_amount(sum(money.net, Fraction(0)), signed=True),
        settle_up=settle_up,
        showdown=showdown,
        payments=payments,
        notes=notes,
        status=f"{headline} {nets}.",
    )


# --------------------------------------------------------------------------- a whole game


@dataclass
class DealRow:
    """One deal of a whole game on the form, and what it did."""

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


def _account(who: int | str, names: Sequence[str]) -> str:
    return gettext("the pool") if who == POOL else names[int(who)]


def ledger_line(entry: LedgerEntry, names: Sequence[str]) -> str:
    """One movement of the ledger in words."""
    payer, payee = _account(entry.payer, names), _account(entry.payee, names)
    parts = []
    if entry.amount:
        parts.append(pays(sentence(payer), payee, entry.amount))
    if entry.counters:
        words = ngettext(
            "%(payer)s gives %(counters)s counter to %(payee)s",
            "%(payer)s gives %(counters)s counters to %(payee)s",
            entry.counters,
        )
        parts.append(words % {"payer": sentence(payer), "counters": entry.counters, "payee": payee})
    return "; ".join(parts)


def standing_after(turn: Turn, names: Sequence[str]) -> str:
    """The counters each player holds after a turn, and the pool."""
    state = turn.after
    return (
        "; ".join(f"{names[p]} {c}" for p, c in enumerate(state.counters))
        + "; "
        + gettext("the pool holds %(amount)s") % {"amount": write_amount(state.pool)}
    )


def game_rows(
    ticks: list[DealTicks],
    where: list[tuple[int, bool]],
    replay: Replay | None,
    refused: PlayError | None,
    names: Sequence[str],
) -> list[DealRow]:
    """Each deal as the page shows it: who may be ticked, what the deal did, what the
    engine refused (a deal still being ticked is pending, not refused), and, while the game
    goes on, the next deal to record. ``where`` says which deal each move belongs to."""
    if refused is not None:
        i, horse = where[refused.index]
        t = ticks[i]
        last = i == len(ticks) - 1
        if (
            last
            and not horse
            and not t.horses
            and t.incomplete
            and refused.field
            in (
                "winners",
                "worst",
            )
        ):
            t.pending = True
        else:
            words = error_words(refused, names)
            (t.horse_errors if horse else t.errors).append(words)
    by_deal: dict[int, list[Turn]] = {}
    for turn in replay.turns if replay is not None else ():
        by_deal.setdefault(where[turn.index][0], []).append(turn)
    rows = []
    before = replay.start if replay is not None else None
    for i, t in enumerate(ticks):
        row = DealRow(t.number, errors=t.errors, horse_errors=t.horse_errors, pending=t.pending)
        active = before.active if before is not None else range(len(names))
        shown = sorted(set(active) | {p - 1 for p in t.won + t.worst})
        row.players = [(p + 1, names[p], p + 1 in t.won, p + 1 in t.worst) for p in shown]
        rows.append(row)
        turns = by_deal.get(i, [])
        if not turns or row.errors:
            before = None  # the deals after one not counted are not counted either
            continue
        dealt = turns[0]
        row.counted = True
        price = write_amount(dealt.after.horse_price)
        eligible = set(dealt.may_buy_horse) | {h - 1 for h in t.horses}
        row.horses = [(p + 1, names[p], p + 1 in t.horses, price) for p in sorted(eligible)]
        row.after = standing_after(turns[-1], names)
        row.out = [names[p] for p in dealt.out]
        before = None if row.horse_errors else turns[-1].after
    state = replay.state if replay is not None else None
    broken = any(r.errors or r.horse_errors for r in rows)
    if state is not None and not broken and not state.finished and (not rows or rows[-1].counted):
        following = DealRow(len(ticks) + 1, pending=True)
        following.players = [(p + 1, names[p], False, False) for p in state.active]
        rows.append(following)
    return rows


@dataclass
class GameResult:
    """Where a whole game stands: a row per player, the pool, and the ledger by deal."""

    headline: str
    rows: list[dict[str, Any]]
    pool: str
    pool_counters: int
    total: str
    sections: list[dict[str, Any]]
    finished: bool
    status: str


def game_result(replay: Replay, names: Sequence[str], explanation: Explanation) -> GameResult:
    state = replay.state
    n = state.players
    horses = state.horses
    rows = []
    for p in range(n):
        out_after = state.out_after[p]
        if state.counters[p]:
            where = "champion" if state.champion == p else "in"
            words = pgettext("a player still in the game", "in") if where == "in" else ""
        else:
            where = f"out after deal {out_after}" if out_after else "out"
            words = (
                gettext("out after deal %(number)s") % {"number": out_after}
                if out_after
                else pgettext("a player out of the game", "out")
            )
        rows.append(
            {
                "number": p + 1,
                "name": names[p],
                "counters": state.counters[p],
                "status": where,
                "status_words": words,
                "horse": p in horses,
                "net": write_amount(state.money[p], signed=True),
                "sign": _sign(state.money[p]),
            }
        )
    sections: list[dict[str, Any]] = []
    opening: dict[Reason, list[str]] = {}
    for entry in replay.start.ledger:
        opening.setdefault(entry.reason, []).append(ledger_line(entry, names))
    sections.append(
        {
            "title": gettext("The buy-in"),
            "reasons": [explanation.add(r, lines) for r, lines in opening.items()],
        }
    )
    for turn in replay.turns:
        groups: dict[Reason, list[str]] = {}
        for entry in turn.entries:
            groups.setdefault(entry.reason, []).append(ledger_line(entry, names))
        shown = [explanation.add(reason, lines) for reason, lines in groups.items()]
        shown += [explanation.add(reason) for reason in turn.reasons if reason not in groups]
        if turn.is_deal or not sections:
            sections.append(
                {"title": gettext("Deal %(number)s") % {"number": turn.number}, "reasons": shown}
            )
        else:  # a horse bought after a deal belongs to that deal's section
            sections[-1]["reasons"].extend(shown)
    if state.finished:
        champion = names[state.champion] if state.champion is not None else ""
        headline = gettext("Game over: %(player)s is the last with counters.") % {
            "player": champion
        }
    else:
        out = [names[p] for p in range(n) if not state.counters[p]]
        pool = write_amount(state.pool)
        if out:
            headline = ngettext(
                "After %(deals)s deal: the pool holds %(amount)s; %(out)s %(be)s out.",
                "After %(deals)s deals: the pool holds %(amount)s; %(out)s %(be)s out.",
                state.deals,
            ) % {
                "deals": state.deals,
                "amount": pool,
                "out": join(out),
                "be": ngettext("is", "are", len(out)),
            }
        else:
            headline = ngettext(
                "After %(deals)s deal: the pool holds %(amount)s.",
                "After %(deals)s deals: the pool holds %(amount)s.",
                state.deals,
            ) % {"deals": state.deals, "amount": pool}
    nets = "; ".join(
        f"{names[p]} {write_amount(m, signed=True)}" for p, m in enumerate(state.money)
    )
    return GameResult(
        headline=headline,
        rows=rows,
        pool=write_amount(state.pool),
        pool_counters=COUNTERS_EACH * n + state.pool_counters,
        total=write_amount(sum(state.money, Fraction(0)) + state.pool, signed=True),
        sections=sections,
        finished=state.finished,
        status=f"{headline} {nets}",
    )


# --------------------------------------------------------------------------- a rack counted


@dataclass
class RackResult:
    """One player's laid-out cards counted: the score, its lines and the reasons."""

    number: int
    name: str
    score: Any
    points: str
    lines: list[dict[str, Any]]
    reasons: list[Shown]
    """The counting list's paragraphs, then the reasons of the count."""


def rack_result(number: int, name: str, score: Any, explanation: Explanation) -> RackResult:
    """A counted hand (the engine's score, its breakdown and reasons) for the page."""
    speak = speaker()
    lines = [
        {
            "label": sentence(line.words.words(speak=speak) if line.words else line.label),
            "cards": " ".join(line.cards),
            "points": write_amount(line.points),
            "citation": line.citation,
            "url": paragraph_url(line.citation),
        }
        for line in score.breakdown
    ]
    cited = tuple(dict.fromkeys(line.citation for line in score.breakdown))
    counting = N_("the counting list: the points of each line")
    reasons = [explanation.add(Reason(counting, cited))]
    reasons += explanation.extend(score.reasons)
    return RackResult(number, name, score, write_amount(score.score), lines, reasons)
