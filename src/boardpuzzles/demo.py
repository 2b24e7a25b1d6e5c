"""``boardpuzzles demo``: each puzzle works its seed's task, in a minute or less."""

from __future__ import annotations

from .draughts import cli as draughts_cli
from .knights import cli as knights_cli
from .output import console
from .queens import cli as queens_cli


def run(ascii: bool = False) -> None:
    """Print every puzzle's demo section in turn."""
    for section in (queens_cli.demo, knights_cli.demo, draughts_cli.demo):
        section(ascii)
        console.print()
