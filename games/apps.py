from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games: evaluators, calculators, score sheets"

    def ready(self) -> None:
        # Load every engine module once, so the list of editorial rulings is complete.
        import games.engine.registry  # noqa: F401
