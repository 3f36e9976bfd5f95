//! Mount namespaces prepared once per program and joined by each of its runs.
//!
//! Setting up a program's view of the file system (new mount and network namespaces, the allowlist root of
//! `root` with its own build bound in, everything read-only) costs more than the rest of the
//! containment together, and it is the same for every test of the program. So the launcher prepares it
//! once, in a short-lived *holder* child that unshares them and a pid namespace, and starts the *init* of
//! that pid namespace as a child of the launcher (`CLONE_PARENT`), then exits. The init (pid 1 there)
//! builds the root with a `/proc` of the namespace, hands back descriptors of the namespaces and of its
//! private `/tmp` and `/dev/shm` (`SCM_RIGHTS`), closes every descriptor and stays, reaping the orphans of
//! the runs; it dies with the launcher (parent-death signal), and the kernel then kills everything left in
//! its namespace: nothing a program started outlives a launcher killed outright. A run joins the
//! namespaces with `setns` before exec (the pid namespace by one more fork, `launcher::hop`); retiring a
//! template kills its init.
//!
//! The runs of a program share its `/tmp` and `/dev/shm`, so after each run the launcher checks that both
//! are as the holder left them (no block and no inode more in use); a run that left anything there retires its
//! namespace, and the next run of the program gets a fresh one; so does a run that moved the folders leading
//! to its build, when the cache is under `/tmp`. What a run could leave behind for the next
//! is therefore nothing, as with a namespace per run. The last few namespaces are kept (`KEPT`).

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;

use super::child::ChildSetup;

/// How many programs' namespaces a launcher keeps.
const KEPT: usize = 8;

/// A prepared namespace: what a run joins, and the two folders that must stay empty.
pub struct Template {
    /// The program's user namespace (when the judge is not root) and its mount namespace.
    user: Option<OwnedFd>,
    mount: OwnedFd,
    net: OwnedFd,
    /// The pid namespace, and the pid of its init (in the launcher's).
    pid: OwnedFd,
    /// The IPC and UTS namespaces the runs share, when the holder could seal the IPC one (`seal_ipc`);
    /// otherwise each run makes its own.
    ipc: Option<(OwnedFd, OwnedFd)>,
    init: i32,
    tmp: OwnedFd,
    shm: OwnedFd,
    /// What `usage` said of them when the holder left.
    baseline: [Usage; 2],
    /// A cache under `/tmp` or `/dev/shm`: the program's way to its build runs through folders it may
    /// rename (when it runs as the judge's user). The path from that file system's root, whether it is
    /// `/dev/shm`'s, and the device and inode the path must still lead to.
    build: Option<(CString, bool, (u64, u64))>,
}

/// The descriptors a run joins, as the child uses them between fork and exec.
#[derive(Clone, Copy)]
pub struct Join {
    /// -1 without a user namespace.
    pub user: i32,
    pub mount: i32,
    pub net: i32,
    /// -1 without a pid namespace.
    pub pid: i32,
    /// The sealed IPC namespace and the UTS namespace of the template, -1 when each run makes its own.
    pub ipc: i32,
    pub uts: i32,
}

impl Template {
    fn join(&self) -> Join {
        Join {
            user: self.user.as_ref().map_or(-1, AsRawFd::as_raw_fd),
            mount: self.mount.as_raw_fd(),
            net: self.net.as_raw_fd(),
            pid: self.pid.as_raw_fd(),
            ipc: self.ipc.as_ref().map_or(-1, |(ipc, _)| ipc.as_raw_fd()),
            uts: self.ipc.as_ref().map_or(-1, |(_, uts)| uts.as_raw_fd()),
        }
    }

    /// Whether `/tmp` and `/dev/shm` are as the holder left them: no block and no inode more in use (an
    /// empty file system, or the folders that lead to the program's build when the cache is under `/tmp`),
    /// their root folders unchanged, and the way to the build still there.
    fn clean(&self) -> bool {
        usage(&self.tmp, &self.shm).is_some_and(|now| now == self.baseline)
            && self.build.as_ref().is_none_or(|(path, shm, id)| {
                let dir = if *shm { &self.shm } else { &self.tmp };
                // SAFETY: an all-zero `stat` is a valid value of this plain C struct, which fstatat fills;
                // our descriptor and a C string.
                let (found, stat) = unsafe {
                    let mut stat: libc::stat = std::mem::zeroed();
                    let found = libc::fstatat(dir.as_raw_fd(), path.as_ptr(), &mut stat, 0);
                    (found, stat)
                };
                found == 0 && (stat.st_dev, stat.st_ino) == *id
            })
    }
}

impl Drop for Template {
    /// Retired: its init is killed, and with it whatever is left in its pid namespace (the launcher reaps
    /// it with the run's orphans).
    fn drop(&mut self) {
        // SAFETY: killing the init this launcher started for the template.
        unsafe { libc::kill(self.init, libc::SIGKILL) };
        super::tree::release(self.init);
    }
}

/// Blocks and inodes in use in the two file systems, and the change time of each root folder (any entry
/// made or removed there, any change of its mode, owner or times moves it).
fn usage(tmp: &OwnedFd, shm: &OwnedFd) -> Option<[Usage; 2]> {
    let one = |fd: &OwnedFd| {
        // SAFETY: all-zero `statfs` and `stat` are valid values of these plain C structs, which
        // fstatfs and fstat fill; our descriptor.
        let (ok, fs, root) = unsafe {
            let mut fs: libc::statfs = std::mem::zeroed();
            let mut root: libc::stat = std::mem::zeroed();
            let ok = libc::fstatfs(fd.as_raw_fd(), &mut fs) == 0
                && libc::fstat(fd.as_raw_fd(), &mut root) == 0;
            (ok, fs, root)
        };
        ok.then(|| Usage {
            blocks: fs.f_blocks.saturating_sub(fs.f_bfree),
            inodes: fs.f_files.saturating_sub(fs.f_ffree),
            changed: (root.st_ctime, root.st_ctime_nsec),
        })
    };
    Some([one(tmp)?, one(shm)?])
}

/// What `usage` reads of one file system.
#[derive(PartialEq, Eq, Default)]
struct Usage {
    blocks: u64,
    inodes: u64,
    changed: (i64, i64),
}

/// The launcher's prepared namespaces, by build folder, most recently used last.
#[derive(Default)]
pub struct Templates {
    kept: Vec<(CString, Template)>,
    /// Templates joined since the last `retire_dirty`.
    used: Vec<CString>,
    /// A holder failed once: the machine refuses something, every run prepares its own namespace.
    broken: bool,
}

impl Templates {
    /// The namespace for `setup`'s program, prepared now if need be; `None` to let the run prepare its own.
    pub fn join(&mut self, setup: &ChildSetup) -> Option<Join> {
        if self.broken || !setup.mount_ns {
            return None;
        }
        // A namespace per build folder and size of its private folders (the memory limit).
        let mut key = setup
            .bin
            .as_ref()
            .map_or_else(Vec::new, |(_, build)| build.as_bytes().to_vec());
        key.push(b'\n');
        key.extend_from_slice(setup.tmp_options.as_bytes());
        // And per set of binds, down to the very files bound: a program given other files never joins a
        // namespace prepared for different ones.
        for bind in &setup.binds {
            let (dev, ino) = bind.id;
            key.extend_from_slice(format!("\n{dev}:{ino}:{}:", u8::from(bind.writable)).as_bytes());
            key.extend_from_slice(bind.from.as_bytes());
            key.push(b'>');
            key.extend_from_slice(bind.to.as_bytes());
        }
        let key = CString::new(key).unwrap_or_default();
        self.used.push(key.clone());
        if let Some(i) = self.kept.iter().position(|(k, _)| *k == key) {
            let entry = self.kept.remove(i);
            self.kept.push(entry);
        } else {
            let Some(template) = prepare(setup) else {
                self.broken = true;
                return None;
            };
            if self.kept.len() >= KEPT {
                self.kept.remove(0);
            }
            self.kept.push((key, template));
        }
        self.kept.last().map(|(_, t)| t.join())
    }

    /// After a run: the namespaces it used and left something in are dropped.
    pub fn retire_dirty(&mut self) {
        for key in std::mem::take(&mut self.used) {
            if let Some(i) = self.kept.iter().position(|(k, t)| *k == key && !t.clean()) {
                self.kept.remove(i);
            }
        }
    }
}

/// Prepares a namespace in a holder child and takes its descriptors.
fn prepare(setup: &ChildSetup) -> Option<Template> {
    let mut pair = [0i32; 2];
    // SAFETY: socketpair fills the array.
    if unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            pair.as_mut_ptr(),
        )
    } != 0
    {
        return None;
    }
    // SAFETY: both ends are ours.
    let (ours, theirs) = unsafe { (OwnedFd::from_raw_fd(pair[0]), OwnedFd::from_raw_fd(pair[1])) };
    // SAFETY: the launcher is single-threaded; the child makes only system calls on prepared data.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return None;
    }
    if pid == 0 {
        // SAFETY: child side; never returns.
        unsafe { hold(setup, theirs.as_raw_fd()) };
    }
    drop(theirs);
    // Two messages: the init's pid from the holder, the descriptors from the init (either first).
    let (first, second) = (receive(ours.as_raw_fd()), receive(ours.as_raw_fd()));
    // SAFETY: reaping our own child.
    unsafe { libc::waitpid(pid, std::ptr::null_mut(), 0) };
    let mut init = None;
    let mut fds = None;
    let mut sealed = false;
    for (data, received) in [first, second].into_iter().flatten() {
        match received.is_empty() {
            true => init = data.try_into().ok().map(i32::from_ne_bytes),
            false => {
                sealed = data == [1];
                fds = Some(received);
            }
        }
    }
    let init = init?;
    super::tree::keep(init);
    let Some(mut fds) = fds.map(Vec::into_iter) else {
        // SAFETY: the init that failed is ours; killed, then reaped with the run's orphans.
        unsafe { libc::kill(init, libc::SIGKILL) };
        super::tree::release(init);
        return None;
    };
    let user = match setup.userns.is_some() {
        true => fds.next(),
        false => None,
    };
    let five = (|| {
        Some((
            fds.next()?,
            fds.next()?,
            fds.next()?,
            fds.next()?,
            fds.next()?,
        ))
    })();
    // After the others, when the holder sealed the IPC namespace.
    let ipc = match sealed {
        true => (|| Some((fds.next()?, fds.next()?)))(),
        false => None,
    };
    let (Some((mount, net, pid, tmp, shm)), true) = (
        five,
        (setup.userns.is_none() || user.is_some()) && (!sealed || ipc.is_some()),
    ) else {
        // SAFETY: as above.
        unsafe { libc::kill(init, libc::SIGKILL) };
        super::tree::release(init);
        return None;
    };
    let mut template = Template {
        user,
        mount,
        net,
        pid,
        ipc,
        init,
        tmp,
        shm,
        baseline: [Usage::default(), Usage::default()],
        build: way_to_build(setup),
    };
    // Dropped (its init killed) when the folders cannot be read.
    template.baseline = usage(&template.tmp, &template.shm)?;
    Some(template)
}

/// For a build under `/tmp` or `/dev/shm`: its path from there, which one, and its device and inode.
fn way_to_build(setup: &ChildSetup) -> Option<(CString, bool, (u64, u64))> {
    use std::os::unix::fs::MetadataExt;
    let (_, build) = setup.bin.as_ref()?;
    let path = std::path::Path::new(std::ffi::OsStr::from_bytes(build.to_bytes()));
    let (rest, shm) = match (path.strip_prefix("/tmp"), path.strip_prefix("/dev/shm")) {
        (Ok(rest), _) => (rest, false),
        (_, Ok(rest)) => (rest, true),
        _ => return None,
    };
    let metadata = std::fs::metadata(path).ok()?;
    let rest = CString::new(rest.as_os_str().as_bytes()).ok()?;
    Some((rest, shm, (metadata.dev(), metadata.ino())))
}

/// The holder: enters the new namespaces and a new pid namespace, starts its init as the launcher's
/// child, sends the init's pid and exits.
///
/// # Safety
/// Only in the child of a fork.
unsafe fn hold(setup: &ChildSetup, socket: i32) -> ! {
    // SAFETY: the contract: only in the child of a fork, which makes only system calls on `setup` (prepared
    // before the fork) and `socket`, and ends with _exit.
    unsafe {
        if !setup.unshare_namespaces() || libc::unshare(libc::CLONE_NEWPID) != 0 {
            libc::_exit(1);
        }
        let sealed = seal_ipc();
        // The init's parent is the launcher: its parent-death signal follows the launcher, not this holder.
        let init = super::sys::fork_sibling();
        match init {
            0 => init_main(setup, socket, sealed),
            init if init > 0 => {
                let pid = (init as i32).to_ne_bytes();
                libc::_exit(if send(socket, &pid, &[]) { 0 } else { 1 })
            }
            _ => libc::_exit(1),
        }
    }
}

/// New IPC and UTS namespaces for the template's runs to share, the IPC one sealed: its limits on System V
/// segments, message queues and semaphore sets and on POSIX message queues set to zero, so that a run (not
/// root there) can create no IPC object at all, and none can outlive it for the next run to find. The host
/// name cannot be changed by a run either (that needs `CAP_SYS_ADMIN` there). False when the kernel
/// refuses any step (e.g. in a user namespace that does not map root, whose IPC limits stay read-only):
/// each run then gets IPC and UTS namespaces of its own (`child::lock_down`), as before.
///
/// # Safety
/// Only in the holder, a child of a fork, before its init is started.
unsafe fn seal_ipc() -> bool {
    // SAFETY: the contract: in the holder, a child of a fork, before its init starts: unshare with plain
    // flags and writes of constant bytes to this process's own /proc/sys files.
    unsafe {
        if libc::unshare(libc::CLONE_NEWIPC | libc::CLONE_NEWUTS) != 0 {
            return false;
        }
        // Through the launcher's `/proc`: the IPC limits seen and set there are the writer's namespace's.
        let limits: [(&std::ffi::CStr, &[u8]); 4] = [
            (c"/proc/sys/kernel/shmmni", b"0"),
            (c"/proc/sys/kernel/msgmni", b"0"),
            // SEMMSL SEMMNS SEMOPM SEMMNI.
            (c"/proc/sys/kernel/sem", b"0 0 0 0"),
            (c"/proc/sys/fs/mqueue/queues_max", b"0"),
        ];
        limits.iter().all(|(path, value)| {
            let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if fd < 0 {
                return false;
            }
            let written = libc::write(fd, value.as_ptr().cast(), value.len());
            libc::close(fd);
            written == value.len() as isize
        })
    }
}

/// The init of a template's pid namespace: builds the root (its `/proc` this namespace's), sends the
/// descriptors, closes every descriptor and reaps orphans until it is killed (with its launcher, or when
/// the template is retired).
///
/// # Safety
/// Only in the child of a clone, without allocating.
unsafe fn init_main(setup: &ChildSetup, socket: i32, sealed: bool) -> ! {
    // SAFETY: the contract: the child of a clone, which must not allocate: every call below is a system call
    // on `setup` (prepared before the clone), `socket` or local buffers.
    unsafe {
        // A launcher gone before this is set is seen below: the message cannot be sent.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        libc::prctl(libc::PR_SET_NAME, c"sandbox-init".as_ptr());
        if !setup.mount_private() {
            libc::_exit(1);
        }
        let mut fds = [-1; 8];
        let mut n = 0;
        let namespaces = [
            (setup.userns.is_some(), c"/proc/self/ns/user"),
            (true, c"/proc/self/ns/mnt"),
            (true, c"/proc/self/ns/net"),
            (true, c"/proc/self/ns/pid"),
        ];
        for (wanted, path) in namespaces {
            if wanted {
                fds[n] = libc::open(path.as_ptr(), libc::O_RDONLY);
                n += 1;
            }
        }
        for dir in [c"/tmp", c"/dev/shm"] {
            fds[n] = libc::open(dir.as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY);
            n += 1;
        }
        if sealed {
            for path in [c"/proc/self/ns/ipc", c"/proc/self/ns/uts"] {
                fds[n] = libc::open(path.as_ptr(), libc::O_RDONLY);
                n += 1;
            }
        }
        // Not to be inspected by the programs of its namespace (a user namespace made it dumpable).
        libc::prctl(libc::PR_SET_DUMPABLE, 0);
        if fds[..n].iter().any(|fd| *fd < 0) || !send(socket, &[u8::from(sealed)], &fds[..n]) {
            libc::_exit(1);
        }
        // Nothing of the launcher's (its pipes to the judge, other templates' namespaces) is held on to.
        libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32);
        let mut children: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut children);
        libc::sigaddset(&mut children, libc::SIGCHLD);
        // Blocked, so that it waits pending (the default action of SIGCHLD is to ignore it).
        libc::sigprocmask(libc::SIG_BLOCK, &children, std::ptr::null_mut());
        loop {
            while libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG | libc::__WALL) > 0 {}
            libc::sigwaitinfo(&children, std::ptr::null_mut());
        }
    }
}

/// Up to 8 bytes of data and a control buffer, as a message carrying descriptors (`SCM_RIGHTS`) needs.
struct Message {
    data: [u8; 8],
    iov: libc::iovec,
    /// u64s: the control headers must be aligned.
    control: Vec<u64>,
}

impl Message {
    fn new(data: &[u8], control_bytes: usize) -> Box<Message> {
        let mut message = Box::new(Message {
            data: [0; 8],
            iov: libc::iovec {
                iov_base: std::ptr::null_mut(),
                iov_len: data.len().min(8),
            },
            control: vec![0u64; control_bytes.div_ceil(8)],
        });
        message.data[..data.len().min(8)].copy_from_slice(&data[..data.len().min(8)]);
        message.iov.iov_base = message.data.as_mut_ptr().cast();
        message
    }

    /// The `msghdr` pointing at this message's buffers (valid while it is not moved: it is boxed).
    fn header(&mut self, control_len: usize) -> libc::msghdr {
        // SAFETY: a zeroed msghdr is valid; its pointers are set below.
        let mut header: libc::msghdr = unsafe { std::mem::zeroed() };
        header.msg_iov = &mut self.iov;
        header.msg_iovlen = 1;
        if control_len > 0 {
            header.msg_control = self.control.as_mut_ptr().cast();
            header.msg_controllen = control_len as _;
        }
        header
    }
}

/// Sends `data` (1 to 8 bytes) and descriptors over a Unix socket.
fn send(socket: i32, data: &[u8], fds: &[i32]) -> bool {
    let bytes = std::mem::size_of_val(fds);
    let space = match fds.is_empty() {
        true => 0,
        // SAFETY: CMSG_SPACE is a size computation.
        false => unsafe { libc::CMSG_SPACE(bytes as u32) as usize },
    };
    let mut buffers = Message::new(data, space);
    let message = buffers.header(space);
    // SAFETY: the control header filled as cmsg(3) says, in a buffer of CMSG_SPACE bytes.
    unsafe {
        if !fds.is_empty() {
            let header = libc::CMSG_FIRSTHDR(&message);
            (*header).cmsg_level = libc::SOL_SOCKET;
            (*header).cmsg_type = libc::SCM_RIGHTS;
            (*header).cmsg_len = libc::CMSG_LEN(bytes as u32) as _;
            std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(header).cast(), fds.len());
        }
        libc::sendmsg(socket, &message, libc::MSG_NOSIGNAL) == data.len() as isize
    }
}

/// Receives one message: its data and its descriptors (close-on-exec); `None` when none comes.
fn receive(socket: i32) -> Option<(Vec<u8>, Vec<OwnedFd>)> {
    let mut buffers = Message::new(&[0; 8], 256);
    let mut message = buffers.header(256);
    // SAFETY: as in `send`; the descriptors received are ours to own.
    unsafe {
        let n = libc::recvmsg(socket, &mut message, libc::MSG_CMSG_CLOEXEC);
        if n <= 0 {
            return None;
        }
        let data = buffers.data[..n as usize].to_vec();
        let header = libc::CMSG_FIRSTHDR(&message);
        if header.is_null()
            || (*header).cmsg_level != libc::SOL_SOCKET
            || (*header).cmsg_type != libc::SCM_RIGHTS
        {
            return Some((data, Vec::new()));
        }
        let bytes = (*header).cmsg_len as usize - libc::CMSG_LEN(0) as usize;
        let count = bytes / std::mem::size_of::<i32>();
        let first = libc::CMSG_DATA(header).cast::<i32>();
        let fds = (0..count)
            .map(|i| OwnedFd::from_raw_fd(first.add(i).read_unaligned()))
            .collect();
        Some((data, fds))
    }
}
