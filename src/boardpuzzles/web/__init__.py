"""``boardpuzzles serve``: pages to watch the searches, and a JSON API with the commands' answers.

>>> from boardpuzzles.web import create_app
>>> app = create_app()          # a Starlette app: run it with uvicorn, or serve() below

The pages (``/queens``, ``/knight``, ``/draughts``) are plain ES modules drawing
SVG, shipped inside the package (no CDN, no build step); they use nothing but
the API (``/api/<puzzle>/<action>``, see :mod:`.api`).
"""

from .server import create_app, serve

__all__ = ["create_app", "serve"]
