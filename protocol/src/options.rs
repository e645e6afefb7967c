//! The engine options of each protocol: their declarations (the `option`
//! lines of the handshake), name lookup with aliases, and value checking.

use movegen::{Family, Variant};

use crate::command::Protocol;

/// What an option controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Hash,
    Threads,
    MultiPv,
    Ponder,
    MoveOverhead,
    ClearHash,
    Variant,
    EnteringKing,
    /// The chess network: [`EVAL_FILE_INTERNAL`] for the built-in one, a
    /// file, or `<empty>` for the hand-written evaluation.
    EvalFile,
    /// A search feature by its `search::Features` name (for measurements).
    SearchFeature(&'static str),
    /// An evaluation term group by its `search::eval::Term` name.
    EvalTerm(&'static str),
}

/// Check options that switch search features and evaluation term groups,
/// so that a match between two settings measures what each is worth. The
/// names are single tokens, as USI needs.
const SWITCHES: [(Key, &str); 23] = [
    (Key::SearchFeature("null_move"), "Search_NullMove"),
    (Key::SearchFeature("lmr"), "Search_LMR"),
    (
        Key::SearchFeature("reverse_futility"),
        "Search_ReverseFutility",
    ),
    (Key::SearchFeature("futility"), "Search_Futility"),
    (
        Key::SearchFeature("late_move_pruning"),
        "Search_LateMovePruning",
    ),
    (Key::SearchFeature("aspiration"), "Search_Aspiration"),
    (Key::SearchFeature("iir"), "Search_IIR"),
    (Key::SearchFeature("qs_checks"), "Search_QsChecks"),
    (Key::SearchFeature("singular"), "Search_Singular"),
    (Key::SearchFeature("correction"), "Search_Correction"),
    (Key::SearchFeature("singular_range"), "Search_SingularRange"),
    (Key::SearchFeature("lmr_captures"), "Search_LmrCaptures"),
    (Key::SearchFeature("lmr_tt_capture"), "Search_LmrTtCapture"),
    (Key::SearchFeature("mate_probe"), "Search_MateProbe"),
    (Key::SearchFeature("qs_pruning"), "Search_QsPruning"),
    (Key::SearchFeature("killer_lmr"), "Search_KillerLmr"),
    (Key::SearchFeature("threat_order"), "Search_ThreatOrder"),
    (Key::EvalTerm("pawn_structure"), "Eval_PawnStructure"),
    (Key::EvalTerm("king_safety"), "Eval_KingSafety"),
    (Key::EvalTerm("tris"), "Eval_Tris"),
    (Key::EvalTerm("mobility"), "Eval_Mobility"),
    (Key::EvalTerm("threats"), "Eval_Threats"),
    (Key::EvalTerm("scale"), "Eval_Scale"),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    Button,
    /// Free text (a file name); `<empty>` or nothing means none.
    Str {
        default: &'static str,
    },
}

/// One declared option.
#[derive(Debug, Clone, Copy)]
pub struct OptionDef {
    pub key: Key,
    pub name: &'static str,
    /// Other names accepted by `setoption` (never declared).
    pub aliases: &'static [&'static str],
    pub kind: Kind,
}

/// A checked option value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(&'static str),
    /// A `Str` option's text, trimmed; empty for none.
    Str(String),
    Pressed,
}

pub const DEFAULT_HASH_MB: i64 = 16;
pub const MAX_HASH_MB: i64 = 65_536;
pub const MAX_THREADS: i64 = 256;
pub const MAX_MULTIPV: i64 = 500;
pub const DEFAULT_OVERHEAD_MS: i64 = 30;
/// `EvalFile`'s value for the network built into the binary.
pub const EVAL_FILE_INTERNAL: &str = "<internal>";
/// `EvalFile`'s value for the hand-written evaluation.
pub const EVAL_FILE_NONE: &str = "<empty>";

/// The entering-king rules of the USI option.
pub const ENTERING_KING_RULES: &[&str] = &["CSARule27", "NoEnteringKing"];

const CHESS_VARIANTS: &[&str] = &["chess", "mengchess"];
const SHOGI_VARIANTS: &[&str] = &["shogi", "trisshogi", "mengshogi"];

/// The options of `protocol`, in the order they are declared.
pub fn definitions(protocol: Protocol) -> Vec<OptionDef> {
    let mut defs = base_definitions(protocol);
    defs.extend(
        SWITCHES
            .iter()
            .map(|&(key, name)| def(key, name, &[], Kind::Check { default: true })),
    );
    defs
}

/// `EvalFile`, the same in both protocols: the network of the protocol's
/// game (`<internal>` the built-in one).
fn eval_file() -> OptionDef {
    def(
        Key::EvalFile,
        "EvalFile",
        &[],
        Kind::Str {
            default: EVAL_FILE_INTERNAL,
        },
    )
}

fn base_definitions(protocol: Protocol) -> Vec<OptionDef> {
    let spin = |default, min, max| Kind::Spin { default, min, max };
    match protocol {
        Protocol::Uci => vec![
            def(
                Key::Hash,
                "Hash",
                &[],
                spin(DEFAULT_HASH_MB, 1, MAX_HASH_MB),
            ),
            def(Key::Threads, "Threads", &[], spin(1, 1, MAX_THREADS)),
            def(Key::MultiPv, "MultiPV", &[], spin(1, 1, MAX_MULTIPV)),
            def(Key::Ponder, "Ponder", &[], Kind::Check { default: false }),
            def(
                Key::MoveOverhead,
                "Move Overhead",
                &[],
                spin(DEFAULT_OVERHEAD_MS, 0, 5000),
            ),
            def(Key::ClearHash, "Clear Hash", &[], Kind::Button),
            def(
                Key::Variant,
                "UCI_Variant",
                &[],
                Kind::Combo {
                    default: "chess",
                    vars: CHESS_VARIANTS,
                },
            ),
            eval_file(),
        ],
        Protocol::Usi => vec![
            def(
                Key::Hash,
                "USI_Hash",
                &[],
                spin(DEFAULT_HASH_MB, 1, MAX_HASH_MB),
            ),
            def(
                Key::Ponder,
                "USI_Ponder",
                &[],
                Kind::Check { default: false },
            ),
            def(Key::Threads, "Threads", &[], spin(1, 1, MAX_THREADS)),
            def(
                Key::MultiPv,
                "MultiPV",
                &["USI_MultiPV"],
                spin(1, 1, MAX_MULTIPV),
            ),
            def(
                Key::MoveOverhead,
                "Move_Overhead",
                &[],
                spin(DEFAULT_OVERHEAD_MS, 0, 5000),
            ),
            def(Key::ClearHash, "Clear_Hash", &[], Kind::Button),
            eval_file(),
            def(
                Key::Variant,
                "USI_Variant",
                &["UCI_Variant"],
                Kind::Combo {
                    default: "shogi",
                    vars: SHOGI_VARIANTS,
                },
            ),
            def(
                Key::EnteringKing,
                "EnteringKingRule",
                &[],
                Kind::Combo {
                    default: "CSARule27",
                    vars: ENTERING_KING_RULES,
                },
            ),
        ],
    }
}

const fn def(
    key: Key,
    name: &'static str,
    aliases: &'static [&'static str],
    kind: Kind,
) -> OptionDef {
    OptionDef {
        key,
        name,
        aliases,
        kind,
    }
}

/// The family whose variants `protocol` plays.
pub fn family(protocol: Protocol) -> Family {
    match protocol {
        Protocol::Uci => Family::Chess,
        Protocol::Usi => Family::Shogi,
    }
}

/// Finds an option by name or alias, ignoring case (UCI names are case
/// insensitive).
pub fn lookup(protocol: Protocol, name: &str) -> Option<OptionDef> {
    definitions(protocol).into_iter().find(|d| {
        d.name.eq_ignore_ascii_case(name) || d.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// Checks a `setoption` value against the declaration; the error names
/// the option, the value and the accepted range.
pub fn check(def: &OptionDef, value: Option<&str>) -> Result<Value, String> {
    let name = def.name;
    match def.kind {
        Kind::Button => Ok(Value::Pressed),
        Kind::Str { .. } => {
            let v = value.map(str::trim).unwrap_or("");
            Ok(Value::Str(if v == EVAL_FILE_NONE {
                String::new()
            } else {
                v.to_string()
            }))
        }
        Kind::Spin { min, max, .. } => {
            let v = value.ok_or_else(|| format!("option {name} needs a value"))?;
            let n: i64 = v
                .trim()
                .parse()
                .map_err(|_| format!("option {name}: '{v}' is not a number"))?;
            if (min..=max).contains(&n) {
                Ok(Value::Int(n))
            } else {
                Err(format!("option {name}: {n} is out of range {min}..={max}"))
            }
        }
        Kind::Check { .. } => match value.map(str::trim) {
            Some(v) if v.eq_ignore_ascii_case("true") => Ok(Value::Bool(true)),
            Some(v) if v.eq_ignore_ascii_case("false") => Ok(Value::Bool(false)),
            other => Err(format!(
                "option {name}: expected true or false, got '{}'",
                other.unwrap_or("")
            )),
        },
        Kind::Combo { vars, .. } => {
            let v = value.map(str::trim).unwrap_or("");
            vars.iter()
                .find(|var| var.eq_ignore_ascii_case(v))
                .map(|var| Value::Text(var))
                .ok_or_else(|| format!("option {name}: '{v}' is not one of {}", vars.join(", ")))
        }
    }
}

/// The handshake line that declares `def`.
pub fn declaration(def: &OptionDef) -> String {
    let head = format!("option name {} type ", def.name);
    match def.kind {
        Kind::Spin { default, min, max } => {
            format!("{head}spin default {default} min {min} max {max}")
        }
        Kind::Check { default } => format!("{head}check default {default}"),
        Kind::Combo { default, vars } => {
            let mut line = format!("{head}combo default {default}");
            for v in vars {
                line.push_str(" var ");
                line.push_str(v);
            }
            line
        }
        Kind::Button => format!("{head}button"),
        Kind::Str { default } => format!("{head}string default {default}"),
    }
}

/// The variant a combo value names.
pub fn variant_of(text: &str) -> Option<Variant> {
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_and_check() {
        let hash = lookup(Protocol::Uci, "hash").unwrap();
        assert_eq!(hash.key, Key::Hash);
        assert_eq!(check(&hash, Some("64")), Ok(Value::Int(64)));
        assert!(check(&hash, Some("0"))
            .unwrap_err()
            .contains("out of range"));
        assert!(check(&hash, Some("lots")).is_err());
        let mpv = lookup(Protocol::Usi, "USI_MultiPV").unwrap();
        assert_eq!(mpv.key, Key::MultiPv);
        let var = lookup(Protocol::Usi, "UCI_Variant").unwrap();
        assert_eq!(check(&var, Some("mengshogi")), Ok(Value::Text("mengshogi")));
        assert!(check(&var, Some("chess")).is_err());
        assert!(lookup(Protocol::Uci, "USI_Hash").is_none());
        let ponder = lookup(Protocol::Uci, "Ponder").unwrap();
        assert_eq!(check(&ponder, Some("true")), Ok(Value::Bool(true)));
        assert!(check(&ponder, Some("yes")).is_err());
    }

    #[test]
    fn declarations_are_single_token_in_usi() {
        for d in definitions(Protocol::Usi) {
            assert!(!d.name.contains(' '), "{}", d.name);
        }
        let v = lookup(Protocol::Uci, "UCI_Variant").unwrap();
        assert_eq!(
            declaration(&v),
            "option name UCI_Variant type combo default chess var chess var mengchess"
        );
    }
}
