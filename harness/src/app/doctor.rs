//! `harness doctor`: which containment layers this machine and this user give the programs under
//! judgement, each active or not, with what it does or why it is missing; and which toolchain runs each
//! language of the built-in table (Python 3: PyPy, or CPython where PyPy is missing); and what on this
//! machine makes CPU times vary (`exec::machine`), each with what it means and the command that fixes it.

use std::io::{self, Write};

use std::path::Path;
use std::time::Duration;

use anyhow::Result;

use crate::exec::machine;
use crate::lang::version::Versions;
use crate::lang::LanguageTable;
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
    let layers = layers();
    for layer in &layers {
        let state = if layer.active { "active" } else { "off" };
        writeln!(out, "{state:<7} {:<19} {}", layer.name, layer.detail)?;
    }
    let root = layers
        .iter()
        .any(|l| l.name == "allowlist-root" && l.active);
    writeln!(
        out,
        "Compilers and the problems' and packages' checkers, interactors, validators and generators: {}",
        match root {
            true => "contained as the submissions are, in the allowlist root with only their own files bound in",
            false => "without an allowlist root they see the machine, as the submissions do (same limits, a clean environment)",
        }
    )?;
    writeln!(
        out,
        "Not a hardened sandbox: no seccomp filter, and no defence against kernel exploits (docs/containment.md, \
\"Containment\")."
    )?;
    languages(&mut out)?;
    timing(&mut out)?;
    Ok(EXIT_OK)
}

/// The machine's timing checks, as isolate's `isolate-check-environment` makes them, the load sampled
/// over half a second while the judge runs nothing.
fn timing(out: &mut impl Write) -> io::Result<()> {
    let cpus = machine::pinned_cpus();
    let found = machine::check(Path::new("/"), &cpus, Some(Duration::from_millis(500)));
    writeln!(
        out,
        "timing (runs are pinned to {}; docs/containment.md, \"Timing you can trust\"):",
        cpus.iter()
            .map(|c| format!("cpu{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    for finding in &found.findings {
        writeln!(
            out,
            "{:<7} {:<8} {}",
            finding.status.name(),
            finding.check,
            finding.found
        )?;
        writeln!(out, "                 {}", finding.meaning)?;
        if let Some(fix) = &finding.fix {
            writeln!(out, "                 fix: {fix}")?;
        }
    }
    let warnings = found.warnings().count();
    writeln!(
        out,
        "{}",
        match warnings {
            0 => "nothing found that makes times vary; `harness --repeat 5` measures how steady they are".to_string(),
            n => format!("{n} settings make times vary: verdicts near a limit may flip; `harness --repeat 5` flags those that do"),
        }
    )?;
    Ok(())
}

/// `harness doctor --profile P`: which toolchains of the profile's language table are here and which are
/// missing (those the profile changes marked), then its rules with their sources.
pub fn profile(workspace: Option<&crate::package::Workspace>, id: &str) -> Result<i32> {
    let (profiles, base) = match workspace {
        Some(workspace) => (
            crate::profile::Profiles::for_workspace(&workspace.root)?,
            workspace.languages()?,
        ),
        None => (
            crate::profile::Profiles::builtin(),
            LanguageTable::builtin(),
        ),
    };
    let profile = profiles.get(id)?;
    let table = profile.languages(&base)?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "profile {} ({}): {}",
        profile.id, profile.name, profile.about
    )?;
    writeln!(
        out,
        "toolchains (* the profile compiles or runs it otherwise than this judge):"
    )?;
    let versions = Versions::default();
    let (mut here, mut missing) = (0, 0);
    for language in &table.languages {
        let rule = profile.language_rule(&language.id);
        let mark = if rule.is_some() { "*" } else { " " };
        let state = match versions.get(language) {
            Ok(version) => {
                here += 1;
                format!("here: {}", version.lines().next().unwrap_or_default())
            }
            Err(why) => {
                missing += 1;
                format!("missing: {}", why.lines().next().unwrap_or_default())
            }
        };
        writeln!(
            out,
            "{mark} {:<16} {:<20} {state}",
            language.id, language.name
        )?;
        if let Some(rule) = rule {
            writeln!(out, "      {} ({})", rule.cause, rule.source)?;
        }
    }
    writeln!(out, "{here} toolchains here, {missing} missing")?;
    writeln!(out, "rules:")?;
    let rules = [
        (
            "memory",
            format!("{:?}", profile.memory.rule),
            &profile.memory.source,
            &profile.memory.note,
        ),
        (
            "output",
            format!("{:?}", profile.output.rule),
            &profile.output.source,
            &profile.output.note,
        ),
        (
            "interactive",
            format!("{:?}", profile.interactive.rule),
            &profile.interactive.source,
            &profile.interactive.note,
        ),
        (
            "scoring",
            format!("{:?}", profile.scoring.rule),
            &profile.scoring.source,
            &profile.scoring.note,
        ),
        (
            "time rounding",
            format!("{:?}", profile.time_rounding.rule),
            &profile.time_rounding.source,
            &profile.time_rounding.note,
        ),
    ];
    for (what, rule, source, note) in rules {
        let note = note
            .as_deref()
            .map(|n| format!("; {n}"))
            .unwrap_or_default();
        writeln!(out, "  {what:<14} {rule}{note} ({source})")?;
    }
    Ok(EXIT_OK)
}

/// Each language of the built-in table with its toolchain's version (its first lines), or why it is
/// missing and which language runs its programs instead.
fn languages(out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "languages (the built-in table; docs/contestant.md, \"Languages\"):"
    )?;
    let table = LanguageTable::builtin();
    let versions = Versions::default();
    for language in &table.languages {
        let state = match versions.get(language) {
            // PyPy names itself on its second line.
            Ok(version) => version
                .lines()
                .take(2)
                .take_while(|l| !l.is_empty() && !l.starts_with("Copyright"))
                .collect::<Vec<_>>()
                .join(" "),
            Err(why) => {
                let instead = language
                    .fallback
                    .as_deref()
                    .and_then(|id| table.by_id(id))
                    .filter(|other| versions.get(other).is_ok())
                    .map(|other| format!("; its programs run under {}", other.name))
                    .unwrap_or_default();
                format!(
                    "missing: {}{instead}",
                    why.lines().next().unwrap_or_default()
                )
            }
        };
        writeln!(out, "{:<16} {:<20} {state}", language.id, language.name)?;
    }
    Ok(())
}
