"""The page listing every editorial ruling, apart from the books' words."""

from django.test import Client

from games.engine.citations import RULINGS


def test_every_ruling_is_listed_with_its_options_and_sources():
    response = Client().get("/rulings/")
    assert response.status_code == 200
    html = response.content.decode()
    for slug, ruling in RULINGS.items():
        assert f'id="{slug}"' in html
        if ruling.option:
            assert f"<code>{ruling.option}</code>" in html
        for citation in ruling.citations:
            assert f'href="/library/{citation.book}/#{citation.anchor}"' in html


def test_rulings_page_refuses_post():
    assert Client().post("/rulings/").status_code == 405


def test_rulings_are_grouped_by_book_in_library_order():
    from content.library import load_library

    html = Client().get("/rulings/").content.decode()
    positions = [html.find(f'id="rulings-{slug}"') for slug in load_library()]
    found = [p for p in positions if p >= 0]
    assert len(found) >= 3  # Peel, the Swedish text and Cox each have rulings
    assert found == sorted(found)
    assert "Peel, Commerce (1891) ¶" in html
