//! Properties over random `trisshogi` playouts biased towards early
//! captures and Tris play (deterministic seeded RNG): SFEN round trip,
//! copy-make leaves the parent untouched, incremental hash == recomputed
//! hash, `is_legal` and `has_legal_move` agree with the generated set,
//! move strings round-trip, the drop-free list is the full list without
//! drops, and `mengshogi` generates the same moves as `trisshogi`.

use std::collections::HashSet;

use movegen::shogi::{Move, MoveKind, Position, Role, Square};
use movegen::{Game, Variant};

/// xorshift64*: deterministic, no crate needed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn is_capture(pos: &Position, m: Move) -> bool {
    matches!(m.kind(), MoveKind::Normal | MoveKind::CaptureRedrop)
        && pos.occupied().contains(m.to())
}

fn is_tris_move(pos: &Position, m: Move) -> bool {
    match m.kind() {
        MoveKind::Normal => pos.tris().contains(m.from()) || pos.tris().contains(m.to()),
        MoveKind::Drop => false,
        _ => true,
    }
}

fn pick(pos: &Position, list: &[Move], rng: &mut Rng, aim_forced: bool) -> Move {
    // Games aiming at forced-drop mode (S-F1) hold the Tris back until the
    // third capture.
    let held: Vec<Move>;
    let list = if aim_forced && pos.captures() < 3 {
        held = list
            .iter()
            .copied()
            .filter(|m| m.kind() != MoveKind::TrisDrop)
            .collect();
        if held.is_empty() {
            list
        } else {
            &held[..]
        }
    } else {
        list
    };
    let captures: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| is_capture(pos, m))
        .collect();
    let tris: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| is_tris_move(pos, m))
        .collect();
    let r = rng.below(100);
    if r < 40 && !captures.is_empty() {
        captures[rng.below(captures.len())]
    } else if r < 80 && !tris.is_empty() {
        tris[rng.below(tris.len())]
    } else {
        list[rng.below(list.len())]
    }
}

fn check_position(pos: &Position, prev_moves: &[Move], ply: usize) {
    let fen = pos.to_fen();
    // SFEN round trip.
    let back =
        Position::from_fen(Variant::TrisShogi, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.to_fen(), fen);
    assert!(back == *pos, "{fen}");
    assert_eq!(back.hash(), pos.hash(), "{fen}");
    // Incremental hash.
    assert_eq!(pos.hash(), pos.compute_hash(), "{fen}");
    let list = pos.legal_moves();
    // The bulk count of perft leaves agrees with the list, and so does the
    // early-stopping test for a legal move; after every checking move too
    // (on a third of the plies), where the mate probe asks it.
    assert_eq!(pos.count_legal(), list.len() as u64, "{fen}");
    assert_eq!(pos.has_legal_move(), !list.is_empty(), "{fen}");
    if ply % 3 == 2 {
        for &m in &list {
            let child = pos.play(m);
            if child.in_check() {
                assert_eq!(
                    child.has_legal_move(),
                    !child.legal_moves().is_empty(),
                    "after {m} in {fen}"
                );
            }
        }
    }
    // Move strings are unique and parse back to the same move.
    let mut seen = HashSet::new();
    for &m in &list {
        let s = m.to_string();
        assert!(seen.insert(s.clone()), "duplicate {s} in {fen}");
        assert_eq!(pos.parse_move(&s), Ok(m), "{s} in {fen}");
    }
    // The quiescence search's list: every legal move but the drops, in the
    // same order.
    let mut board_moves = movegen::MoveList::new();
    pos.generate_board_moves(&mut board_moves);
    let expected: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| !matches!(m.kind(), MoveKind::Drop | MoveKind::TrisDrop))
        .collect();
    assert_eq!(board_moves.as_slice(), expected.as_slice(), "{fen}");
    // mengshogi is the same rule set.
    let meng = Position::from_fen(Variant::MengShogi, &fen).unwrap();
    let meng_moves: Vec<String> = meng.legal_moves().iter().map(|m| m.to_string()).collect();
    let tris_moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    assert_eq!(meng_moves, tris_moves, "{fen}");
    // is_legal agrees with the generated set, on the generated moves and on
    // moves of the previous position.
    if ply % 3 == 0 {
        for &m in &list {
            assert!(pos.is_legal(m), "{m} in {fen}");
        }
    }
    for &m in prev_moves {
        assert_eq!(pos.is_legal(m), list.contains(&m), "{m:?} in {fen}");
    }
    // ... and on near misses of the generated moves: every other flag,
    // kind and re-drop square, every drop on every square.
    if ply % 3 == 1 {
        let mut near = Vec::new();
        for &m in &list {
            let (from, to) = (m.from(), m.to());
            for p in [false, true] {
                near.push(Move::normal(from, to, p));
                near.push(Move::separate_x(from, to, p));
                near.push(Move::capture_redrop(from, to, p, from));
                near.push(Move::capture_redrop(
                    from,
                    to,
                    p,
                    Square::new(((to.index() * 7) % 81) as u8),
                ));
            }
            near.push(Move::separate_tris(from, to));
        }
        for sq in Square::all() {
            near.push(Move::tris_drop(sq));
            for role in Role::HAND {
                near.push(Move::drop(role, sq));
            }
        }
        for m in near {
            assert_eq!(pos.is_legal(m), list.contains(&m), "{m:?} in {fen}");
        }
    }
}

#[test]
fn random_trisshogi_playouts() {
    // TRISKELION_PROPS_SEED / TRISKELION_PROPS_PLIES run other or longer
    // playouts (opt-in); the default is fixed and deterministic.
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let mut rng = Rng(env("TRISKELION_PROPS_SEED", 0x7269_7368_6f67_6931) | 1);
    let target = env("TRISKELION_PROPS_PLIES", 10_000);
    let mut plies = 0;
    let (mut forced, mut recapture, mut checks) = (0u32, 0u32, 0u32);
    let mut games = 0;
    let mut tris_moves = 0;
    let mut kinds = HashSet::new();
    while plies < target {
        games += 1;
        let mut pos = Position::startpos(Variant::TrisShogi);
        let mut prev: Vec<Move> = Vec::new();
        for ply in 0..250 {
            check_position(&pos, &prev, ply);
            forced += pos.forced_drop() as u32;
            recapture += pos.recapture_square().is_some() as u32;
            checks += pos.in_check() as u32;
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            let m = pick(&pos, &list, &mut rng, games % 2 == 0);
            kinds.insert(format!("{:?}", m.kind()));
            if is_tris_move(&pos, m) {
                tris_moves += 1;
            }
            let before = pos.clone();
            let before_fen = pos.to_fen();
            let child = pos.play(m);
            // Copy-make leaves the parent untouched.
            assert!(pos == before && pos.to_fen() == before_fen && pos.hash() == before.hash());
            assert_eq!(child.hash(), child.compute_hash());
            assert!(
                !child
                    .attackers_to(child.king(pos.turn()), child.turn(), child.occupied())
                    .nonempty(),
                "{m} leaves the king in check in {before_fen}"
            );
            prev = list.to_vec();
            pos = child;
            plies += 1;
        }
    }
    println!("{plies} plies, {games} games, {tris_moves} Tris moves, {forced} forced-drop positions, {recapture} with a recapture square, {checks} in check");
    assert!(games >= 2);
    assert!(forced >= 20 && recapture >= 10 && checks >= 100);
    assert!(tris_moves > 1_000, "only {tris_moves} Tris moves");
    for k in [
        "Normal",
        "Drop",
        "TrisDrop",
        "SeparateX",
        "SeparateTris",
        "CaptureRedrop",
    ] {
        assert!(kinds.contains(k), "no {k} move was played");
    }
}
