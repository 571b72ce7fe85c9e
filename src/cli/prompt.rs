//! The play prompt: line editing and history (rustyline) when stdin is a terminal, plain
//! lines otherwise (a script, a test, a pipe), so both read the same commands.

use std::io::{BufRead, Write};

/// What the person typed at the prompt.
pub enum Typed {
    Line(String),
    /// Ctrl-C at a terminal's prompt: the line is dropped, the game goes on.
    Interrupted,
    /// The end of input (Ctrl-D, the end of a script).
    End,
}

/// Where the person's lines come from.
pub trait Prompt {
    /// Shows `prompt` and reads one line.
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> Typed;
}

/// Lines from any reader, the prompt written to the output.
pub struct Plain<R: BufRead>(pub R);

impl<R: BufRead> Prompt for Plain<R> {
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> Typed {
        let _ = write!(out, "{prompt}");
        let _ = out.flush();
        // Bytes, not text: a line that is not UTF-8 is an unknown command, not the end.
        let mut line = Vec::new();
        match self.0.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => Typed::End,
            Ok(_) => Typed::Line(String::from_utf8_lossy(&line).into_owned()),
        }
    }
}

/// A terminal: arrow keys, editing and history of the lines typed this game.
pub struct Editor(rustyline::DefaultEditor);

impl Editor {
    /// An editor, when stdin and stdout are a terminal that rustyline can drive.
    pub fn for_terminal() -> Option<Editor> {
        use std::io::IsTerminal;
        if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
            return None;
        }
        rustyline::DefaultEditor::new().ok().map(Editor)
    }
}

impl Prompt for Editor {
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> Typed {
        let _ = out.flush();
        match self.0.readline(prompt) {
            Ok(line) => {
                let _ = self.0.add_history_entry(line.as_str());
                Typed::Line(line)
            }
            Err(rustyline::error::ReadlineError::Interrupted) => Typed::Interrupted,
            Err(_) => Typed::End,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line that is not UTF-8 is a line (an unknown command), not the end of the input:
    /// the lines after it are still read.
    #[test]
    fn a_line_that_is_not_utf8_does_not_end_the_input() {
        let mut prompt = Plain(&b"caf\xe9\n1\n"[..]);
        let mut out = Vec::new();
        let mut next = || match prompt.line("> ", &mut out) {
            Typed::Line(l) => Some(l),
            _ => None,
        };
        assert_eq!(next().as_deref(), Some("caf\u{FFFD}\n"));
        assert_eq!(next().as_deref(), Some("1\n"));
        assert_eq!(next(), None);
    }
}
