//! The `triskelion` binary.

use std::process::ExitCode;

use triskelion::cli;

/// A closed standard output (`triskelion bench | head -1`, a GUI that went
/// away) makes `println!` panic, as Rust ignores SIGPIPE: end quietly
/// instead of printing a panic message; every other panic is reported as
/// before.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.contains("failed printing to stdout") && msg.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => cli::perft(&args[1..]),
        Some("bench") => cli::bench(&args[1..]),
        Some("analyze") => triskelion::analyze::analyze(&args[1..]),
        Some("tune-shogi") => cli::tune_shogi(&args[1..]),
        Some("tune-chess") => cli::tune_chess(&args[1..]),
        Some("train-nnue") => cli::train_nnue(&args[1..]),
        Some("gen-data") => triskelion::gen_data::gen_data(&args[1..]),
        Some("match") => triskelion::arena::run(&args[1..]).map_err(cli::CliError),
        Some("help" | "--help" | "-h") => {
            println!("{}", cli::USAGE);
            Ok(())
        }
        Some("--variant") => cli::protocol_mode(&args),
        Some(other) => Err(cli::CliError(format!(
            "unknown command '{other}'\n{}",
            cli::USAGE
        ))),
        None => {
            protocol::run_stdio(None);
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::CliError(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
