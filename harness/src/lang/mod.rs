//! Languages and compilation: the language table (`table`, data in `languages.toml`), the compiler that
//! builds one program the way an online judge does (`compiler`), the cache keyed on every file the compiler
//! read (`cache`), what a compiler needs in the sandbox (`toolchain`), the toolchains' versions, part of every key and kept per toolchain identity (`version`,
//! `identity`), compile messages named from the workspace (`located`), and the steps of a link to its target (`links`). A new language is a row of the
//! table.

pub mod cache;
pub mod compiler;
pub mod identity;
pub mod links;
pub use sandbox::limited;
pub mod located;
pub mod table;
pub mod toolchain;
pub mod version;

pub use compiler::{Compiled, Compiler, Executable};
pub use table::{Language, LanguageTable, Program, ENTRYPOINT_FILE};
