//! Legal move generation for the shogi family (orthodox shogi, rules.md S
//! and T-1..T-10).
//!
//! Pseudo-legal moves are generated per unit (standalone piece, composite,
//! standalone Tris, hand, reserve) and filtered for king safety: when the
//! side to move is not in check, only king moves and moves of a unit that
//! is the single blocker between its king and an enemy slider need a test;
//! in check every move is tested. The test rebuilds only the occupancy and
//! asks whether the king square is attacked (a Tris blocks, never attacks).
//! This is the full legal set (no search pruning of non-promotions).

use super::attacks::{self, attacks, ray_attacks, RAYS, STEP, TRIS_STEP};
use super::{Bitboard, Color, Move, MoveKind, Position, Role, Square};
use crate::MoveList;

/// Moves that may or may not promote, per the orthodox rule (S-9): an
/// unpromoted promotable piece whose start or end square lies in the zone
/// may promote; it must when it would otherwise have no further move.
#[inline]
fn promotion_options(role: Role, from: Square, to: Square, us: Color) -> (bool, bool) {
    if role.can_promote() && (from.in_zone(us) || to.in_zone(us)) {
        (true, to.relative_rank(us) >= role.dead_ranks())
    } else {
        (false, true)
    }
}

impl Position {
    /// Units of the side to move that are the only obstacle between its
    /// king and an enemy slider aiming along that line.
    fn pinned(&self, ksq: Square, occ: Bitboard) -> Bitboard {
        let us = self.turn;
        let them = self.by_color[us.other().index()];
        let r = &self.by_role;
        let orth = (r[Role::Rook as usize] | r[Role::Dragon as usize]) & them;
        let diag = (r[Role::Bishop as usize] | r[Role::Horse as usize]) & them;
        let lance = r[Role::Lance as usize] & them;
        let lance_dir = match us {
            Color::Black => attacks::UP,
            Color::White => attacks::DOWN,
        };
        let mut pinned = Bitboard::EMPTY;
        let k = ksq.index();
        if ((attacks::ROOK_PSEUDO[k] & orth)
            | (attacks::BISHOP_PSEUDO[k] & diag)
            | (RAYS[lance_dir][k] & lance))
            .is_empty()
        {
            return pinned;
        }
        for (d, rays) in RAYS.iter().enumerate() {
            let mut sliders = if d < 4 { orth } else { diag };
            if d == lance_dir {
                sliders |= lance;
            }
            if (rays[ksq.index()] & sliders).is_empty() {
                continue;
            }
            let first = ray_attacks(d, ksq, occ) & occ;
            if let Some(b1) = first.first() {
                let second = ray_attacks(d, b1, occ) & occ;
                if (second & sliders).nonempty() {
                    pinned |= b1.bb();
                }
            }
        }
        pinned
    }

    /// Whether the mover's king is safe after `mv` (T-10): the occupancy
    /// after the whole move, and the enemy pieces less a captured one.
    pub(crate) fn safe_after(&self, mv: Move, ksq: Square, occ: Bitboard) -> bool {
        let them = self.turn.other();
        let to = mv.to();
        let (k, occ2, excl) = match mv.kind() {
            MoveKind::Normal => {
                let from = mv.from();
                let k = if from == ksq { to } else { ksq };
                (k, (occ & !from.bb()) | to.bb(), to.bb())
            }
            MoveKind::CaptureRedrop => {
                let from = mv.from();
                let k = if from == ksq { to } else { ksq };
                let d = mv.redrop().map_or(Bitboard::EMPTY, Square::bb);
                (k, (occ & !from.bb()) | to.bb() | d, to.bb())
            }
            MoveKind::SeparateX => {
                let k = if mv.from() == ksq { to } else { ksq };
                (k, occ | to.bb(), Bitboard::EMPTY)
            }
            MoveKind::Drop | MoveKind::TrisDrop | MoveKind::SeparateTris => {
                (ksq, occ | to.bb(), Bitboard::EMPTY)
            }
        };
        (self.attackers_to(k, them, occ2) & !excl).is_empty()
    }

    fn gen(&self, list: Option<&mut MoveList<Move>>, drops: bool, tactical: bool) -> u64 {
        self.gen_with(list, drops, tactical, false)
    }

    /// Appends at least one legal move to the empty `list` when there is
    /// one (not all of them; the king's first).
    fn gen_first(&self, list: &mut MoveList<Move>) {
        debug_assert!(list.is_empty());
        self.gen_with(Some(list), true, false, true);
    }

    fn gen_with(
        &self,
        list: Option<&mut MoveList<Move>>,
        drops: bool,
        tactical: bool,
        first_only: bool,
    ) -> u64 {
        let us = self.turn;
        let ksq = self.king(us);
        let occ = self.occupied();
        // Counting: one enemy attack map (without the king, so that lines
        // through its square reach beyond) answers both the check and the
        // standalone king's moves.
        let counting = list.is_none();
        let map = if counting {
            self.attack_map(us.other(), occ & !ksq.bb())
        } else {
            Bitboard::EMPTY
        };
        let in_check = if counting {
            map.contains(ksq)
        } else {
            self.attackers_to(ksq, us.other(), occ).nonempty()
        };
        let pinned = if in_check {
            Bitboard::EMPTY
        } else {
            self.pinned(ksq, occ)
        };
        let mut gen = Gen {
            pos: self,
            list,
            count: 0,
            ksq,
            occ,
            in_check,
            pinned,
            map,
            tactical,
            first_only,
        };
        gen.board_moves();
        if drops && !gen.done() {
            gen.drops();
        }
        gen.count
    }

    /// Whether S-F2 restricts the side to move to Tris drops (and the
    /// S-F2b recapture).
    fn drop_forced(&self) -> bool {
        self.forced && self.reserve > 0 && !self.in_check()
    }

    /// Appends every legal move.
    pub(crate) fn generate_into(&self, list: &mut MoveList<Move>) {
        self.generate_filtered(list, true, false);
    }

    /// Appends every legal move except drops (of pieces and of Tris): the
    /// quiescence search, where a drop is never a capture or a promotion,
    /// needs no more, and drops are most of the list.
    pub fn generate_board_moves(&self, list: &mut MoveList<Move>) {
        self.generate_filtered(list, false, false);
    }

    /// Appends the legal moves that take a regular piece or promote, and
    /// of a composite's captures with re-drop the one that puts the Tris
    /// back on the square just left ([`Position::captures_or_promotes`]):
    /// the quiescence search's moves, generated as such, in the order
    /// [`Position::generate_board_moves`] gives them.
    pub fn generate_tactical_into(&self, list: &mut MoveList<Move>) {
        self.generate_filtered(list, false, true);
    }

    /// Whether `mv` takes a regular piece (a composite included) or
    /// promotes; of a capture with re-drop only the variant that re-drops
    /// on the square the capturer left counts (taking a standalone Tris
    /// removes nothing).
    #[inline]
    pub fn captures_or_promotes(&self, mv: Move) -> bool {
        let takes_piece = self.board[mv.to().index()].is_some();
        match mv.kind() {
            MoveKind::Normal => takes_piece || mv.promotes(),
            MoveKind::SeparateX => mv.promotes(),
            MoveKind::CaptureRedrop => mv.redrop() == Some(mv.from()) && takes_piece,
            MoveKind::Drop | MoveKind::TrisDrop | MoveKind::SeparateTris => false,
        }
    }

    fn generate_filtered(&self, list: &mut MoveList<Move>, drops: bool, tactical: bool) {
        let start = list.len();
        self.gen(Some(&mut *list), drops, tactical);
        if self.drop_forced() {
            // S-F2: only Tris drops, and on the ply after the capture that
            // started the mode a recapture on its square (S-F2b).
            let r = self.recapture;
            let mut i = start;
            while i < list.len() {
                let m = list[i];
                let keep = m.kind() == MoveKind::TrisDrop
                    || (Some(m.to()) == r
                        && matches!(m.kind(), MoveKind::Normal | MoveKind::CaptureRedrop)
                        && self.board[m.from().index()].is_some());
                if keep {
                    i += 1;
                } else {
                    list.remove(i);
                }
            }
        }
    }

    /// The number of legal moves, counted without listing them where
    /// possible (perft leaves).
    pub fn count_moves(&self) -> u64 {
        if self.forced && self.reserve > 0 {
            let mut list = MoveList::new();
            self.generate_into(&mut list);
            return list.len() as u64;
        }
        self.gen(None, true, false)
    }

    /// Whether the side to move has at least one legal move. Stops at the
    /// first one found, the king's moves tried first: after a check (the
    /// mate probe, the pawn-drop mate rule) the king's escape or its
    /// capture of the checker usually answers at once. While S-F2 binds,
    /// the full list is filtered instead.
    pub fn has_legal_move(&self) -> bool {
        let mut list = MoveList::new();
        if self.drop_forced() {
            self.generate_into(&mut list);
        } else {
            self.gen_first(&mut list);
        }
        !list.is_empty()
    }

    /// Whether `mv` (from any source: a table, another position) is a legal
    /// move here. Checked directly against the rules, without generating
    /// the move list, so it also cross-checks the generator in the tests.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        let us = self.turn;
        let them = us.other();
        let occ = self.occupied();
        let ksq = self.king(us);
        let to = mv.to();
        let empty = !occ;
        let in_check = self.attackers_to(ksq, them, occ).nonempty();
        if self.forced && self.reserve > 0 && !in_check {
            let recapture = Some(to) == self.recapture
                && matches!(mv.kind(), MoveKind::Normal | MoveKind::CaptureRedrop)
                && self.board[mv.from().index()].is_some();
            if mv.kind() != MoveKind::TrisDrop && !recapture {
                return false;
            }
        }
        let tris_target = |sq: Square| {
            self.tris_lock[us.index()].contains(sq)
                || (self.tris_lock[them.index()].contains(sq)
                    && self.tris_attack_count(sq, us) >= 2)
        };
        let own_piece = |sq: Square| match self.board[sq.index()] {
            Some(p) if p.color == us => Some(p.role),
            _ => None,
        };
        let promotion_ok = |role: Role, from: Square| {
            let (promo, plain) = promotion_options(role, from, to, us);
            if mv.promotes() {
                promo
            } else {
                plain
            }
        };
        let pseudo = match mv.kind() {
            MoveKind::TrisDrop => self.drop_switch() && empty.contains(to),
            MoveKind::Drop => {
                let role = mv.drop_role();
                let ok = role.can_promote() || role == Role::Gold;
                if !ok || self.hand(us, role) == 0 || !empty.contains(to) {
                    return false;
                }
                if to.relative_rank(us) < role.dead_ranks() {
                    return false;
                }
                if role == Role::Pawn {
                    let pawns = self.by_role[Role::Pawn as usize] & self.by_color[us.index()];
                    if (file_fill(pawns)).contains(to) {
                        return false;
                    }
                    let ek = self.king(them);
                    if STEP[us.index()][attacks::S_PAWN][to.index()].contains(ek)
                        && self.safe_after(mv, ksq, occ)
                    {
                        let mut child = self.clone();
                        child.do_move(mv);
                        return child.has_legal_move();
                    }
                }
                true
            }
            MoveKind::Normal => {
                let from = mv.from();
                match own_piece(from) {
                    Some(role) => {
                        let att = attacks(us, role, from, occ);
                        let enemy = self.by_color[them.index()];
                        let reach = if self.tris.contains(from) {
                            (TRIS_STEP[from.index()] & empty) | (att & enemy & !self.tris)
                        } else {
                            let t = if tris_target(to) {
                                to.bb()
                            } else {
                                Bitboard::EMPTY
                            };
                            att & (empty | enemy | t)
                        };
                        reach.contains(to) && promotion_ok(role, from)
                    }
                    None => {
                        self.tris_lock[us.index()].contains(from)
                            && (TRIS_STEP[from.index()] & empty).contains(to)
                            && !mv.promotes()
                    }
                }
            }
            MoveKind::CaptureRedrop => {
                let from = mv.from();
                let Some(role) = own_piece(from) else {
                    return false;
                };
                let enemy_comp = self.by_color[them.index()] & self.tris;
                let redrop = mv.redrop().expect("a re-drop square");
                self.tris.contains(from)
                    && attacks(us, role, from, occ).contains(to)
                    && (enemy_comp.contains(to) || tris_target(to))
                    && redrop != to
                    && (redrop == from || empty.contains(redrop))
                    && promotion_ok(role, from)
            }
            MoveKind::SeparateX => {
                let from = mv.from();
                let Some(role) = own_piece(from) else {
                    return false;
                };
                self.tris.contains(from)
                    && (attacks(us, role, from, occ) & empty).contains(to)
                    && promotion_ok(role, from)
            }
            MoveKind::SeparateTris => {
                let from = mv.from();
                own_piece(from).is_some()
                    && self.tris.contains(from)
                    && (TRIS_STEP[from.index()] & empty).contains(to)
                    && !mv.promotes()
            }
        };
        pseudo && self.safe_after(mv, ksq, occ)
    }
}

/// Where generated moves go: a list, or only a count (perft leaves).
struct Gen<'a> {
    pos: &'a Position,
    list: Option<&'a mut MoveList<Move>>,
    count: u64,
    ksq: Square,
    occ: Bitboard,
    in_check: bool,
    pinned: Bitboard,
    /// The enemy attack map without the king (count mode only).
    map: Bitboard,
    /// Only the moves that take a piece or promote (list mode only).
    tactical: bool,
    /// Stop once a move is listed (list mode only, the list empty at the
    /// start; `has_legal_move`).
    first_only: bool,
}

/// The squares of `color`'s promotion zone.
const fn zone(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard(0x7FF_FFFF),
        Color::White => Bitboard(0x7FF_FFFF << 54),
    }
}

/// The squares where an unpromoted `role` of `color` may not stand.
#[inline]
fn dead_squares(role: Role, color: Color) -> Bitboard {
    const LAST: [Bitboard; 2] = [Bitboard::rank(0), Bitboard::rank(8)];
    const LAST_TWO: [Bitboard; 2] = [
        Bitboard(Bitboard::rank(0).0 | Bitboard::rank(1).0),
        Bitboard(Bitboard::rank(7).0 | Bitboard::rank(8).0),
    ];
    match role.dead_ranks() {
        0 => Bitboard::EMPTY,
        1 => LAST[color.index()],
        _ => LAST_TWO[color.index()],
    }
}

/// Every square of the files holding a square of `b`.
#[inline]
fn file_fill(b: Bitboard) -> Bitboard {
    let mut x = b.0;
    x |= x >> 9;
    x |= x >> 18;
    x |= x >> 36;
    x |= x >> 72;
    x |= x << 9;
    x |= x << 18;
    x |= x << 36;
    x |= x << 72;
    Bitboard(x) & Bitboard::FULL
}

/// The number of moves of an unpinned non-king `role` from `from` to each
/// of `targets`: one per target, one more where both the promotion and
/// the plain move are possible (S-9).
#[inline(always)]
fn bulk_count(role: Role, from: Square, targets: Bitboard, us: Color) -> u64 {
    let n = if !role.can_promote() {
        targets.count()
    } else {
        let promo = if zone(us).contains(from) {
            targets
        } else {
            targets & zone(us)
        };
        let extra = promo & !dead_squares(role, us);
        targets.count() + if extra.is_empty() { 0 } else { extra.count() }
    };
    n as u64
}

impl Gen<'_> {
    /// Whether a `first_only` generation has found its move.
    #[inline]
    fn done(&self) -> bool {
        self.first_only && self.list.as_ref().is_some_and(|l| !l.is_empty())
    }

    #[inline]
    fn emit(&mut self, mv: Move) {
        if self.tactical && !self.pos.captures_or_promotes(mv) {
            return;
        }
        match &mut self.list {
            Some(l) => l.push(mv),
            None => self.count += 1,
        }
    }

    /// Whether moves of this unit need a king-safety test.
    #[inline]
    fn needs_test(&self, risky: bool) -> bool {
        self.in_check || risky
    }

    /// Emits `mv` if it leaves the king safe; `risky` says whether the
    /// move can expose the king at all when not in check.
    #[inline]
    fn push(&mut self, mv: Move, risky: bool) {
        if !self.needs_test(risky) || self.pos.safe_after(mv, self.ksq, self.occ) {
            self.emit(mv);
        }
    }

    /// Emits the moves of `role` from `from` to each of `targets`, with the
    /// promotion choices of S-9 (kind Normal or SeparateX).
    #[inline]
    fn moves_to(&mut self, role: Role, from: Square, targets: Bitboard, sep: bool, risky: bool) {
        let us = self.pos.turn;
        if self.list.is_none() && !self.needs_test(risky) {
            self.count += bulk_count(role, from, targets, us);
            return;
        }
        for to in targets {
            let (promo, plain) = promotion_options(role, from, to, us);
            let make = |p: bool| {
                if sep {
                    Move::separate_x(from, to, p)
                } else {
                    Move::normal(from, to, p)
                }
            };
            if promo {
                self.push(make(true), risky);
            }
            if plain {
                self.push(make(false), risky);
            }
        }
    }

    /// S-5: a composite captures on `to` and re-drops the Tris on any
    /// square empty after the capture, each a distinct move.
    fn redrops(&mut self, role: Role, from: Square, to: Square, risky: bool) {
        let us = self.pos.turn;
        let (promo, plain) = promotion_options(role, from, to, us);
        let spots = if self.tactical {
            from.bb()
        } else {
            !(self.occ | to.bb()) | from.bb()
        };
        if self.list.is_none() && !self.needs_test(risky) {
            self.count += spots.count() as u64 * (promo as u64 + plain as u64);
            return;
        }
        for p in [true, false] {
            if (p && !promo) || (!p && !plain) {
                continue;
            }
            for d in spots {
                self.push(Move::capture_redrop(from, to, p, d), risky);
            }
        }
    }

    fn board_moves(&mut self) {
        let pos = self.pos;
        let us = pos.turn;
        let them = us.other();
        let occ = self.occ;
        let empty = !occ;
        let own = pos.by_color[us.index()];
        let enemy = pos.by_color[them.index()];
        let enemy_comp = enemy & pos.tris;
        let enemy_alone = enemy & !pos.tris;
        // S-3: own-locked Tris freely, enemy-locked ones under the double
        // attack condition.
        let mut tris_targets = pos.tris_lock[us.index()];
        for t in pos.tris_lock[them.index()] {
            if pos.tris_attack_count(t, us) >= 2 {
                tris_targets |= t.bb();
            }
        }
        let mut units = own;
        if self.list.is_none() && !self.in_check {
            // Bulk count of standalone, unpinned pawns: one shift for all.
            let pawns = pos.by_role[Role::Pawn as usize] & own & !pos.tris & !self.pinned;
            let to = match us {
                Color::Black => Bitboard(pawns.0 >> 9),
                Color::White => Bitboard(pawns.0 << 9),
            } & (empty | enemy | tris_targets);
            let extra = to & zone(us) & !dead_squares(Role::Pawn, us);
            self.count += to.count() as u64
                + if extra.is_empty() {
                    0
                } else {
                    extra.count() as u64
                };
            units &= !pawns;
            // The other standalone, unpinned non-king pieces, kind by kind
            // (no mailbox look-up, one attack pattern per loop).
            let free = own & !pos.tris & !self.pinned;
            let mask = empty | enemy | tris_targets;
            let r = &pos.by_role;
            let c = us.index();
            for from in r[Role::Knight as usize] & free {
                let t = STEP[c][attacks::S_KNIGHT][from.index()] & mask;
                self.count += bulk_count(Role::Knight, from, t, us);
            }
            for from in r[Role::Silver as usize] & free {
                let t = STEP[c][attacks::S_SILVER][from.index()] & mask;
                self.count += bulk_count(Role::Silver, from, t, us);
            }
            for from in pos.golds() & free {
                self.count += (STEP[c][attacks::S_GOLD][from.index()] & mask).count() as u64;
            }
            for from in r[Role::Lance as usize] & free {
                let t = attacks::lance_attacks(us, from, occ) & mask;
                self.count += bulk_count(Role::Lance, from, t, us);
            }
            for from in r[Role::Bishop as usize] & free {
                let t = attacks::bishop_attacks(from, occ) & mask;
                self.count += bulk_count(Role::Bishop, from, t, us);
            }
            for from in r[Role::Rook as usize] & free {
                let t = attacks::rook_attacks(from, occ) & mask;
                self.count += bulk_count(Role::Rook, from, t, us);
            }
            for from in (r[Role::Horse as usize] | r[Role::Dragon as usize]) & free {
                let role = pos.board[from.index()].map_or(Role::Horse, |p| p.role);
                self.count += (attacks(us, role, from, occ) & mask).count() as u64;
            }
            units &= !free | r[Role::King as usize];
            // A standalone king: its targets less every square the enemy
            // attacks once the king has left its square.
            let k = self.ksq;
            if !pos.tris.contains(k) {
                self.count += (attacks::KING_STEP[k.index()] & mask & !self.map).count() as u64;
                units &= !k.bb();
            }
        }
        // Looking for any one move, the king's come first.
        let (first, rest) = if self.first_only {
            (units & self.ksq.bb(), units & !self.ksq.bb())
        } else {
            (Bitboard::EMPTY, units)
        };
        for from in first.into_iter().chain(rest) {
            if self.done() {
                return;
            }
            let role = match pos.board[from.index()] {
                Some(p) => p.role,
                None => continue,
            };
            let risky = role == Role::King || self.pinned.contains(from);
            let att = attacks(us, role, from, occ);
            if !pos.tris.contains(from) {
                let mut targets = att & (empty | enemy | tris_targets);
                if self.tactical {
                    // Captures, and moves that may promote (S-9).
                    targets &= if !role.can_promote() {
                        enemy
                    } else if zone(us).contains(from) {
                        Bitboard::FULL
                    } else {
                        enemy | zone(us)
                    };
                }
                if self.list.is_none() && !self.needs_test(risky) {
                    self.count += bulk_count(role, from, targets, us);
                    continue;
                }
                self.moves_to(role, from, targets, false, risky);
            } else {
                // T-7: a composite steps as a Tris, captures as X.
                let steps = TRIS_STEP[from.index()] & empty;
                self.moves_to(role, from, steps | (att & enemy_alone), false, risky);
                for to in att & (enemy_comp | tris_targets) {
                    self.redrops(role, from, to, risky);
                }
                // S-8.1: X leaves with a non-capturing move; the Tris
                // stays, so only a king can expose itself.
                self.moves_to(role, from, att & empty, true, role == Role::King);
                // S-8.2: the Tris leaves; X stays, so nothing is uncovered.
                if self.tactical {
                    continue;
                } else if self.list.is_none() && !self.in_check {
                    self.count += steps.count() as u64;
                } else {
                    for to in steps {
                        self.push(Move::separate_tris(from, to), false);
                    }
                }
            }
        }
        // T-4 / S-2: standalone Tris locked to the mover (never tactical).
        if self.tactical {
            return;
        }
        for from in pos.tris_lock[us.index()] {
            if self.done() {
                return;
            }
            let risky = self.pinned.contains(from);
            let steps = TRIS_STEP[from.index()] & empty;
            if self.list.is_none() && !self.needs_test(risky) {
                self.count += steps.count() as u64;
                continue;
            }
            for to in steps {
                self.push(Move::normal(from, to, false), risky);
            }
        }
    }

    fn drops(&mut self) {
        let pos = self.pos;
        let us = pos.turn;
        let empty = !self.occ;
        // Squares where a check could be blocked; when not in check every
        // empty square. A drop never uncovers a check.
        let targets = if self.in_check {
            let checkers = pos.attackers_to(self.ksq, us.other(), self.occ);
            if checkers.more_than_one() {
                Bitboard::EMPTY
            } else {
                let c = checkers.first().expect("in check");
                attacks::between(self.ksq, c) & empty
            }
        } else {
            empty
        };
        if targets.is_empty() {
            return;
        }
        let hand = &pos.hands[us.index()];
        for role in Role::HAND {
            if hand[role.hand_index()] == 0 || self.done() {
                continue;
            }
            let mut t = targets & !dead_squares(role, us);
            if role == Role::Pawn {
                // Nifu: unpromoted pawns of the mover, composites included.
                let pawns = pos.by_role[Role::Pawn as usize] & pos.by_color[us.index()];
                t &= !file_fill(pawns);
                // Uchifuzume under the full rules (S-11): only the square in
                // front of the enemy king can give check.
                let ek = pos.king(us.other());
                let front = STEP[us.other().index()][attacks::S_PAWN][ek.index()];
                if let Some(to) = (t & front).first() {
                    t &= !front;
                    let mv = Move::drop(role, to);
                    let mut child = pos.clone();
                    child.do_move(mv);
                    if child.has_legal_move() {
                        self.emit(mv);
                    }
                }
            }
            if self.list.is_none() {
                self.count += t.count() as u64;
            } else {
                for to in t {
                    self.emit(Move::drop(role, to));
                }
            }
        }
        if pos.drop_switch() && !self.done() {
            if self.list.is_none() {
                self.count += targets.count() as u64;
            } else {
                for to in targets {
                    self.emit(Move::tris_drop(to));
                }
            }
        }
    }
}
