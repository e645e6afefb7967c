//! Focused tests of the shogi-family rules, named by the rule ids of
//! rules.md (sections S and T), on hand-built extended SFENs: moves present
//! and absent, and the SFEN after a move.

use movegen::shogi::Color;
use movegen::shogi::{GameHistory, Outcome, Position};
use movegen::{Game, Variant};

fn tris(sfen: &str) -> Position {
    Position::from_fen(Variant::TrisShogi, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn shogi(sfen: &str) -> Position {
    Position::from_fen(Variant::Shogi, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|m| m.to_string()).collect()
}

#[track_caller]
fn has(p: &Position, m: &str) {
    assert!(
        moves(p).iter().any(|x| x == m),
        "{m} should be legal in {}; moves: {:?}",
        p.to_fen(),
        moves(p)
    );
}

#[track_caller]
fn lacks(p: &Position, m: &str) {
    assert!(
        !moves(p).iter().any(|x| x == m),
        "{m} should be illegal in {}",
        p.to_fen()
    );
    assert!(p.parse_move(m).is_err());
}

#[track_caller]
fn after(p: &Position, m: &str) -> Position {
    let mv = p
        .parse_move(m)
        .unwrap_or_else(|e| panic!("{e} in {}", p.to_fen()));
    let next = p.play(mv);
    assert_eq!(next.hash(), next.compute_hash());
    next
}

fn count_from(p: &Position, prefix: &str) -> usize {
    moves(p).iter().filter(|m| m.starts_with(prefix)).count()
}

// ---- S-1, S-2, T-4: locked Tris and Tris steps --------------------------

#[test]
fn s_1_tris_locked_to_the_dropper() {
    let p = tris("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 2 - -");
    let p = after(&p, "T*5e");
    assert_eq!(p.to_fen(), "4k4/9/9/9/4T4/9/9/9/4K4 w - 2 1 2 - -");
    let p = after(&p, "T*3e");
    assert_eq!(p.to_fen(), "4k4/9/9/9/4T1t2/9/9/9/4K4 b - 3 0 2 - -");
}

#[test]
fn s_1_tris_locked_to_the_separating_side() {
    let p = tris("4k4/9/9/9/4r^4/9/9/9/5K3 w - 1 1 2 - -");
    assert_eq!(
        after(&p, "5e5ft").to_fen(),
        "4k4/9/9/9/4t4/4r4/9/9/5K3 b - 2 1 2 - -"
    );
}

#[test]
fn s_2_only_the_lock_side_moves_a_tris() {
    let black = tris("4k4/9/9/9/4T4/9/9/9/4K4 b - 1 1 2 - -");
    // T-4: 8 king steps and 8 knight leaps.
    assert_eq!(count_from(&black, "5e"), 16);
    has(&black, "5e4c");
    has(&black, "5e3f");
    has(&black, "5e5d");
    let white = tris("4k4/9/9/9/4T4/9/9/9/4K4 w - 1 1 2 - -");
    assert_eq!(count_from(&white, "5e"), 0);
    assert!(white
        .parse_move("5e5d")
        .unwrap_err()
        .reason
        .contains("opponent"));
}

#[test]
fn t_4_tris_step_never_captures() {
    let p = tris("4k4/9/5p3/4g4/4T4/9/9/9/4K4 b - 1 1 2 - -");
    lacks(&p, "5e5d");
    lacks(&p, "5e4c");
    has(&p, "5e6c");
    has(&p, "5e4d");
}

// ---- S-3: who may capture a locked Tris ---------------------------------

#[test]
fn s_3_single_attack_cannot_take_an_enemy_tris() {
    let p = tris("4k4/9/9/9/4t4/4S4/9/9/4K4 b - 1 1 2 - -");
    lacks(&p, "5f5e");
}

#[test]
fn s_3_two_attackers_take_an_enemy_tris() {
    let p = tris("4k4/9/9/9/4t4/4SG3/9/9/4K4 b - 1 1 2 - -");
    has(&p, "5f5e");
    has(&p, "4f5e");
}

#[test]
fn s_3_virtual_attack_from_an_own_tris() {
    // Black T on 3d is a knight leap from 5e: one virtual attack.
    let p = tris("4k4/9/9/6T2/4t4/4S4/9/9/4K4 b - 1 0 2 - -");
    has(&p, "5f5e");
    // On 3c it is no Tris step away: no virtual attack.
    let p = tris("4k4/9/6T2/9/4t4/4S4/9/9/4K4 b - 1 0 2 - -");
    lacks(&p, "5f5e");
}

#[test]
fn s_3_virtual_attack_is_geometric_even_when_pinned() {
    // The Black T on 4h is pinned (White rook 4a, Black king 4i) yet it
    // still gives its virtual attack on 5g, a king step away, so the pawn
    // on 5h may take the White Tris there.
    let p = tris("4kr3/9/9/9/9/9/4t4/4PT3/5K3 b - 1 0 2 - -");
    lacks(&p, "4h3h");
    has(&p, "5h5g");
}

#[test]
fn s_3_tris_inside_a_composite_gives_no_virtual_attack() {
    let p = tris("4k4/9/9/6P^2/4t4/4S4/9/9/4K4 b - 1 0 2 - -");
    lacks(&p, "5f5e");
}

#[test]
fn s_3_battery_behind_the_capturer_does_not_count() {
    let p = tris("4k4/9/9/9/4t4/4L4/4R4/9/4K4 b - 1 1 2 - -");
    lacks(&p, "5f5e");
}

#[test]
fn s_3_pinned_attacker_counts() {
    // The gold on 4f is pinned on file 4 but still attacks 5e.
    let p = tris("4kr3/9/9/9/4t4/4SG3/9/9/5K3 b - 1 1 2 - -");
    has(&p, "5f5e");
    lacks(&p, "4f5e");
}

#[test]
fn s_3_king_counts_and_may_capture() {
    let p = tris("4k4/9/9/9/4t4/4SK3/9/9/9 b - 1 1 2 - -");
    has(&p, "4f5e");
    has(&p, "5f5e");
    let p = after(&p, "4f5e");
    assert_eq!(p.to_fen(), "4k4/9/9/9/4K^4/4S4/9/9/9 w - 2 1 2 - -");
}

#[test]
fn s_3_own_tris_is_captured_freely() {
    let p = tris("4k4/9/9/9/4T4/4S4/9/9/4K4 b - 1 1 2 - -");
    has(&p, "5f5e");
}

#[test]
fn s_3_enemy_composite_needs_no_double_attack() {
    let p = tris("4k4/9/9/9/4p^4/4S4/9/9/4K4 b - 1 1 2 - -");
    has(&p, "5f5e");
}

// ---- S-4 .. S-6: captures ------------------------------------------------

#[test]
fn s_4_standalone_piece_takes_tris_and_forms_composite() {
    let p = tris("4k4/9/9/9/4t4/4SG3/9/9/4K4 b - 1 1 2 - -");
    // The Tris goes to nobody's hand and is no capture (T-3).
    assert_eq!(
        after(&p, "5f5e").to_fen(),
        "4k4/9/9/9/4S^4/5G3/9/9/4K4 w - 2 1 2 - -"
    );
}

#[test]
fn s_5_1_composite_captures_enemy_piece() {
    let p = tris("4k4/9/4p4/9/4R^4/9/9/9/4K4 b - 1 1 2 - -");
    assert_eq!(
        after(&p, "5e5c").to_fen(),
        "4k4/9/4R^4/9/9/9/9/9/4K4 w P 2 1 3 - -"
    );
    assert_eq!(
        after(&p, "5e5c+").to_fen(),
        "4k4/9/4+R^4/9/9/9/9/9/4K4 w P 2 1 3 - -"
    );
}

#[test]
fn s_5_2_composite_captures_own_tris_and_redrops_it() {
    let p = tris("4k4/9/4T4/9/4R^4/9/9/9/4K4 b - 1 0 2 - -");
    // Every empty square after the capture, the origin included, with and
    // without promotion: 78 x 2 distinct moves.
    assert_eq!(
        moves(&p)
            .iter()
            .filter(|m| m.starts_with("5e5c") && m.contains(','))
            .count(),
        156
    );
    has(&p, "5e5c,5c5e");
    lacks(&p, "5e5c");
    assert!(p.parse_move("5e5c").unwrap_err().reason.contains("re-drop"));
    assert_eq!(
        after(&p, "5e5c,5c9i").to_fen(),
        "4k4/9/4R^4/9/9/9/9/9/T3K4 w - 2 0 2 - -"
    );
}

#[test]
fn s_5_3_composite_captures_enemy_tris_under_double_attack() {
    let p = tris("4k4/9/4t4/5G3/4R^4/9/9/9/4K4 b - 1 0 2 - -");
    assert_eq!(
        after(&p, "5e5c+,5c1i").to_fen(),
        "4k4/9/4+R^4/5G3/9/9/9/9/4K3T w - 2 0 2 - -"
    );
    let alone = tris("4k4/9/4t4/9/4R^4/9/9/9/4K4 b - 1 0 2 - -");
    lacks(&alone, "5e5c+,5c1i");
}

#[test]
fn s_5_4_composite_captures_enemy_composite() {
    let p = tris("4k4/9/4p^4/9/4R^4/9/9/9/4K4 b - 1 0 2 - -");
    assert_eq!(
        after(&p, "5e5c+,5c5e").to_fen(),
        "4k4/9/4+R^4/9/4T4/9/9/9/4K4 w P 2 0 3 - -"
    );
}

#[test]
fn s_6_standalone_piece_captures_enemy_composite() {
    let p = tris("4k4/9/9/9/4p^4/4S4/9/9/4K4 b - 1 1 2 - -");
    assert_eq!(
        after(&p, "5f5e").to_fen(),
        "4k4/9/9/9/4S^4/9/9/9/4K4 w P 2 1 3 - -"
    );
}

// ---- S-7, T-7: composite movement ---------------------------------------

#[test]
fn s_7_composite_steps_as_tris_captures_as_x() {
    let p = tris("4k4/9/9/5g3/4P^4/9/9/9/4K4 b - 1 1 2 - -");
    lacks(&p, "5e4d"); // a pawn does not capture diagonally
    has(&p, "5e6d"); // king step
    has(&p, "5e4c"); // knight leap
    has(&p, "5e7f"); // knight leap backwards
    let p = tris("4k4/9/9/4g4/4P^4/9/9/9/4K4 b - 1 1 2 - -");
    assert_eq!(
        after(&p, "5e5d").to_fen(),
        "4k4/9/9/4P^4/9/9/9/9/4K4 w G 2 1 3 - -"
    );
}

#[test]
fn s_7_composite_attacks_as_x() {
    let p = tris("4k4/9/9/9/4R^4/9/9/9/4K4 w - 1 1 2 - -");
    assert!(p.in_check());
    lacks(&p, "5a5b");
    let p = tris("4k4/3P^5/9/9/9/9/9/9/4K4 w - 1 1 2 - -");
    assert!(!p.in_check());
}

// ---- S-8, T-8: separation -----------------------------------------------

#[test]
fn s_8_1_x_leaves() {
    let p = tris("k8/9/9/9/4R^4/9/9/9/4K4 b - 1 1 2 - -");
    assert_eq!(
        after(&p, "5e5ct").to_fen(),
        "k8/9/4R4/9/4T4/9/9/9/4K4 w - 2 1 2 - -"
    );
    assert_eq!(
        after(&p, "5e5c+t").to_fen(),
        "k8/9/4+R4/9/4T4/9/9/9/4K4 w - 2 1 2 - -"
    );
    lacks(&p, "5e4ct"); // X leaves with X's move only
}

#[test]
fn s_8_2_tris_leaves() {
    let p = tris("k8/9/9/9/4R^4/9/9/9/4K4 b - 1 1 2 - -");
    assert_eq!(
        after(&p, "T5e4e").to_fen(),
        "k8/9/9/9/4RT3/9/9/9/4K4 w - 2 1 2 - -"
    );
    has(&p, "T5e4c");
}

// ---- S-9: promotion inside composites -----------------------------------

#[test]
fn s_9_composite_stepping_out_of_the_zone_may_promote() {
    let p = tris("4k4/9/4S^4/9/9/9/9/9/4K4 b - 1 1 2 - -");
    has(&p, "5c5d+");
    has(&p, "5c5d");
    has(&p, "5c6e+"); // a knight leap out of the zone
}

#[test]
fn s_9_carried_knight_must_promote() {
    let p = tris("4k4/9/4N^4/9/9/9/9/9/4K4 b - 1 1 2 - -");
    has(&p, "5c5b+");
    lacks(&p, "5c5b");
    assert!(p
        .parse_move("5c5b")
        .unwrap_err()
        .reason
        .contains("must promote"));
    has(&p, "5c5d+");
    has(&p, "5c5d");
}

#[test]
fn s_9_tris_leaving_never_promotes() {
    let p = tris("4k4/9/4S^4/9/9/9/9/9/4K4 b - 1 1 2 - -");
    has(&p, "T5c5b");
    assert!(p.parse_move("T5c5b+").is_err());
    let next = after(&p, "T5c5b");
    assert_eq!(next.to_fen(), "4k4/4T4/4S4/9/9/9/9/9/4K4 w - 2 1 2 - -");
}

#[test]
fn s_9_pawn_may_visit_its_first_rank_inside_a_composite() {
    let p = tris("4k4/9/9/9/9/9/9/4P^4/3K5 b - 1 1 2 - -");
    assert_eq!(
        after(&p, "5h5i").to_fen(),
        "4k4/9/9/9/9/9/9/9/3KP^4 w - 2 1 2 - -"
    );
    lacks(&p, "5h5i+");
}

#[test]
fn s_9_nifu_counts_a_composite_pawn() {
    let p = tris("4k4/9/9/9/4P^4/9/9/9/3K5 b P 1 1 2 - -");
    lacks(&p, "P*5g");
    has(&p, "P*4g");
}

#[test]
fn s_9_composite_moving_sideways_may_double_pawns() {
    let p = tris("4k4/9/9/9/5P^3/9/4P4/9/3K5 b - 1 1 2 - -");
    let next = after(&p, "4e5e");
    assert_eq!(next.to_fen(), "4k4/9/9/9/4P^4/9/4P4/9/3K5 w - 2 1 2 - -");
    assert_eq!(tris(&next.to_fen()).to_fen(), next.to_fen());
}

// ---- S-10: Tris drops and the forced-drop clause -------------------------

#[test]
fn s_d1_tris_drop_needs_the_switch_and_a_reserve() {
    let p = tris("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 2 - -");
    assert_eq!(count_from(&p, "T*"), 79);
    let p = tris("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 1 - -");
    assert_eq!(count_from(&p, "T*"), 0);
    assert!(p
        .parse_move("T*5e")
        .unwrap_err()
        .reason
        .contains("two captures"));
    let p = tris("4k4/9/9/9/9/9/9/9/T3K3T b - 1 0 2 - -");
    assert_eq!(count_from(&p, "T*"), 0);
    let p = shogi("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert!(p.parse_move("T*5e").is_err());
}

#[test]
fn s_f1_third_capture_with_full_reserve_starts_forced_mode() {
    let p = tris("4k4/9/9/9/4p4/4S4/9/9/4K4 b - 1 2 2 - -");
    assert_eq!(
        after(&p, "5f5e").to_fen(),
        "4k4/9/9/9/4S4/9/9/9/4K4 w P 2 2 3 F 5e"
    );
    // With one Tris already dropped there is no forced mode.
    let p = tris("4k4/9/9/9/4p4/4S4/9/9/4K3T b - 1 1 2 - -");
    assert_eq!(
        after(&p, "5f5e").to_fen(),
        "4k4/9/9/9/4S4/9/9/9/4K3T w P 2 1 3 - -"
    );
    // A position set up with 3 captures and no F is not in forced mode.
    let p = tris("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 3 - -");
    has(&p, "5i5h");
}

#[test]
fn s_f2_forced_mode_only_allows_drops() {
    let p = tris("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 3 F -");
    let m = moves(&p);
    assert_eq!(m.len(), 79);
    assert!(m.iter().all(|m| m.starts_with("T*")));
    assert!(p.parse_move("5i5h").unwrap_err().reason.contains("forced"));
}

#[test]
fn s_f2a_in_check_any_legal_move() {
    let p = tris("4k4/4G4/9/9/9/9/9/9/4K4 w P 1 2 3 F -");
    assert_eq!(moves(&p), vec!["5a5b".to_string()]);
    let p = tris("4k4/9/9/9/4R4/9/9/9/4K4 w - 1 2 3 F -");
    has(&p, "5a4a");
    has(&p, "T*5c");
    lacks(&p, "T*1a");
    assert_eq!(count_from(&p, "T*"), 3);
}

#[test]
fn s_f2b_recapture_allowed_one_ply() {
    let p = tris("4k4/9/9/4g4/4p4/4S4/9/9/4K4 b - 1 2 2 - -");
    let p = after(&p, "5f5e");
    let m = moves(&p);
    assert_eq!(m.len(), 78);
    has(&p, "5d5e");
    has(&p, "T*1a");
    lacks(&p, "5a4a");
    // After the recapture the option is gone and Black must drop.
    let q = after(&p, "5d5e");
    assert_eq!(q.to_fen(), "4k4/9/9/9/4g4/9/9/9/4K4 b Ps 3 2 3 F -");
    assert!(moves(&q).iter().all(|m| m.starts_with("T*")));
    // Dropping instead, the recapture is no longer available next ply.
    let r = after(&after(&p, "T*1a"), "T*9i");
    assert_eq!(r.to_fen(), "4k3t/9/9/4g4/4S4/9/9/9/T3K4 w P 4 0 3 - -");
}

#[test]
fn s_f3_forced_mode_ends_when_the_reserve_is_empty() {
    let p = tris("4k4/9/9/9/9/9/9/9/4K4 b - 1 2 3 F -");
    let p = after(&p, "T*5e");
    assert!(p.forced_drop());
    assert!(moves(&p).iter().all(|m| m.starts_with("T*")));
    let p = after(&p, "T*5c");
    assert!(!p.forced_drop());
    assert_eq!(p.to_fen(), "4k4/9/4t4/9/4T4/9/9/9/4K4 b - 3 0 3 - -");
    has(&p, "5i5h");
}

// ---- Uchifuzume (orthodox, and under the full Tris rules, S-11) ----------

#[test]
fn uchifuzume_pawn_drop_mate_is_illegal() {
    let p = shogi("3lkl3/R7R/4G4/9/9/9/9/9/4K4 b P 1");
    lacks(&p, "P*5b");
    has(&p, "P*5d");
    // A pawn drop check that is not mate is legal.
    let p = shogi("3lkl3/9/9/9/9/9/9/9/4K4 b P 1");
    has(&p, "P*5b");
}

#[test]
fn s_11_uchifuzume_judged_under_tris_rules() {
    // The composite king may escape by a knight leap to 3b: not mate.
    let p = tris("3lk^l3/R8/4G4/9/9/9/9/9/4K3T b P 1 0 3 - -");
    has(&p, "P*5b");
    let after_drop = after(&p, "P*5b");
    assert_eq!(moves(&after_drop), vec!["5a3b".to_string()]);
    // Cover 3b as well: mate, so the drop is illegal.
    let p = tris("3lk^l3/R7R/4G4/9/9/9/9/9/4K3T b P 1 0 3 - -");
    lacks(&p, "P*5b");
    // A plain king there is mated either way.
    let p = tris("3lkl3/R8/4G4/9/9/9/9/9/4K4 b P 1 2 3 - -");
    lacks(&p, "P*5b");
}

// ---- T rules -------------------------------------------------------------

#[test]
fn t_3_capture_count_caps_at_three() {
    let p = tris("4k4/9/9/9/4p4/4S4/9/9/4K4 b - 1 2 3 - -");
    assert_eq!(after(&p, "5f5e").captures(), 3);
    let p = tris("4k4/9/9/9/4p4/4S4/9/9/4K4 b - 1 2 0 - -");
    assert_eq!(after(&p, "5f5e").captures(), 1);
    // Plain shogi keeps no count.
    let p = shogi("4k4/9/9/9/4p4/4S4/9/9/4K4 b - 1");
    assert_eq!(after(&p, "5f5e").to_fen(), "4k4/9/9/9/4S4/9/9/9/4K4 w P 2");
}

#[test]
fn t_5_tris_blocks_and_never_checks() {
    let p = tris("4k4/9/4p4/9/4T4/9/4R4/9/4K4 b - 1 1 2 - -");
    has(&p, "5g5f");
    lacks(&p, "5g5d");
    lacks(&p, "5g5c");
    let p = tris("4k4/4T4/9/9/9/9/9/9/4K4 w - 1 1 2 - -");
    assert!(!p.in_check());
    has(&p, "5a4b");
}

#[test]
fn t_10_redrop_may_block_the_uncovered_check() {
    // The gold composite on 5h shields its king from the rook on 5c.
    let p = tris("8k/9/4r4/9/9/9/5T3/4G^4/4K4 b - 1 0 2 - -");
    let caps: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("5h4g,"))
        .collect();
    assert_eq!(
        caps,
        [
            "5h4g,4g5d",
            "5h4g,4g5e",
            "5h4g,4g5f",
            "5h4g,4g5g",
            "5h4g,4g5h"
        ]
    );
    lacks(&p, "5h4g,4g1i");
    // A separation leaves the Tris on 5h: still shielding.
    has(&p, "5h4ht");
    has(&p, "T5h4h");
    lacks(&p, "5h4h");
    lacks(&p, "5h6g");
}

#[test]
fn t_10_pinned_tris_may_not_uncover_its_king() {
    let p = tris("8k/9/4r4/9/9/9/9/4T4/4K4 b - 1 1 2 - -");
    lacks(&p, "5h4h");
    lacks(&p, "5h3g");
    has(&p, "5h5g");
}

// ---- S-11: end of the game -----------------------------------------------

#[test]
fn s_11_no_legal_move_loses() {
    let p = shogi("8k/8G/8P/9/9/9/9/9/4K4 w - 1");
    let game = GameHistory::new(p);
    assert_eq!(
        game.outcome(),
        Some(Outcome::NoLegalMove {
            winner: Color::Black
        })
    );
}

#[test]
fn s_11_fourfold_repetition_is_a_draw() {
    let mut game = GameHistory::new(Position::startpos(Variant::TrisShogi));
    // The start position occurs at plies 0, 4, 8 and 12.
    for i in 0..12 {
        let m = ["5i4h", "5a4b", "4h5i", "4b5a"][i % 4];
        game.play_str(m).unwrap();
        if i < 11 {
            assert_eq!(game.outcome(), None, "after ply {}", i + 1);
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Repetition));
}

#[test]
fn s_11_perpetual_check_loses() {
    let start = shogi("4k4/9/9/9/9/9/9/5R3/K8 b - 1");
    let mut game = GameHistory::new(start);
    let cycle = ["4h5h", "5a4a", "5h4h", "4a5a"];
    for i in 0..12 {
        game.play_str(cycle[i % 4]).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::PerpetualCheck {
            winner: Color::White
        })
    );
}

#[test]
fn s_11_entering_king_declaration() {
    let ok = shogi("+P+P+P+P+P+P+P+P+P/+P3K4/9/9/9/9/9/9/4k4 b RB8P 1");
    assert!(ok.declaration_wins());
    let short = shogi("+P+P+P+P+P+P+P+P+P/+P3K4/9/9/9/9/9/9/4k4 b RB7P 1");
    assert!(!short.declaration_wins());
    // Tris never count, composites count by their X.
    let t = tris("+P+P+P+P+P+P+P+P+P/+P^3K3T/9/9/9/9/9/9/4k4 b RB8P 1 0 3 - -");
    assert!(t.declaration_wins());
    let nine = shogi("+P+P+P+P+P+P+P+P+P/4K4/9/9/9/9/9/9/4k4 b RB9P 1");
    assert!(!nine.declaration_wins());
}

#[test]
fn t_1_t_2_two_tris_start_in_the_shared_reserve_and_never_return() {
    let p = Position::startpos(Variant::TrisShogi);
    assert_eq!(p.reserve(), 2);
    assert!(p.tris().is_empty());
    // A composite captured by a composite: its Tris is re-dropped, the
    // reserve stays empty, two Tris remain on the board.
    let p = tris("4k4/9/4p^4/9/4R^4/9/9/9/4K4 b - 1 0 2 - -");
    let next = after(&p, "5e5c,5c1a");
    assert_eq!(next.reserve(), 0);
    assert_eq!(next.tris().count(), 2);
}

#[test]
fn t_6_composite_belongs_to_x_side() {
    // White's silver takes the Black-locked Tris (with the gold's help):
    // the composite is White's and White moves it next turn.
    let p = tris("4k4/9/9/4sg3/4T4/9/9/9/4K4 w - 1 1 2 - -");
    let p = after(&p, "5d5e");
    assert_eq!(p.to_fen(), "4k4/9/9/5g3/4s^4/9/9/9/4K4 b - 2 1 2 - -");
    assert_eq!(count_from(&p, "5e"), 0);
    let p = after(&p, "5i4h");
    has(&p, "5e5f"); // Tris step (also the silver's capture square)
    has(&p, "T5e6g");
}

#[test]
fn t_7_composite_king_is_the_king() {
    // A composite king in check escapes by a knight leap (a Tris step)
    // but captures only as a king.
    let p = tris("4k4/9/9/9/9/9/9/4r4/4K^4 b - 1 1 2 - -");
    assert!(p.in_check());
    has(&p, "5i5h"); // captures the rook as a king
    has(&p, "5i4g"); // knight leap
    has(&p, "5i4i");
    lacks(&p, "5i5g");
    let p = tris("4k4/9/9/9/9/9/9/9/4K^4 b - 1 1 2 - -");
    has(&p, "5i5ht"); // the king leaves the Tris behind
    has(&p, "T5i5h"); // the Tris leaves the king
}

#[test]
fn t_8_separations_must_leave_the_king_safe() {
    // Black is in check from the rook on 5c; the composite on 4g may
    // block with either separation or as a whole unit.
    let p = tris("8k/9/4r4/9/9/9/5S^3/9/4K4 b - 1 1 2 - -");
    assert!(p.in_check());
    has(&p, "T4g5g"); // the Tris leaves and blocks
    lacks(&p, "T4g3g");
    has(&p, "4g5ft"); // the silver leaves and blocks
    lacks(&p, "4g3ft");
    has(&p, "4g5g"); // the whole composite steps in between
    has(&p, "T*5d"); // a Tris drop from the reserve blocks too
    lacks(&p, "T*1a");
}

#[test]
fn s_10_tris_drop_is_the_whole_move() {
    let p = tris("4k4/9/9/9/9/9/9/9/4K4 w - 7 2 2 - -");
    let next = after(&p, "T*5e");
    assert_eq!(next.to_fen(), "4k4/9/9/9/4t4/9/9/9/4K4 b - 8 1 2 - -");
    // A drop is no capture and never starts forced-drop mode.
    assert!(!next.forced_drop());
}
