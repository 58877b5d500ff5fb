from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="index"),
    path("peel-new/", views.peel_new, name="peel-new"),
    path("peel-old/", views.peel_old, name="peel-old"),
    path("pool/", views.pool, name="pool"),
    path("swedish/", views.swedish, name="swedish"),
    path("cox/", views.cox_page, name="cox"),
]
