//! Everything the engine prints: a shared, line-buffered writer (used by
//! the command loop and the search thread) that keeps stdout ASCII, and the
//! formatting of `info` lines and scores for each protocol.

use std::fmt::Display;
use std::io::Write;
use std::sync::{Arc, Mutex};

use search::{Bound, Info, Reporter, Score};

use crate::command::Protocol;

/// The engine's output: whole lines, flushed one by one.
#[derive(Clone)]
pub struct Out {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Out {
    pub fn new(sink: Box<dyn Write + Send>) -> Out {
        Out {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    pub fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()))
    }

    /// Writes one line; anything outside printable ASCII becomes `?`.
    pub fn line(&self, text: &str) {
        let clean: String = text
            .chars()
            .map(|c| {
                if c.is_ascii() && (c == '\t' || !c.is_ascii_control()) {
                    c
                } else {
                    '?'
                }
            })
            .collect();
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        // A closed pipe leaves nobody to tell; the input side ends the loop.
        let _ = writeln!(sink, "{clean}");
        let _ = sink.flush();
    }

    /// The one line that answers bad input.
    pub fn error(&self, what: impl Display) {
        self.line(&format!("info string error: {what}"));
    }

    pub fn info_string(&self, text: impl Display) {
        self.line(&format!("info string {text}"));
    }
}

/// A score as the protocol writes it: UCI counts mate in moves, USI in
/// plies.
pub fn score_text(protocol: Protocol, score: Score) -> String {
    match (protocol, score) {
        (_, Score::Cp(cp)) => format!("cp {cp}"),
        (Protocol::Uci, s @ Score::MatePlies(_)) => {
            format!("mate {}", s.mate_moves().unwrap_or(0))
        }
        (Protocol::Usi, Score::MatePlies(p)) => format!("mate {p}"),
    }
}

/// Joins moves with spaces.
pub fn moves_text<M: Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `info` line of one completed depth of one PV line.
pub fn info_line<M: Display>(protocol: Protocol, info: &Info<M>) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(protocol, info.score),
        bound,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&moves_text(&info.pv));
    }
    line
}

/// Prints every search report as an `info` line.
pub struct InfoPrinter {
    pub out: Out,
    pub protocol: Protocol,
}

impl<M: Display> Reporter<M> for InfoPrinter {
    fn info(&self, info: &Info<M>) {
        self.out.line(&info_line(self.protocol, info));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn scores_per_protocol() {
        assert_eq!(score_text(Protocol::Uci, Score::MatePlies(3)), "mate 2");
        assert_eq!(score_text(Protocol::Usi, Score::MatePlies(3)), "mate 3");
        assert_eq!(score_text(Protocol::Uci, Score::MatePlies(-2)), "mate -1");
        assert_eq!(score_text(Protocol::Usi, Score::MatePlies(-2)), "mate -2");
        assert_eq!(score_text(Protocol::Uci, Score::Cp(-17)), "cp -17");
    }

    #[test]
    fn info_line_layout() {
        let info = Info {
            depth: 5,
            seldepth: 9,
            multipv: 2,
            score: Score::Cp(31),
            bound: Bound::Lower,
            nodes: 1234,
            nps: 99,
            time: Duration::from_millis(12),
            hashfull: 3,
            pv: vec!["e2e4", "e7e5"],
        };
        assert_eq!(
            info_line(Protocol::Uci, &info),
            "info depth 5 seldepth 9 multipv 2 score cp 31 lowerbound nodes 1234 nps 99 hashfull 3 time 12 pv e2e4 e7e5"
        );
    }

    #[test]
    fn output_is_ascii() {
        let buf = Arc::new(Mutex::new(Vec::new()));
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let out = Out::new(Box::new(Shared(buf.clone())));
        out.error("move '\u{e9}4' \u{7}");
        let text = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
        assert_eq!(text, "info string error: move '?4' ?\n");
    }
}
