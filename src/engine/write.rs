//! Every file Sandtable writes goes through here: the bytes go to a temporary name beside the
//! file and are renamed over it once complete, so a failed or interrupted run leaves the old
//! file (or none), never a partial one. Temporary names in use are registered, so an
//! interrupt that cannot wait for the run to unwind removes them before the process exits
//! ([`exit_removing_temporaries`]).

use std::path::Path;

/// The temporary names in use, oldest first: (path, whether it is a folder made for outputs).
static PENDING: std::sync::Mutex<Vec<(std::path::PathBuf, bool)>> =
    std::sync::Mutex::new(Vec::new());

/// Whether any file was renamed into place in this process.
static COMMITTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn pending() -> std::sync::MutexGuard<'static, Vec<(std::path::PathBuf, bool)>> {
    PENDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn unregister(list: &mut Vec<(std::path::PathBuf, bool)>, path: &Path) {
    if let Some(i) = list.iter().rposition(|(p, _)| p == path) {
        list.remove(i);
    }
}

/// Removes every temporary file in use, and every folder made for outputs that is still
/// empty, then prints `line(any file was written)` on stderr and exits with `code`. For an
/// interrupt (Ctrl-C) that no game loop is there to notice: no new temporary file can be
/// made, nor any renamed into place, once it has begun.
pub fn exit_removing_temporaries(code: i32, line: &dyn Fn(bool) -> String) -> ! {
    let list = pending();
    // Newest first: the files in a folder before the folder.
    for (path, folder) in list.iter().rev() {
        let _ = if *folder {
            std::fs::remove_dir(path)
        } else {
            std::fs::remove_file(path)
        };
    }
    let committed = COMMITTED.load(std::sync::atomic::Ordering::SeqCst);
    crate::stderr_line!("{}", line(committed));
    std::process::exit(code)
}

/// A registered temporary name: removed when dropped, unless renamed into place.
struct Temp {
    path: std::path::PathBuf,
    folder: bool,
    done: bool,
}

impl Temp {
    /// Creates (or truncates) the file `path` under the registry's lock, and registers it.
    fn create_file(path: std::path::PathBuf) -> std::io::Result<(Temp, std::fs::File)> {
        let mut list = pending();
        // Every file is first made under a temporary name beside its final one: a folder where
        // no new file can be made (`/proc`, a missing one) is the reason, whatever the name.
        let file = std::fs::File::create(&path).map_err(|e| {
            let folder = folder_of(&path).display();
            std::io::Error::new(e.kind(), format!("cannot make a new file in {folder}: {e}"))
        })?;
        list.push((path.clone(), false));
        Ok((
            Temp {
                path,
                folder: false,
                done: false,
            },
            file,
        ))
    }

    /// Renames the file to `to`; `list` is the registry, locked by the caller.
    fn rename_locked(
        &mut self,
        to: &Path,
        list: &mut Vec<(std::path::PathBuf, bool)>,
    ) -> std::io::Result<()> {
        std::fs::rename(&self.path, to)?;
        unregister(list, &self.path);
        self.done = true;
        COMMITTED.store(true, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let mut list = pending();
        // A folder goes only if empty: one holding files written whole stays.
        let _ = if self.folder {
            std::fs::remove_dir(&self.path)
        } else {
            std::fs::remove_file(&self.path)
        };
        unregister(&mut list, &self.path);
    }
}

/// `path`'s folder ("." for a bare file name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// The longest file name the file systems Sandtable writes to take, in bytes (NAME_MAX).
const NAME_MAX: usize = 255;

/// A temporary name beside `path`: `.NAME.PID.suffix`, NAME cut short where the whole would
/// pass the file system's limit (trial 23b F1: a 246-byte name was refused as too long).
fn temp_name(path: &Path, suffix: &str) -> std::io::Result<std::path::PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let name = name.to_string_lossy();
    let tail = format!(".{}.{suffix}", std::process::id());
    let mut room = NAME_MAX.saturating_sub(1 + tail.len()).min(name.len());
    while !name.is_char_boundary(room) {
        room -= 1;
    }
    Ok(folder_of(path).join(format!(".{}{tail}", &name[..room])))
}

/// Where writing to `path` lands: a symbolic link's target (the link stays a link). A loop
/// of links is an error, not a link to write over.
fn resolve(path: &Path) -> std::io::Result<std::path::PathBuf> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(target) => Ok(target),
            // A link whose target does not exist yet names where the file is to be made.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let target = match std::fs::read_link(path) {
                    Ok(target) => folder_of(path).join(target),
                    Err(_) => return Ok(path.to_path_buf()),
                };
                // Trial 17a F15: say it is the link's target that cannot be made.
                if !folder_of(&target).is_dir() {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        format!(
                            "it is a link to {}, whose folder does not exist",
                            target.display()
                        ),
                    ));
                }
                Ok(target)
            }
            Err(e) => Err(e),
        },
        _ => Ok(path.to_path_buf()),
    }
}

/// Refuses a named pipe or a socket at `path` (or where its links lead) before anything opens
/// it: opening a pipe waits for its other end, so an output handed one would hang (trial 13a
/// F3). A device such as `/dev/null`, or a process's own stdout through `/dev/stdout`, is
/// still written in place.
pub fn refuse_named_pipe(path: &Path) -> std::io::Result<()> {
    let target = resolve(path)?;
    match std::fs::symlink_metadata(&target) {
        Ok(m) if super::read::is_pipe_or_socket(m.file_type()) => Err(std::io::Error::other(
            "a named pipe or a socket, not a file (Sandtable writes files whole)",
        )),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` whole or not at all: into a temporary file beside it, then
/// renamed over it, so an interrupted or failed write leaves the old file (or none).
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut file = WholeFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// `write_whole` that may replace a file this process has read: a saved game saved again
/// over the save it was loaded from.
pub fn rewrite_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut file = WholeFile::open(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A file written as a stream, whole or not at all: the bytes go to a temporary file beside
/// `path`, which [`commit`](WholeFile::commit) renames over it. Dropped without a commit (an
/// error on the way, an interrupt), the temporary file is removed and `path` is left as it
/// was. A `path` that is not a regular file (`/dev/null`, a pipe) cannot be replaced by a
/// rename: it is written in place.
pub struct WholeFile {
    path: std::path::PathBuf,
    /// `None`: written in place.
    temp: Option<Temp>,
    file: Option<std::io::BufWriter<std::fs::File>>,
}

impl WholeFile {
    /// A new file at `path`; refused when `path` is one of the files this process has read
    /// (a run's input is never replaced by its output).
    pub fn create(path: &Path) -> std::io::Result<WholeFile> {
        if super::read::was_read(path) {
            return Err(std::io::Error::other(
                "it is one of this run's input files; write the output elsewhere",
            ));
        }
        WholeFile::open(path)
    }

    fn open(path: &Path) -> std::io::Result<WholeFile> {
        refuse_named_pipe(path)?;
        let target = resolve(path)?;
        if let Ok(meta) = std::fs::metadata(&target) {
            if meta.is_dir() {
                return Err(std::io::Error::other("is a folder, not a file"));
            }
            if !meta.is_file() {
                let file = std::fs::OpenOptions::new().write(true).open(&target)?;
                return Ok(WholeFile {
                    path: target,
                    temp: None,
                    file: Some(std::io::BufWriter::new(file)),
                });
            }
        }
        let (temp, file) = Temp::create_file(temp_name(&target, "tmp")?)?;
        Ok(WholeFile {
            path: target,
            temp: Some(temp),
            file: Some(std::io::BufWriter::new(file)),
        })
    }

    /// Flushes and syncs the bytes under the temporary name: all that is left is the rename
    /// ([`Ready::commit`], or with other files [`WholeSet`]).
    pub fn finish(mut self) -> std::io::Result<Ready> {
        let file = self.file.take().expect("a WholeFile is finished once");
        let file = file.into_inner().map_err(|e| e.into_error())?;
        if self.temp.is_some() {
            file.sync_all()?;
        }
        Ok(Ready {
            path: std::mem::take(&mut self.path),
            temp: self.temp.take(),
        })
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(self) -> std::io::Result<()> {
        self.finish()?.commit()
    }
}

impl std::io::Write for WholeFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.as_mut().expect("not committed").write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().expect("not committed").flush()
    }
}

impl Drop for WholeFile {
    fn drop(&mut self) {
        // Not committed: the bytes still buffered are dropped unwritten, and the temporary
        // file (the `temp` field, dropped next) removed; `path` is left as it was.
        if let Some(file) = self.file.take() {
            drop(file.into_parts());
        }
    }
}

/// A file written in full under its temporary name, waiting to be renamed into place;
/// dropped, it is removed.
pub struct Ready {
    path: std::path::PathBuf,
    temp: Option<Temp>,
}

impl Ready {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Renames the file into place.
    pub fn commit(mut self) -> std::io::Result<()> {
        let mut list = pending();
        self.rename_locked(&mut list)
    }

    fn rename_locked(&mut self, list: &mut Vec<(std::path::PathBuf, bool)>) -> std::io::Result<()> {
        match self.temp.as_mut() {
            Some(temp) => temp.rename_locked(&self.path, list),
            None => Ok(()),
        }
    }
}

/// Files written together, whole or none of them: each is written in full under its
/// temporary name first, and only then are they all renamed into place. Dropped without a
/// commit, none is.
#[derive(Default)]
pub struct WholeSet {
    ready: Vec<Ready>,
}

impl WholeSet {
    pub fn new() -> WholeSet {
        WholeSet::default()
    }

    /// Adds a file written as a stream: flushed and synced now, so a full disk fails here.
    pub fn add(&mut self, file: WholeFile) -> std::io::Result<()> {
        self.ready.push(file.finish()?);
        Ok(())
    }

    /// Adds the file `path` holding `bytes`.
    pub fn write(&mut self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        use std::io::Write as _;
        let mut file = WholeFile::create(path)?;
        file.write_all(bytes)?;
        self.add(file)
    }

    /// Renames every file into place (at once for an interrupt: it sees all or none). If
    /// one cannot be (an immutable or locked file), none is: the old files stay as they were.
    /// An error names the file that failed.
    pub fn commit(self) -> Result<(), (std::path::PathBuf, std::io::Error)> {
        let mut ready = self.ready;
        let renamed = {
            let mut list = pending();
            let mut replaced: Vec<&mut Ready> =
                ready.iter_mut().filter(|r| r.temp.is_some()).collect();
            replace_all(&mut replaced, &mut list)
        };
        // Any not renamed (after a failure) are removed here, the lock released.
        drop(ready);
        renamed
    }
}

/// Moves the files at the targets of `ready` aside, renames the new ones in, then removes
/// the old ones. On a failure every old file is put back and every new one taken away.
fn replace_all(
    ready: &mut [&mut Ready],
    list: &mut Vec<(std::path::PathBuf, bool)>,
) -> Result<(), (std::path::PathBuf, std::io::Error)> {
    // (target, where its old file went)
    let mut aside: Vec<(std::path::PathBuf, Option<std::path::PathBuf>)> = Vec::new();
    let put_back = |aside: &[(std::path::PathBuf, Option<std::path::PathBuf>)]| {
        for (target, old) in aside {
            if let Some(old) = old {
                let _ = std::fs::rename(old, target);
            }
        }
    };
    for r in ready.iter() {
        let moved = match std::fs::symlink_metadata(&r.path) {
            Ok(_) => temp_name(&r.path, "old").and_then(|old| {
                std::fs::rename(&r.path, &old)?;
                Ok(Some(old))
            }),
            Err(_) => Ok(None),
        };
        match moved {
            Ok(old) => aside.push((r.path.clone(), old)),
            Err(e) => {
                put_back(&aside);
                return Err((r.path.clone(), e));
            }
        }
    }
    for i in 0..ready.len() {
        if let Err(e) = ready[i].rename_locked(list) {
            for (target, _) in &aside[..i] {
                let _ = std::fs::remove_file(target);
            }
            put_back(&aside);
            return Err((ready[i].path.clone(), e));
        }
    }
    for (_, old) in aside {
        if let Some(old) = old {
            let _ = std::fs::remove_file(old);
        }
    }
    Ok(())
}

/// A scratch file beside an output (a shard's rows while its games are played): removed when
/// dropped, and by an interrupt.
pub struct Scratch {
    file: std::io::BufWriter<std::fs::File>,
    temp: Temp,
}

impl Scratch {
    /// `.NAME.PID.suffix` beside `path`.
    pub fn create(path: &Path, suffix: &str) -> std::io::Result<Scratch> {
        let (temp, file) = Temp::create_file(temp_name(&resolve(path)?, suffix)?)?;
        Ok(Scratch {
            file: std::io::BufWriter::new(file),
            temp,
        })
    }

    /// Flushes what was written and opens the file to read it from the start.
    pub fn reread(&mut self) -> std::io::Result<std::fs::File> {
        use std::io::Write as _;
        self.file.flush()?;
        std::fs::File::open(&self.temp.path)
    }
}

impl std::io::Write for Scratch {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// Checks that `dir` takes a new file: makes an empty one and removes it.
pub fn probe_folder(dir: &Path) -> std::io::Result<()> {
    let name = format!(".sandtable-probe.{}", std::process::id());
    let (temp, file) = Temp::create_file(dir.join(name))?;
    drop(file);
    drop(temp);
    Ok(())
}

/// A folder for a run's files, made if missing (with its missing parents). Dropped, the
/// folders it made are removed again if still empty: a run that failed or was interrupted
/// leaves no empty results folder behind, one that wrote its files leaves them.
pub struct Folder {
    /// The folders made, outermost first.
    made: Vec<Temp>,
}

impl Folder {
    pub fn create(path: &Path) -> std::io::Result<Folder> {
        // Trial 18a F10: a link to nothing was told as "File exists".
        let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        if link && std::fs::metadata(path).is_err() {
            let target = std::fs::read_link(path).unwrap_or_default();
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("it is a link to {}, which does not exist", target.display()),
            ));
        }
        if let Ok(meta) = std::fs::metadata(path) {
            if meta.is_dir() {
                return Ok(Folder { made: Vec::new() });
            }
            return Err(std::io::Error::other("exists and is not a folder"));
        }
        let missing: Vec<std::path::PathBuf> = path
            .ancestors()
            .take_while(|p| !p.as_os_str().is_empty() && std::fs::metadata(p).is_err())
            .map(Path::to_path_buf)
            .collect();
        let mut folder = Folder { made: Vec::new() };
        for dir in missing.into_iter().rev() {
            let mut list = pending();
            match std::fs::create_dir(&dir) {
                Ok(()) => {}
                // Made meanwhile by someone else: theirs to keep.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && dir.is_dir() => continue,
                Err(e) => {
                    drop(list);
                    return Err(e);
                }
            }
            list.push((dir.clone(), true));
            folder.made.push(Temp {
                path: dir,
                folder: true,
                done: false,
            });
        }
        Ok(folder)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        // Innermost first.
        while let Some(made) = self.made.pop() {
            drop(made);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name the file system takes is written, however long: the temporary name beside it
    /// is cut to fit (trial 23b F1), at a character boundary.
    #[test]
    fn a_long_name_is_written_through_a_shorter_temporary() {
        let dir = std::env::temp_dir().join(format!("sandtable-long-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["b".repeat(250) + ".svg", "é".repeat(125) + ".csv"] {
            assert!(name.len() <= NAME_MAX);
            let path = dir.join(&name);
            let temp = temp_name(&path, "tmp").unwrap();
            let temp_len = temp.file_name().unwrap().len();
            assert!(temp_len <= NAME_MAX, "{temp_len}");
            write_whole(&path, b"whole").unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A link to a file not made yet stays a link, and the file is made where it points (the
    /// link was once replaced by a plain file, the target never written).
    #[test]
    fn a_link_to_a_file_not_yet_made_stays_a_link() {
        let dir = std::env::temp_dir().join(format!("sandtable-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let link = dir.join("out.csv");
        std::os::unix::fs::symlink("real.csv", &link).unwrap();
        write_whole(&link, b"rows").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(dir.join("real.csv")).unwrap(), b"rows");
        // A loop of links is refused; both stay links.
        // A link into a folder that does not exist says so.
        let dangling = dir.join("dangling.csv");
        std::os::unix::fs::symlink("no-such-folder/x.csv", &dangling).unwrap();
        let e = write_whole(&dangling, b"x").unwrap_err().to_string();
        assert!(
            e.contains("it is a link to") && e.contains("whose folder does not exist"),
            "{e}"
        );
        std::os::unix::fs::symlink("l2", dir.join("l1")).unwrap();
        std::os::unix::fs::symlink("l1", dir.join("l2")).unwrap();
        let e = write_whole(&dir.join("l1"), b"rows")
            .unwrap_err()
            .to_string();
        assert!(e.contains("symbolic links"), "{e}");
        for l in ["l1", "l2"] {
            let m = std::fs::symlink_metadata(dir.join(l)).unwrap();
            assert!(m.file_type().is_symlink(), "{l}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A named pipe handed as an output is refused before it is opened (opening it waits
    /// for a reader), directly or through a link; nothing is made beside it.
    #[test]
    fn a_named_pipe_output_is_refused_without_waiting() {
        let dir = std::env::temp_dir().join(format!("sandtable-outfifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("p.csv");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo makes the pipe");
        std::os::unix::fs::symlink("p.csv", dir.join("link.csv")).unwrap();
        for path in [fifo.clone(), dir.join("link.csv")] {
            let e = write_whole(&path, b"rows").unwrap_err().to_string();
            assert!(e.contains("a named pipe or a socket, not a file"), "{e}");
        }
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Files written together are replaced all or none: when the second cannot be renamed
    /// into place (its finished temporary file is gone), the first keeps its old bytes, the
    /// error names the second, and nothing is left beside them.
    #[test]
    fn a_set_whose_last_rename_fails_leaves_every_old_file() {
        let dir = std::env::temp_dir().join(format!("sandtable-set-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (first, second) = (dir.join("a.csv"), dir.join("b.csv"));
        std::fs::write(&first, "old a").unwrap();
        std::fs::write(&second, "old b").unwrap();
        let mut set = WholeSet::new();
        set.write(&first, b"new a").unwrap();
        set.write(&second, b"new b").unwrap();
        std::fs::remove_file(temp_name(&second, "tmp").unwrap()).unwrap();
        let (failed, _) = set.commit().unwrap_err();
        assert_eq!(failed, second);
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "old a");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "old b");
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["a.csv", "b.csv"]);
        let mut set = WholeSet::new();
        set.write(&first, b"new a").unwrap();
        set.write(&dir.join("c.csv"), b"new c").unwrap();
        set.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "new a");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
