//! The referee: game end by the rules of each family, behind the [`Rules`]
//! trait, and the optional adjudication by engine scores and game length.
//!
//! # The two families
//!
//! The runner is generic over [`Rules`], a [`Game`] that also knows when a
//! game is over. The chess family implements it with
//! [`movegen::chess::GameHistory`]; the shogi family with
//! [`movegen::shogi::GameHistory`]:
//!
//! - Black (sente) is [`Side::First`];
//! - a side with no legal move loses (checkmated or not), the fourth
//!   occurrence of the full state is a draw, unless every move of exactly
//!   one side since the first occurrence gave check: that side loses
//!   (rules.md S-11);
//! - USI `bestmove win`, the entering-king declaration, is judged by the
//!   CSA 27-point rule (`Position::declaration_wins`): a right declaration
//!   wins (`normal`), a wrong one loses (`rules infraction`);
//! - `sfen` is the keyword of `position`.
//!
//! `tests/match_usi_seam.rs` also runs the USI path through this trait with
//! a toy rules core, so that the runner's USI handling is tested apart
//! from any rules core.

use std::fmt;

use movegen::chess::{self, Color, GameHistory, Outcome, Role};
use movegen::shogi;
use movegen::Game;

/// The two players by move order: `First` is White in chess and Black
/// (sente) in shogi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// The result of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    Win(Side),
    Draw,
}

impl GameResult {
    /// `1-0` (the first player wins), `0-1` or `1/2-1/2`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::Win(Side::First) => "1-0",
            GameResult::Win(Side::Second) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The points of `side` (1, 1/2 or 0).
    pub fn points(self, side: Side) -> f64 {
        match self {
            GameResult::Win(w) if w == side => 1.0,
            GameResult::Win(_) => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

/// How a game ended, with the PGN `Termination` tag values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// By the rules or by resignation.
    Normal,
    /// By the runner: scores, or the maximum game length.
    Adjudication,
    TimeForfeit,
    /// An illegal or unparsable move.
    RulesInfraction,
    /// The engine crashed, failed to start, or broke the protocol.
    Abandoned,
}

impl Termination {
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// The end of a game: result, termination, and a human-readable reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    pub termination: Termination,
    pub reason: String,
}

impl GameEnd {
    pub fn new(result: GameResult, termination: Termination, reason: impl Into<String>) -> Self {
        GameEnd {
            result,
            termination,
            reason: reason.into(),
        }
    }

    /// `side` loses.
    pub fn loss(side: Side, termination: Termination, reason: impl Into<String>) -> Self {
        Self::new(GameResult::Win(side.other()), termination, reason)
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result.as_str(), self.reason)
    }
}

/// A rules core that can referee a whole game: the game so far, whose turn
/// it is, and when the game is over by the rules.
pub trait Rules: Game {
    /// The game from its start position: the current position and what
    /// the family needs for repetition.
    type History: Clone + Send;

    fn start(position: Self) -> Self::History;
    fn current(history: &Self::History) -> &Self;
    fn push(history: &mut Self::History, mv: Self::Move);
    fn side_to_move(position: &Self) -> Side;

    /// The end of the game by the rules in the current position, if any.
    fn game_end(history: &Self::History) -> Option<GameEnd>;

    /// A protocol word given in place of a move that the rules judge (USI
    /// `win`, the entering-king declaration): `Some(end)` when `word` is
    /// such a declaration, whether right (a win) or wrong (a loss).
    fn declaration(_history: &Self::History, _word: &str) -> Option<GameEnd> {
        None
    }

    /// The keyword of a non-start position in `position` (`fen` or `sfen`).
    fn position_keyword() -> &'static str;

    /// Whether `side` could still win in `position`: a side that overdraws
    /// its clock loses only if the opponent could (FIDE 6.9); otherwise
    /// the game is drawn. The default (always) suits shogi, where every
    /// side keeps its king and can drop captured pieces.
    fn can_win(_position: &Self, _side: Side) -> bool {
        true
    }
}

fn color_side(color: Color) -> Side {
    match color {
        Color::White => Side::First,
        Color::Black => Side::Second,
    }
}

impl Rules for chess::Position {
    type History = GameHistory;

    fn start(position: Self) -> GameHistory {
        GameHistory::new(position)
    }

    fn current(history: &GameHistory) -> &Self {
        history.position()
    }

    fn push(history: &mut GameHistory, mv: chess::Move) {
        history.play(mv);
    }

    fn side_to_move(position: &Self) -> Side {
        color_side(position.turn())
    }

    fn game_end(history: &GameHistory) -> Option<GameEnd> {
        let outcome = history.outcome()?;
        let (result, reason) = match outcome {
            Outcome::Checkmate { winner } => (
                GameResult::Win(color_side(winner)),
                match winner {
                    Color::White => "White mates",
                    Color::Black => "Black mates",
                },
            ),
            Outcome::Stalemate => (GameResult::Draw, "stalemate"),
            Outcome::ThreefoldRepetition => (GameResult::Draw, "threefold repetition"),
            Outcome::FiftyMoves => (GameResult::Draw, "fifty-move rule"),
            Outcome::InsufficientMaterial => (GameResult::Draw, "insufficient material"),
        };
        Some(GameEnd::new(result, Termination::Normal, reason))
    }

    fn position_keyword() -> &'static str {
        "fen"
    }

    /// A lone king never gives check, so it cannot mate (in `mengchess`
    /// too: a Tris is neutral and never checks).
    fn can_win(position: &Self, side: Side) -> bool {
        let color = match side {
            Side::First => Color::White,
            Side::Second => Color::Black,
        };
        let own = position.pieces(color);
        own != position.pieces_of(color, Role::King)
    }
}

fn shogi_side(color: shogi::Color) -> Side {
    match color {
        shogi::Color::Black => Side::First,
        shogi::Color::White => Side::Second,
    }
}

fn shogi_name(color: shogi::Color) -> &'static str {
    match color {
        shogi::Color::Black => "Black",
        shogi::Color::White => "White",
    }
}

impl Rules for shogi::Position {
    type History = shogi::GameHistory;

    fn start(position: Self) -> shogi::GameHistory {
        shogi::GameHistory::new(position)
    }

    fn current(history: &shogi::GameHistory) -> &Self {
        history.position()
    }

    fn push(history: &mut shogi::GameHistory, mv: shogi::Move) {
        history.play(mv);
    }

    fn side_to_move(position: &Self) -> Side {
        shogi_side(position.turn())
    }

    fn game_end(history: &shogi::GameHistory) -> Option<GameEnd> {
        let pos = history.position();
        let (result, reason) = match history.outcome()? {
            shogi::Outcome::NoLegalMove { winner } => {
                let loser = shogi_name(winner.other());
                let reason = if pos.in_check() {
                    format!("{} mates", shogi_name(winner))
                } else {
                    format!("{loser} has no legal move")
                };
                (GameResult::Win(shogi_side(winner)), reason)
            }
            shogi::Outcome::Repetition => (GameResult::Draw, "fourfold repetition".to_string()),
            shogi::Outcome::PerpetualCheck { winner } => (
                GameResult::Win(shogi_side(winner)),
                format!(
                    "fourfold repetition with perpetual check by {}",
                    shogi_name(winner.other())
                ),
            ),
            shogi::Outcome::Declaration { winner } => (
                GameResult::Win(shogi_side(winner)),
                format!("{} wins by declaration", shogi_name(winner)),
            ),
        };
        Some(GameEnd::new(result, Termination::Normal, reason))
    }

    /// `win`: the entering-king declaration of the side to move, judged by
    /// the CSA 27-point rule.
    fn declaration(history: &shogi::GameHistory, word: &str) -> Option<GameEnd> {
        if word != "win" {
            return None;
        }
        let pos = history.position();
        let us = pos.turn();
        let side = shogi_side(us);
        Some(if pos.declaration_wins() {
            GameEnd::new(
                GameResult::Win(side),
                Termination::Normal,
                format!(
                    "{} wins by entering-king declaration (27-point rule)",
                    shogi_name(us)
                ),
            )
        } else {
            GameEnd::loss(
                side,
                Termination::RulesInfraction,
                format!(
                    "{} declares an entering-king win that the 27-point rule refuses, in position {}",
                    shogi_name(us),
                    pos.to_sfen()
                ),
            )
        })
    }

    fn position_keyword() -> &'static str {
        "sfen"
    }
}

/// Score adjudication settings (all optional).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// A side whose own score is at most `-score` centipawns for `moves`
    /// consecutive moves loses.
    pub resign: Option<ResignRule>,
    /// Both sides' scores within `±score` for `moves` consecutive moves each,
    /// from move number `from_move` on: a draw.
    pub draw: Option<DrawRule>,
    /// A draw after this many plies (counted from the game's start position).
    pub max_plies: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignRule {
    pub moves: u32,
    pub score: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawRule {
    pub from_move: u32,
    pub moves: u32,
    pub score: i32,
}

/// A score an engine reported for its own side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in n (moves or plies by protocol; only the sign is used),
    /// negative when the engine is being mated.
    Mate(i32),
}

impl Score {
    /// Centipawns, with mates as ±100000.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

/// The running state of the score adjudication of one game.
#[derive(Debug, Clone, Default)]
pub struct Adjudicator {
    rules: Adjudication,
    resign_run: [u32; 2],
    draw_run: [u32; 2],
}

impl Adjudicator {
    pub fn new(rules: Adjudication) -> Self {
        Adjudicator {
            rules,
            ..Default::default()
        }
    }

    /// Records the score `side` reported with the move that made the game
    /// `plies` plies long, and says whether that ends the game.
    pub fn after_move(&mut self, side: Side, score: Option<Score>, plies: u32) -> Option<GameEnd> {
        let i = side.index();
        let cp = score.map(Score::centipawns);
        if let Some(r) = self.rules.resign {
            match cp {
                Some(cp) if cp <= -r.score => self.resign_run[i] += 1,
                _ => self.resign_run[i] = 0,
            }
            if self.resign_run[i] >= r.moves {
                return Some(GameEnd::loss(
                    side,
                    Termination::Adjudication,
                    format!(
                        "{} moves at or below -{} cp: resignation adjudicated",
                        r.moves, r.score
                    ),
                ));
            }
        }
        if let Some(d) = self.rules.draw {
            match cp {
                Some(cp) if cp.abs() <= d.score => self.draw_run[i] += 1,
                _ => self.draw_run[i] = 0,
            }
            let move_number = plies.div_ceil(2);
            if move_number >= d.from_move && self.draw_run.iter().all(|&n| n >= d.moves) {
                return Some(GameEnd::new(
                    GameResult::Draw,
                    Termination::Adjudication,
                    format!(
                        "both scores within {} cp for {} moves: draw adjudicated",
                        d.score, d.moves
                    ),
                ));
            }
        }
        if let Some(max) = self.rules.max_plies {
            if plies >= max {
                return Some(GameEnd::new(
                    GameResult::Draw,
                    Termination::Adjudication,
                    format!("maximum game length of {max} plies reached"),
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Variant;

    fn play(moves: &str) -> GameHistory {
        let mut h = chess::Position::start(chess::Position::startpos(Variant::Chess));
        for m in moves.split_whitespace() {
            let mv = chess::Position::current(&h).parse_move(m).unwrap();
            chess::Position::push(&mut h, mv);
        }
        h
    }

    #[test]
    fn chess_ends_by_the_rules() {
        let mate = play("f2f3 e7e5 g2g4 d8h4");
        let end = chess::Position::game_end(&mate).unwrap();
        assert_eq!(end.result, GameResult::Win(Side::Second));
        assert_eq!(end.termination, Termination::Normal);
        let rep = play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
        let end = chess::Position::game_end(&rep).unwrap();
        assert_eq!(end.result, GameResult::Draw);
        assert_eq!(end.reason, "threefold repetition");
        let lone =
            chess::Position::from_fen(Variant::Chess, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
        assert!(chess::Position::can_win(&lone, Side::First));
        assert!(!chess::Position::can_win(&lone, Side::Second));
        let meng =
            chess::Position::from_fen(Variant::MengChess, "8/8/8/4k3/8/8/8/4K3 w - - 0 1 2 0 - -")
                .unwrap();
        assert!(!chess::Position::can_win(&meng, Side::First));
        let open = play("e2e4");
        assert!(chess::Position::game_end(&open).is_none());
        assert_eq!(
            chess::Position::side_to_move(chess::Position::current(&open)),
            Side::Second
        );
    }

    fn shogi_play(sfen: Option<&str>, moves: &str) -> shogi::GameHistory {
        let pos = match sfen {
            Some(f) => shogi::Position::from_sfen(Variant::Shogi, f).unwrap(),
            None => shogi::Position::startpos(Variant::Shogi),
        };
        let mut h = shogi::Position::start(pos);
        for m in moves.split_whitespace() {
            let mv = shogi::Position::current(&h).parse_move(m).unwrap();
            shogi::Position::push(&mut h, mv);
        }
        h
    }

    #[test]
    fn shogi_ends_by_the_rules() {
        // A gold drop protected by a pawn mates.
        let mate = shogi_play(Some("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), "G*5b");
        let end = shogi::Position::game_end(&mate).unwrap();
        assert_eq!(end.result, GameResult::Win(Side::First));
        assert_eq!(end.termination, Termination::Normal);
        assert_eq!(end.reason, "Black mates");
        // Rooks shuffling: the start position occurs the fourth time after
        // 12 plies, not before.
        let shuffle = "2h3h 8b7b 3h2h 7b8b ".repeat(3);
        let almost = shogi_play(None, &shuffle[..shuffle.trim_end().len() - 4]);
        assert!(shogi::Position::game_end(&almost).is_none());
        let rep = shogi_play(None, &shuffle);
        let end = shogi::Position::game_end(&rep).unwrap();
        assert_eq!(end.result, GameResult::Draw);
        assert_eq!(end.reason, "fourfold repetition");
        // Black checks with every move: Black loses.
        let perpetual = shogi_play(
            Some("8k/9/9/9/9/9/9/9/4K1R2 b - 1"),
            "3i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i 2a1a 2i1i",
        );
        let end = shogi::Position::game_end(&perpetual).unwrap();
        assert_eq!(end.result, GameResult::Win(Side::Second));
        assert!(end.reason.contains("perpetual check by Black"), "{end}");
        let open = shogi_play(None, "7g7f");
        assert!(shogi::Position::game_end(&open).is_none());
        assert_eq!(
            shogi::Position::side_to_move(shogi::Position::current(&open)),
            Side::Second
        );
        assert!(shogi::Position::declaration(&open, "resign").is_none());
        assert_eq!(shogi::Position::position_keyword(), "sfen");
    }

    #[test]
    fn shogi_declarations_are_judged() {
        // Black's king in the enemy camp with 10 pieces there: 26 points
        // on the board, plus two pawns in hand is 28 (enough), one is 27.
        let right = shogi_play(Some("RRBBGGGG1/4K4/SS7/9/9/9/9/9/4k4 b 2P 1"), "");
        let end = shogi::Position::declaration(&right, "win").unwrap();
        assert_eq!(end.result, GameResult::Win(Side::First));
        assert_eq!(end.termination, Termination::Normal);
        let short = shogi_play(Some("RRBBGGGG1/4K4/SS7/9/9/9/9/9/4k4 b P 1"), "");
        let end = shogi::Position::declaration(&short, "win").unwrap();
        assert_eq!(end.result, GameResult::Win(Side::Second));
        assert_eq!(end.termination, Termination::RulesInfraction);
        let start = shogi_play(None, "");
        let end = shogi::Position::declaration(&start, "win").unwrap();
        assert_eq!(end.result, GameResult::Win(Side::Second));
    }

    #[test]
    fn resign_needs_consecutive_low_scores() {
        let mut a = Adjudicator::new(Adjudication {
            resign: Some(ResignRule {
                moves: 2,
                score: 500,
            }),
            ..Default::default()
        });
        assert!(a
            .after_move(Side::First, Some(Score::Cp(-600)), 1)
            .is_none());
        // The other side's scores do not reset it; a missing score does.
        assert!(a
            .after_move(Side::Second, Some(Score::Cp(600)), 2)
            .is_none());
        assert!(a.after_move(Side::First, None, 3).is_none());
        assert!(a
            .after_move(Side::First, Some(Score::Mate(-3)), 5)
            .is_none());
        let end = a.after_move(Side::First, Some(Score::Cp(-500)), 7).unwrap();
        assert_eq!(end.result, GameResult::Win(Side::Second));
        assert_eq!(end.termination, Termination::Adjudication);
    }

    #[test]
    fn draw_needs_both_sides_and_the_move_number() {
        let mut a = Adjudicator::new(Adjudication {
            draw: Some(DrawRule {
                from_move: 3,
                moves: 2,
                score: 10,
            }),
            ..Default::default()
        });
        let mut plies = 0;
        let mut step = |a: &mut Adjudicator, side, cp| {
            plies += 1;
            a.after_move(side, Some(Score::Cp(cp)), plies)
        };
        assert!(step(&mut a, Side::First, 5).is_none());
        assert!(step(&mut a, Side::Second, -5).is_none());
        assert!(step(&mut a, Side::First, 0).is_none());
        // Both have two small scores, but this is only move 2.
        assert!(step(&mut a, Side::Second, 3).is_none());
        assert!(step(&mut a, Side::First, 50).is_none());
        assert!(step(&mut a, Side::Second, 3).is_none());
        assert!(step(&mut a, Side::First, 1).is_none());
        let end = step(&mut a, Side::Second, 0);
        assert!(end.is_none(), "White had only one small score in a row");
        let end = step(&mut a, Side::First, -2).unwrap();
        assert_eq!(end.result, GameResult::Draw);
    }

    #[test]
    fn max_plies() {
        let mut a = Adjudicator::new(Adjudication {
            max_plies: Some(3),
            ..Default::default()
        });
        assert!(a.after_move(Side::First, None, 2).is_none());
        let end = a.after_move(Side::Second, None, 3).unwrap();
        assert_eq!(end.result, GameResult::Draw);
        assert_eq!(Score::Mate(2).centipawns(), 99_998);
        assert_eq!(Score::Mate(-2).centipawns(), -99_998);
    }
}
