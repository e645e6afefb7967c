//! Drawing a position in the terminal: Unicode, with the Tris, composites
//! and lock states marked, ANSI colours only when asked (stdout is a
//! terminal).

use movegen::chess::{self, TrisLock};
use movegen::shogi;
use movegen::Game;

/// A position that can be drawn.
pub trait BoardView: Game {
    /// The board as text lines; `color` adds ANSI colours.
    fn draw(&self, color: bool) -> String;
}

const RESET: &str = "\x1b[0m";
const FIRST: &str = "\x1b[1;97m"; // White / Black (sente): bold bright white
const SECOND: &str = "\x1b[1;91m"; // Black / White (gote): bold red
const TRIS: &str = "\x1b[1;96m"; // Tris: bold cyan

fn paint(text: &str, code: &str, color: bool) -> String {
    if color {
        format!("{code}{text}{RESET}")
    } else {
        text.to_string()
    }
}

fn chess_glyph(p: chess::Piece) -> char {
    use chess::{Color::*, Role::*};
    match (p.color, p.role) {
        (White, King) => '♔',
        (White, Queen) => '♕',
        (White, Rook) => '♖',
        (White, Bishop) => '♗',
        (White, Knight) => '♘',
        (White, Pawn) => '♙',
        (Black, King) => '♚',
        (Black, Queen) => '♛',
        (Black, Rook) => '♜',
        (Black, Bishop) => '♝',
        (Black, Knight) => '♞',
        (Black, Pawn) => '♟',
    }
}

impl BoardView for chess::Position {
    fn draw(&self, color: bool) -> String {
        let mut out = String::new();
        out.push_str("    a  b  c  d  e  f  g  h\n");
        for rank in (0..8).rev() {
            out.push_str(&format!(" {} ", rank + 1));
            for file in 0..8 {
                let sq = chess::Square::from_coords(file, rank);
                let cell = match (self.piece_at(sq), self.tris().contains(sq)) {
                    (Some(p), composite) => {
                        let code = if p.color == chess::Color::White {
                            FIRST
                        } else {
                            SECOND
                        };
                        let g = chess_glyph(p).to_string();
                        if composite {
                            format!(
                                "{}{}{}",
                                paint("(", TRIS, color),
                                paint(&g, code, color),
                                paint(")", TRIS, color)
                            )
                        } else {
                            format!(" {} ", paint(&g, code, color))
                        }
                    }
                    (None, true) => {
                        let g = match self.tris_lock(sq) {
                            Some(TrisLock::Pendulum) if self.frozen() == Some(sq) => "◈",
                            Some(TrisLock::Pendulum) => "◇",
                            Some(TrisLock::Single(chess::Color::White)) => "△",
                            Some(TrisLock::Single(chess::Color::Black)) => "▽",
                            Some(TrisLock::Double(chess::Color::White)) => "▲",
                            Some(TrisLock::Double(chess::Color::Black)) => "▼",
                            None => "?",
                        };
                        format!(" {} ", paint(g, TRIS, color))
                    }
                    (None, false) => " · ".to_string(),
                };
                out.push_str(&cell);
            }
            out.push_str(&format!(" {}\n", rank + 1));
        }
        out.push_str("    a  b  c  d  e  f  g  h\n");
        let side = if self.turn() == chess::Color::White {
            "White"
        } else {
            "Black"
        };
        out.push_str(&format!("{side} to move"));
        if self.variant().has_tris() {
            out.push_str(&format!(
                ", Tris in reserve {}, captures {}{}",
                self.reserve(),
                self.captures(),
                if self.drop_switch() {
                    " (drops on)"
                } else {
                    ""
                }
            ));
            out.push_str(
                "\n(X) composite   ◇ pendulum Tris   ◈ frozen   △/▽ single-locked White/Black   ▲/▼ double-locked White/Black",
            );
        }
        out.push('\n');
        out
    }
}

impl BoardView for shogi::Position {
    fn draw(&self, color: bool) -> String {
        let hand = |c: shogi::Color| {
            let mut s = String::new();
            for role in shogi::Role::HAND {
                let n = self.hand(c, role);
                if n > 0 {
                    s.push(role.letter());
                    if n > 1 {
                        s.push_str(&n.to_string());
                    }
                    s.push(' ');
                }
            }
            if s.is_empty() {
                "-".to_string()
            } else {
                s.trim_end().to_string()
            }
        };
        let mut out = format!("White (gote) hand: {}\n", hand(shogi::Color::White));
        out.push_str("   9   8   7   6   5   4   3   2   1\n");
        for rank in 0..9u8 {
            out.push(' ');
            for file in (0..9u8).rev() {
                let sq = shogi::Square::from_coords(file, rank);
                let cell = match (self.piece_at(sq), self.tris().contains(sq)) {
                    (Some(p), composite) => {
                        let code = if p.color == shogi::Color::Black {
                            FIRST
                        } else {
                            SECOND
                        };
                        let token = format!("{:>2}", p.token());
                        if composite {
                            format!("{}{}", paint(&token, code, color), paint("^ ", TRIS, color))
                        } else {
                            format!("{}  ", paint(&token, code, color))
                        }
                    }
                    (None, true) => {
                        let g = if self.tris_locked_to(shogi::Color::Black).contains(sq) {
                            " ▲  "
                        } else {
                            " ▽  "
                        };
                        paint(g, TRIS, color)
                    }
                    (None, false) => " ·  ".to_string(),
                };
                out.push_str(&cell);
            }
            out.push_str(&format!("{}\n", (b'a' + rank) as char));
        }
        out.push_str(&format!(
            "Black (sente) hand: {}\n",
            hand(shogi::Color::Black)
        ));
        let side = if self.turn() == shogi::Color::Black {
            "Black"
        } else {
            "White"
        };
        out.push_str(&format!("{side} to move"));
        if self.variant().has_tris() {
            out.push_str(&format!(
                ", Tris in reserve {}, captures {}{}{}",
                self.reserve(),
                self.captures(),
                if self.forced_drop() {
                    ", forced-drop mode"
                } else {
                    ""
                },
                self.recapture_square()
                    .map_or(String::new(), |s| format!(", recapture on {s}"))
            ));
            out.push_str("\nX^ composite (piece on a Tris)   ▲ Tris locked to Black   ▽ Tris locked to White");
        }
        out.push('\n');
        out
    }
}
