//! Game records: PGN for the chess family, and a line-based record for the
//! shogi family. Both are written from the same [`GameRecord`].
//!
//! # PGN (chess, mengchess)
//!
//! The seven-tag roster, then `Variant`, `SetUp`/`FEN` when the game did not
//! start from the variant's start position, `TimeControl`, `Termination`.
//! Moves are in the project's coordinate notation (there is no SAN for Tris
//! moves), ten moves to a line; a comment `{...}` before the result gives
//! the reason the game ended.
//!
//! # Shogi-family record
//!
//! One block per game, lines of `key value`, a blank line after each block:
//!
//! ```text
//! game 3
//! variant trisshogi
//! date 2026.11.29
//! black Engine A
//! white Engine B
//! timecontrol 10+0.1
//! position startpos moves 7g7f 3c3d
//! result 1-0
//! termination normal
//! reason Black mates
//! ```
//!
//! `position` is exactly the USI command that gives the final position
//! (`position sfen <sfen> moves ...` for a set-up start), so it can be
//! replayed by any USI engine or used as an opening line; `result` is `1-0`
//! when Black (sente, the first player) wins, `0-1` when White wins,
//! `1/2-1/2` for a draw; `termination` uses the PGN `Termination` words.

use std::fmt::Write as _;

use movegen::{Family, Variant};

use super::referee::GameEnd;

/// Everything the writers need about one finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// The round tag, `<round>.<game of the pair>`.
    pub round: String,
    /// The player who moved first (White in chess, Black in shogi).
    pub first: String,
    pub second: String,
    pub variant: Variant,
    /// The start position when it is not the variant's start.
    pub fen: Option<String>,
    /// All moves from the start position, the opening's included.
    pub moves: Vec<String>,
    pub end: GameEnd,
    pub time_control: String,
    /// The game number in the match (1-based).
    pub number: usize,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

impl GameRecord {
    /// The USI/UCI `position` command for the final position.
    pub fn position_command(&self, keyword: &str) -> String {
        let mut s = match &self.fen {
            Some(f) => format!("position {keyword} {f}"),
            None => "position startpos".to_string(),
        };
        if !self.moves.is_empty() {
            s.push_str(" moves ");
            s.push_str(&self.moves.join(" "));
        }
        s
    }

    /// The record in the family's format.
    pub fn write(&self) -> String {
        match self.variant.family() {
            Family::Chess => self.pgn(),
            Family::Shogi => self.shogi_record(),
        }
    }

    pub fn pgn(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
        };
        tag("Event", &self.event);
        tag("Site", &self.site);
        tag("Date", &self.date);
        tag("Round", &self.round);
        tag("White", &self.first);
        tag("Black", &self.second);
        tag("Result", self.end.result.as_str());
        tag("Variant", self.variant.name());
        if let Some(f) = &self.fen {
            tag("SetUp", "1");
            tag("FEN", f);
        }
        tag("TimeControl", &self.time_control);
        tag("Termination", self.end.termination.tag());
        out.push('\n');
        // Move numbers follow the start position's side and move number.
        let (mut number, mut black_first) = (1u32, false);
        if let Some(f) = &self.fen {
            let fields: Vec<&str> = f.split_whitespace().collect();
            black_first = fields.get(1) == Some(&"b");
            number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
        }
        let mut tokens = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            let white_to_move = (i % 2 == 0) != black_first;
            if white_to_move {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(m.clone());
            if !white_to_move {
                number += 1;
            }
        }
        // The comment's words wrap like moves (PGN comments may span lines).
        let reason = self.end.reason.replace(['{', '}'], "");
        let words: Vec<&str> = reason.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            let open = if i == 0 { "{" } else { "" };
            let close = if i + 1 == words.len() { "}" } else { "" };
            tokens.push(format!("{open}{w}{close}"));
        }
        if words.is_empty() {
            tokens.push("{}".to_string());
        }
        tokens.push(self.end.result.as_str().to_string());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }

    pub fn shogi_record(&self) -> String {
        let one_line = |s: &str| s.replace(['\n', '\r'], " ");
        let mut out = String::new();
        let _ = writeln!(out, "game {}", self.number);
        let _ = writeln!(out, "variant {}", self.variant.name());
        let _ = writeln!(out, "date {}", self.date);
        let _ = writeln!(out, "black {}", one_line(&self.first));
        let _ = writeln!(out, "white {}", one_line(&self.second));
        let _ = writeln!(out, "timecontrol {}", self.time_control);
        let _ = writeln!(out, "{}", self.position_command("sfen"));
        let _ = writeln!(out, "result {}", self.end.result.as_str());
        let _ = writeln!(out, "termination {}", self.end.termination.tag());
        let _ = writeln!(out, "reason {}", one_line(&self.end.reason));
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::referee::{GameResult, Side, Termination};

    fn record() -> GameRecord {
        GameRecord {
            event: "test \"match\"".into(),
            site: "here".into(),
            date: "2026.11.29".into(),
            round: "1.2".into(),
            first: "A".into(),
            second: "B".into(),
            variant: Variant::Chess,
            fen: None,
            moves: ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec(),
            end: GameEnd::new(
                GameResult::Win(Side::Second),
                Termination::Normal,
                "Black mates",
            ),
            time_control: "-".into(),
            number: 2,
        }
    }

    #[test]
    fn pgn_layout() {
        let pgn = record().pgn();
        let expected = "[Event \"test \\\"match\\\"\"]\n[Site \"here\"]\n[Date \"2026.11.29\"]\n\
[Round \"1.2\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Variant \"chess\"]\n\
[TimeControl \"-\"]\n[Termination \"normal\"]\n\n1. f2f3 e7e5 2. g2g4 d8h4 {Black mates} 0-1\n\n";
        assert_eq!(pgn, expected);
    }

    #[test]
    fn pgn_from_a_set_up_position_with_black_to_move() {
        let mut r = record();
        r.fen = Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12".into());
        r.moves = ["e8d8", "e2e4", "d8e8"].map(String::from).to_vec();
        r.end = GameEnd::new(GameResult::Draw, Termination::Adjudication, "maximum");
        let pgn = r.pgn();
        assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n"));
        assert!(
            pgn.contains("\n12... e8d8 13. e2e4 d8e8 {maximum} 1/2-1/2\n"),
            "{pgn}"
        );
    }

    #[test]
    fn long_games_wrap() {
        let mut r = record();
        r.moves = vec!["g1f3".to_string(); 60];
        let pgn = r.pgn();
        assert!(pgn.lines().all(|l| l.len() <= 79));
        assert!(pgn.contains("30. g1f3 g1f3 {Black mates} 0-1"));
    }

    #[test]
    fn shogi_record_layout() {
        let mut r = record();
        r.variant = Variant::Shogi;
        r.moves = ["7g7f", "3c3d"].map(String::from).to_vec();
        r.end = GameEnd::new(
            GameResult::Win(Side::First),
            Termination::TimeForfeit,
            "gote\nflag",
        );
        assert_eq!(
            r.write(),
            "game 2\nvariant shogi\ndate 2026.11.29\nblack A\nwhite B\ntimecontrol -\n\
position startpos moves 7g7f 3c3d\nresult 1-0\ntermination time forfeit\nreason gote flag\n\n"
        );
        r.fen = Some("9/9/9/9/4k4/9/9/9/4K4 b - 1".into());
        r.moves.clear();
        assert_eq!(
            r.position_command("sfen"),
            "position sfen 9/9/9/9/4k4/9/9/9/4K4 b - 1"
        );
    }
}
