//! Languages and compilation: the language table (`table`), the compiler that builds one program the way an
//! online judge does (`compiler`), the binary cache keyed on every file the compiler read (`cache`), and the
//! compiler's version, which is part of every key (`version`). A new language is a row of the table.

pub mod cache;
pub mod compiler;
pub mod table;
pub mod version;

use std::path::PathBuf;

pub use compiler::Compiler;
pub use table::{Language, RUST};

/// A compiled program, ready to run.
#[derive(Debug, Clone)]
pub struct Binary {
    pub path: PathBuf,
}

/// The result of compiling one program: a binary, or a compile error (CE) with the compiler's message.
#[derive(Debug, Clone)]
pub enum Compiled {
    Ok(Binary),
    Failed { message: String },
}
