//! cgroup v2, the unified hierarchy (current Debian, Ubuntu and Fedora have nothing else): finding the
//! hierarchy and the process's own group, a launcher's groups in it, and the file protocol of a run's
//! group. Everything here reads and writes files of a folder given to it, so that the protocol is tested
//! against a fake folder laid out like a v2 group.
//!
//! Layout, under the judge's own group `own` (the hierarchy's root as root in a container, else the
//! delegated group of the user's, when it is theirs to write):
//!
//! - `own/harness-<judge>-judge`: a leaf the judge and its launchers are moved into, when `own` holds
//!   nothing but them, since a group with processes cannot give controllers to its children (the "no
//!   internal processes" rule; the root group is exempt);
//! - `own/harness-<launcher>-<slot>`: a launcher's group, with `memory` and `pids` given to its children:
//!   `launcher` (a leaf the launcher moves itself into, with its templates' inits) and `run` (the run's
//!   group: `memory.max`, `memory.swap.max` 0, `pids.max`; CPU of the tree from `cpu.stat`, OOM kills from
//!   `memory.events`, refused tasks from `pids.events`, and `cgroup.kill` at the end).
//!
//! A dead judge's groups are swept by the same rule as v1's (`isolate::sweep_dead_judges`).

use std::fs;
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::sys::read_from_start;

/// The unified hierarchy as this process sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unified {
    /// Where it is mounted.
    pub mount: PathBuf,
    /// The process's own group, as a folder.
    pub own: PathBuf,
    /// Whether that group is the hierarchy's root (which may hold processes and give controllers).
    pub own_is_root: bool,
}

impl Unified {
    /// The hierarchy seen from the group that holds `judge`'s leaf (`harness-<judge>-judge`), when the
    /// process is in that leaf: a launcher started after its judge was moved there.
    pub fn beside_judge_leaf(self, judge: u32) -> Unified {
        let leaf = format!("harness-{judge}-judge");
        match (self.own.file_name(), self.own.parent()) {
            (Some(name), Some(parent)) if *name == *leaf && parent.starts_with(&self.mount) => {
                Unified {
                    own: parent.to_path_buf(),
                    own_is_root: parent == self.mount,
                    mount: self.mount,
                }
            }
            _ => self,
        }
    }
}

/// The unified hierarchy and the process's group in it, from the text of `/proc/self/mountinfo` and of
/// `/proc/self/cgroup`; `None` when no `cgroup2` is mounted or the process is not in it.
pub fn find(mountinfo: &str, cgroup: &str) -> Option<Unified> {
    // "36 25 0:31 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw": root and mount point, then the type
    // after the " - " separator.
    let (root, mount) = mountinfo.lines().find_map(|line| {
        let (fields, after) = line.split_once(" - ")?;
        (after.split_whitespace().next()? == "cgroup2").then_some(())?;
        let mut fields = fields.split_whitespace().skip(3);
        Some((fields.next()?.to_string(), fields.next()?.to_string()))
    })?;
    let path = cgroup
        .lines()
        .find_map(|line| line.strip_prefix("0::"))?
        .trim();
    // A path outside the mount's root (another cgroup namespace) cannot be reached from it.
    let inside = match root.as_str() {
        "/" => path,
        root => path.strip_prefix(root)?,
    };
    let inside = inside.trim_start_matches('/');
    let mount = PathBuf::from(unescape(&mount));
    Some(Unified {
        own: match inside {
            "" => mount.clone(),
            inside => mount.join(inside),
        },
        own_is_root: inside.is_empty(),
        mount,
    })
}

/// mountinfo escapes spaces, tabs, newlines and backslashes as octal (`\040`).
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let octal = bytes
            .get(i + 1..i + 4)
            .filter(|d| d.iter().all(|b| (b'0'..=b'7').contains(b)));
        match (bytes[i], octal) {
            (b'\\', Some(d)) => {
                let value = d.iter().fold(0u32, |n, b| n * 8 + u32::from(b - b'0'));
                out.push(value as u8);
                i += 4;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The machine's unified hierarchy, when there is one.
pub fn unified() -> Option<Unified> {
    find(
        &fs::read_to_string("/proc/self/mountinfo").ok()?,
        &fs::read_to_string("/proc/self/cgroup").ok()?,
    )
}

/// The controllers a run's group needs.
const CONTROLLERS: [&str; 2] = ["memory", "pids"];

/// Whether a control file lists every controller a run needs (`cgroup.controllers`,
/// `cgroup.subtree_control`: space-separated names).
fn lists_all(dir: &Path, file: &str) -> bool {
    let text = fs::read_to_string(dir.join(file)).unwrap_or_default();
    CONTROLLERS
        .iter()
        .all(|c| text.split_whitespace().any(|w| w == *c))
}

/// Writes a control file (it must exist: a cgroup folder has them all).
fn write(path: &Path, value: &str) -> std::io::Result<()> {
    fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(path)?
        .write_all(value.as_bytes())
}

/// Whether this process can have groups with memory and pids limits in `unified`, or why not: without
/// moving or creating anything (for `harness doctor` and the report).
pub fn probe(unified: &Unified) -> Result<(), String> {
    let own = &unified.own;
    if !lists_all(own, "cgroup.controllers") {
        return Err(format!(
            "cgroup v2: the memory and pids controllers are not given to {}",
            own.display()
        ));
    }
    let writable = |name: &str| {
        let path = own.join(name);
        let c = std::ffi::CString::new(std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()))
            .unwrap_or_default();
        // SAFETY: access with a valid C string.
        unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
    };
    if !writable("") || !writable("cgroup.procs") || !writable("cgroup.subtree_control") {
        return Err(format!(
            "cgroup v2: {} is not this user's to write (run the judge in a delegated group: \
             systemd-run --user --scope -p Delegate=yes)",
            own.display()
        ));
    }
    Ok(())
}

/// A launcher's groups: made, the launcher moved into its leaf, the run's group opened.
pub struct LauncherGroup {
    /// `own/harness-<launcher>-<slot>`.
    pub dir: PathBuf,
    pub run: RunGroup,
}

impl LauncherGroup {
    /// Makes `own/<name>` with `launcher` and `run` in it and moves `me` into `launcher`. When `own` holds
    /// processes and is not the root, its processes are first moved into `own/harness-<judge>-judge` if
    /// they are all `judge` and its children (`parent_of`), so that `own` can give its controllers;
    /// otherwise the reason is returned. Nothing is left made on failure.
    pub fn create(
        unified: &Unified,
        name: &str,
        me: u32,
        judge: u32,
        task_limit: u64,
        parent_of: impl Fn(u32) -> Option<u32>,
    ) -> Result<LauncherGroup, String> {
        probe(unified)?;
        let own = &unified.own;
        if !lists_all(own, "cgroup.subtree_control") {
            let enable = || write(&own.join("cgroup.subtree_control"), "+memory +pids");
            if let Err(e) = enable() {
                // Busy: the group holds processes. The hierarchy's root never is, but the root of a
                // cgroup namespace (a container's) is a group like any other.
                if e.raw_os_error() != Some(libc::EBUSY) {
                    return Err(format!(
                        "cgroup v2: cannot give memory and pids to the groups of {}: {e}",
                        own.display()
                    ));
                }
                vacate(own, judge, &parent_of)?;
                enable().map_err(|e| {
                    format!(
                        "cgroup v2: cannot give memory and pids to the groups of {}: {e}",
                        own.display()
                    )
                })?;
            }
        }
        let dir = own.join(name);
        let made = (|| -> Result<RunGroup, String> {
            let fail = |what: &str, e: std::io::Error| format!("cgroup v2: {what}: {e}");
            make_dir(&dir).map_err(|e| fail(&format!("cannot create {}", dir.display()), e))?;
            make_dir(&dir.join("launcher")).map_err(|e| fail("cannot create its leaf", e))?;
            write(&dir.join("launcher/cgroup.procs"), &me.to_string())
                .map_err(|e| fail("cannot move the launcher into its leaf", e))?;
            write(&dir.join("cgroup.subtree_control"), "+memory +pids")
                .map_err(|e| fail("cannot give memory and pids to the run's group", e))?;
            make_dir(&dir.join("run")).map_err(|e| fail("cannot create the run's group", e))?;
            RunGroup::open(&dir.join("run"), task_limit)
        })();
        match made {
            Ok(run) => Ok(LauncherGroup { dir, run }),
            Err(why) => {
                leave(&dir, judge, me);
                Err(why)
            }
        }
    }
}

/// The launcher `me` leaves its group `dir` (for its judge's leaf, or the group above where that is the
/// hierarchy's root), and the group is removed; one that cannot be is left for a later judge's sweep.
/// What the launcher started into its leaf (its templates' inits, its spawner) would keep the group
/// populated, and unremovable, until the launcher's own exit: once the launcher is out, they are killed
/// (`cgroup.kill`) and waited for: a process that has exited leaves its group at once, so they are not
/// reaped here (their pids stay theirs until whoever owns them reaps them).
pub fn leave(dir: &Path, judge: u32, me: u32) {
    if let Some(own) = dir.parent() {
        let me = me.to_string();
        let leaf = own.join(format!("harness-{judge}-judge"));
        if !leaf.is_dir() || write(&leaf.join("cgroup.procs"), &me).is_err() {
            let _ = write(&own.join("cgroup.procs"), &me);
        }
    }
    let leaf = dir.join("launcher");
    let _ = write(&leaf.join("cgroup.kill"), "1");
    // Bounded: a process that does not go (the kernel takes its time) leaves the group to the sweep.
    for _ in 0..2000 {
        if !populated(&leaf) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    remove_tree(dir);
}

/// Whether a group or one below it holds a process (`cgroup.events`: `populated 1`); a group that cannot
/// be read holds none that matters.
fn populated(dir: &Path) -> bool {
    fs::read_to_string(dir.join("cgroup.events")).is_ok_and(|t| field(&t, "populated") == Some(1))
}

/// The judge at its end, its launchers gone: when it moved itself into a leaf of its group
/// (`harness-<judge>-judge`, by `vacate`), it gives the group back as it found it: the controllers taken
/// back from its groups, itself moved back, the leaf removed. Where that cannot be (a group still uses
/// the controllers: another judge's), the leaf stays, empty once the judge has exited, for the sweep of a
/// later judge.
pub fn restore_judge_group() {
    let Some(unified) = unified() else {
        return;
    };
    let me = std::process::id();
    let leaf = unified.own;
    if leaf.file_name() != Some(std::ffi::OsStr::new(&format!("harness-{me}-judge"))) {
        return;
    }
    let Some(own) = leaf.parent().filter(|own| own.starts_with(&unified.mount)) else {
        return;
    };
    // Only where the leaf is all the group holds: the controllers are not taken from groups of others.
    let others = fs::read_dir(own).map_or(1, |entries| {
        entries
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()) && e.path() != leaf)
            .count()
    });
    if others > 0 || write(&own.join("cgroup.subtree_control"), "-memory -pids").is_err() {
        return;
    }
    if write(&own.join("cgroup.procs"), &me.to_string()).is_ok() {
        let _ = fs::remove_dir(&leaf);
    }
}

/// `mkdir`, where a folder already there (a fake hierarchy, or a race with a sibling) is fine.
fn make_dir(dir: &Path) -> std::io::Result<()> {
    match fs::create_dir(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => Err(e),
        _ => Ok(()),
    }
}

/// Moves every process of `own` into `own/harness-<judge>-judge`, when they are all the judge's: the
/// judge itself and its descendants (its launchers, its version commands). Another process there (a shell of the user's) is not
/// ours to move.
fn vacate(own: &Path, judge: u32, parent_of: &impl Fn(u32) -> Option<u32>) -> Result<(), String> {
    movable(own, judge, parent_of)?;
    let procs = fs::read_to_string(own.join("cgroup.procs")).unwrap_or_default();
    let pids: Vec<u32> = procs
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    let leaf = own.join(format!("harness-{judge}-judge"));
    make_dir(&leaf).map_err(|e| format!("cgroup v2: cannot create {}: {e}", leaf.display()))?;
    for pid in pids {
        // One that ended meanwhile is not an error.
        let _ = write(&leaf.join("cgroup.procs"), &pid.to_string());
    }
    Ok(())
}

/// Whether every process of `own` is `judge` or its descendant (so `vacate` may move them), or why not: a
/// version command the judge runs (`rustc -V`, and the programs it starts) may be there while its first
/// launcher makes its group.
pub fn movable(
    own: &Path,
    judge: u32,
    parent_of: &impl Fn(u32) -> Option<u32>,
) -> Result<(), String> {
    let procs = fs::read_to_string(own.join("cgroup.procs")).unwrap_or_default();
    let judges = |pid: u32| {
        let mut pid = pid;
        // Bounded: a chain of parents ends at 1 (or 0, a process of another pid namespace).
        for _ in 0..64 {
            if pid == judge {
                return true;
            }
            match parent_of(pid) {
                Some(parent) if parent > 1 => pid = parent,
                _ => return false,
            }
        }
        false
    };
    let other = procs
        .lines()
        .filter_map(|l| l.trim().parse::<u32>().ok())
        .find(|&pid| !judges(pid));
    match other {
        None => Ok(()),
        Some(other) => Err(format!(
            "cgroup v2: {} holds processes other than the judge's (pid {other}), so it cannot give \
             controllers to groups of its own (run the judge in a group of its own: systemd-run --user \
             --scope -p Delegate=yes)",
            own.display()
        )),
    }
}

/// Whether a judge (`judge`, this process) would have its launchers' groups in `unified`: `probe`, and
/// the judge's group can give its controllers (already, as the root, or once the judge's processes are
/// moved out of it).
pub fn usable(
    unified: &Unified,
    judge: u32,
    parent_of: &impl Fn(u32) -> Option<u32>,
) -> Result<(), String> {
    probe(unified)?;
    match unified.own_is_root || lists_all(&unified.own, "cgroup.subtree_control") {
        true => Ok(()),
        false => movable(&unified.own, judge, parent_of),
    }
}

/// Removes a group and the groups in it, deepest first (only empty groups can be removed).
pub fn remove_tree(dir: &Path) {
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                remove_tree(&entry.path());
            }
        }
    }
    let _ = fs::remove_dir(dir);
}

/// A run's group: its control files opened once, read from their start each time.
pub struct RunGroup {
    memory_max: fs::File,
    stat: fs::File,
    events: fs::File,
    cpu: fs::File,
    pids_events: fs::File,
    procs: fs::File,
    /// `cgroup.procs` opened for writing once: what a run's child writes its pid into.
    join: fs::File,
    /// Absent before Linux 5.14: the processes are then killed one by one.
    kill: Option<fs::File>,
    /// The memory limit last written (0: none yet).
    memory_limit: std::cell::Cell<u64>,
    /// CPU time (µs), OOM kills and refused tasks before the current run: the counters only grow.
    base: std::cell::Cell<(u64, u64, u64)>,
}

impl RunGroup {
    /// Opens the group's files, with swap off and the task limit set; which file is missing when one is.
    pub fn open(dir: &Path, task_limit: u64) -> Result<RunGroup, String> {
        let open = |name: &str, write: bool| {
            fs::OpenOptions::new()
                .read(!write)
                .write(write)
                .open(dir.join(name))
                .map_err(|e| format!("cgroup v2: {}: {e}", dir.join(name).display()))
        };
        write(&dir.join("pids.max"), &task_limit.to_string())
            .map_err(|e| format!("cgroup v2: {}: {e}", dir.join("pids.max").display()))?;
        // Absent without swap accounting; then there is no swap to escape into either.
        let _ = write(&dir.join("memory.swap.max"), "0");
        let group = RunGroup {
            memory_max: open("memory.max", true)?,
            stat: open("memory.stat", false)?,
            events: open("memory.events", false)?,
            cpu: open("cpu.stat", false)?,
            pids_events: open("pids.events", false)?,
            procs: open("cgroup.procs", false)?,
            join: open("cgroup.procs", true)?,
            kill: open("cgroup.kill", true).ok(),
            memory_limit: std::cell::Cell::new(0),
            base: std::cell::Cell::new((0, 0, 0)),
        };
        Ok(group)
    }

    /// The group's `cgroup.procs` opened for writing (close-on-exec): what a run's child writes its pid
    /// into, to join the group.
    pub fn join_fd(&self) -> i32 {
        use std::os::fd::AsRawFd;
        self.join.as_raw_fd()
    }

    /// Before a run: the memory limit (written when it changes) and the counters' bases.
    pub fn prepare(&self, memory_bytes: u64) {
        let limit = memory_bytes.max(4 << 20);
        if self.memory_limit.replace(limit) != limit {
            let _ = self.memory_max.write_at(limit.to_string().as_bytes(), 0);
        }
        self.base.set((
            self.cpu_total_us().unwrap_or(0),
            self.oom_kills_total().unwrap_or(0),
            self.refused_total().unwrap_or(0),
        ));
    }

    /// CPU time of the whole tree in this run, in µs (`cpu.stat` `usage_usec`).
    pub fn cpu_us(&self) -> Option<u64> {
        Some(self.cpu_total_us()?.saturating_sub(self.base.get().0))
    }

    fn cpu_total_us(&self) -> Option<u64> {
        field(&read_from_start(&self.cpu)?, "usage_usec")
    }

    /// Memory of the whole tree now, in KiB: anonymous and shared memory (`memory.stat` `anon` +
    /// `shmem`), as v1's `total_rss` + `total_shmem`; the page cache (the output file's pages) aside.
    pub fn rss_kb(&self) -> Option<u64> {
        let text = read_from_start(&self.stat)?;
        Some((field(&text, "anon")? + field(&text, "shmem").unwrap_or(0)) / 1024)
    }

    fn oom_kills_total(&self) -> Option<u64> {
        field(&read_from_start(&self.events)?, "oom_kill")
    }

    fn refused_total(&self) -> Option<u64> {
        field(&read_from_start(&self.pids_events)?, "max")
    }

    /// Whether the kernel killed a process of this run at the memory limit, and refused it tasks.
    pub fn events(&self) -> (bool, bool) {
        let (_, kills, refused) = self.base.get();
        (
            self.oom_kills_total().unwrap_or(0) > kills,
            self.refused_total().unwrap_or(0) > refused,
        )
    }

    /// The pids in the group now.
    pub fn procs(&self) -> Option<String> {
        read_from_start(&self.procs)
    }

    /// Kills every process of the group at once (`cgroup.kill`), when the kernel has it; false otherwise.
    pub fn kill(&self) -> bool {
        self.kill
            .as_ref()
            .is_some_and(|file| file.write_at(b"1", 0).is_ok())
    }
}

/// A `key value` line's value, in a flat-keyed control file (`cpu.stat`, `memory.stat`, `memory.events`,
/// `pids.events`).
fn field(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok())?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake v2 group: a folder with the control files a kernel would make, with these contents.
    fn fake_group(dir: &Path, files: &[(&str, &str)]) {
        fs::create_dir_all(dir).unwrap();
        for (name, text) in files {
            fs::write(dir.join(name), text).unwrap();
        }
    }

    /// The file a group's join descriptor is open on.
    fn joined_file(group: &RunGroup) -> PathBuf {
        fs::read_link(format!("/proc/self/fd/{}", group.join_fd())).unwrap()
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cgroup2-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    const RUN_FILES: [(&str, &str); 10] = [
        ("cgroup.procs", ""),
        ("cgroup.kill", ""),
        ("memory.max", "max\n"),
        ("memory.swap.max", "max\n"),
        (
            "memory.stat",
            "anon 1048576\nfile 8388608\nkernel 65536\nshmem 2097152\n",
        ),
        (
            "memory.events",
            "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n",
        ),
        (
            "cpu.stat",
            "usage_usec 5000\nuser_usec 4000\nsystem_usec 1000\n",
        ),
        ("pids.max", "max\n"),
        ("pids.events", "max 2\n"),
        ("pids.current", "0\n"),
    ];

    fn text(path: &Path) -> String {
        fs::read_to_string(path).unwrap()
    }

    #[test]
    fn the_hierarchy_and_the_own_group_are_found_from_mountinfo_and_proc_cgroup() {
        let mountinfo = "22 27 0:21 / /proc rw,relatime - proc proc rw\n\
                         30 25 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec - cgroup2 cgroup2 rw,nsdelegate\n";
        let cgroup = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/judge.scope\n";
        let found = find(mountinfo, cgroup).unwrap();
        assert_eq!(found.mount, Path::new("/sys/fs/cgroup"));
        assert_eq!(
            found.own,
            Path::new(
                "/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/judge.scope"
            )
        );
        assert!(!found.own_is_root);
        // As root in a container: the root group, mounted elsewhere, with an escaped space.
        let mountinfo = "40 25 0:30 / /run/my\\040cgroup rw - cgroup2 none rw\n";
        let found = find(mountinfo, "0::/\n").unwrap();
        assert_eq!(found.own, Path::new("/run/my cgroup"));
        assert!(found.own_is_root);
        // A mount of a subtree: the path is taken from its root.
        let mountinfo = "40 25 0:30 /sub /mnt/cg rw - cgroup2 none rw\n";
        let found = find(mountinfo, "0::/sub/judge\n").unwrap();
        assert_eq!(found.own, Path::new("/mnt/cg/judge"));
        // A launcher started in its judge's leaf makes its group beside the leaf.
        let mountinfo = "30 25 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        let found = find(mountinfo, "0::/app.slice/j.scope/harness-100-judge\n").unwrap();
        let beside = found.clone().beside_judge_leaf(100);
        assert_eq!(beside.own, Path::new("/sys/fs/cgroup/app.slice/j.scope"));
        assert!(!beside.own_is_root);
        assert_eq!(
            found.clone().beside_judge_leaf(101),
            found,
            "another judge's leaf"
        );
        let found = find(mountinfo, "0::/harness-100-judge\n").unwrap();
        assert!(found.beside_judge_leaf(100).own_is_root);
        // cgroup v1 only (this machine's kind): no unified hierarchy.
        let v1 = "35 25 0:30 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n";
        assert_eq!(find(v1, "4:memory:/\n0::/\n"), None);
        assert_eq!(find(mountinfo, "4:memory:/\n"), None);
    }

    #[test]
    fn a_run_group_gets_its_limits_and_its_usage_is_read_from_its_files() {
        let dir = scratch("run");
        fake_group(&dir, &RUN_FILES);
        let group = RunGroup::open(&dir, 64).unwrap();
        assert_eq!(text(&dir.join("pids.max")), "64");
        assert_eq!(text(&dir.join("memory.swap.max")), "0");
        group.prepare(256 << 20);
        assert_eq!(text(&dir.join("memory.max")), (256u64 << 20).to_string());
        // Counters before the run are its base: nothing used, nothing killed or refused yet.
        assert_eq!(group.cpu_us(), Some(0));
        assert_eq!(group.events(), (false, false));
        assert_eq!(
            group.rss_kb(),
            Some((1048576 + 2097152) / 1024),
            "the page cache aside"
        );
        fs::write(
            dir.join("cpu.stat"),
            "usage_usec 905000\nuser_usec 900000\n",
        )
        .unwrap();
        fs::write(dir.join("memory.events"), "max 9\noom 2\noom_kill 2\n").unwrap();
        fs::write(dir.join("pids.events"), "max 7\n").unwrap();
        assert_eq!(group.cpu_us(), Some(900_000));
        assert_eq!(group.events(), (true, true));
        // The next run starts from these.
        group.prepare(256 << 20);
        assert_eq!(group.cpu_us(), Some(0));
        assert_eq!(group.events(), (false, false));
        assert!(group.kill());
        assert_eq!(text(&dir.join("cgroup.kill")), "1");
        assert_eq!(joined_file(&group), dir.join("cgroup.procs"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_run_group_without_swap_accounting_or_cgroup_kill_still_opens_and_one_without_cpu_stat_does_not(
    ) {
        let dir = scratch("old-kernel");
        let files: Vec<_> = RUN_FILES
            .into_iter()
            .filter(|(name, _)| !matches!(*name, "memory.swap.max" | "cgroup.kill"))
            .collect();
        fake_group(&dir, &files);
        let group = RunGroup::open(&dir, 64).unwrap();
        assert!(!dir.join("memory.swap.max").exists(), "not created");
        assert!(!group.kill(), "the kill-listed loop is the fallback");
        fs::remove_file(dir.join("cpu.stat")).unwrap();
        let refused = RunGroup::open(&dir, 64).err().unwrap();
        assert!(refused.contains("cpu.stat"), "{refused}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_launcher_group_moves_the_launcher_into_a_leaf_and_gives_controllers_to_the_run() {
        let own = scratch("launcher");
        fake_group(
            &own,
            &[
                (
                    "cgroup.controllers",
                    "cpuset cpu io memory hugetlb pids rdma misc\n",
                ),
                ("cgroup.subtree_control", ""),
                ("cgroup.procs", "100\n200\n"),
            ],
        );
        let name = "harness-200-0";
        let launcher = own.join(name);
        fake_group(&launcher, &[("cgroup.subtree_control", "")]);
        fake_group(&launcher.join("launcher"), &[("cgroup.procs", "")]);
        fake_group(&launcher.join("run"), &RUN_FILES);
        fake_group(&own.join("harness-100-judge"), &[("cgroup.procs", "")]);
        let unified = Unified {
            mount: own.clone(),
            own: own.clone(),
            own_is_root: false,
        };
        // 100 is the judge, 200 its launcher.
        let parent_of = |pid| match pid {
            200 => Some(100),
            _ => Some(1),
        };
        let group = LauncherGroup::create(&unified, name, 200, 100, 64, parent_of).unwrap();
        assert_eq!(text(&own.join("cgroup.subtree_control")), "+memory +pids");
        assert_eq!(
            text(&launcher.join("cgroup.subtree_control")),
            "+memory +pids"
        );
        assert_eq!(text(&launcher.join("launcher/cgroup.procs")), "200");
        assert_eq!(joined_file(&group.run), launcher.join("run/cgroup.procs"));
        assert_eq!(text(&launcher.join("run/pids.max")), "64");
        fs::remove_dir_all(&own).unwrap();
    }

    #[test]
    fn a_group_that_is_not_writable_or_lacks_controllers_is_refused_with_the_reason() {
        let own = scratch("refused");
        let unified = Unified {
            mount: own.clone(),
            own: own.clone(),
            own_is_root: false,
        };
        fake_group(
            &own,
            &[
                ("cgroup.controllers", "cpu io\n"),
                ("cgroup.subtree_control", ""),
                ("cgroup.procs", ""),
            ],
        );
        let why = probe(&unified).err().unwrap();
        assert!(why.contains("memory and pids"), "{why}");
        fs::write(own.join("cgroup.controllers"), "cpu memory pids\n").unwrap();
        assert_eq!(probe(&unified), Ok(()));
        // Only the judge's processes are moved out of its group: a shell of the user's stays, and v2 is
        // not used.
        let why = vacate(&own, 100, &|pid| Some(if pid == 200 { 100 } else { 1 }));
        assert!(why.is_ok());
        fs::write(own.join("cgroup.procs"), "100\n200\n300\n").unwrap();
        // What `harness doctor` says (judge 100): not usable with another process in its group, unless
        // that group is the root or already gives its controllers.
        let parents = |pid| Some(if pid == 200 { 100 } else { 1 });
        assert!(usable(&unified, 100, &parents).is_err());
        let root = Unified {
            own_is_root: true,
            ..unified.clone()
        };
        assert_eq!(usable(&root, 100, &parents), Ok(()));
        fs::write(own.join("cgroup.subtree_control"), "memory pids\n").unwrap();
        assert_eq!(usable(&unified, 100, &parents), Ok(()));
        let why = vacate(&own, 100, &|pid| Some(if pid == 200 { 100 } else { 1 }))
            .err()
            .unwrap();
        assert!(why.contains("pid 300"), "{why}");
        // A run group whose folder lacks its files (a kernel without the controllers given) is refused,
        // and nothing is left made.
        fs::remove_dir_all(&own).unwrap();
        fake_group(
            &own,
            &[
                ("cgroup.controllers", "memory pids\n"),
                ("cgroup.subtree_control", "memory pids\n"),
                ("cgroup.procs", ""),
            ],
        );
        let refused = LauncherGroup::create(&unified, "harness-7-0", 7, 1, 64, |_| None);
        assert!(refused.is_err());
        assert!(!own.join("harness-7-0").exists(), "left behind");
        fs::remove_dir_all(&own).unwrap();
    }
}
