//! Legal move generation for `chess` and `mengchess` (rules T-1..T-10,
//! C-1..C-11).
//!
//! Ordinary moves are generated legal directly, with a check mask and the
//! set of sole blockers between the king and enemy sliders (Tris and enemy
//! pieces can be such blockers). Moves that change occupancy in other ways
//! (en passant, flying-knife captures with their re-drop, king moves) are
//! checked against the attacks on the king after the move.

use super::attacks::{between, king_attacks, line, pawn_attacks, tris_steps};
use super::position::{
    castle_rook_squares, Position, BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};
use super::{attacks, Bitboard, Color, Move, Role, Square};
use crate::MoveList;

/// What the generator knows about the side to move.
struct Context {
    us: Color,
    them: Color,
    king: Square,
    occ: Bitboard,
    empty: Bitboard,
    checkers: Bitboard,
    /// Destinations that resolve a single check (all squares when not in
    /// check).
    check_mask: Bitboard,
    /// Sole blockers (of any kind) between our king and an enemy slider.
    blockers: Bitboard,
}

impl Position {
    fn context(&self) -> Context {
        let us = self.turn;
        let them = us.other();
        let king = self.king(us);
        let occ = self.occupied();
        let checkers = self.attackers(king, occ, them);
        let check_mask = match checkers.single() {
            _ if checkers.is_empty() => Bitboard::FULL,
            Some(c) => between(king, c) | c.bb(),
            None => Bitboard::EMPTY,
        };
        let theirs = self.by_color[them.index()];
        let rq = (self.role(Role::Rook) | self.role(Role::Queen)) & theirs;
        let bq = (self.role(Role::Bishop) | self.role(Role::Queen)) & theirs;
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & rq)
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & bq);
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occ;
            if b.nonempty() && !b.more_than_one() {
                blockers |= b;
            }
        }
        Context {
            us,
            them,
            king,
            occ,
            empty: !occ,
            checkers,
            check_mask,
            blockers,
        }
    }

    /// Unit moves (everything on `from` moves) are legal when they resolve
    /// any check and do not leave a pin line.
    #[inline]
    fn unit_ok(ctx: &Context, from: Square, to: Square) -> bool {
        ctx.check_mask.contains(to)
            && (!ctx.blockers.contains(from) || line(ctx.king, from).contains(to))
    }

    /// Whether the king on `sq` is safe with occupancy `occ` and enemy
    /// pieces `enemies`.
    #[inline]
    fn safe(&self, ctx: &Context, sq: Square, occ: Bitboard, enemies: Bitboard) -> bool {
        (self.attackers(sq, occ, ctx.them) & enemies).is_empty()
    }

    /// Appends every legal move to `list`.
    pub fn generate_into(&self, list: &mut MoveList<Move>) {
        let ctx = self.context();
        let double_check = ctx.checkers.more_than_one();
        self.gen_king(&ctx, list);
        self.gen_redrops(&ctx, list);
        if double_check {
            return;
        }
        self.gen_pieces(&ctx, list);
        self.gen_tris_steps(&ctx, list);
        if self.reserve > 0 && self.drop_switch() {
            // C-10: a drop only blocks, so it is legal where it resolves the check.
            let mask = if ctx.checkers.nonempty() {
                ctx.check_mask & ctx.empty
            } else {
                ctx.empty
            };
            list.extend(mask.map(Move::drop));
        }
    }

    /// C-3: the king may take a neutral Tris only with a co-attacker.
    fn king_may_take_tris(&self, ctx: &Context, sq: Square) -> bool {
        (self.attackers(sq, ctx.occ, ctx.us) & !ctx.king.bb()).nonempty()
    }

    fn gen_king(&self, ctx: &Context, list: &mut MoveList<Move>) {
        let k = ctx.king;
        let theirs = self.by_color[ctx.them.index()];
        let composite = self.tris.contains(k);
        let standalone_tris = self.standalone_tris();
        let occ_without = ctx.occ & !k.bb();
        // Captures of enemy pieces; a standalone king also takes Tris (C-3).
        let mut captures = king_attacks(k) & theirs;
        if composite {
            // A composite king takes enemy composites and Tris with a re-drop
            // (gen_redrops); here only enemy standalone pieces.
            captures &= !self.tris;
        } else {
            for t in king_attacks(k) & standalone_tris {
                if self.king_may_take_tris(ctx, t) {
                    captures |= t.bb();
                }
            }
        }
        let quiet = if composite {
            tris_steps(k) & ctx.empty
        } else {
            king_attacks(k) & ctx.empty
        };
        for to in captures | quiet {
            if self.safe(ctx, to, occ_without, theirs) {
                list.push(Move::normal(k, to, None));
            }
        }
        if composite {
            // T-8: the king leaves, the Tris stays on its square.
            for to in king_attacks(k) & ctx.empty {
                if self.safe(ctx, to, ctx.occ, theirs) {
                    list.push(Move::separation(k, to, None));
                }
            }
            return;
        }
        if ctx.checkers.nonempty() || self.castling == 0 {
            return;
        }
        let sides: [(u8, u8, [u8; 2]); 2] = match ctx.us {
            Color::White => [(WHITE_KINGSIDE, 6, [5, 6]), (WHITE_QUEENSIDE, 2, [3, 2])],
            Color::Black => [
                (BLACK_KINGSIDE, 62, [61, 62]),
                (BLACK_QUEENSIDE, 58, [59, 58]),
            ],
        };
        for (right, king_to, pass) in sides {
            if self.castling & right == 0 {
                continue;
            }
            let king_to = Square::new(king_to);
            let (rook_from, _) = castle_rook_squares(king_to);
            let path = between(k, rook_from);
            if (path & ctx.occ).nonempty() {
                continue;
            }
            if pass
                .iter()
                .all(|&s| self.safe(ctx, Square::new(s), ctx.occ, theirs))
            {
                list.push(Move::castle(k, king_to));
            }
        }
    }

    /// Regular pieces other than the king.
    fn gen_pieces(&self, ctx: &Context, list: &mut MoveList<Move>) {
        let us = ctx.us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[ctx.them.index()];
        let standalone_tris = self.standalone_tris();
        let last = Bitboard::rank(us.last_rank());
        let king_bb = self.role(Role::King);
        for from in ours & !king_bb {
            let role = self.role_at(from).expect("a regular piece stands here");
            let composite = self.tris.contains(from);
            let att = attacks::attacks(role, us, from, ctx.occ);
            // Captures: enemy pieces, standalone Tris (C-2). A composite
            // taking a Tris (alone or under an enemy piece) re-drops it:
            // gen_redrops.
            let mut targets = att & (theirs | standalone_tris);
            if composite {
                targets &= !self.tris;
            }
            let quiet_unit = if composite {
                tris_steps(from) & ctx.empty
            } else if role == Role::Pawn {
                self.pawn_pushes(from, ctx.empty)
            } else {
                att & ctx.empty
            };
            for to in targets | quiet_unit {
                if Self::unit_ok(ctx, from, to) {
                    push_promotions(list, role == Role::Pawn && last.contains(to), |p| {
                        Move::normal(from, to, p)
                    });
                }
            }
            if composite {
                // T-8: the piece leaves as a standalone piece, without
                // capturing; the Tris stays, so no line opens.
                let quiet = if role == Role::Pawn {
                    self.pawn_pushes(from, ctx.empty)
                } else {
                    att & ctx.empty
                };
                for to in quiet & ctx.check_mask {
                    push_promotions(list, role == Role::Pawn && last.contains(to), |p| {
                        Move::separation(from, to, p)
                    });
                }
            } else if role == Role::Pawn {
                if let Some(ep) = self.ep {
                    if pawn_attacks(us, from).contains(ep) {
                        self.gen_en_passant(ctx, from, ep, list);
                    }
                }
            }
        }
    }

    /// Non-capturing moves of a standalone pawn on `from` (C-9: a single
    /// step from the first rank, a double step from the second).
    fn pawn_pushes(&self, from: Square, empty: Bitboard) -> Bitboard {
        let us = self.turn;
        let Some(one) = from.offset(us.forward()) else {
            return Bitboard::EMPTY;
        };
        if !empty.contains(one) {
            return Bitboard::EMPTY;
        }
        let mut out = one.bb();
        if from.rank() == us.pawn_rank() {
            if let Some(two) = one.offset(us.forward()) {
                if empty.contains(two) {
                    out = out.with(two);
                }
            }
        }
        out
    }

    fn gen_en_passant(&self, ctx: &Context, from: Square, ep: Square, list: &mut MoveList<Move>) {
        let victim = Square::new((ep.index() as i8 - ctx.us.forward()) as u8);
        let occ = (ctx.occ & !from.bb() & !victim.bb()) | ep.bb();
        let enemies = self.by_color[ctx.them.index()] & !victim.bb();
        if self.safe(ctx, ctx.king, occ, enemies) {
            list.push(Move::en_passant(from, ep));
        }
    }

    /// T-4, C-4, C-5: steps of the standalone Tris the side to move controls.
    fn gen_tris_steps(&self, ctx: &Context, list: &mut MoveList<Move>) {
        for from in self.movable_tris() {
            for to in tris_steps(from) & ctx.empty {
                if Self::unit_ok(ctx, from, to) {
                    list.push(Move::normal(from, to, None));
                }
            }
        }
    }

    /// C-8, T-10: a composite captures a standalone Tris or an enemy
    /// composite and re-drops the captured Tris on any square empty after
    /// the capture where the mover's king is then safe.
    fn gen_redrops(&self, ctx: &Context, list: &mut MoveList<Move>) {
        let ours = self.by_color[ctx.us.index()];
        let theirs = self.by_color[ctx.them.index()];
        let composites = ours & self.tris;
        if composites.is_empty() {
            return;
        }
        let standalone_tris = self.standalone_tris();
        let last = Bitboard::rank(ctx.us.last_rank());
        for from in composites {
            let role = self.role_at(from).expect("a composite has a top piece");
            let att = attacks::attacks(role, ctx.us, from, ctx.occ);
            for to in att & (standalone_tris | (theirs & self.tris)) {
                if role == Role::King
                    && standalone_tris.contains(to)
                    && !self.king_may_take_tris(ctx, to)
                {
                    continue;
                }
                let occ = ctx.occ & !from.bb();
                let enemies = theirs & !to.bb();
                let king = if role == Role::King { to } else { ctx.king };
                let mut drops = !occ;
                for a in self.attackers(king, occ, ctx.them) & enemies {
                    drops &= between(king, a);
                }
                for d in drops {
                    push_promotions(list, role == Role::Pawn && last.contains(to), |p| {
                        Move::capture_redrop(from, to, p, d)
                    });
                }
            }
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.generate_into(&mut list);
        list.contains(&mv)
    }
}

#[inline]
fn push_promotions(list: &mut MoveList<Move>, promotes: bool, make: impl Fn(Option<Role>) -> Move) {
    if promotes {
        for r in Role::PROMOTIONS {
            list.push(make(Some(r)));
        }
    } else {
        list.push(make(None));
    }
}
