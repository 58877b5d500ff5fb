"""The table page of a game whose players lay out a rack of cards (``Game.board == "rack"``):
the rack counted, with what it waits for."""

from __future__ import annotations

from typing import cast
from urllib.parse import urlencode

from django.http import (
    HttpRequest,
    HttpResponse,
)
from django.utils.translation import gettext, ngettext

from games.engine.games import (
    Game,
    RackGame,
)
from games.engine.wording import EngineError, speaker
from games.explaining import explain
from games.options_form import chosen_values

from .common import (
    _book,
    _english,
    _fragment,
    _options,
    _raw_options,
    _respond,
    _template_of,
    said_error,
)
from .forms import (
    game_form,
    rack_colour,
    rack_pack,
    read_rack,
)


def _rack_page(request: HttpRequest, game: Game) -> HttpResponse:
    query = request.GET
    rack_game = cast(RackGame, game)
    rack = read_rack(query, rack_game)
    form = game_form(game)(query)
    config = form.config()
    score = None
    if config is not None and rack.slots and not rack.has_errors:
        try:
            score = rack_game.score(rack.codes, form.supply_base(), config)
        except EngineError as error:
            rack.error = said_error(error)
        except ValueError as error:
            rack.error = str(error)
    params = [("card", code) for code in rack.codes]
    params += form.params(config) if config is not None else _raw_options(query, {"card"})
    link = f"{request.path}?{urlencode(params)}" if params else request.path
    if score is not None:
        headline = ngettext(
            "Score: {points} point.", "Score: {points} points.", abs(score.score)
        ).format(points=score.score)
    elif rack.has_errors or form.errors:
        headline = gettext("Fix the problem marked below.")
    else:
        headline = gettext("Tap the cards laid out, or type them.")
    waiting = [rack_game.read_card(code) for code in score.waiting] if score else []
    bad = rack.has_errors or bool(form.errors)
    if bad:
        for slot in rack.slots:
            slot.normalised = False
    # The rack as the form shows it: any other card sent (a card typed, one edited, a tap,
    # a removal) changes the rack and the pack's counts, so the board is shown again.
    sent = [text.strip() for text in query.getlist("card") if text.strip()]
    reshaped = rack.edited or query.get("was") != " ".join(sent) or "recheck" in query
    context = {
        "game": game,
        "book": _book(game),
        "rack": rack,
        "form": form,
        "score": score,
        "verdict": headline,
        "waiting": [
            {
                "name": card.name if _english() else card.words.words(speak=speaker()),
                "colour": rack_colour(card),
            }
            for card in waiting
        ],
        "reasons": explain(score.reasons, chosen=chosen_values(config))
        if score is not None and config is not None
        else [],
        "permalink": link,
        "page_url": request.path,
        "was": " ".join(slot.shown for slot in rack.slots),
        "recheck": bool(form.errors or rack.error),
    }
    template = _template_of(game)
    if not _fragment(request) or reshaped:
        context["rack_pack"] = rack_pack(rack_game, rack.counts)
        context["options"] = _options(template)
    return _respond(
        request, template, context, bad=bad, link=link, reshaped=reshaped, judged=score is not None
    )
