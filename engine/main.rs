//! The `triskelion` binary.

use std::process::ExitCode;

use triskelion::cli;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => cli::perft(&args[1..]),
        Some("bench") => cli::bench(&args[1..]),
        Some("analyze") => triskelion::analyze::analyze(&args[1..]),
        Some("tune-shogi") => cli::tune_shogi(&args[1..]),
        Some("tune-chess") => cli::tune_chess(&args[1..]),
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
