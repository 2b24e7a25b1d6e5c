"""``python -m boardpuzzles`` runs the command line, as the ``boardpuzzles`` program does."""

from boardpuzzles_entry import entry

entry()
