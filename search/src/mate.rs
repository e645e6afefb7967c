//! A mate solver for the shogi family: depth-first proof-number search
//! (df-pn, Nagai 2002) over checks, the tsume solver that shogi engines
//! keep beside their alpha-beta search. It answers USI `go mate`.
//!
//! The attacker (the side to move at the root) plays only checking moves;
//! the defender plays every legal move. A node's two numbers, from its side
//! to move: `phi`, how many leaves must still be proven for it to win, and
//! `delta`, how many for it to lose. A proven attacker node has `phi = 0`,
//! a defender node that is mated `delta = 0`.
//!
//! Soundness: a line is reported only when every defender reply along the
//! proof is answered, so a reported mate is a mate. The shortcuts all go
//! the defender's way and can only lose mates: a position repeated on the
//! current path, or a line longer than the ply cap, counts as a defence;
//! the attacker's checks may be screened by a cheap geometric filter.

use crate::game::{is_tsume, MateResult};
use movegen::shogi::attacks::{attacks, bishop_attacks, rook_attacks};
use movegen::shogi::{Bitboard, Move, MoveKind, Position, Role};
use movegen::{Game, MoveList, Variant};

const INF: u32 = u32::MAX / 4;
/// The ply cap: a node this deep counts as the defender's escape, so the
/// longest mate found is 61 plies (the attacker mates on odd plies and the
/// mated position must lie above the cap).
pub const MAX_MATE_PLY: usize = 63;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    phi: u32,
    delta: u32,
    /// For a settled node: plies to the mate (won with the fewest, lost
    /// with the most along the proof).
    dist: u32,
}

/// The solver and its table (its entries depend only on the position,
/// never on the path that reached it).
pub struct MateSolver {
    table: Vec<Entry>,
    nodes: u64,
    limit: u64,
    path: Vec<u64>,
    stopped: bool,
}

impl MateSolver {
    /// A solver with a table of `2^bits` entries (24 bytes each).
    pub fn new(bits: u32) -> Self {
        MateSolver {
            table: vec![Entry::default(); 1 << bits],
            nodes: 0,
            limit: 0,
            path: Vec::with_capacity(MAX_MATE_PLY + 2),
            stopped: false,
        }
    }

    /// Looks for a mate by checks for the side to move in `pos`, expanding
    /// at most `limit` nodes and giving up as soon as `stop` says so
    /// (asked at every node: a node can take a tenth of a millisecond).
    pub fn solve(
        &mut self,
        pos: &Position,
        limit: u64,
        stop: &dyn Fn() -> bool,
    ) -> MateResult<Move> {
        self.nodes = 0;
        self.limit = limit;
        self.stopped = false;
        self.path.clear();
        self.mid(pos, true, 0, INF, INF, stop);
        let (phi, delta) = self.lookup(pos.hash()).map_or((1, 1), |e| (e.phi, e.delta));
        if phi == 0 {
            // The line is checked against the rules once more: a mate the
            // engine plays or reports is never taken on trust.
            match self.line(pos) {
                Some(line) if is_tsume(pos, &line) => MateResult::Mate(line),
                _ => MateResult::Unknown,
            }
        } else if delta == 0 {
            MateResult::NoMate
        } else {
            MateResult::Unknown
        }
    }

    fn slot(&self, key: u64) -> usize {
        ((key >> 32).wrapping_mul(self.table.len() as u64) >> 32) as usize
    }

    fn lookup(&self, key: u64) -> Option<Entry> {
        let e = self.table[self.slot(key)];
        (e.key == key && (e.phi, e.delta) != (0, 0)).then_some(e)
    }

    fn store(&mut self, key: u64, phi: u32, delta: u32, dist: u32) {
        let slot = self.slot(key);
        self.table[slot] = Entry {
            key,
            phi,
            delta,
            dist,
        };
    }

    /// A child's numbers from its own side to move: a repetition of the
    /// path or a line past the cap is a defence.
    fn child_value(&self, key: u64, child_attacks: bool, child_ply: usize) -> (u32, u32, u32) {
        if child_ply >= MAX_MATE_PLY || self.path.contains(&key) {
            return if child_attacks {
                (INF, 0, 0)
            } else {
                (0, INF, 0)
            };
        }
        self.lookup(key)
            .map_or((1, 1, 0), |e| (e.phi, e.delta, e.dist))
    }

    fn mid(
        &mut self,
        pos: &Position,
        attacker: bool,
        ply: usize,
        th_phi: u32,
        th_delta: u32,
        stop: &dyn Fn() -> bool,
    ) {
        self.nodes += 1;
        if self.nodes >= self.limit || stop() {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        let key = pos.hash();
        let mut kids: Vec<(Move, u64)> = Vec::new();
        if attacker {
            for mv in checks(pos) {
                let after = pos.play(mv);
                if !after.has_legal_move() {
                    self.store(key, 0, INF, 1);
                    return;
                }
                kids.push((mv, after.hash()));
            }
        } else {
            for mv in pos.legal_moves() {
                kids.push((mv, pos.play(mv).hash()));
            }
        }
        if kids.is_empty() {
            // The attacker has no check, or the defender no move (mated).
            self.store(key, INF, 0, 0);
            return;
        }
        self.path.push(key);
        loop {
            let mut min_delta = INF;
            let mut second = INF;
            let mut best = 0;
            let mut best_phi = INF;
            let mut sum_phi = 0u32;
            let (mut win_dist, mut loss_dist) = (u32::MAX, 0u32);
            for (i, &(_, k)) in kids.iter().enumerate() {
                let (cphi, cdelta, cdist) = self.child_value(k, !attacker, ply + 1);
                if cdelta < min_delta {
                    second = min_delta;
                    min_delta = cdelta;
                    best = i;
                    best_phi = cphi;
                } else if cdelta < second {
                    second = cdelta;
                }
                sum_phi = (sum_phi + cphi).min(INF);
                if cdelta == 0 {
                    win_dist = win_dist.min(cdist);
                }
                loss_dist = loss_dist.max(cdist);
            }
            let (phi, delta) = (min_delta, sum_phi);
            if phi >= th_phi || delta >= th_delta {
                let dist = if phi == 0 {
                    win_dist + 1
                } else if delta == 0 {
                    loss_dist + 1
                } else {
                    0
                };
                self.store(key, phi, delta, dist);
                break;
            }
            // The most promising child gets thresholds that return control
            // when another child becomes better or this node settles.
            let child_th_phi = th_delta - (delta - best_phi);
            let child_th_delta = th_phi.min(second.saturating_add(second / 4 + 1));
            let child = pos.play(kids[best].0);
            self.mid(
                &child,
                !attacker,
                ply + 1,
                child_th_phi,
                child_th_delta,
                stop,
            );
            if self.stopped {
                break;
            }
        }
        self.path.pop();
    }

    /// The proven line from `pos`: the attacker's quickest mating check at
    /// each of its turns, the defender's longest resistance at each of
    /// its; `None` if the table no longer holds the whole proof.
    fn line(&self, pos: &Position) -> Option<Vec<Move>> {
        let mut line = Vec::new();
        let mut pos = pos.clone();
        let mut path: Vec<u64> = Vec::new();
        for ply in 0..=MAX_MATE_PLY {
            let attacker = ply % 2 == 0;
            path.push(pos.hash());
            let mut choice: Option<(Move, u32)> = None;
            if attacker {
                for mv in checks(&pos) {
                    let after = pos.play(mv);
                    if !after.has_legal_move() {
                        choice = Some((mv, 0));
                        break;
                    }
                    let key = after.hash();
                    if path.contains(&key) {
                        continue;
                    }
                    if let Some(e) = self.lookup(key).filter(|e| e.delta == 0) {
                        if choice.map_or(true, |(_, d)| e.dist < d) {
                            choice = Some((mv, e.dist));
                        }
                    }
                }
            } else {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    return Some(line);
                }
                for mv in moves {
                    let key = pos.play(mv).hash();
                    let e = self
                        .lookup(key)
                        .filter(|e| e.phi == 0 && !path.contains(&key))?;
                    if choice.map_or(true, |(_, d)| e.dist > d) {
                        choice = Some((mv, e.dist));
                    }
                }
            }
            let (mv, _) = choice?;
            line.push(mv);
            pos = pos.play(mv);
        }
        None
    }
}

/// The legal moves of the side to move that give check. In plain shogi a
/// move is tried only if it lands on a line or a knight's leap from the
/// enemy king or leaves a line from it; the Tris variants try every move.
fn checks(pos: &Position) -> MoveList<Move> {
    let mut out = MoveList::new();
    let filter = (pos.variant() == Variant::Shogi).then(|| {
        let them = pos.turn().other();
        let k = pos.king(them);
        let lines = rook_attacks(k, Bitboard::EMPTY) | bishop_attacks(k, Bitboard::EMPTY);
        (
            lines,
            lines | attacks(them, Role::Knight, k, Bitboard::EMPTY),
        )
    });
    for mv in pos.legal_moves() {
        if let Some((lines, near)) = filter {
            let drop = matches!(mv.kind(), MoveKind::Drop | MoveKind::TrisDrop);
            if !near.contains(mv.to()) && (drop || !lines.contains(mv.from())) {
                continue;
            }
        }
        if pos.play(mv).in_check() {
            out.push(mv);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(sfen: &str) -> Position {
        Position::from_fen(Variant::Shogi, sfen).expect("valid sfen")
    }

    fn solve(p: &Position, nodes: u64) -> MateResult<Move> {
        MateSolver::new(16).solve(p, nodes, &|| false)
    }

    fn text(line: &[Move]) -> Vec<String> {
        line.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn s_11_solver_mate_in_one_by_a_gold_drop() {
        let p = pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        assert_eq!(
            solve(&p, 1_000),
            MateResult::Mate(vec![p.parse_move("G*5b").unwrap()])
        );
    }

    #[test]
    fn s_11_solver_no_mate_with_a_lone_gold_or_without_a_check() {
        let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
        assert_eq!(solve(&p, 100_000), MateResult::NoMate);
        let start = Position::startpos(Variant::Shogi);
        assert_eq!(solve(&start, 1_000), MateResult::NoMate);
    }

    /// Uchifuzume: the pawn drop on 1b would leave the king no move, so it
    /// is illegal and the position has no mate (the gold's checks are
    /// answered by taking the gold).
    #[test]
    fn s_11_solver_pawn_drop_mate_is_no_mate() {
        let p = pos("7nk/7p1/7G1/9/9/9/9/9/4K4 b P 1");
        assert_eq!(solve(&p, 100_000), MateResult::NoMate);
    }

    /// Mates GPS Shogi announced against Triskelion (docs/strength), by
    /// checks, of 5 to 29 plies.
    #[test]
    fn s_11_solver_mates_from_the_gpsusi_games() {
        for sfen in [
            "ln1+R3nl/g3pkg2/pp4p2/2p1G4/8p/2PS1+p3/P3P2PP/1KN6/LNg1+rsP1+b b SLbs5p 133",
            "l2g2knl/6gs1/pp3+Ngpp/3pB1S2/7n1/3+b3K1/PP1+sPP1PP/2+r3G1R/7NL b SL6Pp 71",
            "lns6/6+P2/pppk1p2+B/1l1pp4/4n1+B1P/1PP6/P2PPsP1s/2G3G2/4G2K1 w RGN2LPrsn3p 100",
            "+Rp7/9/p1pp2+L1+P/3kP4/2P2gs2/P1g1ppp1L/3P3P1/1PS1GK1S1/LN1G2RN1 w B2Pbs2nl2p 96",
        ] {
            let p = pos(sfen);
            match solve(&p, 2_000_000) {
                MateResult::Mate(line) => {
                    assert!(is_tsume(&p, &line), "{sfen}: {:?}", text(&line));
                    assert!(line.len() % 2 == 1 && line.len() <= MAX_MATE_PLY);
                }
                other => panic!("{sfen}: {other:?}"),
            }
        }
    }

    /// Along random games of the three shogi-family variants, every proof
    /// the solver settles yields a line that is a tsume by the rules.
    #[test]
    fn proofs_along_random_games_are_tsume() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut proofs = 0;
        for variant in [Variant::Shogi, Variant::TrisShogi, Variant::MengShogi] {
            for _ in 0..6 {
                let mut p = Position::startpos(variant);
                for _ in 0..160 {
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mut solver = MateSolver::new(14);
                    let result = solver.solve(&p, 300, &|| false);
                    let root = solver.lookup(p.hash());
                    if root.is_some_and(|e| e.phi == 0) {
                        let line = solver.line(&p).expect("a settled proof has a line");
                        assert!(
                            is_tsume(&p, &line),
                            "{variant:?} {}: {:?}",
                            p.to_fen(),
                            text(&line)
                        );
                        assert_eq!(result, MateResult::Mate(line));
                        proofs += 1;
                    }
                    p = p.play(moves[(next() % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(proofs > 0, "the random games reached no provable mate");
    }
}
