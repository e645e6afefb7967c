//! USI specifics: the handshake and `go mate` (tsume): a mate line is
//! answered only once it checks out as a real tsume, every attacking move a
//! check and the defender left without a legal move.

use std::sync::Mutex;

use search::threads::Control;
use search::{is_tsume, Info, Reporter, Score, SearchGame};

use crate::command::Protocol;
use crate::options::{declaration, definitions};
use crate::output::{info_line, moves_text, Out};
use crate::uci::{engine_name, AUTHOR};

/// The answer to `usi`: ids, options, `usiok`.
pub fn handshake() -> Vec<String> {
    let mut lines = vec![
        format!("id name {}", engine_name()),
        format!("id author {AUTHOR}"),
    ];
    lines.extend(definitions(Protocol::Usi).iter().map(declaration));
    lines.push("usiok".into());
    lines
}

/// Whether the side to move has a move that gives check.
pub fn has_checking_move<G: SearchGame>(pos: &G) -> bool {
    pos.legal_moves()
        .into_iter()
        .any(|m| pos.play(m).in_check())
}

/// The reporter of `go mate`: prints the progress and stops the search at
/// the first verified tsume.
pub struct MateFinder<G: SearchGame> {
    root: G,
    out: Out,
    control: Control,
    found: Mutex<Option<Vec<G::Move>>>,
}

impl<G: SearchGame> MateFinder<G> {
    pub fn new(root: &G, out: Out, control: Control) -> Self {
        MateFinder {
            root: root.clone(),
            out,
            control,
            found: Mutex::new(None),
        }
    }

    /// `checkmate <moves>`, or `checkmate nomate` when the search ran to
    /// its full depth without a mate, or `checkmate timeout`.
    pub fn answer(&self, exhausted: bool) -> String {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        match found.as_ref() {
            Some(pv) => format!("checkmate {}", moves_text(pv)),
            None if exhausted => "checkmate nomate".into(),
            None => "checkmate timeout".into(),
        }
    }
}

impl<G: SearchGame> Reporter<G::Move> for MateFinder<G> {
    fn info(&self, info: &Info<G::Move>) {
        self.out.line(&info_line(Protocol::Usi, info));
        if info.multipv != 1 {
            return;
        }
        if let Score::MatePlies(p) = info.score {
            if p > 0 && is_tsume(&self.root, &info.pv) {
                let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
                if found.is_none() {
                    *found = Some(info.pv.clone());
                    self.control.stop();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Game, Variant};

    #[test]
    fn tsume_checks() {
        // Black: gold in hand; White king on 5a, black pawn on 5c: G*5b mates.
        let pos =
            movegen::shogi::Position::from_fen(Variant::Shogi, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
                .unwrap();
        assert!(has_checking_move(&pos));
        let mate = pos.parse_move("G*5b").unwrap();
        assert!(is_tsume(&pos, &[mate]));
        let quiet = pos.parse_move("5i4i").unwrap();
        assert!(!is_tsume(&pos, &[quiet]));
        assert!(!is_tsume(&pos, &[]));
    }
}
