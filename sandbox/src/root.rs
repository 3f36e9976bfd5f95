//! The program's root: an allowlist, not a blocklist. A program under judgement starts in an empty file
//! system that holds only what programs of the language table need, all read-only:
//!
//! - the system's program and library folders (`/usr`, with `/usr/local`; `/opt`; `/bin`, `/lib`, ...
//!   as the links or folders they are on the machine);
//! - a minimal `/etc`: the dynamic linker's cache and configuration, `alternatives` (where Debian's
//!   `java`, `python3`, ... links lead), the time zone, the runtimes' own configuration folders (`java-*`,
//!   `python3*`, `pypy*`), and a `passwd` and `group` that name only root and the program's user;
//! - a minimal `/dev` (`null`, `zero`, `full`, `random`, `urandom`, and the `fd`, `stdin`, `stdout`,
//!   `stderr` links);
//! - `/proc`: a `proc` of the program's own pid namespace (`template`), where only the processes of
//!   the run are (and its init; as root, `hidepid=2` hides even that one, not the program's user's);
//!   where no such `proc` can be mounted (a run that sets up its own namespaces, not root), the
//!   machine's, read-only;
//! - its own build, at the path it has on the machine (the folders leading to it made anew, empty);
//! - empty, private, writable `/tmp` and `/dev/shm`, each at most the run's memory limit.
//!
//! No workspace, no `.git`, no homes, no other checkout, no other build. The root is built in a `tmpfs`
//! staged over `/tmp` of the new mount namespace, entered with `pivot_root`, and the old root detached.
//! What the plan needs is prepared before the fork (`RootPlan::new`, once per launcher): the child only
//! makes system calls on it.

use std::ffi::{CStr, CString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Where the new root is staged in the new mount namespace before `pivot_root`.
const STAGE: &str = "/tmp";

/// Top-level folders of the machine taken into the root (as links where they are links).
pub(crate) const SYSTEM: [&str; 8] = [
    "usr", "opt", "bin", "sbin", "lib", "lib32", "lib64", "libx32",
];

/// Entries of `/etc` taken into the root: exact names, or prefixes ending in `*`.
const ETC: [&str; 11] = [
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "localtime",
    "java*",
    "python*",
    "pypy*",
    "ssl",
    "nsswitch.conf",
    "host.conf",
];

/// Devices bound into `/dev`.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// One step of building the root, on prepared C strings.
enum Step {
    Dir(CString),
    Link {
        target: CString,
        at: CString,
    },
    /// A bind mount of a machine's folder or file (`dir`: made as a folder, else as an empty file).
    Bind {
        from: CString,
        at: CString,
        dir: bool,
    },
    /// A file written with these bytes.
    Write {
        at: CString,
        bytes: Vec<u8>,
    },
}

/// How to build a program's root, prepared once per launcher.
pub struct RootPlan {
    steps: Vec<Step>,
    stage: CString,
    proc_at: CString,
    tmp_at: CString,
    shm_at: CString,
}

fn c(path: impl AsRef<[u8]>) -> CString {
    CString::new(path.as_ref().to_vec()).unwrap_or_default()
}

fn staged(path: &str) -> CString {
    c(format!("{STAGE}{path}"))
}

impl RootPlan {
    /// The plan for programs that run as `uid`.
    pub fn new(uid: u32, gid: u32) -> RootPlan {
        let mut steps = Vec::new();
        for name in SYSTEM {
            let host = format!("/{name}");
            match std::fs::symlink_metadata(&host) {
                Ok(m) if m.file_type().is_symlink() => {
                    if let Ok(target) = std::fs::read_link(&host) {
                        steps.push(Step::Link {
                            target: c(target.as_os_str().as_bytes()),
                            at: staged(&host),
                        });
                    }
                }
                Ok(m) if m.is_dir() => steps.push(Step::Bind {
                    from: c(&host),
                    at: staged(&host),
                    dir: true,
                }),
                _ => {}
            }
        }
        for dir in ["/etc", "/dev", "/proc", "/tmp", "/dev/shm"] {
            steps.push(Step::Dir(staged(dir)));
        }
        let mut etc: Vec<_> = std::fs::read_dir("/etc")
            .map(|entries| entries.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        etc.sort();
        for name in etc {
            let name = name.to_string_lossy();
            let wanted = ETC.iter().any(|pattern| match pattern.strip_suffix('*') {
                Some(prefix) => name.starts_with(prefix),
                None => name == *pattern,
            });
            // Only the wanted entries are looked at (the launcher plans this as it starts).
            if !wanted {
                continue;
            }
            let host = format!("/etc/{name}");
            let Ok(metadata) = std::fs::metadata(&host) else {
                continue;
            };
            steps.push(Step::Bind {
                from: c(&host),
                at: staged(&host),
                dir: metadata.is_dir(),
            });
        }
        steps.push(Step::Write {
            at: staged("/etc/passwd"),
            bytes: format!(
                "root:x:0:0:root:/:/usr/sbin/nologin\nsandbox:x:{uid}:{gid}:sandbox:/tmp:/usr/sbin/nologin\n"
            )
            .into_bytes(),
        });
        steps.push(Step::Write {
            at: staged("/etc/group"),
            bytes: format!("root:x:0:\nsandbox:x:{gid}:\n").into_bytes(),
        });
        for device in DEVICES {
            let host = format!("/dev/{device}");
            if Path::new(&host).exists() {
                steps.push(Step::Bind {
                    from: c(&host),
                    at: staged(&host),
                    dir: false,
                });
            }
        }
        for (target, at) in [
            ("/proc/self/fd", "/dev/fd"),
            ("/proc/self/fd/0", "/dev/stdin"),
            ("/proc/self/fd/1", "/dev/stdout"),
            ("/proc/self/fd/2", "/dev/stderr"),
        ] {
            steps.push(Step::Link {
                target: c(target),
                at: staged(at),
            });
        }
        RootPlan {
            steps,
            stage: c(STAGE),
            proc_at: staged("/proc"),
            tmp_at: staged("/tmp"),
            shm_at: staged("/dev/shm"),
        }
    }

    /// The path a folder of the machine has while the root is staged.
    pub fn staged(path: &CStr) -> CString {
        let mut bytes = STAGE.as_bytes().to_vec();
        bytes.extend_from_slice(path.to_bytes());
        CString::new(bytes).unwrap_or_default()
    }

    /// Builds the root staged over `/tmp`, with everything of the plan and empty `/tmp` and `/dev/shm`
    /// (`tmpfs` with `tmp_options`). The caller binds the build, then calls `enter`.
    ///
    /// # Safety
    /// Only in a child between fork and exec (or a holder), in a new mount namespace whose mounts are
    /// private: makes only system calls on data prepared before the fork.
    pub unsafe fn build(&self, tmp_options: &CStr) -> bool {
        // SAFETY: the contract: a child before exec (or a holder) in a new mount namespace with private
        // mounts, so the mounts below change that namespace only; every path is a C string of this plan,
        // prepared before the fork, or a constant.
        unsafe {
            let none = std::ptr::null::<libc::c_char>();
            let tmpfs = c"tmpfs".as_ptr();
            let flags = libc::MS_NOSUID | libc::MS_NODEV;
            if libc::mount(
                tmpfs,
                self.stage.as_ptr(),
                tmpfs,
                flags,
                c"mode=0755".as_ptr().cast(),
            ) != 0
            {
                return false;
            }
            for step in &self.steps {
                match step {
                    Step::Dir(at) => {
                        libc::mkdir(at.as_ptr(), 0o755);
                    }
                    Step::Link { target, at } => {
                        libc::symlink(target.as_ptr(), at.as_ptr());
                    }
                    Step::Bind { from, at, dir } => {
                        if *dir {
                            libc::mkdir(at.as_ptr(), 0o755);
                        } else {
                            let fd = libc::open(at.as_ptr(), libc::O_CREAT | libc::O_WRONLY, 0o644);
                            if fd >= 0 {
                                libc::close(fd);
                            }
                        }
                        libc::mount(
                            from.as_ptr(),
                            at.as_ptr(),
                            none,
                            libc::MS_BIND | libc::MS_REC,
                            std::ptr::null(),
                        );
                    }
                    Step::Write { at, bytes } => {
                        let fd = libc::open(at.as_ptr(), libc::O_CREAT | libc::O_WRONLY, 0o644);
                        if fd >= 0 {
                            libc::write(fd, bytes.as_ptr().cast(), bytes.len());
                            libc::close(fd);
                        }
                    }
                }
            }
            // The private `/tmp` and `/dev/shm`, each at most the memory limit.
            for dir in [&self.tmp_at, &self.shm_at] {
                libc::mount(
                    tmpfs,
                    dir.as_ptr(),
                    tmpfs,
                    flags,
                    tmp_options.as_ptr().cast(),
                );
            }
            // A `proc` of the caller's pid namespace (refused to a user namespace without one of its own).
            let proc_ok = libc::mount(
                c"proc".as_ptr(),
                self.proc_at.as_ptr(),
                c"proc".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                c"hidepid=2".as_ptr().cast(),
            ) == 0;
            if !proc_ok {
                libc::mount(
                    c"/proc".as_ptr(),
                    self.proc_at.as_ptr(),
                    none,
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                );
            }
            true
        }
    }

    /// Enters the staged root (`pivot_root`), detaches the machine's, and makes everything read-only.
    ///
    /// # Safety
    /// As `build`, after it.
    pub unsafe fn enter(&self) -> bool {
        // SAFETY: `build`'s contract, after it: chdir, pivot_root, umount2 and the read-only remount act on
        // this process's own mount namespace, with C strings of this plan or constants.
        unsafe {
            if libc::chdir(self.stage.as_ptr()) != 0 {
                return false;
            }
            // The new root stacked over the old one, which is then detached from under it.
            let dot = c".".as_ptr();
            if libc::syscall(libc::SYS_pivot_root, dot, dot) != 0 {
                return false;
            }
            libc::umount2(dot, libc::MNT_DETACH);
            libc::chdir(c"/".as_ptr());
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_takes_the_system_folders_and_a_minimal_etc_only() {
        let plan = RootPlan::new(61000, 61000);
        let targets: Vec<String> = plan
            .steps
            .iter()
            .filter_map(|step| match step {
                Step::Bind { at, .. } | Step::Link { at, .. } | Step::Write { at, .. } => {
                    Some(at.to_string_lossy().into_owned())
                }
                Step::Dir(_) => None,
            })
            .collect();
        assert!(targets.iter().any(|t| t == "/tmp/usr"), "{targets:?}");
        assert!(targets.iter().any(|t| t == "/tmp/dev/null"), "{targets:?}");
        assert!(
            targets.iter().any(|t| t == "/tmp/etc/passwd"),
            "{targets:?}"
        );
        for secret in [
            "/tmp/etc/shadow",
            "/tmp/root",
            "/tmp/home",
            "/tmp/etc/hostname",
        ] {
            assert!(!targets.iter().any(|t| t == secret), "{secret}");
        }
        let passwd = plan.steps.iter().find_map(|step| match step {
            Step::Write { at, bytes } if at.to_bytes().ends_with(b"passwd") => Some(bytes),
            _ => None,
        });
        assert_eq!(
            String::from_utf8_lossy(passwd.unwrap()).lines().count(),
            2,
            "root and the program's user"
        );
    }
}
