from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games: evaluators, calculators, score sheets"

    def ready(self) -> None:
        # Load the engine once (its package imports every module and the registry of games,
        # with the variants), so the rulings and the games are complete before any request.
        import games.engine  # noqa: F401
