//! What the front ends need from a game beyond the search:
//! [`ProtocolGame`], implemented for each rules core.

use movegen::Variant;
use search::SearchGame;

/// A game the protocols can play.
pub trait ProtocolGame: SearchGame {
    /// Whether the side to move wins now by the entering-king declaration
    /// (shogi family, CSA 27-point rule); never in chess.
    fn declaration_wins(&self) -> bool;

    /// The positions of the `bench` command: (variant, FEN or SFEN).
    fn bench_positions() -> Vec<(Variant, String)>;
}

impl ProtocolGame for movegen::chess::Position {
    fn declaration_wins(&self) -> bool {
        false
    }

    fn bench_positions() -> Vec<(Variant, String)> {
        search::bench::CHESS_POSITIONS
            .iter()
            .map(|&(v, fen)| (v, fen.to_string()))
            .collect()
    }
}

impl ProtocolGame for movegen::shogi::Position {
    fn declaration_wins(&self) -> bool {
        movegen::shogi::Position::declaration_wins(self)
    }

    fn bench_positions() -> Vec<(Variant, String)> {
        search::bench::SHOGI_POSITIONS
            .iter()
            .map(|&(v, fen)| (v, fen.to_string()))
            .collect()
    }
}
