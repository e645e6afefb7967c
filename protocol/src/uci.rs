//! UCI specifics: the handshake.

use crate::command::Protocol;
use crate::options::{declaration, definitions};

/// The engine's name and version as `id name` shows it (ASCII).
pub fn engine_name() -> String {
    format!("Triskelion {}", env!("CARGO_PKG_VERSION"))
}

pub const AUTHOR: &str = "the Triskelion developers";

/// The answer to `uci`: ids, options, `uciok`.
pub fn handshake() -> Vec<String> {
    let mut lines = vec![
        format!("id name {}", engine_name()),
        format!("id author {AUTHOR}"),
    ];
    lines.extend(definitions(Protocol::Uci).iter().map(declaration));
    lines.push("uciok".into());
    lines
}
