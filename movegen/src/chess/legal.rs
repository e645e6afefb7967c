//! `is_legal` for moves that come from elsewhere (a transposition table, a
//! killer slot, a GUI): the move's shape is checked against the rules
//! directly, then king safety by playing it. This path shares no logic with
//! the generator's pin and check masks, so tests compare the two.

use super::attacks::{self, king_attacks, pawn_attacks, tris_steps};
use super::position::{
    castle_rook_squares, BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};
use super::{Bitboard, Move, MoveKind, Position, Role, Square};

impl Position {
    /// Whether `mv` is a legal move in this position.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        self.is_pseudo_legal(mv) && self.leaves_king_safe(mv)
    }

    fn leaves_king_safe(&self, mv: Move) -> bool {
        let us = self.turn;
        let next = {
            let mut p = self.clone();
            p.do_move(mv);
            p
        };
        (next.attackers(next.king(us), next.occupied(), us.other())).is_empty()
    }

    /// Non-capturing destinations of a standalone piece of `role` on `from`.
    fn quiet_targets(&self, role: Role, from: Square) -> Bitboard {
        let empty = !self.occupied();
        match role {
            Role::Pawn => {
                let us = self.turn;
                let Some(one) = from.offset(us.forward()).filter(|s| empty.contains(*s)) else {
                    return Bitboard::EMPTY;
                };
                let two = (from.rank() == us.pawn_rank())
                    .then(|| one.offset(us.forward()))
                    .flatten()
                    .filter(|s| empty.contains(*s));
                two.map_or(one.bb(), |t| one.bb().with(t))
            }
            Role::King => king_attacks(from) & empty,
            _ => attacks::attacks(role, self.turn, from, self.occupied()) & empty,
        }
    }

    fn promotion_ok(&self, role: Role, to: Square, promo: Option<Role>) -> bool {
        let must = role == Role::Pawn && to.rank() == self.turn.last_rank();
        match promo {
            None => !must,
            Some(p) => must && matches!(p, Role::Knight | Role::Bishop | Role::Rook | Role::Queen),
        }
    }

    fn is_pseudo_legal(&self, mv: Move) -> bool {
        let us = self.turn;
        let (from, to) = (mv.from(), mv.to());
        let occ = self.occupied();
        let ours = self.pieces(us);
        let theirs = self.pieces(us.other());
        match mv.kind() {
            MoveKind::Drop => self.reserve > 0 && self.drop_switch() && !occ.contains(to),
            MoveKind::Castle => {
                let (right, king_from) = match to.index() {
                    6 => (WHITE_KINGSIDE, 4),
                    2 => (WHITE_QUEENSIDE, 4),
                    62 => (BLACK_KINGSIDE, 60),
                    58 => (BLACK_QUEENSIDE, 60),
                    _ => return false,
                };
                if from.index() != king_from || self.castling & right == 0 || !ours.contains(from) {
                    return false;
                }
                let (rook_from, rook_to) = castle_rook_squares(to);
                let path = super::attacks::between(from, rook_from);
                // The king may not start in, pass through or land in check.
                (path & occ).is_empty()
                    && [from, rook_to, to]
                        .iter()
                        .all(|&s| !self.attackers(s, occ, us.other()).nonempty())
            }
            MoveKind::EnPassant => {
                self.ep == Some(to)
                    && self.pieces_of(us, Role::Pawn).contains(from)
                    && !self.tris.contains(from)
                    && pawn_attacks(us, from).contains(to)
            }
            kind => {
                let Some(role) = self.role_at(from).filter(|_| ours.contains(from)) else {
                    // A standalone Tris step (T-4, C-4, C-5).
                    return kind == MoveKind::Normal
                        && mv.promotion().is_none()
                        && self.movable_tris().contains(from)
                        && (tris_steps(from) & !occ).contains(to);
                };
                if !self.promotion_ok(role, to, mv.promotion()) {
                    return false;
                }
                let composite = self.tris.contains(from);
                let standalone_tris = self.standalone_tris();
                let capture_pattern = attacks::attacks(role, us, from, occ).contains(to);
                let king_ok = |t: Square| {
                    // C-3: the king takes a neutral Tris only with a co-attacker.
                    role != Role::King || !standalone_tris.contains(t) || {
                        (self.attackers(t, occ, us) & !from.bb()).nonempty()
                    }
                };
                match kind {
                    MoveKind::Separation => {
                        composite && self.quiet_targets(role, from).contains(to)
                    }
                    MoveKind::CaptureRedrop => {
                        let target_is_tris =
                            standalone_tris.contains(to) || (theirs & self.tris).contains(to);
                        let drop = mv.redrop().expect("a re-drop move has its square");
                        composite
                            && target_is_tris
                            && capture_pattern
                            && king_ok(to)
                            && (drop == from || !occ.contains(drop))
                            && drop != to
                    }
                    _ => {
                        if !occ.contains(to) {
                            let quiet = if composite {
                                tris_steps(from)
                            } else {
                                self.quiet_targets(role, from)
                            };
                            return quiet.contains(to);
                        }
                        if ours.contains(to) || !capture_pattern {
                            return false;
                        }
                        // A composite taking a Tris (alone or under an enemy
                        // piece) must re-drop it.
                        !(composite && self.tris.contains(to)) && king_ok(to)
                    }
                }
            }
        }
    }
}
