//! The state of one protocol session: the variant, the position and the
//! keys of the game before it, the settings, the searcher (allocated
//! lazily) and the running search. Commands arrive one by one from the
//! reader thread; a running search never blocks them.

use std::sync::mpsc::Receiver;
use std::time::Duration;

use movegen::Variant;
use search::Searcher;

use crate::command::{parse, Command, Protocol, Start, TimeFields};
use crate::game::ProtocolGame;
use crate::options::{self, Key, Value};
use crate::output::Out;
use crate::running::Running;
use crate::{uci, usi};

/// The values of the options.
#[derive(Debug, Clone)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead: Duration,
    /// USI: declare entering-king wins (CSA 27-point rule).
    pub entering_king: bool,
    pub debug: bool,
    /// Search features (all on by default).
    pub features: search::Features,
    /// Evaluation term groups switched off (process-wide).
    pub eval_off: Vec<&'static str>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: options::DEFAULT_HASH_MB as usize,
            threads: 1,
            multipv: 1,
            ponder: false,
            move_overhead: Duration::from_millis(options::DEFAULT_OVERHEAD_MS as u64),
            entering_king: true,
            debug: false,
            features: search::Features::default(),
            eval_off: Vec::new(),
        }
    }
}

/// Whether the loop goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub struct Session<G: ProtocolGame> {
    pub(crate) protocol: Protocol,
    pub(crate) out: Out,
    pub(crate) variant: Variant,
    /// The current position.
    pub(crate) pos: G,
    /// (key, in check) of every earlier position of the game, oldest first.
    pub(crate) keys: Vec<(u64, bool)>,
    pub(crate) settings: Settings,
    /// `None` until the first `isready` or `go` (the hash is allocated
    /// lazily), and while a search thread owns it.
    pub(crate) searcher: Option<Searcher<G>>,
    pub(crate) running: Option<Running<G>>,
    /// The clock fields of the last `go` that had any (the fallback for a
    /// bare `ponderhit` after a bare `go ponder`).
    pub(crate) last_times: TimeFields,
}

impl<G: ProtocolGame> Session<G> {
    pub fn new(protocol: Protocol, out: Out, variant: Variant) -> Self {
        Session {
            protocol,
            out,
            variant,
            pos: G::startpos(variant),
            keys: Vec::new(),
            settings: Settings::default(),
            searcher: None,
            running: None,
            last_times: TimeFields::default(),
        }
    }

    /// Reads lines until `quit` or the end of input (`None`).
    pub fn run(&mut self, lines: &Receiver<Option<String>>) {
        while let Ok(Some(line)) = lines.recv() {
            if self.handle_line(&line) == Flow::Quit {
                self.finish_search();
                return;
            }
        }
        self.finish_search();
    }

    pub fn handle_line(&mut self, line: &str) -> Flow {
        self.reap();
        match parse(line, self.protocol) {
            Ok(None) => Flow::Continue,
            Ok(Some(cmd)) => self.handle(cmd),
            Err(e) => {
                self.out.error(e);
                Flow::Continue
            }
        }
    }

    pub fn handle(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Uci | Command::Usi => self.handshake(&cmd),
            Command::Debug(on) => self.settings.debug = on,
            Command::IsReady => {
                if self.running.is_none() {
                    self.ensure_searcher();
                }
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.abandon_search();
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(go) => self.go(go),
            Command::Stop => self.finish_search(),
            Command::PonderHit(times) => self.ponderhit(times),
            Command::Quit => return Flow::Quit,
            Command::GameOver(_) => self.abandon_search(),
            Command::Display => self.display(),
            Command::Eval => self.out.info_string(format!(
                "eval {} cp (side to move, static)",
                self.pos.evaluate()
            )),
            Command::Bench(depth) => self.bench(depth),
        }
        Flow::Continue
    }

    fn handshake(&mut self, cmd: &Command) {
        let (asked, other) = match cmd {
            Command::Uci => (Protocol::Uci, "usi"),
            _ => (Protocol::Usi, "uci"),
        };
        if asked != self.protocol {
            let name = if asked == Protocol::Uci { "uci" } else { "usi" };
            self.out.error(format!(
                "{name}: this session speaks {other}; restart the engine to switch protocols"
            ));
            return;
        }
        let lines = match self.protocol {
            Protocol::Uci => uci::handshake(),
            Protocol::Usi => usi::handshake(),
        };
        for l in lines {
            self.out.line(&l);
        }
    }

    /// The searcher, created with the current settings if needed.
    pub(crate) fn ensure_searcher(&mut self) -> &mut Searcher<G> {
        let s = &self.settings;
        self.searcher.get_or_insert_with(|| {
            let mut searcher = Searcher::new(s.hash_mb, s.threads);
            searcher.set_features(s.features);
            searcher
        })
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(def) = options::lookup(self.protocol, name) else {
            self.out
                .error(format!("setoption: unknown option '{name}'"));
            return;
        };
        let value = match options::check(&def, value) {
            Ok(v) => v,
            Err(e) => {
                self.out.error(format!("setoption: {e}"));
                return;
            }
        };
        let int = |v: &Value| match v {
            Value::Int(n) => *n,
            _ => 0,
        };
        match def.key {
            Key::Hash => {
                let mb = int(&value) as usize;
                if mb != self.settings.hash_mb {
                    self.abandon_search();
                    self.settings.hash_mb = mb;
                    // Reallocated at the next isready or go.
                    self.searcher = None;
                }
            }
            Key::Threads => {
                self.abandon_search();
                self.settings.threads = int(&value) as usize;
                if let Some(s) = &mut self.searcher {
                    s.set_threads(self.settings.threads);
                }
            }
            Key::MultiPv => self.settings.multipv = int(&value) as usize,
            Key::Ponder => self.settings.ponder = value == Value::Bool(true),
            Key::MoveOverhead => {
                self.settings.move_overhead = Duration::from_millis(int(&value) as u64)
            }
            Key::ClearHash => {
                self.abandon_search();
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            Key::EvalFile => {
                let Value::Str(path) = value else { return };
                self.abandon_search();
                use search::eval::nnue::{self, InputSet};
                let set = match self.protocol {
                    Protocol::Uci => InputSet::Chess,
                    Protocol::Usi => InputSet::Shogi,
                };
                let loaded = if path.is_empty() {
                    nnue::set_network(set, None)
                } else if path == options::EVAL_FILE_INTERNAL {
                    nnue::use_embedded(set);
                    Ok(())
                } else {
                    nnue::load_file(set, &path)
                };
                match loaded {
                    Ok(()) => {
                        // The table keeps static evaluations of the old one.
                        if let Some(s) = &mut self.searcher {
                            s.clear();
                        }
                    }
                    Err(e) => self.out.error(format!("setoption: EvalFile: {e}")),
                }
            }
            Key::EnteringKing => {
                self.settings.entering_king = value == Value::Text("CSARule27");
            }
            Key::SearchFeature(name) => {
                self.settings.features.set(name, value == Value::Bool(true));
                if let Some(s) = &mut self.searcher {
                    s.set_features(self.settings.features);
                }
            }
            Key::EvalTerm(name) => {
                self.abandon_search();
                self.settings.eval_off.retain(|n| *n != name);
                if value == Value::Bool(false) {
                    self.settings.eval_off.push(name);
                }
                if let Err(e) = search::eval::set_disabled(&self.settings.eval_off.join(",")) {
                    self.out.error(format!("setoption: {e}"));
                }
                // The table keeps static evaluations made with the old terms.
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            Key::Variant => {
                let Value::Text(text) = value else { return };
                let Some(variant) = options::variant_of(text) else {
                    return;
                };
                self.variant = variant;
                self.pos = G::startpos(variant);
                self.keys.clear();
                self.out
                    .info_string(format!("variant {variant} startpos {}", self.pos.to_fen()));
            }
        }
    }

    /// `position`: the whole command is checked before anything changes.
    fn set_position(&mut self, start: &Start, moves: &[String]) {
        let mut pos = match start {
            Start::StartPos => G::startpos(self.variant),
            Start::Fen(fen) => match G::from_fen(self.variant, fen) {
                Ok(p) => p,
                Err(e) => {
                    let what = match self.protocol {
                        Protocol::Uci => "FEN",
                        Protocol::Usi => "SFEN",
                    };
                    self.out.error(format!(
                        "position: {what} '{fen}' for {}: {e}",
                        self.variant
                    ));
                    return;
                }
            },
        };
        let mut keys = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            match pos.parse_move(text) {
                Ok(mv) => {
                    keys.push((pos.hash(), pos.in_check()));
                    pos = pos.play(mv);
                }
                Err(e) => {
                    self.out.error(format!(
                        "position: {e} (move {} of {} after 'moves'); position unchanged",
                        i + 1,
                        moves.len()
                    ));
                    return;
                }
            }
        }
        self.pos = pos;
        self.keys = keys;
    }

    fn display(&self) {
        let fen = self.pos.to_fen();
        let board = fen.split(' ').next().unwrap_or("");
        for rank in board.split('/') {
            let mut row = String::new();
            let mut digits = String::new();
            for c in rank.chars().chain(std::iter::once(' ')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if let Ok(n) = digits.parse::<usize>() {
                    row.push_str(&". ".repeat(n));
                }
                digits.clear();
                if c != ' ' {
                    row.push(c);
                    if c != '+' {
                        row.push(' ');
                    }
                }
            }
            self.out.info_string(row.trim_end());
        }
        self.out.info_string(format!("variant {}", self.variant));
        self.out.info_string(format!("fen {fen}"));
        self.out
            .info_string(format!("key {:016x}", self.pos.hash()));
        self.out.info_string(format!(
            "in check {}, {} legal moves, {} earlier positions",
            self.pos.in_check(),
            self.pos.legal_moves().len(),
            self.keys.len()
        ));
    }

    fn bench(&mut self, depth: Option<u32>) {
        self.abandon_search();
        let depth = depth.unwrap_or(9);
        let positions = G::bench_positions();
        let refs: Vec<(Variant, &str)> = positions.iter().map(|(v, f)| (*v, f.as_str())).collect();
        let (nodes, time) = search::bench::run::<G>(&refs, depth);
        self.out.info_string(format!(
            "bench depth {depth} positions {} nodes {nodes} time {} nps {}",
            refs.len(),
            time.as_millis(),
            (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
        ));
    }
}
