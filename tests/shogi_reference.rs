//! An independent, deliberately naive reference of the shogi-family rules
//! (rules.md T and S), written from the rule text with plain coordinates:
//! no bitboards, no attack tables, no pins, every move played out on a copy
//! and tested for king safety. Its legal move strings and the SFEN after
//! each move must equal the engine's on many positions from random
//! trisshogi playouts and on hand-built ones.

use std::collections::BTreeMap;

use movegen::shogi::{Color, Position, Role, Square};
use movegen::{Game, Variant};

#[derive(Clone)]
struct St {
    piece: [Option<(Color, Role)>; 81],
    tris: [bool; 81],
    lock: [Option<Color>; 81],
    hands: [[u8; 7]; 2],
    reserve: u8,
    captures: u8,
    forced: bool,
    recapture: Option<usize>,
    turn: Color,
    number: u32,
    variant: Variant,
}

const HAND: [Role; 7] = Role::HAND;

fn idx(f: i32, r: i32) -> Option<usize> {
    ((0..9).contains(&f) && (0..9).contains(&r)).then(|| (r * 9 + f) as usize)
}

fn name(i: usize) -> String {
    Square::new(i as u8).to_string()
}

fn hand_index(r: Role) -> usize {
    HAND.iter().position(|&h| h == r).unwrap()
}

fn from_position(p: &Position) -> St {
    let mut st = St {
        piece: [None; 81],
        tris: [false; 81],
        lock: [None; 81],
        hands: [[0; 7]; 2],
        reserve: p.reserve(),
        captures: p.captures(),
        forced: p.forced_drop(),
        recapture: p.recapture_square().map(|s| s.index()),
        turn: p.turn(),
        number: p.move_number(),
        variant: p.variant(),
    };
    for sq in Square::all() {
        let i = sq.index();
        st.piece[i] = p.piece_at(sq).map(|pc| (pc.color, pc.role));
        st.tris[i] = p.tris().contains(sq);
        for c in [Color::Black, Color::White] {
            if p.tris_locked_to(c).contains(sq) {
                st.lock[i] = Some(c);
            }
        }
        for c in [Color::Black, Color::White] {
            for (h, &r) in HAND.iter().enumerate() {
                st.hands[c as usize][h] = p.hand(c, r);
            }
        }
    }
    st
}

fn promote(r: Role) -> Option<Role> {
    Some(match r {
        Role::Pawn => Role::ProPawn,
        Role::Lance => Role::ProLance,
        Role::Knight => Role::ProKnight,
        Role::Silver => Role::ProSilver,
        Role::Bishop => Role::Horse,
        Role::Rook => Role::Dragon,
        _ => return None,
    })
}

fn unpromote(r: Role) -> Role {
    match r {
        Role::ProPawn => Role::Pawn,
        Role::ProLance => Role::Lance,
        Role::ProKnight => Role::Knight,
        Role::ProSilver => Role::Silver,
        Role::Horse => Role::Bishop,
        Role::Dragon => Role::Rook,
        r => r,
    }
}

/// Rank counted from `c`'s far end (0 = its last rank).
fn rel_rank(i: usize, c: Color) -> i32 {
    let r = (i / 9) as i32;
    if c == Color::Black {
        r
    } else {
        8 - r
    }
}

fn dead(r: Role, i: usize, c: Color) -> bool {
    match r {
        Role::Pawn | Role::Lance => rel_rank(i, c) < 1,
        Role::Knight => rel_rank(i, c) < 2,
        _ => false,
    }
}

fn occupied(st: &St, i: usize) -> bool {
    st.piece[i].is_some() || st.tris[i]
}

const ORTH: [(i32, i32); 4] = [(0, -1), (0, 1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, -1), (-1, -1), (1, 1), (-1, 1)];

/// The squares a `role` of `c` on `i` attacks (its capture pattern).
fn attack_squares(st: &St, c: Color, role: Role, i: usize) -> Vec<usize> {
    let (f, r) = ((i % 9) as i32, (i / 9) as i32);
    let fw = if c == Color::Black { -1 } else { 1 };
    let mut out = Vec::new();
    let steps: Vec<(i32, i32)> = match role {
        Role::Pawn => vec![(0, fw)],
        Role::Knight => vec![(1, 2 * fw), (-1, 2 * fw)],
        Role::Silver => vec![(0, fw), (1, fw), (-1, fw), (1, -fw), (-1, -fw)],
        Role::Gold | Role::ProPawn | Role::ProLance | Role::ProKnight | Role::ProSilver => {
            vec![(0, fw), (1, fw), (-1, fw), (1, 0), (-1, 0), (0, -fw)]
        }
        Role::King => ORTH.iter().chain(DIAG.iter()).copied().collect(),
        Role::Horse => ORTH.to_vec(),
        Role::Dragon => DIAG.to_vec(),
        _ => vec![],
    };
    for (df, dr) in steps {
        if let Some(t) = idx(f + df, r + dr) {
            out.push(t);
        }
    }
    let slides: Vec<(i32, i32)> = match role {
        Role::Lance => vec![(0, fw)],
        Role::Bishop | Role::Horse => DIAG.to_vec(),
        Role::Rook | Role::Dragon => ORTH.to_vec(),
        _ => vec![],
    };
    for (df, dr) in slides {
        let (mut x, mut y) = (f + df, r + dr);
        while let Some(t) = idx(x, y) {
            out.push(t);
            if occupied(st, t) {
                break;
            }
            x += df;
            y += dr;
        }
    }
    out
}

fn tris_steps(i: usize) -> Vec<usize> {
    let (f, r) = ((i % 9) as i32, (i / 9) as i32);
    let mut out = Vec::new();
    for df in -2i32..=2 {
        for dr in -2i32..=2 {
            let king = df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0);
            let knight = df.abs() + dr.abs() == 3 && df != 0 && dr != 0;
            if king || knight {
                if let Some(t) = idx(f + df, r + dr) {
                    out.push(t);
                }
            }
        }
    }
    out
}

fn attackers(st: &St, i: usize, by: Color) -> usize {
    (0..81)
        .filter(|&s| match st.piece[s] {
            Some((c, r)) if c == by => attack_squares(st, c, r, s).contains(&i),
            _ => false,
        })
        .count()
}

fn king_of(st: &St, c: Color) -> usize {
    (0..81)
        .find(|&s| st.piece[s] == Some((c, Role::King)))
        .unwrap()
}

fn in_check(st: &St, c: Color) -> bool {
    attackers(st, king_of(st, c), other(c)) > 0
}

fn other(c: Color) -> Color {
    if c == Color::Black {
        Color::White
    } else {
        Color::Black
    }
}

/// Finishes a move: capture count, forced-drop mode, side, move number.
fn finish(mut st: St, removed: bool, to: usize, reserve_before: u8) -> St {
    st.recapture = None;
    if removed && st.variant.has_tris() && st.captures < 3 {
        st.captures += 1;
        if st.captures == 3 && reserve_before == 2 {
            st.forced = true;
            st.recapture = Some(to);
        }
    }
    if st.reserve == 0 {
        st.forced = false;
    }
    st.turn = other(st.turn);
    st.number += 1;
    st
}

/// Promotion choices (promote, plain) of `role` moving from `a` to `b`.
fn choices(role: Role, a: usize, b: usize, c: Color) -> Vec<bool> {
    let zone = |i: usize| rel_rank(i, c) < 3;
    if promote(role).is_some() && (zone(a) || zone(b)) {
        if dead(role, b, c) {
            vec![true]
        } else {
            vec![true, false]
        }
    } else {
        vec![false]
    }
}

/// Every pseudo-legal move: (string, position after, is a board move
/// landing on `to`, to).
fn pseudo(st: &St) -> Vec<(String, St, bool, usize)> {
    let us = st.turn;
    let them = other(us);
    let mut out = Vec::new();
    let rb = st.reserve;
    for from in 0..81 {
        if let Some((c, role)) = st.piece[from] {
            if c != us {
                continue;
            }
            let composite = st.tris[from];
            for to in attack_squares(st, us, role, from) {
                let target = st.piece[to];
                let tris_there = st.tris[to];
                if matches!(target, Some((tc, _)) if tc == us) {
                    continue;
                }
                if target.is_none() && !tris_there {
                    // A non-capture: only a standalone piece moves as X;
                    // a composite's X may leave (S-8.1).
                    for p in choices(role, from, to, us) {
                        let nr = if p { promote(role).unwrap() } else { role };
                        let mark = if p { "+" } else { "" };
                        if !composite {
                            let mut n = st.clone();
                            n.piece[from] = None;
                            n.piece[to] = Some((us, nr));
                            out.push((
                                format!("{}{}{mark}", name(from), name(to)),
                                finish(n, false, to, rb),
                                true,
                                to,
                            ));
                        } else {
                            let mut n = st.clone();
                            n.piece[from] = None;
                            n.lock[from] = Some(us);
                            n.piece[to] = Some((us, nr));
                            out.push((
                                format!("{}{}{mark}t", name(from), name(to)),
                                finish(n, false, to, rb),
                                false,
                                to,
                            ));
                        }
                    }
                    continue;
                }
                // A capture. A standalone Tris of the opponent needs two
                // attacks (S-3), virtual ones included.
                if target.is_none() {
                    let lock = st.lock[to].unwrap();
                    if lock == them {
                        let virt = tris_steps(to)
                            .into_iter()
                            .filter(|&s| st.lock[s] == Some(us))
                            .count();
                        if attackers(st, to, us) + virt < 2 {
                            continue;
                        }
                    }
                }
                for p in choices(role, from, to, us) {
                    let nr = if p { promote(role).unwrap() } else { role };
                    let mark = if p { "+" } else { "" };
                    let mut n = st.clone();
                    let mut removed = false;
                    if let Some((_, tr)) = target {
                        n.hands[us as usize][hand_index(unpromote(tr))] += 1;
                        removed = true;
                    }
                    n.lock[to] = None;
                    n.piece[from] = None;
                    n.piece[to] = Some((us, nr));
                    if composite && tris_there {
                        // S-5.2..4: the captured Tris is re-dropped.
                        n.tris[from] = false;
                        n.tris[to] = true;
                        for d in 0..81 {
                            if occupied(&n, d) {
                                continue;
                            }
                            let mut m = n.clone();
                            m.tris[d] = true;
                            m.lock[d] = Some(us);
                            out.push((
                                format!("{}{}{mark},{}{}", name(from), name(to), name(to), name(d)),
                                finish(m, removed, to, rb),
                                true,
                                to,
                            ));
                        }
                    } else {
                        if composite {
                            n.tris[from] = false;
                        }
                        n.tris[to] = composite || tris_there;
                        out.push((
                            format!("{}{}{mark}", name(from), name(to)),
                            finish(n, removed, to, rb),
                            true,
                            to,
                        ));
                    }
                }
            }
            if composite {
                for to in tris_steps(from) {
                    if occupied(st, to) {
                        continue;
                    }
                    // The unit moves as a Tris (S-7), X promotes per S-9.
                    for p in choices(role, from, to, us) {
                        let nr = if p { promote(role).unwrap() } else { role };
                        let mut n = st.clone();
                        n.piece[from] = None;
                        n.tris[from] = false;
                        n.piece[to] = Some((us, nr));
                        n.tris[to] = true;
                        out.push((
                            format!("{}{}{}", name(from), name(to), if p { "+" } else { "" }),
                            finish(n, false, to, rb),
                            true,
                            to,
                        ));
                    }
                    // The Tris leaves (S-8.2).
                    let mut n = st.clone();
                    n.tris[from] = false;
                    n.tris[to] = true;
                    n.lock[to] = Some(us);
                    out.push((
                        format!("T{}{}", name(from), name(to)),
                        finish(n, false, to, rb),
                        false,
                        to,
                    ));
                }
            }
        } else if st.lock[from] == Some(us) {
            for to in tris_steps(from) {
                if occupied(st, to) {
                    continue;
                }
                let mut n = st.clone();
                n.tris[from] = false;
                n.lock[from] = None;
                n.tris[to] = true;
                n.lock[to] = Some(us);
                out.push((
                    format!("{}{}", name(from), name(to)),
                    finish(n, false, to, rb),
                    false,
                    to,
                ));
            }
        }
    }
    for (h, &role) in HAND.iter().enumerate() {
        if st.hands[us as usize][h] == 0 {
            continue;
        }
        for to in 0..81 {
            if occupied(st, to) || dead(role, to, us) {
                continue;
            }
            if role == Role::Pawn
                && (0..9).any(|r| st.piece[r * 9 + to % 9] == Some((us, Role::Pawn)))
            {
                continue;
            }
            let mut n = st.clone();
            n.hands[us as usize][h] -= 1;
            n.piece[to] = Some((us, role));
            out.push((
                format!("{}*{}", role.letter(), name(to)),
                finish(n, false, to, rb),
                false,
                to,
            ));
        }
    }
    if st.captures >= 2 && st.reserve > 0 {
        for to in 0..81 {
            if occupied(st, to) {
                continue;
            }
            let mut n = st.clone();
            n.reserve -= 1;
            n.tris[to] = true;
            n.lock[to] = Some(us);
            out.push((
                format!("T*{}", name(to)),
                finish(n, false, to, rb),
                false,
                to,
            ));
        }
    }
    out
}

fn legal(st: &St) -> Vec<(String, St)> {
    let us = st.turn;
    let checked = in_check(st, us);
    let mut out = Vec::new();
    for (s, n, board_move, to) in pseudo(st) {
        if in_check(&n, us) {
            continue;
        }
        if st.forced && st.reserve > 0 && !checked {
            let recapture = board_move && Some(to) == st.recapture && !s.starts_with('T');
            if !s.starts_with("T*") && !recapture {
                continue;
            }
        }
        if s.starts_with("P*") && in_check(&n, other(us)) && legal(&n).is_empty() {
            continue; // uchifuzume
        }
        out.push((s, n));
    }
    out
}

fn sfen(st: &St) -> String {
    let mut b = String::new();
    for r in 0..9 {
        let mut gap = 0;
        for f in (0..9).rev() {
            let i = r * 9 + f;
            let tok = match (st.piece[i], st.lock[i]) {
                (Some((c, role)), _) => {
                    let l = role.letter();
                    let l = if c == Color::Black {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    };
                    let pro = if unpromote(role) != role { "+" } else { "" };
                    let comp = if st.tris[i] { "^" } else { "" };
                    format!("{pro}{l}{comp}")
                }
                (None, Some(Color::Black)) => "T".into(),
                (None, Some(Color::White)) => "t".into(),
                (None, None) => {
                    gap += 1;
                    continue;
                }
            };
            if gap > 0 {
                b.push_str(&gap.to_string());
                gap = 0;
            }
            b.push_str(&tok);
        }
        if gap > 0 {
            b.push_str(&gap.to_string());
        }
        if r < 8 {
            b.push('/');
        }
    }
    let mut h = String::new();
    for c in [Color::Black, Color::White] {
        for (k, role) in HAND.iter().enumerate() {
            let n = st.hands[c as usize][k];
            if n > 1 {
                h.push_str(&n.to_string());
            }
            if n > 0 {
                let l = role.letter();
                h.push(if c == Color::Black {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
    }
    if h.is_empty() {
        h.push('-');
    }
    let side = if st.turn == Color::Black { "b" } else { "w" };
    let mut s = format!("{b} {side} {h} {}", st.number);
    if st.variant.has_tris() {
        s.push_str(&format!(
            " {} {} {} {}",
            st.reserve,
            st.captures,
            if st.forced { "F" } else { "-" },
            st.recapture.map_or("-".to_string(), name)
        ));
    }
    s
}

/// Compares the engine with the reference on `pos`; returns the number of
/// moves compared.
fn compare(pos: &Position) -> usize {
    let st = from_position(pos);
    assert_eq!(sfen(&st), pos.to_fen());
    let reference: BTreeMap<String, String> = legal(&st)
        .iter()
        .map(|(m, n)| (m.clone(), sfen(n)))
        .collect();
    let engine: BTreeMap<String, String> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m.to_string(), pos.play(m).to_fen()))
        .collect();
    if reference.keys().ne(engine.keys()) {
        let only_ref: Vec<_> = reference
            .keys()
            .filter(|k| !engine.contains_key(*k))
            .collect();
        let only_eng: Vec<_> = engine
            .keys()
            .filter(|k| !reference.contains_key(*k))
            .collect();
        panic!(
            "{}: only in the reference {only_ref:?}, only in the engine {only_eng:?}",
            pos.to_fen()
        );
    }
    for (m, s) in &reference {
        assert_eq!(&engine[m], s, "{m} in {}", pos.to_fen());
    }
    reference.len()
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn engine_matches_reference_on_random_trisshogi_games() {
    // TRISKELION_REFERENCE_GAMES runs more games (opt-in).
    let games: usize = std::env::var("TRISKELION_REFERENCE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    let seed: u64 = std::env::var("TRISKELION_REFERENCE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_1234_abcd_0001);
    let mut rng = Rng(seed | 1);
    let mut positions = 0;
    let mut moves = 0;
    for game in 0..games {
        let mut pos = Position::startpos(Variant::TrisShogi);
        for _ in 0..70 {
            moves += compare(&pos);
            positions += 1;
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            // Prefer captures and Tris play; in odd games hold the Tris
            // back until the third capture (forced-drop mode).
            let pick: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| {
                    let s = m.to_string();
                    let capture = pos.occupied().contains(m.to()) && !s.starts_with('T');
                    let tris = s.contains('T')
                        || s.contains(',')
                        || s.ends_with('t')
                        || pos.tris().contains(m.from());
                    let held = game % 2 == 1 && pos.captures() < 3 && s.starts_with("T*");
                    (capture || tris) && !held
                })
                .collect();
            let m = if !pick.is_empty() && rng.below(10) < 7 {
                pick[rng.below(pick.len())]
            } else {
                list[rng.below(list.len())]
            };
            pos = pos.play(m);
        }
    }
    assert!(
        positions > 1000 && moves > 50_000,
        "{positions} positions, {moves} moves"
    );
}

#[test]
fn engine_matches_reference_on_orthodox_positions() {
    for sfen in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "3lkl3/R7R/4G4/9/9/9/9/9/4K4 b P 1",
    ] {
        let pos = Position::from_fen(Variant::Shogi, sfen).unwrap();
        compare(&pos);
        for m in pos.legal_moves().iter().take(40) {
            compare(&pos.play(*m));
        }
    }
}
