from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games: evaluators, calculators, score sheets"

    def ready(self) -> None:
        # Load the engine once (its package imports every module and the registry of games,
        # with the variants), so the rulings and the games are complete before any request.
        import games.engine  # noqa: F401
        from games.engine.wording import speak_with
        from games.speaking import page_speaker

        # The engine's words on a page are in the page's language (games/speaking.py).
        speak_with(page_speaker)
