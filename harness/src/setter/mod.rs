//! The problem-setter tools: `gen` (test data from tests.toml), `stress` (solution against brute force),
//! `stats` (the data's answers by group),
//! `scaffold` (`harness new`), `submit` (`harness submit-check`), `validate`,
//! `lint` (rustfmt and clippy on the problems' single files), and the programs they run (`tools`).

pub mod gen;
pub mod lint;
pub mod scaffold;
pub mod stats;
pub mod stress;
pub mod submit;
pub mod tools;
pub mod validate;
