//! The machine's timing checks, as isolate's `isolate-check-environment` makes them: SMT siblings of the
//! CPUs the judge pins, the frequency governor, turbo/boost, ASLR, swap, transparent huge pages, and
//! other load on the pinned CPUs. Every file is read under a root folder (`/` on a machine; a fake
//! folder in a test), and a file that is missing says the machine does not tell, never that it is fine.

use std::fs;
use std::path::Path;
use std::time::Duration;

use crate::model::machine::{Finding, Machine, Status};

/// The busy share of a pinned CPU above which other programs are said to load it.
const BUSY_SHARE: f64 = 0.10;
/// The load average (runnable programs, over the last minute) above which the machine is said loaded.
const LOAD_AVERAGE: f64 = 0.5;

/// The checks of the machine under `root` for the runs pinned to `cpus`; the load from two samples of
/// `/proc/stat` `sample` apart, or (no sample) from the load average.
pub fn check(root: &Path, cpus: &[usize], sample: Option<Duration>) -> Machine {
    let load = match sample {
        Some(interval) => {
            let before = read(root, "proc/stat");
            std::thread::sleep(interval);
            let after = read(root, "proc/stat");
            match (before, after) {
                (Some(before), Some(after)) => busy(&before, &after, cpus),
                _ => unknown("load", "/proc/stat cannot be read", LOAD),
            }
        }
        None => load_average(root, cpus),
    };
    Machine {
        cpus: cpus.to_vec(),
        findings: vec![
            smt(root, cpus),
            governor(root, cpus),
            turbo(root),
            aslr(root),
            swap(root),
            huge_pages(root),
            load,
        ],
    }
}

/// The CPUs this judge pins its runs to: those it may run on.
pub fn pinned_cpus() -> Vec<usize> {
    crate::sandbox::cpus::allowed()
}

fn read(root: &Path, path: &str) -> Option<String> {
    fs::read_to_string(root.join(path)).ok()
}

fn cpu_file(root: &Path, cpu: usize, file: &str) -> Option<String> {
    read(root, &format!("sys/devices/system/cpu/cpu{cpu}/{file}")).map(|s| s.trim().to_string())
}

fn finding(
    check: &str,
    status: Status,
    found: String,
    meaning: &str,
    fix: Option<&str>,
) -> Finding {
    Finding {
        check: check.to_string(),
        status,
        found,
        meaning: meaning.to_string(),
        fix: match status {
            Status::Warn => fix.map(str::to_string),
            _ => None,
        },
    }
}

fn unknown(check: &str, found: &str, meaning: &str) -> Finding {
    finding(check, Status::Unknown, found.to_string(), meaning, None)
}

const SMT: &str =
    "hyper-threads of one core share its units: a run on one is slowed by whatever runs on \
its sibling (by up to a half), so the judge's two pinned CPUs must not be siblings";

/// SMT: a pinned CPU whose core has other threads (`topology/thread_siblings_list`).
fn smt(root: &Path, cpus: &[usize]) -> Finding {
    let control = read(root, "sys/devices/system/cpu/smt/control").map(|s| s.trim().to_string());
    let mut shared = Vec::new();
    let mut read_any = false;
    for &cpu in cpus {
        let Some(list) = cpu_file(root, cpu, "topology/thread_siblings_list") else {
            continue;
        };
        read_any = true;
        let siblings: Vec<usize> = cpu_list(&list).into_iter().filter(|s| *s != cpu).collect();
        if !siblings.is_empty() {
            shared.push(format!(
                "cpu{cpu} shares its core with {}",
                names(&siblings)
            ));
        }
    }
    let control = control
        .map(|c| format!("; smt/control: {c}"))
        .unwrap_or_default();
    match (read_any, shared.is_empty()) {
        (false, _) => unknown("smt", &format!("no CPU topology under /sys{control}"), SMT),
        (true, true) => finding(
            "smt",
            Status::Ok,
            format!("{}: one thread per core{control}", names(cpus)),
            SMT,
            None,
        ),
        (true, false) => finding(
            "smt",
            Status::Warn,
            format!("{}{control}", shared.join("; ")),
            SMT,
            Some("echo off > /sys/devices/system/cpu/smt/control   (or restrict the judge to one thread per core: taskset -c LIST harness ...)"),
        ),
    }
}

const GOVERNOR: &str =
    "a governor other than `performance` changes the clock with the load: the same \
program takes longer when it starts on an idle CPU, and a limit near its time flips";

/// The frequency governor of each pinned CPU (`cpufreq/scaling_governor`).
fn governor(root: &Path, cpus: &[usize]) -> Finding {
    let governors: Vec<(usize, String)> = cpus
        .iter()
        .filter_map(|&cpu| Some((cpu, cpu_file(root, cpu, "cpufreq/scaling_governor")?)))
        .collect();
    if governors.is_empty() {
        return unknown(
            "governor",
            "no cpufreq governor (a virtual machine or a fixed clock: the host decides)",
            GOVERNOR,
        );
    }
    let found = governors
        .iter()
        .map(|(cpu, g)| format!("cpu{cpu}: {g}"))
        .collect::<Vec<_>>()
        .join(", ");
    let status = match governors.iter().all(|(_, g)| g == "performance") {
        true => Status::Ok,
        false => Status::Warn,
    };
    finding(
        "governor",
        status,
        found,
        GOVERNOR,
        Some("cpupower frequency-set -g performance   (or: echo performance | tee /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor)"),
    )
}

const TURBO: &str =
    "turbo/boost raises the clock while the package is cool and few cores are busy: \
times depend on what else runs and on the temperature";

/// Turbo (Intel `intel_pstate/no_turbo`) or boost (`cpufreq/boost`, AMD and acpi-cpufreq).
fn turbo(root: &Path) -> Finding {
    let no_turbo = read(root, "sys/devices/system/cpu/intel_pstate/no_turbo");
    let boost = read(root, "sys/devices/system/cpu/cpufreq/boost");
    match (
        no_turbo.as_deref().map(str::trim),
        boost.as_deref().map(str::trim),
    ) {
        (Some("0"), _) => finding(
            "turbo",
            Status::Warn,
            "intel_pstate turbo on (no_turbo = 0)".into(),
            TURBO,
            Some("echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo"),
        ),
        (_, Some("1")) => finding(
            "turbo",
            Status::Warn,
            "cpufreq boost on (boost = 1)".into(),
            TURBO,
            Some("echo 0 > /sys/devices/system/cpu/cpufreq/boost"),
        ),
        (Some(value), _) | (None, Some(value)) => finding(
            "turbo",
            Status::Ok,
            format!("turbo/boost off ({value})"),
            TURBO,
            None,
        ),
        (None, None) => unknown("turbo", "no turbo or boost switch under /sys", TURBO),
    }
}

const ASLR: &str =
    "address-space randomisation places stack, heap and libraries anew on every run: \
cache and TLB behaviour, and so the time, differ a little from run to run (turning it off is a \
security trade-off: the programs are contained)";

/// ASLR (`kernel.randomize_va_space`).
fn aslr(root: &Path) -> Finding {
    match read(root, "proc/sys/kernel/randomize_va_space")
        .as_deref()
        .map(str::trim)
    {
        None => unknown("aslr", "kernel.randomize_va_space cannot be read", ASLR),
        Some("0") => finding(
            "aslr",
            Status::Ok,
            "off (randomize_va_space = 0)".into(),
            ASLR,
            None,
        ),
        Some(value) => finding(
            "aslr",
            Status::Warn,
            format!("on (randomize_va_space = {value})"),
            ASLR,
            Some("sysctl -w kernel.randomize_va_space=0"),
        ),
    }
}

const SWAP: &str =
    "with swap, a run's memory may be paged out and back: its time then depends on the \
disk and on every other program's memory";

/// Swap (`/proc/swaps`: a line per device after the header).
fn swap(root: &Path) -> Finding {
    let Some(swaps) = read(root, "proc/swaps") else {
        return unknown("swap", "/proc/swaps cannot be read", SWAP);
    };
    let devices: Vec<&str> = swaps
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    match devices.is_empty() {
        true => finding("swap", Status::Ok, "no swap".into(), SWAP, None),
        false => finding(
            "swap",
            Status::Warn,
            format!("swapping to {}", devices.join(", ")),
            SWAP,
            Some("swapoff -a"),
        ),
    }
}

const THP: &str = "transparent huge pages make the kernel compact memory and promote pages behind a \
run's back: a run that allocates much takes more or less time depending on how fragmented memory is";

/// Transparent huge pages (`enabled` and `defrag` of `/sys/kernel/mm/transparent_hugepage`): anything
/// but `never`, as isolate asks.
fn huge_pages(root: &Path) -> Finding {
    let dir = "sys/kernel/mm/transparent_hugepage";
    let selected = |file: &str| {
        let text = read(root, &format!("{dir}/{file}"))?;
        // The choice in force is the one in brackets: `always [madvise] never`.
        let chosen = text.split_whitespace().find(|w| w.starts_with('['))?;
        Some(chosen.trim_matches(['[', ']']).to_string())
    };
    let (Some(enabled), defrag) = (selected("enabled"), selected("defrag")) else {
        return unknown(
            "thp",
            "no transparent huge pages under /sys (not built in)",
            THP,
        );
    };
    let defrag = defrag.unwrap_or_else(|| "never".into());
    let found = format!("enabled: {enabled}, defrag: {defrag}");
    match enabled == "never" && defrag == "never" {
        true => finding("thp", Status::Ok, found, THP, None),
        false => finding(
            "thp",
            Status::Warn,
            found,
            THP,
            Some("echo never > /sys/kernel/mm/transparent_hugepage/enabled; echo never > /sys/kernel/mm/transparent_hugepage/defrag"),
        ),
    }
}

const LOAD: &str =
    "other programs on the pinned CPUs take turns with the runs there: a run waits, loses \
its caches, and its CPU time grows (a virtual machine's `steal` is its host doing the same)";
const LOAD_FIX: &str = "stop them, or keep them off the judge's CPUs (taskset, systemd-run -p AllowedCPUs=), or run the judge on idle ones (taskset -c LIST harness ...)";

/// The busy share of each pinned CPU between two samples of `/proc/stat` (taken with no run of this
/// judge going: all of it is others'), and the time the hypervisor stole.
fn busy(before: &str, after: &str, cpus: &[usize]) -> Finding {
    let (first, second) = (cpu_times(before), cpu_times(after));
    let mut parts = Vec::new();
    let mut loaded = false;
    for &cpu in cpus {
        let (Some(a), Some(b)) = (first.get(&cpu), second.get(&cpu)) else {
            continue;
        };
        let delta: Vec<u64> = b.iter().zip(a).map(|(b, a)| b.saturating_sub(*a)).collect();
        let total: u64 = delta.iter().sum();
        if total == 0 {
            continue;
        }
        let at = |i: usize| delta.get(i).copied().unwrap_or(0) as f64;
        // user nice system idle iowait irq softirq steal
        let busy = (total as f64 - at(3) - at(4)) / total as f64;
        let steal = at(7) / total as f64;
        loaded |= busy > BUSY_SHARE;
        parts.push(format!(
            "cpu{cpu}: {:.0}% busy{}",
            busy * 100.0,
            match steal > 0.005 {
                true => format!(" ({:.0}% stolen)", steal * 100.0),
                false => String::new(),
            }
        ));
    }
    if parts.is_empty() {
        return unknown("load", "the pinned CPUs are not in /proc/stat", LOAD);
    }
    let status = if loaded { Status::Warn } else { Status::Ok };
    finding("load", status, parts.join(", "), LOAD, Some(LOAD_FIX))
}

/// The counters of each `cpuN` line of `/proc/stat`.
fn cpu_times(stat: &str) -> std::collections::HashMap<usize, Vec<u64>> {
    stat.lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let cpu = words.next()?.strip_prefix("cpu")?.parse().ok()?;
            Some((cpu, words.filter_map(|w| w.parse().ok()).collect()))
        })
        .collect()
}

/// The load average of the last minute against the pinned CPUs (the run is not going yet).
fn load_average(root: &Path, cpus: &[usize]) -> Finding {
    let average = read(root, "proc/loadavg")
        .and_then(|text| text.split_whitespace().next()?.parse::<f64>().ok());
    let Some(average) = average else {
        return unknown("load", "/proc/loadavg cannot be read", LOAD);
    };
    let status = match average > LOAD_AVERAGE {
        true => Status::Warn,
        false => Status::Ok,
    };
    finding(
        "load",
        status,
        format!(
            "load average {average:.2} over the last minute, {} CPUs pinned",
            cpus.len()
        ),
        LOAD,
        Some(LOAD_FIX),
    )
}

/// A kernel CPU list: `0-3,8,10-11`.
fn cpu_list(text: &str) -> Vec<usize> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((from, to)) => {
                if let (Ok(from), Ok(to)) = (from.parse::<usize>(), to.parse::<usize>()) {
                    cpus.extend(from..=to);
                }
            }
            None => cpus.extend(part.parse::<usize>().ok()),
        }
    }
    cpus
}

fn names(cpus: &[usize]) -> String {
    cpus.iter()
        .map(|c| format!("cpu{c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A fake machine: `tests/fixtures/machine/<name>/` holds the `sys` and `proc` files it reads.
    fn fake(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/machine")
            .join(name)
    }

    fn statuses(machine: &Machine) -> Vec<(&str, Status)> {
        machine
            .findings
            .iter()
            .map(|f| (f.check.as_str(), f.status))
            .collect()
    }

    #[test]
    fn an_untuned_machine_is_told_every_fix() {
        let machine = check(&fake("untuned"), &[0, 1], None);
        assert_eq!(
            statuses(&machine),
            [
                ("smt", Status::Warn),
                ("governor", Status::Warn),
                ("turbo", Status::Warn),
                ("aslr", Status::Warn),
                ("swap", Status::Warn),
                ("thp", Status::Warn),
                ("load", Status::Warn),
            ]
        );
        let by = |check: &str| machine.findings.iter().find(|f| f.check == check).unwrap();
        assert_eq!(
            by("smt").found,
            "cpu0 shares its core with cpu2; cpu1 shares its core with cpu3; smt/control: on"
        );
        assert_eq!(by("governor").found, "cpu0: powersave, cpu1: performance");
        assert_eq!(by("turbo").found, "intel_pstate turbo on (no_turbo = 0)");
        assert_eq!(by("aslr").found, "on (randomize_va_space = 2)");
        assert_eq!(by("swap").found, "swapping to /dev/sda2");
        assert_eq!(by("thp").found, "enabled: always, defrag: madvise");
        assert_eq!(
            by("aslr").fix.as_deref(),
            Some("sysctl -w kernel.randomize_va_space=0")
        );
        assert!(machine.findings.iter().all(|f| f.fix.is_some()));
    }

    #[test]
    fn a_tuned_machine_passes_every_check() {
        let machine = check(&fake("tuned"), &[0, 1], None);
        assert!(
            machine.findings.iter().all(|f| f.status == Status::Ok),
            "{machine:#?}"
        );
        assert!(machine.findings.iter().all(|f| f.fix.is_none()));
        let boost = &machine.findings[2];
        assert_eq!(boost.found, "turbo/boost off (0)");
    }

    #[test]
    fn a_machine_that_says_nothing_is_unknown_not_fine() {
        let machine = check(&fake("nothing"), &[0], None);
        assert!(
            machine.findings.iter().all(|f| f.status == Status::Unknown),
            "{machine:#?}"
        );
    }

    #[test]
    fn the_load_is_the_busy_share_of_each_pinned_cpu_between_two_samples() {
        let before = "cpu  10 0 10 100 0 0 0 0 0 0\ncpu0 0 0 0 100 0 0 0 0 0 0\ncpu1 0 0 0 100 0 0 0 0 0 0\n";
        // cpu0: 60 of 100 ticks user, 5 stolen; cpu1: 2 of 100 busy; cpu2 not pinned.
        let after = "cpu  10 0 10 100 0 0 0 0 0 0\ncpu0 60 0 0 135 0 0 0 5 0 0\ncpu1 1 0 1 198 0 0 0 0 0 0\ncpu2 900 0 0 0 0 0 0 0 0 0\n";
        let load = busy(before, after, &[0, 1]);
        assert_eq!(load.status, Status::Warn);
        assert_eq!(load.found, "cpu0: 65% busy (5% stolen), cpu1: 2% busy");
        let idle = busy(before, after, &[1]);
        assert_eq!((idle.status, idle.fix), (Status::Ok, None));
    }

    #[test]
    fn cpu_lists_read_as_the_kernel_writes_them() {
        assert_eq!(cpu_list("0-2,8,10-11\n"), [0, 1, 2, 8, 10, 11]);
        assert_eq!(cpu_list("3"), [3]);
    }
}
