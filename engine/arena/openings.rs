//! Openings: the start position, or a file with one opening per line, and
//! optional random plies after it.
//!
//! A line of an openings file is one of
//! - a move sequence from the variant's start position: `e2e4 e7e5`;
//! - a position string (FEN or SFEN, extended fields allowed), optionally
//!   followed by `moves m1 m2 ...`;
//! - the same in USI/UCI form: `[position] startpos [moves ...]`,
//!   `[position] fen|sfen <position> [moves ...]` (so the position lines of
//!   a record file can be reused as openings).
//!
//! Blank lines and lines starting with `#` are skipped. Every opening is
//! checked against the rules core when it is read: a bad position or an
//! illegal move is an error naming the line.

use super::referee::Rules;
use movegen::{Game, Variant};

/// An opening: a start position (`None`: the variant's start) and moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The canonical position string, unless it is the start position.
    pub fen: Option<String>,
    /// The moves in canonical notation.
    pub moves: Vec<String>,
}

impl Opening {
    pub fn startpos() -> Opening {
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    }

    /// The start position of the opening (before its moves).
    pub fn root<G: Game>(&self, variant: Variant) -> G {
        match &self.fen {
            Some(f) => G::from_fen(variant, f).expect("openings are validated when read"),
            None => G::startpos(variant),
        }
    }

    /// Reads one opening; `Ok(None)` for a blank or comment line.
    pub fn parse<G: Rules>(variant: Variant, line: &str) -> Result<Option<Opening>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let line = line.strip_prefix("position ").unwrap_or(line).trim();
        let (head, moves) = match line.split_once(" moves") {
            Some((h, m)) => (h.trim(), m.trim()),
            None if line == "moves" => ("", ""),
            None => (line, ""),
        };
        let (fen, moves) = if head == "startpos" {
            (None, moves)
        } else if let Some(f) = head
            .strip_prefix("fen ")
            .or_else(|| head.strip_prefix("sfen "))
        {
            (Some(f.trim()), moves)
        } else if head
            .split_whitespace()
            .next()
            .is_some_and(|w| w.contains('/'))
        {
            (Some(head), moves)
        } else if moves.is_empty() {
            // A bare move sequence.
            (None, head)
        } else {
            return Err(format!(
                "'{line}' is neither a position nor a move sequence"
            ));
        };
        let root = match fen {
            Some(f) => G::from_fen(variant, f).map_err(|e| format!("position: {e}"))?,
            None => G::startpos(variant),
        };
        let mut history = G::start(root.clone());
        let mut canonical = Vec::new();
        for (i, text) in moves.split_whitespace().enumerate() {
            if let Some(end) = G::game_end(&history) {
                return Err(format!(
                    "move {} '{text}': the game is already over ({end})",
                    i + 1
                ));
            }
            let mv = G::current(&history)
                .parse_move(text)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
            canonical.push(mv.to_string());
            G::push(&mut history, mv);
        }
        let start = G::startpos(variant).to_fen();
        let fen = Some(root.to_fen()).filter(|f| *f != start);
        Ok(Some(Opening {
            fen,
            moves: canonical,
        }))
    }

    /// Adds up to `plies` random legal moves (fewer if the game ends).
    pub fn with_random_plies<G: Rules>(
        &self,
        variant: Variant,
        plies: u32,
        rng: &mut SplitMix,
    ) -> Opening {
        let mut history = G::start(self.root::<G>(variant));
        for m in &self.moves {
            let mv = G::current(&history).parse_move(m).expect("validated");
            G::push(&mut history, mv);
        }
        let mut out = self.clone();
        for _ in 0..plies {
            if G::game_end(&history).is_some() {
                break;
            }
            let list = G::current(&history).legal_moves();
            let mv = list[(rng.next_u64() % list.len() as u64) as usize];
            out.moves.push(mv.to_string());
            G::push(&mut history, mv);
        }
        out
    }
}

/// Reads an openings file's text; the error names the line.
pub fn parse_file<G: Rules>(variant: Variant, text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(o) =
            Opening::parse::<G>(variant, line).map_err(|e| format!("line {}: {e}", i + 1))?
        {
            out.push(o);
        }
    }
    if out.is_empty() {
        return Err("no opening in the file".into());
    }
    Ok(out)
}

/// A small deterministic generator (SplitMix64) for random openings.
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::chess::Position;

    fn parse(v: Variant, line: &str) -> Result<Option<Opening>, String> {
        Opening::parse::<Position>(v, line)
    }

    #[test]
    fn line_forms() {
        let seq = parse(Variant::Chess, "e2e4 e7e5").unwrap().unwrap();
        assert_eq!(seq.fen, None);
        assert_eq!(seq.moves, ["e2e4", "e7e5"]);
        let same = parse(Variant::Chess, "position startpos moves e2e4 e7e5").unwrap();
        assert_eq!(same, Some(seq));
        let fen = "8/8/8/8/8/4k3/8/R3K3 w Q - 0 1";
        let o = parse(Variant::Chess, &format!("{fen} moves e1c1"))
            .unwrap()
            .unwrap();
        assert_eq!(o.fen.as_deref(), Some(fen));
        assert_eq!(o.moves, ["e1c1"]);
        let o2 = parse(Variant::Chess, &format!("fen {fen}"))
            .unwrap()
            .unwrap();
        assert!(o2.moves.is_empty());
        // The start position written as a FEN is the start position.
        let s = parse(
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap()
        .unwrap();
        assert_eq!(s, Opening::startpos());
        assert_eq!(parse(Variant::Chess, "  # comment").unwrap(), None);
        assert_eq!(parse(Variant::Chess, "").unwrap(), None);
        // Extended FEN and a Tris drop in mengchess.
        let m = parse(
            Variant::MengChess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 2 - - moves T@e4",
        )
        .unwrap()
        .unwrap();
        assert_eq!(m.moves, ["T@e4"]);
        assert!(m.fen.unwrap().ends_with(" 2 2 - -"));
    }

    #[test]
    fn bad_lines_are_errors() {
        let e = parse(Variant::Chess, "e2e4 e2e4").unwrap_err();
        assert!(e.contains("move 2"), "{e}");
        assert!(parse(Variant::Chess, "8/8/8 w - - 0 1").is_err());
        assert!(parse(Variant::Chess, "hello moves e2e4").is_err());
        let e = parse(Variant::Chess, "f2f3 e7e5 g2g4 d8h4 a2a3").unwrap_err();
        assert!(e.contains("already over"), "{e}");
        let e = parse_file::<Position>(Variant::Chess, "e2e4\n\nxx\n").unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        assert!(parse_file::<Position>(Variant::Chess, "# none\n").is_err());
    }

    #[test]
    fn random_plies_are_legal_and_reproducible() {
        let base = Opening::startpos();
        let a = base.with_random_plies::<Position>(Variant::Chess, 8, &mut SplitMix::new(7));
        let b = base.with_random_plies::<Position>(Variant::Chess, 8, &mut SplitMix::new(7));
        assert_eq!(a, b);
        assert_eq!(a.moves.len(), 8);
        let line = a.moves.join(" ");
        assert_eq!(parse(Variant::Chess, &line).unwrap().unwrap(), a);
        let c = base.with_random_plies::<Position>(Variant::Chess, 8, &mut SplitMix::new(8));
        assert_ne!(a, c);
    }
}
