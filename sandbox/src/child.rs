//! The child's side of containment: what it does between fork and exec, prepared before the fork so that
//! nothing is allocated after it (joining the control group, the mount namespace, dropping to the sandbox's
//! uid).

use std::ffi::{CStr, CString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::isolate::{Isolation, UserNsMaps, TASK_LIMIT};
use super::root::RootPlan;
use super::template::Join;

/// What the child does between fork and exec to contain itself, prepared before forking (no allocation
/// after the fork).
pub struct ChildSetup {
    /// `cgroup.procs` files (descriptors) to write the child's pid into.
    pub join: Vec<i32>,
    /// The uid (and gid) to run as.
    pub uid: Option<u32>,
    /// A new mount namespace whose root is the allowlist (`root`), and new network, IPC and UTS
    /// namespaces.
    pub mount_ns: bool,
    /// How to build the root.
    pub root: Option<std::sync::Arc<RootPlan>>,
    /// The cache's `bin` folder and the program's own build folder in it, bound into the root from a
    /// descriptor opened before the root is built (the folders leading to it made anew: a private folder
    /// on the machine's way to it does not matter).
    pub bin: Option<(CString, CString)>,
    /// `tmpfs` options of the private `/tmp` and `/dev/shm`: each at most the memory limit.
    pub tmp_options: CString,
    /// Not root: a user namespace of the program's own first (the mount namespace needs it), with the
    /// task limit counted in it.
    pub userns: Option<UserNsMaps>,
    /// A Landlock ruleset to restrict the program with (scoped signals and sockets).
    pub landlock: Option<i32>,
    /// The program's prepared namespaces (`template`), joined instead of set up anew.
    pub template: Option<Join>,
    /// What the run sees beyond the allowlist root (`protocol::Bind`), parents before what they hold.
    pub binds: Vec<Bound>,
    /// More binds than `MAX_BINDS` were asked for: the run is refused.
    pub too_many_binds: bool,
    /// The working folder, entered last.
    pub cwd: Option<CString>,
    /// The system-call filters of a program under judgement (`seccomp`), installed right before exec.
    pub seccomp: Option<[super::seccomp::Program; 2]>,
}

/// The most binds a run may have (their descriptors are held in a fixed array between fork and exec).
pub const MAX_BINDS: usize = 32;

/// A bind of the run, prepared before the fork.
pub struct Bound {
    pub from: CString,
    /// Where it is while the root is staged (`RootPlan::staged`), and that folder's parent.
    staged: CString,
    staged_parent: CString,
    /// Where it is in the root.
    pub to: CString,
    pub writable: bool,
    pub dir: bool,
    /// The device and inode of `from`: a namespace is prepared for these very files.
    pub id: (u64, u64),
}

impl ChildSetup {
    /// The setup of a program: only the control group for the judge's own programs; everything the
    /// machine allows for a program under judgement.
    pub fn new(
        isolation: &Isolation,
        isolate: bool,
        program: &Path,
        args: &[std::ffi::OsString],
        cache_bin: Option<&Path>,
        memory_kb: u64,
    ) -> ChildSetup {
        let mut setup = ChildSetup {
            join: Vec::new(),
            uid: None,
            mount_ns: false,
            root: None,
            bin: None,
            tmp_options: CString::new(format!("mode=1777,size={}k", memory_kb.max(1024)))
                .unwrap_or_default(),
            userns: None,
            landlock: None,
            template: None,
            binds: Vec::new(),
            too_many_binds: false,
            cwd: None,
            seccomp: None,
        };
        if !isolate {
            return setup;
        }
        setup.seccomp = super::seccomp::for_runs();
        setup.join = isolation.join_fds();
        setup.uid = isolation.uid();
        setup.mount_ns = isolation.mount_ns();
        setup.root = isolation.root_plan();
        setup.userns = isolation.userns().cloned();
        setup.landlock = isolation.landlock();
        // The build folder: the program's, or for an interpreter the one its script is in.
        let build = cache_bin.and_then(|bin| {
            let inside = std::iter::once(program)
                .chain(args.iter().map(Path::new))
                .find_map(|p| p.strip_prefix(bin).ok())?;
            Some((bin.to_path_buf(), bin.join(inside.components().next()?)))
        });
        if let (true, Some((bin, build))) = (setup.mount_ns, build) {
            let cpath = |p: &Path| CString::new(p.as_os_str().as_bytes()).ok();
            if let (Some(bin), Some(build)) = (cpath(&bin), cpath(&build)) {
                setup.bin = Some((bin, build));
            }
        }
        setup
    }

    /// Whether the program is to run in the pid namespace of its prepared namespaces: the child that
    /// joins it forks once more (`launcher::hop`), since only the children of a process land there.
    pub fn pid_namespace(&self) -> bool {
        self.template.is_some_and(|join| join.pid >= 0)
    }

    /// Adds what the run sees beyond the allowlist root (only where it has one: otherwise it sees the
    /// machine anyway). As root, a writable folder of the judge's is handed to the program's uid, which
    /// must write there.
    pub fn add_binds(&mut self, isolation: &Isolation, binds: &[super::protocol::Bind]) {
        use std::os::unix::fs::MetadataExt;
        if !self.mount_ns {
            return;
        }
        if binds.len() > MAX_BINDS {
            self.too_many_binds = true;
            return;
        }
        let cpath = |p: &Path| CString::new(p.as_os_str().as_bytes()).ok();
        for bind in binds {
            let Ok(metadata) = std::fs::metadata(&bind.from) else {
                continue;
            };
            let (Some(from), Some(to)) = (cpath(&bind.from), cpath(&bind.to)) else {
                continue;
            };
            if let (Some(uid), true) = (isolation.uid(), bind.writable) {
                // Whoever had it (another worker's uid), never through a link.
                if metadata.uid() != uid {
                    let _ = std::os::unix::fs::lchown(&bind.from, Some(uid), Some(uid));
                }
            }
            // The build's own bind gives way to one of the same folder asked for (a compiler's, writable).
            if self.bin.as_ref().is_some_and(|(_, build)| *build == to) {
                self.bin = None;
            }
            let staged = RootPlan::staged(&to);
            let staged_parent = bind
                .to
                .parent()
                .and_then(cpath)
                .map_or_else(|| staged.clone(), |p| RootPlan::staged(&p));
            self.binds.push(Bound {
                from,
                staged,
                staged_parent,
                to,
                writable: bind.writable,
                dir: metadata.is_dir(),
                id: (metadata.dev(), metadata.ino()),
            });
        }
        self.binds.sort_by_key(|b| b.to.as_bytes().len());
    }

    /// The folder the program starts in.
    pub fn set_cwd(&mut self, cwd: Option<&Path>) {
        self.cwd = cwd.and_then(|p| CString::new(p.as_os_str().as_bytes()).ok());
    }

    /// Applies the setup in the child.
    ///
    /// # Safety
    /// Only in the child of a fork, before exec: makes only async-signal-safe system calls on data prepared
    /// before the fork.
    pub unsafe fn apply(&self) -> bool {
        // SAFETY: this function's contract: the child of a fork (or the spawner's clone) before exec. Each
        // step below makes only async-signal-safe system calls on this setup's fields, prepared before the
        // fork, and allocates nothing.
        unsafe {
            if !join_groups(self.join.iter().copied()) {
                return false;
            }
            let task_limit = self.userns.as_ref().is_some_and(|maps| maps.task_limit);
            let joined = self
                .template
                .is_some_and(|join| join_prepared(join, task_limit));
            if !joined && self.mount_ns && !self.enter_namespaces() {
                return false;
            }
            let cwd = self
                .cwd
                .as_ref()
                .map_or(std::ptr::null(), |cwd| cwd.as_ptr());
            // Joined a template that has IPC and UTS namespaces for its runs: none of the run's own.
            let own_ipc =
                self.mount_ns && !(joined && self.template.is_some_and(|join| join.ipc >= 0));
            lock_down(own_ipc, self.uid, self.landlock, cwd)
        }
    }

    /// This setup as plain values for the spawner's child (`spawner`), when it is the common run as root:
    /// prepared namespaces with a pid namespace and no user namespace, at most `MAX_GROUPS` control group
    /// files (descriptors, the same numbers in the spawner). The strings are put where `place` says (the spawner's shared mapping); `None` when they do
    /// not fit, or the run is another kind (the launcher forks it then).
    pub fn joined(
        &self,
        place: &mut dyn FnMut(&CStr) -> Option<*const libc::c_char>,
    ) -> Option<Joined> {
        let join = self
            .template
            .filter(|join| join.user < 0 && join.pid >= 0)?;
        if !self.mount_ns || self.join.len() > MAX_GROUPS || self.userns.is_some() {
            return None;
        }
        let mut groups = [-1; MAX_GROUPS];
        groups[..self.join.len()].copy_from_slice(&self.join);
        Some(Joined {
            groups,
            group_count: self.join.len(),
            join,
            uid: self.uid,
            landlock: self.landlock,
            cwd: match &self.cwd {
                Some(cwd) => place(cwd)?,
                None => std::ptr::null(),
            },
        })
    }

    /// The program's own namespaces, set up from scratch: a user namespace when not root, a mount
    /// namespace with the allowlist root, a network namespace (no interface up: no network at all). False
    /// when the kernel refuses, or the root cannot be built.
    ///
    /// # Safety
    /// As `apply`.
    pub(super) unsafe fn enter_namespaces(&self) -> bool {
        // SAFETY: `apply`'s contract holds (the child before exec); both halves share it and use only this
        // setup's prepared fields.
        unsafe { self.unshare_namespaces() && self.mount_private() }
    }

    /// The first half of `enter_namespaces`: the new namespaces, before the root is built in them.
    ///
    /// # Safety
    /// As `apply`.
    pub(super) unsafe fn unshare_namespaces(&self) -> bool {
        // SAFETY: `apply`'s contract holds (the child before exec): unshare takes plain flags, and the user
        // namespace's maps are written from this setup's prepared bytes.
        unsafe {
            match &self.userns {
                Some(maps) => self.enter_user_namespace(maps),
                None => libc::unshare(libc::CLONE_NEWNS | libc::CLONE_NEWNET) == 0,
            }
        }
    }

    /// A user namespace and a mount namespace of the program's own, its uid and gid mapped to themselves,
    /// and the task limit, now counted in that namespace only. False when the kernel refuses.
    ///
    /// # Safety
    /// As `apply`.
    unsafe fn enter_user_namespace(&self, maps: &UserNsMaps) -> bool {
        // SAFETY: `apply`'s contract holds (the child before exec): unshare with plain flags, and writes of
        // the prepared map bytes to this process's own /proc files.
        unsafe {
            // Our /proc/self files belong to root while we are not dumpable (inherited from the launcher), and
            // the maps could not be written; exec makes the program dumpable anyway.
            libc::prctl(libc::PR_SET_DUMPABLE, 1);
            if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS | libc::CLONE_NEWNET) != 0 {
                return false;
            }
            write_file(c"/proc/self/setgroups", b"deny");
            write_file(c"/proc/self/uid_map", &maps.uid_map);
            write_file(c"/proc/self/gid_map", &maps.gid_map);
            if maps.task_limit {
                set_task_limit();
            }
            true
        }
    }

    /// Enters the allowlist root (`root`): built staged, the build bound into it, entered, made
    /// read-only; then the private `/tmp` and `/dev/shm`. False when it cannot be built.
    ///
    /// # Safety
    /// As `apply`.
    pub(super) unsafe fn mount_private(&self) -> bool {
        // SAFETY: `apply`'s contract holds (the child before exec, in the new mount namespace it just made):
        // the mounts change only that namespace, every path is a C string prepared before the fork, and the
        // descriptors are the plan's, open until exec.
        unsafe {
            let none = std::ptr::null::<libc::c_char>();
            let Some(plan) = &self.root else {
                return false;
            };
            if self.too_many_binds {
                return false;
            }
            libc::mount(
                none,
                c"/".as_ptr(),
                none,
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            );
            // The program's own build folder, held before anything covers it.
            let build = self.bin.as_ref().map(|(_, build)| build);
            let build_fd = match build {
                Some(build) => libc::open(
                    build.as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
                ),
                None => -1,
            };
            // The run's binds, held too.
            let mut bind_fds = [-1i32; MAX_BINDS];
            for (fd, bind) in bind_fds.iter_mut().zip(&self.binds) {
                *fd = libc::open(bind.from.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
            }
            if !plan.build(&self.tmp_options) {
                return false;
            }
            // Bound before the root is entered (a mount must come from the namespace's own tree); under
            // `/tmp` it lands in the private `/tmp`, whose way to it the program may then change.
            if let (Some(build), true) = (build, build_fd >= 0) {
                bind_build(build_fd, &RootPlan::staged(build));
                libc::close(build_fd);
            }
            for (fd, bind) in bind_fds.iter().zip(&self.binds) {
                if *fd >= 0 {
                    bind_at(*fd, bind);
                    libc::close(*fd);
                }
            }
            if !plan.enter() {
                return false;
            }
            read_only_everywhere();
            for dir in [c"/tmp", c"/dev/shm"] {
                writable(dir);
            }
            for bind in self.binds.iter().filter(|b| b.writable) {
                writable(&bind.to);
            }
            libc::chdir(c"/tmp".as_ptr());
            true
        }
    }
}

/// The most control group files a run joins through the spawner (cgroup v1: memory, pids, cpuacct).
pub const MAX_GROUPS: usize = 4;

/// The setup of the common run as root (`ChildSetup::joined`), as plain values: what the spawner's child
/// reads from the mapping it shares with the launcher, whose heap it cannot see.
#[derive(Clone, Copy)]
pub struct Joined {
    /// `cgroup.procs` files (the first `group_count`), descriptors.
    groups: [i32; MAX_GROUPS],
    group_count: usize,
    join: Join,
    uid: Option<u32>,
    landlock: Option<i32>,
    /// The working folder (a C string in the mapping), or null.
    cwd: *const libc::c_char,
}

impl Joined {
    /// As `ChildSetup::apply`, but a prepared namespace that cannot be joined is an error (no namespace is
    /// built here).
    ///
    /// # Safety
    /// As `ChildSetup::apply`; the strings must still be where `ChildSetup::joined` placed them.
    pub unsafe fn apply(&self) -> bool {
        // SAFETY: this function's contract: the child before exec, the strings still in the mapping where
        // `ChildSetup::joined` placed them; each step makes only system calls on these plain values.
        unsafe {
            join_groups(self.groups[..self.group_count].iter().copied())
                && join_prepared(self.join, false)
                && lock_down(self.join.ipc < 0, self.uid, self.landlock, self.cwd)
        }
    }
}

/// Writes the child's pid into each control group file (`cgroup.procs`, opened by the launcher). A program
/// that cannot join its control group is not run: it would escape the group's limits, and the launcher,
/// finding the group empty after the run, would not look for what it left.
///
/// # Safety
/// As `ChildSetup::apply`; each descriptor open for writing.
unsafe fn join_groups(files: impl Iterator<Item = i32>) -> bool {
    // SAFETY: the descriptors are open for writing (the contract); getpid has no preconditions and `write`
    // reads `pid.len()` bytes of a local buffer.
    unsafe {
        let mut digits = [0u8; 12];
        let pid = decimal(libc::getpid() as u64, &mut digits);
        for fd in files {
            let written = libc::write(fd, pid.as_ptr().cast(), pid.len());
            if written != pid.len() as isize {
                return false;
            }
        }
        true
    }
}

/// Joins the namespaces prepared for the program, and its empty `/tmp`. False when the user namespace
/// (or, without one, the mount namespace) cannot be joined; a namespace that cannot be joined after the
/// user namespace ends the child, which is then judged as a program that exited with 127.
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn join_prepared(join: Join, task_limit: bool) -> bool {
    // SAFETY: the child before exec (the contract): setns on descriptors the template holds open, chdir on a
    // constant C string, _exit; no memory is touched.
    unsafe {
        if join.user >= 0 {
            if libc::setns(join.user, libc::CLONE_NEWUSER) != 0 {
                return false;
            }
            if task_limit {
                set_task_limit();
            }
        }
        // The pid namespace of the program's own: its next child lands there (`hop` in the launcher).
        if join.pid >= 0 && libc::setns(join.pid, libc::CLONE_NEWPID) != 0 {
            libc::_exit(127);
        }
        if join.net >= 0 && libc::setns(join.net, libc::CLONE_NEWNET) != 0 {
            libc::_exit(127);
        }
        if libc::setns(join.mount, libc::CLONE_NEWNS) != 0 {
            if join.user >= 0 {
                libc::_exit(127);
            }
            return false;
        }
        // The template's sealed IPC namespace and its UTS namespace, when it has them (`template::seal_ipc`).
        if join.ipc >= 0
            && (libc::setns(join.ipc, libc::CLONE_NEWIPC) != 0
                || libc::setns(join.uts, libc::CLONE_NEWUTS) != 0)
        {
            libc::_exit(127);
        }
        libc::chdir(c"/tmp".as_ptr());
        true
    }
}

/// The last steps before exec: IPC and UTS namespaces of the run's own (`own_ipc`: with a mount namespace
/// whose template has none for its runs), the uid switch, `no_new_privs`, Landlock, the working folder
/// (`cwd`, a C string or null). False when the working folder cannot be entered.
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn lock_down(
    own_ipc: bool,
    uid: Option<u32>,
    landlock: Option<i32>,
    cwd: *const libc::c_char,
) -> bool {
    // SAFETY: the child before exec (the contract): raw system calls on plain values, and chdir on `cwd`,
    // which the caller gives as a valid C string or null (then not called).
    unsafe {
        if own_ipc {
            // IPC objects and the host name of a run of its own: nothing outlives the run.
            libc::unshare(libc::CLONE_NEWIPC | libc::CLONE_NEWUTS);
        }
        // Raw system calls: the C library's wrappers would change every thread of what it takes for the
        // process, and the spawner's child, which shares the spawner's memory, is not that.
        if let Some(uid) = uid {
            libc::syscall(libc::SYS_setgroups, 0usize, std::ptr::null::<libc::gid_t>());
            libc::syscall(libc::SYS_setgid, uid as libc::c_long);
            libc::syscall(libc::SYS_setuid, uid as libc::c_long);
        }
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        if let Some(ruleset) = landlock {
            libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0u32);
        }
        cwd.is_null() || libc::chdir(cwd) == 0
    }
}

/// Binds the folder held by `fd` at `at` (the folders leading to it made), read-only.
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn bind_build(fd: i32, at: &std::ffi::CStr) {
    // SAFETY: the child before exec, in its own mount namespace (the contract): `at` is a valid C string, the
    // source path is built nul-terminated in a local buffer, and the mounts change only this namespace.
    unsafe {
        let none = std::ptr::null::<libc::c_char>();
        make_dirs(at);
        let mut digits = [0u8; 12];
        let mut source = *b"/proc/self/fd/\0\0\0\0\0\0\0\0\0\0\0\0\0";
        let n = decimal(fd as u64, &mut digits);
        source[14..14 + n.len()].copy_from_slice(n);
        let source = source.as_ptr().cast::<libc::c_char>();
        libc::mount(
            source,
            at.as_ptr(),
            none,
            libc::MS_BIND | libc::MS_REC,
            std::ptr::null(),
        );
        libc::mount(
            none,
            at.as_ptr(),
            none,
            libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY,
            std::ptr::null(),
        );
    }
}

/// Binds the file or folder held by `fd` where `bind` is staged (the folders leading to it made, and an
/// empty file to bind a file over).
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn bind_at(fd: i32, bind: &Bound) {
    // SAFETY: the child before exec, in its own mount namespace (the contract): the bind's paths are C
    // strings prepared before the fork, the source path is built nul-terminated in a local buffer, and the
    // mounts change only this namespace.
    unsafe {
        let none = std::ptr::null::<libc::c_char>();
        if bind.dir {
            make_dirs(&bind.staged);
        } else {
            make_dirs(&bind.staged_parent);
            let file = libc::open(
                bind.staged.as_ptr(),
                libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                0o644,
            );
            if file >= 0 {
                libc::close(file);
            }
        }
        let mut digits = [0u8; 12];
        let mut source = *b"/proc/self/fd/\0\0\0\0\0\0\0\0\0\0\0\0\0";
        let n = decimal(fd as u64, &mut digits);
        source[14..14 + n.len()].copy_from_slice(n);
        libc::mount(
            source.as_ptr().cast::<libc::c_char>(),
            bind.staged.as_ptr(),
            none,
            libc::MS_BIND | libc::MS_REC,
            std::ptr::null(),
        );
    }
}

/// The task limit, counted in the program's user namespace.
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn set_task_limit() {
    // SAFETY: the child before exec (the contract): setrlimit reads a local struct.
    unsafe {
        let tasks = libc::rlimit {
            rlim_cur: TASK_LIMIT as libc::rlim_t,
            rlim_max: TASK_LIMIT as libc::rlim_t,
        };
        libc::setrlimit(libc::RLIMIT_NPROC, &tasks);
    }
}

/// `struct mount_attr`, for `mount_setattr`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}
const MOUNT_ATTR_RDONLY: u64 = 1;

/// Makes the mount at `dir` writable again (that mount alone, not those below it).
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn writable(dir: &std::ffi::CStr) {
    // SAFETY: the child before exec, in its own mount namespace (the contract): `dir` is a valid C string,
    // and the mount changes only this namespace.
    unsafe {
        let attr = MountAttr {
            attr_set: 0,
            attr_clr: MOUNT_ATTR_RDONLY,
            propagation: 0,
            userns_fd: 0,
        };
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            dir.as_ptr(),
            0 as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        );
    }
}

/// Makes every mount of the (private) mount namespace read-only: the program writes only into the
/// empty file systems mounted after this (`/tmp`, `/dev/shm`) and its own descriptors.
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn read_only_everywhere() {
    // SAFETY: the child before exec, in its own mount namespace (the contract): mount_setattr reads a local
    // attribute of the size given, on a constant path.
    unsafe {
        let attr = MountAttr {
            attr_set: MOUNT_ATTR_RDONLY,
            attr_clr: 0,
            propagation: 0,
            userns_fd: 0,
        };
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            c"/".as_ptr(),
            libc::AT_RECURSIVE as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        );
    }
}

/// Writes `bytes` to an existing file, without allocating (between fork and exec).
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn write_file(path: &std::ffi::CStr, bytes: &[u8]) {
    // SAFETY: the child before exec (the contract): `path` is a valid C string, `write` reads `bytes.len()`
    // bytes of the slice, and the descriptor is closed once.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY);
        if fd >= 0 {
            libc::write(fd, bytes.as_ptr().cast(), bytes.len());
            libc::close(fd);
        }
    }
}

/// `mkdir -p`, without allocating (between fork and exec).
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn make_dirs(path: &std::ffi::CStr) {
    // SAFETY: the child before exec (the contract): the path is copied nul-terminated into a local buffer of
    // its length, which mkdir reads.
    unsafe {
        let bytes = path.to_bytes();
        let mut buf = [0u8; 4096];
        if bytes.len() >= buf.len() {
            return;
        }
        buf[..bytes.len()].copy_from_slice(bytes);
        for i in 1..=bytes.len() {
            if i == bytes.len() || buf[i] == b'/' {
                let saved = buf[i];
                buf[i] = 0;
                libc::mkdir(buf.as_ptr().cast(), 0o755);
                buf[i] = saved;
            }
        }
    }
}

/// `n` in decimal into `buf`, without allocating (between fork and exec).
fn decimal(mut n: u64, buf: &mut [u8; 12]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    &buf[i..]
}
