//! Every text file Sandtable reads whole (game data, saves, bot presets, experiment specs)
//! is read here, with a size limit: a path such as `/dev/zero` or a huge file handed by
//! mistake is refused in one line instead of filling the memory.

use std::io::Read as _;
use std::path::Path;

/// The largest text file read whole: far above any data file, save or spec Sandtable
/// writes or ships (the largest are tens of kilobytes).
pub const MOST_BYTES: u64 = 16 << 20;

/// The file at `path` as UTF-8 text, if it is at most [`MOST_BYTES`] long. A folder, a
/// named pipe or a socket is refused before it is opened ([`check_file`]).
pub fn read_text(path: &Path) -> std::io::Result<String> {
    check_file(path)?;
    remember(path);
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(MOST_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {} MiB, so not a file Sandtable reads",
            MOST_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (a byte that is not, at byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The files this process has read (their canonical paths): a run's output is never written
/// over one of its inputs (`engine::write`), as `crt --data x --out x` once did.
static READ: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());

fn remember(path: &Path) {
    if let Ok(p) = std::fs::canonicalize(path) {
        let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
        if !read.contains(&p) {
            read.push(p);
        }
    }
}

/// Whether `path` is a file this process has read.
pub fn was_read(path: &Path) -> bool {
    let Ok(p) = std::fs::canonicalize(path) else {
        return false;
    };
    READ.lock().unwrap_or_else(|e| e.into_inner()).contains(&p)
}

/// Refuses a folder, a named pipe or a socket at `path` (or a path that cannot be looked up)
/// before anything opens it: opening a pipe waits for the other end, so a run handed one by
/// mistake would hang.
pub fn check_file(path: &Path) -> std::io::Result<()> {
    let kind = std::fs::metadata(path)?.file_type();
    if kind.is_dir() {
        return Err(std::io::Error::other("a folder, not a file"));
    }
    if is_pipe_or_socket(kind) {
        return Err(std::io::Error::other(
            "a named pipe or a socket, not a file (Sandtable reads and saves files whole)",
        ));
    }
    Ok(())
}

#[cfg(unix)]
pub(crate) fn is_pipe_or_socket(kind: std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_fifo() || kind.is_socket()
}

#[cfg(not(unix))]
pub(crate) fn is_pipe_or_socket(_: std::fs::FileType) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file over the limit, or an endless one, is refused with the reason; text up to it
    /// reads whole; bytes that are not UTF-8 say where.
    #[test]
    fn a_file_too_long_or_not_text_is_refused_in_words() {
        let dir = std::env::temp_dir().join(format!("sandtable-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let small = dir.join("small.toml");
        std::fs::write(&small, "a = 1\n").unwrap();
        assert_eq!(read_text(&small).unwrap(), "a = 1\n");
        let endless = read_text(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(endless.contains("larger than 16 MiB"), "{endless}");
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, b"a = \"\xff\"\n").unwrap();
        let e = read_text(&bad).unwrap_err().to_string();
        assert!(e.contains("not UTF-8") && e.contains("byte 5"), "{e}");
        let folder = read_text(&dir).unwrap_err().to_string();
        assert_eq!(folder, "a folder, not a file");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A named pipe is refused at once, not opened (which would wait for a writer forever).
    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_without_waiting() {
        let dir = std::env::temp_dir().join(format!("sandtable-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("map.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(
            made.is_ok_and(|s| s.success()),
            "mkfifo (coreutils) makes the pipe"
        );
        let e = read_text(&fifo).unwrap_err().to_string();
        assert!(e.contains("a named pipe or a socket, not a file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
