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
use super::{attacks, Bitboard, Color, Move, MoveKind, Role, Square};
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

    /// Whether the king on `sq` is safe with occupancy `occ` and enemy
    /// pieces `enemies`.
    #[inline]
    fn safe(&self, ctx: &Context, sq: Square, occ: Bitboard, enemies: Bitboard) -> bool {
        (self.attackers(sq, occ, ctx.them) & enemies).is_empty()
    }

    /// Appends every legal move to `list`.
    pub fn generate_into(&self, list: &mut MoveList<Move>) {
        self.generate_to(list);
    }

    /// Appends the legal moves that remove a regular piece or promote (the
    /// quiescence search's moves): captures of regular pieces (composites
    /// included), en passant, promotions, and captures with re-drop whose
    /// Tris goes back to the square just left. In the order
    /// [`Position::generate_into`] gives them.
    pub fn generate_tactical_into(&self, list: &mut MoveList<Move>) {
        let mut sink = Tactical {
            list,
            pos: self,
            regular: self.regular(),
        };
        self.generate_to(&mut sink);
    }

    /// Whether `mv` removes a regular piece (a composite included) or
    /// promotes; of a capture with re-drop only the variant that re-drops
    /// on the square the capturer left counts (taking a standalone Tris
    /// removes nothing, T-2).
    #[inline]
    pub fn captures_or_promotes(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::EnPassant => true,
            MoveKind::CaptureRedrop => {
                mv.redrop() == Some(mv.from()) && self.regular().contains(mv.to())
            }
            MoveKind::Normal => self.regular().contains(mv.to()) || mv.promotion().is_some(),
            MoveKind::Separation => mv.promotion().is_some(),
            MoveKind::Drop | MoveKind::Castle => false,
        }
    }

    /// The number of legal moves, counted without writing them.
    pub fn count_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate_to(&mut counter);
        counter.0
    }

    pub(crate) fn generate_to<S: Sink>(&self, sink: &mut S) {
        let ctx = self.context();
        let double_check = ctx.checkers.more_than_one();
        self.gen_king(&ctx, sink);
        self.gen_redrops(&ctx, sink);
        if double_check {
            return;
        }
        self.gen_pieces(&ctx, sink);
        if !S::QUIET {
            return;
        }
        self.gen_tris_steps(&ctx, sink);
        if self.reserve > 0 && self.drop_switch() {
            // C-10: a drop only blocks, so it is legal where it resolves the check.
            let mask = if ctx.checkers.nonempty() {
                ctx.check_mask & ctx.empty
            } else {
                ctx.empty
            };
            sink.spread(ctx.king, mask, Bitboard::EMPTY, |_, to, _| Move::drop(to));
        }
    }

    /// C-3: the king may take a neutral Tris only with a co-attacker.
    fn king_may_take_tris(&self, ctx: &Context, sq: Square) -> bool {
        (self.attackers(sq, ctx.occ, ctx.us) & !ctx.king.bb()).nonempty()
    }

    fn gen_king<S: Sink>(&self, ctx: &Context, sink: &mut S) {
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
        let quiet = if !S::QUIET {
            Bitboard::EMPTY
        } else if composite {
            tris_steps(k) & ctx.empty
        } else {
            king_attacks(k) & ctx.empty
        };
        if !S::QUIET {
            // Tactical moves only: captures of regular pieces.
            captures &= self.regular();
        }
        for to in captures | quiet {
            if self.safe(ctx, to, occ_without, theirs) {
                sink.push(Move::normal(k, to, None));
            }
        }
        if composite && S::QUIET {
            // T-8: the king leaves, the Tris stays on its square.
            for to in king_attacks(k) & ctx.empty {
                if self.safe(ctx, to, ctx.occ, theirs) {
                    sink.push(Move::separation(k, to, None));
                }
            }
            return;
        }
        if composite || !S::QUIET || ctx.checkers.nonempty() || self.castling == 0 {
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
                sink.push(Move::castle(k, king_to));
            }
        }
    }

    /// Regular pieces other than the king.
    fn gen_pieces<S: Sink>(&self, ctx: &Context, sink: &mut S) {
        let us = ctx.us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[ctx.them.index()];
        let capturable = theirs | self.standalone_tris();
        let last = Bitboard::rank(us.last_rank());
        // Standalone pawns off every pin line move as a set.
        let pawns = ours & self.by_role[Role::Pawn.index()];
        let free_pawns = pawns & !self.tris & !ctx.blockers;
        self.gen_pawn_set(ctx, free_pawns, capturable, sink);
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let promo = if role == Role::Pawn {
                last
            } else {
                Bitboard::EMPTY
            };
            let mut movers = ours & self.by_role[role.index()];
            if role == Role::Pawn {
                movers &= !free_pawns;
            }
            for from in movers {
                let composite = self.tris.contains(from);
                let att = attacks::attacks(role, us, from, ctx.occ);
                let mut legal = ctx.check_mask;
                if ctx.blockers.contains(from) {
                    legal &= line(ctx.king, from);
                }
                let quiet = if role == Role::Pawn {
                    self.pawn_pushes(from, ctx.empty)
                } else {
                    att & ctx.empty
                };
                if composite {
                    // Captures as X (a Tris, alone or under an enemy piece, is
                    // taken with a re-drop: gen_redrops), quiet moves as a Tris.
                    let unit = (att & theirs & !self.tris) | (tris_steps(from) & ctx.empty);
                    sink.spread(from, unit & legal, promo, Move::normal);
                    // T-8: the piece leaves without capturing; the Tris stays,
                    // so no line opens and only the check mask applies.
                    sink.spread(from, quiet & ctx.check_mask, promo, Move::separation);
                } else {
                    // C-2: captures of enemy pieces and of standalone Tris.
                    sink.spread(
                        from,
                        ((att & capturable) | quiet) & legal,
                        promo,
                        Move::normal,
                    );
                    if role == Role::Pawn {
                        if let Some(ep) = self.ep {
                            if pawn_attacks(us, from).contains(ep) {
                                self.gen_en_passant(ctx, from, ep, sink);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Standalone, unpinned pawns, set-wise: pushes, double steps and
    /// captures by shifting the whole set (en passant stays per pawn).
    fn gen_pawn_set<S: Sink>(
        &self,
        ctx: &Context,
        pawns: Bitboard,
        capturable: Bitboard,
        sink: &mut S,
    ) {
        let us = ctx.us;
        let fwd = us.forward();
        let last = Bitboard::rank(us.last_rank());
        let single = pawns.shift(fwd) & ctx.empty;
        let double_rank = Bitboard::rank((us.pawn_rank() as i8 + fwd.signum()) as u8);
        let double = (single & double_rank).shift(fwd) & ctx.empty;
        sink.shifted(single & ctx.check_mask, fwd, last);
        sink.shifted(double & ctx.check_mask, 2 * fwd, Bitboard::EMPTY);
        let targets = capturable & ctx.check_mask;
        let not_a = !Bitboard::file(0);
        let not_h = !Bitboard::file(7);
        // Towards the h-file (+1) and the a-file (-1).
        sink.shifted((pawns & not_h).shift(fwd + 1) & targets, fwd + 1, last);
        sink.shifted((pawns & not_a).shift(fwd - 1) & targets, fwd - 1, last);
        if let Some(ep) = self.ep {
            for from in pawn_attacks(us.other(), ep) & pawns {
                self.gen_en_passant(ctx, from, ep, sink);
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

    fn gen_en_passant<S: Sink>(&self, ctx: &Context, from: Square, ep: Square, sink: &mut S) {
        let victim = Square::new((ep.index() as i8 - ctx.us.forward()) as u8);
        let occ = (ctx.occ & !from.bb() & !victim.bb()) | ep.bb();
        let enemies = self.by_color[ctx.them.index()] & !victim.bb();
        if self.safe(ctx, ctx.king, occ, enemies) {
            sink.push(Move::en_passant(from, ep));
        }
    }

    /// T-4, C-4, C-5: steps of the standalone Tris the side to move controls.
    fn gen_tris_steps<S: Sink>(&self, ctx: &Context, sink: &mut S) {
        for from in self.movable_tris() {
            let mut legal = ctx.check_mask & ctx.empty;
            if ctx.blockers.contains(from) {
                legal &= line(ctx.king, from);
            }
            sink.spread(
                from,
                tris_steps(from) & legal,
                Bitboard::EMPTY,
                Move::normal,
            );
        }
    }

    /// C-8, T-10: a composite captures a standalone Tris or an enemy
    /// composite and re-drops the captured Tris on any square empty after
    /// the capture where the mover's king is then safe.
    fn gen_redrops<S: Sink>(&self, ctx: &Context, sink: &mut S) {
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
                sink.redrops(from, to, role == Role::Pawn && last.contains(to), drops);
            }
        }
    }
}

/// Where generated moves go: a move list, the tactical moves of one, or a
/// counter for perft leaves.
pub(crate) trait Sink {
    /// Whether the sink takes non-tactical moves; the generator skips the
    /// kinds of move that are never tactical (castling, drops, steps of a
    /// standalone Tris, quiet king moves) when it does not.
    const QUIET: bool = true;

    fn push(&mut self, mv: Move);

    /// One move from `from` to each square of `targets`, made by `make`;
    /// targets in `promo` come as the four promotions.
    fn spread(
        &mut self,
        from: Square,
        targets: Bitboard,
        promo: Bitboard,
        make: fn(Square, Square, Option<Role>) -> Move,
    );

    /// Normal moves onto each square of `targets` from the square `delta`
    /// behind it; targets in `promo` come as the four promotions.
    fn shifted(&mut self, targets: Bitboard, delta: i8, promo: Bitboard);

    /// A capture on `to` with a re-drop on each square of `drops`.
    fn redrops(&mut self, from: Square, to: Square, promotes: bool, drops: Bitboard);
}

impl Sink for MoveList<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }

    #[inline]
    fn spread(
        &mut self,
        from: Square,
        targets: Bitboard,
        promo: Bitboard,
        make: fn(Square, Square, Option<Role>) -> Move,
    ) {
        for to in targets {
            if promo.contains(to) {
                for r in Role::PROMOTIONS {
                    MoveList::push(self, make(from, to, Some(r)));
                }
            } else {
                MoveList::push(self, make(from, to, None));
            }
        }
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, delta: i8, promo: Bitboard) {
        for to in targets {
            let from = Square::new((to.index() as i8 - delta) as u8);
            if promo.contains(to) {
                for r in Role::PROMOTIONS {
                    MoveList::push(self, Move::normal(from, to, Some(r)));
                }
            } else {
                MoveList::push(self, Move::normal(from, to, None));
            }
        }
    }

    fn redrops(&mut self, from: Square, to: Square, promotes: bool, drops: Bitboard) {
        for d in drops {
            if promotes {
                for r in Role::PROMOTIONS {
                    MoveList::push(self, Move::capture_redrop(from, to, Some(r), d));
                }
            } else {
                MoveList::push(self, Move::capture_redrop(from, to, None, d));
            }
        }
    }
}

/// Keeps only the tactical moves ([`Position::generate_tactical_into`]) of
/// what the generator gives it, in their order.
struct Tactical<'a> {
    list: &'a mut MoveList<Move>,
    pos: &'a Position,
    regular: Bitboard,
}

impl Sink for Tactical<'_> {
    const QUIET: bool = false;

    #[inline]
    fn push(&mut self, mv: Move) {
        if self.pos.captures_or_promotes(mv) {
            self.list.push(mv);
        }
    }

    #[inline]
    fn spread(
        &mut self,
        from: Square,
        targets: Bitboard,
        promo: Bitboard,
        make: fn(Square, Square, Option<Role>) -> Move,
    ) {
        // Drops and separations reach empty squares: only promotions stay.
        self.list
            .spread(from, targets & (self.regular | promo), promo, make);
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, delta: i8, promo: Bitboard) {
        self.list
            .shifted(targets & (self.regular | promo), delta, promo);
    }

    #[inline]
    fn redrops(&mut self, from: Square, to: Square, promotes: bool, drops: Bitboard) {
        if self.regular.contains(to) && drops.contains(from) {
            self.list.redrops(from, to, promotes, from.bb());
        }
    }
}

/// Counts moves without writing them (bulk counting at perft leaves).
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn spread(
        &mut self,
        _: Square,
        targets: Bitboard,
        promo: Bitboard,
        _: fn(Square, Square, Option<Role>) -> Move,
    ) {
        self.0 += (targets.count() + 3 * (targets & promo).count()) as u64;
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, _: i8, promo: Bitboard) {
        self.0 += (targets.count() + 3 * (targets & promo).count()) as u64;
    }

    #[inline]
    fn redrops(&mut self, _: Square, _: Square, promotes: bool, drops: Bitboard) {
        self.0 += drops.count() as u64 * if promotes { 4 } else { 1 };
    }
}
