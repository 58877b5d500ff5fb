from django.urls import path

from . import views

urlpatterns = [
    path("openapi.json", views.openapi_document, name="api-openapi"),
    path("commerce/showdown", views.commerce_showdown, name="api-showdown"),
    path("commerce/settle", views.commerce_settle, name="api-settle"),
    path("commerce/strength", views.commerce_strength, name="api-strength"),
    # A game's own endpoint, its verb the game's (a rack's score, a request game's action);
    # the view dispatches on the game's board.
    path("<slug:game>/<slug:action>", views.game_endpoint, name="api-game"),
]
