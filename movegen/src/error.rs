//! Typed errors: every message names what was wrong and where.

use std::fmt;

/// A position string (FEN or SFEN) that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The field that was wrong (`board`, `side`, `castling`, ...), or
    /// `fields` for a wrong field count, or `position` for a rule violation of
    /// the whole position.
    pub field: &'static str,
    /// Why it was rejected.
    pub reason: String,
}

impl PositionError {
    pub fn new(field: &'static str, reason: impl Into<String>) -> Self {
        Self {
            field,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} field: {}", self.field, self.reason)
    }
}

impl std::error::Error for PositionError {}

/// A move string that is not a legal move in the position it was read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    /// The move string exactly as given.
    pub text: String,
    /// Why it was rejected.
    pub reason: String,
}

impl MoveError {
    pub fn new(text: &str, reason: impl Into<String>) -> Self {
        Self {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveError {}
