//! PeSTO's phase weights (Ronald Friederich's published values,
//! chessprogramming.org "PeSTO's Evaluation Function"). Its material values
//! and piece-square tables were the start of the fitted ones in
//! `ChessParams::default` and `fitted_pst.rs` (the tables as published are
//! in this file up to e6cbdaf).

/// Game-phase weight per role; 24 is the full middlegame.
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
