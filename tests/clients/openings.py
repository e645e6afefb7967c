"""Random openings for the strength clients, for any game given as a few
functions of a board (python-chess for chess, cshogi for shogi)."""


class Game:
    """How to read and move a board: `new()` the start position,
    `moves(b)` its legal moves in the notation `push(b, m)` plays, `pop(b)`
    takes the last move back, `over(b)` whether the game has ended, `mated(b)`
    whether the side to move has lost at once (no legal move out of check)."""

    def __init__(self, new, moves, push, pop, over, mated):
        self.new, self.moves, self.push, self.pop = new, moves, push, pop
        self.over, self.mated = over, mated


def mate_in_one(game, board):
    """Whether the side to move can mate at once."""
    for mv in game.moves(board):
        game.push(board, mv)
        mate = game.mated(board)
        game.pop(board)
        if mate:
            return True
    return False


def random_opening(game, rng, plies, accept=None):
    """`plies` random legal moves from the start position, drawn again while
    they end the game or leave the side to move a mate in one (1. e4 g5 2.
    b4 f6: each engine mates with 3. Qh5 in its game of the pair, which
    says nothing of either), or while `accept`, when given, refuses the
    board they lead to (a judge engine's score too far from even). Where
    no draw is refused, the moves (and what the generator has consumed)
    are those of a single draw."""
    while True:
        board, opening = game.new(), []
        for _ in range(plies):
            moves = game.moves(board)
            if not moves:
                break
            mv = rng.choice(moves)
            opening.append(mv)
            game.push(board, mv)
        if game.over(board) or mate_in_one(game, board):
            continue
        if accept is None or accept(board):
            return opening
