//! Evaluation of `chess` and `mengchess`, and the [`SearchGame`]
//! implementation of the chess-family position.

use movegen::chess::attacks::{king_attacks, tris_steps};
use movegen::chess::{Bitboard, Color, Move, MoveKind, Position, Role, Square, TrisLock};

use super::tune::table;
use super::{enabled, fitted_pst, pesto, Term};
use crate::game::SearchGame;

/// A (middlegame, endgame) pair.
pub type Pair = (i32, i32);

/// Every evaluation term of the chess family, as data.
#[derive(Debug, Clone)]
pub struct ChessParams {
    pub mg_value: [i32; 6],
    pub eg_value: [i32; 6],
    pub mg_pst: [[i32; 64]; 6],
    pub eg_pst: [[i32; 64]; 6],
    pub phase: [i32; 6],
    /// For the side to move.
    pub tempo: i32,
    pub bishop_pair: Pair,
    pub doubled_pawn: Pair,
    pub isolated_pawn: Pair,
    /// Passed pawn by rank from its own side (index 1..=6).
    pub passed_pawn: [Pair; 8],
    /// Passed pawns, endgame, per square of king distance (Chebyshev) to
    /// the pawn's stop square, times its rank from its own side minus one:
    /// the own king's ...
    pub passed_own_king: i32,
    /// ... and the enemy king's.
    pub passed_enemy_king: i32,
    /// Passed pawn whose stop square is occupied, times rank minus one.
    pub passed_blocked: Pair,
    /// Passed pawn whose stop square is empty and not attacked by the
    /// enemy, times rank minus one.
    pub passed_free: Pair,
    /// Pawn defended by an own pawn or beside one on its rank, by its rank
    /// from its own side (index 1..=6).
    pub connected_pawn: [Pair; 8],
    /// Knight or bishop (index = role) on the fourth to sixth rank from its
    /// side, defended by an own pawn, that no enemy pawn can attack.
    pub outpost: [Pair; 6],
    /// Own pawns on the three squares in front of the king (middlegame).
    pub pawn_shield: i32,
    /// King danger, in units against one king (the scheme of Stockfish's
    /// classical evaluation): each enemy knight, bishop, rook or queen
    /// (index = role) that attacks the king's ring adds its weight, and the
    /// sum counts once per such piece (one attacker alone is little
    /// danger, a crowd is) ...
    pub danger_attacker: [i32; 6],
    /// ... plus this per attack of those pieces on a ring square ...
    pub danger_ring_attack: i32,
    /// ... per ring square the enemy attacks and no own pawn, knight,
    /// bishop or rook defends ...
    pub danger_weak_ring: i32,
    /// ... per enemy knight, bishop, rook or queen (index = role) that can
    /// give check on a square not held by the enemy and not attacked by the
    /// defender ...
    pub safe_check: [i32; 6],
    /// ... per kind of piece that can give check only from a defended
    /// square ...
    pub danger_unsafe_check: i32,
    /// ... per own pawn in the king's shield (three squares in front) ...
    pub danger_shield: i32,
    /// ... when an own knight guards a ring square ...
    pub danger_knight_defender: i32,
    /// ... when the enemy has no queen ...
    pub danger_no_queen: i32,
    /// ... and this constant. Units above zero cost units² / 2048 in the
    /// middlegame and units × `danger_eg` / 64 in the endgame.
    pub danger_base: i32,
    pub danger_eg: i32,
    /// Mobility of knights, bishops, rooks and queens (index = role): per
    /// reachable square not held by an own piece nor attacked by an enemy
    /// pawn, above `mobility_base`.
    pub mobility: [Pair; 6],
    pub mobility_base: [i32; 6],
    /// Per rook on a file without pawns ...
    pub rook_open_file: Pair,
    /// ... or without own pawns (enemy pawns only).
    pub rook_semi_open_file: Pair,
    /// Per enemy piece (not a pawn or king) attacked by an own pawn.
    pub threat_by_pawn: Pair,
    /// Per enemy rook or queen attacked by an own knight or bishop.
    pub threat_by_minor: Pair,
    /// Per enemy queen attacked by an own rook.
    pub threat_by_rook: Pair,
    /// Per enemy piece (not a pawn or king) attacked and not defended.
    pub hanging: Pair,
    /// The endgame part's scale, in 64ths, for the side ahead in it:
    /// opposite-coloured bishops and nothing else, plus this per passed
    /// pawn of that side ...
    pub scale_ocb_alone: i32,
    pub scale_ocb_alone_passed: i32,
    /// ... opposite-coloured bishops with other pieces, plus this per man
    /// (king and pawns included) of that side ...
    pub scale_ocb: i32,
    pub scale_ocb_piece: i32,
    /// ... otherwise at most this plus this per pawn of that side (fewer
    /// pawns, fewer winning chances), less `scale_one_flank` when all pawns
    /// stand on one side of the board (files a-d or e-h). Without pawns and
    /// at most a minor piece ahead the scale is fixed: 0 with a minor
    /// piece at most, 4 against a minor piece at most, else 14 (the
    /// material rules of Stockfish's classical evaluation).
    pub scale_pawns: i32,
    pub scale_per_pawn: i32,
    pub scale_one_flank: i32,
    /// Whether the endgame part is scaled at all (off in the tests that
    /// measure one term exactly).
    pub endgame_scale: bool,
    // ---- MengChess (Tris) terms ----
    /// Per Tris in the reserve once the drop switch is on, for the side to
    /// move (it can drop first).
    pub reserve_to_move: i32,
    /// Per own composite: the piece's extra quiet mobility and safety.
    pub composite: Pair,
    /// Per standalone Tris only this side may move (single lock).
    pub single_lock: i32,
    /// Per standalone Tris double-locked to this side.
    pub double_lock: i32,
    /// Per standalone Tris on the ring of a king: a wall that takes away
    /// escape squares, counted against that king's side.
    pub tris_by_king: Pair,
}

impl Default for ChessParams {
    fn default() -> Self {
        // Everything but the phase weights and the Tris terms was fitted to
        // Stockfish's scores (`tune-chess`, docs/search.md), starting from
        // PeSTO's material (82 337 365 477 1025 / 94 281 297 512 936) and
        // tables (`fitted_pst.rs`), and Stockfish's classical scale factors
        // (18 + 4 per passed pawn, 22 + 3 per man, 36 + 7 per pawn, 4 for
        // one flank: its evaluate.cpp) for the endgame scale. The king
        // danger started from half of Stockfish's classical king-danger
        // weights (its units at about two per centipawn) and was fitted
        // alone (`--only danger_,safe_check,pawn_shield`) on the eighth
        // session's labels.
        // P N B R Q K
        ChessParams {
            mg_value: [94, 440, 447, 573, 1439, 0],
            eg_value: [98, 312, 329, 575, 904, 0],
            mg_pst: fitted_pst::MG_PST,
            eg_pst: fitted_pst::EG_PST,
            phase: pesto::PHASE,
            tempo: 29,
            bishop_pair: (63, 49),
            doubled_pawn: (-13, -27),
            isolated_pawn: (-7, -8),
            passed_pawn: [
                (0, 0),
                (-9, 10),
                (-7, -13),
                (4, 16),
                (8, 58),
                (18, 70),
                (32, 30),
                (0, 0),
            ],
            passed_own_king: -5,
            passed_enemy_king: 7,
            passed_blocked: (-4, -4),
            passed_free: (-4, 18),
            connected_pawn: [
                (0, 0),
                (5, -3),
                (14, 7),
                (13, 6),
                (24, 1),
                (97, -7),
                (61, 30),
                (0, 0),
            ],
            outpost: [(0, 0), (40, 4), (26, 14), (0, 0), (0, 0), (0, 0)],
            pawn_shield: 14,
            danger_attacker: [0, 18, 36, 13, 8, 0],
            danger_ring_attack: 15,
            danger_weak_ring: 51,
            safe_check: [0, 359, 250, 479, 292, 0],
            danger_unsafe_check: 112,
            danger_shield: -57,
            danger_knight_defender: -100,
            danger_no_queen: -446,
            danger_base: -46,
            danger_eg: 5,
            mobility: [(0, 0), (7, 0), (8, 1), (6, 4), (2, 9), (0, 0)],
            mobility_base: [0, 4, 6, 6, 12, 0],
            rook_open_file: (48, -4),
            rook_semi_open_file: (17, 27),
            threat_by_pawn: (57, 48),
            threat_by_minor: (35, 52),
            threat_by_rook: (123, -49),
            hanging: (27, 24),
            scale_ocb_alone: 11,
            scale_ocb_alone_passed: 10,
            scale_ocb: 19,
            scale_ocb_piece: 8,
            scale_pawns: 28,
            scale_per_pawn: 22,
            scale_one_flank: 4,
            endgame_scale: true,
            reserve_to_move: 8,
            composite: (35, 25),
            single_lock: 15,
            double_lock: 10,
            tris_by_king: (-18, -10),
        }
    }
}

static PARAMS: std::sync::OnceLock<ChessParams> = std::sync::OnceLock::new();

fn params() -> &'static ChessParams {
    PARAMS.get_or_init(ChessParams::default)
}

/// The rank of `sq` counted from `color`'s side (0 = its first rank).
fn relative_rank(color: Color, sq: Square) -> u8 {
    if color == Color::White {
        sq.rank()
    } else {
        7 - sq.rank()
    }
}

/// King-move (Chebyshev) distance.
fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

fn adjacent_files(file: u8) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    if file > 0 {
        b |= Bitboard::file(file - 1);
    }
    if file < 7 {
        b |= Bitboard::file(file + 1);
    }
    b
}

/// Squares in front of `sq` (towards the enemy) on its file and the
/// adjacent files.
fn front_span(color: Color, sq: Square) -> Bitboard {
    let files = Bitboard::file(sq.file()) | adjacent_files(sq.file());
    let ahead = match color {
        Color::White => Bitboard(if sq.rank() >= 7 {
            0
        } else {
            !0u64 << (8 * (sq.rank() + 1))
        }),
        Color::Black => Bitboard(if sq.rank() == 0 {
            0
        } else {
            !0u64 >> (8 * (8 - sq.rank()))
        }),
    };
    files & ahead
}

/// `color`'s passed pawns: no enemy pawn ahead on its file or the adjacent
/// files.
fn passed_pawns(pos: &Position, color: Color) -> Bitboard {
    let enemy = pos.pieces_of(color.other(), Role::Pawn);
    let mut passed = Bitboard::EMPTY;
    for sq in pos.pieces_of(color, Role::Pawn) {
        if (front_span(color, sq) & enemy).is_empty() {
            passed = passed.with(sq);
        }
    }
    passed
}

/// The evaluation from White's side: (middlegame, endgame, phase).
fn terms(pos: &Position, p: &ChessParams) -> (i32, i32, i32) {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    let occ = pos.occupied();
    let mobility = enabled(Term::Mobility);
    let safety = enabled(Term::KingSafety);
    let threats = enabled(Term::Threats);
    let structure_on = enabled(Term::PawnStructure);
    let passed = if structure_on {
        Color::ALL.map(|c| passed_pawns(pos, c))
    } else {
        [Bitboard::EMPTY; 2]
    };
    // Squares attacked by each side's pawns, and (filled below with the
    // pieces' attack sets) by all its pieces, its minors and its rooks.
    let pawn_attacks = Color::ALL.map(|c| pawn_attack_set(pos, c));
    let mut attacked = pawn_attacks;
    let mut by_role = [[Bitboard::EMPTY; 6]; 2];
    // King danger units against each side's king (index = the king's
    // colour), summed below.
    let mut danger = [0i32; 2];
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let us = pos.pieces(color);
        let them = color.other();
        let (mut smg, mut seg) = (0, 0);
        for role in Role::ALL {
            for sq in pos.pieces_of(color, role) {
                let idx = if color == Color::White {
                    sq.index() ^ 56
                } else {
                    sq.index()
                };
                smg += p.mg_value[role.index()] + p.mg_pst[role.index()][idx];
                seg += p.eg_value[role.index()] + p.eg_pst[role.index()][idx];
                phase += p.phase[role.index()];
            }
        }
        if pos.pieces_of(color, Role::Bishop).more_than_one() {
            smg += p.bishop_pair.0;
            seg += p.bishop_pair.1;
        }
        // Pawn structure.
        let pawns = pos.pieces_of(color, Role::Pawn);
        let enemy_pawns = pos.pieces_of(them, Role::Pawn);
        // Mobility, the attack on the enemy king's ring and the attack maps
        // of the threats, from one attack set per knight, bishop, rook and
        // queen.
        if mobility || safety || threats {
            let area = !(us | pawn_attacks[them.index()]);
            let their_ring = king_attacks(pos.king(them));
            let (mut attackers, mut weight, mut hits_all) = (0, 0, 0);
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                let (wm, we) = p.mobility[role.index()];
                let base = p.mobility_base[role.index()];
                for sq in pos.pieces_of(color, role) {
                    let att = movegen::chess::attacks::attacks(role, color, sq, occ);
                    let c = color.index();
                    attacked[c] |= att;
                    by_role[c][role.index()] |= att;
                    if mobility {
                        let n = (att & area).count() as i32 - base;
                        smg += wm * n;
                        seg += we * n;
                    }
                    let hits = (att & their_ring).count() as i32;
                    if safety && hits > 0 {
                        attackers += 1;
                        weight += p.danger_attacker[role.index()];
                        hits_all += hits;
                    }
                }
            }
            danger[them.index()] += attackers * weight + p.danger_ring_attack * hits_all;
            attacked[color.index()] |= king_attacks(pos.king(color));
        }
        // Rooks on open and semi-open files.
        if mobility {
            for sq in pos.pieces_of(color, Role::Rook) {
                let file = Bitboard::file(sq.file());
                if (file & pawns).is_empty() {
                    let (om, oe) = if (file & enemy_pawns).is_empty() {
                        p.rook_open_file
                    } else {
                        p.rook_semi_open_file
                    };
                    smg += om;
                    seg += oe;
                }
            }
        }
        let structure = if structure_on { pawns } else { Bitboard::EMPTY };
        for sq in structure {
            let file = Bitboard::file(sq.file());
            if (pawns & file).more_than_one() {
                smg += p.doubled_pawn.0 / 2;
                seg += p.doubled_pawn.1 / 2;
            }
            if (pawns & adjacent_files(sq.file())).is_empty() {
                smg += p.isolated_pawn.0;
                seg += p.isolated_pawn.1;
            }
            let beside = pawns & adjacent_files(sq.file()) & Bitboard::rank(sq.rank());
            let supported = !(pawn_attacks[color.index()] & sq.bb()).is_empty();
            if supported || !beside.is_empty() {
                let rel = relative_rank(color, sq) as usize;
                smg += p.connected_pawn[rel].0;
                seg += p.connected_pawn[rel].1;
            }
            if passed[color.index()].contains(sq) {
                let rel = relative_rank(color, sq) as usize;
                smg += p.passed_pawn[rel].0;
                seg += p.passed_pawn[rel].1;
            }
        }
        // King safety: the pawn shield (the ring attacks are counted above,
        // by the attacking side).
        let king = pos.king(color);
        let ring = king_attacks(king);
        if safety {
            let shield = (ring & front_span(color, king) & pawns).count().min(3) as i32;
            smg += p.pawn_shield * shield;
            danger[color.index()] += p.danger_shield * shield;
        }
        // Tris terms.
        if !enabled(Term::Tris) {
            mg += sign * smg;
            eg += sign * seg;
            continue;
        }
        let composites = (pos.composites() & us).count() as i32;
        smg += p.composite.0 * composites;
        seg += p.composite.1 * composites;
        let tris_by_king = (pos.standalone_tris() & tris_steps(king) & ring).count() as i32;
        smg += p.tris_by_king.0 * tris_by_king;
        seg += p.tris_by_king.1 * tris_by_king;
        for t in pos.standalone_tris() {
            match pos.tris_lock(t) {
                Some(TrisLock::Single(c)) if c == color => smg += p.single_lock,
                Some(TrisLock::Double(c)) if c == color => smg += p.double_lock,
                _ => {}
            }
        }
        mg += sign * smg;
        eg += sign * seg;
    }
    // Passed pawns: the kings' distance to the stop square, blockade and
    // a free way (after the loop: they need the enemy's attack map).
    if structure_on {
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let them = color.other();
            for sq in passed[color.index()] {
                let Some(stop) = sq.offset(color.forward()) else {
                    continue;
                };
                let rel = relative_rank(color, sq);
                let weight = i32::from(rel) - 1;
                if weight <= 0 {
                    continue;
                }
                let own = distance(pos.king(color), stop);
                let enemy = distance(pos.king(them), stop);
                eg += sign * weight * (p.passed_own_king * own + p.passed_enemy_king * enemy);
                let (bm, be) = if !(occ & stop.bb()).is_empty() {
                    p.passed_blocked
                } else if (attacked[them.index()] & stop.bb()).is_empty() {
                    p.passed_free
                } else {
                    (0, 0)
                };
                mg += sign * weight * bm;
                eg += sign * weight * be;
            }
        }
    }
    // Outposts and safe checks (after the loop: they need both sides'
    // attack maps).
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let (c, them) = (color.index(), color.other());
        if mobility {
            let enemy_pawns = pos.pieces_of(them, Role::Pawn);
            for role in [Role::Knight, Role::Bishop] {
                for sq in pos.pieces_of(color, role) & pawn_attacks[c] {
                    let rel = relative_rank(color, sq);
                    let side_files = front_span(color, sq) & !Bitboard::file(sq.file());
                    if (3..=5).contains(&rel) && (side_files & enemy_pawns).is_empty() {
                        mg += sign * p.outpost[role.index()].0;
                        eg += sign * p.outpost[role.index()].1;
                    }
                }
            }
        }
        if safety {
            use movegen::chess::attacks::{bishop_attacks, knight_attacks, rook_attacks};
            // `color` attacks `them`'s king.
            let t = them.index();
            let king = pos.king(them);
            let ring = king_attacks(king);
            let mut units = danger[t] + p.danger_base;
            let strong_defence = pawn_attacks[t]
                | by_role[t][Role::Knight.index()]
                | by_role[t][Role::Bishop.index()]
                | by_role[t][Role::Rook.index()];
            units += p.danger_weak_ring * (ring & attacked[c] & !strong_defence).count() as i32;
            let free = !pos.pieces(color);
            let diagonal = bishop_attacks(king, occ);
            let straight = rook_attacks(king, occ);
            let checks = [
                (Role::Knight, knight_attacks(king)),
                (Role::Bishop, diagonal),
                (Role::Rook, straight),
                (Role::Queen, diagonal | straight),
            ];
            for (role, from) in checks {
                let squares = from & free & by_role[c][role.index()];
                if !(squares & !attacked[t]).is_empty() {
                    units += p.safe_check[role.index()];
                } else if !squares.is_empty() {
                    units += p.danger_unsafe_check;
                }
            }
            if !(by_role[t][Role::Knight.index()] & ring).is_empty() {
                units += p.danger_knight_defender;
            }
            if pos.pieces_of(color, Role::Queen).is_empty() {
                units += p.danger_no_queen;
            }
            if units > 0 {
                mg += sign * (units * units / 2048);
                eg += sign * (units * p.danger_eg / 64);
            }
        }
    }
    if threats {
        for color in Color::ALL {
            let (us, them) = (color.index(), color.other().index());
            let sign = if color == Color::White { 1 } else { -1 };
            let theirs = pos.pieces(color.other());
            let pieces = theirs & !pos.role(Role::Pawn) & !pos.role(Role::King);
            let heavy = theirs & (pos.role(Role::Rook) | pos.role(Role::Queen));
            let queens = theirs & pos.role(Role::Queen);
            let counts = [
                (pieces & pawn_attacks[us], p.threat_by_pawn),
                (
                    heavy & (by_role[us][Role::Knight.index()] | by_role[us][Role::Bishop.index()]),
                    p.threat_by_minor,
                ),
                (queens & by_role[us][Role::Rook.index()], p.threat_by_rook),
                (pieces & attacked[us] & !attacked[them], p.hanging),
            ];
            for (set, (tm, te)) in counts {
                let n = set.count() as i32;
                mg += sign * tm * n;
                eg += sign * te * n;
            }
        }
    }
    (mg, eg, phase)
}

/// The light squares (b1, d1, ..., a2, ...; a1 is dark).
const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
/// Files a to d.
const QUEEN_SIDE: Bitboard = Bitboard(0x0f0f_0f0f_0f0f_0f0f);

/// Full scale of the endgame part.
const SCALE_NORMAL: i32 = 64;

/// The scale of the endgame part (in 64ths) for the side `strong` that it
/// favours: how likely an advantage in the endgame is to win.
fn endgame_scale(pos: &Position, strong: Color, p: &ChessParams) -> i32 {
    let weak = strong.other();
    let count = |c: Color, r: Role| pos.pieces_of(c, r).count() as i32;
    let npm = |c: Color| {
        3 * (count(c, Role::Knight) + count(c, Role::Bishop))
            + 5 * count(c, Role::Rook)
            + 9 * count(c, Role::Queen)
    };
    let strong_pawns = pos.pieces_of(strong, Role::Pawn);
    let (ns, nw) = (npm(strong), npm(weak));
    if strong_pawns.is_empty() && ns - nw <= 3 {
        return if ns < 5 {
            0
        } else if nw <= 3 {
            4
        } else {
            14
        };
    }
    let (sb, wb) = (
        pos.pieces_of(strong, Role::Bishop),
        pos.pieces_of(weak, Role::Bishop),
    );
    let opposite_bishops = sb.count() == 1
        && wb.count() == 1
        && (sb & LIGHT_SQUARES).is_empty() != (wb & LIGHT_SQUARES).is_empty();
    let scale = if opposite_bishops {
        if ns == 3 && nw == 3 {
            let passed = passed_pawns(pos, strong).count() as i32;
            p.scale_ocb_alone + p.scale_ocb_alone_passed * passed
        } else {
            p.scale_ocb + p.scale_ocb_piece * pos.pieces(strong).count() as i32
        }
    } else {
        let pawns = pos.role(Role::Pawn);
        let one_flank = (pawns & QUEEN_SIDE).is_empty() || (pawns & !QUEEN_SIDE).is_empty();
        let s = p.scale_pawns + p.scale_per_pawn * strong_pawns.count() as i32;
        s.min(SCALE_NORMAL) - if one_flank { p.scale_one_flank } else { 0 }
    };
    scale.clamp(0, SCALE_NORMAL)
}

/// The hand-written evaluation in centipawns from the side to move,
/// whatever network is in play.
pub fn hand_written(pos: &Position) -> i32 {
    eval_with(pos, params())
}

/// Static evaluation in centipawns from the side to move: the network in
/// play in plain chess (`super::nnue`), else the hand-written one.
pub fn evaluate(pos: &Position) -> i32 {
    match super::nnue::evaluate_in_play(pos) {
        Some((correction, true)) => hand_written(pos) + correction,
        Some((value, false)) => value,
        None => hand_written(pos),
    }
}

/// The evaluation with parameters `p`, from the side to move.
fn eval_with(pos: &Position, p: &ChessParams) -> i32 {
    let (mg, mut eg, phase) = terms(pos, p);
    if eg != 0 && p.endgame_scale && enabled(Term::Scale) {
        let strong = if eg > 0 { Color::White } else { Color::Black };
        eg = eg * endgame_scale(pos, strong, p) / SCALE_NORMAL;
    }
    let phase = phase.min(24);
    let mut score = (mg * phase + eg * (24 - phase)) / 24;
    if pos.turn() == Color::Black {
        score = -score;
    }
    score += p.tempo;
    if pos.drop_switch() && pos.reserve() > 0 && enabled(Term::Tris) {
        score += p.reserve_to_move * pos.reserve() as i32;
    }
    score
}

/// The evaluation with parameters `p`, from White's side (for tuning).
pub fn white_eval_with(pos: &Position, p: &ChessParams) -> i32 {
    let score = eval_with(pos, p);
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

impl ChessParams {
    /// The tunable integers in a fixed order, with a name and a step each:
    /// material, the pawn (passed and connected too), king (safe checks
    /// too), mobility, outpost, rook and threat terms, and the
    /// piece-square tables (the Tris terms are left out: the tuning data is
    /// plain chess).
    pub fn tunables(&mut self) -> Vec<(String, &mut i32, i32)> {
        const ROLES: [&str; 6] = ["P", "N", "B", "R", "Q", "K"];
        let mut v: Vec<(String, &mut i32, i32)> = Vec::new();
        let no_king = |i: usize| i < 5;
        table(&mut v, "mg_value", &mut self.mg_value, &ROLES, 5, no_king);
        table(&mut v, "eg_value", &mut self.eg_value, &ROLES, 5, no_king);
        fn pair<'a>(v: &mut Vec<(String, &'a mut i32, i32)>, name: &str, p: &'a mut Pair) {
            v.push((format!("{name}.mg"), &mut p.0, 2));
            v.push((format!("{name}.eg"), &mut p.1, 2));
        }
        v.push(("tempo".into(), &mut self.tempo, 2));
        pair(&mut v, "bishop_pair", &mut self.bishop_pair);
        pair(&mut v, "doubled_pawn", &mut self.doubled_pawn);
        pair(&mut v, "isolated_pawn", &mut self.isolated_pawn);
        for (i, pp) in self.passed_pawn.iter_mut().enumerate() {
            if (1..=6).contains(&i) {
                pair(&mut v, &format!("passed_pawn[{i}]"), pp);
            }
        }
        v.push(("passed_own_king".into(), &mut self.passed_own_king, 1));
        v.push(("passed_enemy_king".into(), &mut self.passed_enemy_king, 1));
        pair(&mut v, "passed_blocked", &mut self.passed_blocked);
        pair(&mut v, "passed_free", &mut self.passed_free);
        for (i, cp) in self.connected_pawn.iter_mut().enumerate() {
            if (1..=6).contains(&i) {
                pair(&mut v, &format!("connected_pawn[{i}]"), cp);
            }
        }
        for (i, o) in self.outpost.iter_mut().enumerate() {
            if i == 1 || i == 2 {
                pair(&mut v, &format!("outpost[{}]", ROLES[i]), o);
            }
        }
        v.push(("pawn_shield".into(), &mut self.pawn_shield, 2));
        let pieces = |i: usize| (1..=4).contains(&i);
        let danger = &mut self.danger_attacker;
        table(&mut v, "danger_attacker", danger, &ROLES, 2, pieces);
        let checks = &mut self.safe_check;
        table(&mut v, "safe_check", checks, &ROLES, 4, pieces);
        v.push(("danger_ring_attack".into(), &mut self.danger_ring_attack, 2));
        v.push(("danger_weak_ring".into(), &mut self.danger_weak_ring, 2));
        v.push((
            "danger_unsafe_check".into(),
            &mut self.danger_unsafe_check,
            2,
        ));
        v.push(("danger_shield".into(), &mut self.danger_shield, 2));
        v.push((
            "danger_knight_defender".into(),
            &mut self.danger_knight_defender,
            2,
        ));
        v.push(("danger_no_queen".into(), &mut self.danger_no_queen, 4));
        v.push(("danger_base".into(), &mut self.danger_base, 2));
        v.push(("danger_eg".into(), &mut self.danger_eg, 1));
        for (i, m) in self.mobility.iter_mut().enumerate() {
            if pieces(i) {
                v.push((format!("mobility[{}].mg", ROLES[i]), &mut m.0, 1));
                v.push((format!("mobility[{}].eg", ROLES[i]), &mut m.1, 1));
            }
        }
        pair(&mut v, "rook_open_file", &mut self.rook_open_file);
        pair(&mut v, "rook_semi_open_file", &mut self.rook_semi_open_file);
        pair(&mut v, "threat_by_pawn", &mut self.threat_by_pawn);
        pair(&mut v, "threat_by_minor", &mut self.threat_by_minor);
        pair(&mut v, "threat_by_rook", &mut self.threat_by_rook);
        pair(&mut v, "hanging", &mut self.hanging);
        v.push(("scale_ocb_alone".into(), &mut self.scale_ocb_alone, 2));
        v.push((
            "scale_ocb_alone_passed".into(),
            &mut self.scale_ocb_alone_passed,
            1,
        ));
        v.push(("scale_ocb".into(), &mut self.scale_ocb, 2));
        v.push(("scale_ocb_piece".into(), &mut self.scale_ocb_piece, 1));
        v.push(("scale_pawns".into(), &mut self.scale_pawns, 2));
        v.push(("scale_per_pawn".into(), &mut self.scale_per_pawn, 1));
        v.push(("scale_one_flank".into(), &mut self.scale_one_flank, 1));
        // The piece-square tables (White's view, a8 first); a pawn's first
        // and last ranks never count.
        let squares: Vec<String> = (0..64)
            .map(|i| format!("{}{}", (b'a' + (i % 8) as u8) as char, 8 - i / 8))
            .collect();
        let labels: Vec<&str> = squares.iter().map(String::as_str).collect();
        for (tables, phase) in [(&mut self.mg_pst, "mg"), (&mut self.eg_pst, "eg")] {
            for (r, values) in tables.iter_mut().enumerate() {
                let name = format!("{phase}_pst[{}]", ROLES[r]);
                let pawn_rank = move |i: usize| r != 0 || (8..56).contains(&i);
                table(&mut v, &name, values, &labels, 2, pawn_rank);
            }
        }
        v
    }
}

/// Values for exchanges; a Tris is worth its composite bonus to whoever
/// stands on it.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];
const SEE_TRIS: i32 = 40;

fn victim_value(pos: &Position, mv: Move) -> i32 {
    let to = mv.to();
    if mv.kind() == MoveKind::EnPassant {
        return SEE_VALUE[0];
    }
    let piece = pos.role_at(to).map_or(0, |r| SEE_VALUE[r.index()]);
    let tris = if pos.tris().contains(to) { SEE_TRIS } else { 0 };
    piece + tris
}

fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    match mv.kind() {
        MoveKind::Drop | MoveKind::Castle | MoveKind::Separation => return 0 >= threshold,
        _ => {}
    }
    let from = mv.from();
    let to = mv.to();
    let Some(mover) = pos.role_at(from) else {
        // A standalone Tris step risks nothing.
        return 0 >= threshold;
    };
    let promo_gain = mv
        .promotion()
        .map_or(0, |r| SEE_VALUE[r.index()] - SEE_VALUE[0]);
    let mut swap = victim_value(pos, mv) + promo_gain - threshold;
    if swap < 0 {
        return false;
    }
    // What now stands on `to` and may be taken next.
    let tris_on_to = pos.tris().contains(to) || pos.composites().contains(from);
    let tris_bonus = if tris_on_to { SEE_TRIS } else { 0 };
    swap = SEE_VALUE[mv.promotion().unwrap_or(mover).index()] + tris_bonus - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied().without(from).with(to);
    if mv.kind() == MoveKind::EnPassant {
        occ = occ.without(Square::new((to.index() as i8 - pos.turn().forward()) as u8));
    }
    let mut side = pos.turn().other();
    let mut result = true;
    loop {
        let attackers = pos.attackers(to, occ, side) & occ;
        if attackers.is_empty() {
            break;
        }
        result = !result;
        // The least valuable attacker takes.
        let (role, sq) = Role::ALL
            .into_iter()
            .find_map(|r| (attackers & pos.role(r)).first().map(|s| (r, s)))
            .expect("an attacker has a role");
        if role == Role::King && (pos.attackers(to, occ, side.other()) & occ).nonempty() {
            // The king cannot take into a defended square.
            result = !result;
            break;
        }
        // The capturer now stands at risk on `to`.
        swap = SEE_VALUE[role.index()] + tris_bonus - swap;
        if swap < i32::from(result) {
            break;
        }
        occ = occ.without(sq);
        side = side.other();
    }
    result
}

/// The squares `color`'s pawns attack.
fn pawn_attack_set(pos: &Position, color: Color) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for sq in pos.pieces_of(color, Role::Pawn) {
        set |= movegen::chess::attacks::pawn_attacks(color, sq);
    }
    set
}

/// Squares the side not to move attacks with pawns, with pawns and minors,
/// and with pawns, minors and rooks (quiet-move ordering).
#[derive(Clone, Copy)]
pub struct ChessThreats {
    by_pawn: Bitboard,
    by_minor: Bitboard,
    by_rook: Bitboard,
}

impl SearchGame for Position {
    const STALEMATE_IS_DRAW: bool = true;
    const PERPETUAL_CHECK_LOSES: bool = false;
    /// side x (6 roles + Tris step + drop) x 64 targets.
    const HISTORY_SIZE: usize = 2 * 8 * 64;
    const QS_PRUNING: bool = false;
    const KILLER_LMR: bool = false;

    fn side_to_move(&self) -> usize {
        self.turn().index()
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    /// The pawns of both sides.
    fn correction_key(&self) -> u64 {
        let w = self.pieces_of(Color::White, Role::Pawn).0;
        let b = self.pieces_of(Color::Black, Role::Pawn).0;
        super::mix64(w) ^ super::mix64(b ^ 0x5bd1_e995_7f4a_7c15).rotate_left(29)
    }

    /// Moves that remove a regular piece or promote. Taking a standalone
    /// Tris removes nothing (the Tris stays in play, T-2), and two composites
    /// could take it back and forth for ever, so such captures are quiet:
    /// the quiescence search stays finite. A capture with re-drop comes in one
    /// variant per empty square; only the re-drop on the square just left is
    /// the tactical one, the others are ordered and reduced like quiet moves.
    fn is_tactical(&self, mv: Move) -> bool {
        self.captures_or_promotes(mv)
    }

    /// Only the tactical moves, generated as such (not filtered from the
    /// whole list).
    fn generate_for_qsearch(&self, list: &mut movegen::MoveList<Move>) -> bool {
        self.generate_tactical_into(list);
        // Without tactical moves, whether there is any move at all (a
        // stalemate is scored as such).
        list.is_empty() && self.count_moves() == 0
    }

    type Threats = ChessThreats;

    fn threats(&self) -> ChessThreats {
        let them = self.turn().other();
        let occ = self.occupied();
        let by_pawn = pawn_attack_set(self, them);
        let mut by_minor = by_pawn;
        for role in [Role::Knight, Role::Bishop] {
            for sq in self.pieces_of(them, role) {
                by_minor |= movegen::chess::attacks::attacks(role, them, sq, occ);
            }
        }
        let mut by_rook = by_minor;
        for sq in self.pieces_of(them, Role::Rook) {
            by_rook |= movegen::chess::attacks::attacks(Role::Rook, them, sq, occ);
        }
        ChessThreats {
            by_pawn,
            by_minor,
            by_rook,
        }
    }

    fn threat_bonus(&self, t: &ChessThreats, mv: Move) -> i32 {
        if mv.kind() != MoveKind::Normal {
            return 0;
        }
        let Some(role) = self.role_at(mv.from()) else {
            return 0;
        };
        // The attackers cheaper than the piece, and what the piece is worth
        // in ordering units.
        let (cheaper, value) = match role {
            Role::Queen => (t.by_rook, 16_000),
            Role::Rook => (t.by_minor, 8_000),
            Role::Knight | Role::Bishop => (t.by_pawn, 5_000),
            _ => return 0,
        };
        match (cheaper.contains(mv.from()), cheaper.contains(mv.to())) {
            (true, false) => value,
            (false, true) => -value,
            _ => 0,
        }
    }

    fn mvv_lva(&self, mv: Move) -> i32 {
        let attacker = self.role_at(mv.from()).map_or(0, |r| r.index() as i32);
        let promo = mv.promotion().map_or(0, |r| SEE_VALUE[r.index()]);
        (victim_value(self, mv) + promo) * 8 - attacker
    }

    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        see_ge(self, mv, threshold)
    }

    fn history_index(&self, mv: Move) -> usize {
        let kind = match mv.kind() {
            MoveKind::Drop => 7,
            _ => self.role_at(mv.from()).map_or(6, |r| r.index()),
        };
        (self.turn().index() * 8 + kind) * 64 + mv.to().index()
    }

    fn null_move(&self) -> Option<Self> {
        let us = self.turn();
        let big = self.pieces(us) & !self.role(Role::Pawn) & !self.role(Role::King);
        if Position::in_check(self) || big.is_empty() {
            return None;
        }
        let mut next = self.clone();
        next.do_null_move();
        Some(next)
    }

    fn counting_draw(&self) -> bool {
        self.halfmove_clock() >= 100
    }

    fn repetition_window(&self) -> usize {
        self.halfmove_clock() as usize
    }

    fn move_to_bits(mv: Move) -> u32 {
        mv.to_raw()
    }

    fn move_from_bits(bits: u32) -> Option<Move> {
        Move::from_raw(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Variant;

    fn pos(fen: &str) -> Position {
        Position::from_fen(Variant::MengChess, fen).unwrap()
    }

    /// How much the evaluation of a plain-chess `fen` (from White's side)
    /// changes from `zero` when `f` sets some terms.
    fn change(zero: &ChessParams, fen: &str, f: &dyn Fn(&mut ChessParams)) -> i32 {
        let mut p = zero.clone();
        f(&mut p);
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        white_eval_with(&pos, &p) - white_eval_with(&pos, zero)
    }

    /// The default parameters with the rook-file and threat terms at zero.
    fn without_new_terms() -> ChessParams {
        ChessParams {
            rook_open_file: (0, 0),
            rook_semi_open_file: (0, 0),
            threat_by_pawn: (0, 0),
            threat_by_minor: (0, 0),
            threat_by_rook: (0, 0),
            hanging: (0, 0),
            endgame_scale: false,
            ..ChessParams::default()
        }
    }

    #[test]
    fn threats_count_pawn_attacks_minor_attacks_and_undefended_pieces() {
        let zero = without_new_terms();
        // Equal middlegame and endgame values: the taper leaves them whole.
        let diff = |fen: &str, f: &dyn Fn(&mut ChessParams)| change(&zero, fen, f);
        // The e4 pawn attacks the undefended d5 knight.
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(diff(fen, &|p| p.threat_by_pawn = (24, 24)), 24);
        assert_eq!(diff(fen, &|p| p.hanging = (48, 48)), 48);
        // Defended by a pawn: still a pawn threat, no longer hanging.
        let fen = "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(diff(fen, &|p| p.threat_by_pawn = (24, 24)), 24);
        assert_eq!(diff(fen, &|p| p.hanging = (48, 48)), 0);
        // A white knight attacks the black rook and queen; Black's bishop
        // attacks the white rook, which the white king defends.
        let fen = "4k3/8/2r1q3/8/3N4/2b5/8/4RK2 w - - 0 1";
        assert_eq!(diff(fen, &|p| p.threat_by_minor = (10, 10)), 20 - 10);
        // A rook on the queen: by a rook, and by a minor is not counted.
        let fen = "3qk3/8/8/8/8/8/8/3RK3 b - - 0 1";
        assert_eq!(diff(fen, &|p| p.threat_by_rook = (30, 30)), 30);
        assert_eq!(diff(fen, &|p| p.threat_by_minor = (30, 30)), 0);
    }

    #[test]
    fn king_danger_is_quadratic_in_attackers_weak_squares_checks_and_shield() {
        // Everything at zero but the term under test; the kings alone make
        // the phase full (middlegame only) unless a test says otherwise.
        let zero = ChessParams {
            pawn_shield: 0,
            danger_attacker: [0; 6],
            danger_ring_attack: 0,
            danger_weak_ring: 0,
            safe_check: [0; 6],
            danger_unsafe_check: 0,
            danger_shield: 0,
            danger_knight_defender: 0,
            danger_no_queen: 0,
            danger_base: 0,
            danger_eg: 0,
            phase: [0, 0, 0, 0, 0, 12],
            ..without_new_terms()
        };
        let diff = |fen: &str, f: &dyn Fn(&mut ChessParams)| change(&zero, fen, f);
        // The g5 knight and h5 queen attack f7 and h7 of the g8 king's ring:
        // two attackers, four ring attacks, two weak ring squares (only the
        // king defends them), one unsafe queen check (on h7 or f7), three
        // shield pawns; White's king has nothing against it.
        let fen = "6k1/5ppp/8/6NQ/8/8/8/4K3 w - - 0 1";
        let attackers = |p: &mut ChessParams| p.danger_attacker = [0, 40, 0, 0, 60, 0];
        // Units 2 × (40 + 60) = 200, 200² / 2048 = 19.
        assert_eq!(diff(fen, &attackers), 19);
        assert_eq!(
            diff(fen, &|p| {
                attackers(p);
                p.danger_ring_attack = 10;
            }),
            240 * 240 / 2048
        );
        assert_eq!(diff(fen, &|p| p.danger_weak_ring = 100), 200 * 200 / 2048);
        assert_eq!(diff(fen, &|p| p.danger_unsafe_check = 100), 10_000 / 2048);
        assert_eq!(diff(fen, &|p| p.danger_shield = 100), 300 * 300 / 2048);
        // Units at or below zero cost nothing.
        assert_eq!(
            diff(fen, &|p| {
                p.danger_shield = 100;
                p.danger_base = -300;
            }),
            0
        );
        // Black has no queen: that counts against White's king.
        assert_eq!(diff(fen, &|p| p.danger_no_queen = 200), -(200 * 200 / 2048));
        // The endgame part is linear: units × danger_eg / 64.
        let endgame = ChessParams {
            phase: [0; 6],
            ..zero.clone()
        };
        let eg = change(&endgame, fen, &|p| {
            attackers(p);
            p.danger_eg = 64;
        });
        assert_eq!(eg, 200);
        // A safe rook check on a8; a black knight on b6 makes it unsafe;
        // one on f6 guards h7 of the ring instead.
        let fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
        let rook_check = |p: &mut ChessParams| p.safe_check = [0, 0, 0, 400, 0, 0];
        assert_eq!(diff(fen, &rook_check), 400 * 400 / 2048);
        let fen = "6k1/5ppp/1n6/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(diff(fen, &rook_check), 0);
        assert_eq!(diff(fen, &|p| p.danger_unsafe_check = 100), 10_000 / 2048);
        let fen = "6k1/5ppp/5n2/8/8/8/8/R3K3 w - - 0 1";
        let defended = |p: &mut ChessParams| {
            rook_check(p);
            p.danger_knight_defender = -100;
        };
        assert_eq!(diff(fen, &defended), 300 * 300 / 2048);
        // The e4 knight can check from d6 or f6; from g1 it cannot.
        let knight_check = |p: &mut ChessParams| p.safe_check = [0, 400, 0, 0, 0, 0];
        assert_eq!(diff("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", &knight_check), 78);
        assert_eq!(diff("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", &knight_check), 0);
    }

    #[test]
    fn rooks_on_open_and_semi_open_files() {
        let zero = without_new_terms();
        let mut p = zero.clone();
        p.rook_open_file = (24, 24);
        p.rook_semi_open_file = (12, 12);
        let diff = |fen: &str| {
            let pos = Position::from_fen(Variant::Chess, fen).unwrap();
            white_eval_with(&pos, &p) - white_eval_with(&pos, &zero)
        };
        // d-file: no pawn at all; then a black pawn only; then a white one.
        assert_eq!(diff("4k3/8/8/8/8/8/P7/3RK3 w - - 0 1"), 24);
        assert_eq!(diff("4k3/3p4/8/8/8/8/P7/3RK3 w - - 0 1"), 12);
        assert_eq!(diff("4k3/8/8/8/8/8/3P4/3RK3 w - - 0 1"), 0);
    }

    #[test]
    fn passed_pawns_count_king_distance_blockade_and_free_way() {
        let zero = ChessParams {
            passed_own_king: 0,
            passed_enemy_king: 0,
            passed_blocked: (0, 0),
            passed_free: (0, 0),
            endgame_scale: false,
            ..ChessParams::default()
        };
        let diff = |fen: &str, f: &dyn Fn(&mut ChessParams)| change(&zero, fen, f);
        // A passed pawn on e5 (fifth rank: weight 3), stop square e6; the
        // white king five squares from it, the black king two. Kings and
        // pawns only: the endgame value counts whole.
        let fen = "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(diff(fen, &|p| p.passed_own_king = 1), 3 * 5);
        assert_eq!(diff(fen, &|p| p.passed_enemy_king = 1), 3 * 2);
        // e6 is empty and out of the black king's reach: a free way ...
        assert_eq!(diff(fen, &|p| p.passed_free = (10, 10)), 30);
        assert_eq!(diff(fen, &|p| p.passed_blocked = (10, 10)), 0);
        // ... not when the king covers e6 ...
        let fen = "8/4k3/8/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(diff(fen, &|p| p.passed_free = (10, 10)), 0);
        // ... and a piece on e6 blocks it (equal middlegame and endgame
        // values: the taper leaves them whole).
        let fen = "4k3/8/4n3/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(diff(fen, &|p| p.passed_blocked = (10, 10)), 30);
        assert_eq!(diff(fen, &|p| p.passed_free = (10, 10)), 0);
        // A black pawn on d6 or f6 makes it no passer: nothing counts.
        let fen = "4k3/8/5p2/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(diff(fen, &|p| p.passed_own_king = 1), 0);
        // Mirrored for Black: the same with the sign turned.
        let fen = "4k3/8/8/8/4p3/8/8/4K3 b - - 0 1";
        assert_eq!(diff(fen, &|p| p.passed_own_king = 1), -3 * 5);
    }

    #[test]
    fn connected_pawns_and_outposts() {
        let zero = ChessParams {
            connected_pawn: [(0, 0); 8],
            outpost: [(0, 0); 6],
            endgame_scale: false,
            ..ChessParams::default()
        };
        let diff = |fen: &str, f: &dyn Fn(&mut ChessParams)| change(&zero, fen, f);
        let connected = |p: &mut ChessParams| p.connected_pawn = [(10, 10); 8];
        // Side by side on the fourth rank: both count.
        assert_eq!(diff("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", &connected), 20);
        // d3 defends e4: e4 counts, d3 (neither defended nor beside a
        // pawn on its rank) does not.
        assert_eq!(diff("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", &connected), 10);
        // Apart: none.
        assert_eq!(diff("4k3/8/8/8/4P3/8/2P5/4K3 w - - 0 1", &connected), 0);
        // The d5 knight, defended by e4, out of reach of any black pawn.
        let outpost = |p: &mut ChessParams| p.outpost[Role::Knight.index()] = (10, 10);
        assert_eq!(diff("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", &outpost), 10);
        // A black pawn on c6 can attack it; undefended it is none either.
        assert_eq!(diff("4k3/8/2p5/3N4/4P3/8/8/4K3 w - - 0 1", &outpost), 0);
        assert_eq!(diff("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", &outpost), 0);
    }

    #[test]
    fn endgame_scale_for_bare_minors_opposite_bishops_and_few_pawns() {
        let p = ChessParams::default();
        let scale = |fen: &str, strong: Color| endgame_scale(&pos(fen), strong, &p);
        // No pawns and a minor piece at most: no winning chances.
        assert_eq!(scale("8/8/8/8/8/2k5/8/KB6 w - - 0 1", Color::White), 0);
        assert_eq!(scale("8/8/8/8/8/3k4/8/KN4n1 w - - 0 1", Color::White), 0);
        // A rook against a bishop, no pawns: 4; a rook and a bishop against
        // a rook: 14; a queen against a rook is more than a minor ahead:
        // the pawn rule, no pawns, none on both flanks.
        assert_eq!(scale("8/8/8/8/8/2kb4/8/KR6 w - - 0 1", Color::White), 4);
        assert_eq!(scale("8/8/8/8/8/2kr4/8/KRB5 w - - 0 1", Color::White), 14);
        let expected = p.scale_pawns.min(64) - p.scale_one_flank;
        assert_eq!(
            scale("8/8/8/8/8/2kr4/8/KQ6 w - - 0 1", Color::White),
            expected.clamp(0, 64)
        );
        // Opposite-coloured bishops alone (b4 dark, g4 light): a base and
        // a bonus per passed pawn (c4, d6 and h6; g5 is blocked by g6).
        let ocb = "8/5k2/p2P2pP/P5P1/1BP3b1/8/8/7K w - - 0 1";
        let expected = p.scale_ocb_alone + 3 * p.scale_ocb_alone_passed;
        assert_eq!(scale(ocb, Color::White), expected.clamp(0, 64));
        // With rooks too: a base and a bonus per White man (king, rook,
        // bishop, five pawns).
        let ocb_rooks = "8/5kr1/p2P2pP/P5P1/1BP3b1/8/8/R6K w - - 0 1";
        let expected = p.scale_ocb + 8 * p.scale_ocb_piece;
        assert_eq!(scale(ocb_rooks, Color::White), expected.clamp(0, 64));
        // Bishops of one colour (b4 and f4 both dark): the pawn rule, five
        // pawns on both flanks.
        let same = "8/5k2/p2P2pP/P5P1/1BP2b2/8/8/7K w - - 0 1";
        let expected = (p.scale_pawns + 5 * p.scale_per_pawn).min(64);
        assert_eq!(scale(same, Color::White), expected.clamp(0, 64));
        // A rook and two pawns on one flank against a rook.
        let rook = "8/5k2/8/6PP/8/8/r7/R5K1 w - - 0 1";
        let expected = (p.scale_pawns + 2 * p.scale_per_pawn).min(64) - p.scale_one_flank;
        assert_eq!(scale(rook, Color::White), expected.clamp(0, 64));
        // Black ahead: the same rule from Black's side (its one pawn).
        let black = "8/5k2/6p1/8/8/8/r7/R5K1 w - - 0 1";
        let expected = (p.scale_pawns + p.scale_per_pawn).min(64) - p.scale_one_flank;
        assert_eq!(scale(black, Color::Black), expected.clamp(0, 64));
        // The evaluation keeps only the middlegame part of a bare bishop.
        let bare = Position::from_fen(Variant::Chess, "8/8/8/8/8/2k5/8/KB6 w - - 0 1").unwrap();
        let (mg, _, phase) = terms(&bare, &p);
        assert_eq!(eval_with(&bare, &p), mg * phase / 24 + p.tempo);
    }

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        let white = Position::startpos(Variant::Chess);
        let e = hand_written(&white);
        assert_eq!(e, params().tempo);
        let mirrored = Position::from_fen(
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        let black = Position::from_fen(
            Variant::Chess,
            "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(hand_written(&mirrored), hand_written(&black));
        // The network in play (the built-in one) sees the mirror alike too.
        assert_eq!(evaluate(&mirrored), evaluate(&black));
    }

    #[test]
    fn see_sees_defended_pieces_and_tris() {
        // Rook takes a pawn defended by a pawn: loses 400.
        let p = pos("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1 2 0 - -");
        let m = p.parse_move("d1d5").unwrap();
        assert!(!SearchGame::see_ge(&p, m, 0));
        assert!(SearchGame::see_ge(&p, m, -400));
        // Pawn takes an undefended knight.
        let q = pos("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1 2 0 - -");
        assert!(SearchGame::see_ge(&q, q.parse_move("e4d5").unwrap(), 300));
        // Taking a lone Tris gains the composite value.
        let t = pos("4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1 1 2 - -");
        let m = t.parse_move("a4d4").unwrap();
        assert!(SearchGame::see_ge(&t, m, SEE_TRIS));
        assert!(!SearchGame::see_ge(&t, m, SEE_TRIS + 1));
    }

    #[test]
    fn quiet_moves_are_ordered_by_the_threats_of_cheaper_pieces() {
        let bonus = |fen: &str, mv: &str| {
            let p = Position::from_fen(Variant::Chess, fen).unwrap();
            let t = p.threats();
            p.threat_bonus(&t, p.parse_move(mv).unwrap())
        };
        // The e4 pawn attacks the knight on f3 and the square d3.
        let fen = "4k3/8/8/8/4p3/5N2/8/1B2K3 w - - 0 1";
        assert_eq!(bonus(fen, "f3g5"), 5_000, "a minor leaves a pawn's threat");
        assert_eq!(bonus(fen, "f3d2"), 5_000);
        assert_eq!(bonus(fen, "b1d3"), -5_000, "a minor walks into one");
        assert_eq!(bonus(fen, "b1c2"), 0);
        assert_eq!(bonus(fen, "e1d1"), 0, "the king is not ordered by threats");
        // A black knight on c6 attacks the rook on d4 and the square b4; a
        // black rook on h5 attacks the queen's square h2 and the square a5.
        let fen = "4k3/8/2n5/7r/3R4/8/7Q/4K3 w - - 0 1";
        assert_eq!(bonus(fen, "d4d3"), 8_000, "a rook leaves a minor's threat");
        assert_eq!(bonus(fen, "d4b4"), 0, "into another square the minor holds");
        assert_eq!(bonus(fen, "h2g2"), 16_000, "the queen leaves the rook's");
        assert_eq!(bonus(fen, "h2e2"), 16_000);
        assert_eq!(bonus(fen, "h2e5"), 0, "e5: the knight's and the rook's");
        // Pawns are not ordered by threats.
        assert_eq!(bonus("4k3/8/8/8/8/2n5/3P4/4K3 w - - 0 1", "d2d3"), 0);
    }

    #[test]
    fn see_follows_the_whole_exchange() {
        // Qxe5 dxe5 Rxe5: the queen for two pawns, whatever the rook does.
        let p = pos("4k3/8/3p4/4p3/8/8/4Q3/4RK2 w - - 0 1 2 0 - -");
        let m = p.parse_move("e2e5").unwrap();
        assert!(!SearchGame::see_ge(&p, m, 0));
        assert!(SearchGame::see_ge(&p, m, -750));
        assert!(!SearchGame::see_ge(&p, m, -749));
        // Rxd5 Bxd5 Qxd5: knight and bishop for the rook, +150.
        let q = pos("4k3/8/8/3n4/2b5/8/3R4/3QK3 w - - 0 1 2 0 - -");
        let m = q.parse_move("d2d5").unwrap();
        assert!(SearchGame::see_ge(&q, m, 150));
        assert!(!SearchGame::see_ge(&q, m, 151));
        // A quiet knight move to a square a pawn attacks loses the knight;
        // to a square the pawn cannot reach, nothing.
        let r2 = pos("4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1 2 0 - -");
        let c3 = r2.parse_move("b1c3").unwrap();
        assert!(!SearchGame::see_ge(&r2, c3, -319));
        assert!(SearchGame::see_ge(&r2, c3, -320));
        assert!(SearchGame::see_ge(&r2, r2.parse_move("b1a3").unwrap(), 0));
    }

    /// The tactical generator gives exactly the moves of the whole list
    /// that `is_tactical` accepts, in the same order, along random games of
    /// chess and mengchess (captures with re-drop, promotions and en
    /// passant all occur).
    #[test]
    fn tactical_generation_equals_the_filtered_list() {
        super::super::check_tactical_generation::<Position>(
            crate::bench::CHESS_POSITIONS,
            &[Variant::Chess, Variant::MengChess],
            40,
            |pos, list| pos.generate_into(list),
            |_, m| match m.kind() {
                MoveKind::CaptureRedrop => Some(0),
                MoveKind::EnPassant => Some(1),
                _ if m.promotion().is_some() => Some(2),
                _ => None,
            },
        );
    }
}
