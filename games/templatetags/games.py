"""The registry of games for templates that list them (the home page's tools)."""

from django import template

from games.engine.games import Game, registered

register = template.Library()


@register.simple_tag
def registered_games() -> list[Game]:
    """Every registered game, in the registry's order."""
    return registered()
