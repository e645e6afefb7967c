//! One game between two engines, refereed move by move.

use std::sync::Arc;
use std::time::Duration;

use movegen::Variant;

use super::clock::{Clock, TimeControl};
use super::engine_proc::{EngineError, EngineProc, EngineSpec, Log, Protocol};
use super::openings::Opening;
use super::referee::{Adjudication, Adjudicator, GameEnd, GameResult, Rules, Side, Termination};

/// How long past its allowance a `bestmove` is still awaited.
pub const LATE_GRACE: Duration = Duration::from_millis(500);

/// An engine's place in a worker: its spec and, while it is healthy, its
/// running process, kept between games.
pub struct Seat {
    pub spec: EngineSpec,
    proc: Option<EngineProc>,
    /// A label for the log: worker and engine.
    label: String,
    starts: usize,
}

impl Seat {
    pub fn new(spec: EngineSpec, label: String) -> Seat {
        Seat {
            spec,
            proc: None,
            label,
            starts: 0,
        }
    }

    /// The running engine, started and handshaken if needed.
    fn ready(&mut self, cfg: &GameConfig) -> Result<&mut EngineProc, EngineError> {
        if self.proc.is_none() {
            self.starts += 1;
            let who = format!("{}[{}.{}]", self.spec.name, self.label, self.starts);
            let mut p = EngineProc::spawn(&self.spec, cfg.protocol, cfg.log.clone(), who)?;
            p.handshake(cfg.variant, &self.spec.options, cfg.init_timeout)?;
            self.proc = Some(p);
        }
        Ok(self.proc.as_mut().expect("just started"))
    }

    /// Stops the process (killing it if it does not quit); the next game
    /// starts a fresh one.
    pub fn discard(&mut self) {
        self.proc = None;
    }

    /// Quits the engine politely at the end of the match.
    pub fn close(&mut self) {
        if let Some(p) = self.proc.take() {
            p.quit();
        }
    }
}

/// What every game of a match shares.
#[derive(Clone)]
pub struct GameConfig {
    pub variant: Variant,
    pub protocol: Protocol,
    pub tc: TimeControl,
    pub margin_ms: u64,
    pub wait_limit: Duration,
    pub init_timeout: Duration,
    pub adjudication: Adjudication,
    pub log: Option<Arc<Log>>,
}

/// A finished game: all moves from the opening's root, and how it ended.
#[derive(Debug, Clone)]
pub struct Played {
    pub moves: Vec<String>,
    pub end: GameEnd,
}

fn position_command<G: Rules>(opening: &Opening, moves: &[String]) -> String {
    let mut s = match &opening.fen {
        Some(f) => format!("position {} {f}", G::position_keyword()),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        s.push_str(" moves ");
        s.push_str(&moves.join(" "));
    }
    s
}

/// The end when `side`'s engine failed: a time forfeit for a missing
/// answer, otherwise an abandoned game.
fn failure(side: Side, name: &str, err: &EngineError, when: &str) -> GameEnd {
    let termination = match err {
        EngineError::Timeout(_) => Termination::TimeForfeit,
        _ => Termination::Abandoned,
    };
    GameEnd::loss(side, termination, format!("{name} {err} {when}"))
}

/// Plays one game; `seats[0]` moves first. Engines that failed are
/// discarded from their seats so that the next game restarts them.
pub fn play<G: Rules>(cfg: &GameConfig, opening: &Opening, seats: [&mut Seat; 2]) -> Played {
    let mut history = G::start(opening.root::<G>(cfg.variant));
    let mut moves = Vec::new();
    for m in &opening.moves {
        let mv = G::current(&history)
            .parse_move(m)
            .expect("openings are validated");
        G::push(&mut history, mv);
        moves.push(m.clone());
    }
    let [first, second] = seats;
    let mut seats = [first, second];
    let end = run::<G>(cfg, opening, &mut seats, &mut history, &mut moves);
    for (i, seat) in seats.iter_mut().enumerate() {
        let side = if i == 0 { Side::First } else { Side::Second };
        if let Some(p) = seat.proc.as_mut() {
            let word = match end.result {
                GameResult::Draw => "draw",
                GameResult::Win(w) if w == side => "win",
                GameResult::Win(_) => "lose",
            };
            if p.game_over(word).is_err() {
                seat.discard();
            }
        }
    }
    Played { moves, end }
}

fn run<G: Rules>(
    cfg: &GameConfig,
    opening: &Opening,
    seats: &mut [&mut Seat; 2],
    history: &mut G::History,
    moves: &mut Vec<String>,
) -> GameEnd {
    if let Some(end) = G::game_end(history) {
        return end;
    }
    for side in [Side::First, Side::Second] {
        let seat = &mut *seats[side.index()];
        let result = seat.ready(cfg).and_then(|p| p.new_game(cfg.init_timeout));
        if let Err(e) = result {
            seat.discard();
            let name = seat.spec.name.clone();
            let mut end = failure(side, &name, &e, "at the start of the game");
            // Not answering before the first move is not a time forfeit.
            end.termination = Termination::Abandoned;
            return end;
        }
    }
    let mut clock = Clock::new(cfg.tc, cfg.margin_ms);
    let mut adjudicator = Adjudicator::new(cfg.adjudication);
    let mut plies = moves.len() as u32;
    loop {
        let pos = G::current(history);
        let side = G::side_to_move(pos);
        let seat = &mut *seats[side.index()];
        let name = seat.spec.name.clone();
        let Some(engine) = seat.proc.as_mut() else {
            unreachable!("both engines are ready");
        };
        // A late answer within the grace is still read and charged (a time
        // forfeit with its overdraw, the engine kept); after it the engine
        // counts as hung and is killed.
        let wait = clock
            .allowance(side)
            .map_or(cfg.wait_limit, |a| a + LATE_GRACE);
        let go = clock.go_command(cfg.protocol, side);
        let reply = engine.search(&position_command::<G>(opening, moves), &go, wait);
        let (reply, elapsed) = match reply {
            Ok(r) => r,
            Err(e) => {
                seat.discard();
                let when = format!("after {} plies", moves.len());
                return failure(side, &name, &e, &when);
            }
        };
        if let Err(over) = clock.charge(side, elapsed) {
            let text = format!("{name} loses on time ({over} ms over)");
            if !G::can_win(pos, side.other()) {
                return GameEnd::new(
                    GameResult::Draw,
                    Termination::TimeForfeit,
                    format!("{text}, but the opponent cannot mate: draw"),
                );
            }
            return GameEnd::loss(side, Termination::TimeForfeit, text);
        }
        let text = reply.bestmove;
        if let Some(end) = G::declaration(history, &text) {
            return end;
        }
        if cfg.protocol == Protocol::Usi && text == "resign" {
            return GameEnd::loss(side, Termination::Normal, format!("{name} resigns"));
        }
        let mv = match pos.parse_move(&text) {
            Ok(mv) => mv,
            Err(e) => {
                // Its idea of the game differs from the referee's: start it
                // afresh for the next game.
                seat.discard();
                return GameEnd::loss(
                    side,
                    Termination::RulesInfraction,
                    format!(
                        "{name} makes an illegal move: {e}, in position {}",
                        pos.to_fen()
                    ),
                );
            }
        };
        moves.push(mv.to_string());
        G::push(history, mv);
        plies += 1;
        if let Some(end) = G::game_end(history) {
            return end;
        }
        if let Some(end) = adjudicator.after_move(side, reply.score, plies) {
            return end;
        }
    }
}
