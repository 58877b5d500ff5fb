"""What the table's pages share: answering a page or an htmx fragment, finding a game's
template and its partials, reading its options leniently, its address."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, cast

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import (
    HttpRequest,
    HttpResponse,
    QueryDict,
)
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string, select_template
from django.template.loader_tags import ExtendsNode
from django.utils.translation import get_language, gettext, ngettext
from django_htmx.http import push_url, replace_url, reswap, retarget

from content.library import get_book
from games.engine.commerce import Rules
from games.engine.games import (
    CommerceGame,
    Config,
    Game,
    Option,
)
from games.engine.wording import EngineError, speaker
from games.speaking import decimal_sign
from rulesite.htmx import HtmxHttpRequest
from rulesite.language import reverse_here

from .forms import (
    GameForm,
    page_options,
)


def _fragment(request: HttpRequest) -> bool:
    """htmx asked for a fragment (going back, it asks for the whole page again)."""
    htmx = cast(HtmxHttpRequest, request).htmx
    return bool(htmx) and not htmx.history_restore_request


@receiver(setting_changed)
def _forget_found(**kwargs: Any) -> None:
    """A test that changes a setting must not get templates found before."""
    _template_of.cache_clear()
    _partial.cache_clear()


def _judging(request: HttpRequest) -> bool:
    """A page loaded, or "Show the winner" pressed: an empty field is an error. While the
    player is entering cards (an htmx update, or htmx going Back to a board on its way) an
    empty field is only waiting for a card."""
    return not cast(HtmxHttpRequest, request).htmx or "judge" in request.GET


def _respond(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    bad: bool,
    link: str,
    reshaped: bool,
    judged: bool,
) -> HttpResponse:
    """The page; for htmx only the result (each hand's place and messages out of band), or
    the result and the board when the board changed shape, with the permalink in the address:
    a new entry of the history for a verdict (``judged``), in place of the current one for a
    board on its way (a tap, a card typed, a mistake), so Back steps from verdict to verdict.

    htmx going Back asks for the whole page again and shows it only if it is no refusal: the
    page of an address with a mistake is answered 200 then, showing the mistake as before."""
    status = 400 if bad else 200
    htmx = cast(HtmxHttpRequest, request).htmx
    if htmx and htmx.history_restore_request:
        status = 200
    if not _fragment(request):
        return render(request, template, context, status=status)
    # A fragment is drawn without the request's context processors: nothing in it reads
    # them (the language switch, the CSRF token, the CSP nonce are the whole page's), and
    # they cost a fifth of an answer.
    if reshaped:
        html = render_to_string(_partial(template, "table"), context)
        response = HttpResponse(html, status=status)
        # A board that asks for it (hx-ext="morph" on its form) has it merged into the page
        # (static/js/morph.js): a field typed in while the answer was on its way keeps it.
        response = retarget(response, "#table")
        if context.get("morph"):
            response["HX-Reswap"] = (
                "morph"  # an extension's style: django-htmx's reswap lists htmx's own
            )
        else:
            response = reswap(response, "outerHTML")
    else:
        context = {**context, "oob": True}
        html = render_to_string(_partial(template, "result"), context)
        response = HttpResponse(html, status=status)
    return push_url(response, link) if judged else replace_url(response, link)


def _options(template: str) -> str:
    """The name of a page's options partial, which its board includes."""
    return _partial(template, "options")


def _percent(share: Any) -> str:
    return f"{float(share) * 100:.1f}%".replace(".", decimal_sign())


def _english() -> bool:
    """The page speaks English (its words are the engine's own)."""
    return get_language() in (None, "en")


def said_error(error: EngineError) -> str:
    """An engine's refusal in the page's language: on an English page its whole message as
    before (``Hand 2, card 3: ...``), else its words rendered (:meth:`EngineError.render`)."""
    if _english():
        return getattr(error, "message", None) or error.detail
    return error.render()


def game_url(game: Game) -> str:
    """The address of ``game``'s table page."""
    return _game_path(game.slug)


def _game_path(slug: str) -> str:
    return reverse_here("table:game", slug)


def _path(url_name: str) -> str:
    return reverse_here(url_name)


@lru_cache(maxsize=64)
def _template_of(game: Game) -> str:
    """The page of ``game``: its own template if there is one, else its board's."""
    names = [f"table/{game.slug}.html", f"table/{game.board}.html"]
    return str(select_template(names).template.name)


@lru_cache(maxsize=256)
def _partial(template: str, name: str) -> str:
    """The partial ``name`` of a page: its own, or, for a page that extends another (a
    game's own page extending its board's), the first it extends that defines it."""
    while True:
        try:
            get_template(f"{template}#{name}")
        except TemplateDoesNotExist:
            parent = _extended(template)
            if parent is None:
                raise
            template = parent
        else:
            return f"{template}#{name}"


def _extended(template: str) -> str | None:
    """The template that ``template`` extends (by a constant name), if any."""
    for node in get_template(template).template.nodelist:  # type: ignore[attr-defined]
        parent = getattr(node, "parent_name", None) if isinstance(node, ExtendsNode) else None
        if isinstance(getattr(parent, "var", None), str):
            return str(parent.var)  # type: ignore[union-attr]
    return None


def _book(game: Game) -> Any:
    return get_book(game.book)


# --------------------------------------------------------------------------- options


def _lenient_config(game: Game, query: QueryDict) -> Config:
    """The game's options from the query, any value it does not take at its default: what
    fixes the pack and the hand limit to read the board by, before the form says what is
    wrong."""
    raw = tuple(
        (option.name, value)
        for option in page_options(game)
        if (value := query.get(option.name, "").strip())
    )
    return _configured(game, raw)


@lru_cache(maxsize=512)
def _configured(game: Game, raw: tuple[tuple[str, str], ...]) -> Config:
    given: dict[str, object] = {}
    for name, value in raw:
        try:
            game.option(name).read(value)
        except EngineError:
            continue
        given[name] = value
    try:
        return game.configure(given)
    except EngineError:
        return game.configure()


def _rules(game: CommerceGame, config: Config) -> Rules:
    """The rule set that values hands under ``config``."""
    return game.hand_rules(config)


def fix_problems(count: int) -> str:
    """The headline of a board with ``count`` mistakes marked."""
    if count == 1:
        return gettext("Fix the problem marked below.")
    return ngettext(
        "Fix the {count} problem marked below.", "Fix the {count} problems marked below.", count
    ).format(count=count)


@cache
def _form_names(game: Game) -> set[str]:
    return {"dealer", *(o.name for o in page_options(game))}


def _raw_options(query: QueryDict, also: set[str] | None = None) -> list[tuple[str, str]]:
    """The options as entered, for the address bar of a page with a wrong one."""
    skip = {"add", "drop", "clear", "tap", "at", "judge", "recheck", "was"} | (also or set())
    return [
        (k, v)
        for k, values in query.lists()
        if k not in skip and not (k.startswith("h") and k[1:].isdigit()) and k != "h"
        for v in values
    ]


def _options_note(game: Game, form: GameForm) -> str:
    """What the options' summary says is inside when none is chosen: the variants the book
    describes by name, then that the house rules are where the book is silent."""
    return _options_note_of(form.options, get_language())


@lru_cache(maxsize=64)
def _options_note_of(options: tuple[Option, ...], language: str | None) -> str:
    """:func:`_options_note` for a form's options, made once for each (``language``: its
    words)."""
    variants = [gettext(o.label).lower() for o in options if o.ruling is None]
    rulings = any(o.ruling is not None for o in options)
    silent = gettext("house rules where the book is silent")
    parts = [*variants, silent] if rulings else variants
    if not parts:
        return ""
    return gettext("change {what}").format(what=speaker().join(parts))
