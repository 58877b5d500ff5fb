"""The README's "Adding a game" is true, followed to the letter.

Its code blocks, each headed by the file it belongs in, are the newcomer's whole work:
:func:`test_following_the_readme_leaves_the_suite_green` writes them into a scratch copy of the
project (the Python into ``games/engine/variants/blind.py``, the Swedish into the catalogue
after ``makemessages``, the column at the end of ``content/comparison.toml``) and runs the
suite's invariants there. The other tests load the README's game into this checkout and find it
in the API and its OpenAPI enum, the table's chooser and showdown page, the calculators' index,
the score sheet's list of games and /rulings/, with nothing else edited.
"""

import html as html_module
import json
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from games.engine.citations import RULINGS
from games.engine.games import get, registered, unregister
from tests.conftest import read_body
from tests.table.request_game import registered_high_card

ROOT = Path(__file__).resolve().parent.parent
HANDS = [["QH", "KH", "AH"], ["QS", "KS", "AS"], ["2C", "3D", "9H"]]
BLOCK = re.compile(r"^ *```(\w+)\n(.*?)^ *```", re.MULTILINE | re.DOTALL)


def readme_blocks() -> dict[str, list[str]]:
    """The code blocks of the README's "Adding a game", by the file their first line names,
    dedented as a newcomer would paste them."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Adding a game") :]
    section = section[: section.index("\n### ", 1)]
    blocks: dict[str, list[str]] = {}
    for _kind, body in BLOCK.findall(section):
        lines = body.splitlines()
        indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
        lines = [line[indent:] for line in lines]
        target = lines[0].lstrip("# ").strip()
        blocks.setdefault(target, []).append("\n".join(lines[1:]) + "\n")
    return blocks


VARIANT = "games/engine/variants/blind.py"
CATALOGUE = "locale/sv/LC_MESSAGES/django.po"
COMPARISON = "content/comparison.toml"


def test_the_readme_names_every_step():
    assert set(readme_blocks()) == {VARIANT, CATALOGUE, COMPARISON}


@pytest.fixture
def blind():
    """The README's game registered in this process, as its module would be."""
    module = types.ModuleType("games.engine.variants.blind")
    sys.modules[module.__name__] = module
    exec(compile("".join(readme_blocks()[VARIANT]), VARIANT, "exec"), module.__dict__)  # noqa: S102
    yield get("blind-commerce")
    unregister("blind-commerce")
    del RULINGS["blind-commerce-ties"]
    del sys.modules[module.__name__]


INVARIANTS = [
    "tests/test_translations.py",
    "tests/library/test_comparison.py",
    "tests/i18n/test_crawl.py",
    "tests/engine/test_games.py",
    "games/engine",
    "tests/api/test_api_registry.py",
    "tests/test_rulings_page.py",
    "tests/table/test_table_registry.py",
    "tests/payouts/test_payouts_registry.py",
    "tests/scoresheet/test_sheet_registry.py",
]
"""The tests that hold for every registered game: what a game added must not break."""


@pytest.mark.slow
def test_following_the_readme_leaves_the_suite_green(tmp_path):
    import polib

    copy = tmp_path / "project"
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, tracked.split("\0")):
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    (copy / ".venv").symlink_to(ROOT / ".venv")
    if (ROOT / "node_modules").exists():
        (copy / "node_modules").symlink_to(ROOT / "node_modules")
    blocks = readme_blocks()
    (copy / VARIANT).write_text("".join(blocks[VARIANT]), encoding="utf-8")
    with (copy / COMPARISON).open("a", encoding="utf-8") as toml:
        toml.write("\n" + "".join(blocks[COMPARISON]))
    python = str(ROOT / ".venv" / "bin" / "python")

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [python, *command], cwd=copy, capture_output=True, text=True, timeout=600
        )

    made = run("manage.py", "makemessages", "-l", "sv")
    assert made.returncode == 0, made.stderr
    catalogue = polib.pofile(str(copy / CATALOGUE))
    swedish = polib.pofile("".join(blocks[CATALOGUE]))
    for given in swedish:
        entry = catalogue.find(given.msgid)
        assert entry is not None, f"makemessages did not find {given.msgid!r}"
        entry.msgstr = given.msgstr
        entry.flags = [flag for flag in entry.flags if flag != "fuzzy"]
    catalogue.save()
    compiled = run("manage.py", "compilemessages", "-l", "sv")
    assert compiled.returncode == 0, compiled.stderr
    suite = run("-m", "pytest", "-q", "-p", "no:randomly", "-m", "not browser", *INVARIANTS)
    assert suite.returncode == 0, suite.stdout[-4000:]
    assert "blind-commerce" in (copy / VARIANT).read_text(encoding="utf-8")


def post(client, path, body):
    return client.post(f"/api/v1/{path}", json.dumps(body), content_type="application/json")


def test_it_is_registered_with_its_option_and_ruling(blind):
    assert blind in registered()
    option = blind.option("blind_ties")
    assert option.label == "Ties with the dealer"
    assert option.ruling is RULINGS["blind-commerce-ties"]


def test_the_api_judges_and_settles_it_and_the_openapi_enum_names_it(client, blind):
    shown = post(
        client,
        "commerce/showdown",
        {
            "rules": "blind-commerce",
            "hands": HANDS,
            "dealer": 1,
            "options": {"blind_ties": "dealer"},
        },
    )
    assert shown.status_code == 200 and shown.json()["winners"] == [1]
    settled = post(
        client,
        "commerce/settle",
        {"rules": "blind-commerce", "stake": 1, "players": [{"hand": h} for h in HANDS]},
    )
    assert settled.status_code == 200 and settled.json()["net"] == [1, 1, -2]
    bad = post(
        client,
        "commerce/showdown",
        {"rules": "blind-commerce", "hands": HANDS, "options": {"blind_ties": "toss"}},
    )
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "options.blind_ties"
    schemas = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    assert "blind-commerce" in schemas["ShowdownRequest"]["properties"]["rules"]["enum"]
    assert "blind-commerce" in schemas["SettleRequest"]["properties"]["rules"]["enum"]
    assert "blind_ties" in schemas["ShowdownRequest"]["properties"]["options"]["properties"]


def test_the_table_chooser_lists_it_and_its_page_judges_hands(client, blind):
    chooser = client.get("/table/").content.decode()
    assert 'href="/table/blind-commerce/"' in chooser and "Blind Commerce" in chooser
    page = client.get(
        "/table/blind-commerce/",
        {"h": [" ".join(h) for h in HANDS], "dealer": "2", "blind_ties": "dealer"},
    )
    assert page.status_code == 200
    html = page.content.decode()
    assert "Ties with the dealer" in html


def test_the_calculators_index_lists_it_and_its_calculator_settles(client, blind):
    index = client.get("/pay/").content.decode()
    assert 'href="/pay/blind-commerce/"' in index
    settled = client.get(
        "/pay/blind-commerce/",
        {"stake": "1", "hand1": "QH KH AH", "hand2": "QS KS AS", "hand3": "2C 3D 9H"},
    )
    assert settled.status_code == 200 and "Ties with the dealer" in settled.content.decode()


def test_the_score_sheet_offers_it(client, blind, db):
    start = client.get("/sheet/").content.decode()
    assert 'value="blind-commerce"' in start and "Blind Commerce" in start
    # Started with its own house rule, two deals recorded by the hands shown: the dealer wins
    # the tie he is in (deal 1, Bob deals: +2), Cy pays both equal winners (deal 2, Cy deals).
    fields = {"rules": "blind-commerce", "players": "Ann\nBob\nCy", "stake": "1"}
    url = client.post("/sheet/", {**fields, "blind-commerce-blind_ties": "dealer"})["Location"]
    cards = {f"card_{i}_{j}": card for i, hand in enumerate(HANDS) for j, card in enumerate(hand)}
    for version, dealer in ((1, 1), (2, 2)):
        deal = {"version": version, "key": f"blind-deal-{dealer}", "dealer": dealer, **cards}
        assert client.post(f"{url}deals/", {**deal, "mode": "hands"}).status_code == 303
    totals = json.loads(read_body(client.get(f"{url}export.json")))["totals"]
    assert totals == {"Ann": "0", "Bob": "3", "Cy": "-3"}


def test_rulings_lists_it_under_its_game(client, blind):
    html = client.get("/rulings/").content.decode()
    section = html[html.index('id="game-blind-commerce"') :]
    assert 'id="blind-commerce-ties"' in section
    assert "House rule “Ties with the dealer”" in section


def test_a_game_settled_from_one_request_appears_everywhere_with_nothing_else_edited(client):
    """A RequestGame (tests/table/request_game.py: High Card) registered: its endpoint and
    schemas in the API, its page at the table's chooser settling its example, its ruling on
    /rulings/."""
    with registered_high_card() as game:
        example = game.example()
        answered = post(client, "high-card/settle", example)
        assert answered.status_code == 200 and answered.json()["transfers"]
        doc = client.get("/api/v1/openapi.json").json()
        assert "/api/v1/high-card/settle" in doc["paths"]
        assert "HighCardRequest" in doc["components"]["schemas"]
        assert 'href="/table/high-card/"' in client.get("/table/").content.decode()
        page = client.get("/table/high-card/")  # a blank board, its example one tap away
        example_link = re.search(r'<a href="([^"]+)" id="example-link">', page.content.decode())
        assert page.status_code == 200 and example_link
        settled = client.get(html_module.unescape(example_link.group(1)))
        assert settled.status_code == 200 and "Link to this hand" in settled.content.decode()
        html = client.get("/rulings/").content.decode()
        section = html[html.index('id="game-high-card"') :]
        assert 'id="high-card-ties"' in section
