"""The built-in engine: an opponent in every rule set, by iterative deepening alpha-beta search.

>>> from boardpuzzles.draughts import Engine, Position
>>> engine = Engine(level=2)
>>> engine.name
'boardpuzzles engine (level 2)'
>>> str(engine.choose(Position("W:Wc3:Bd4,f6,h8", "russian")))
'c3:e5:g7'

The search (a negamax form of alpha-beta) deepens one ply at a time until the time or the depth of
the move is spent, and keeps what it has learnt in a transposition table: the best move found in
each position is tried first at the next depth. When the time runs out in the middle of a depth, the
moves searched to the end at that depth still count (the first of them is the best of the depth
before). A position where the side to move must capture is never evaluated: the captures are played
out first (a quiescence search), since a capture in draughts is compulsory. A position with kings
that comes again on the way, or that the game has had since its last man's move or capture (the
``history`` given), is a draw. For the rule sets the numba kernels play
(:attr:`.Variant.on_bitboards`) a position is the kernels' four numbers and its moves come from
:class:`.fast.Generator`; for the others (Turkish, the 12x12 boards, the seed's rule) from the plain
generator of :mod:`.moves`, slower but with the same search and evaluation.

The evaluation counts, from the side to move's point of view (in hundredths of a man):

* material: 100 a man; a king 300 where kings fly, 150 where they step one square;
* advancement: a man on the three rows before the crowning row is worth 6, 12, then 20 more;
* back rank: 8 for each man still on its own back row while the other side has no king
  (it keeps the other side's men from being crowned there);
* centre: 4 for each man on the centre of the board (the middle columns, the middle rows);
* mobility: 2 for each move the side has more than the other side would have;
* tempo: as pieces come off, the sum of the rows the men have advanced (their tempo) counts
  more, 1 a row when half the pieces are gone (an ending is a race to crown);
* when ahead, 1 for every piece fewer on the board: trading down wins the ending.

Antidraughts (whoever cannot move wins) counts the material the other way; Breakthrough (the
first man crowned wins) makes crowning the end of the game. The Frisian rule that a king makes at
most three quiet moves in a row needs the game's history, which a position does not hold: the
engine does not apply it (:meth:`.Game.legal_moves` does).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, cast

from .. import checks
from ..errors import InputError
from .board import Bitboards, Position, bit_squares, playing_squares, promotion_row, require_position
from .fast import Generator, play_row
from .moves import Move, after, legal_moves, move_row, reference_moves
from .players import reversible_tail
from .rules import Outcome, Variant

__all__ = ["LEVELS", "Engine", "Level", "SearchInfo"]


class Level(NamedTuple):
    """How long the engine thinks at one level: at most ``depth`` plies and ``seconds`` a move."""

    depth: int
    seconds: float
    #: what the level means, in a line
    description: str


#: The levels of :class:`Engine`, weakest first: the first three search to a fixed depth (the same move
#: every time on the same position), the last two as deep as their time allows.
LEVELS: dict[int, Level] = {
    1: Level(1, 10.0, "one ply and the captures that follow"),
    2: Level(3, 10.0, "three plies"),
    3: Level(5, 10.0, "five plies"),
    4: Level(64, 1.0, "as deep as one second a move allows"),
    5: Level(64, 5.0, "as deep as five seconds a move allows"),
}
DEFAULT_LEVEL = 3

WIN = 1_000_000  # a won position; a win in fewer plies scores higher
DEEPEST = 64  # the most plies searched, the quiescence search included
TABLE_SIZE = 1 << 20  # positions kept in the transposition table before it is emptied
CHECK_EVERY = 64  # nodes between two looks at the clock and at ``cancel``

# the transposition table's bounds
EXACT, LOWER, UPPER = range(3)

State = Bitboards | Position  # a position as the search holds it: the kernels' bitboards, or a Position
#: a move as the search holds it: the kernels' ``(from, to, taken, flags)``, or a :class:`.Move`
Token = Hashable


@dataclass(frozen=True)
class SearchInfo:
    """What a search found: its move, its score (hundredths of a man, from the mover's side; a
    win or loss is near ±1,000,000), the depth it completed, the positions searched, its seconds and the
    line of play it expects (``pv``, the principal variation: its move, the answer it expects, and so on)."""

    move: str
    score: int
    depth: int
    nodes: int
    seconds: float
    #: the principal variation: the move, the answer the search expects, and so on
    pv: tuple[Move, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The fields by name, the line of play as the moves' notation."""
        return {"move": self.move, "score": self.score, "depth": self.depth, "nodes": self.nodes,
                "seconds": round(self.seconds, 3), "pv": [str(move) for move in self.pv]}


class _Stop(Exception):
    """The time is up, or ``cancel`` was set: the search unwinds to the root."""


class _Weights:
    """The evaluation of one rule set as masks over the search's bits: ``pieces(state)`` gives the white
    men, white kings, black men and black kings as bit sets, and the masks say which bits lie on which
    row, the back rows and the centre."""

    def __init__(self, variant: Variant, squares: tuple[tuple[int, int], ...]) -> None:
        size = variant.size
        self.man = 100
        self.king = 300 if variant.flying_kings else 150
        self.men_at_start = 2 * variant.men_per_side

        def mask(keep: Callable[[int, int], bool]) -> int:
            return sum(1 << bit for bit, (row, col) in enumerate(squares) if row >= 0 and keep(row, col))

        def on_row(r: int) -> int:
            return mask(lambda row, col: row == r)

        # the rows counted from each side's own back row
        self.white_rows = [on_row(r) for r in range(size)]
        self.black_rows = self.white_rows[::-1]
        crown_white, crown_black = promotion_row("W", size), promotion_row("B", size)
        self.back_white = mask(lambda row, col: row == crown_black)
        self.back_black = mask(lambda row, col: row == crown_white)
        low, high = size // 2 - 2, size // 2 + 1
        self.centre = mask(lambda row, col: low <= row <= high and low <= col <= high)
        #: the bonus of a man by its row counted from its own side: 6, 12 and 20 on the three rows before
        #: the crowning row
        self.advance = ((size - 2, 20), (size - 3, 12), (size - 4, 6))

    def side(self, men: int, kings: int, rows: list[int], back: int, other_kings: int, phase: int) -> int:
        """The score of one side's men and kings."""
        score = self.man * men.bit_count() + self.king * kings.bit_count()
        for row, bonus in self.advance:
            score += bonus * (men & rows[row]).bit_count()
        if not other_kings:
            score += 8 * (men & back).bit_count()
        score += 4 * ((men | kings) & self.centre).bit_count()
        if phase:
            tempo = 0
            for row, bits in enumerate(rows):
                if men & bits:
                    tempo += row * (men & bits).bit_count()
            score += tempo * phase // self.men_at_start
        return score

    def score(self, white_men: int, white_kings: int, black_men: int, black_kings: int) -> int:
        """The position's score for white, mobility aside."""
        pieces = (white_men | white_kings | black_men | black_kings).bit_count()
        phase = max(0, self.men_at_start - pieces) * 2  # the tempo's weight, in 1/men_at_start of a point
        white = self.side(white_men, white_kings, self.white_rows, self.back_white, black_kings, phase)
        black = self.side(black_men, black_kings, self.black_rows, self.back_black, white_kings, phase)
        lead = white - black
        if lead > 50:
            lead += self.men_at_start - pieces
        elif lead < -50:
            lead -= self.men_at_start - pieces
        return lead


class _Rules:
    """The moves and the pieces of a rule set as the search sees them: for the rule sets on bitboards the
    kernel's generator and its four numbers; for the others the plain generator and the Position."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.bitboards = variant.on_bitboards
        if self.bitboards:
            self.generator = Generator(variant)
            squares = bit_squares(variant)
        else:
            squares = playing_squares(variant)
            self.bit = {square: bit for bit, square in enumerate(squares)}
        self.weights = _Weights(variant, squares)

    def state(self, position: Position) -> State:
        """``position`` as the search holds it."""
        return position.bitboards() if self.bitboards else position

    def token(self, move: Move) -> Token:
        """A legal move as :meth:`children` gives it."""
        if not self.bitboards:
            return move
        _, origin, to, taken, flags = move_row(move)
        return origin, to, taken, flags

    def children(self, state: State) -> tuple[list[Token], bool]:
        """The moves of ``state`` and whether they are captures (the positions after them are made only for
        the moves searched: :meth:`play`)."""
        if isinstance(state, Position):
            moves = reference_moves(state)
            return list(moves), bool(moves and moves[0].captured)
        generator = self.generator
        n = generator.run(*state)
        rows: list[tuple[int, ...]] = list(map(tuple, generator.moves[:n, :4].tolist()))
        return cast(list[Token], rows), bool(rows and rows[0][2])

    def play(self, state: State, token: Token) -> tuple[State, bool]:
        """The position after the move ``token`` of ``state``, and whether the move crowns a man."""
        if isinstance(state, Position):
            assert isinstance(token, Move)
            return after(state, token), token.promotes
        white, black, kings, colour = state
        origin, to, taken, flags = cast(tuple[int, int, int, int], token)
        return (*play_row(white, black, kings, colour, origin, to, taken, flags), 1 - colour), flags & 2 == 2

    def count_for_other(self, state: State) -> int:
        """How many moves the side not to move would have, were it its turn."""
        if isinstance(state, Position):
            other = "B" if state.turn == "W" else "W"
            return len(reference_moves(Position.from_pieces(state.pieces, other, self.variant)))
        white, black, kings, colour = state
        return self.generator.run(white, black, kings, 1 - colour)

    def pieces(self, state: State) -> tuple[int, int, int, int, int]:
        """The white men, white kings, black men and black kings as bit sets, and the side to move (0 white)."""
        if isinstance(state, Position):
            sets = {"w": 0, "W": 0, "b": 0, "B": 0}
            for square, piece in state.pieces.items():
                sets[piece] |= 1 << self.bit[square]
            return sets["w"], sets["W"], sets["b"], sets["B"], 0 if state.turn == "W" else 1
        white, black, kings, colour = state
        return white & ~kings, white & kings, black & ~kings, black & kings, colour


class Engine:
    """The built-in engine, a :class:`~.players.Player`: alpha-beta search by iterative deepening with a
    transposition table, in every rule set (see the module's text for its evaluation).

    ``level`` is one of :data:`LEVELS` (1 the weakest, 5 the strongest; default 3): the depth and time of
    a move when :meth:`choose` is given neither. One engine may play any rule set; it thinks in one
    thread, that of the caller.
    """

    def __init__(self, level: int = DEFAULT_LEVEL) -> None:
        self.level = checks.whole_number(level, "level", 1, max(LEVELS))
        #: what the player is called in a game's record
        self.name = f"boardpuzzles engine (level {self.level})"
        #: what the last call of :meth:`choose` found (None before the first)
        self.info: SearchInfo | None = None
        self._rules: dict[str, _Rules] = {}

    def choose(self, position: Position, seconds: float | None = None, depth: int | None = None,
               cancel: threading.Event | None = None, history: Sequence[Move] = (),
               on_info: Callable[[SearchInfo], None] | None = None) -> Move:
        """The engine's move in ``position`` (the side to move is its side).

        It searches at most ``depth`` plies and ``seconds`` seconds (given one of them, the other has no
        bound; given neither, those of its level); when ``cancel`` is set it stops and gives the best move
        found so far. ``history``, the game's moves that led to ``position``, lets it see a position come
        again (a draw): the search scores a position met before on its way, or in the game since its last
        man's move or capture, as a draw. ``on_info`` hears a :class:`SearchInfo` after each depth searched.
        An InputError when the side to move has no legal move.
        """
        require_position(position)
        tail = reversible_tail(position, history)
        if depth is not None:
            depth = checks.whole_number(depth, "depth", 1, DEEPEST)
        if seconds is not None:
            seconds = checks.real(seconds, "seconds")
            if not seconds > 0:
                raise InputError("{parameter} must be more than 0", parameter="seconds", value=seconds)
        if depth is None and seconds is None:
            depth, seconds = LEVELS[self.level].depth, LEVELS[self.level].seconds
        moves = list(legal_moves(position))
        if not moves:
            raise InputError("{parameter} has no legal move: the game is over", parameter="position",
                             value=position.fen(), show_value=False)
        rules = self._rules.get(position.variant.name)
        if rules is None or rules.variant != position.variant:
            rules = self._rules[position.variant.name] = _Rules(position.variant)
        search = _Search(rules, None if seconds is None else time.monotonic() + seconds, cancel, on_info)
        search.path.update(rules.state(before) for before, _ in tail)
        search.path.add(rules.state(position))
        best, score, done = search.run(position, moves, DEEPEST if depth is None else depth)
        self.info = search.info(position, best, score, done)
        return best

    def __repr__(self) -> str:
        return f"Engine(level={self.level})"


class _Search:
    """One search: the tree below one position, to a depth or a time."""

    def __init__(self, rules: _Rules, deadline: float | None, cancel: threading.Event | None,
                 on_info: Callable[[SearchInfo], None] | None = None) -> None:
        self.rules = rules
        self.deadline = deadline
        self.cancel = cancel
        self.on_info = on_info
        self.started = time.monotonic()
        self.nodes = 0
        self.table: dict[State, tuple[int, int, int, Token]] = {}
        #: the positions with kings on the way from the root and in the game before it: met again, a draw
        self.path: set[State] = set()
        self.history: dict[Token, int] = {}
        outcome = rules.variant.outcome
        self.no_move_wins = outcome is Outcome.NO_MOVE_WINS
        self.crowning_wins = outcome is Outcome.FIRST_KING_WINS

    def run(self, position: Position, moves: list[Move], depth: int) -> tuple[Move, int, int]:
        """The best of ``moves`` (the legal moves of ``position``), its score and the depth completed."""
        rules = self.rules
        start = rules.state(position)
        children = [rules.play(start, rules.token(move)) for move in moves]
        best, best_score, done = 0, 0, 0
        if len(moves) == 1:
            return moves[0], 0, 0
        order = list(range(len(moves)))
        for target in range(1, depth + 1):
            scores: dict[int, int] = {}
            try:
                self.root(children, order, target, scores)
            except _Stop:
                # the moves searched to the end before the time ran out: the first is the best of the last
                # depth, and one that scored above it is better
                if scores and done:
                    best = max(scores, key=lambda i: scores[i])
                    best_score = scores[best]
                break
            order.sort(key=lambda i: -scores[i])
            best, best_score, done = order[0], scores[order[0]], target
            if self.on_info is not None:
                self.on_info(self.info(position, moves[best], best_score, done))
            if abs(best_score) > WIN - DEEPEST:
                break  # a win or a loss found: looking deeper changes nothing
        if done == 0:  # not even one ply searched: the first move of a quick look
            best = order[0]
        return moves[best], best_score, done

    def info(self, position: Position, best: Move, score: int, depth: int) -> SearchInfo:
        """What the search has found: ``best`` and its ``score`` at ``depth``, the line of play after
        ``best`` as the transposition table keeps it."""
        pv = [best]
        rules = self.rules
        position = after(position, best)
        seen = {rules.state(position)}
        while len(pv) < DEEPEST:
            entry = self.table.get(rules.state(position))
            if entry is None:
                break
            known = entry[3]
            found = next((move for move in legal_moves(position) if rules.token(move) == known), None)
            if found is None:
                break
            pv.append(found)
            position = after(position, found)
            if rules.state(position) in seen:  # a line that comes round again would go on for ever
                break
            seen.add(rules.state(position))
        return SearchInfo(str(best), score, depth, self.nodes, time.monotonic() - self.started, tuple(pv))

    def root(self, children: list[tuple[State, bool]], order: list[int], depth: int, scores: dict[int, int]) -> None:
        """The score of each root move at ``depth`` into ``scores``, move by move as each is searched
        (exact for the best, a bound for the others)."""
        alpha = -WIN - 1
        for i in order:
            child, crowns = children[i]
            score = WIN - 1 if crowns and self.crowning_wins else -self.negamax(child, depth - 1, -WIN - 1, -alpha, 1)
            scores[i] = score
            alpha = max(alpha, score)

    def tick(self) -> None:
        """Count a node; now and then look at the clock and at ``cancel``."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            if (self.deadline is not None and time.monotonic() > self.deadline) or (
                    self.cancel is not None and self.cancel.is_set()):
                raise _Stop

    def no_move(self, ply: int) -> int:
        """The score of a position whose side to move cannot move."""
        return WIN - ply if self.no_move_wins else -(WIN - ply)

    def negamax(self, state: State, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of ``state`` for its side to move, searched ``depth`` plies (a bound outside
        ``alpha``..``beta``)."""
        self.tick()
        children, captures = self.rules.children(state)
        if not children:
            return self.no_move(ply)
        kings = state[2] if isinstance(state, tuple) else True  # without kings no position comes again
        if kings:
            if state in self.path:
                return 0
        if ply >= DEEPEST or (depth <= 0 and not captures):
            return self.evaluate(state, len(children))
        entry = self.table.get(state)
        first: Token = None
        if entry is not None:
            known_depth, known, bound, first = entry
            if known_depth >= depth and (bound == EXACT or (bound == LOWER and known >= beta)
                                         or (bound == UPPER and known <= alpha)):
                return known
        history = self.history
        children.sort(key=lambda token: (token != first, -history.get(token, 0)))
        start_alpha, best, best_move = alpha, -WIN - 1, first
        onward = depth - 1 if len(children) > 1 else depth  # a forced move costs no depth
        if kings:
            self.path.add(state)
        rules = self.rules
        for move in children:
            child, crowns = rules.play(state, move)
            if crowns and self.crowning_wins:
                score = WIN - ply - 1
            else:
                score = -self.negamax(child, onward, -beta, -alpha, ply + 1)
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        history[move] = history.get(move, 0) + depth * depth
                        break
        if kings:
            self.path.discard(state)
        if len(self.table) >= TABLE_SIZE:
            self.table.clear()
        bound = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.table[state] = (depth, best, bound, best_move)
        return best

    def evaluate(self, state: State, moves: int) -> int:
        """The score of a quiet position for its side to move (``moves``: how many it has)."""
        rules = self.rules
        white_men, white_kings, black_men, black_kings, colour = rules.pieces(state)
        score = rules.weights.score(white_men, white_kings, black_men, black_kings)
        if self.no_move_wins:
            score = -score
        mobility = 2 * (moves - rules.count_for_other(state))
        return (-score if colour else score) + mobility
