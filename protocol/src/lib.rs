//! The UCI and USI front ends of Triskelion: the binary's default mode.
//! The first `uci` or `usi` line chooses the protocol (and with it the game
//! family: UCI plays `chess`/`mengchess`, USI the shogi family); a reader
//! thread feeds the lines to the session so that `stop`, `isready`,
//! `ponderhit`, `quit` and the end of input are handled during a search.
//!
//! Contents:
//! - [`command`]: typed commands of both protocols and their parser.
//! - [`options`]: the declared options and value checking.
//! - [`output`]: the shared ASCII line writer and `info` formatting.
//! - [`session`]: the session state and the command dispatch.
//! - [`running`]: `go`, the search thread, `stop`, `ponderhit`.
//! - [`uci`], [`usi`]: handshakes; USI `go mate`.
//! - [`game`]: what the front ends need from a rules core.

pub mod command;
pub mod game;
pub mod options;
pub mod output;
pub mod running;
pub mod session;
pub mod uci;
pub mod usi;

use std::io::BufRead;
use std::sync::mpsc;

use movegen::{Family, Variant};

use command::Protocol;
use output::Out;
use session::Session;

/// Spawns the reader thread: each line (lossily decoded), then `None` at
/// the end of input.
fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> mpsc::Receiver<Option<String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                    if tx.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(None);
    });
    rx
}

/// Runs the protocol loop on `input` until `quit` or the end of input.
/// `preset` (the `--variant` flag) is the starting variant when it belongs
/// to the family of the chosen protocol.
pub fn run<R: BufRead + Send + 'static>(input: R, out: Out, preset: Option<Variant>) {
    let lines = spawn_reader(input);
    while let Ok(Some(line)) = lines.recv() {
        let first = line.split_whitespace().next().unwrap_or("");
        let protocol = match first {
            "uci" => Protocol::Uci,
            "usi" => Protocol::Usi,
            "quit" => return,
            "" => continue,
            other => {
                out.error(format!(
                    "'{other}' before the protocol is chosen: send 'uci' or 'usi' first"
                ));
                continue;
            }
        };
        let family = options::family(protocol);
        let variant = match preset {
            Some(v) if v.family() == family => v,
            other => {
                if let Some(v) = other {
                    out.error(format!(
                        "--variant {v} is not played over this protocol; using the default"
                    ));
                }
                match family {
                    Family::Chess => Variant::Chess,
                    Family::Shogi => Variant::Shogi,
                }
            }
        };
        match family {
            Family::Chess => {
                play::<movegen::chess::Position>(protocol, out, variant, &line, &lines)
            }
            Family::Shogi => {
                play::<movegen::shogi::Position>(protocol, out, variant, &line, &lines)
            }
        }
        return;
    }
}

fn play<G: game::ProtocolGame>(
    protocol: Protocol,
    out: Out,
    variant: Variant,
    first: &str,
    lines: &mpsc::Receiver<Option<String>>,
) {
    let mut session = Session::<G>::new(protocol, out, variant);
    session.handle_line(first);
    session.run(lines);
}

/// The protocol mode on stdin and stdout.
pub fn run_stdio(preset: Option<Variant>) {
    run(
        std::io::BufReader::new(std::io::stdin()),
        Out::stdout(),
        preset,
    );
}
