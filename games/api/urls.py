from django.urls import path

from . import views

urlpatterns = [
    path("commerce/showdown", views.commerce_showdown, name="api-showdown"),
    path("commerce/settle", views.commerce_settle, name="api-settle"),
    path("commerce/strength", views.commerce_strength, name="api-strength"),
    path("<slug:game>/score", views.rack_score, name="api-rack-score"),
    path("openapi.json", views.openapi_document, name="api-openapi"),
]
