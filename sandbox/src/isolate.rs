//! Containment of the programs under judgement (the launcher's side), with what the machine offers:
//! - a control group per launcher (cgroup v1 memory + pids + cpuacct, else cgroup v2's unified hierarchy,
//!   `cgroup2`): memory enforced by the kernel at the limit, a task limit, CPU time of the whole process
//!   tree, and every process of the run killed at its end;
//! - when the judge runs as root: the program runs as an unprivileged uid with `no_new_privs`, in its own
//!   mount namespace; when it is not root but user namespaces work: in a user namespace of its own (its
//!   uid mapped to itself, no capability left after exec) with the same mount namespace, and a task limit
//!   (RLIMIT_NPROC, counted per user namespace). In that mount namespace the root is an allowlist (`root`),
//!   read-only, with no network, and `/tmp`, `/dev/shm` and its working
//!   folder are private and empty; and a pid namespace of its program's own (`template`), whose init dies
//!   with the launcher, taking every process left in it;
//! - where Landlock scopes exist (Linux 6.12): the program cannot signal a process outside its run (the
//!   launcher, the judge) nor reach an abstract socket outside it;
//! - always: the launcher is not dumpable (its descriptors are out of reach through /proc), it is the
//!   subreaper of everything the program starts outside a pid namespace, and the parent of the inits that
//!   adopt what it starts inside one (`tree`: sampled and swept without a control group), and no
//!   descriptor but 0, 1, 2 reaches the program.
//!
//! `layers` names each layer as active or not, with the reason. This is not a hardened sandbox against
//! kernel exploits.

use std::fs;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::sys::read_from_start;

/// The first uid (and gid) of the sandbox: worker N runs its programs as `SANDBOX_UID + N`.
pub const SANDBOX_UID: u32 = 61000;
/// Tasks a run may have at once (processes and threads).
pub const TASK_LIMIT: u64 = 64;

/// The launcher's containment, set up once.
pub struct Isolation {
    cgroup: Option<Group>,
    /// The uid programs run as, when the launcher is root.
    uid: Option<u32>,
    mount_ns: bool,
    /// The allowlist root of the programs (`root`), prepared once.
    root: Option<std::sync::Arc<super::root::RootPlan>>,
    /// Not root, but user namespaces work: the program gets one of its own (its uid mapped to itself).
    userns: Option<UserNsMaps>,
    /// A Landlock ruleset that keeps the program's signals and abstract sockets inside the run.
    landlock: Option<std::os::fd::OwnedFd>,
}

/// The uid and gid maps a program writes for itself in its new user namespace ("ID ID 1").
#[derive(Clone)]
pub struct UserNsMaps {
    pub uid_map: Vec<u8>,
    pub gid_map: Vec<u8>,
    /// Whether RLIMIT_NPROC counts only this namespace's tasks (Linux 5.14), so the task limit can be set.
    pub task_limit: bool,
}

impl Isolation {
    /// Sets up what the machine allows.
    pub fn new(slot: u32) -> Isolation {
        // SAFETY: plain prctl calls.
        unsafe {
            libc::prctl(libc::PR_SET_DUMPABLE, 0);
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
        }
        let root = super::layers::is_root();
        // SAFETY: getuid and getgid have no preconditions.
        let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
        let userns = (!root && super::layers::user_namespaces()).then(|| UserNsMaps {
            uid_map: format!("{uid} {uid} 1").into_bytes(),
            gid_map: format!("{gid} {gid} 1").into_bytes(),
            task_limit: super::layers::task_limit_per_user_namespace(),
        });
        let mount_ns = root || userns.is_some();
        let (run_uid, run_gid) = match root {
            true => (SANDBOX_UID + slot, SANDBOX_UID + slot),
            false => (uid, gid),
        };
        Isolation {
            cgroup: Group::create(slot),
            uid: root.then_some(SANDBOX_UID + slot),
            root: mount_ns
                .then(|| std::sync::Arc::new(super::root::RootPlan::new(run_uid, run_gid))),
            mount_ns,
            userns,
            landlock: super::layers::landlock_scope_ruleset(),
        }
    }

    /// The maps of the program's own user namespace, when it gets one.
    pub fn userns(&self) -> Option<&UserNsMaps> {
        self.userns.as_ref()
    }

    /// The Landlock ruleset the program restricts itself with, when the kernel has one.
    pub fn landlock(&self) -> Option<i32> {
        use std::os::fd::AsRawFd;
        self.landlock.as_ref().map(|fd| fd.as_raw_fd())
    }

    /// Before a run: limits reset for it.
    pub fn prepare(&self, memory_bytes: u64) {
        match &self.cgroup {
            Some(Group::V1(cgroup)) => cgroup.prepare(memory_bytes),
            Some(Group::V2(group)) => group.run.prepare(memory_bytes),
            None => {}
        }
    }

    /// The `cgroup.procs` files the child writes its pid into, to join the control group: descriptors
    /// opened once (close-on-exec), so a run pays for the writes only, not for finding the files.
    pub fn join_fds(&self) -> Vec<i32> {
        use std::os::fd::AsRawFd;
        match &self.cgroup {
            Some(Group::V1(cgroup)) => cgroup.files.joins.iter().map(AsRawFd::as_raw_fd).collect(),
            Some(Group::V2(group)) => vec![group.run.join_fd()],
            None => Vec::new(),
        }
    }

    /// What a thread of the launcher writes its way into the group it is already in through, which takes
    /// the kernel's lock on control group membership and moves nothing (`warm`): the file open for
    /// writing, and whether the thread's own id goes there (v1 `tasks`) or the process's (v2
    /// `cgroup.procs`, of the launcher's own leaf).
    pub fn warm_file(&self) -> Option<(fs::File, bool)> {
        let (path, thread) = match &self.cgroup {
            Some(Group::V1(_)) => (own_cgroup_dir("pids")?.join("tasks"), true),
            Some(Group::V2(_)) => (super::cgroup2::unified()?.own.join("cgroup.procs"), false),
            None => return None,
        };
        let file = fs::OpenOptions::new().write(true).open(path).ok()?;
        Some((file, thread))
    }

    /// Whether the program is to run as another user in its own mount namespace.
    pub fn uid(&self) -> Option<u32> {
        self.uid
    }

    pub fn mount_ns(&self) -> bool {
        self.mount_ns
    }

    pub fn root_plan(&self) -> Option<std::sync::Arc<super::root::RootPlan>> {
        self.root.clone()
    }

    pub fn has_cgroup(&self) -> bool {
        self.cgroup.is_some()
    }

    /// CPU time of the whole tree so far, when a control group counts it.
    pub fn tree_cpu_ms(&self) -> Option<u64> {
        match self.cgroup.as_ref()? {
            Group::V1(cgroup) => cgroup.cpu_ms(),
            Group::V2(group) => Some(group.run.cpu_us()? / 1000),
        }
    }

    /// Resident memory of the whole tree now, when a control group counts it.
    pub fn tree_rss_kb(&self) -> Option<u64> {
        match self.cgroup.as_ref()? {
            Group::V1(cgroup) => cgroup.rss_kb(),
            Group::V2(group) => group.run.rss_kb(),
        }
    }

    /// After a run: every process still in the run's group is killed, and what the tree used is read.
    pub fn finish(&self) -> TreeUsage {
        match &self.cgroup {
            Some(Group::V1(cgroup)) => {
                let emptied = cgroup.kill_all();
                cgroup.usage(emptied)
            }
            Some(Group::V2(group)) => {
                let emptied = kill_all_v2(&group.run);
                let (oom_killed, tasks_refused) = group.run.events();
                TreeUsage {
                    cpu_us: group.run.cpu_us(),
                    oom_killed,
                    tasks_refused,
                    emptied,
                }
            }
            None => TreeUsage::default(),
        }
    }
}

/// Kills every process of a v2 run group: at once by `cgroup.kill` where the kernel has it, and until
/// the group lists none (waiting for them, or killing them one by one on an older kernel).
fn kill_all_v2(run: &super::cgroup2::RunGroup) -> bool {
    run.kill();
    kill_listed(200, 1, || run.procs(), reap_orphans)
}

/// A launcher's control group, in whichever hierarchy the machine has.
enum Group {
    V1(Cgroup),
    V2(super::cgroup2::LauncherGroup),
}

impl Group {
    /// cgroup v1 where its controllers are mounted, else the unified hierarchy; `None` when neither can
    /// be had (the tree is then sampled).
    fn create(slot: u32) -> Option<Group> {
        if own_cgroup_dir("memory").is_some() {
            return Cgroup::create(slot).map(Group::V1);
        }
        // SAFETY: getppid has no preconditions.
        let judge = unsafe { libc::getppid() } as u32;
        // A launcher started after its judge was moved into its leaf makes its group beside that leaf.
        let unified = super::cgroup2::unified()?.beside_judge_leaf(judge);
        if slot == 0 {
            sweep_dead_judges(&unified.own);
        }
        let name = format!("harness-{}-{slot}", std::process::id());
        super::cgroup2::LauncherGroup::create(
            &unified,
            &name,
            std::process::id(),
            judge,
            TASK_LIMIT,
            parent_of,
        )
        .ok()
        .map(Group::V2)
    }
}

/// A process's parent, from /proc.
fn parent_of(pid: u32) -> Option<u32> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?
        .1
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

impl Drop for Isolation {
    fn drop(&mut self) {
        match self.cgroup.take() {
            Some(Group::V1(cgroup)) => {
                cgroup.kill_all();
                let Cgroup { dirs, files, .. } = cgroup;
                // A control group with a file open cannot be removed.
                drop(files);
                for dir in &dirs {
                    let _ = fs::remove_dir(dir);
                }
            }
            Some(Group::V2(group)) => {
                kill_all_v2(&group.run);
                let super::cgroup2::LauncherGroup { dir, run } = group;
                drop(run);
                // SAFETY: getppid has no preconditions.
                let judge = unsafe { libc::getppid() } as u32;
                super::cgroup2::leave(&dir, judge, std::process::id());
            }
            None => {}
        }
    }
}

/// What the whole process tree of a run used, from its control group.
#[derive(Debug, Default, Clone, Copy)]
pub struct TreeUsage {
    pub cpu_us: Option<u64>,
    /// The kernel killed a process of the run at the memory limit.
    pub oom_killed: bool,
    /// Tasks were refused at the task limit.
    pub tasks_refused: bool,
    /// The control group was seen empty after the run (every process of the run that was in it is gone).
    pub emptied: bool,
}

/// One control group per launcher, reused run after run. The files read or written at every run are
/// opened once and read from their start each time; a limit is written only when it changes.
struct Cgroup {
    /// The memory, pids and cpuacct folders.
    dirs: Vec<PathBuf>,
    files: Files,
    /// The memory limit last written (0: none yet).
    memory_limit: std::cell::Cell<u64>,
    /// The group's CPU time (ns), OOM kills and refused tasks before the current run: the counters only
    /// grow.
    base: std::cell::Cell<(u64, u64, u64)>,
    /// The counters as read at the end of the last run, when the group was empty then: nothing can have
    /// added to them since (no process in the group), so the next run starts from them without reading
    /// the three files again.
    settled: std::cell::Cell<Option<(u64, u64, u64)>>,
}

/// The control files of a run.
struct Files {
    limit: fs::File,
    memsw_limit: Option<fs::File>,
    stat: fs::File,
    oom_control: fs::File,
    cpu: fs::File,
    pids_events: fs::File,
    /// The number of tasks in the group (`pids.current`): zero once every process of the run is gone.
    tasks: fs::File,
    /// The group's `cgroup.procs`, opened anew for each read: a v1 kernel keeps the pid list it made for
    /// an open file for a second after each read and serves it again from the start, so a file kept open
    /// and read every millisecond would list pids that are gone (and could be another process's by then).
    procs: PathBuf,
    /// Each group's `cgroup.procs`, opened for writing once: what a run's child writes its pid into.
    joins: Vec<fs::File>,
}

impl Cgroup {
    fn create(slot: u32) -> Option<Cgroup> {
        let name = format!("harness-{}-{slot}", std::process::id());
        let v1 = ["memory", "pids", "cpuacct"];
        let mut dirs = Vec::new();
        for controller in v1 {
            let base = own_cgroup_dir(controller)?;
            if slot == 0 {
                sweep_dead_judges(&base);
            }
            let dir = base.join(&name);
            if fs::create_dir(&dir).is_err() {
                for made in &dirs {
                    let _ = fs::remove_dir(made);
                }
                return None;
            }
            dirs.push(dir);
        }
        let _ = fs::write(dirs[1].join("pids.max"), TASK_LIMIT.to_string());
        let write =
            |dir: &Path, name: &str| fs::OpenOptions::new().write(true).open(dir.join(name));
        let read = |dir: &Path, name: &str| fs::File::open(dir.join(name));
        let files = (|| -> std::io::Result<Files> {
            Ok(Files {
                limit: write(&dirs[0], "memory.limit_in_bytes")?,
                // Absent without swap accounting.
                memsw_limit: write(&dirs[0], "memory.memsw.limit_in_bytes").ok(),
                stat: read(&dirs[0], "memory.stat")?,
                oom_control: read(&dirs[0], "memory.oom_control")?,
                cpu: read(&dirs[2], "cpuacct.usage")?,
                pids_events: read(&dirs[1], "pids.events")?,
                tasks: read(&dirs[1], "pids.current")?,
                procs: dirs[1].join("cgroup.procs"),
                joins: dirs
                    .iter()
                    .map(|dir| write(dir, "cgroup.procs"))
                    .collect::<std::io::Result<_>>()?,
            })
        })();
        let Ok(files) = files else {
            for dir in &dirs {
                let _ = fs::remove_dir(dir);
            }
            return None;
        };
        Some(Cgroup {
            dirs,
            files,
            memory_limit: std::cell::Cell::new(0),
            base: std::cell::Cell::new((0, 0, 0)),
            settled: std::cell::Cell::new(None),
        })
    }

    fn prepare(&self, memory_bytes: u64) {
        // The limit, for RAM and RAM + swap alike (a program must not escape into swap).
        let limit = memory_bytes.max(4 << 20);
        if self.memory_limit.replace(limit) != limit {
            let limit = limit.to_string();
            if let Some(memsw) = &self.files.memsw_limit {
                let _ = memsw.write_at(b"-1", 0);
            }
            let _ = self.files.limit.write_at(limit.as_bytes(), 0);
            if let Some(memsw) = &self.files.memsw_limit {
                let _ = memsw.write_at(limit.as_bytes(), 0);
            }
        }
        let base = self.settled.take().unwrap_or_else(|| self.counters());
        self.base.set(base);
    }

    /// The group's CPU time (ns), OOM kills and refused tasks, read now.
    fn counters(&self) -> (u64, u64, u64) {
        (
            self.cpu_ns().unwrap_or(0),
            oom_kills(&self.files.oom_control).unwrap_or(0),
            refused_tasks(&self.files.pids_events),
        )
    }

    /// The group's CPU time, in ns, since it was made.
    fn cpu_ns(&self) -> Option<u64> {
        read_from_start(&self.files.cpu)?.trim().parse().ok()
    }

    /// CPU time of the whole tree in this run, in ms.
    fn cpu_ms(&self) -> Option<u64> {
        Some(self.cpu_ns()?.saturating_sub(self.base.get().0) / 1_000_000)
    }

    /// Resident memory of the whole tree now, in KiB (page cache aside).
    fn rss_kb(&self) -> Option<u64> {
        let text = read_from_start(&self.files.stat)?;
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|n| n.trim().parse::<u64>().ok())
        };
        Some((field("total_rss ")? + field("total_shmem ").unwrap_or(0)) / 1024)
    }

    /// Kills every process of the group until it is empty (a fork bomb refills it for a moment). Whether
    /// it was seen empty.
    fn kill_all(&self) -> bool {
        let procs = || match self.is_empty() {
            true => Some(String::new()),
            false => fs::read_to_string(&self.files.procs).ok(),
        };
        kill_listed(200, 1, procs, reap_orphans)
    }

    /// Whether no task is in the group (counted by the kernel as it forks and reaps, never a cached list).
    fn is_empty(&self) -> bool {
        read_from_start(&self.files.tasks).is_some_and(|n| n.trim() == "0")
    }

    /// What the run used; `emptied`: the group is empty now, so these counters are the next run's base.
    fn usage(&self, emptied: bool) -> TreeUsage {
        let (cpu, kills, refused) = self.base.get();
        let cpu_now = self.cpu_ns();
        let kills_now = oom_kills(&self.files.oom_control).unwrap_or(0);
        let refused_now = refused_tasks(&self.files.pids_events);
        self.settled
            .set(emptied.then_some((cpu_now.unwrap_or(0), kills_now, refused_now)));
        TreeUsage {
            cpu_us: cpu_now.map(|ns| ns.saturating_sub(cpu) / 1000),
            oom_killed: kills_now > kills,
            tasks_refused: refused_now > refused,
            emptied,
        }
    }
}

/// Removes the control groups (`harness-<pid>-<slot>`) that judges killed before they could remove their
/// own left behind: those whose judge is gone. What still runs in one (a program's child that outlived a
/// judge killed outright) is killed first.
fn sweep_dead_judges(base: &Path) {
    let Ok(entries) = fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("harness-"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !alive(pid) {
            kill_left_in(&entry.path());
            // Refused (and left for the next sweep) while a process is still in it.
            super::cgroup2::remove_tree(&entry.path());
        }
    }
}

/// The judge, interrupted, its launchers just killed (so they could not remove their groups): on cgroup
/// v2, the groups of its dead launchers in the judge's group are swept once the launchers are gone
/// (bounded), and the judge's group is given back (`cgroup2::restore_judge_group`): in a group of its
/// own (a service's) no later judge would sweep them. On v1 the next judge's sweep removes them.
pub fn sweep_interrupted() {
    if own_cgroup_dir("memory").is_some() {
        return;
    }
    let Some(unified) = super::cgroup2::unified() else {
        return;
    };
    let base = unified.beside_judge_leaf(std::process::id()).own;
    let dead_left = || {
        fs::read_dir(&base).is_ok_and(|entries| {
            entries.flatten().any(|e| {
                e.file_name()
                    .to_str()
                    .and_then(|n| n.strip_prefix("harness-")?.split('-').next()?.parse().ok())
                    .is_some_and(|pid: u32| !alive(pid))
            })
        })
    };
    for _ in 0..200 {
        sweep_dead_judges(&base);
        if !dead_left() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    super::cgroup2::restore_judge_group();
}

/// Whether a process runs: it exists and is not a zombie (a launcher whose judge was killed waits to be
/// reaped by whoever adopted it, which may take a while).
fn alive(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| !matches!(rest.trim_start().chars().next(), Some('Z' | 'X')))
    })
}

/// Kills every process listed in a dead judge's control group, for a few rounds (one may fork meanwhile;
/// the pids limit of the group bounds how many there can be). They are not ours to reap: their new parent
/// reaps them, and the group empties.
fn kill_left_in(group: &Path) {
    // v2: the whole subtree at once, where the kernel has `cgroup.kill`.
    if let Ok(kill) = fs::OpenOptions::new()
        .write(true)
        .open(group.join("cgroup.kill"))
    {
        let _ = kill.write_at(b"1", 0);
    }
    let procs = group.join("cgroup.procs");
    kill_listed(20, 5, || fs::read_to_string(&procs).ok(), || {});
    // v2: the launcher's leaf and the run's group in it.
    if let Ok(entries) = fs::read_dir(group) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                kill_left_in(&entry.path());
            }
        }
    }
}

/// Kills the processes a `cgroup.procs` text lists, round after round (`rounds` at most, `pause_ms`
/// apart, `after` each), until it lists none. Whether it was read and listed none.
fn kill_listed(
    rounds: u32,
    pause_ms: u64,
    procs: impl Fn() -> Option<String>,
    after: impl Fn(),
) -> bool {
    for _ in 0..rounds {
        let Some(text) = procs() else {
            return false;
        };
        let pids: Vec<i32> = text.lines().filter_map(|l| l.trim().parse().ok()).collect();
        if pids.is_empty() {
            return true;
        }
        for pid in pids {
            // SAFETY: killing a process of a control group of ours (this run's, or a dead judge's).
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        after();
        std::thread::sleep(std::time::Duration::from_millis(pause_ms));
    }
    false
}

fn refused_tasks(events: &fs::File) -> u64 {
    read_from_start(events)
        .and_then(|t| t.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn oom_kills(oom_control: &fs::File) -> Option<u64> {
    let text = read_from_start(oom_control)?;
    text.lines()
        .find_map(|l| l.strip_prefix("oom_kill "))
        .and_then(|n| n.trim().parse().ok())
}

/// The folder of the control group this process is in, for a v1 controller.
fn own_cgroup_dir(controller: &str) -> Option<PathBuf> {
    let text = fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = text.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|c| c == controller)
            .then(|| path.to_string())
    })?;
    let dir = Path::new("/sys/fs/cgroup")
        .join(controller)
        .join(path.trim_start_matches('/'));
    dir.is_dir().then_some(dir)
}

/// Reaps every child that has ended (orphans come back to the launcher, its subreaper).
pub fn reap_orphans() {
    loop {
        // SAFETY: reaping any ended child without blocking.
        let pid = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
        if pid <= 0 {
            return;
        }
    }
}

/// Kills every process the run left (a daemon that left the program's group included) and reaps them.
pub fn kill_adopted() {
    super::tree::kill_all();
}

/// Which control groups this process can create (`"v1"`: memory, pids and cpuacct; `"v2"`: the unified
/// hierarchy with memory and pids), or why none.
pub fn cgroup_probe() -> Result<&'static str, String> {
    if own_cgroup_dir("memory").is_some() {
        return probe_v1().map(|()| "v1");
    }
    match super::cgroup2::unified() {
        Some(unified) => {
            let judge = std::process::id();
            super::cgroup2::usable(&unified.beside_judge_leaf(judge), judge, &parent_of)
                .map(|()| "v2")
        }
        None => Err("neither cgroup v1 controllers nor a cgroup v2 hierarchy are mounted".into()),
    }
}

fn probe_v1() -> Result<(), String> {
    let name = format!("harness-probe-{}", std::process::id());
    for controller in ["memory", "pids", "cpuacct"] {
        let base = own_cgroup_dir(controller)
            .ok_or_else(|| format!("no cgroup v1 {controller} controller mounted"))?;
        let dir = base.join(&name);
        fs::create_dir(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let _ = fs::remove_dir(&dir);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A v1 group is seen empty as soon as its last process is gone, however often it was read just
    /// before: the launcher relies on that to skip its sweep of /proc after a run.
    #[test]
    fn a_v1_group_is_seen_empty_as_soon_as_its_processes_are_gone() {
        if own_cgroup_dir("memory").is_none() {
            eprintln!("SKIPPED v1 emptiness: no cgroup v1 memory controller here");
            return;
        }
        let Some(cgroup) = Cgroup::create(999) else {
            eprintln!("SKIPPED v1 emptiness: cannot create a v1 group (not root?)");
            return;
        };
        let mut sleeper = std::process::Command::new("sleep")
            .arg("3617")
            .spawn()
            .unwrap();
        let pid = sleeper.id().to_string();
        // Through the descriptors a run's child writes into.
        let joined = cgroup
            .files
            .joins
            .iter()
            .all(|mut file| std::io::Write::write_all(&mut file, pid.as_bytes()).is_ok());
        let full = cgroup.is_empty();
        let listed = fs::read_to_string(&cgroup.files.procs).unwrap_or_default();
        // Read again and again, as `kill_all` does, while the sleeper goes.
        let _ = sleeper.kill();
        let _ = sleeper.wait();
        let empty = cgroup.is_empty();
        let left = fs::read_to_string(&cgroup.files.procs).unwrap_or_default();
        let Cgroup { dirs, files, .. } = cgroup;
        drop(files);
        for dir in &dirs {
            let _ = fs::remove_dir(dir);
        }
        assert!(joined, "the sleeper could not join the group");
        assert!(!full, "a group with a sleeper was seen empty");
        assert_eq!(listed.trim(), pid);
        assert!(
            empty,
            "the group was not seen empty once the sleeper was gone"
        );
        assert_eq!(left, "", "the group still lists a pid that is gone");
    }

    /// On a kernel's unified hierarchy, where this process may make groups (root, here a hybrid machine
    /// whose v2 hierarchy has no memory or pids controller): a dead judge's v2 group with a process in
    /// its nested run group is killed (`cgroup.kill`) and removed, leaf first; the process's CPU is in
    /// `cpu.stat`; and a launcher group is refused, with nothing made, without the controllers.
    #[test]
    fn a_dead_judges_v2_groups_are_killed_and_removed_on_a_real_hierarchy() {
        let Some(unified) = super::super::cgroup2::unified() else {
            eprintln!("SKIPPED real v2 sweep: no cgroup2 mounted");
            return;
        };
        // No process has this pid: the kernel's pid_max is at most 2^22.
        let group = unified.own.join("harness-999999998-0");
        let run = group.join("run");
        if fs::create_dir(&group).is_err() {
            eprintln!(
                "SKIPPED real v2 sweep: cannot create a group in {}",
                unified.own.display()
            );
            return;
        }
        fs::create_dir(group.join("launcher")).unwrap();
        fs::create_dir(&run).unwrap();
        let mut sleeper = std::process::Command::new("sleep")
            .arg("3613")
            .spawn()
            .unwrap();
        fs::write(run.join("cgroup.procs"), sleeper.id().to_string()).unwrap();
        let cpu = fs::read_to_string(run.join("cpu.stat")).unwrap();
        assert!(cpu.lines().any(|l| l.starts_with("usage_usec ")), "{cpu}");
        sweep_dead_judges(&unified.own);
        // Bounded: a sleeper the sweep missed is killed here, and the test fails.
        let mut status = None;
        for _ in 0..500 {
            status = sleeper.try_wait().unwrap();
            if status.is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let left = group.exists();
        if status.is_none() || left {
            let _ = sleeper.kill();
            let _ = sleeper.wait();
            super::super::cgroup2::remove_tree(&group);
        }
        let signal = status.and_then(|s| std::os::unix::process::ExitStatusExt::signal(&s));
        assert_eq!(
            signal,
            Some(libc::SIGKILL),
            "the sleeper survived the sweep"
        );
        assert!(!left, "{} left", group.display());
        let controllers = fs::read_to_string(unified.own.join("cgroup.controllers")).unwrap();
        if !controllers.split_whitespace().any(|c| c == "memory") {
            let refused = super::super::cgroup2::LauncherGroup::create(
                &unified,
                "harness-999999998-1",
                std::process::id(),
                1,
                TASK_LIMIT,
                parent_of,
            );
            assert!(refused.is_err());
            assert!(!unified.own.join("harness-999999998-1").exists());
        }
    }
}
