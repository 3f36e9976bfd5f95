//! Loading problems from disk: the workspace's folders, our own layout (`problem.toml`, `tests.toml`,
//! `testdata/`), the known-wrong submissions, and Kattis problem packages (`kattis*`), anywhere or dropped
//! into `problems/`. Another package format is another file here.

pub mod changes;
pub mod inline_modules;
pub mod kattis;
pub mod kattis_data;
pub mod kattis_export;
pub mod kattis_groups;
pub mod kattis_program;
pub mod kattis_submissions;
pub mod kattis_yaml;
pub mod links;
pub mod native;
pub mod native_groups;
pub mod submissions;
pub mod tests_toml;
pub mod text;
pub mod workspace;
pub mod workspace_packages;

pub use tests_toml::{load_test_specs, AnswerSource, InputSource, TestSpec, Validation};
pub use text::{read_text, readable_file};
pub use workspace::Workspace;
