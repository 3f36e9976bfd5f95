//! The system-call filter of every program under judgement (submissions, compilers, checkers,
//! interactors, validators, generators): a deny-list of what a contest program never needs and what reaches
//! outside its run, installed as the child's very last step before exec (after the namespaces, the uid
//! switch, `no_new_privs` and Landlock), so that the sandbox's own setup is not filtered.
//!
//! Two filters, built once with `seccompiler` (the kernel runs both and takes the stronger answer):
//! - **killed** (`SIGSYS`, the whole process; the verdict says a forbidden system call was made): tracing and
//!   reading other processes (`ptrace`, `process_vm_*`, `pidfd_getfd`, `kcmp`), the kernel's programmable
//!   parts (`bpf`, `perf_event_open`, `userfaultfd`, modules, `kexec_*`), the machine's state (`reboot`,
//!   `swapon`/`swapoff`, `acct`, the clocks, `quotactl`, `syslog`, `iopl`/`ioperm`, `vhangup`, and the
//!   obsolete `lookup_dcookie` and `uselib`), namespaces and mounts
//!   after setup (`mount` and the new mount API, `umount2`, `pivot_root`, `unshare`, `setns`, `clone` with a
//!   namespace flag), file handles that bypass paths (`open_by_handle_at`, `name_to_handle_at`), sockets of
//!   the `AF_VSOCK` family (the machine's or the hypervisor's port space, outside any network namespace),
//!   and every x32 system call (numbers with bit 30 set: the same calls under other numbers);
//! - **refused** with `ENOSYS`, as on a kernel without them, so that runtimes fall back: `clone3` (its flags
//!   are in memory, where a filter cannot read them: the C library then uses `clone`, whose flags are
//!   checked), `io_uring_*` (a second way to every call), and the keyring (`add_key`, `request_key`,
//!   `keyctl`: the session keyring the judge was started with, and its uid's user keyring, which outlives a
//!   run and, as root, the judge); and the memory a program could hold outside its own pages, which no
//!   sampling of a process sees where no control group counts it: System V shared memory, message queues
//!   and semaphores, `memfd_create` (a file in no folder, its pages in no process once unmapped), sockets
//!   (`socket`, `socketpair`: their buffers; the network namespace leaves nothing to reach anyway; a
//!   compiler may make them, and the launcher charges them to its memory) and `fcntl(F_SETPIPE_SZ)` (a pipe
//!   keeps its 64 KiB, which the launcher charges to the run).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

/// Calls that kill the program.
const KILLED: &[(i64, &str)] = &[
    (libc::SYS_ptrace, "ptrace"),
    (libc::SYS_process_vm_readv, "process_vm_readv"),
    (libc::SYS_process_vm_writev, "process_vm_writev"),
    (libc::SYS_process_madvise, "process_madvise"),
    (libc::SYS_pidfd_getfd, "pidfd_getfd"),
    (libc::SYS_kcmp, "kcmp"),
    (libc::SYS_bpf, "bpf"),
    (libc::SYS_perf_event_open, "perf_event_open"),
    (libc::SYS_userfaultfd, "userfaultfd"),
    (libc::SYS_kexec_load, "kexec_load"),
    (libc::SYS_kexec_file_load, "kexec_file_load"),
    (libc::SYS_reboot, "reboot"),
    (libc::SYS_swapon, "swapon"),
    (libc::SYS_swapoff, "swapoff"),
    (libc::SYS_init_module, "init_module"),
    (libc::SYS_finit_module, "finit_module"),
    (libc::SYS_delete_module, "delete_module"),
    (libc::SYS_acct, "acct"),
    (libc::SYS_settimeofday, "settimeofday"),
    (libc::SYS_clock_settime, "clock_settime"),
    (libc::SYS_clock_adjtime, "clock_adjtime"),
    (libc::SYS_quotactl, "quotactl"),
    (libc::SYS_syslog, "syslog"),
    (libc::SYS_iopl, "iopl"),
    (libc::SYS_ioperm, "ioperm"),
    (libc::SYS_vhangup, "vhangup"),
    (libc::SYS_lookup_dcookie, "lookup_dcookie"),
    (libc::SYS_uselib, "uselib"),
    (libc::SYS_mount, "mount"),
    (libc::SYS_umount2, "umount2"),
    (libc::SYS_pivot_root, "pivot_root"),
    (libc::SYS_unshare, "unshare"),
    (libc::SYS_setns, "setns"),
    (libc::SYS_fsopen, "fsopen"),
    (libc::SYS_fsconfig, "fsconfig"),
    (libc::SYS_fsmount, "fsmount"),
    (libc::SYS_fspick, "fspick"),
    (libc::SYS_open_tree, "open_tree"),
    (libc::SYS_move_mount, "move_mount"),
    (libc::SYS_mount_setattr, "mount_setattr"),
    (libc::SYS_open_by_handle_at, "open_by_handle_at"),
    (libc::SYS_name_to_handle_at, "name_to_handle_at"),
];

/// Calls refused with `ENOSYS`.
const REFUSED: &[(i64, &str)] = &[
    (libc::SYS_clone3, "clone3"),
    (libc::SYS_io_uring_setup, "io_uring_setup"),
    (libc::SYS_io_uring_enter, "io_uring_enter"),
    (libc::SYS_io_uring_register, "io_uring_register"),
    (libc::SYS_add_key, "add_key"),
    (libc::SYS_request_key, "request_key"),
    (libc::SYS_keyctl, "keyctl"),
    (libc::SYS_shmget, "shmget"),
    (libc::SYS_shmat, "shmat"),
    (libc::SYS_shmctl, "shmctl"),
    (libc::SYS_shmdt, "shmdt"),
    (libc::SYS_msgget, "msgget"),
    (libc::SYS_msgsnd, "msgsnd"),
    (libc::SYS_msgrcv, "msgrcv"),
    (libc::SYS_msgctl, "msgctl"),
    (libc::SYS_semget, "semget"),
    (libc::SYS_semop, "semop"),
    (libc::SYS_semtimedop, "semtimedop"),
    (libc::SYS_semctl, "semctl"),
    (libc::SYS_memfd_create, "memfd_create"),
    (libc::SYS_memfd_secret, "memfd_secret"),
];

/// Calls refused with `ENOSYS` to every program but a compiler (rustc starts its linker through a socket
/// pair; the launcher charges a compiler's sockets to its memory instead).
const REFUSED_BUT_TO_COMPILERS: &[(i64, &str)] = &[
    (libc::SYS_socket, "socket"),
    (libc::SYS_socketpair, "socketpair"),
];

/// The namespace flags a `clone` may not have.
const NAMESPACE_FLAGS: [libc::c_int; 7] = [
    libc::CLONE_NEWNS,
    libc::CLONE_NEWCGROUP,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
];

/// The x32 system calls: the x86-64 numbers with this bit set.
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

/// The names of the calls a program is killed for (`harness doctor`, the README).
pub fn killed_calls() -> impl Iterator<Item = &'static str> {
    KILLED
        .iter()
        .map(|(_, name)| *name)
        .chain(["clone with a namespace flag", "socket(AF_VSOCK)"])
}

/// The names of the calls refused with `ENOSYS`.
pub fn refused_calls() -> impl Iterator<Item = &'static str> {
    REFUSED
        .iter()
        .map(|(_, name)| *name)
        .chain(REFUSED_BUT_TO_COMPILERS.iter().map(|(_, name)| *name))
        .chain(["fcntl(F_SETPIPE_SZ)"])
}

/// The three BPF programs (what kills; what is refused to a compiler; what is refused to the rest), built
/// once; `None` where they cannot be (an architecture `seccompiler` does not know).
pub fn programs() -> Option<&'static [BpfProgram; 3]> {
    static PROGRAMS: OnceLock<Option<[BpfProgram; 3]>> = OnceLock::new();
    PROGRAMS.get_or_init(|| build().ok()).as_ref()
}

fn build() -> Result<[BpfProgram; 3], seccompiler::Error> {
    let arch = std::env::consts::ARCH.try_into()?;
    let mut killed: BTreeMap<i64, Vec<SeccompRule>> =
        KILLED.iter().map(|(nr, _)| (*nr, Vec::new())).collect();
    let flag = |flag: libc::c_int| {
        let flag = flag as u64;
        SeccompCondition::new(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::MaskedEq(flag),
            flag,
        )
        .and_then(|condition| SeccompRule::new(vec![condition]))
    };
    killed.insert(
        libc::SYS_clone,
        NAMESPACE_FLAGS
            .into_iter()
            .map(flag)
            .collect::<Result<_, _>>()?,
    );
    let vsock = SeccompCondition::new(
        0,
        SeccompCmpArgLen::Dword,
        SeccompCmpOp::Eq,
        libc::AF_VSOCK as u64,
    )?;
    killed.insert(libc::SYS_socket, vec![SeccompRule::new(vec![vsock])?]);
    let killed = SeccompFilter::new(
        killed,
        SeccompAction::Allow,
        SeccompAction::KillProcess,
        arch,
    )?;
    let pipe_size = SeccompCondition::new(
        1,
        SeccompCmpArgLen::Dword,
        SeccompCmpOp::Eq,
        libc::F_SETPIPE_SZ as u64,
    )?;
    let refusing = |calls: &[&[(i64, &str)]]| -> Result<SeccompFilter, seccompiler::Error> {
        let mut refused: BTreeMap<i64, Vec<SeccompRule>> = calls
            .iter()
            .flat_map(|calls| calls.iter())
            .map(|(nr, _)| (*nr, Vec::new()))
            .collect();
        refused.insert(
            libc::SYS_fcntl,
            vec![SeccompRule::new(vec![pipe_size.clone()])?],
        );
        Ok(SeccompFilter::new(
            refused,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::ENOSYS as u32),
            arch,
        )?)
    };
    let refused_to_compilers = refusing(&[REFUSED])?;
    let refused = refusing(&[REFUSED, REFUSED_BUT_TO_COMPILERS])?;
    let mut killed: BpfProgram = killed.try_into()?;
    if cfg!(target_arch = "x86_64") {
        // Before the rest: load the call's number; bit 30 set (x32) kills.
        let x32 = [
            bpf(BPF_LD | BPF_W | BPF_ABS, 0, 0, 0),
            bpf(BPF_JMP | BPF_JSET | BPF_K, 0, 1, X32_SYSCALL_BIT),
            bpf(BPF_RET | BPF_K, 0, 0, libc::SECCOMP_RET_KILL_PROCESS),
        ];
        killed.splice(0..0, x32);
    }
    Ok([
        killed,
        refused_to_compilers.try_into()?,
        refused.try_into()?,
    ])
}

const BPF_LD: u16 = 0x00;
const BPF_W: u16 = 0x00;
const BPF_ABS: u16 = 0x20;
const BPF_JMP: u16 = 0x05;
const BPF_JSET: u16 = 0x40;
const BPF_K: u16 = 0x00;
const BPF_RET: u16 = 0x06;

fn bpf(code: u16, jt: u8, jf: u8, k: u32) -> seccompiler::sock_filter {
    seccompiler::sock_filter { code, jt, jf, k }
}

/// A BPF program as plain values (where it is and its length), for the child between fork and exec: in
/// the launcher's memory for a forked child, in the spawner's mapping for its child (`spawner::Arena`).
#[derive(Clone, Copy)]
pub struct Program {
    pub filter: *const seccompiler::sock_filter,
    pub len: u16,
}

impl Program {
    /// A program of `programs()`, where it is in the launcher's memory.
    pub fn of(program: &'static BpfProgram) -> Program {
        Program {
            filter: program.as_ptr(),
            len: program.len() as u16,
        }
    }
}

/// The filters of a program under judgement, where the kernel has seccomp and they could be built.
pub fn for_runs() -> Option<[Program; 2]> {
    filters(false)
}

/// The filters of a compiler: as `for_runs`, sockets allowed.
pub fn for_compilers() -> Option<[Program; 2]> {
    filters(true)
}

fn filters(compiler: bool) -> Option<[Program; 2]> {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    if !*AVAILABLE.get_or_init(available) {
        return None;
    }
    let [killed, refused_to_compilers, refused] = programs()?;
    Some([
        Program::of(killed),
        Program::of(match compiler {
            true => refused_to_compilers,
            false => refused,
        }),
    ])
}

/// Whether this kernel filters system calls (`CONFIG_SECCOMP_FILTER`).
pub fn available() -> bool {
    // SAFETY: PR_GET_SECCOMP reads the calling thread's mode and changes nothing.
    unsafe { libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 }
}

/// Installs the filters on the calling thread; false when the kernel refuses one.
///
/// # Safety
/// Each program's `filter` points to `len` valid instructions; `no_new_privs` must be set (or the caller
/// have `CAP_SYS_ADMIN`). Only system calls: safe between fork and exec.
pub unsafe fn install(programs: &[Program; 2]) -> bool {
    programs.iter().all(|program| {
        let prog = libc::sock_fprog {
            len: program.len,
            filter: program.filter.cast_mut().cast(),
        };
        // SAFETY: `prog` points to valid instructions (the caller's promise) and lives across the call,
        // which copies them into the kernel.
        unsafe {
            libc::syscall(
                libc::SYS_seccomp,
                libc::SECCOMP_SET_MODE_FILTER,
                0,
                &prog as *const libc::sock_fprog,
            ) == 0
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filters_build_on_this_machine() {
        let [killed, refused_to_compilers, refused] =
            programs().expect("seccompiler knows this architecture");
        assert!(killed.len() > KILLED.len());
        assert!(refused_to_compilers.len() > REFUSED.len());
        assert!(refused.len() > refused_to_compilers.len());
    }
}
