//! Reports: a `Report` rendered for people (`human`) or machines (`json`), written to any `io::Write`.

pub mod human;
pub mod json;

pub use human::{render_human, HumanOptions};
pub use json::render_json;
