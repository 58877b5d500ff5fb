from django.urls import include, path

from . import views

urlpatterns = [
    path("rulings/", views.rulings, name="rulings"),
    path("table/", include(("games.table.urls", "table"))),
    path("sheet/", include(("games.scoresheet.urls", "sheet"))),
    path("pay/", include(("games.payouts.urls", "pay"))),
    path("odds/", include(("games.odds.urls", "odds"))),
]
