//! The spawner: a small process that starts the common run's program (as root, joining the program's
//! prepared namespaces with a pid namespace) without a fork of the launcher.
//!
//! A fork copies the launcher's page tables and costs it copy-on-write faults afterwards; a child that
//! shares the launcher's memory until exec (`clone(CLONE_VM | CLONE_VFORK)`) would not, but Linux reports
//! the high-water mark of the address space a process leaves at `exec` as part of its peak, which would
//! then be the launcher's whole resident memory. So the launcher makes, once, a copy of itself whose
//! resident memory is small (a fork copies the page tables of anonymous memory only, and the spawner then
//! touches only its loop), and that copy does the shared-memory clone:
//! - it is made with a raw `clone(SIGCHLD | CLONE_FILES)`: it shares the launcher's descriptor table, so the
//!   run's descriptors (its stdio, the pipes of its stderr and exec error, the namespaces held by the
//!   templates) have the same numbers in both;
//! - its memory is a copy of the launcher's at that moment and never sees the launcher's later heap: a run
//!   (its `Steps`, `Joined` and their strings) is written into a `MAP_SHARED` mapping made before it, at
//!   the same address in both, so plain pointers into it are valid in both;
//! - a request is a byte on a pipe, the reply (the program's pid, or an error) is in the mapping and a byte
//!   on another pipe;
//! - for each request it joins the template's pid namespace for its children, starts the program with
//!   `clone(CLONE_VM | CLONE_VFORK | CLONE_PARENT)` (the program is the launcher's child: its `wait4`, its
//!   `ru_maxrss` and the parent-death signal's check are as with a fork) and goes back to its own;
//! - it blocks every signal, dies with the launcher (parent-death signal), and is kept out of the run's
//!   process tree (`tree::keep`). A spawner found dead before it took a request is replaced and the request
//!   sent again; one that died after is an error of that run (its program, if it started, is swept).

use std::ffi::CStr;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

use anyhow::{bail, Result};

use super::child::Joined;
use super::launcher::Steps;

/// The bytes of the mapping that hold a run's strings and pointer arrays; a run that needs more is forked.
const ARENA_BYTES: usize = 60 << 10;
/// The stack of the spawner's child, until exec.
const STACK_BYTES: usize = 256 << 10;
const PAGE: usize = 4096;
/// The byte the program sends on the replies before anything else (the spawner's own reply is 1).
const STARTED: u8 = 2;

/// The mapping shared by the launcher and its spawner.
#[repr(C)]
struct Shared {
    steps: Steps,
    joined: Joined,
    /// The template's pid namespace, and the launcher's own (descriptors of the shared table).
    pid_namespace: i32,
    own_pid_namespace: i32,
    /// The reply: the program's pid, or a negative `errno` when it could not be started.
    pid: i32,
    /// The program's pid, written by the kernel when it is made (`CLONE_PARENT_SETTID`), before it runs.
    made: i32,
    /// The spawner's end of the replies (the shared table): the program's first act is a `STARTED` byte
    /// on it, so that the launcher announces it before it runs, as it does a forked one.
    replies: i32,
    /// u64s: the pointer arrays placed in it must be aligned.
    arena: [u64; ARENA_BYTES / 8],
}

/// The launcher's spawner, or why it has none.
#[derive(Default)]
pub(super) struct Slot {
    spawner: Option<Spawner>,
    /// A spawner could not be made: every run is forked.
    broken: bool,
}

impl Slot {
    /// Makes the spawner now, while the launcher's memory is at its smallest (the spawner's resident
    /// memory is the launcher's anonymous memory at this moment, and it counts in the peak of every
    /// program it starts, as a fork's copy does).
    pub(super) fn start(&mut self) {
        if self.spawner.is_none() && !self.broken {
            self.spawner = Spawner::start();
            self.broken = self.spawner.is_none();
        }
    }

    /// Starts the program of `steps` and `joined` (built by `fill` into the mapping) through the spawner:
    /// its pid; `None` when the run is to be forked instead (no spawner here, the run does not fit, or the
    /// spawner could not start it: the fork then says why).
    pub(super) fn spawn(
        &mut self,
        fill: &mut dyn FnMut(&mut Arena) -> Option<(Steps, Joined)>,
        pid_namespace: i32,
        own_pid_namespace: i32,
        announce: &mut dyn FnMut(i32),
    ) -> Result<Option<i32>> {
        // A spawner found dead before it took the request is replaced once, and the request sent again.
        for _ in 0..2 {
            self.start();
            let Some(spawner) = &self.spawner else {
                return Ok(None);
            };
            match spawner.spawn(fill, pid_namespace, own_pid_namespace, announce) {
                Ok(started) => return Ok(started),
                Err(Dead { took_request }) => {
                    self.spawner = None;
                    if took_request {
                        // A program it may have started is the launcher's child: swept with the rest.
                        super::isolate::kill_adopted();
                        bail!("the launcher's spawner ended while it started the program");
                    }
                }
            }
        }
        // Dead twice before taking the request: this run is forked, the next one tries a new spawner.
        Ok(None)
    }
}

/// The spawner died: before it took the request (it can be replaced and the request sent again), or after.
struct Dead {
    took_request: bool,
}

/// Where a run's strings and pointer arrays are placed in the mapping.
pub(super) struct Arena {
    base: *mut u8,
    used: usize,
}

impl Arena {
    /// `bytes` copied in, aligned to `align`: where they are, `None` when they do not fit.
    fn put(&mut self, bytes: &[u8], align: usize) -> Option<*mut u8> {
        let start = self.used.next_multiple_of(align);
        let end = start.checked_add(bytes.len())?;
        if end > ARENA_BYTES {
            return None;
        }
        // SAFETY: `start..end` is inside the arena of the mapping, which nothing else writes now (the
        // spawner reads it only after the request is sent).
        unsafe {
            let at = self.base.add(start);
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), at, bytes.len());
            self.used = end;
            Some(at)
        }
    }

    /// A C string copied in.
    pub(super) fn string(&mut self, s: &CStr) -> Option<*const libc::c_char> {
        self.put(s.to_bytes_with_nul(), 1)
            .map(|p| p.cast_const().cast())
    }

    /// The system-call filters copied in (`seccomp`), and where they are.
    pub(super) fn programs(
        &mut self,
        programs: &[super::seccomp::Program; 2],
    ) -> Option<[super::seccomp::Program; 2]> {
        let mut placed = *programs;
        for program in &mut placed {
            // SAFETY: viewing the instructions (in the launcher's memory, `len` of them) as their bytes, to
            // copy them in.
            let bytes = unsafe {
                std::slice::from_raw_parts(
                    program.filter.cast::<u8>(),
                    program.len as usize * std::mem::size_of::<seccompiler::sock_filter>(),
                )
            };
            program.filter = self
                .put(bytes, std::mem::align_of::<seccompiler::sock_filter>())?
                .cast_const()
                .cast();
        }
        Some(placed)
    }

    /// The strings copied in, and a null-terminated array of pointers to them.
    pub(super) fn strings<'a>(
        &mut self,
        strings: impl ExactSizeIterator<Item = &'a CStr>,
    ) -> Option<*const *const libc::c_char> {
        let mut pointers = Vec::with_capacity(strings.len() + 1);
        for s in strings {
            pointers.push(self.string(s)?);
        }
        pointers.push(std::ptr::null());
        // SAFETY: viewing the pointers as their bytes, to copy them in.
        let bytes = unsafe {
            std::slice::from_raw_parts(
                pointers.as_ptr().cast::<u8>(),
                std::mem::size_of_val(pointers.as_slice()),
            )
        };
        self.put(bytes, std::mem::align_of::<*const libc::c_char>())
            .map(|p| p.cast_const().cast())
    }
}

struct Spawner {
    shared: *mut Shared,
    /// The stack of the spawner's child (its lowest usable address), in the launcher's copy unused.
    stack: *mut u8,
    pid: i32,
    pidfd: OwnedFd,
    /// The launcher's ends: requests written, replies read.
    requests: OwnedFd,
    replies: OwnedFd,
    /// The spawner's ends (the same table): requests read, replies written.
    requests_read: OwnedFd,
    _replies_write: OwnedFd,
}

impl Spawner {
    /// Makes the spawner; `None` where it cannot be made.
    fn start() -> Option<Spawner> {
        let shared_bytes = std::mem::size_of::<Shared>().next_multiple_of(PAGE);
        // SAFETY: fresh anonymous mappings, unmapped only when the spawner is dropped (and dead).
        let (shared, stack) = unsafe {
            let shared = libc::mmap(
                std::ptr::null_mut(),
                shared_bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            if shared == libc::MAP_FAILED {
                return None;
            }
            let stack = libc::mmap(
                std::ptr::null_mut(),
                STACK_BYTES + PAGE,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            );
            if stack == libc::MAP_FAILED {
                libc::munmap(shared, shared_bytes);
                return None;
            }
            // A guard page below the stack.
            libc::mprotect(stack, PAGE, libc::PROT_NONE);
            (shared.cast::<Shared>(), stack.cast::<u8>().add(PAGE))
        };
        let unmap = move || {
            // SAFETY: the mappings made above, used by nobody (no spawner runs).
            unsafe {
                libc::munmap(shared.cast(), shared_bytes);
                libc::munmap(stack.sub(PAGE).cast(), STACK_BYTES + PAGE);
            }
        };
        let (Ok((requests_read, requests)), Ok((replies, replies_write))) =
            (super::sys::pipe(), super::sys::pipe())
        else {
            unmap();
            return None;
        };
        // SAFETY: the four descriptors were just made, and are ours.
        let [requests_read, requests, replies, replies_write] =
            [requests_read, requests, replies, replies_write]
                .map(|fd| unsafe { OwnedFd::from_raw_fd(fd) });
        // SAFETY: the mapping was just made, and nobody else uses it yet.
        unsafe { (*shared).replies = replies_write.as_raw_fd() };
        // SAFETY: getpid has no preconditions.
        let launcher = unsafe { libc::getpid() };
        // SAFETY: a fork that shares the descriptor table (no new stack: the child goes on on its copy of
        // this one). The launcher is single-threaded; the child makes only system calls on what was
        // prepared before, and never returns.
        let pid = unsafe {
            libc::syscall(
                libc::SYS_clone,
                libc::CLONE_FILES | libc::SIGCHLD,
                0usize,
                0usize,
                0usize,
                0usize,
            )
        };
        if pid == 0 {
            // SAFETY: the spawner's side; see above.
            unsafe {
                spawner_main(
                    shared,
                    stack,
                    launcher,
                    requests_read.as_raw_fd(),
                    replies_write.as_raw_fd(),
                )
            };
        }
        let pid = pid as i32;
        if pid < 0 {
            unmap();
            return None;
        }
        super::tree::keep(pid);
        // SAFETY: pidfd_open has no memory-safety preconditions.
        let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
        if pidfd < 0 {
            // SAFETY: our child, not reaped yet (no run has run since it was made).
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
            super::tree::release(pid);
            unmap();
            return None;
        }
        let spawner = Spawner {
            shared,
            stack,
            pid,
            // SAFETY: ours.
            pidfd: unsafe { OwnedFd::from_raw_fd(pidfd) },
            requests,
            replies,
            requests_read,
            _replies_write: replies_write,
        };
        Some(spawner)
    }

    /// Sends one run and waits for its reply: the program's pid, `None` when the run does not fit or the
    /// spawner could not start it (the launcher forks it then).
    fn spawn(
        &self,
        fill: &mut dyn FnMut(&mut Arena) -> Option<(Steps, Joined)>,
        pid_namespace: i32,
        own_pid_namespace: i32,
        announce: &mut dyn FnMut(i32),
    ) -> std::result::Result<Option<i32>, Dead> {
        // SAFETY: the spawner waits for a request before it reads the mapping, and the launcher for the
        // reply before it writes it again: one side at a time.
        let shared = unsafe { &mut *self.shared };
        let mut arena = Arena {
            base: shared.arena.as_mut_ptr().cast(),
            used: 0,
        };
        let Some((steps, joined)) = fill(&mut arena) else {
            return Ok(None);
        };
        shared.steps = steps;
        shared.joined = joined;
        shared.pid_namespace = pid_namespace;
        shared.own_pid_namespace = own_pid_namespace;
        shared.pid = 0;
        shared.made = 0;
        let byte = [1u8];
        // SAFETY: writing one byte from a local buffer to our pipe (its read end is open: the table is
        // shared, so this never blocks nor fails on a dead spawner).
        unsafe { libc::write(self.requests.as_raw_fd(), byte.as_ptr().cast(), 1) };
        loop {
            let mut fds = [
                super::sys::poll_in(self.replies.as_raw_fd()),
                super::sys::poll_in(self.pidfd.as_raw_fd()),
            ];
            // SAFETY: polling two valid descriptors.
            let n = unsafe { libc::poll(fds.as_mut_ptr(), 2, -1) };
            if n < 0 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            if fds[0].revents != 0 {
                let mut byte = [0u8];
                // SAFETY: reading one byte into a local buffer: the reply, written after the mapping.
                let n =
                    unsafe { libc::read(self.replies.as_raw_fd(), byte.as_mut_ptr().cast(), 1) };
                if n == 1 && byte[0] == STARTED {
                    // SAFETY: the kernel wrote it when it made the program, which then sent this byte.
                    announce(unsafe { std::ptr::read_volatile(&(*self.shared).made) });
                    continue;
                }
                if n == 1 {
                    // SAFETY: the spawner wrote it before its reply byte, and waits for the next request.
                    let pid = unsafe { std::ptr::read_volatile(&(*self.shared).pid) };
                    return Ok((pid > 0).then_some(pid));
                }
            }
            if fds[1].revents != 0 || n < 0 {
                // Dead: whether the request is still in the pipe says if it took it.
                let mut waiting: libc::c_int = 0;
                // SAFETY: FIONREAD into a local int on our pipe.
                unsafe {
                    libc::ioctl(self.requests_read.as_raw_fd(), libc::FIONREAD, &mut waiting)
                };
                return Err(Dead {
                    took_request: waiting == 0,
                });
            }
        }
    }
}

impl Drop for Spawner {
    /// Killed (through its pidfd: the pid may have been reaped with a run's orphans) and reaped, its
    /// mappings unmapped.
    fn drop(&mut self) {
        // SAFETY: our pidfd; waiting for our own child through it; then the mappings nobody uses any more.
        unsafe {
            libc::syscall(
                libc::SYS_pidfd_send_signal,
                self.pidfd.as_raw_fd(),
                libc::SIGKILL,
                std::ptr::null::<libc::siginfo_t>(),
                0u32,
            );
            let mut info: libc::siginfo_t = std::mem::zeroed();
            libc::waitid(
                libc::P_PIDFD,
                self.pidfd.as_raw_fd() as libc::id_t,
                &mut info,
                libc::WEXITED,
            );
            libc::munmap(
                self.shared.cast(),
                std::mem::size_of::<Shared>().next_multiple_of(PAGE),
            );
            libc::munmap(self.stack.sub(PAGE).cast(), STACK_BYTES + PAGE);
        }
        super::tree::release(self.pid);
        // Its pipes close with the fields (the table is shared: for it too).
    }
}

/// The spawner's loop: a request at a time, until the launcher is gone (its parent-death signal) or its
/// pipe is (the launcher dropped it).
///
/// # Safety
/// Only in the spawner made by `Spawner::start`; makes only system calls, allocates nothing.
unsafe fn spawner_main(
    shared: *mut Shared,
    stack: *mut u8,
    launcher: i32,
    requests: i32,
    replies: i32,
) -> ! {
    // SAFETY: the contract: only in the spawner, whose `shared` mapping and `stack` were made for it before
    // it started, at the same address here; each call is a system call on them or on the pipes' descriptors,
    // and nothing allocates.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        if libc::getppid() != launcher {
            libc::_exit(0);
        }
        libc::prctl(libc::PR_SET_NAME, c"sandbox-spawner".as_ptr());
        // No handler of the launcher's runs here, nor in the child on this memory before it resets its mask.
        let mut all: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::sigprocmask(libc::SIG_SETMASK, &all, std::ptr::null_mut());
        loop {
            let mut byte = [0u8];
            match libc::read(requests, byte.as_mut_ptr().cast(), 1) {
                1 => {}
                n if n < 0 && *libc::__errno_location() == libc::EINTR => continue,
                _ => libc::_exit(0),
            }
            let pid = spawn_one(shared, stack);
            std::ptr::write_volatile(&mut (*shared).pid, pid);
            if libc::write(replies, byte.as_ptr().cast(), 1) != 1 {
                libc::_exit(0);
            }
        }
    }
}

/// Starts the run of the mapping: the program's pid, or a negative `errno`.
///
/// # Safety
/// As `spawner_main`.
unsafe fn spawn_one(shared: *mut Shared, stack: *mut u8) -> i32 {
    // SAFETY: `spawner_main`'s contract: `shared` is the mapping and `stack` the child's stack of
    // STACK_BYTES; setns takes descriptors of the shared table, and the clone's child runs on that stack
    // until exec while the spawner waits (CLONE_VFORK).
    unsafe {
        let (pid_namespace, own) = ((*shared).pid_namespace, (*shared).own_pid_namespace);
        if libc::setns(pid_namespace, libc::CLONE_NEWPID) != 0 {
            return -*libc::__errno_location();
        }
        extern "C" fn child(shared: *mut libc::c_void) -> libc::c_int {
            // SAFETY: `shared` is the mapping, whose run the launcher does not change until the reply, and
            // the spawner waits (vfork) until this child has exec'd or exited; `exec_child` and
            // `Joined::apply` make only system calls and never return.
            unsafe {
                let shared = shared.cast::<Shared>();
                libc::write((*shared).replies, [STARTED].as_ptr().cast(), 1);
                let (steps, joined) = ((*shared).steps, (*shared).joined);
                super::launcher::exec_child(&steps, || joined.apply())
            }
        }
        // The program is the launcher's child (CLONE_PARENT), in the template's pid namespace; it runs on
        // the spawner's memory, on a stack of its own, until exec; the spawner waits until then.
        let pid = libc::clone(
            child,
            stack.add(STACK_BYTES).cast(),
            libc::CLONE_VM
                | libc::CLONE_VFORK
                | libc::CLONE_PARENT
                | libc::CLONE_PARENT_SETTID
                | libc::SIGCHLD,
            shared.cast(),
            &raw mut (*shared).made,
        );
        let pid = match pid {
            pid if pid > 0 => pid,
            _ => -*libc::__errno_location(),
        };
        // Back to its own pid namespace (a retired template's is not held on to); a spawner that cannot
        // goes, and the launcher makes another.
        if libc::setns(own, libc::CLONE_NEWPID) != 0 {
            libc::_exit(1);
        }
        pid
    }
}
