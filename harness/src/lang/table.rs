//! The language table: how each language is compiled, as data. Today the judge compiles Rust; another
//! language is another row.

/// One language: how its compiler is found, called and identified.
#[derive(Debug, Clone, Copy)]
pub struct Language {
    pub name: &'static str,
    /// File extensions, without the dot.
    pub extensions: &'static [&'static str],
    /// The compiler command, unless the environment variable `compiler_env` names another.
    pub compiler: &'static str,
    pub compiler_env: &'static str,
    /// Flags before the source file, as on the online judges.
    pub flags: &'static [&'static str],
    /// Arguments that make the compiler print its version (part of every cache key).
    pub version_args: &'static [&'static str],
    /// How to get the compiler, for the error when it is missing.
    pub install_hint: &'static str,
}

impl Language {
    /// The compiler to run: `$<compiler_env>` when set, else `compiler` from PATH.
    pub fn compiler_command(&self) -> String {
        std::env::var(self.compiler_env).unwrap_or_else(|_| self.compiler.to_string())
    }
}

/// Rust, as the judges compile it: one file, `rustc --edition 2021 -O`.
pub const RUST: Language = Language {
    name: "Rust",
    extensions: &["rs"],
    compiler: "rustc",
    compiler_env: "RUSTC",
    flags: &["--edition", "2021", "-O"],
    version_args: &["-V"],
    install_hint: "install Rust (https://rustup.rs)",
};
