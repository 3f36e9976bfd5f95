//! Which containment layers this machine and this user offer, probed the same way by the launcher (which
//! uses them) and by `harness doctor` and the reports (which say what is active, and why not).

use std::os::fd::{FromRawFd, OwnedFd};
use std::sync::OnceLock;

/// One layer of containment: a short stable name, whether it is active, and what it does or why not.
#[derive(Debug, Clone)]
pub struct Layer {
    pub name: &'static str,
    pub active: bool,
    pub detail: String,
}

/// The judge's real uid.
pub fn uid() -> u32 {
    // SAFETY: getuid has no preconditions.
    unsafe { libc::getuid() }
}

pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// The running kernel's version, (major, minor); (0, 0) when unknown.
pub fn kernel_version() -> (u32, u32) {
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let mut parts = release
        .split(|c: char| !c.is_ascii_digit())
        .map(|p| p.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// Whether RLIMIT_NPROC is counted per user namespace (Linux 5.14): only then does a limit of 64 in the
/// program's own namespace count the run's tasks alone, not every process of the judge's user.
pub fn task_limit_per_user_namespace() -> bool {
    kernel_version() >= (5, 14)
}

/// Whether the kernel has `mount_setattr` (Linux 5.12), to make a namespace's mounts read-only.
pub fn read_only_mounts() -> bool {
    kernel_version() >= (5, 12)
}

/// Whether an unprivileged process can create a user namespace with a mount namespace in it (probed once,
/// in a child that does nothing else).
pub fn user_namespaces() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| {
        // SAFETY: the child only calls unshare and _exit, both async-signal-safe.
        let pid = unsafe { libc::fork() };
        match pid {
            -1 => false,
            // SAFETY: in the child of the fork above: unshare and _exit only, both async-signal-safe.
            0 => unsafe {
                let ok = libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS) == 0;
                libc::_exit(if ok { 0 } else { 1 })
            },
            pid => {
                let mut status = 0;
                // SAFETY: reaping our own child.
                let reaped = unsafe { libc::waitpid(pid, &mut status, 0) };
                reaped == pid && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
            }
        }
    })
}

/// Landlock's ABI version, when the kernel has it enabled.
pub fn landlock_abi() -> Option<i64> {
    const CREATE_RULESET_VERSION: u32 = 1;
    // SAFETY: landlock_create_ruleset with a null attribute and the version flag only returns a number.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            CREATE_RULESET_VERSION,
        )
    };
    (abi > 0).then_some(abi)
}

/// `struct landlock_ruleset_attr` of Landlock ABI 6.
#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

/// A ruleset that scopes signals and abstract unix sockets to the process's own domain (ABI 6, Linux 6.12).
pub fn landlock_scope_ruleset() -> Option<OwnedFd> {
    const SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1;
    const SCOPE_SIGNAL: u64 = 2;
    if landlock_abi()? < 6 {
        return None;
    }
    let attr = RulesetAttr {
        handled_access_fs: 0,
        handled_access_net: 0,
        scoped: SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL,
    };
    // SAFETY: a valid attribute of the size given; the kernel returns a new descriptor (close-on-exec).
    let fd = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            &attr as *const RulesetAttr,
            std::mem::size_of::<RulesetAttr>(),
            0u32,
        )
    };
    // SAFETY: a descriptor we just received and own.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

/// Every layer, active or not, with the reason.
pub fn layers() -> Vec<Layer> {
    let root = is_root();
    let userns = !root && user_namespaces();
    let cgroup = super::isolate::cgroup_probe();
    let layer = |name, active, detail: String| Layer {
        name,
        active,
        detail,
    };
    let no_cgroup = |what: &str| match &cgroup {
        Ok(version) => format!("{what}, by the kernel (cgroup {version})"),
        Err(why) => format!("no control group: {why}"),
    };
    let hierarchy = |version: &str| {
        match &cgroup {
        Ok(found) if *found == version => match version {
            "v1" => "a group per launcher in the memory, pids and cpuacct hierarchies".to_string(),
            _ => "a group per launcher in the unified hierarchy: memory.max (swap off), pids.max, cpu.stat, cgroup.kill".to_string(),
        },
        Ok(found) => format!("not used: cgroup {found} is"),
        Err(why) => format!("no control group: {why}"),
    }
    };
    let mount_why = match (root, userns) {
        (true, _) => "as root".to_string(),
        (false, true) => "in the program's own user namespace".to_string(),
        (false, false) => {
            "not root, and user namespaces are not available to this user".to_string()
        }
    };
    vec![
        layer("cgroup-v1", cgroup == Ok("v1"), hierarchy("v1")),
        layer("cgroup-v2", cgroup == Ok("v2"), hierarchy("v2")),
        layer("cgroup-memory", cgroup.is_ok(), no_cgroup("memory of the whole tree limited")),
        layer("cgroup-pids", cgroup.is_ok(), no_cgroup(&format!("{} tasks per run", super::isolate::TASK_LIMIT))),
        layer("cgroup-cpu", cgroup.is_ok(), no_cgroup("CPU time of the whole tree counted")),
        layer(
            "tree-sampling",
            cgroup.is_err(),
            match cgroup.is_err() {
                true => "memory and CPU of every process of the run sampled from /proc, killed at the limit: no kernel limit, so a tree may pass its memory limit by what it allocates between two samples (5 ms), and the page cache and kernel memory are not counted".into(),
                false => "not needed: the control group counts the tree".into(),
            },
        ),
        layer(
            "uid-switch",
            root,
            match root {
                true => format!("programs run as uid {}+worker", super::isolate::SANDBOX_UID),
                false => "not root: programs run as the judge's user".into(),
            },
        ),
        layer(
            "user-namespace",
            userns,
            match (root, userns) {
                (true, _) => "not needed as root (uid switch)".into(),
                (false, true) => "the program's uid mapped to itself, no capability after exec".into(),
                (false, false) => "unshare(CLONE_NEWUSER) refused for this user".into(),
            },
        ),
        layer(
            "task-limit-rlimit",
            userns && task_limit_per_user_namespace(),
            match (userns, task_limit_per_user_namespace()) {
                (true, true) => format!("RLIMIT_NPROC {} counted in the program's user namespace", super::isolate::TASK_LIMIT),
                (true, false) => "RLIMIT_NPROC is counted per user before Linux 5.14: not set".into(),
                (false, _) => "only inside a user namespace of the program's own".into(),
            },
        ),
        layer(
            "mount-namespace",
            root || userns,
            match read_only_mounts() {
                true => format!("read-only file system: {mount_why}"),
                false => format!("no mount_setattr before Linux 5.12: the root's own folders are writable: {mount_why}"),
            },
        ),
        layer(
            "allowlist-root",
            root || userns,
            format!("the program's root holds only the system's program and library folders, a minimal /etc and /dev, /proc, its own build and private /tmp and /dev/shm: no workspace, no home: {mount_why}"),
        ),
        layer("private-tmp", root || userns, format!("empty /tmp, /dev/shm and working folder per run, each at most the memory limit: {mount_why}")),
        layer("network-namespace", root || userns, format!("no network: no interface up, not even loopback: {mount_why}")),
        layer("ipc-namespace", root || userns, format!("System V IPC and POSIX queues of the run's own, gone with it: {mount_why}")),
        layer("uts-namespace", root || userns, format!("a host name of the run's own: {mount_why}")),
        layer(
            "proc-hidepid",
            root,
            match root {
                true => "the program's /proc hides the processes of other users (its pid namespace's init, root) too".into(),
                false => "not root: the namespace's init runs as the program's user, and is visible to it".into(),
            },
        ),
        layer(
            "pid-namespace",
            root || userns,
            match root || userns {
                true => format!("a pid namespace per program whose init dies with the launcher: nothing the program starts outlives a judge killed outright; its /proc shows the run's processes only: {mount_why}"),
                false => "not root, and user namespaces are not available to this user: the program sees the machine's /proc, and the subreaper and the tree sweep stop every process".into(),
            },
        ),
        landlock_layer(),
        seccomp_layer(),
        layer("no-new-privs", true, "set before exec".into()),
        layer("subreaper", true, "every orphan of the run is adopted (by the launcher, or in a pid namespace by its init) and killed".into()),
        layer("not-dumpable", true, "the launcher's descriptors are out of reach through /proc".into()),
        layer("descriptors-closed", true, "only 0, 1, 2 reach the program".into()),
    ]
}

/// Landlock's signal and socket scopes (ABI 6, Linux 6.12).
fn landlock_layer() -> Layer {
    let landlock = landlock_abi();
    Layer {
        name: "landlock-scope",
        active: landlock.is_some_and(|abi| abi >= 6),
        detail: match landlock {
            Some(abi) if abi >= 6 => {
                format!("Landlock ABI {abi}: no signal to the launcher or the judge")
            }
            Some(abi) => format!("Landlock ABI {abi} has no scopes (needs 6, Linux 6.12)"),
            None => "Landlock not enabled in this kernel".into(),
        },
    }
}

/// The system-call filter of every program under judgement (`seccomp`).
fn seccomp_layer() -> Layer {
    let active = super::seccomp::for_runs().is_some();
    Layer {
        name: "seccomp",
        active,
        detail: match (active, super::seccomp::available()) {
            (true, _) => format!(
                "a system-call filter, installed last before exec: killed (SIGSYS) for {}; ENOSYS for {}",
                super::seccomp::killed_calls().collect::<Vec<_>>().join(", "),
                super::seccomp::refused_calls().collect::<Vec<_>>().join(", ")
            ),
            (false, true) => "the filter cannot be built for this architecture".into(),
            (false, false) => "seccomp filters not enabled in this kernel".into(),
        },
    }
}

/// The names of the active layers (the JSON report's `isolation`).
pub fn active() -> Vec<String> {
    layers()
        .into_iter()
        .filter(|l| l.active)
        .map(|l| l.name.to_string())
        .collect()
}
