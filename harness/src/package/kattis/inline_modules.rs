//! One Rust source file with its `#[path = "..."] mod name;` modules written inline (`mod name { ... }`), for
//! a package that must stand alone: an input validator includes the workspace's shared reader
//! (`problems/.shared/validate.rs`), which an exported package does not have. The included file goes in as
//! it is, but for its leading `//!` header (which documents the workspace, not the package). Anything the
//! export cannot inline is an error naming the file and the line: a `mod name;` without `#[path]`, a path
//! that does not exist, or an included file that itself declares a module file.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};

/// The text of `file` with every `#[path = "P"] mod name;` replaced by `mod name { <P> }` (`P` relative to
/// the folder of `file`, as rustc reads it for a crate root). Other attributes of the item are kept.
pub fn inline_path_modules(file: &Path) -> Result<String> {
    let text =
        fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut out = String::new();
    let mut pending: Option<(String, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", file.display(), i + 1);
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("#[path") {
            let (path, item) = path_attribute(rest).with_context(|| {
                format!("{}: cannot read the `#[path = \"...\"]` attribute", at())
            })?;
            if pending.is_some() {
                bail!("{}: two `#[path]` attributes on one item", at());
            }
            pending = Some((path, i + 1));
            if item.is_empty() {
                continue;
            }
            out.push_str(&inline_item(dir, &mut pending, item, &at())?);
        } else if pending.is_some() && trimmed.starts_with("#[") {
            out.push_str(line);
            out.push('\n');
        } else if pending.is_some() {
            out.push_str(&inline_item(dir, &mut pending, trimmed, &at())?);
        } else if module_name(trimmed).is_some() {
            bail!(
                "{}: `{trimmed}` reads a module file, which the exported package cannot carry: include it \
                 with `#[path = \"...\"]` so that the export can write it inline",
                at()
            );
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    if let Some((_, line)) = pending {
        bail!(
            "{}:{line}: `#[path]` is not followed by `mod name;`",
            file.display()
        );
    }
    Ok(out)
}

/// `mod name { ... }` for the item `item` (`mod name;`) under the pending `#[path]`.
fn inline_item(
    dir: &Path,
    pending: &mut Option<(String, usize)>,
    item: &str,
    at: &str,
) -> Result<String> {
    let (path, _) = pending.take().context("a pending #[path]")?;
    let Some((visibility, name)) = module_name(item) else {
        bail!("{at}: `#[path]` is followed by `{item}`, not by `mod name;`: the export cannot inline it");
    };
    let included = dir.join(&path);
    let body = fs::read_to_string(&included).with_context(|| {
        format!(
            "{at}: cannot read the module `{name}` at {} to inline it",
            included.display()
        )
    })?;
    let mut out =
        format!("{visibility}mod {name} {{\n// {path}, inlined: a package stands alone.\n");
    let mut header = true;
    for (j, line) in body.lines().enumerate() {
        header = header && line.starts_with("//!");
        if header {
            continue;
        }
        let trimmed = line.trim();
        if trimmed.starts_with("#[path") || module_name(trimmed).is_some() {
            bail!(
                "{}:{}: the module `{name}` (included at {at}) declares a module file itself, which the \
                 export cannot inline",
                included.display(),
                j + 1
            );
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push_str("}\n");
    Ok(out)
}

/// `= "P"]` and what follows it on the line: the path and the rest (trimmed).
fn path_attribute(rest: &str) -> Option<(String, &str)> {
    let rest = rest.trim_start().strip_prefix('=')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let end = rest.find('"')?;
    let after = rest[end + 1..].trim_start().strip_prefix(']')?;
    Some((rest[..end].to_string(), after.trim()))
}

/// The visibility (`pub ` or empty) and the name of an item `mod name;` / `pub mod name;`.
fn module_name(item: &str) -> Option<(&'static str, &str)> {
    let (visibility, rest) = match item.strip_prefix("pub ") {
        Some(rest) => ("pub ", rest.trim_start()),
        None => ("", item),
    };
    let name = rest.strip_prefix("mod ")?.trim().strip_suffix(';')?.trim();
    let valid = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    valid.then_some((visibility, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
        let root =
            std::env::temp_dir().join(format!("harness-inline-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        root
    }

    #[test]
    fn a_path_module_is_written_inline_with_its_other_attributes() {
        let root = scratch(
            "ok",
            &[
                ("p/main.rs", "//! Main.\n\n#[allow(dead_code)]\n#[path = \"../s/m.rs\"]\nmod m;\n\nfn main() {\n    m::f();\n}\n"),
                ("s/m.rs", "//! Shared.\n//! More.\n\npub fn f() {}\n"),
            ],
        );
        let text = inline_path_modules(&root.join("p/main.rs")).unwrap();
        fs::remove_dir_all(&root).unwrap();
        assert_eq!(
            text,
            "//! Main.\n\n#[allow(dead_code)]\nmod m {\n// ../s/m.rs, inlined: a package stands alone.\n\npub fn f() {}\n}\n\nfn main() {\n    m::f();\n}\n"
        );
    }

    #[test]
    fn what_cannot_be_inlined_is_an_error_naming_the_file_and_line() {
        let cases = [
            (
                "plain",
                "fn main() {}\nmod other;\n",
                "main.rs:2: `mod other;` reads a module file",
            ),
            (
                "missing",
                "#[path = \"nope.rs\"] mod m;\n",
                "cannot read the module `m`",
            ),
            (
                "not-mod",
                "#[path = \"m.rs\"]\nfn main() {}\n",
                "not by `mod name;`",
            ),
            (
                "at-end",
                "#[path = \"m.rs\"]\n",
                "main.rs:1: `#[path]` is not followed",
            ),
            (
                "nested",
                "#[path = \"n.rs\"]\nmod n;\n",
                "n.rs:3: the module `n`",
            ),
        ];
        for (name, main, expected) in cases {
            let root = scratch(
                name,
                &[("main.rs", main), ("n.rs", "//! N.\n\nmod deeper;\n")],
            );
            let err = inline_path_modules(&root.join("main.rs")).unwrap_err();
            fs::remove_dir_all(&root).unwrap();
            let message = format!("{err:#}");
            assert!(message.contains(expected), "{name}: {message}");
        }
    }
}
