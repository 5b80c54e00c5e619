//! `judge`: everything it does is in the library's `cli` (`judge::cli::main`).

fn main() -> std::process::ExitCode {
    judge::cli::main()
}
