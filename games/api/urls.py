from django.urls import path

from . import views

urlpatterns = [
    path("commerce/showdown", views.commerce_showdown, name="api-showdown"),
    path("commerce/settle", views.commerce_settle, name="api-settle"),
    path("commerce/strength", views.commerce_strength, name="api-strength"),
    path("cox/score", views.cox_score, name="api-cox-score"),
    path("openapi.json", views.openapi_document, name="api-openapi"),
]
