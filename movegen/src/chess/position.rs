//! The chess-family position and how a move changes it (copy-make).

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::zobrist::KEYS;
use super::{Bitboard, Color, Move, MoveKind, Piece, Role, Square};
use crate::Variant;

/// Castling rights, one bit each.
pub(crate) const WHITE_KINGSIDE: u8 = 1;
pub(crate) const WHITE_QUEENSIDE: u8 = 2;
pub(crate) const BLACK_KINGSIDE: u8 = 4;
pub(crate) const BLACK_QUEENSIDE: u8 = 8;

/// The lock state of a standalone Tris for the side to move (C-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrisLock {
    /// Both sides may move it (C-5 may freeze it for one ply).
    Pendulum,
    /// Base state single-locked to the side (C-7).
    Single(Color),
    /// Double-locked to the side (C-6).
    Double(Color),
}

/// A MengChess (or chess) position with every piece of state of rules.md
/// "Summary of state".
///
/// The Tris live in bitboard planes: `tris` holds every Tris on the board;
/// those under a regular piece are composites, the others are standalone.
/// Standalone Tris carry their base state in `single` (pendulum when in
/// neither plane) and the double lock in `dlock`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) tris: Bitboard,
    pub(crate) single: [Bitboard; 2],
    pub(crate) dlock: Option<Square>,
    pub(crate) frozen: Option<Square>,
    pub(crate) reserve: u8,
    pub(crate) captures: u8,
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) turn: Color,
    pub(crate) variant: Variant,
    pub(crate) hash: u64,
}

impl Position {
    pub(crate) fn empty(variant: Variant) -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            tris: Bitboard::EMPTY,
            single: [Bitboard::EMPTY; 2],
            dlock: None,
            frozen: None,
            reserve: 0,
            captures: 0,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            turn: Color::White,
            variant,
            hash: 0,
        }
    }

    // ---- read access -------------------------------------------------

    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Regular pieces (composites included) of one side.
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Regular pieces (composites included) of one role, both sides.
    pub fn role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    pub fn pieces_of(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// All regular pieces.
    pub fn regular(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Every Tris on the board, standalone or under a composite.
    pub fn tris(&self) -> Bitboard {
        self.tris
    }

    /// Standalone Tris.
    pub fn standalone_tris(&self) -> Bitboard {
        self.tris & !self.regular()
    }

    /// Squares holding a composite.
    pub fn composites(&self) -> Bitboard {
        self.tris & self.regular()
    }

    /// Every occupied square (pieces and Tris).
    pub fn occupied(&self) -> Bitboard {
        self.regular() | self.tris
    }

    pub fn reserve(&self) -> u8 {
        self.reserve
    }

    /// The capture count, capped at 2 (T-3).
    pub fn captures(&self) -> u8 {
        self.captures
    }

    /// T-3: drops are allowed once two captures were made.
    pub fn drop_switch(&self) -> bool {
        self.captures >= 2
    }

    pub fn frozen(&self) -> Option<Square> {
        self.frozen
    }

    pub fn dlock(&self) -> Option<Square> {
        self.dlock
    }

    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.regular().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    pub fn king(&self, color: Color) -> Square {
        self.pieces_of(color, Role::King)
            .first()
            .expect("every valid position has both kings")
    }

    /// The lock state of the standalone Tris on `sq` (C-4), if there is one.
    pub fn tris_lock(&self, sq: Square) -> Option<TrisLock> {
        if !self.standalone_tris().contains(sq) {
            return None;
        }
        Some(match self.dlock {
            Some(w) => TrisLock::Double(if w == sq { Color::White } else { Color::Black }),
            None if self.single[0].contains(sq) => TrisLock::Single(Color::White),
            None if self.single[1].contains(sq) => TrisLock::Single(Color::Black),
            None => TrisLock::Pendulum,
        })
    }

    /// Standalone Tris that the side to move may move now (C-4, C-5).
    pub fn movable_tris(&self) -> Bitboard {
        let standalone = self.standalone_tris();
        if standalone.is_empty() {
            return standalone;
        }
        match self.dlock {
            Some(w) => {
                let white = w.bb();
                match self.turn {
                    Color::White => white,
                    Color::Black => standalone & !white,
                }
            }
            None => {
                let them = self.turn.other().index();
                let mut movable = standalone & !self.single[them];
                if let Some(f) = self.frozen {
                    movable = movable.without(f);
                }
                movable
            }
        }
    }

    /// Regular pieces of `by` whose capture pattern reaches `sq` with
    /// occupancy `occ` (T-7: composites attack by their top piece; a Tris
    /// never attacks).
    #[inline]
    pub fn attackers(&self, sq: Square, occ: Bitboard, by: Color) -> Bitboard {
        let them = self.by_color[by.index()];
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        them & ((knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (king_attacks(sq) & self.by_role[Role::King.index()])
            | (pawn_attacks(by.other(), sq) & self.by_role[Role::Pawn.index()])
            | (rook_attacks(sq, occ) & rq)
            | (bishop_attacks(sq, occ) & bq))
    }

    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers(sq, self.occupied(), by).nonempty()
    }

    /// Enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king(self.turn), self.occupied(), self.turn.other())
    }

    pub fn in_check(&self) -> bool {
        self.checkers().nonempty()
    }

    /// The number of regular pieces of `color`, king and composites
    /// included (C-7).
    pub fn piece_count(&self, color: Color) -> u32 {
        self.by_color[color.index()].count()
    }

    // ---- state changes that keep the hash in step --------------------

    fn toggle_piece(&mut self, color: Color, role: Role, sq: Square) {
        self.by_color[color.index()] ^= sq.bb();
        self.by_role[role.index()] ^= sq.bb();
        self.hash ^= KEYS.piece[color.index()][role.index()][sq.index()];
    }

    fn toggle_tris(&mut self, sq: Square) {
        self.tris ^= sq.bb();
        self.hash ^= KEYS.tris[sq.index()];
    }

    fn toggle_single(&mut self, color: Color, sq: Square) {
        self.single[color.index()] ^= sq.bb();
        self.hash ^= KEYS.single[color.index()][sq.index()];
    }

    pub(crate) fn set_dlock(&mut self, sq: Option<Square>) {
        if let Some(s) = self.dlock {
            self.hash ^= KEYS.dlock[s.index()];
        }
        if let Some(s) = sq {
            self.hash ^= KEYS.dlock[s.index()];
        }
        self.dlock = sq;
    }

    pub(crate) fn set_frozen(&mut self, sq: Option<Square>) {
        if let Some(s) = self.frozen {
            self.hash ^= KEYS.frozen[s.index()];
        }
        if let Some(s) = sq {
            self.hash ^= KEYS.frozen[s.index()];
        }
        self.frozen = sq;
    }

    pub(crate) fn set_ep(&mut self, sq: Option<Square>) {
        if let Some(s) = self.ep {
            self.hash ^= KEYS.ep_file[s.file() as usize];
        }
        if let Some(s) = sq {
            self.hash ^= KEYS.ep_file[s.file() as usize];
        }
        self.ep = sq;
    }

    fn set_castling(&mut self, rights: u8) {
        let diff = self.castling ^ rights;
        for (i, key) in KEYS.castling.iter().enumerate() {
            if diff & (1 << i) != 0 {
                self.hash ^= key;
            }
        }
        self.castling = rights;
    }

    fn set_reserve(&mut self, n: u8) {
        self.hash ^= KEYS.reserve[self.reserve as usize] ^ KEYS.reserve[n as usize];
        self.reserve = n;
    }

    fn set_captures(&mut self, n: u8) {
        self.hash ^= KEYS.captures[self.captures as usize] ^ KEYS.captures[n as usize];
        self.captures = n;
    }

    /// Places things during set-up (FEN reading); keeps the hash in step.
    pub(crate) fn put_piece(&mut self, piece: Piece, sq: Square) {
        self.toggle_piece(piece.color, piece.role, sq);
    }

    pub(crate) fn put_tris(&mut self, sq: Square, single: Option<Color>) {
        self.toggle_tris(sq);
        if let Some(c) = single {
            self.toggle_single(c, sq);
        }
    }

    pub(crate) fn init_counters(&mut self, reserve: u8, captures: u8, castling: u8) {
        self.hash ^= KEYS.reserve[0] ^ KEYS.captures[0];
        self.set_reserve(reserve);
        self.set_captures(captures);
        self.set_castling(castling);
        if self.turn == Color::Black {
            self.hash ^= KEYS.black_to_move;
        }
    }

    /// The Zobrist key recomputed from the state.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces_of(color, role) {
                    h ^= KEYS.piece[color.index()][role.index()][sq.index()];
                }
            }
            for sq in self.single[color.index()] {
                h ^= KEYS.single[color.index()][sq.index()];
            }
        }
        for sq in self.tris {
            h ^= KEYS.tris[sq.index()];
        }
        if let Some(s) = self.dlock {
            h ^= KEYS.dlock[s.index()];
        }
        if let Some(s) = self.frozen {
            h ^= KEYS.frozen[s.index()];
        }
        if let Some(s) = self.ep {
            h ^= KEYS.ep_file[s.file() as usize];
        }
        for (i, key) in KEYS.castling.iter().enumerate() {
            if self.castling & (1 << i) != 0 {
                h ^= key;
            }
        }
        h ^= KEYS.reserve[self.reserve as usize] ^ KEYS.captures[self.captures as usize];
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    // ---- making a move -----------------------------------------------

    /// C-6: a neutral standalone Tris appears on `sq` (drop, re-drop or
    /// separation) by a move of `mover`; `single` is its base state.
    fn tris_appears(&mut self, sq: Square, mover: Color, single: bool) {
        if single {
            self.toggle_single(mover, sq);
        }
        let others = self.standalone_tris().without(sq);
        match others.first() {
            Some(other) => {
                // Double lock: the new Tris to the mover, the other to the opponent.
                let white = if mover == Color::White { sq } else { other };
                self.set_dlock(Some(white));
            }
            None if !single => self.set_frozen(Some(sq)),
            None => {}
        }
    }

    /// A standalone Tris on `sq` stops being standalone (it was captured):
    /// its lock bits go, and a double lock ends (the other Tris returns to
    /// its base state, not frozen).
    fn tris_taken(&mut self, sq: Square) {
        for color in Color::ALL {
            if self.single[color.index()].contains(sq) {
                self.toggle_single(color, sq);
            }
        }
        self.set_dlock(None);
    }

    /// Plays a legal move in place.
    pub fn do_move(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.other();
        self.set_ep(None);
        self.set_frozen(None);
        self.halfmove += 1;
        let from = mv.from();
        let to = mv.to();
        let rights = self.castling & CASTLING_MASK[from.index()] & CASTLING_MASK[to.index()];
        match mv.kind() {
            MoveKind::Drop => {
                self.set_reserve(self.reserve - 1);
                self.toggle_tris(to);
                self.tris_appears(to, us, false);
                self.halfmove = 0;
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = castle_rook_squares(to);
                self.toggle_piece(us, Role::King, from);
                self.toggle_piece(us, Role::King, to);
                self.toggle_piece(us, Role::Rook, rook_from);
                self.toggle_piece(us, Role::Rook, rook_to);
            }
            MoveKind::EnPassant => {
                let victim = Square::new((to.index() as i8 - us.forward()) as u8);
                self.toggle_piece(them, Role::Pawn, victim);
                self.toggle_piece(us, Role::Pawn, from);
                self.toggle_piece(us, Role::Pawn, to);
                self.set_captures((self.captures + 1).min(2));
                self.halfmove = 0;
            }
            MoveKind::Separation => {
                let role = self
                    .role_at(from)
                    .expect("a separation starts from a composite");
                self.toggle_piece(us, role, from);
                self.toggle_piece(us, mv.promotion().unwrap_or(role), to);
                if role == Role::Pawn {
                    self.halfmove = 0;
                    self.note_double_step(from, to);
                }
                let single = self.piece_count(us) <= 3;
                self.tris_appears(from, us, single);
            }
            MoveKind::Normal | MoveKind::CaptureRedrop => {
                let Some(role) = self.role_at(from) else {
                    // A standalone Tris steps (T-4); its lock travels with it.
                    self.tris_step(from, to);
                    self.finish(us, rights);
                    return;
                };
                let composite = self.tris.contains(from);
                let target_piece = self.piece_at(to);
                let target_tris = self.tris.contains(to);
                if let Some(victim) = target_piece {
                    self.toggle_piece(them, victim.role, to);
                    self.set_captures((self.captures + 1).min(2));
                }
                if target_tris && target_piece.is_none() {
                    self.tris_taken(to);
                }
                if target_piece.is_some() || target_tris {
                    self.halfmove = 0;
                }
                if role == Role::Pawn {
                    self.halfmove = 0;
                }
                self.toggle_piece(us, role, from);
                self.toggle_piece(us, mv.promotion().unwrap_or(role), to);
                if composite {
                    self.toggle_tris(from);
                    if !target_tris {
                        self.toggle_tris(to);
                    }
                } else if role == Role::Pawn {
                    self.note_double_step(from, to);
                }
                if let Some(d) = mv.redrop() {
                    self.toggle_tris(d);
                    self.tris_appears(d, us, false);
                }
            }
        }
        self.finish(us, rights);
    }

    fn finish(&mut self, us: Color, rights: u8) {
        self.set_castling(rights);
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = us.other();
        self.hash ^= KEYS.black_to_move;
        if let Some(ep) = self.ep {
            // Keep the en-passant square only if the capture is legal.
            if !self.ep_capture_legal(ep) {
                self.set_ep(None);
            }
        }
    }

    /// Passes the turn (a search device, never a move of the game): the
    /// en-passant square and the frozen square lapse as after any ply.
    pub fn do_null_move(&mut self) {
        self.set_ep(None);
        self.set_frozen(None);
        self.halfmove += 1;
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = self.turn.other();
        self.hash ^= KEYS.black_to_move;
    }

    fn tris_step(&mut self, from: Square, to: Square) {
        self.toggle_tris(from);
        self.toggle_tris(to);
        for color in Color::ALL {
            if self.single[color.index()].contains(from) {
                self.toggle_single(color, from);
                self.toggle_single(color, to);
            }
        }
        match self.dlock {
            Some(w) if w == from => self.set_dlock(Some(to)),
            Some(_) => {}
            None => {
                if !(self.single[0] | self.single[1]).contains(to) {
                    self.set_frozen(Some(to));
                }
            }
        }
    }

    /// A standalone pawn double step sets a candidate en-passant square;
    /// `finish` keeps it only if the capture is legal.
    fn note_double_step(&mut self, from: Square, to: Square) {
        if from.rank().abs_diff(to.rank()) == 2 {
            self.set_ep(Some(Square::new(((from.index() + to.index()) / 2) as u8)));
        }
    }

    /// Whether the side to move has a legal en-passant capture onto `ep`.
    pub(crate) fn ep_capture_legal(&self, ep: Square) -> bool {
        let us = self.turn;
        let them = us.other();
        let victim = Square::new((ep.index() as i8 - us.forward()) as u8);
        if !self.pieces_of(them, Role::Pawn).contains(victim) || self.tris.contains(victim) {
            return false;
        }
        let pawns = pawn_attacks(them, ep) & self.pieces_of(us, Role::Pawn) & !self.tris;
        let king = self.king(us);
        pawns.into_iter().any(|from| {
            let occ = (self.occupied() & !from.bb() & !victim.bb()) | ep.bb();
            let enemies = self.by_color[them.index()] & !victim.bb();
            (self.attackers(king, occ, them) & enemies).is_empty()
        })
    }
}

/// Rook squares of a castling move, from the king's destination.
pub(crate) fn castle_rook_squares(king_to: Square) -> (Square, Square) {
    match king_to.index() {
        6 => (Square::new(7), Square::new(5)),
        2 => (Square::new(0), Square::new(3)),
        62 => (Square::new(63), Square::new(61)),
        _ => (Square::new(56), Square::new(59)),
    }
}

/// Castling rights that survive a move touching each square.
const CASTLING_MASK: [u8; 64] = {
    let mut m = [15u8; 64];
    m[0] = 15 & !WHITE_QUEENSIDE;
    m[4] = 15 & !(WHITE_KINGSIDE | WHITE_QUEENSIDE);
    m[7] = 15 & !WHITE_KINGSIDE;
    m[56] = 15 & !BLACK_QUEENSIDE;
    m[60] = 15 & !(BLACK_KINGSIDE | BLACK_QUEENSIDE);
    m[63] = 15 & !BLACK_KINGSIDE;
    m
};

#[cfg(test)]
mod size {
    /// Copy-make copies the whole position per move: keep it small.
    #[test]
    fn position_is_small() {
        assert!(
            std::mem::size_of::<super::Position>() <= 128,
            "{}",
            std::mem::size_of::<super::Position>()
        );
    }
}
