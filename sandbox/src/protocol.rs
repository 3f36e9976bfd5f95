//! What the judge and a launcher say to each other over a pair of pipes: typed requests and replies, each
//! sent as one frame (a little-endian `u32` length, then the bytes: JSON for messages, raw for the stderr
//! tail); and, without a message, the pids of the programs a launcher runs (`PidSlots`).

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::path::PathBuf;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicI32, Ordering};

use serde::{Deserialize, Serialize};

pub use crate::outcome::{Chunk, Direction};
use crate::{Limits, RunOutcome};

/// Run one program to its end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRequest {
    #[serde(with = "os_bytes")]
    pub program: OsString,
    #[serde(with = "os_bytes_vec")]
    pub args: Vec<OsString>,
    /// No address-space cap (runtimes that reserve much more than they use).
    pub unlimited_address_space: bool,
    /// stdin is this file.
    #[serde(with = "path_bytes")]
    pub stdin: PathBuf,
    /// stdout goes into this file, created afresh.
    #[serde(with = "path_bytes")]
    pub stdout: PathBuf,
    pub limits: Limits,
    /// A program under judgement: contained as far as the machine allows (`sandbox::isolate`).
    #[serde(default)]
    pub isolate: bool,
    /// What a contained run sees beyond its allowlist root.
    #[serde(default)]
    pub binds: Vec<Bind>,
    /// The working folder (`Invocation::cwd`).
    #[serde(default, with = "opt_path_bytes")]
    pub cwd: Option<PathBuf>,
    /// `NAME=value` entries over the fixed environment.
    #[serde(default, with = "os_bytes_vec")]
    pub env: Vec<OsString>,
    /// stderr goes into this file (created afresh) instead of the kept tail.
    #[serde(default, with = "opt_path_bytes")]
    pub stderr: Option<PathBuf>,
    /// A compiler: kept out of the runs' control group, where the pages it writes (a binary of
    /// hundreds of MiB) would stay charged to the programs run after it; rlimits bound it.
    #[serde(default)]
    pub compiler: bool,
    /// Writes past the output limit fail (EFBIG) and the program runs on, as on judges that keep only the
    /// first bytes of an output and let the program go on (DOMjudge's runguard): `SIGXFSZ` is ignored.
    #[serde(default)]
    pub runs_on_past_output: bool,
}

/// A file or folder of the machine that a contained run sees, at `to` in its root (its own path, as a rule:
/// paths the program is given then mean the same inside), read-only unless `writable`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bind {
    #[serde(with = "path_bytes")]
    pub from: PathBuf,
    #[serde(with = "path_bytes")]
    pub to: PathBuf,
    pub writable: bool,
}

impl Bind {
    /// `path`, read-only, at its own place.
    pub fn read_only(path: impl Into<PathBuf>) -> Bind {
        let path = path.into();
        Bind {
            from: path.clone(),
            to: path,
            writable: false,
        }
    }

    /// `path`, writable, at its own place.
    pub fn writable(path: impl Into<PathBuf>) -> Bind {
        Bind {
            writable: true,
            ..Bind::read_only(path)
        }
    }
}

/// What the judge asks a launcher.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    Run(RunRequest),
    Interact(InteractRequest),
}

/// A `Request` as the judge sends it, borrowed (the same message: nothing is cloned to send it).
#[derive(Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RequestRef<'a> {
    Run(&'a RunRequest),
    Interact(&'a InteractRequest),
}

/// One side of an interactive run: the program and its own limits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Side {
    #[serde(with = "os_bytes")]
    pub program: OsString,
    #[serde(with = "os_bytes_vec")]
    pub args: Vec<OsString>,
    pub unlimited_address_space: bool,
    pub limits: Limits,
    #[serde(default)]
    pub isolate: bool,
    #[serde(default)]
    pub binds: Vec<Bind>,
    #[serde(default, with = "opt_path_bytes")]
    pub cwd: Option<PathBuf>,
}

/// Run a solution and an interactor with their stdin and stdout crossed, through the launcher, which
/// records both directions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InteractRequest {
    pub solution: Side,
    pub interactor: Side,
    /// Bytes kept of each direction at the start and at the end of the transcript.
    pub transcript_bytes: usize,
    /// The exit code with which the interactor accepts (Kattis 42, testlib 0). An interactor that ends any
    /// other way while the solution still runs has decided the verdict (rejected, or failed): the solution
    /// is stopped at once, without the grace to notice the end of its input. None: the grace always.
    pub interactor_accepts: Option<i32>,
    /// The solution's closed output reaches the interactor only once the solution has ended, as
    /// problemtools' interactive runner holds the pipe open until its writer stops: a solution that closes
    /// its output and runs on is not judged by the interactor until its own limits stop it.
    #[serde(default)]
    pub hold_solution_eof: bool,
}

/// How an interactive run ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Interaction {
    pub solution: RunOutcome,
    pub interactor: RunOutcome,
    /// The interactor ended before the solution did.
    pub interactor_first: bool,
    /// The first and last bytes of each direction (`cut` marks where bytes were left out).
    pub transcript: Vec<Chunk>,
    pub transcript_cut: bool,
}

impl Interaction {
    /// An interactive run the judge lost, for the reason given (`RunOutcome::lost`).
    pub fn lost(reason: String) -> Interaction {
        Interaction {
            solution: RunOutcome::lost(reason.clone()),
            interactor: RunOutcome::lost(reason),
            interactor_first: false,
            transcript: Vec::new(),
            transcript_cut: false,
        }
    }
}

/// The launcher's reply to a request, one per request: `Finished`, followed by one raw frame with the
/// stderr tail; or `Failed`. The program's pid is not a reply: the launcher puts it in its `PidSlots`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    Finished {
        outcome: RunOutcome,
    },
    /// An interactive run ended; two raw frames follow: the solution's and the interactor's stderr tails.
    Interacted {
        interaction: Box<Interaction>,
    },
    Failed {
        message: String,
    },
}

/// How many programs a request runs at most (an interactive pair: the solution, then the interactor).
pub const PID_SLOTS: usize = 2;

/// Where a launcher puts the pid of each program it starts (its process group), as soon as it exists and
/// before the launcher waits for it, for the judge to read only when it needs it: to kill the programs of a
/// launcher that died or stopped answering, and on an interrupt. A page of a memfd that the judge makes
/// and maps, given to the launcher at its start (its last argument, a descriptor number), which maps it
/// too: a run costs one reply, not a message for its start as well that would wake the judge. The launcher
/// clears them once a request's programs are gone, before its reply: the slots hold the pids of the request
/// it is running, or none, even while the judge has the next request waiting (`client::Lane`).
pub struct PidSlots {
    page: NonNull<AtomicI32>,
}

// SAFETY: the page is only read and written through atomics, and stays mapped until the value is dropped.
unsafe impl Send for PidSlots {}
// SAFETY: as above.
unsafe impl Sync for PidSlots {}

/// The bytes mapped: one page.
const SLOTS_BYTES: usize = 4096;

impl PidSlots {
    /// Empty slots, and the memfd to give the launcher (closed on exec: the launcher's start clears that).
    pub fn new() -> io::Result<(PidSlots, OwnedFd)> {
        // SAFETY: a constant name; the descriptor returned is ours.
        let fd = unsafe { libc::memfd_create(c"sandbox-pids".as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: just made, and ours.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        // SAFETY: sizing our own memfd.
        if unsafe { libc::ftruncate(fd.as_raw_fd(), SLOTS_BYTES as libc::off_t) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok((PidSlots::map(fd.as_fd())?, fd))
    }

    /// The launcher's side: the slots of the memfd it was given.
    pub fn map(fd: BorrowedFd) -> io::Result<PidSlots> {
        // A file too short would fault on access rather than fail here.
        let size = std::fs::File::from(fd.try_clone_to_owned()?)
            .metadata()?
            .len();
        if size < SLOTS_BYTES as u64 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("the pid slots' file has {size} bytes, not {SLOTS_BYTES}"),
            ));
        }
        // SAFETY: a fresh shared mapping of a file at least that long, unmapped only on drop.
        let page = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                SLOTS_BYTES,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd.as_raw_fd(),
                0,
            )
        };
        if page == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        Ok(PidSlots {
            page: NonNull::new(page.cast()).expect("mmap does not return null"),
        })
    }

    fn slot(&self, i: usize) -> &AtomicI32 {
        assert!(i < PID_SLOTS);
        // SAFETY: inside the page (aligned: a page start), mapped as long as `self`, only used atomically.
        unsafe { &*self.page.as_ptr().add(i) }
    }

    /// The launcher started a program: its pid in slot `i` (0 for a run, 0 and 1 for an interactive pair).
    pub fn set(&self, i: usize, pid: i32) {
        self.slot(i).store(pid, Ordering::Release);
    }

    /// The pids the launcher put in the slots since they were cleared.
    pub fn pids(&self) -> Vec<i32> {
        (0..PID_SLOTS)
            .map(|i| self.slot(i).load(Ordering::Acquire))
            .filter(|&pid| pid > 0)
            .collect()
    }

    pub fn clear(&self) {
        for i in 0..PID_SLOTS {
            self.slot(i).store(0, Ordering::Release);
        }
    }
}

impl Drop for PidSlots {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `map`, unused once `self` goes.
        unsafe { libc::munmap(self.page.as_ptr().cast(), SLOTS_BYTES) };
    }
}

/// The largest frame accepted: a message is small (a transcript's cost is bounded, `interact::Transcript`),
/// and a stderr tail is at most `STDERR_TAIL_BYTES`. The launcher never sends more (`encode_reply`).
pub const MAX_FRAME: usize = 1 << 20;

/// A reply as one frame's bytes. A reply over `MAX_FRAME` is replaced by the same run, lost for that reason
/// (a judge error for its test, never a frame the judge refuses to read while the launcher waits to write).
pub fn encode_reply(reply: &Reply) -> io::Result<Vec<u8>> {
    let bytes = serde_json::to_vec(reply).map_err(io::Error::other)?;
    if bytes.len() <= MAX_FRAME {
        return Ok(bytes);
    }
    let reason = format!(
        "the launcher's reply was {} bytes, over the frame limit of {MAX_FRAME}",
        bytes.len()
    );
    let lost = match reply {
        Reply::Interacted { .. } => Reply::Interacted {
            interaction: Box::new(Interaction::lost(reason)),
        },
        _ => Reply::Finished {
            outcome: RunOutcome::lost(reason),
        },
    };
    serde_json::to_vec(&lost).map_err(io::Error::other)
}

/// A frame appended to `out`: frames that go together are written at once, so that their reader wakes
/// once for them.
pub fn push_frame(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(bytes);
}

pub fn read_frame(input: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut len = [0u8; 4];
    input.read_exact(&mut len)?;
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {len} bytes is more than {MAX_FRAME}"),
        ));
    }
    let mut bytes = vec![0; len];
    input.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// One message as a frame, in one write.
pub fn write_message<T: Serialize>(out: &mut impl Write, message: &T) -> io::Result<()> {
    out.write_all(&encode_message(message)?)
}

/// One message as the bytes of its frame.
pub fn encode_message<T: Serialize>(message: &T) -> io::Result<Vec<u8>> {
    let mut frame = vec![0; 4];
    serde_json::to_writer(&mut frame, message).map_err(io::Error::other)?;
    let len = (frame.len() - 4) as u32;
    frame[..4].copy_from_slice(&len.to_le_bytes());
    Ok(frame)
}

pub fn read_message<T: for<'de> Deserialize<'de>>(input: &mut impl Read) -> io::Result<T> {
    let bytes = read_frame(input)?;
    serde_json::from_slice(&bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// OS strings as their bytes: paths need not be UTF-8.
mod os_bytes {
    use std::ffi::OsString;
    use std::os::unix::ffi::{OsStrExt, OsStringExt};

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &OsString, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(value.as_bytes())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<OsString, D::Error> {
        Vec::<u8>::deserialize(d).map(OsString::from_vec)
    }
}

mod os_bytes_vec {
    use std::ffi::OsString;
    use std::os::unix::ffi::{OsStrExt, OsStringExt};

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &[OsString], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(value.iter().map(|v| v.as_bytes()))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<OsString>, D::Error> {
        Vec::<Vec<u8>>::deserialize(d).map(|all| all.into_iter().map(OsString::from_vec).collect())
    }
}

mod path_bytes {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStrExt;
    use std::path::{Path, PathBuf};

    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &Path, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(value.as_os_str().as_bytes())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PathBuf, D::Error> {
        super::os_bytes::deserialize(d).map(|os: OsString| PathBuf::from(os))
    }
}

mod opt_path_bytes {
    use std::ffi::OsString;
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    use std::path::{Path, PathBuf};

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &Option<PathBuf>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(path) => s.serialize_some(&path.as_os_str().as_bytes()),
            None => s.serialize_none(),
        }
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PathBuf>, D::Error> {
        Option::<Vec<u8>>::deserialize(d)
            .map(|bytes| bytes.map(|b| Path::new(&OsString::from_vec(b)).to_path_buf()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Exit;
    use std::os::unix::ffi::OsStringExt;

    #[test]
    fn requests_round_trip_with_non_utf8_paths() {
        let request = RunRequest {
            program: OsString::from_vec(b"/bin/\xffx".to_vec()),
            args: vec![OsString::from("a b"), OsString::new()],
            unlimited_address_space: false,
            stdin: PathBuf::from("in"),
            stdout: PathBuf::from(OsString::from_vec(b"o\x80ut".to_vec())),
            limits: Limits::tool(),
            isolate: true,
            binds: vec![
                Bind::read_only(OsString::from_vec(b"/a/\xff".to_vec())),
                Bind::writable("/b"),
            ],
            cwd: Some(PathBuf::from("/b")),
            env: vec![OsString::from("HOME=/tmp")],
            stderr: None,
            compiler: false,
            runs_on_past_output: false,
        };
        let mut frame = Vec::new();
        write_message(&mut frame, &request).unwrap();
        let back: RunRequest = read_message(&mut frame.as_slice()).unwrap();
        assert_eq!(back, request);
        let mut frame = Vec::new();
        write_message(&mut frame, &Request::Run(request.clone())).unwrap();
        let back: Request = read_message(&mut frame.as_slice()).unwrap();
        assert_eq!(back, Request::Run(request.clone()));
        // The judge sends it borrowed: the launcher reads the same request.
        let mut borrowed = Vec::new();
        write_message(&mut borrowed, &RequestRef::Run(&request)).unwrap();
        assert_eq!(borrowed, frame);
    }

    #[test]
    fn replies_round_trip() {
        let outcome = RunOutcome {
            exit: Exit::Signal(11),
            cpu_us: 1500,
            wall_us: 2000,
            peak_kb: 3000,
            wall_killed: false,
            stalled_ms: None,
            lingered_ms: None,
            judge_error: None,
            stdout_bytes: 12,
            memory_killed: false,
            tasks_refused: false,
            stderr_tail: Vec::new(),
        };
        for reply in [
            Reply::Finished { outcome },
            Reply::Failed {
                message: "cannot execute x".into(),
            },
        ] {
            let mut frame = Vec::new();
            write_message(&mut frame, &reply).unwrap();
            assert_eq!(read_message::<Reply>(&mut frame.as_slice()).unwrap(), reply);
        }
    }

    /// What the launcher writes in its mapping of the memfd, the judge reads in its own, until it clears it.
    #[test]
    fn pid_slots_are_shared_through_their_memfd() {
        let (judge, fd) = PidSlots::new().unwrap();
        let launcher = PidSlots::map(fd.as_fd()).unwrap();
        drop(fd);
        assert!(judge.pids().is_empty());
        launcher.set(1, 42);
        launcher.set(0, 7);
        assert_eq!(judge.pids(), [7, 42]);
        judge.clear();
        assert!(launcher.pids().is_empty());
        let short = std::fs::File::open("/dev/null").unwrap();
        assert!(PidSlots::map(short.as_fd()).is_err());
    }

    /// A message goes out in one write: its reader (a launcher blocked on its pipe) wakes once for it,
    /// not once for the length and again for the bytes.
    #[test]
    fn a_message_is_one_write() {
        struct Writes(Vec<Vec<u8>>);
        impl Write for Writes {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                self.0.push(buf.to_vec());
                Ok(buf.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut writes = Writes(Vec::new());
        let reply = Reply::Failed {
            message: "x".into(),
        };
        write_message(&mut writes, &reply).unwrap();
        assert_eq!(writes.0.len(), 1);
        let reply_back: Reply = read_message(&mut writes.0[0].as_slice()).unwrap();
        assert_eq!(reply_back, reply);
    }

    #[test]
    fn oversized_and_truncated_frames_are_errors() {
        let mut huge = (u32::MAX).to_le_bytes().to_vec();
        huge.extend_from_slice(b"x");
        assert!(read_frame(&mut huge.as_slice()).is_err());
        let short = [5u8, 0, 0, 0, b'a'];
        assert!(read_frame(&mut short.as_slice()).is_err());
    }
}
