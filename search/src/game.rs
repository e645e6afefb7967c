//! What the search needs from a rules core beyond [`movegen::Game`].

use movegen::Game;

/// A game the search can play. Both rules cores implement it (in
/// [`crate::eval`]); the search is monomorphised per game.
pub trait SearchGame: Game {
    /// No legal move: a draw when not in check (chess stalemate), or a loss
    /// whatever the check (shogi, S-11).
    const STALEMATE_IS_DRAW: bool;
    /// A repetition made by checks only loses for the checking side (shogi
    /// perpetual check); otherwise every repetition is a draw.
    const PERPETUAL_CHECK_LOSES: bool;
    /// Size of the history tables ([`SearchGame::history_index`] is below it).
    const HISTORY_SIZE: usize;
    /// Whether the quiescence search prunes (the `qs_pruning` feature):
    /// measured in shogi only, so chess keeps the full quiescence search.
    const QS_PRUNING: bool;
    /// Whether killers and the counter-move are reduced one ply less in
    /// late move reductions (the `killer_lmr` feature): the shogi family.
    const KILLER_LMR: bool;

    /// 0 for the first player (White / Black in shogi), 1 for the second.
    fn side_to_move(&self) -> usize;

    fn in_check(&self) -> bool;

    /// Static evaluation in centipawns from the side to move.
    fn evaluate(&self) -> i32;

    /// A key of the slow-changing part of the position (pawn structure)
    /// for the correction history: positions that share it tend to share
    /// the static evaluation's error.
    fn correction_key(&self) -> u64;

    /// Captures (of pieces or Tris, re-drops included) and promotions: the
    /// moves of the quiescence search.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// Appends the moves the quiescence search needs when not in check: a
    /// superset of the tactical moves. Returns whether that is every legal
    /// move (then an empty list means there is none). By default, every
    /// legal move.
    fn generate_for_qsearch(&self, list: &mut movegen::MoveList<Self::Move>) -> bool {
        self.generate(list);
        true
    }

    /// Appends the quiet (non-tactical) legal moves that give check, for
    /// the first ply of the quiescence search. By default none (chess: the
    /// quiescence search sees captures and promotions only).
    fn generate_quiet_checks(&self, _list: &mut movegen::MoveList<Self::Move>) {}

    /// A move of `legal` (this position's legal moves) after which the
    /// opponent has no legal move, if a cheap probe finds one; the search
    /// then returns the mate without searching the node. By default none
    /// (chess: its mates are found by the search soon enough).
    fn mate_in_one(&self, _legal: &movegen::MoveList<Self::Move>) -> Option<Self::Move> {
        None
    }

    /// A mate by checks for the side to move, looked for by a dedicated
    /// solver within `nodes` expansions or until `stop` says so. By default
    /// none is looked for (chess: its mates are found by the search).
    fn solve_mate(&self, _nodes: u64, _stop: &dyn Fn() -> bool) -> MateResult<Self::Move> {
        MateResult::Unknown
    }

    /// What [`SearchGame::threat_bonus`] needs, computed once per node
    /// whose quiet moves are ordered.
    type Threats: Copy;

    /// The enemy attacks that [`SearchGame::threat_bonus`] reads.
    fn threats(&self) -> Self::Threats;

    /// An ordering bonus for a quiet move that takes a piece out of reach
    /// of a cheaper attacker, a malus for one that puts a piece there
    /// (Stockfish's quiet-move threats). 0 where a game has none.
    fn threat_bonus(&self, threats: &Self::Threats, mv: Self::Move) -> i32;

    /// MVV-LVA ordering key of a tactical move (higher first).
    fn mvv_lva(&self, mv: Self::Move) -> i32;

    /// Static exchange evaluation: whether the exchange that `mv` starts
    /// wins at least `threshold` centipawns.
    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool;

    /// Index of a move for the history tables: mover kind, side, target.
    fn history_index(&self, mv: Self::Move) -> usize;

    /// The position with the turn passed, if a null move makes sense here
    /// (not in check, and the side has pieces besides pawns and king: the
    /// zugzwang guard).
    fn null_move(&self) -> Option<Self>;

    /// A draw by a counting rule (chess 50-move rule), judged before the
    /// moves of the node.
    fn counting_draw(&self) -> bool;

    /// How many plies back a repetition may lie (the chess halfmove clock;
    /// unbounded in shogi).
    fn repetition_window(&self) -> usize;

    /// The move packed into 32 bits for the transposition table, and back.
    fn move_to_bits(mv: Self::Move) -> u32;
    fn move_from_bits(bits: u32) -> Option<Self::Move>;
}

/// What a mate solver found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MateResult<M> {
    /// A mate: the line, the mating side's checks and the replies, ending
    /// in a position whose side to move has no legal move.
    Mate(Vec<M>),
    /// No mate by checks within the solver's ply cap.
    NoMate,
    /// Not settled within the budget (or no solver for this game).
    Unknown,
}

/// Whether `pv` from `pos` is a tsume: odd length, every move of the
/// attacker gives check, every move legal, and the defender has no legal
/// move at the end.
pub fn is_tsume<G: SearchGame>(pos: &G, pv: &[G::Move]) -> bool {
    if pv.len() % 2 == 0 {
        return false;
    }
    let mut p = pos.clone();
    for (i, &mv) in pv.iter().enumerate() {
        if !p.is_legal(mv) {
            return false;
        }
        p = p.play(mv);
        if i % 2 == 0 && !p.in_check() {
            return false;
        }
    }
    p.legal_moves().is_empty()
}
