//! The shogi-family state (rules.md "Summary of state", shogi column) and
//! copy-make with the Zobrist key kept in step.

use super::attacks::{
    self, bishop_attacks, rook_attacks, BISHOP_PSEUDO, KING_STEP, ROOK_PSEUDO, STEP, TRIS_STEP,
};
use super::zobrist::KEYS;
use super::{Bitboard, Color, Move, MoveKind, Piece, Role, Square};
use crate::Variant;

/// A position of `shogi`, `trisshogi` or `mengshogi`.
///
/// Regular pieces (standalone or the top piece X of a composite) are in
/// `board`, `by_color` and `by_role`; every Tris on the board is in `tris`;
/// a standalone Tris is also in `tris_lock[side it is locked to]` (S-1).
/// A composite is a square in both `tris` and a colour set (T-6).
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 14],
    pub(crate) tris: Bitboard,
    pub(crate) tris_lock: [Bitboard; 2],
    /// [color][hand index in R B G S N L P order]
    pub(crate) hands: [[u8; 7]; 2],
    /// Tris still in the reserve (T-2).
    pub(crate) reserve: u8,
    /// Moves that removed a regular piece, capped at 3 (T-3); always 0 in
    /// `shogi`, which has no Tris.
    pub(crate) captures: u8,
    /// Forced-drop mode (S-F1).
    pub(crate) forced: bool,
    /// The square of the S-F2b recapture option, for this ply only.
    pub(crate) recapture: Option<Square>,
    pub(crate) turn: Color,
    /// The SFEN move number (increases by one every ply).
    pub(crate) move_number: u32,
    pub(crate) kings: [Square; 2],
    pub(crate) variant: Variant,
    pub(crate) hash: u64,
}

impl PartialEq for Position {
    /// Equality of the full rule state (the move number excluded).
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.tris == other.tris
            && self.tris_lock == other.tris_lock
            && self.hands == other.hands
            && self.reserve == other.reserve
            && self.captures == other.captures
            && self.forced == other.forced
            && self.recapture == other.recapture
            && self.turn == other.turn
            && self.variant == other.variant
    }
}

impl Position {
    /// An empty board (no kings: callers place them), Black to move.
    pub(crate) fn empty(variant: Variant) -> Position {
        Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 14],
            tris: Bitboard::EMPTY,
            tris_lock: [Bitboard::EMPTY; 2],
            hands: [[0; 7]; 2],
            reserve: 0,
            captures: 0,
            forced: false,
            recapture: None,
            turn: Color::Black,
            move_number: 1,
            kings: [Square::new(0); 2],
            variant,
            hash: 0,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The regular piece on `sq` (standalone or the top of a composite).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Every Tris on the board, standalone or under a composite.
    pub fn tris(&self) -> Bitboard {
        self.tris
    }

    /// The standalone Tris locked to `color` (S-1).
    pub fn tris_locked_to(&self, color: Color) -> Bitboard {
        self.tris_lock[color.index()]
    }

    /// The composites of either side.
    pub fn composites(&self) -> Bitboard {
        self.tris & (self.by_color[0] | self.by_color[1])
    }

    /// The regular pieces of `color` (composites included).
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    pub fn role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1] | self.tris
    }

    pub fn hand(&self, color: Color, role: Role) -> u8 {
        self.hands[color.index()][role.hand_index()]
    }

    pub fn reserve(&self) -> u8 {
        self.reserve
    }

    pub fn captures(&self) -> u8 {
        self.captures
    }

    pub fn forced_drop(&self) -> bool {
        self.forced
    }

    pub fn recapture_square(&self) -> Option<Square> {
        self.recapture
    }

    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// T-3: Tris drops are allowed.
    pub fn drop_switch(&self) -> bool {
        self.captures >= 2 && self.reserve > 0
    }

    /// Gold-like movers: gold and the four promoted minor pieces.
    #[inline]
    pub(crate) fn golds(&self) -> Bitboard {
        self.by_role[Role::Gold as usize]
            | self.by_role[Role::ProPawn as usize]
            | self.by_role[Role::ProLance as usize]
            | self.by_role[Role::ProKnight as usize]
            | self.by_role[Role::ProSilver as usize]
    }

    /// The regular pieces of `by` that attack `sq` with occupancy `occ`
    /// (composites attack by their X, T-7; a Tris never attacks, T-5).
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let them = by.other().index();
        let s = sq.index();
        let r = &self.by_role;
        let rook_like = r[Role::Rook as usize] | r[Role::Dragon as usize];
        let bishop_like = r[Role::Bishop as usize] | r[Role::Horse as usize];
        let kings = r[Role::King as usize] | r[Role::Horse as usize] | r[Role::Dragon as usize];
        let mut a = (STEP[them][attacks::S_PAWN][s] & r[Role::Pawn as usize])
            | (STEP[them][attacks::S_KNIGHT][s] & r[Role::Knight as usize])
            | (STEP[them][attacks::S_SILVER][s] & r[Role::Silver as usize])
            | (STEP[them][attacks::S_GOLD][s] & self.golds())
            | (KING_STEP[s] & kings);
        let mine = self.by_color[by.index()];
        // Sliders only where one of `by` stands on a line through `sq`.
        let rook_like = rook_like & mine;
        if (ROOK_PSEUDO[s] & rook_like).nonempty() {
            a |= rook_attacks(sq, occ) & rook_like;
        }
        let lances = r[Role::Lance as usize] & mine;
        let lance_dir = match by {
            Color::Black => attacks::DOWN,
            Color::White => attacks::UP,
        };
        if (attacks::RAYS[lance_dir][s] & lances).nonempty() {
            a |= attacks::ray_attacks(lance_dir, sq, occ) & lances;
        }
        let bishop_like = bishop_like & mine;
        if (BISHOP_PSEUDO[s] & bishop_like).nonempty() {
            a |= bishop_attacks(sq, occ) & bishop_like;
        }
        a & mine
    }

    /// Every square that a regular piece of `by` attacks with occupancy
    /// `occ` (composites by their X; a Tris never attacks).
    pub(crate) fn attack_map(&self, by: Color, occ: Bitboard) -> Bitboard {
        let c = by.index();
        let mine = self.by_color[c];
        let r = &self.by_role;
        let pawns = r[Role::Pawn as usize] & mine;
        let mut m = match by {
            Color::Black => Bitboard(pawns.0 >> 9),
            Color::White => Bitboard(pawns.0 << 9),
        };
        for s in r[Role::Knight as usize] & mine {
            m |= STEP[c][attacks::S_KNIGHT][s.index()];
        }
        for s in r[Role::Silver as usize] & mine {
            m |= STEP[c][attacks::S_SILVER][s.index()];
        }
        for s in self.golds() & mine {
            m |= STEP[c][attacks::S_GOLD][s.index()];
        }
        let kings = r[Role::King as usize] | r[Role::Horse as usize] | r[Role::Dragon as usize];
        for s in kings & mine {
            m |= KING_STEP[s.index()];
        }
        for s in r[Role::Lance as usize] & mine {
            m |= attacks::lance_attacks(by, s, occ);
        }
        for s in (r[Role::Bishop as usize] | r[Role::Horse as usize]) & mine {
            m |= bishop_attacks(s, occ);
        }
        for s in (r[Role::Rook as usize] | r[Role::Dragon as usize]) & mine {
            m |= rook_attacks(s, occ);
        }
        m
    }

    /// The pieces of the opponent of the side to move giving check.
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        self.attackers_to(self.king(us), us.other(), self.occupied())
    }

    pub fn in_check(&self) -> bool {
        self.checkers().nonempty()
    }

    /// S-3: the number of attacks `by` has on `sq`: its pieces whose capture
    /// pattern reaches it (clear lines only), plus one virtual attack from
    /// each standalone Tris locked to `by` one Tris step away.
    pub fn tris_attack_count(&self, sq: Square, by: Color) -> u32 {
        self.attackers_to(sq, by, self.occupied()).count()
            + (TRIS_STEP[sq.index()] & self.tris_lock[by.index()]).count()
    }

    /// The Zobrist key recomputed from scratch.
    pub fn compute_hash(&self) -> u64 {
        let k = &KEYS;
        let mut h = 0;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                h ^= k.piece[p.color.index()][p.role.index()][sq.index()];
                if self.tris.contains(sq) {
                    h ^= k.tris_under[sq.index()];
                }
            }
            for c in 0..2 {
                if self.tris_lock[c].contains(sq) {
                    h ^= k.tris_lock[c][sq.index()];
                }
            }
        }
        for c in 0..2 {
            for i in 0..7 {
                h ^= k.hand[c][i][self.hands[c][i] as usize];
            }
        }
        h ^= k.reserve[self.reserve as usize];
        h ^= k.captures[self.captures as usize];
        if self.forced {
            h ^= k.forced;
        }
        if let Some(sq) = self.recapture {
            h ^= k.recapture[sq.index()];
        }
        if self.turn == Color::White {
            h ^= k.white_to_move;
        }
        h
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        self.by_color[p.color.index()] ^= sq.bb();
        self.by_role[p.role.index()] ^= sq.bb();
        self.hash ^= KEYS.piece[p.color.index()][p.role.index()][sq.index()];
        if p.role == Role::King {
            self.kings[p.color.index()] = sq;
        }
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()].take().expect("a piece to remove");
        self.by_color[p.color.index()] ^= sq.bb();
        self.by_role[p.role.index()] ^= sq.bb();
        self.hash ^= KEYS.piece[p.color.index()][p.role.index()][sq.index()];
        p
    }

    /// Puts a standalone Tris locked to `c`.
    #[inline]
    pub(crate) fn put_locked(&mut self, sq: Square, c: Color) {
        self.tris |= sq.bb();
        self.tris_lock[c.index()] |= sq.bb();
        self.hash ^= KEYS.tris_lock[c.index()][sq.index()];
    }

    /// Removes a standalone Tris, returning the side it was locked to.
    #[inline]
    pub(crate) fn remove_locked(&mut self, sq: Square) -> Color {
        let c = if self.tris_lock[0].contains(sq) {
            Color::Black
        } else {
            Color::White
        };
        self.tris &= !sq.bb();
        self.tris_lock[c.index()] &= !sq.bb();
        self.hash ^= KEYS.tris_lock[c.index()][sq.index()];
        c
    }

    #[inline]
    pub(crate) fn put_under(&mut self, sq: Square) {
        self.tris |= sq.bb();
        self.hash ^= KEYS.tris_under[sq.index()];
    }

    #[inline]
    pub(crate) fn remove_under(&mut self, sq: Square) {
        self.tris &= !sq.bb();
        self.hash ^= KEYS.tris_under[sq.index()];
    }

    #[inline]
    pub(crate) fn add_hand(&mut self, c: Color, role: Role, delta: i8) {
        let i = role.unpromoted().hand_index();
        let n = &mut self.hands[c.index()][i];
        let old = *n;
        *n = (old as i8 + delta) as u8;
        self.hash ^= KEYS.hand[c.index()][i][old as usize] ^ KEYS.hand[c.index()][i][*n as usize];
    }

    pub(crate) fn set_captures(&mut self, n: u8) {
        self.hash ^= KEYS.captures[self.captures as usize] ^ KEYS.captures[n as usize];
        self.captures = n;
    }

    pub(crate) fn set_reserve(&mut self, n: u8) {
        self.hash ^= KEYS.reserve[self.reserve as usize] ^ KEYS.reserve[n as usize];
        self.reserve = n;
    }

    pub(crate) fn set_forced(&mut self, f: bool) {
        if f != self.forced {
            self.hash ^= KEYS.forced;
            self.forced = f;
        }
    }

    pub(crate) fn set_recapture(&mut self, sq: Option<Square>) {
        if let Some(s) = self.recapture {
            self.hash ^= KEYS.recapture[s.index()];
        }
        if let Some(s) = sq {
            self.hash ^= KEYS.recapture[s.index()];
        }
        self.recapture = sq;
    }

    /// Removes whatever enemy or Tris stands on `to` before a unit of `us`
    /// lands there. Returns whether a regular piece was removed (T-3), and
    /// whether a Tris stays on `to` (it was a standalone Tris or under an
    /// enemy composite); the caller decides whether it forms a composite or
    /// is re-dropped.
    #[inline]
    fn clear_target(&mut self, to: Square, us: Color) -> (bool, bool) {
        let mut removed = false;
        let mut tris = false;
        if self.board[to.index()].is_some() {
            let p = self.remove(to);
            self.add_hand(us, p.role, 1);
            removed = true;
            if self.tris.contains(to) {
                self.remove_under(to);
                tris = true;
            }
        } else if self.tris.contains(to) {
            self.remove_locked(to);
            tris = true;
        }
        (removed, tris)
    }

    /// Plays `mv` in place; `mv` must be legal (or at least pseudo-legal:
    /// the state stays consistent).
    pub(crate) fn do_move(&mut self, mv: Move) {
        let us = self.turn;
        let to = mv.to();
        let mut removed = false;
        let reserve_before = self.reserve;
        match mv.kind() {
            MoveKind::Normal => {
                let from = mv.from();
                match self.board[from.index()] {
                    None => {
                        // A standalone Tris step (T-4).
                        let c = self.remove_locked(from);
                        self.put_locked(to, c);
                    }
                    Some(p) => {
                        let composite = self.tris.contains(from);
                        self.remove(from);
                        if composite {
                            self.remove_under(from);
                        }
                        let (r, tris_there) = self.clear_target(to, us);
                        removed = r;
                        let role = if mv.promotes() {
                            p.role.promoted()
                        } else {
                            p.role
                        };
                        self.put(to, Piece::new(us, role));
                        if composite || tris_there {
                            self.put_under(to);
                        }
                    }
                }
            }
            MoveKind::CaptureRedrop => {
                let from = mv.from();
                let p = self.remove(from);
                self.remove_under(from);
                let (r, _) = self.clear_target(to, us);
                removed = r;
                let role = if mv.promotes() {
                    p.role.promoted()
                } else {
                    p.role
                };
                self.put(to, Piece::new(us, role));
                self.put_under(to);
                let redrop = mv.redrop().expect("a re-drop square");
                self.put_locked(redrop, us);
            }
            MoveKind::Drop => {
                let role = mv.drop_role();
                self.add_hand(us, role, -1);
                self.put(to, Piece::new(us, role));
            }
            MoveKind::TrisDrop => {
                self.set_reserve(self.reserve - 1);
                self.put_locked(to, us);
            }
            MoveKind::SeparateX => {
                let from = mv.from();
                let p = self.remove(from);
                self.remove_under(from);
                self.put_locked(from, us);
                let role = if mv.promotes() {
                    p.role.promoted()
                } else {
                    p.role
                };
                self.put(to, Piece::new(us, role));
            }
            MoveKind::SeparateTris => {
                let from = mv.from();
                self.remove_under(from);
                self.put_locked(to, us);
            }
        }
        let mut recapture = None;
        if removed && self.variant.has_tris() && self.captures < 3 {
            let n = self.captures + 1;
            self.set_captures(n);
            if n == 3 && reserve_before == 2 {
                // S-F1: the third capture with both Tris still in reserve.
                self.set_forced(true);
                recapture = Some(to);
            }
        }
        if self.reserve == 0 {
            self.set_forced(false); // S-F3
        }
        self.set_recapture(recapture);
        self.turn = us.other();
        self.hash ^= KEYS.white_to_move;
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Passes the turn (a search device, never a move of the game): the
    /// S-F2b recapture option lapses as after any ply.
    pub fn do_null_move(&mut self) {
        self.set_recapture(None);
        self.turn = self.turn.other();
        self.hash ^= KEYS.white_to_move;
        self.move_number = self.move_number.saturating_add(1);
    }
}
