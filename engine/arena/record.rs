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

use movegen::shogi::{self, Color, Role, Square};
use movegen::{Family, Variant};

use super::referee::{GameEnd, GameResult, Side, Termination};

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

/// The CSA code of a piece kind.
fn csa_piece(role: Role) -> &'static str {
    match role {
        Role::Pawn => "FU",
        Role::Lance => "KY",
        Role::Knight => "KE",
        Role::Silver => "GI",
        Role::Gold => "KI",
        Role::Bishop => "KA",
        Role::Rook => "HI",
        Role::King => "OU",
        Role::ProPawn => "TO",
        Role::ProLance => "NY",
        Role::ProKnight => "NK",
        Role::ProSilver => "NG",
        Role::Horse => "UM",
        Role::Dragon => "RY",
    }
}

/// A CSA square: the file digit then the rank digit (`7g` is `77`).
fn csa_square(sq: Square) -> String {
    format!("{}{}", sq.file() + 1, sq.rank() + 1)
}

fn csa_color(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// One move in CSA: side, origin (`00` for a drop), destination, and the
/// piece code after the move.
pub fn csa_move(pos: &shogi::Position, mv: shogi::Move) -> Result<String, String> {
    let sign = csa_color(pos.turn());
    match mv.kind() {
        shogi::MoveKind::Drop => Ok(format!(
            "{sign}00{}{}",
            csa_square(mv.to()),
            csa_piece(mv.drop_role())
        )),
        shogi::MoveKind::Normal => {
            let piece = pos
                .piece_at(mv.from())
                .ok_or_else(|| format!("{mv}: no piece on the origin square"))?;
            let role = if mv.promotes() {
                piece.role.promoted()
            } else {
                piece.role
            };
            Ok(format!(
                "{sign}{}{}{}",
                csa_square(mv.from()),
                csa_square(mv.to()),
                csa_piece(role)
            ))
        }
        _ => Err(format!("{mv}: a Tris move has no CSA form")),
    }
}

/// The start position in CSA: `PI` for the orthodox start, otherwise the
/// board rank by rank, the hands and the side to move.
fn csa_position(pos: &shogi::Position, orthodox_start: bool) -> String {
    let mut out = String::new();
    if orthodox_start {
        out.push_str("PI\n");
    } else {
        for rank in 0..9u8 {
            let _ = write!(out, "P{}", rank + 1);
            for file in (0..9u8).rev() {
                match pos.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        let _ = write!(out, "{}{}", csa_color(p.color), csa_piece(p.role));
                    }
                    None => out.push_str(" * "),
                }
            }
            out.push('\n');
        }
        for color in [Color::Black, Color::White] {
            let mut line = String::new();
            for role in Role::HAND {
                for _ in 0..pos.hand(color, role) {
                    let _ = write!(line, "00{}", csa_piece(role));
                }
            }
            if !line.is_empty() {
                let _ = writeln!(out, "P{}{line}", csa_color(color));
            }
        }
    }
    out.push(csa_color(pos.turn()));
    out.push('\n');
    out
}

/// The special move that ends a game (see the module documentation).
fn csa_ending(history: &shogi::GameHistory, end: &GameEnd) -> String {
    let pos = history.position();
    let to_move = match pos.turn() {
        Color::Black => Side::First,
        Color::White => Side::Second,
    };
    let loser = match end.result {
        GameResult::Win(w) => Some(w.other()),
        GameResult::Draw => None,
    };
    let mover_loses = loser == Some(to_move);
    let code = match (end.termination, loser) {
        (Termination::Normal, None) => "%SENNICHITE",
        (Termination::Normal, Some(l)) => match history.outcome() {
            Some(shogi::Outcome::NoLegalMove { .. }) => "%TSUMI",
            Some(shogi::Outcome::PerpetualCheck { .. }) => match l {
                Side::First => "%+ILLEGAL_ACTION",
                Side::Second => "%-ILLEGAL_ACTION",
            },
            _ if !mover_loses && pos.declaration_wins() => "%KACHI",
            _ if mover_loses => "%TORYO",
            _ => "%CHUDAN",
        },
        (Termination::Adjudication, None) => "%HIKIWAKE",
        (Termination::Adjudication, Some(_)) if mover_loses => "%TORYO",
        (Termination::RulesInfraction, Some(_)) if mover_loses => "%ILLEGAL_MOVE",
        (Termination::TimeForfeit, Some(_)) if mover_loses => "%TIME_UP",
        _ => "%CHUDAN",
    };
    code.to_string()
}

impl GameRecord {
    /// The game as a CSA V2.2 record (plain shogi only); the writer puts a
    /// `/` line between two games.
    pub fn csa(&self) -> Result<String, String> {
        if self.variant != Variant::Shogi {
            return Err(format!(
                "CSA records are for plain shogi, not {}",
                self.variant
            ));
        }
        let start = match &self.fen {
            Some(f) => shogi::Position::from_sfen(Variant::Shogi, f).map_err(|e| e.to_string())?,
            None => shogi::Position::startpos(Variant::Shogi),
        };
        let one_line = |s: &str| s.replace(['\n', '\r'], " ");
        let orthodox_start = start == shogi::Position::startpos(Variant::Shogi);
        let mut out = String::from("V2.2\n");
        let _ = writeln!(out, "N+{}", one_line(&self.first));
        let _ = writeln!(out, "N-{}", one_line(&self.second));
        let _ = writeln!(out, "$EVENT:{}", one_line(&self.event));
        let _ = writeln!(out, "$START_TIME:{}", self.date.replace('.', "/"));
        if self.time_control != "-" {
            let _ = writeln!(out, "'time control {}", self.time_control);
        }
        out.push_str(&csa_position(&start, orthodox_start));
        let mut history = shogi::GameHistory::new(start);
        for text in &self.moves {
            let pos = history.position();
            let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
            out.push_str(&csa_move(pos, mv)?);
            out.push('\n');
            history.play(mv);
        }
        let _ = writeln!(out, "{}", csa_ending(&history, &self.end));
        let _ = writeln!(
            out,
            "'{} {}: {}",
            self.end.result.as_str(),
            self.end.termination.tag(),
            one_line(&self.end.reason)
        );
        Ok(out)
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
    fn shogi_record(fen: Option<&str>, moves: &str, end: GameEnd) -> GameRecord {
        let mut r = record();
        r.variant = Variant::Shogi;
        r.fen = fen.map(String::from);
        r.moves = moves.split_whitespace().map(String::from).collect();
        r.end = end;
        r
    }

    #[test]
    fn csa_moves_drops_and_promotions() {
        let r = shogi_record(
            None,
            "7g7f 3c3d 8h2b+ 3a2b B*5e 8c8d 5e3c+",
            GameEnd::new(
                GameResult::Win(Side::First),
                Termination::Normal,
                "B resigns",
            ),
        );
        assert_eq!(
            r.csa().unwrap(),
            "V2.2\nN+A\nN-B\n$EVENT:test \"match\"\n$START_TIME:2026/11/29\nPI\n+\n\
+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0055KA\n-8384FU\n+5533UM\n%TORYO\n\
'1-0 normal: B resigns\n"
        );
        // Tris variants have no CSA form.
        let mut t = r.clone();
        t.variant = Variant::TrisShogi;
        assert!(t.csa().unwrap_err().contains("plain shogi"));
    }

    #[test]
    fn csa_set_up_position_and_endings() {
        let mate = shogi_record(
            Some("4k4/9/4P4/9/9/9/9/9/4K4 b G2p 1"),
            "G*5b",
            GameEnd::new(
                GameResult::Win(Side::First),
                Termination::Normal,
                "Black mates",
            ),
        );
        let csa = mate.csa().unwrap();
        assert!(
            csa.contains(
                "P1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \n\
P3 *  *  *  * +FU *  *  *  * \n"
            ),
            "{csa}"
        );
        assert!(
            csa.contains("P9 *  *  *  * +OU *  *  *  * \nP+00KI\nP-00FU00FU\n+\n+0052KI\n%TSUMI\n"),
            "{csa}"
        );
        // White to move at the start: the '-' line.
        let white = shogi_record(
            Some("4k4/9/4P4/9/9/9/9/9/4K4 w G 2"),
            "5a4a",
            GameEnd::new(
                GameResult::Win(Side::Second),
                Termination::TimeForfeit,
                "A loses on time",
            ),
        );
        let csa = white.csa().unwrap();
        assert!(csa.contains("\nP+00KI\n-\n-5141OU\n%TIME_UP\n"), "{csa}");
        // Perpetual check by Black: Black's illegal action.
        let perpetual = shogi_record(
            Some("8k/9/9/9/9/9/9/9/4K1R2 b - 1"),
            "3i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i 2a1a 2i1i 1a2a 1i2i 2a1a 2i1i",
            GameEnd::new(
                GameResult::Win(Side::Second),
                Termination::Normal,
                "perpetual check",
            ),
        );
        let csa = perpetual.csa().unwrap();
        assert!(csa.contains("+2919HI\n%+ILLEGAL_ACTION\n"), "{csa}");
        let repetition = shogi_record(
            None,
            &"2h3h 8b7b 3h2h 7b8b ".repeat(3),
            GameEnd::new(GameResult::Draw, Termination::Normal, "fourfold repetition"),
        );
        assert!(repetition.csa().unwrap().contains("-7282HI\n%SENNICHITE\n"));
        let right = shogi_record(
            Some("RRBBGGGG1/4K4/SS7/9/9/9/9/9/4k4 b 2P 1"),
            "",
            GameEnd::new(GameResult::Win(Side::First), Termination::Normal, "win"),
        );
        assert!(right.csa().unwrap().contains("\n+\n%KACHI\n"));
        let wrong = shogi_record(
            Some("RRBBGGGG1/4K4/SS7/9/9/9/9/9/4k4 b P 1"),
            "",
            GameEnd::new(
                GameResult::Win(Side::Second),
                Termination::RulesInfraction,
                "wrong declaration",
            ),
        );
        assert!(wrong.csa().unwrap().contains("\n+\n%ILLEGAL_MOVE\n"));
        // An adjudicated loss of the side not to move, a crash, a draw.
        let mut other = shogi_record(
            None,
            "7g7f",
            GameEnd::new(
                GameResult::Win(Side::Second),
                Termination::Adjudication,
                "score",
            ),
        );
        assert!(other
            .csa()
            .unwrap()
            .contains("+7776FU\n%CHUDAN\n'0-1 adjudication: score\n"));
        other.end = GameEnd::new(GameResult::Win(Side::First), Termination::Adjudication, "s");
        assert!(other.csa().unwrap().contains("\n%TORYO\n"));
        other.end = GameEnd::new(
            GameResult::Win(Side::First),
            Termination::Abandoned,
            "crash",
        );
        assert!(other.csa().unwrap().contains("\n%CHUDAN\n"));
        other.end = GameEnd::new(GameResult::Draw, Termination::Adjudication, "max");
        assert!(other.csa().unwrap().contains("\n%HIKIWAKE\n"));
    }
}
