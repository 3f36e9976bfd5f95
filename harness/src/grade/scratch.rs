//! Scratch files of a run: one folder per judge process under the cache, one set of files per worker
//! thread, removed when the run ends, when it is interrupted (`interrupt`), or, when the judge was killed
//! outright, by the next run (a folder or temporary file whose judge is gone).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result};

pub struct Scratch {
    dir: PathBuf,
}

/// The cache folders of the scratch folders alive in this process, for the interrupt handler.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

impl Scratch {
    /// `<cache>/scratch/<pid>/`; first removes what judges that are gone left in the cache.
    pub fn new(cache_dir: &Path) -> Result<Scratch> {
        let cache = std::path::absolute(cache_dir)
            .with_context(|| format!("cannot resolve {}", cache_dir.display()))?;
        sweep(&cache, |pid| !alive(pid));
        let dir = cache.join("scratch").join(std::process::id().to_string());
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        LIVE.lock().unwrap_or_else(|e| e.into_inner()).push(cache);
        Ok(Scratch { dir })
    }

    /// The stdout file of the current worker thread.
    pub fn stdout_file(&self) -> PathBuf {
        self.file("out")
    }

    /// A file of the current worker thread with this extension, reused by its next run.
    pub fn file(&self, extension: &str) -> PathBuf {
        self.dir.join(format!("{}.{extension}", worker()))
    }

    /// A folder of the current worker thread, for files a checker writes.
    pub fn worker_dir(&self) -> Result<PathBuf> {
        let dir = self.file("dir");
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(dir)
    }

    /// A file for a given name, e.g. one generated input among many.
    pub fn named(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

/// The current worker thread's name among the files: its index in its pool, or the pool's own name for it
/// when the pool names its threads (the one beside the workers, `exec::RunContext::beside`, where indices
/// start at 0 again; `exec::tests` pins that the workers of both get files of their own); `main` outside
/// the pools.
fn worker() -> String {
    match (rayon::current_thread_index(), std::thread::current().name()) {
        (Some(_), Some(name)) => name.to_string(),
        (Some(i), None) => i.to_string(),
        (None, _) => "main".to_string(),
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(cache) = self.dir.parent().and_then(Path::parent) {
            if let Some(i) = live.iter().position(|c| c == cache) {
                live.remove(i);
            }
        }
    }
}

/// On an interrupt: removes this process's scratch folders and the temporary files it was writing into
/// the cache (a compiler's output, a cache record).
pub fn remove_ours() {
    let me = std::process::id();
    // Never blocks: the interrupted thread may hold the lock; then the next run sweeps instead.
    let Ok(live) = LIVE.try_lock() else {
        return;
    };
    for cache in live.iter() {
        sweep(cache, |pid| pid == me);
    }
}

/// Removes `<cache>/scratch/<pid>` and every `*.tmp-<pid>*` in `<cache>` and `<cache>/bin` whose pid
/// is chosen by `remove`.
fn sweep(cache: &Path, remove: impl Fn(u32) -> bool) {
    for entry in read_dir(&cache.join("scratch")) {
        let name = entry.file_name();
        if name
            .to_str()
            .and_then(|n| n.parse().ok())
            .is_some_and(&remove)
        {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
    for entry in read_dir(cache).chain(read_dir(&cache.join("bin"))) {
        let name = entry.file_name();
        let Some((_, after)) = name.to_str().and_then(|n| n.rsplit_once(".tmp-")) else {
            continue;
        };
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if digits.parse().is_ok_and(&remove) {
            let path = entry.path();
            let _ = fs::remove_dir_all(&path).or_else(|_| fs::remove_file(&path));
        }
    }
}

fn read_dir(dir: &Path) -> impl Iterator<Item = fs::DirEntry> {
    fs::read_dir(dir).into_iter().flatten().flatten()
}

/// Whether a process with this pid exists (a pid reused by another process counts as alive: its files
/// are left for a later run).
fn alive(pid: u32) -> bool {
    crate::sandbox::process_exists(pid)
}
