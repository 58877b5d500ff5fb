"""The page listing every editorial ruling, by game, apart from the books' words."""

from django.test import Client

from games.engine.citations import RULINGS
from games.engine.games import house_rule, registered


def page() -> str:
    response = Client().get("/rulings/")
    assert response.status_code == 200
    return response.content.decode()


def test_every_ruling_is_listed_once_with_its_house_rule_in_words_and_its_sources():
    html = page()
    for slug, ruling in RULINGS.items():
        assert html.count(f'id="{slug}"') == 1, slug
        option = house_rule(ruling)
        if option is not None:
            assert f"House rule “{option.label}”" in html.replace("&#x27;", "'")
            for _, effect in option.values:
                assert effect[:1].upper() + effect[1:] in html.replace("&#x27;", "'"), effect
        for citation in ruling.citations:
            assert f'href="/library/{citation.book}/#{citation.anchor}"' in html


def test_no_code_names_of_options_or_values_are_shown():
    html = page()
    assert "<code>" not in html
    assert "flush_ties" not in html and "(default highest-card)" not in html


def test_rulings_are_grouped_by_game_in_registry_order():
    html = page()
    positions = [html.find(f'id="game-{game.slug}"') for game in registered()]
    assert -1 not in positions and positions == sorted(positions)
    ends = [*positions[1:], len(html)]
    for game, start, end in zip(registered(), positions, ends, strict=True):
        section, before = html[start:end], html[:start]
        assert f"{game.label.replace(chr(39), '&#x27;')} ({len(game.rulings)})" in html
        for ruling in game.rulings:  # stated here, or named here and stated above
            assert f'id="{ruling.slug}"' in section or (
                f'href="#{ruling.slug}"' in section and f'id="{ruling.slug}"' in before
            )
    assert "Peel, Commerce (1891) ¶" in html


def test_rulings_page_refuses_post():
    assert Client().post("/rulings/").status_code == 405
