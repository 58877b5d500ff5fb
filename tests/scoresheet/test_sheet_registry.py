"""The score sheet built on the registry of games: every game it can keep is offered, each by
its capabilities and nothing else; sheets exported and stored before keep working; reasons and
errors come from the engine's data, shown by the site's one presentation."""

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from games.engine.games import registered
from games.engine.pool import POOL
from games.scoresheet import ledger, serialize, store
from games.scoresheet.ledger import EntryError, compute
from games.scoresheet.models import Deal, Game
from tests.conftest import read_body
from tests.scoresheet.sheet_factory import HANDS_4, PLAYERS, entry, make_game, post_deal, spec_for
from tests.source_strings import code_strings

ROOT = Path(__file__).resolve().parents[2]
EXPORTS = json.loads((Path(__file__).with_name("exports_04b4914.json")).read_text())
"""Version-1 files written by the sheet's export at commit 04b4914 (before the registry), one
for each game, in every mode of entry: kept byte for byte."""


# --- Files exported before ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_a_file_exported_before_the_registry_imports_and_exports_identically(name):
    text = EXPORTS[name]
    assert json.loads(text)["format_version"] == 1
    imported = serialize.import_sheet(text)  # its totals are checked against the deals
    totals = {p: str(t) for p, t in zip(imported.spec.players, imported.sheet.totals, strict=True)}
    assert totals == json.loads(text)["totals"]
    again = serialize.export_json(imported.title, imported.finished, imported.spec, imported.sheet)
    assert again == text.rstrip("\n")


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_a_file_exported_before_imports_on_the_site(client, name):
    response = client.post("/sheet/import/", {"text": EXPORTS[name]})
    assert response.status_code == 303, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.rules == json.loads(EXPORTS[name])["rules"]
    assert client.get(response["Location"]).status_code == 200
    exported = read_body(client.get(f"/sheet/{game.token}/export.json")).decode()
    assert exported == EXPORTS[name].rstrip("\n")


def _keys_by_length(value):
    """``value`` with its objects' keys in the order PostgreSQL's ``jsonb`` keeps them:
    shorter keys first."""
    if isinstance(value, dict):
        return {k: _keys_by_length(value[k]) for k in sorted(value, key=lambda k: (len(k), k))}
    if isinstance(value, list):
        return [_keys_by_length(v) for v in value]
    return value


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_an_export_does_not_depend_on_the_order_the_database_keeps_keys_in(client, name):
    response = client.post("/sheet/import/", {"text": EXPORTS[name]})
    assert response.status_code == 303
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(options=_keys_by_length(game.options))
    for deal in Deal.objects.filter(game=game):
        deal.data = _keys_by_length(deal.data)
        deal.save(update_fields=["data"])
    stored = Deal.objects.filter(game=game).first()
    assert (
        stored is not None
        and list(stored.data) != list(json.loads(EXPORTS[name])["entries"][0])[1:]
    )
    exported = read_body(client.get(f"/sheet/{game.token}/export.json")).decode()
    assert exported == EXPORTS[name].rstrip("\n")


# --- Sheets stored before -------------------------------------------------------------------------


def _revision_1(state):
    """A state as revision 1 stored it: the ledger under ``pool``, the scores under ``cox``."""
    old = {**state, "r": 1}
    if "ledger" in old:
        old["pool"] = old.pop("ledger")
    if "counted" in old:
        old["cox"] = old.pop("counted")
    return old


@pytest.mark.django_db
@pytest.mark.parametrize("rules", ["pool", "cox", "swedish"])
def test_states_stored_by_the_first_revision_are_recomputed_when_read(client, rules):
    name = {"pool": "pool", "cox": "cox", "swedish": "swedish"}[rules]
    imported = serialize.import_sheet(EXPORTS[name])
    game = store.create(imported.spec, "", imported.entries, "import", "k" * 16)
    stored = list(Deal.objects.filter(game=game).order_by("position"))
    for deal in stored:
        Deal.objects.filter(pk=deal.pk).update(state=_revision_1(deal.state))
    response = client.get(f"/sheet/{game.token}/")
    assert response.status_code == 200
    for deal, before in zip(
        Deal.objects.filter(game=game).order_by("position"), stored, strict=True
    ):
        assert deal.state == before.state  # recomputed, the same accounts
        assert deal.state["r"] == ledger.REVISION


@pytest.mark.django_db
def test_options_stored_as_text_are_read_by_the_game(client):
    # A sheet stored before the registry: its yes/no options as "true"/"false" text.
    game = make_game("peel-new", extended="true", same_dealer="false")
    Game.objects.filter(pk=game.pk).update(
        options={**game.options, "extended": "true", "same_dealer": "false"}
    )
    spec = store.spec_of(Game.objects.get(pk=game.pk))
    assert spec.config.flag("extended") and not spec.same_dealer
    assert not spec.asks_stood  # nobody stands in Extended Commerce
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert 'name="stood"' not in page
    deal = {"dealer": 0, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}
    assert post_deal(client, game, deal).status_code == 303
    assert Deal.objects.get(game=game).data["stood"] is None


# --- Games from the registry ----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_start_page_offers_every_game_with_its_own_options(client):
    html = client.get("/sheet/").content.decode()
    for game in registered():
        assert f'value="{game.slug}"' in html
        for option in game.options:
            assert f'name="{game.slug}-{option.name}"' in html, (game.slug, option.name)
    assert ledger.game_choices() == [(g.slug, g.label) for g in registered()]


@pytest.mark.django_db
def test_a_game_started_with_its_options_keeps_them(client):
    response = client.post(
        "/sheet/",
        {
            "rules": "pool",
            "players": "Ann\nBob\nCy",
            "pool-buy_in": "2 1/2",
            "pool-prize": "1,5",
            "pool-horse_price": "1 / 2",
            "pool-horse": "every",
            "peel-new-pack": "32",  # another game's option: not this sheet's
        },
    )
    assert response.status_code == 303
    game = Game.objects.get()
    assert game.options["buy_in"] == "5/2" and game.options["prize"] == "3/2"
    assert game.options["horse"] == "every" and game.options["pack"] == "52"
    assert game.get_rules_display() == "Pool Commerce"


def test_no_variant_is_named_in_the_sheets_code():
    # "pool" is also the pool's account in the engine (games.engine.pool.POOL): the word for
    # the money in the middle of the table, which every game with a pool may show.
    names = {name for game in registered() for name in (game.slug, *game.aliases)} - {POOL}
    word = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])", re.I)
    sources = sorted((ROOT / "games" / "scoresheet").rglob("*.py"))
    for source in [s for s in sources if "migrations" not in s.parts]:
        found = [s for s in code_strings(source.read_text()) if word.search(s)]
        assert found == [], (source.name, found)
    asks = re.compile(r"\brules\s*(==|!=|\bin\b)|\.rule_set\b")
    for source in [*sources, *sorted((ROOT / "templates" / "scoresheet").glob("*.html"))]:
        assert not asks.search(source.read_text()), source.name


# --- Reasons and errors from the engine's data ----------------------------------------------------


def test_reasons_name_the_players_by_the_engines_formatter_when_some_are_out():
    # Pool Commerce with Bob out: the showdown numbers the hands it judged (Cy's is hand 2),
    # the pool's ledger numbers the players by seat; both read with the right names.
    spec = spec_for("pool", buy_in="3", prize="1", horse_price="1/2")
    bob_worst = [["AS", "KS", "QS"], ["3C", "5D", "JH"], ["9C", "8D", "4H"], ["2H", "2D", "7C"]]
    d = entry(spec, {"dealer": 0, "mode": "hands", "hands": bob_worst})
    sheet = compute(spec, [d, d, d])
    assert any(s.text == "Bob has no counters left and stands out" for s in sheet.rows[-1].why)
    assert any(s.text.startswith("Bob may buy a horse") for s in sheet.rows[-1].why)
    after = entry(
        spec,
        {"dealer": 0, "mode": "hands", "hands": [HANDS_4[3], None, HANDS_4[0], HANDS_4[2]]},
    )
    row = compute(spec, [d, d, d, after]).rows[-1]
    assert row.why[0].text.startswith("Cy (sequence")
    counter = next(s for s in row.because if s.text.startswith("The worst hand"))
    assert counter.lines == ("Ann → the pool: 1 counter",)
    assert [p for p in row.payments if p.payee == POOL] == [ledger.Payment(0, POOL, Fraction(0), 1)]


def test_a_refusal_of_the_engine_is_placed_by_its_field_and_item():
    spec = spec_for("peel-old", players=["Ann", "Bob", "Cy"])
    # the old game has no trading: a purchase is refused beside the player's field
    bought = ledger.Entry(
        "deal",
        {
            "dealer": 0,
            "mode": "result",
            "places": [1, 2, 3],
            "bought": [0, 2, 0],
            "categories": ["pair", "point", "point"],
        },
    )
    with pytest.raises(EntryError) as caught:
        compute(spec, [bought])
    assert caught.value.field == "bought_1"
    assert caught.value.message.startswith("there is no trading")
    # a player away is left out of the engine's lists: its items are the players dealt in
    late = ledger.make_spec("peel-new", PLAYERS, "1", {}, late=[1])
    deal = entry(
        late,
        {
            "dealer": 0,
            "stood": 2,
            "bought": [0, 0, 0, 0],
            "mode": "hands",
            "hands": [HANDS_4[0], None, HANDS_4[2], HANDS_4[3]],
        },
    )
    state = ledger.initial(late)
    with pytest.raises(EntryError) as caught:
        ledger.step(late, state, ledger.Entry("deal", {**deal.data, "bought": [0, 0, 99, 0]}))
    assert caught.value.field == "bought_2"


def test_a_swedish_sheet_takes_the_players_the_game_says():
    # Two may play under ruling swedish-two-players (sheets of two kept before stay valid).
    assert ledger.make_spec("swedish", ["Ann", "Bob"], "1", {}).n == 2
    with pytest.raises(ledger.SpecError) as caught:
        ledger.make_spec("swedish", ["Ann"], "1", {})
    assert caught.value.field == "players" and "2 to 17 players" in caught.value.message


@pytest.mark.django_db
def test_the_page_shows_reasons_with_the_sites_one_presentation(client):
    game = make_game("peel-new", dealer_penalty="all")
    deal = {"dealer": 1, "stood": 2, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}
    post_deal(client, game, deal)
    html = client.get(f"/sheet/{game.token}/").content.decode()
    why = html[html.index('<details class="why">') :]
    why = why[: why.index("</details>")]
    assert '<ol class="reasons"' in why
    assert "<li>Bob → Ann: 2</li>" in why  # the pool, a line a payment
    assert 'href="/library/peel-commerce/#standing"' in why  # compact: the rule linked
    assert 'href="/rulings/#peel-stander-pays"' in why  # the ruling, by its question
    assert "ruling: peel-stander-pays" not in html  # no code names


def test_a_counted_hand_says_each_reason_once_of_its_player():
    spec = spec_for("cox", stake="")
    cards = ["auto-5 auto-5 auto-5 auto-1", "ship-1 ship-1 ship-captain", "fruit-1", "bank"]
    hand = entry(spec, {"mode": "cards", "bases": [1, 2, 3, 4], "cards": cards})
    texts = [shown.text for shown in compute(spec, [hand]).rows[0].why]
    assert "Bob: the captain of ships as a third 1 of ships" in texts
    assert len(texts) == len(set(texts))
