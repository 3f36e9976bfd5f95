//! Small system calls of the launcher, wrapped: pipes, waiting, polling, reading /proc and stderr.

use std::ffi::{CString, OsStr};
use std::io;
use std::os::unix::ffi::OsStrExt;

use anyhow::{bail, Context, Result};

use crate::limits::STDERR_TAIL_BYTES;
use crate::Exit;

/// The child's exec error, if any: it writes its errno on failure; a clean exec closes the pipe (CLOEXEC).
pub(super) fn read_exec_error(exec_read: i32) -> Option<io::Error> {
    let mut errno = [0u8; 4];
    // SAFETY: reading into a local buffer; 0 bytes on exec success.
    let n = unsafe { libc::read(exec_read, errno.as_mut_ptr().cast(), 4) };
    // SAFETY: our descriptor.
    unsafe { libc::close(exec_read) };
    (n == 4).then(|| io::Error::from_raw_os_error(i32::from_ne_bytes(errno)))
}

/// `wait4` on the child, without blocking when `nohang`: its exit and usage once it has ended.
pub(super) fn reap(pid: i32, nohang: bool) -> Result<Option<(Exit, libc::rusage)>> {
    let mut status = 0;
    // SAFETY: zeroed rusage is a valid out-parameter.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if nohang { libc::WNOHANG } else { 0 };
    // SAFETY: waiting for our own child with valid out-pointers.
    let reaped = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
    if reaped < 0 {
        bail!("wait4 failed: {}", io::Error::last_os_error());
    }
    if reaped != pid {
        return Ok(None);
    }
    let exit = match libc::WIFSIGNALED(status) {
        true => Exit::Signal(libc::WTERMSIG(status)),
        false => Exit::Code(libc::WEXITSTATUS(status)),
    };
    Ok(Some((exit, usage)))
}

pub(super) fn poll_in(fd: i32) -> libc::pollfd {
    libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    }
}

/// CPU time (user + system) used so far by a running process, from `/proc/PID/stat`.
pub(super) fn cpu_time_ms(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_ascii_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(ticks * 1000 / per_second)
}

/// Reads one chunk of stderr into the tail, keeping it bounded; false at end of file or on error.
pub(super) fn read_tail_chunk(fd: i32, tail: &mut Vec<u8>) -> bool {
    let mut buf = [0u8; 64 * 1024];
    // SAFETY: reading into a local buffer.
    let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
    if n <= 0 {
        return false;
    }
    tail.extend_from_slice(&buf[..n as usize]);
    if tail.len() > 2 * STDERR_TAIL_BYTES {
        let excess = tail.len() - STDERR_TAIL_BYTES;
        tail.drain(..excess);
    }
    true
}

/// After the program is gone: takes what is already in the stderr pipe, without waiting for a grandchild
/// that may still hold it open.
pub(super) fn drain_tail(fd: i32, tail: &mut Vec<u8>) {
    // SAFETY: making our own descriptor non-blocking.
    unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) };
    let mut budget = 16; // at most 1 MiB more: a writer that never stops must not keep us here
    while budget > 0 && read_tail_chunk(fd, tail) {
        budget -= 1;
    }
}

pub(super) fn pipe() -> Result<(i32, i32)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into the array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        bail!("pipe failed: {}", io::Error::last_os_error());
    }
    Ok((fds[0], fds[1]))
}

pub(super) fn cstring(arg: &OsStr) -> Result<CString> {
    CString::new(arg.as_bytes()).with_context(|| format!("argument {arg:?} contains a NUL byte"))
}

pub(super) fn timeval_us(tv: libc::timeval) -> u64 {
    (tv.tv_sec as u64) * 1_000_000 + tv.tv_usec as u64
}

/// A control file's whole text, read from its start (the file stays open between reads). A control file
/// made by one `show` (a counter, `memory.stat`, `cpu.stat`, the events) gives its whole text to one read
/// that has room for it, so a read shorter than the buffer is its end: one system call where there were
/// two. A list (`cgroup.procs`) may stop short of its end at a line: `kill_listed` reads it again until it
/// lists none, so nothing is missed, and nothing is taken for empty that is not.
pub(super) fn read_from_start(file: &std::fs::File) -> Option<String> {
    use std::os::unix::fs::FileExt;
    let mut text = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        let n = file.read_at(&mut chunk, text.len() as u64).ok()?;
        text.extend_from_slice(&chunk[..n]);
        if n < chunk.len() {
            return String::from_utf8(text).ok();
        }
    }
}

/// Forks a sibling: a child of this process's parent (`CLONE_PARENT`), so that a parent-death signal it
/// sets follows that parent. Returns as `fork` does.
///
/// # Safety
/// As `fork` in the child of a fork: the caller makes only async-signal-safe calls after it.
pub(super) unsafe fn fork_sibling() -> libc::c_long {
    // SAFETY: the contract: as a fork in the child of a fork (the caller makes only async-signal-safe calls
    // after it); clone with no stack (0: the child runs on a copy of this one, as after fork) and no pointers
    // passed.
    unsafe {
        libc::syscall(
            libc::SYS_clone,
            libc::CLONE_PARENT | libc::SIGCHLD,
            0usize,
            0usize,
            0usize,
            0usize,
        )
    }
}

/// The program's standard input from `file`: a regular file is handed over as a sealed copy in memory (a
/// `memfd` that can be neither written, grown nor shrunk), so that a program cannot reopen its input
/// (`/proc/self/fd/0`) for writing and change the test data on the machine: a judge that is not root
/// owns that file, and so does the program's user namespace. Anything else (a pipe, `/dev/null`) is handed
/// over as it is.
///
/// The sealed copies are kept by the launcher (`SealedInputs`), keyed on the file's device, inode, size
/// and modification and change times: the next run of the same input (every submission is run on every
/// test) gets a new read-only description of the same copy, its own offset at 0, instead of a new copy.
/// The copy cannot be changed by anyone, so sharing it between runs shares nothing a run could write.
pub(super) fn sealed_input(file: std::fs::File) -> Result<std::os::fd::OwnedFd> {
    use std::os::unix::fs::MetadataExt;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Ok(file.into());
    }
    let key = (
        meta.dev(),
        meta.ino(),
        meta.size(),
        meta.mtime(),
        meta.mtime_nsec(),
        meta.ctime(),
        meta.ctime_nsec(),
    );
    let mut kept = SEALED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(at) = kept.iter().position(|(k, _)| *k == key) {
        let entry = kept.remove(at);
        let reopened = reopen_read_only(&entry.1);
        kept.push(entry);
        if let Ok(fd) = reopened {
            return Ok(fd);
        }
    }
    let copy = sealed_copy(&file)?;
    let handed = reopen_read_only(&copy)?;
    // Keep the copy for the next run of this input within a bound (the latest kept, the oldest dropped).
    if meta.size() <= SEALED_KEPT_BYTES {
        kept.push((key, copy));
        while kept.len() > SEALED_KEPT_FILES
            || kept.iter().map(|(k, _)| k.2).sum::<u64>() > SEALED_KEPT_BYTES
        {
            kept.remove(0);
        }
    }
    Ok(handed)
}

/// The key of a kept sealed copy: device, inode, size, modification and change times (s, ns).
type SealedKey = (u64, u64, u64, i64, i64, i64, i64);

/// The sealed copies a launcher keeps, oldest first.
static SEALED: std::sync::Mutex<Vec<(SealedKey, std::os::fd::OwnedFd)>> =
    std::sync::Mutex::new(Vec::new());

/// At most this many copies kept, of at most this many bytes together.
const SEALED_KEPT_FILES: usize = 32;
const SEALED_KEPT_BYTES: u64 = 64 << 20;

/// A new open file description of a sealed copy, read-only, at offset 0 (a `dup` would share the offset
/// of the last run's).
fn reopen_read_only(copy: &std::os::fd::OwnedFd) -> Result<std::os::fd::OwnedFd> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_CLOEXEC)
        .open(format!("/proc/self/fd/{}", copy.as_raw_fd()))
        .context("cannot reopen the sealed copy of the input")?;
    Ok(file.into())
}

/// A sealed copy of `file` in memory.
fn sealed_copy(file: &std::fs::File) -> Result<std::os::fd::OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: a constant name; the kernel returns a new descriptor (close-on-exec), owned below.
    let fd = unsafe {
        libc::memfd_create(
            c"input".as_ptr(),
            libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
        )
    };
    if fd < 0 {
        bail!("memfd_create failed: {}", io::Error::last_os_error());
    }
    // SAFETY: the descriptor just made, owned by nobody else.
    let mut copy = unsafe { std::fs::File::from_raw_fd(fd) };
    io::copy(&mut &*file, &mut copy).context("cannot copy the input into memory")?;
    let seals = libc::F_SEAL_SEAL | libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE;
    // SAFETY: fcntl and lseek on our own descriptor.
    let sealed = unsafe {
        libc::fcntl(fd, libc::F_ADD_SEALS, seals) == 0 && libc::lseek(fd, 0, libc::SEEK_SET) == 0
    };
    if !sealed {
        bail!("cannot seal the input: {}", io::Error::last_os_error());
    }
    Ok(copy.into())
}
