//! An engine process and its UCI or USI client. Every read has a deadline:
//! a reader thread forwards stdout lines over a channel, and the client
//! waits on the channel with a timeout, so a hung engine can never hang the
//! runner. Writes go through a writer thread, so they never block either.
//! Stderr is drained by a third thread into the log, if any.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use movegen::Variant;

use super::referee::Score;

/// The protocol an engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Usi,
}

impl Protocol {
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Usi => "usi",
        }
    }
}

/// How to start and configure one engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `setoption` pairs, in order.
    pub options: Vec<(String, String)>,
}

/// Why talking to an engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The process could not be started.
    Spawn(String),
    /// The process exited (or closed its stdout).
    Exited,
    /// No expected answer before the deadline; names what was awaited.
    Timeout(String),
    /// Writing to the engine failed.
    Io(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "could not be started: {e}"),
            EngineError::Exited => write!(f, "exited (crashed or quit)"),
            EngineError::Timeout(what) => write!(f, "did not send {what} in time"),
            EngineError::Io(e) => write!(f, "could not be written to: {e}"),
        }
    }
}

/// An option an engine declares (`option name N type T ...`): its name and,
/// for a combo, its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    pub name: String,
    pub vars: Vec<String>,
}

impl Declared {
    /// Reads an `option` line; the name and each value may hold spaces (a
    /// name runs to `type` whatever its words, a value to the next
    /// keyword). `None` for a line without a name.
    pub fn parse(line: &str) -> Option<Declared> {
        const KEYWORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
        let mut words = line.split_whitespace();
        if words.next() != Some("option") {
            return None;
        }
        // (keyword, its words), in order.
        let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
        for w in words {
            match fields.last_mut() {
                // A name runs to `type` whatever its words.
                Some(("name", value)) if w != "type" => value.push(w),
                Some(_) if KEYWORDS.contains(&w) => fields.push((w, Vec::new())),
                None if w == "name" => fields.push((w, Vec::new())),
                Some((_, value)) => value.push(w),
                None => return None,
            }
        }
        let name = fields
            .iter()
            .find(|(k, _)| *k == "name")
            .map(|(_, v)| v.join(" "))
            .filter(|n| !n.is_empty())?;
        let vars = fields
            .iter()
            .filter(|(k, _)| *k == "var")
            .map(|(_, v)| v.join(" "))
            .collect();
        Some(Declared { name, vars })
    }
}

/// The option that selects `variant` over `protocol`, or `None` for the
/// plain variants: they are the protocol defaults, so no option is sent and
/// every standard engine plays them.
fn variant_option(protocol: Protocol, variant: Variant) -> Option<&'static str> {
    variant.has_tris().then_some(match protocol {
        Protocol::Uci => "UCI_Variant",
        Protocol::Usi => "USI_Variant",
    })
}

/// Checks that an engine declared what a match would send it: every option
/// of `options`, and for a Tris variant the variant option
/// (`UCI_Variant`/`USI_Variant`) offering it. An option the engine does not
/// declare would be ignored without a word (Fairy-Stockfish's overhead is
/// `Move Overhead`; `Move_Overhead` changes nothing). Names compare
/// without case, as engines read them; in USI `USI_Hash` and `USI_Ponder`
/// need no declaration (GUIs send them to every engine).
pub fn check_declared(
    protocol: Protocol,
    variant: Variant,
    declared: &[Declared],
    options: &[(String, String)],
) -> Result<(), String> {
    let find = |name: &str| declared.iter().find(|d| d.name.eq_ignore_ascii_case(name));
    for (name, _) in options {
        let implicit = protocol == Protocol::Usi
            && (name.eq_ignore_ascii_case("USI_Hash") || name.eq_ignore_ascii_case("USI_Ponder"));
        if !implicit && find(name).is_none() {
            let names: Vec<&str> = declared.iter().map(|d| d.name.as_str()).collect();
            return Err(format!(
                "declares no option '{name}' (it declares: {})",
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ));
        }
    }
    if let Some(option) = variant_option(protocol, variant) {
        let v = variant.to_string();
        match find(option) {
            None => return Err(format!("cannot play {v}: it declares no {option} option")),
            Some(d) if !d.vars.iter().any(|x| x.eq_ignore_ascii_case(&v)) => {
                return Err(format!("cannot play {v}: its {option} does not offer it"))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The shared protocol log: every line sent and received, and every
/// engine's stderr, with the time since the match started.
pub struct Log {
    file: Mutex<File>,
    start: Instant,
}

impl Log {
    pub fn new(file: File) -> Arc<Log> {
        Arc::new(Log {
            file: Mutex::new(file),
            start: Instant::now(),
        })
    }

    pub fn line(&self, who: &str, dir: &str, text: &str) {
        let t = self.start.elapsed().as_secs_f64();
        if let Ok(mut f) = self.file.lock() {
            // A failing log write must not stop the match.
            let _ = writeln!(f, "[{t:10.3}] {who} {dir} {text}");
        }
    }
}

/// The longest line kept from an engine; the rest of a longer line is
/// dropped, so that garbage without newlines cannot exhaust memory.
const MAX_LINE: usize = 64 * 1024;

fn read_lines<R: Read>(reader: R, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(reader);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader
            .by_ref()
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buf.last() != Some(&b'\n') && buf.len() >= MAX_LINE {
            // Skip the rest of an overlong line.
            let mut rest = Vec::new();
            if reader.read_until(b'\n', &mut rest).is_err() {
                return;
            }
        }
        let text = String::from_utf8_lossy(&buf);
        if !each(text.trim_end_matches(['\n', '\r']).to_string()) {
            return;
        }
    }
}

/// The most stdout lines held unread per engine.
const LINE_BACKLOG: usize = 1024;

/// How long a stopped engine's output readers may take to log what is
/// still in its pipes (they end at once unless a process the engine
/// started keeps the pipes open).
const READERS_GRACE: Duration = Duration::from_millis(500);

/// The answer to a `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchReply {
    /// The first token after `bestmove` (empty when there was none).
    pub bestmove: String,
    /// The last score seen in an `info` line of this search.
    pub score: Option<Score>,
}

/// Reads the score of an `info` line: `score cp N` or `score mate N`.
pub fn parse_info_score(line: &str) -> Option<Score> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let words: Vec<&str> = words.collect();
    if words.first() == Some(&"string") {
        return None;
    }
    let i = words.iter().position(|&w| w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(if value == 0 { -1 } else { value })),
        _ => None,
    }
}

/// A running engine.
pub struct EngineProc {
    /// The name in the log: the engine's name and a process serial number.
    who: String,
    protocol: Protocol,
    child: Child,
    /// Lines for the writer thread: a send never blocks, even when the
    /// engine stops reading and its pipe fills up.
    input: mpsc::Sender<String>,
    lines: Receiver<String>,
    log: Option<Arc<Log>>,
    /// One message from each output reader thread as it ends.
    readers_done: Receiver<()>,
    readers: usize,
}

impl EngineProc {
    /// Starts the process; `who` names this instance in the log.
    pub fn spawn(
        spec: &EngineSpec,
        protocol: Protocol,
        log: Option<Arc<Log>>,
        who: String,
    ) -> Result<EngineProc, EngineError> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or_else(|| EngineError::Spawn("empty command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if log.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{program}: {e}")))?;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let (input, lines_in) = mpsc::channel::<String>();
        thread::spawn(move || {
            for line in lines_in {
                if writeln!(stdin, "{line}")
                    .and_then(|_| stdin.flush())
                    .is_err()
                {
                    return;
                }
            }
        });
        let stdout = child.stdout.take().expect("stdout is piped");
        // Bounded: an engine that floods its output blocks on its own pipe
        // instead of filling the runner's memory.
        let (tx, rx) = mpsc::sync_channel(LINE_BACKLOG);
        let (done, readers_done) = mpsc::channel();
        let mut readers = 1;
        let out_log = log.clone();
        let out_who = who.clone();
        let out_done = done.clone();
        thread::spawn(move || {
            read_lines(stdout, |line| {
                if let Some(l) = &out_log {
                    l.line(&out_who, "<", &line);
                }
                tx.send(line).is_ok()
            });
            let _ = out_done.send(());
        });
        if let Some(stderr) = child.stderr.take() {
            readers += 1;
            let err_log = log.clone();
            let err_who = who.clone();
            thread::spawn(move || {
                read_lines(stderr, |line| {
                    if let Some(l) = &err_log {
                        l.line(&err_who, "!", &line);
                    }
                    true
                });
                let _ = done.send(());
            });
        }
        if let Some(l) = &log {
            l.line(&who, "*", &format!("started: {}", spec.command.join(" ")));
        }
        Ok(EngineProc {
            who,
            protocol,
            child,
            input,
            lines: rx,
            log,
            readers_done,
            readers,
        })
    }

    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some(l) = &self.log {
            l.line(&self.who, ">", line);
        }
        self.input
            .send(line.to_string())
            .map_err(|_| EngineError::Io("its input pipe is closed".into()))
    }

    /// The next line, or an error at the deadline or when the engine is
    /// gone.
    fn recv(&mut self, deadline: Instant, what: &str) -> Result<String, EngineError> {
        // Checked first: a flood of lines must not outrun the deadline.
        let now = Instant::now();
        if now >= deadline {
            return Err(EngineError::Timeout(what.to_string()));
        }
        match self.lines.recv_timeout(deadline - now) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what.to_string())),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Exited),
        }
    }

    /// Reads lines until one whose first word is `word`, ignoring others.
    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<String, EngineError> {
        loop {
            let line = self.recv(deadline, &format!("'{word}'"))?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// `uci`/`usi` and the options the engine declares before its
    /// `uciok`/`usiok`.
    pub fn hello(&mut self, timeout: Duration) -> Result<Vec<Declared>, EngineError> {
        let (hello, ok) = match self.protocol {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Usi => ("usi", "usiok"),
        };
        self.send(hello)?;
        let deadline = Instant::now() + timeout;
        let mut declared = Vec::new();
        loop {
            let line = self.recv(deadline, &format!("'{ok}'"))?;
            match line.split_whitespace().next() {
                Some(w) if w == ok => return Ok(declared),
                Some("option") => declared.extend(Declared::parse(&line)),
                _ => {}
            }
        }
    }

    /// `uci`/`usi`, then the variant and the options, then `isready`.
    pub fn handshake(
        &mut self,
        variant: Variant,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<(), EngineError> {
        self.hello(timeout)?;
        if let Some(option) = variant_option(self.protocol, variant) {
            self.send(&format!("setoption name {option} value {variant}"))?;
        }
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync(timeout)
    }

    /// `isready` and wait for `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + timeout)?;
        Ok(())
    }

    /// `ucinewgame`/`usinewgame`, then `isready`.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        match self.protocol {
            Protocol::Uci => self.send("ucinewgame")?,
            Protocol::Usi => self.send("usinewgame")?,
        }
        self.sync(timeout)
    }

    /// Sends `position` and `go`, and waits for `bestmove` until
    /// `deadline`. Returns the reply and the time from `go` to `bestmove`.
    pub fn search(
        &mut self,
        position: &str,
        go: &str,
        wait: Duration,
    ) -> Result<(SearchReply, Duration), EngineError> {
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let deadline = start + wait;
        let mut score = None;
        loop {
            let line = self.recv(deadline, "'bestmove'")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let elapsed = start.elapsed();
                    let bestmove = words.next().unwrap_or("").to_string();
                    return Ok((SearchReply { bestmove, score }, elapsed));
                }
                Some("info") => {
                    if let Some(s) = parse_info_score(&line) {
                        score = Some(s);
                    }
                }
                _ => {}
            }
        }
    }

    /// Tells a USI engine the result from its point of view (UCI has no
    /// such command).
    pub fn game_over(&mut self, word: &str) -> Result<(), EngineError> {
        match self.protocol {
            Protocol::Usi => self.send(&format!("gameover {word}")),
            Protocol::Uci => Ok(()),
        }
    }

    /// Asks the engine to quit, waits briefly, then kills it.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills it.
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        // Let the readers log what the engine wrote last (a crashing
        // engine's message on stderr) before the log says it stopped and
        // before the runner exits: their threads are not joined otherwise.
        // A stdout reader blocked on a full backlog ends with the grace.
        let deadline = Instant::now() + READERS_GRACE;
        for _ in 0..self.readers {
            let left = deadline.saturating_duration_since(Instant::now());
            if self.readers_done.recv_timeout(left).is_err() {
                break;
            }
        }
        if let Some(l) = &self.log {
            l.line(&self.who, "*", "stopped");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_scores() {
        assert_eq!(
            parse_info_score("info depth 5 seldepth 7 score cp -34 nodes 100 pv e2e4"),
            Some(Score::Cp(-34))
        );
        assert_eq!(
            parse_info_score("info depth 9 score mate -3 pv a1a2"),
            Some(Score::Mate(-3))
        );
        assert_eq!(
            parse_info_score("info depth 0 score mate 0"),
            Some(Score::Mate(-1))
        );
        assert_eq!(
            parse_info_score("info depth 5 score cp 20 lowerbound"),
            Some(Score::Cp(20))
        );
        assert_eq!(parse_info_score("info string score cp 5"), None);
        assert_eq!(parse_info_score("info depth 3 nodes 10"), None);
        assert_eq!(parse_info_score("bestmove e2e4"), None);
        assert_eq!(parse_info_score("info score cp x"), None);
    }

    /// A protocol log in a fresh folder of the temporary directory:
    /// the folder, the log's path and the log.
    fn temp_log(name: &str) -> (std::path::PathBuf, std::path::PathBuf, Arc<Log>) {
        let dir = std::env::temp_dir().join(format!("triskelion-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log_path = dir.join(format!("{name}.log"));
        let log = Log::new(File::create(&log_path).unwrap());
        (dir, log_path, log)
    }

    /// A shell script as a UCI engine named `name`, logged to `log`.
    fn sh_engine(name: &str, script: &str, log: Arc<Log>) -> EngineProc {
        let spec = EngineSpec {
            name: name.into(),
            command: ["sh", "-c", script].map(String::from).to_vec(),
            options: vec![],
        };
        EngineProc::spawn(&spec, Protocol::Uci, Some(log), name.into()).unwrap()
    }

    /// Both lines are in the log text, `first` before `then`.
    fn assert_before(text: &str, first: &str, then: &str) {
        let a = text
            .find(first)
            .unwrap_or_else(|| panic!("no '{first}' in\n{text}"));
        let b = text
            .find(then)
            .unwrap_or_else(|| panic!("no '{then}' in\n{text}"));
        assert!(a < b, "'{first}' after '{then}' in\n{text}");
    }

    /// What an engine writes just before it ends (a crashing engine's
    /// last words on stderr) is in the log before its `stopped` line,
    /// even when the pipe is read after the process has gone: here a
    /// process it started writes 100 ms after the engine itself exited.
    #[test]
    fn last_words_are_logged_before_stopped() {
        let (dir, log_path, log) = temp_log("last");
        let mut e = sh_engine("late", "(sleep 0.1; echo last words >&2) & exit 3", log);
        let gone = Instant::now() + Duration::from_secs(30);
        while !matches!(e.child.try_wait(), Ok(Some(_))) {
            assert!(Instant::now() < gone, "sh did not exit");
            thread::sleep(Duration::from_millis(5));
        }
        drop(e);
        // Without the wait in drop the line would still come, after
        // `stopped`: wait for it so that the order is what is tested.
        let mut text = String::new();
        let seen = Instant::now() + Duration::from_secs(30);
        while !text.contains("late ! last words") && Instant::now() < seen {
            thread::sleep(Duration::from_millis(20));
            text = std::fs::read_to_string(&log_path).unwrap();
        }
        assert_before(&text, "late ! last words", "late * stopped");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `quit` gives the engine time to end by itself (up to 500 ms)
    /// before it is killed: here it says goodbye 100 ms after `quit`.
    #[test]
    fn quit_lets_the_engine_end_by_itself() {
        let (dir, log_path, log) = temp_log("quit");
        sh_engine("slow", "read line; sleep 0.1; echo bye >&2; exit 0", log).quit();
        let text = std::fs::read_to_string(&log_path).unwrap();
        assert_before(&text, "slow ! bye", "slow * stopped");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The USI side of the client against the scripted fake engine: the
    /// handshake with `USI_Variant`, `usinewgame`, a search with its score,
    /// `gameover`; then a crash is reported as `Exited`.
    #[test]
    fn usi_client_against_the_fake_engine() {
        let script = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fake_engines/fake_engine.py"
        );
        let (_, log_path, log) = temp_log("usi");
        let spec = EngineSpec {
            name: "fake".into(),
            command: [
                "python3",
                script,
                "--line",
                "7g7f:3c3d:2g2f",
                "--score",
                "-42",
            ]
            .map(String::from)
            .to_vec(),
            options: vec![("USI_Hash".into(), "16".into())],
        };
        let mut e = EngineProc::spawn(&spec, Protocol::Usi, Some(log), "fake".into()).unwrap();
        // Generous: a loaded machine starts the Python fake engine slowly
        // (10 s was once not enough under a full test run at nice 19).
        let t = Duration::from_secs(60);
        e.handshake(Variant::TrisShogi, &spec.options, t).unwrap();
        e.new_game(t).unwrap();
        let (reply, _) = e
            .search(
                "position startpos moves 7g7f 3c3d",
                "go btime 1000 wtime 1000 byoyomi 100",
                t,
            )
            .unwrap();
        assert_eq!(reply.bestmove, "2g2f");
        assert_eq!(reply.score, Some(Score::Cp(-42)));
        e.game_over("win").unwrap();
        e.quit();
        let text = std::fs::read_to_string(&log_path).unwrap();
        let sent: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once(" fake > ").map(|(_, c)| c))
            .collect();
        assert_eq!(
            sent,
            [
                "usi",
                "setoption name USI_Variant value trisshogi",
                "setoption name USI_Hash value 16",
                "isready",
                "usinewgame",
                "isready",
                "position startpos moves 7g7f 3c3d",
                "go btime 1000 wtime 1000 byoyomi 100",
                "gameover win",
                "quit"
            ]
        );
        assert!(
            text.contains("fake ! fake engine normal starting"),
            "{text}"
        );

        let crashy = EngineSpec {
            command: ["python3", script, "--line", "7g7f", "--mode", "crash"]
                .map(String::from)
                .to_vec(),
            ..spec
        };
        let mut c = EngineProc::spawn(&crashy, Protocol::Usi, None, "c".into()).unwrap();
        c.handshake(Variant::Shogi, &[], t).unwrap();
        let err = c.search("position startpos", "go depth 1", t).unwrap_err();
        assert_eq!(err, EngineError::Exited);
        let missing = EngineSpec {
            command: vec!["/nonexistent/engine".into()],
            ..crashy
        };
        assert!(matches!(
            EngineProc::spawn(&missing, Protocol::Uci, None, "m".into()),
            Err(EngineError::Spawn(_))
        ));
    }

    /// An engine that never reads its input cannot block the runner: 400 KB
    /// of commands (far past a pipe's buffer) are sent at once, and the
    /// read still times out at its deadline.
    #[test]
    fn writes_never_block_on_a_deaf_engine() {
        let spec = EngineSpec {
            name: "deaf".into(),
            command: ["sleep", "30"].map(String::from).to_vec(),
            options: vec![],
        };
        let mut e = EngineProc::spawn(&spec, Protocol::Uci, None, "deaf".into()).unwrap();
        let start = Instant::now();
        let long = format!("position startpos moves {}", "e2e4 ".repeat(800));
        for _ in 0..100 {
            e.send(&long).unwrap();
        }
        let err = e.sync(Duration::from_millis(200)).unwrap_err();
        assert_eq!(err, EngineError::Timeout("'readyok'".into()));
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        drop(e);
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    /// An engine that floods its output (`yes`) still times out on time.
    #[test]
    fn a_flooding_engine_times_out() {
        let spec = EngineSpec {
            name: "flood".into(),
            command: ["yes", "garbage garbage garbage"]
                .map(String::from)
                .to_vec(),
            options: vec![],
        };
        let mut e = EngineProc::spawn(&spec, Protocol::Uci, None, "flood".into()).unwrap();
        let start = Instant::now();
        let err = e.handshake(Variant::Chess, &[], Duration::from_millis(300));
        assert_eq!(err, Err(EngineError::Timeout("'uciok'".into())));
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn option_declarations_are_read_with_spaces_and_values() {
        let d = |n: &str, v: &[&str]| Declared {
            name: n.into(),
            vars: v.iter().map(|s| s.to_string()).collect(),
        };
        let parse = Declared::parse;
        assert_eq!(
            parse("option name Move Overhead type spin default 30 min 0 max 5000"),
            Some(d("Move Overhead", &[]))
        );
        assert_eq!(
            parse("option  name USI_Variant type combo default shogi var shogi var mini shogi"),
            Some(d("USI_Variant", &["shogi", "mini shogi"]))
        );
        assert_eq!(
            parse("option name Clear Hash type button"),
            Some(d("Clear Hash", &[]))
        );
        assert_eq!(
            parse("option name Max var Depth type spin default 1 min 1 max 9"),
            Some(d("Max var Depth", &[]))
        );
        for bad in [
            "option",
            "option name",
            "option name type spin",
            "option type spin",
            "id name x",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn options_a_match_sends_must_be_declared() {
        let fairy = [
            Declared::parse("option name Move Overhead type spin default 30 min 0 max 5000")
                .unwrap(),
            Declared::parse("option name UCI_Variant type combo default chess var chess var shogi")
                .unwrap(),
        ];
        let opt = |n: &str| vec![(n.to_string(), "1".to_string())];
        let check = |p, v, o: &[(String, String)]| check_declared(p, v, &fairy, o);
        assert_eq!(
            check(Protocol::Uci, Variant::Chess, &opt("move overhead")),
            Ok(())
        );
        assert_eq!(
            check(Protocol::Usi, Variant::Shogi, &opt("Move_Overhead")),
            Err(
                "declares no option 'Move_Overhead' (it declares: Move Overhead, UCI_Variant)"
                    .into()
            )
        );
        // USI_Hash and USI_Ponder go to every USI engine, declared or not.
        assert_eq!(
            check(Protocol::Usi, Variant::Shogi, &opt("USI_Hash")),
            Ok(())
        );
        assert_eq!(
            check(Protocol::Usi, Variant::Shogi, &opt("usi_ponder")),
            Ok(())
        );
        assert!(check(Protocol::Uci, Variant::Chess, &opt("USI_Hash")).is_err());
        // A Tris variant needs the protocol's variant option offering it.
        assert_eq!(
            check(Protocol::Uci, Variant::MengChess, &[]),
            Err("cannot play mengchess: its UCI_Variant does not offer it".into())
        );
        assert_eq!(
            check(Protocol::Usi, Variant::TrisShogi, &[]),
            Err("cannot play trisshogi: it declares no USI_Variant option".into())
        );
        let ours = [Declared::parse(
            "option name UCI_Variant type combo default chess var chess var mengchess",
        )
        .unwrap()];
        assert_eq!(
            check_declared(Protocol::Uci, Variant::MengChess, &ours, &[]),
            Ok(())
        );
        assert_eq!(
            check_declared(Protocol::Usi, Variant::Shogi, &[], &[]),
            Ok(()),
            "plain games need no declaration"
        );
        assert_eq!(
            check_declared(Protocol::Uci, Variant::Chess, &[], &opt("Hash")),
            Err("declares no option 'Hash' (it declares: none)".into())
        );
    }

    #[test]
    fn long_lines_are_cut_and_bad_bytes_replaced() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nbestmove \xffe2e4\r\nlast");
        let mut got = Vec::new();
        read_lines(&input[..], |l| {
            got.push(l);
            true
        });
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].len(), MAX_LINE);
        assert_eq!(got[1], "bestmove \u{fffd}e2e4");
        assert_eq!(got[2], "last");
    }
}
