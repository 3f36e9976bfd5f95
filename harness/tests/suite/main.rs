//! The harness's end-to-end tests, in one binary (one link instead of one per file): the `harness` binary
//! run on fixture workspaces and on the real one. Shared helpers are in `common`.

mod causes;
mod checkers;
mod ci;
mod common;
mod containment;
mod data;
mod e2e;
mod export;
mod faults;
mod formats;
mod gen_safety;
mod generators;
mod hostile_names;
mod html;
mod interactive;
mod judge_cleanup;
mod kattis_2025;
mod languages;
mod layers;
mod lint;
mod packages;
mod polygon;
mod private_folder;
mod program_containment;
mod readme_tour;
mod repeat;
mod reports;
mod scale;
mod setup_errors;
mod shared_code;
mod stress;
mod timing;
mod units;
mod unprivileged;
mod workflow;
