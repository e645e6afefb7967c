//! Properties over random MengChess playouts biased towards captures and Tris
//! play: FEN round trip, incremental hash == recomputed hash, `is_legal`
//! agrees with the generated set (also on every from x to candidate), copy-make
//! leaves the parent untouched.

use movegen::chess::{Move, MoveKind, Position, Role, Square};
use movegen::{Game, Variant};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Weight of a move in the playout: Tris moves and captures come first.
fn weight(pos: &Position, mv: Move) -> u64 {
    match mv.kind() {
        MoveKind::Drop | MoveKind::CaptureRedrop | MoveKind::Separation => 12,
        MoveKind::EnPassant => 12,
        _ if pos.tris().contains(mv.from()) => 8,
        _ if pos.occupied().contains(mv.to()) => 10,
        _ => 1,
    }
}

fn pick(rng: &mut Rng, pos: &Position, moves: &[Move]) -> Move {
    let total: u64 = moves.iter().map(|&m| weight(pos, m)).sum();
    let mut r = rng.below(total);
    for &m in moves {
        let w = weight(pos, m);
        if r < w {
            return m;
        }
        r -= w;
    }
    unreachable!()
}

/// Every move shape that could be legal here, legal or not.
fn candidates(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    let promos = [
        None,
        Some(Role::Queen),
        Some(Role::Rook),
        Some(Role::Bishop),
        Some(Role::Knight),
        Some(Role::King),
    ];
    for from in Square::all() {
        for to in Square::all() {
            for p in promos {
                out.push(Move::normal(from, to, p));
                out.push(Move::separation(from, to, p));
            }
            out.push(Move::castle(from, to));
            out.push(Move::en_passant(from, to));
            if pos.tris().contains(to) && pos.composites().contains(from) {
                for d in Square::all() {
                    for p in promos {
                        out.push(Move::capture_redrop(from, to, p, d));
                    }
                }
            }
        }
        out.push(Move::drop(from));
    }
    out
}

#[test]
fn random_mengchess_playouts() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut plies = 0;
    let mut tris_moves = 0;
    let mut cross_checked = 0;
    let mut game = 0;
    while plies < 12_000 {
        game += 1;
        let mut pos = Position::startpos(Variant::MengChess);
        for _ in 0..160 {
            assert_eq!(
                pos.hash(),
                pos.compute_hash(),
                "game {game}: {}",
                pos.to_fen()
            );
            let fen = pos.to_fen();
            let back = Position::from_fen(Variant::MengChess, &fen)
                .unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back, pos, "round trip of {fen}");
            let moves = pos.legal_moves();
            for &m in &moves {
                assert!(pos.is_legal(m), "generated {m:?} not is_legal in {fen}");
                assert_eq!(
                    pos.parse_move(&m.to_string()),
                    Ok(m),
                    "parse of {m} in {fen}"
                );
            }
            if plies % 25 == 0 {
                for c in candidates(&pos) {
                    assert_eq!(pos.is_legal(c), moves.contains(&c), "{c:?} in {fen}");
                }
                cross_checked += 1;
            }
            if moves.is_empty() {
                break;
            }
            let mv = pick(&mut rng, &pos, &moves);
            if matches!(
                mv.kind(),
                MoveKind::Drop | MoveKind::CaptureRedrop | MoveKind::Separation
            ) || pos.tris().contains(mv.from())
            {
                tris_moves += 1;
            }
            let parent = pos.clone();
            let child = pos.play(mv);
            assert_eq!(parent, pos, "copy-make changed the parent");
            pos = child;
            plies += 1;
        }
    }
    eprintln!("{game} games, {plies} plies, {tris_moves} Tris moves, {cross_checked} cross-checks");
    assert!(
        tris_moves > 1_000,
        "only {tris_moves} Tris moves in {plies} plies"
    );
    assert!(cross_checked > 400, "{cross_checked}");
}

/// Mangled FENs and move strings never panic: they parse or give an error,
/// and whatever parses writes back to a FEN that parses to the same state.
#[test]
fn mangled_input_never_panics() {
    let mut rng = Rng(0xfeed_beef_0000_0042);
    let seeds = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 0 - -",
        "4k3/3n^4/8/8/3R^4/8/8/4K3 w - - 0 1 0 2 - -",
        "4k3/8/8/8/3*4/8/5*2/4K3 w - - 0 1 0 2 - d4",
        "3rk3/8/8/3*4/8/8/8/4K3 b - - 1 1 1 2 d5 -",
    ];
    let alphabet: Vec<char> = "pnbrqkPNBRQK*Tt^/12345678 -wbabcdefgh@,é".chars().collect();
    for i in 0..20_000 {
        let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len() as u64) as usize;
            match rng.below(3) {
                0 => chars[at] = alphabet[rng.below(alphabet.len() as u64) as usize],
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, alphabet[rng.below(alphabet.len() as u64) as usize]),
            }
            if chars.is_empty() {
                break;
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(pos) = Position::from_fen(Variant::MengChess, &text) {
            let again = Position::from_fen(Variant::MengChess, &pos.to_fen())
                .expect("canonical FEN parses");
            assert_eq!(again, pos, "{text}");
            assert_eq!(pos.hash(), pos.compute_hash());
            let _ = pos.legal_moves();
        }
        let _ = Position::from_fen(Variant::Chess, &text);
        let start = Position::startpos(Variant::MengChess);
        let prefix: String = text.chars().take(4 + i % 8).collect();
        let _ = start.parse_move(&prefix);
    }
}
