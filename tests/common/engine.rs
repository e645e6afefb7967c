//! Drives the `triskelion` binary over pipes as a GUI does: send lines,
//! wait for answers with deadlines, and keep everything it printed.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Runs the binary once with command-line `args` and waits for it: the
/// exit code, stdout and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_triskelion"))
        .args(args)
        .output()
        .expect("run triskelion");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, Vec<u8>)>,
    /// Every line the engine printed so far (raw bytes).
    pub log: Vec<Vec<u8>>,
}

/// A long deadline for answers that depend only on the engine being alive
/// (generous: the tests share two cores with other builds).
pub const PATIENCE: Duration = Duration::from_secs(30);

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_triskelion"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start triskelion");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                            buf.pop();
                        }
                        if tx.send((Instant::now(), buf)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        writeln!(stdin, "{line}").expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line within `timeout`, with its arrival time.
    pub fn next_line(&mut self, timeout: Duration) -> Option<(Instant, String)> {
        match self.lines.recv_timeout(timeout) {
            Ok((t, bytes)) => {
                self.log.push(bytes.clone());
                Some((t, String::from_utf8(bytes).expect("engine output is UTF-8")))
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that starts with `prefix`;
    /// panics after `timeout`.
    pub fn expect(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        self.expect_timed(prefix, timeout).0
    }

    /// Like [`Engine::expect`], also giving the arrival time of the match.
    pub fn expect_timed(&mut self, prefix: &str, timeout: Duration) -> (Vec<String>, Instant) {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some((t, line)) => {
                    let hit = line.starts_with(prefix);
                    seen.push(line);
                    if hit {
                        return (seen, t);
                    }
                }
                None => {
                    panic!("no line starting with '{prefix}' within {timeout:?}; got {seen:#?}")
                }
            }
        }
    }

    /// Every line that arrives within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut seen = Vec::new();
        while let Some((_, l)) = self.next_line(deadline.saturating_duration_since(Instant::now()))
        {
            seen.push(l);
        }
        seen
    }

    /// Sends `isready` and returns what came before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.expect("readyok", PATIENCE);
        lines.pop();
        lines
    }

    /// Waits for the process to exit; true if it did within `timeout`.
    pub fn exits_within(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                // Collect what it printed before exiting.
                while self.next_line(Duration::from_millis(100)).is_some() {}
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    /// Every byte printed so far is ASCII.
    pub fn assert_ascii(&self) {
        for l in &self.log {
            assert!(
                l.is_ascii(),
                "non-ASCII output: {:?}",
                String::from_utf8_lossy(l)
            );
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether any of `lines` is a `bestmove`.
pub fn any_bestmove(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("bestmove"))
}

/// The move of a `bestmove` line and its optional ponder move.
pub fn bestmove(line: &str) -> (String, Option<String>) {
    let t: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(t[0], "bestmove", "{line}");
    let ponder = match t.get(2) {
        Some(&"ponder") => Some(t[3].to_string()),
        _ => None,
    };
    (t[1].to_string(), ponder)
}

/// The value after `key` in an `info` line.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let t: Vec<&str> = line.split_whitespace().collect();
    t.iter()
        .position(|&w| w == key)
        .and_then(|i| t.get(i + 1).copied())
}
