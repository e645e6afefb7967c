//! The search on the chess family: forced mates (including mates that need a
//! separation, a re-drop or a Tris step), every limit, MultiPV, legality of
//! the result, bench determinism, perft through the move picker.

use std::sync::Mutex;
use std::time::{Duration, Instant};

mod common;

use movegen::chess::Position;
use movegen::{Game, MoveList, Variant};
use search::history::Histories;
use search::picker::{Context, Picker};
use search::threads::{Info, Reporter, Silent};
use search::{Limits, Score, Searcher};

fn pos(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A mate in `moves` moves (2 * moves - 1 plies), checked through the
/// rules core.
fn assert_mate(variant: Variant, fen: &str, moves: i32) -> Vec<String> {
    common::mate::assert_mate_in_plies::<Position>(variant, fen, 2 * moves - 1)
}

#[test]
fn chess_mate_in_one_two_three() {
    assert_eq!(
        assert_mate(Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
        ["d1d8"]
    );
    // Smothered mate at once: Nf7#.
    assert_eq!(
        assert_mate(Variant::Chess, "r5rk/6pp/7N/8/8/8/Q5PP/6K1 w - - 0 1", 1),
        ["h6f7"]
    );
    assert_eq!(
        assert_mate(Variant::Chess, "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 1),
        ["d8d1"]
    );
    assert_mate(
        Variant::Chess,
        "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
        2,
    );
    assert_mate(Variant::Chess, "6k1/4Rppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", 1);
    assert_mate(Variant::Chess, "1k6/ppp5/8/8/8/8/5PPP/2RR2K1 w - - 0 1", 1);
    assert_mate(Variant::Chess, "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1", 1);
    assert_mate(Variant::Chess, "7k/8/5K2/8/8/8/8/6R1 w - - 0 1", 2);
    assert_mate(Variant::Chess, "5k2/8/4K3/8/8/8/8/R7 w - - 0 1", 2);
    // King and rook against king: the built-in network (plain chess) sees
    // the mate in four at depths 8 and 9 and the mate in three from depth
    // 10, two plies later than the hand-written evaluation (depth 8,
    // checked over UCI in tests/nnue.rs): its data has few such endings.
    common::mate::assert_mate_in_plies_by::<Position>(
        Variant::Chess,
        "7k/8/8/5K2/8/8/8/6R1 w - - 0 1",
        5,
        10,
    );
}

#[test]
fn mengchess_mate_by_separation() {
    // The composite rook cannot slide; its rook leaves the Tris and mates
    // (the reserve is empty, so no drop can block).
    assert_eq!(
        assert_mate(
            Variant::MengChess,
            "7k/6pp/8/8/R^7/8/6P^1/6K1 w - - 0 1 0 2 - -",
            1
        ),
        ["a4a8t"]
    );
}

#[test]
fn mengchess_mate_by_capture_with_redrop() {
    let pv = assert_mate(
        Variant::MengChess,
        "3n^3k/6pp/8/8/8/8/8/3R^2K1 w - - 0 1 0 2 - -",
        1,
    );
    assert!(pv[0].starts_with("d1d8,d8"), "{pv:?}");
}

#[test]
fn mengchess_mate_by_tris_step_discovery() {
    // Moving the Tris off the a-file uncovers the rook; no drop can block
    // (the reserve is empty) and the moved Tris is frozen for Black.
    // The Tris leaps from e5 to f7: it uncovers the rook and takes the
    // king's last square (no black piece co-attacks f7, C-3). Taking the
    // Tris with the rook instead leaves f7 free.
    let pv = assert_mate(
        Variant::MengChess,
        "3rkp2/3p4/8/4*3/8/8/7P^/4R1K1 w - - 0 1 0 2 - -",
        1,
    );
    assert_eq!(pv, ["e5f7"]);
}

#[test]
fn mengchess_mate_after_a_drop_blocks_the_escape() {
    // Ra8+ at once is met by the drop T@g8; White drops the last Tris
    // first (T@a8 or T@g7 both work), then mates on the eighth rank.
    let pv = assert_mate(
        Variant::MengChess,
        "7k/5p1p/6pP/8/8/8/2P^5/R3K3 w - - 0 1 1 2 - -",
        2,
    );
    assert!(pv[0].starts_with("T@"), "{pv:?}");
    let no_drop = pos(
        Variant::MengChess,
        "7k/5p1p/6pP/8/8/8/2P^5/R3K3 w - - 0 1 1 2 - -",
    );
    let ra8 = no_drop.play(no_drop.parse_move("a1a8").unwrap());
    assert!(
        ra8.parse_move("T@g8").is_ok(),
        "the drop defends against Ra8+"
    );
}

#[test]
fn stalemate_and_mated_roots() {
    let mut s: Searcher<Position> = Searcher::new(1, 1);
    let mated = pos(Variant::Chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    let r = s.search(&mated, &[], &Limits::depth(5), &Silent);
    assert_eq!((r.best, r.score), (None, Score::MatePlies(0)));
    let stale = pos(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let r = s.search(&stale, &[], &Limits::depth(5), &Silent);
    assert_eq!((r.best, r.score), (None, Score::Cp(0)));
}

#[test]
fn limits_are_honoured() {
    let start = Position::startpos(Variant::MengChess);
    let mut s: Searcher<Position> = Searcher::new(16, 1);
    let r = s.search(&start, &[], &Limits::depth(4), &Silent);
    assert_eq!(r.depth, 4);
    let r = s.search(&start, &[], &Limits::nodes(5_000), &Silent);
    assert!(r.nodes >= 5_000 && r.nodes < 5_000 + 2_048, "{}", r.nodes);
    let t = Instant::now();
    let r = s.search(
        &start,
        &[],
        &Limits::movetime(Duration::from_millis(150)),
        &Silent,
    );
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
    // A move time has no slack to save: it is used to the end (an
    // iteration cut short counts when it found a better move).
    assert!(
        t.elapsed() >= Duration::from_millis(110),
        "{:?}",
        t.elapsed()
    );
    assert!(r.best.is_some());
    // searchmoves: only the given root moves.
    let only = vec![
        start.parse_move("a2a3").unwrap(),
        start.parse_move("h2h3").unwrap(),
    ];
    let l = Limits {
        searchmoves: only.clone(),
        ..Limits::depth(5)
    };
    let r = s.search(&start, &[], &l, &Silent);
    assert!(only.contains(&r.best.unwrap()));
    // A mate limit stops at the mate.
    let p = pos(Variant::Chess, "5k2/8/4K3/8/8/8/8/R7 w - - 0 1");
    let l = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let r = s.search(&p, &[], &l, &Silent);
    assert_eq!(r.score.mate_moves(), Some(2));
    assert!(r.depth < 10, "stopped at depth {}", r.depth);
}

#[test]
fn infinite_search_stops_within_milliseconds_of_the_flag() {
    let start = Position::startpos(Variant::Chess);
    let mut s: Searcher<Position> = Searcher::new(16, 2);
    let control = s.control();
    let l = Limits {
        infinite: true,
        ..Limits::default()
    };
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        let t = Instant::now();
        control.stop();
        t
    });
    let r = s.search(&start, &[], &l, &Silent);
    let stopped_at = stopper.join().unwrap();
    let lag = stopped_at.elapsed();
    assert!(
        lag < Duration::from_millis(50),
        "bestmove {lag:?} after stop"
    );
    assert!(start.is_legal(r.best.unwrap()));
}

struct Collect(Mutex<Vec<Info<movegen::chess::Move>>>);

impl Reporter<movegen::chess::Move> for Collect {
    fn info(&self, info: &Info<movegen::chess::Move>) {
        self.0.lock().unwrap().push(info.clone());
    }
}

/// A search of `p` to `depth` with `multipv` lines (16 MB, one thread):
/// its result and every info line it reported.
fn multipv_search(
    p: &Position,
    multipv: usize,
    depth: u32,
) -> (
    search::SearchResult<movegen::chess::Move>,
    Vec<Info<movegen::chess::Move>>,
) {
    let mut s: Searcher<Position> = Searcher::new(16, 1);
    let rep = Collect(Mutex::new(Vec::new()));
    let l = Limits {
        multipv,
        ..Limits::depth(depth)
    };
    let r = s.search(p, &[], &l, &rep);
    (r, rep.0.into_inner().unwrap())
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let p = Position::startpos(Variant::Chess);
    let (r, infos) = multipv_search(&p, 3, 5);
    assert_eq!(r.lines.len(), 3);
    let firsts: Vec<_> = r.lines.iter().map(|l| l.1[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::MatePlies(_) => panic!(),
    };
    assert!(cp(r.lines[0].0) >= cp(r.lines[1].0) && cp(r.lines[1].0) >= cp(r.lines[2].0));
    assert_eq!(infos.iter().filter(|i| i.depth == 5).count(), 3);
    assert!(infos
        .iter()
        .all(|i| (1..=3).contains(&i.multipv) && !i.pv.is_empty()));
}

/// Every completed iteration reports its lines best first, also where a
/// later line's search finds more than an earlier one's (with the fourth
/// built-in network, line 3 of depth 5 from the start position did).
#[test]
fn multipv_lines_of_every_iteration_are_reported_best_first() {
    // Scores in playing order: a mate in n plies above every centipawn
    // score, better the sooner; being mated below, better the later.
    let rank = |s: Score| match s {
        Score::Cp(c) => i64::from(c),
        Score::MatePlies(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::MatePlies(n) => -1_000_000 - i64::from(n),
    };
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        let (r, infos) = multipv_search(&pos(Variant::Chess, fen), 4, 8);
        for depth in 1..=8 {
            let lines: Vec<_> = infos.iter().filter(|i| i.depth == depth).collect();
            assert_eq!(lines.len(), 4, "{fen} depth {depth}");
            for pair in lines.windows(2) {
                assert_eq!(pair[1].multipv, pair[0].multipv + 1);
                assert!(
                    rank(pair[0].score) >= rank(pair[1].score),
                    "{fen} depth {depth}: line {} {:?} before line {} {:?}",
                    pair[0].multipv,
                    pair[0].score,
                    pair[1].multipv,
                    pair[1].score
                );
            }
        }
        assert_eq!(
            r.best,
            Some(r.lines[0].1[0]),
            "{fen}: the first line is played"
        );
    }
}

#[test]
fn the_best_move_is_always_legal() {
    let mut s: Searcher<Position> = Searcher::new(8, 1);
    let mut p = Position::startpos(Variant::MengChess);
    for ply in 0..60 {
        let r = s.search(&p, &[], &Limits::nodes(3_000), &Silent);
        let Some(best) = r.best else { break };
        assert!(p.is_legal(best), "ply {ply}: {best} in {}", p.to_fen());
        p = p.play(best);
    }
}

#[test]
fn bench_is_deterministic() {
    let a = search::bench::run::<Position>(search::bench::CHESS_POSITIONS, 4).0;
    let b = search::bench::run::<Position>(search::bench::CHESS_POSITIONS, 4).0;
    assert_eq!(a, b);
}

fn picker_perft(p: &Position, depth: u32, hist: &Histories<Position>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    p.generate(&mut moves);
    let n = moves.len();
    let tt_move = moves.last().copied();
    let mut picker = Picker::new();
    picker.fill(&moves, tt_move);
    let cx = Context {
        pos: p,
        hist,
        ply: 0,
        prev: [None; 3],
        threats: true,
    };
    let mut seen = Vec::new();
    while let Some((m, _)) = picker.next(&cx) {
        assert!(!seen.contains(&m), "{m} picked twice");
        seen.push(m);
    }
    assert_eq!(seen.len(), n);
    seen.iter()
        .map(|&m| picker_perft(&p.play(m), depth - 1, hist))
        .sum()
}

#[test]
fn perft_through_the_picker() {
    let hist = Histories::new();
    let kiwipete = pos(
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    assert_eq!(picker_perft(&kiwipete, 3, &hist), 97_862);
    let tris = pos(
        Variant::MengChess,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B^1P3/5N2/PPPP2PP/RNBQK2R w KQkq - 0 1 1 2 - -",
    );
    assert_eq!(
        picker_perft(&tris, 3, &hist),
        movegen::perft::perft(&tris, 3)
    );
}

/// C-11: the third occurrence of a position is a draw, counting the game
/// before the root; a second occurrence whose first lies before the root
/// is not (the opponent may deviate), so a lost side is not saved by it.
#[test]
fn c11_threefold_repetition_with_the_game_history_is_a_draw() {
    // Black is a queen down and may repeat the start of the game.
    let p0 = pos(
        Variant::Chess,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let history = |moves: &[&str]| {
        let mut keys = Vec::new();
        let mut p = p0.clone();
        for m in moves {
            keys.push((p.hash(), p.in_check()));
            p = p.play(p.parse_move(m).unwrap());
        }
        (p, keys)
    };
    // Twice round the knight cycle: f6g8 makes the start position a third
    // time.
    let (p, keys) = history(&["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
    let mut s: Searcher<Position> = Searcher::new(16, 1);
    let r = s.search(&p, &keys, &Limits::depth(6), &Silent);
    assert_eq!(r.best.map(|m| m.to_string()).as_deref(), Some("f6g8"));
    assert_eq!(r.score, Score::Cp(0));
    // Once round: f6g8 makes it a second time only, and White, a queen up,
    // does not repeat again.
    let (p, keys) = history(&["g1f3", "g8f6", "f3g1"]);
    let mut once: Searcher<Position> = Searcher::new(16, 1);
    let r = once.search(&p, &keys, &Limits::depth(6), &Silent);
    assert!(matches!(r.score, Score::Cp(c) if c < -500), "{:?}", r.score);
    // Without the history there is nothing to repeat.
    let mut fresh: Searcher<Position> = Searcher::new(16, 1);
    let r = fresh.search(&p, &[], &Limits::depth(6), &Silent);
    assert!(matches!(r.score, Score::Cp(c) if c < -500), "{:?}", r.score);
}

/// A search cut off in the middle of an iteration (here by a node limit,
/// which makes it reproducible) plays the move of the last completed depth,
/// or a move that beat it at the unfinished depth, reported as a
/// `lowerbound` line; some of these node limits do cut a search just after
/// such a move.
#[test]
fn an_unfinished_iteration_counts_when_it_found_a_better_move() {
    let fens = [
        // Positions from self-play games where, with the search of the
        // ninth session (singular range, capture LMR), the best move
        // changes inside the iteration that a node limit of 4,500 to
        // 6,000 cuts (the positions used before had none left).
        "2rqk3/p2bpr1p/8/7Q/8/2P4N/P1n1K1PP/R1B4R b - - 0 25",
        "r3kb1r/pp2p2p/2p2np1/5q2/4pP2/7Q/PBPP3P/RN2KB1R w KQ - 0 14",
    ];
    let mut cut_short = 0;
    for fen in fens {
        let p = pos(Variant::Chess, fen);
        for n in (3..=60).map(|k| k * 1_500) {
            let mut s: Searcher<Position> = Searcher::new(16, 1);
            let rep = Collect(Mutex::new(Vec::new()));
            let r = s.search(&p, &[], &Limits::nodes(n), &rep);
            let infos = rep.0.lock().unwrap();
            let last = infos.last().expect("a line per completed depth");
            // The move played is the first of the last line reported.
            assert_eq!(Some(last.pv[0]), r.best, "{fen} nodes {n}");
            if last.bound == search::Bound::Lower {
                let completed = infos.iter().rev().find(|i| i.bound == search::Bound::Exact);
                let completed = completed.expect("depth 1 completes");
                assert_eq!(last.depth, completed.depth + 1, "{fen} nodes {n}");
                assert_ne!(last.pv[0], completed.pv[0], "{fen} nodes {n}");
                cut_short += 1;
                // One such search per position is the point (the debug
                // build is slow).
                break;
            }
        }
    }
    assert!(
        cut_short > 0,
        "no node limit cut a search after a better move"
    );
}
