//! Containment of the programs under judgement (the launcher's side), with what the machine offers:
//! - a control group per launcher (cgroup v1 memory + pids + cpuacct, or v2): memory enforced by the kernel
//!   at the limit, a task limit, CPU time of the whole process tree, and every process of the run killed at
//!   its end, a double-forked daemon included;
//! - when the judge runs as root: the program runs as an unprivileged uid with `no_new_privs`, in its own
//!   mount namespace where the workspace's data folders are hidden under empty file systems and `/tmp`,
//!   `/dev/shm` and its working folder are private and empty;
//! - always: the launcher is not dumpable (its descriptors are out of reach through /proc), it is the
//!   subreaper of everything the program starts, and no descriptor but 0, 1, 2 reaches the program.
//!
//! Each layer that is not available is skipped and named in `Isolation::describe`. This is not a hardened
//! sandbox against kernel exploits.

use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The first uid (and gid) of the sandbox: worker N runs its programs as `SANDBOX_UID + N`.
pub const SANDBOX_UID: u32 = 61000;
/// Tasks a run may have at once (processes and threads).
pub const TASK_LIMIT: u64 = 64;

/// The launcher's containment, set up once.
pub struct Isolation {
    cgroup: Option<Cgroup>,
    /// The uid programs run as, when the launcher is root.
    uid: Option<u32>,
    /// Folders hidden from the program (mount namespace), as C strings ready for the child.
    hidden: Vec<CString>,
    mount_ns: bool,
}

impl Isolation {
    /// Sets up what the machine allows; `hide` are folders the program must not see (the workspace's data).
    pub fn new(slot: u32, hide: &[PathBuf]) -> Isolation {
        // SAFETY: plain prctl and getuid calls.
        unsafe {
            libc::prctl(libc::PR_SET_DUMPABLE, 0);
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
        }
        // SAFETY: getuid has no preconditions.
        let root = unsafe { libc::getuid() } == 0;
        let hidden = hide
            .iter()
            .filter(|p| p.is_dir())
            .filter_map(|p| CString::new(p.as_os_str().as_bytes()).ok())
            .collect();
        Isolation {
            cgroup: Cgroup::create(slot),
            uid: root.then_some(SANDBOX_UID + slot),
            hidden,
            mount_ns: root,
        }
    }

    /// What is active, one phrase each.
    pub fn describe(&self) -> Vec<String> {
        let mut active = vec!["launcher not dumpable, subreaper of the run".to_string()];
        match &self.cgroup {
            Some(cgroup) => active.push(format!(
                "control group ({}): memory limit, {TASK_LIMIT} tasks, CPU of the whole tree",
                cgroup.kind
            )),
            None => active.push("no control group available: memory sampled, no task limit".into()),
        }
        match self.uid {
            Some(uid) => active.push(format!(
                "runs as uid {uid} with no_new_privs, in a mount namespace (data hidden, private /tmp)"
            )),
            None => active.push("not root: runs as the judge's user, data readable".into()),
        }
        active
    }

    /// Before a run: limits reset for it.
    pub fn prepare(&self, memory_bytes: u64) {
        if let Some(cgroup) = &self.cgroup {
            cgroup.prepare(memory_bytes);
        }
    }

    /// The files the child writes its pid into, to join the control group.
    pub fn join_files(&self) -> Vec<CString> {
        self.cgroup
            .as_ref()
            .map_or_else(Vec::new, Cgroup::procs_files)
    }

    /// Whether the program is to run as another user in its own mount namespace.
    pub fn uid(&self) -> Option<u32> {
        self.uid
    }

    pub fn mount_ns(&self) -> bool {
        self.mount_ns
    }

    pub fn hidden(&self) -> &[CString] {
        &self.hidden
    }

    pub fn has_cgroup(&self) -> bool {
        self.cgroup.is_some()
    }

    /// CPU time of the whole tree so far, when a control group counts it.
    pub fn tree_cpu_ms(&self) -> Option<u64> {
        self.cgroup.as_ref()?.cpu_ms()
    }

    /// Resident memory of the whole tree now, when a control group counts it.
    pub fn tree_rss_kb(&self) -> Option<u64> {
        self.cgroup.as_ref()?.rss_kb()
    }

    /// After a run: every process still in the run's group is killed, and what the tree used is read.
    pub fn finish(&self) -> TreeUsage {
        let Some(cgroup) = &self.cgroup else {
            return TreeUsage::default();
        };
        cgroup.kill_all();
        cgroup.usage()
    }
}

impl Drop for Isolation {
    fn drop(&mut self) {
        if let Some(cgroup) = &self.cgroup {
            cgroup.kill_all();
            for dir in &cgroup.dirs {
                let _ = fs::remove_dir(dir);
            }
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
}

/// One control group per launcher, reused run after run.
struct Cgroup {
    kind: &'static str,
    /// The memory, pids and cpuacct folders.
    dirs: Vec<PathBuf>,
    /// The group's OOM kills and refused tasks before the current run.
    base: std::cell::Cell<(u64, u64)>,
}

impl Cgroup {
    fn create(slot: u32) -> Option<Cgroup> {
        let name = format!("harness-{}-{slot}", std::process::id());
        let v1 = ["memory", "pids", "cpuacct"];
        let mut dirs = Vec::new();
        for controller in v1 {
            let base = own_cgroup_dir(controller)?;
            let dir = base.join(&name);
            if fs::create_dir(&dir).is_err() {
                for made in &dirs {
                    let _ = fs::remove_dir(made);
                }
                return None;
            }
            dirs.push(dir);
        }
        Some(Cgroup {
            kind: "v1",
            dirs,
            base: std::cell::Cell::new((0, 0)),
        })
    }

    fn dir(&self, controller: &str) -> &Path {
        let i = ["memory", "pids", "cpuacct"]
            .iter()
            .position(|c| *c == controller)
            .expect("a v1 controller");
        &self.dirs[i]
    }

    fn prepare(&self, memory_bytes: u64) {
        let memory = self.dir("memory");
        // The limit, for RAM and RAM + swap alike (a program must not escape into swap).
        let limit = memory_bytes.max(4 << 20).to_string();
        let _ = fs::write(memory.join("memory.memsw.limit_in_bytes"), "-1");
        let _ = fs::write(memory.join("memory.limit_in_bytes"), &limit);
        let _ = fs::write(memory.join("memory.memsw.limit_in_bytes"), &limit);
        for file in [
            "memory.max_usage_in_bytes",
            "memory.failcnt",
            "memory.memsw.failcnt",
        ] {
            let _ = fs::write(memory.join(file), "0");
        }
        let _ = fs::write(self.dir("pids").join("pids.max"), TASK_LIMIT.to_string());
        let _ = fs::write(self.dir("cpuacct").join("cpuacct.usage"), "0");
        // The counters only grow: remembered to tell this run's events apart.
        self.base.set((
            oom_kills(self.dir("memory")).unwrap_or(0),
            refused_tasks(self.dir("pids")),
        ));
    }

    /// CPU time of the whole tree so far, in ms.
    fn cpu_ms(&self) -> Option<u64> {
        let text = fs::read_to_string(self.dir("cpuacct").join("cpuacct.usage")).ok()?;
        text.trim().parse::<u64>().ok().map(|ns| ns / 1_000_000)
    }

    /// Resident memory of the whole tree now, in KiB (page cache aside).
    fn rss_kb(&self) -> Option<u64> {
        let text = fs::read_to_string(self.dir("memory").join("memory.stat")).ok()?;
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|n| n.trim().parse::<u64>().ok())
        };
        Some((field("total_rss ")? + field("total_shmem ").unwrap_or(0)) / 1024)
    }

    fn procs_files(&self) -> Vec<CString> {
        self.dirs
            .iter()
            .filter_map(|d| CString::new(d.join("cgroup.procs").as_os_str().as_bytes()).ok())
            .collect()
    }

    /// Kills every process of the group until it is empty (a fork bomb refills it for a moment).
    fn kill_all(&self) {
        let procs = self.dir("pids").join("cgroup.procs");
        for _ in 0..200 {
            let pids: Vec<i32> = fs::read_to_string(&procs)
                .unwrap_or_default()
                .lines()
                .filter_map(|l| l.trim().parse().ok())
                .collect();
            if pids.is_empty() {
                return;
            }
            for pid in pids {
                // SAFETY: killing a process of the run's group.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            reap_orphans();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    fn usage(&self) -> TreeUsage {
        let cpu_ns = fs::read_to_string(self.dir("cpuacct").join("cpuacct.usage"))
            .ok()
            .and_then(|t| t.trim().parse::<u64>().ok());
        let (kills, refused) = self.base.get();
        TreeUsage {
            cpu_us: cpu_ns.map(|ns| ns / 1000),
            oom_killed: oom_kills(self.dir("memory")).unwrap_or(0) > kills,
            tasks_refused: refused_tasks(self.dir("pids")) > refused,
        }
    }
}

fn refused_tasks(pids: &Path) -> u64 {
    fs::read_to_string(pids.join("pids.events"))
        .ok()
        .and_then(|t| t.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn oom_kills(memory: &Path) -> Option<u64> {
    let text = fs::read_to_string(memory.join("memory.oom_control")).ok()?;
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

/// Kills the processes the launcher adopted (a daemon that left the program's group) and reaps them.
pub fn kill_adopted() {
    for pid in children().unwrap_or_else(children_from_scan) {
        // SAFETY: killing a child of ours.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    reap_orphans();
}

/// The launcher's children, from `/proc/self/task/*/children` (a file per thread); `None` when the
/// kernel has no such files.
fn children() -> Option<Vec<i32>> {
    let mut pids = Vec::new();
    for task in fs::read_dir("/proc/self/task").ok()?.flatten() {
        let text = fs::read_to_string(task.path().join("children")).ok()?;
        pids.extend(
            text.split_whitespace()
                .filter_map(|p| p.parse::<i32>().ok()),
        );
    }
    Some(pids)
}

/// The launcher's children, found by reading every process's parent (slow: a file per process).
fn children_from_scan() -> Vec<i32> {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let parent_of = |entry: &fs::DirEntry| {
        let stat = fs::read_to_string(entry.path().join("stat")).ok()?;
        stat.rsplit_once(')')?
            .1
            .split_whitespace()
            .nth(1)?
            .parse::<i32>()
            .ok()
    };
    fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| parent_of(entry) == Some(me))
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .collect()
}
