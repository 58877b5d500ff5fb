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
