//! The progress bar of long runs: on stderr so stdout stays clean numbers, and hidden when
//! stderr is not a terminal so logs and CI output are not filled with redraws.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressStyle};
use std::io::IsTerminal;

/// A bar counting `n` games, drawn on stderr only if stderr is a terminal. Dropped unfinished
/// (a failed or interrupted run), it is cleared, so the error is the only line left.
pub fn games_bar(n: u64) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(n), target).with_finish(ProgressFinish::AndClear);
    bar.set_style(style());
    bar
}

fn style() -> ProgressStyle {
    ProgressStyle::with_template(
        "[{elapsed_precise}] {wide_bar} {pos}/{len} games ({rate} games/s, eta {eta})",
    )
    .expect("the template is a valid constant")
    // indicatif's own {per_sec} prints "17.9854/s": whole games a second read better.
    .with_key(
        "rate",
        |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0}", state.per_sec());
        },
    )
}

/// A spinner on stderr for a wait of unknown length (the bot or `hint` thinking): shown only
/// if the wait passes half a second, and only when stderr is a terminal. Call
/// `finish_and_clear` when done.
pub fn thinking(message: String) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .expect("the template is a valid constant"),
    );
    bar.set_message(message);
    if std::io::stderr().is_terminal() {
        let shown = bar.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(500));
            if !shown.is_finished() {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(std::time::Duration::from_millis(100));
            }
        });
    }
    bar
}

#[cfg(test)]
mod tests {
    #[test]
    fn template_parses() {
        let _ = super::style();
    }
}
