//! The child's side of containment: what it does between fork and exec, prepared before the fork so that
//! nothing is allocated after it (joining the control group, the mount namespace, dropping to the sandbox's
//! uid).

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::isolate::{Isolation, UserNsMaps, TASK_LIMIT};
use super::template::Join;

/// What the child does between fork and exec to contain itself, prepared before forking (no allocation
/// after the fork).
pub struct ChildSetup {
    /// `cgroup.procs` files to write the child's pid into.
    pub join: Vec<CString>,
    /// The uid (and gid) to run as.
    pub uid: Option<u32>,
    /// Hide these folders and make /tmp and /dev/shm private, in a new mount namespace.
    pub mount_ns: bool,
    pub hidden: Vec<CString>,
    /// The cache's `bin` folder and the program's own build folder in it: the folder is hidden but for
    /// the build folder, bound back from a descriptor opened in the new namespace before the cover.
    pub bin: Option<(CString, CString)>,
    /// A folder above `bin` that the program's uid cannot go through (root's home, say): covered by an
    /// empty, traversable one in which the way to the build is made again. Nothing under it was within
    /// the program's reach anyway.
    pub private_above: Option<CString>,
    /// Not root: a user namespace of the program's own first (the mount namespace needs it), with the
    /// task limit counted in it.
    pub userns: Option<UserNsMaps>,
    /// A Landlock ruleset to restrict the program with (scoped signals and sockets).
    pub landlock: Option<i32>,
    /// The program's prepared namespaces (`template`), joined instead of set up anew.
    pub template: Option<Join>,
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
    ) -> ChildSetup {
        let mut setup = ChildSetup {
            join: Vec::new(),
            uid: None,
            mount_ns: false,
            hidden: Vec::new(),
            bin: None,
            private_above: None,
            userns: None,
            landlock: None,
            template: None,
        };
        if !isolate {
            return setup;
        }
        setup.join = isolation.join_files();
        setup.uid = isolation.uid();
        setup.mount_ns = isolation.mount_ns();
        setup.hidden = isolation.hidden().to_vec();
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

    /// Applies the setup in the child.
    ///
    /// # Safety
    /// Only in the child of a fork, before exec: makes only async-signal-safe system calls on data prepared
    /// before the fork.
    pub unsafe fn apply(&self) {
        let mut digits = [0u8; 12];
        let pid = decimal(libc::getpid() as u64, &mut digits);
        for file in &self.join {
            let fd = libc::open(file.as_ptr(), libc::O_WRONLY);
            if fd >= 0 {
                libc::write(fd, pid.as_ptr().cast(), pid.len());
                libc::close(fd);
            }
        }
        let joined = self.template.is_some_and(|join| self.join_template(join));
        if !joined {
            self.enter_namespaces();
        }
        if let Some(uid) = self.uid {
            libc::setgroups(0, std::ptr::null());
            libc::setgid(uid);
            libc::setuid(uid);
        }
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        if let Some(ruleset) = self.landlock {
            libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0u32);
        }
    }

    /// The program's own namespaces, set up from scratch: a user namespace when not root, a mount
    /// namespace with the private view of the file system. False when the kernel refuses.
    ///
    /// # Safety
    /// As `apply`.
    pub(super) unsafe fn enter_namespaces(&self) -> bool {
        let namespaced = match &self.userns {
            Some(maps) => self.enter_user_namespace(maps),
            None => self.mount_ns && libc::unshare(libc::CLONE_NEWNS) == 0,
        };
        if namespaced {
            self.mount_private();
        }
        namespaced
    }

    /// Joins the namespaces prepared for the program, and its empty `/tmp`. False when the user
    /// namespace cannot be joined (nothing changed then); a mount namespace that cannot be joined after it
    /// ends the child, which is then judged as a program that exited with 127.
    ///
    /// # Safety
    /// As `apply`.
    unsafe fn join_template(&self, join: Join) -> bool {
        if join.user >= 0 {
            if libc::setns(join.user, libc::CLONE_NEWUSER) != 0 {
                return false;
            }
            if self.userns.as_ref().is_some_and(|maps| maps.task_limit) {
                set_task_limit();
            }
        }
        if libc::setns(join.mount, libc::CLONE_NEWNS) != 0 {
            if join.user >= 0 {
                libc::_exit(127);
            }
            return false;
        }
        libc::chdir(c"/tmp".as_ptr());
        true
    }

    /// A user namespace and a mount namespace of the program's own, its uid and gid mapped to themselves,
    /// and the task limit, now counted in that namespace only. False when the kernel refuses.
    ///
    /// # Safety
    /// As `apply`.
    unsafe fn enter_user_namespace(&self, maps: &UserNsMaps) -> bool {
        // Our /proc/self files belong to root while we are not dumpable (inherited from the launcher), and
        // the maps could not be written; exec makes the program dumpable anyway.
        libc::prctl(libc::PR_SET_DUMPABLE, 1);
        if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS) != 0 {
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

    /// # Safety
    /// As `apply`.
    unsafe fn mount_private(&self) {
        let none = std::ptr::null::<libc::c_char>();
        let tmpfs = c"tmpfs".as_ptr();
        let flags = libc::MS_NOSUID | libc::MS_NODEV;
        libc::mount(
            none,
            c"/".as_ptr(),
            none,
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        );
        // The program's own build folder, held before anything covers it.
        let build_fd = match &self.bin {
            Some((_, build)) => libc::open(
                build.as_ptr(),
                libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
            ),
            None => -1,
        };
        read_only_everywhere();
        for dir in [c"/tmp", c"/dev/shm"] {
            libc::mount(
                tmpfs,
                dir.as_ptr(),
                tmpfs,
                flags,
                c"mode=1777".as_ptr().cast(),
            );
        }
        for dir in &self.hidden {
            libc::mount(
                tmpfs,
                dir.as_ptr(),
                tmpfs,
                flags | libc::MS_RDONLY,
                c"mode=0".as_ptr().cast(),
            );
        }
        if let (Some(private), Some((bin, _)), true) =
            (&self.private_above, &self.bin, build_fd >= 0)
        {
            libc::mount(
                tmpfs,
                private.as_ptr(),
                tmpfs,
                flags,
                c"mode=0755".as_ptr().cast(),
            );
            make_dirs(bin);
            libc::mount(
                none,
                private.as_ptr(),
                none,
                libc::MS_REMOUNT | libc::MS_RDONLY | flags,
                c"mode=0755".as_ptr().cast(),
            );
        }
        if let (Some((bin, build)), true) = (&self.bin, build_fd >= 0) {
            // Cover every other build (the folder may already be gone, under a fresh /tmp), then bring
            // back the program's own, read-only.
            libc::mount(
                tmpfs,
                bin.as_ptr(),
                tmpfs,
                flags,
                c"mode=0755".as_ptr().cast(),
            );
            make_dirs(build);
            let mut digits = [0u8; 12];
            let mut source = *b"/proc/self/fd/\0\0\0\0\0\0\0\0\0\0\0\0\0";
            let n = decimal(build_fd as u64, &mut digits);
            source[14..14 + n.len()].copy_from_slice(n);
            let source = source.as_ptr().cast::<libc::c_char>();
            libc::mount(
                source,
                build.as_ptr(),
                none,
                libc::MS_BIND | libc::MS_REC,
                std::ptr::null(),
            );
            libc::mount(
                none,
                build.as_ptr(),
                none,
                libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY,
                std::ptr::null(),
            );
        }
        libc::chdir(c"/tmp".as_ptr());
    }
}

/// The first folder on the way from `/` to `dir` (itself included) that a user other than its owner and
/// group cannot go through (no `x` for others): as root, programs run as such a user.
pub fn first_private_folder(dir: &Path) -> Option<CString> {
    use std::os::unix::fs::PermissionsExt;
    dir.ancestors()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .find(|folder| std::fs::metadata(folder).is_ok_and(|m| m.permissions().mode() & 0o001 == 0))
        .and_then(|folder| CString::new(folder.as_os_str().as_bytes()).ok())
}

/// The task limit, counted in the program's user namespace.
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn set_task_limit() {
    let tasks = libc::rlimit {
        rlim_cur: TASK_LIMIT as libc::rlim_t,
        rlim_max: TASK_LIMIT as libc::rlim_t,
    };
    libc::setrlimit(libc::RLIMIT_NPROC, &tasks);
}

/// Makes every mount of the (private) mount namespace read-only: the program writes only into the
/// empty file systems mounted after this (`/tmp`, `/dev/shm`) and its own descriptors.
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn read_only_everywhere() {
    /// `struct mount_attr`.
    #[repr(C)]
    struct MountAttr {
        attr_set: u64,
        attr_clr: u64,
        propagation: u64,
        userns_fd: u64,
    }
    const MOUNT_ATTR_RDONLY: u64 = 1;
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

/// Writes `bytes` to an existing file, without allocating (between fork and exec).
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn write_file(path: &std::ffi::CStr, bytes: &[u8]) {
    let fd = libc::open(path.as_ptr(), libc::O_WRONLY);
    if fd >= 0 {
        libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        libc::close(fd);
    }
}

/// `mkdir -p`, without allocating (between fork and exec).
///
/// # Safety
/// As `ChildSetup::apply`.
unsafe fn make_dirs(path: &std::ffi::CStr) {
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
