"""``python -m boardpuzzles`` runs the command line."""

from .cli import entry

entry()
