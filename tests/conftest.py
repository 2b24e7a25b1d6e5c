"""Shared test helpers: run the command line in-process and capture what it prints."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from boardpuzzles.cli import main


@dataclass
class Run:
    status: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)

    def json_lines(self):
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


@pytest.fixture
def cli(capsys):
    """``cli("queens", "solve", "8")`` runs the command and returns its status and output."""

    def run(*args: str) -> Run:
        status = main(list(args))
        captured = capsys.readouterr()
        return Run(status, captured.out, captured.err)

    return run
