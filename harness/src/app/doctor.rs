//! `harness doctor`: which containment layers this machine and this user give the programs under
//! judgement, each active or not, with what it does or why it is missing.

use std::io::{self, Write};

use anyhow::Result;

use crate::sandbox::layers::{is_root, layers, uid};
use crate::EXIT_OK;

pub fn doctor() -> Result<i32> {
    let mut out = io::stdout().lock();
    let uid = uid();
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    writeln!(
        out,
        "judge runs as uid {uid}{}, Linux {}",
        if is_root() { " (root)" } else { "" },
        kernel.trim()
    )?;
    for layer in layers() {
        let state = if layer.active { "active" } else { "off" };
        writeln!(out, "{state:<7} {:<19} {}", layer.name, layer.detail)?;
    }
    writeln!(
        out,
        "Not a hardened sandbox: no seccomp filter, and no defence against kernel exploits (README, \
\"Containment\")."
    )?;
    Ok(EXIT_OK)
}
