"""The odds pages: ``/odds/`` lists them, ``/odds/<slug>/`` shows one.

A game whose players show three-card hands gets the page of the rule set its options
choose (``?pack=32&limited=no-pair``; the index links one page per rule set and pack, found
by :func:`games.engine.odds.rule_sets`), with ``?hand=AS+KS+QS`` a hand's place on every
chart (``#hand``). A game whose cards are laid out in a rack (Cox's) gets the odds of its
deal. The views read the query string, ask :mod:`games.engine.odds` and render; every
figure is the engine's. A page is the same for every reader until the next deploy, so it
is kept in Django's page cache and answered with an ETag (``rulesite.http_cache``); a
mistake in the query string is a 400 naming it, the page drawn around it with what was
typed.

Every word and figure is written in the page's language: the engine's words (a hand's value,
a rule set's name, an error) through the site's speaker (:mod:`games.speaking`), a
combination by the name the page's players give it (the Swedish text's on a Swedish page),
cards in the page's notation, numbers with its decimal sign and grouping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

from games.engine import odds
from games.engine.cards import PACK_52, Card, CardError, parse_hand
from games.engine.citations import Citation
from games.engine.commerce import Category, HandValue, Rules, evaluate
from games.engine.games import Game, OptionError, UnknownGame, get, registered
from games.engine.strength import strength
from games.engine.wording import Said, speaker
from games.links import HAND, odds_url
from games.speaking import decimal_sign, write_card
from rulesite.htmx import HtmxHttpRequest
from rulesite.http_cache import same_for_everyone

from . import charts

ALL_HANDS, THIS_HAND = 8, 9
"""The series (colours, ``static/css/odds.css``) of all hands and of the hand asked; a
combination's is its place in the rule set's order, from 0."""


EXAMPLE_HAND = parse_hand("AS KS QS", PACK_52)
"""The hand the field shows as an example of what to type (in the page's notation)."""


game_url = odds_url


def _fragment(request: HtmxHttpRequest) -> bool:
    return bool(request.htmx) and not request.htmx.history_restore_request


def _decimal(figure: str) -> str:
    """A figure the engine wrote (``"12.5"``) with the page's decimal sign."""
    sign = decimal_sign()
    return figure if sign == "." else figure.replace(".", sign)


def _percent_sign(figure: str) -> str:
    """A percentage written with the page's decimal sign and its way of writing ``%``."""
    return gettext("{number}%").format(number=_decimal(figure))


def _percent(share: Fraction | float, places: int = 1) -> str:
    """``0.125`` as ``12.5%`` (``12,5 %`` in Swedish).

    >>> _percent(Fraction(1, 8)), _percent(0.5, 2)
    ('12.5%', '50.00%')
    """
    return _percent_sign(f"{float(share) * 100:.{places}f}")


def _engine_percent(text: str) -> str:
    """A percentage as the engine writes it (``"25.0%"``) in the page's way."""
    return _percent_sign(text.removesuffix("%"))


def _one_in(share: Fraction) -> str:
    """How rare a share is: ``1 in 22,100`` (``1 på 22 100`` in Swedish), or never.

    >>> _one_in(Fraction(1, 22100)), _one_in(Fraction(0))
    ('1 in 22,100', 'never')
    """
    if not share:
        return gettext("never")
    number = number_format(round(float(1 / share)), force_grouping=True)
    return gettext("1 in {number}").format(number=number)


def _scale(percent: int) -> str:
    """A chart's figure on its scale of percentages (``25%``)."""
    return _percent_sign(str(percent))


def _words(words: Said) -> str:
    """The engine's words in the page's language."""
    return words.words(speak=speaker())


def _rules_label(rules: Rules) -> str:
    """A rule set's name in the page's language ("Peel, 52 cards")."""
    return _words(rules.heading)


def _cards(cards: Sequence[Card]) -> str:
    """Cards in the page's notation: ``AS KS QS``, ``sE sK sD`` in Swedish."""
    return " ".join(write_card(card) for card in cards)


# --------------------------------------------------------------------------- the index


@require_safe
@same_for_everyone
def index(request: HttpRequest) -> HttpResponse:
    pages = [
        {
            "label": _rules_label(r.rules),
            "url": game_url(r.game, r.query),
            "game": gettext(r.game.label),
        }
        for r in odds.rule_sets()
    ]
    decks = [
        {"label": gettext(g.label), "url": game_url(g)}
        for g in registered(lambda g: g.board == "rack")
    ]
    return render(request, "odds/index.html", {"pages": pages, "decks": decks})


# --------------------------------------------------------------------------- a game's page


@require_safe
@same_for_everyone
def game_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The odds of ``slug``'s rule set (or deal); a name it was known by redirects."""
    try:
        game = get(slug)
    except UnknownGame:
        raise Http404(gettext("No game {slug} has odds here").format(slug=repr(slug))) from None
    if game.slug != slug:
        query = request.META.get("QUERY_STRING", "")
        target = game_url(game)
        return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)
    page = _PAGES.get(game.board)
    if page is not None:
        return page(request, game)
    raise Http404(
        gettext("{game} deals no hands to count odds of").format(game=gettext(game.label))
    )


def _rules_page(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    typed = request.GET.get(HAND, "")[:200]
    raw = {k: v for k, v in request.GET.items() if k != HAND}
    errors: list[str] = []
    try:
        config = game.configure(raw)
    except OptionError as error:
        errors.append(f"{error.field}: {error.render()}")
        config = game.configure({})
    rule_set = odds.rule_set(game, config)
    rules = rule_set.rules
    value: HandValue | None = None
    if typed.strip():
        try:
            value = evaluate(parse_hand(typed, rules.pack), rules)
        except CardError as error:
            errors.append(error.render())
    context = _rules_context(game, rule_set, value)
    context.update(typed=typed, errors=errors, hand_error=bool(typed.strip()) and value is None)
    status = 400 if errors else 200
    template = "odds/rules.html#odds" if _fragment(request) else "odds/rules.html"
    return render(request, template, context, status=status)


def _term(category: Category) -> str:
    """A combination as the page's players name it: its own book's word in English
    ("Tricon", "Tretal"), the Swedish text's on a Swedish page ("Tretal", "Färg")."""
    if get_language() == "sv":
        return category.swedish
    return category.term[0].upper() + category.term[1:]


def _house_rules(game: Game, chosen: dict[str, str]) -> list[tuple[str, str]]:
    """The house rules a rule set was chosen with: as the address names them (option and
    value) on an English page, by the options' labels and words on another."""
    if get_language() in (None, "en"):
        return list(chosen.items())
    out = []
    for name, value in chosen.items():
        try:
            option = game.option(name)
        except KeyError:
            out.append((name, value))
            continue
        out.append((gettext(option.label), gettext(option.words(value))))
    return out


def _rules_context(game: Game, rule_set: odds.RuleSet, value: HandValue | None) -> dict[str, Any]:
    rules = rule_set.rules
    others = rule_set.others
    counts = odds.category_counts(rules)
    bands = odds.percentile_bands(rules)
    beaten = odds.category_beaten(rules, others)
    order = {c.category: i for i, c in enumerate(counts)}
    simulated = any(not c.exact for c in beaten[None])

    hand: dict[str, Any] | None = None
    hand_chances: tuple[odds.Chance, ...] = ()
    if value is not None:
        st = strength(value, rules)
        hand_chances = odds.beaten_by(value, rules, others)
        hand = {
            "describe": _words(value.said),
            "category": _term(value.category),
            "cards": _cards(value.cards),
            "beats": _percent(st.beats_share),
            "ties": _percent(st.ties_share, 2),
            "ties_count": st.ties - 1,
            "chances": [_chance_cell(c) for c in hand_chances],
            "loses": _percent(st.loses_share),
        }

    rows = []
    for count in counts:
        band = next(b for b in bands if b.category is count.category)
        rows.append(
            {
                "term": _term(count.category),
                "citation": count.citation,
                "hands": count.hands,
                "chance": _percent(count.share, 2),
                "one_in": _one_in(count.share),
                "weakest": _words(band.weakest.said),
                "strongest": _words(band.strongest.said),
                "from": _percent(band.start),
                "to": _percent(band.end),
                "series": order[count.category],
            }
        )
    total = sum(c.hands for c in counts)

    bar = charts.bar_chart(
        [(_term(c.category), float(c.share), _percent(c.share, 2)) for c in counts]
    )
    mark = None if value is None else strength(value, rules).beats_share
    strip = charts.strip(
        [(_term(b.category), float(b.start), float(b.end), order[b.category]) for b in bands],
        None if mark is None else float(mark),
        "" if mark is None else gettext("this hand: beats {share}").format(share=_percent(mark)),
        _scale,
    )
    lines: list[tuple[str, Sequence[float], int, bool]] = [
        (_term(c.category), [float(x.chance) for x in beaten[c.category]], order[c.category], False)
        for c in counts
        if c.hands
    ]
    every = [float(x.chance) for x in beaten[None]]
    lines.append((gettext("All hands"), every, ALL_HANDS, False))
    if hand is not None and len(hand_chances) == others:
        mine = [float(x.chance) for x in hand_chances]
        lines.append((gettext("This hand"), mine, THIS_HAND, True))
    line = charts.line_chart(lines, others if simulated else 1, _scale) if simulated else None

    table_rows = []
    for n in range(1, (others if simulated else 1) + 1):
        cells: list[dict[str, Any] | None] = [
            _chance_cell(beaten[c.category][n - 1]) for c in counts if c.hands
        ]
        cells.append(_chance_cell(beaten[None][n - 1]))
        if hand is not None:
            cells.append(_chance_cell(hand_chances[n - 1]) if n <= len(hand_chances) else None)
        table_rows.append({"others": n, "cells": cells})

    pages = [
        {
            "label": _rules_label(r.rules),
            "url": game_url(r.game, r.query),
            "current": r.rules.label == rules.label and not rules.options,
        }
        for r in odds.rule_sets()
    ]
    return {
        "game": game,
        "rules": rules,
        "rules_label": _rules_label(rules),
        "game_label": gettext(game.label),
        "pack": _words(rules.pack.said_description),
        "rule_set": rule_set,
        "query": rule_set.query,
        "page_url": game_url(game),
        "book": Citation(game.book, game.rules_anchor) if game.rules_anchor else None,
        "counts": rows,
        "total": total,
        "bar": bar,
        "strip": strip,
        "line": line,
        "series": [(label, i) for label, _, i, _ in lines],
        "beaten_heads": [_term(c.category) for c in counts if c.hands] + [gettext("All hands")],
        "beaten_rows": table_rows,
        "whole": _scale(100),
        "example_hand": _cards(EXAMPLE_HAND),
        "others": others,
        "simulated": simulated,
        "samples": odds.SAMPLES,
        "hand": hand,
        "pages": pages,
        "house_rules": _house_rules(game, rules.options),
    }


def _chance_cell(chance: odds.Chance) -> dict[str, Any]:
    return {
        "others": chance.others,
        "percent": _engine_percent(chance.percent),
        "error": _decimal(chance.error_percent),
        "exact": chance.exact,
    }


# --------------------------------------------------------------------------- Cox's deal


def _deal_page(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    unknown = [k for k in request.GET if k != HAND]
    lines = odds.cox_deal()
    bar = charts.bar_chart(
        [(line.render_short(), float(line.chance), _engine_percent(line.percent)) for line in lines]
    )
    label = gettext(game.label)
    context = {
        "game": game,
        "game_label": label,
        "lines": [
            {
                "line": line,
                "label": line.render_label(),
                "percent": _engine_percent(line.percent),
                "points": line.render_points(),
                "one_in": _one_in(line.chance),
            }
            for line in lines
        ],
        "bar": bar,
        "dealt": odds.COX_DEALT,
        "errors": [
            gettext("{option}: the odds of {game}'s deal take no options").format(
                option=k, game=label
            )
            for k in unknown
        ],
        "pages": [
            {"label": _rules_label(r.rules), "url": game_url(r.game, r.query)}
            for r in odds.rule_sets()
        ],
    }
    return render(request, "odds/deal.html", context, status=400 if unknown else 200)


_PAGES: dict[str, Callable[[HtmxHttpRequest, Game], HttpResponse]] = {
    "hands": _rules_page,
    "rack": _deal_page,
}
"""The odds page of each kind of game (``Game.board``): a rule set's hands, or a rack's deal."""
