//! Ctrl-C in a long run (`balance`, `experiment`, `ladder`, `merge`, `crt`): the run stops
//! cleanly, prints one line and exits with code 130, leaving no new file and no temporary
//! one (every output is written under a temporary name and renamed only when complete:
//! `engine::write::WholeFile`).
//!
//! [`install`] sets a handler that raises a flag. While games are being played
//! (`runner::run_range` holds a [`Watch`]), the loops check it between games ([`check`]) and
//! unwind with [`SimError::Interrupted`], dropping the writers uncommitted, so their
//! temporary files go; `main` prints the line. A loop still inside a game after [`GRACE`]
//! (an MCTS game takes minutes), any other moment (writing the results, computing exact
//! odds), or a second Ctrl-C: the handler itself removes the temporary files and exits.

use super::play::SimError;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The exit code of an interrupted run: 128 + SIGINT, as a shell reports a run Ctrl-C
/// killed.
pub const EXIT_CODE: u8 = 130;

/// The line an interrupted run prints (also `SimError::Interrupted`'s message).
pub const LINE: &str = "interrupted: no file written";

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// A game loop saw the flag and is unwinding with `SimError::Interrupted`.
static SEEN: AtomicBool = AtomicBool::new(false);
/// Game loops running.
static WATCHING: AtomicUsize = AtomicUsize::new(0);

/// Sets the Ctrl-C handler (once; later calls do nothing). Without it (another handler is
/// already set, as a library user may have done), Ctrl-C keeps its own behaviour.
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(on_interrupt);
    });
}

/// The line `play` prints when Ctrl-C stops it while the bot thinks.
pub const PLAY_LINE: &str =
    "interrupted while the bot was thinking: the game stops here (`save FILE` at the prompt \
     keeps a game; Ctrl-C at the prompt only drops the line typed)";

/// `play` in the terminal: Ctrl-C while the bot thinks stops the game with one line and
/// [`EXIT_CODE`] (trial 15a F5: the signal killed it without a word). At the prompt the line
/// editor reads the key itself, so this handler does not see it there.
pub fn install_for_play() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            crate::engine::write::exit_removing_temporaries(i32::from(EXIT_CODE), &|_| {
                PLAY_LINE.to_string()
            })
        });
    });
}

/// How long the game loops have to wind down after Ctrl-C before the handler stops the run
/// itself: a game in progress (an MCTS bot's, minutes long) is not waited for.
const GRACE: std::time::Duration = std::time::Duration::from_millis(500);

fn on_interrupt() {
    let again = INTERRUPTED.swap(true, Ordering::SeqCst);
    if again || WATCHING.load(Ordering::SeqCst) == 0 {
        exit_now();
    }
    // The handler runs on its own thread: wait here for the loops to stop at a check.
    let start = std::time::Instant::now();
    while WATCHING.load(Ordering::SeqCst) > 0 {
        if start.elapsed() > GRACE {
            exit_now();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Removes the temporary files and exits with the line and [`EXIT_CODE`].
fn exit_now() -> ! {
    let line = |committed: bool| {
        if committed {
            // Files renamed into place before the interrupt are whole; none came after.
            "interrupted: no further file written".to_string()
        } else {
            LINE.to_string()
        }
    };
    crate::engine::write::exit_removing_temporaries(i32::from(EXIT_CODE), &line)
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Between games: `Err(SimError::Interrupted)` once Ctrl-C was pressed.
pub fn check() -> Result<(), SimError> {
    if INTERRUPTED.load(Ordering::Relaxed) {
        SEEN.store(true, Ordering::SeqCst);
        return Err(SimError::Interrupted);
    }
    Ok(())
}

/// Held while a loop plays games and [`check`]s between them: Ctrl-C then only raises the
/// flag, and the loop stops at its next check.
pub struct Watch(());

impl Watch {
    pub fn start() -> Watch {
        WATCHING.fetch_add(1, Ordering::SeqCst);
        Watch(())
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        WATCHING.fetch_sub(1, Ordering::SeqCst);
        // Ctrl-C came after the loop's last check: no error carries it out, so stop here.
        if INTERRUPTED.load(Ordering::SeqCst) && !SEEN.load(Ordering::SeqCst) {
            exit_now();
        }
    }
}
