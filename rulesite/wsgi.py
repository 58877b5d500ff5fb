"""The WSGI application: ``gunicorn rulesite.wsgi:application --preload`` serves the site
(``--preload`` imports it, and with it the engine's tables, once in the master)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
application = get_wsgi_application()
