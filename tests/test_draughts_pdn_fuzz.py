"""The PDN reader against mutated real files: bit flips, truncation, insertions, huge lines, deep nesting, bad
UTF-8 and NUL bytes (a seeded generator).  Each file is read in a bounded time and never raises but the one
InputError of a file that is not text; the limits per tag, per number and per file are each one line."""

import random
import time
from pathlib import Path

import pytest

from boardpuzzles import draughts
from boardpuzzles.draughts import pdn
from boardpuzzles.errors import InputError

DATA = Path(__file__).parent / "data"
FILES = sorted(path.name for path in DATA.glob("*.pdn"))
#: seconds a mutated file may take, read and replayed: the slowest took 1.2 s on 2 cores at load 8 (27 Nov
#: 2026; own_new_variants.pdn, whose 871 plies the plain move generator replays: about 0.3 s quiet; reading
#: alone at most 0.3 s), so ten times the quiet figure and more
BOUND = 10.0


def _insert(data: bytes, rng: random.Random, piece: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + piece + data[at:]


def mutants(data: bytes, rng: random.Random):
    """(kind, bytes) of the mutations of a file's ``data``."""
    for _ in range(2):
        flipped = bytearray(data)
        for _ in range(rng.randrange(1, 20)):
            at = rng.randrange(len(flipped))
            flipped[at] ^= 1 << rng.randrange(8)
        yield "bit flips", bytes(flipped)
        yield "truncated", data[:rng.randrange(len(data))]
        yield "inserted", _insert(data, rng, bytes(rng.choice(b'{}()[]"\\;%$!?-x:0123456789 \n')
                                                     for _ in range(rng.randrange(1, 200))))
    yield "huge line", _insert(data, rng, b"\n" + bytes(rng.choice(b"123456789-x ") for _ in range(50_000)) + b"\n")
    yield "huge tag", _insert(data, rng, b'\n[Event "' + b"a" * 1_000_000 + b'"]\n')
    yield "huge number", _insert(data, rng, b"\n[FEN \"W:W" + b"7" * 5000 + b":B1\"]\n" + b"9" * 100_000 + b". ")
    yield "nested braces", _insert(data, rng, b"{" * 20_000 + b"}" * 10_000)
    yield "unbalanced braces", _insert(data, rng, b"{{ }" * 20_000)
    yield "nested variations", _insert(data, rng, b"(" * 10_000 + b"{" * 1000 + b")" * 5_000)
    yield "stray closings", _insert(data, rng, b"})" * 20_000)
    yield "bad utf-8", _insert(data, rng, b"\xff\xfe\xc3\x28\xa0\xa1\xe2\x28\xa1")
    yield "NUL bytes", _insert(data, rng, b"\x00" * rng.randrange(1, 10))


def _read(data: bytes) -> None:
    """Read and replay a file's bytes as a library user does, and everything shown of each game."""
    try:
        checked = draughts.check_games(data)
    except InputError as error:
        assert b"\x00" in data and "\n" not in str(error)
        return
    checked.to_json()
    for game in checked.games:
        game.summary()
    pdn.write_games([game.pdn for game in checked.games])


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_mutated_real_files_are_read_in_bounded_time_without_a_traceback(name):
    data = (DATA / name).read_bytes()
    rng = random.Random(f"pdn fuzz {name}")
    for kind, mutant in mutants(data, rng):
        started = time.perf_counter()
        _read(mutant)
        seconds = time.perf_counter() - started
        assert seconds < BOUND, f"{kind}: {seconds:.2f} s"


def test_a_tag_too_long_is_its_games_error_and_the_next_game_is_read():
    text = '[Event "' + "a" * 10_000_000 + '"]\n1. 32-28 *\n\n[Event "next"]\n1. 32-28 *\n'
    first, second = draughts.check_games(text).games
    assert f"longer than {pdn.MOST_TAG:,} characters" in first.error.problem and len(first.error.text) <= 40
    assert second.ok


def test_long_numbers_are_errors_of_their_game_not_tracebacks():
    fen, number = draughts.check_games('[FEN "W:W' + "1" * 5000 + ':B1"]\n1. 32-28 *\n' + "9" * 100_000 + ". *\n").games
    assert fen.error is not None and fen.error.ply == 0
    assert draughts.check_games('[GameType "' + "2" * 5000 + '"]\n*\n').games[0].error.ply == 0
    assert number.ok or number.error is not None


def test_a_file_over_the_limit_is_one_line(monkeypatch):
    monkeypatch.setattr(pdn, "MOST_CHARACTERS", 1000)
    with pytest.raises(InputError, match="text is longer than 1,000 characters"):
        draughts.read_games("*\n" * 600)


def test_a_file_over_the_limit_is_refused_on_the_command_line(tmp_path, monkeypatch, capsys):
    from boardpuzzles.cli import main
    from boardpuzzles.draughts import cli

    monkeypatch.setattr(cli, "MOST_CHARACTERS", 1000)
    path = tmp_path / "big.pdn"
    path.write_text("*\n" * 600)
    assert main(["draughts", "pdn", str(path)]) == 2
    assert "longer than 1,000 bytes" in capsys.readouterr().err


@pytest.mark.parametrize("call", [
    lambda game: draughts.check_games(str(game), "8"),
    lambda game: draughts.replay(game, 1, "8"),
    lambda game: draughts.replay(game, 1, None, 8),
    lambda game: pdn.write_game(game, 3.5),
])
def test_a_bad_default_is_an_input_error_naming_it(call):
    game = draughts.read_games('[Event "x"]\n1. 32-28 *\n')[0]
    with pytest.raises(InputError) as caught:
        call(game)
    assert caught.value.parameter in ("default", "like")


def test_a_rule_sets_name_is_a_default_as_its_variant_is():
    text = '[Event "x"]\n1. 11-15 *\n'
    by_name = draughts.check_games(text, "english")
    assert by_name.to_json() == draughts.check_games(text, draughts.get_variant("english")).to_json()
    assert by_name.games[0].ok
