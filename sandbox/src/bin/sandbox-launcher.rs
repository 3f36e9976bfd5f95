//! A launcher of the sandbox's own, for its tests and for programs that embed the sandbox without being
//! the judge: `sandbox-launcher __launcher SLOT CACHE_BIN CPU PID_SLOTS_FD` answers run requests on stdin (`protocol`).

fn main() {
    if std::env::args_os()
        .nth(1)
        .is_some_and(|arg| arg == sandbox::LAUNCHER_ARG)
    {
        sandbox::launcher_main();
    }
    eprintln!(
        "sandbox-launcher: started by the sandbox's client only (`{} SLOT CACHE_BIN PID_SLOTS_FD`)",
        sandbox::LAUNCHER_ARG
    );
    std::process::exit(2);
}
